"""Pick accuracy: for each pick of a drafting table, what the round would have scored with each card the hand
offered instead (docs/rules.md, "Pick accuracy").

The hands offered come from the rebuilt draft (games/rebuild.py). Taking another card c at pick k is scored as
a swap: c stands where the seat put its card, and whoever took c later (the seat itself, two picks on, at a
2-player table, or the next player the hand went to) takes the seat's card at that moment instead; every other
card and the activities chosen stay as played. The seat's points for the round then come from the engine's own
scoring, with the earlier rounds as played. It measures a pick against the round it was made in: not what a
card would have brought in later rounds, and not what taking it denied the other players.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from games.decks import Deck
from games.drafting import DraftingRules, round_points_if
from games.drafting_sheet import DraftingSeat
from games.rebuild import Pick, RoundDraft


@dataclass(frozen=True)
class PickChoice:
    """One pick that had a choice (two cards or more offered)."""

    pick: int  # 1 to 6 (the 7th card is the last one left: no choice)
    taken: str
    points: int  # the seat's points for the round, as played
    best: int  # the most any card offered would have scored
    best_card: str  # a card that scores `best` (the one taken when it does)

    @property
    def is_best(self) -> bool:
        return self.points == self.best

    @property
    def cost(self) -> int:
        return self.best - self.points


@dataclass(frozen=True)
class RoundAccuracy:
    round: int  # 1 to 4
    picks: tuple[PickChoice, ...]

    @property
    def best_picks(self) -> int:
        return sum(pick.is_best for pick in self.picks)

    @property
    def points_lost(self) -> int:
        return sum(pick.cost for pick in self.picks)

    @property
    def costliest(self) -> PickChoice | None:
        """The pick that cost the most, the earliest of equals; None when every pick was the best."""
        worst = max(self.picks, key=lambda pick: pick.cost, default=None)
        return worst if worst is not None and worst.cost else None


def table_accuracy(
    rules: DraftingRules, deck: Deck, seats: Sequence[DraftingSeat], drafts: Sequence[RoundDraft]
) -> list[list[RoundAccuracy]]:
    """Per seat (in the table's order), per round, every pick that had a choice, valued by the engine."""
    by_seat: list[list[RoundAccuracy]] = [[] for _ in seats]
    for r, draft in enumerate(drafts):
        rows = [list(seat.rounds[r].cards) for seat in seats]
        asked, tables = _alternatives(rows, draft)
        points = round_points_if(rules, deck, seats, r, tables)
        played = points[: len(seats)]
        options: dict[tuple[int, int], list[tuple[int, str]]] = {}
        for (seat, k, card), scored in zip(asked, points[len(seats) :], strict=True):
            options.setdefault((seat, k), []).append((scored, card))
        for seat, picks in enumerate(draft.picks):
            by_seat[seat].append(RoundAccuracy(r + 1, _choices(picks, played[seat], options, seat)))
    return by_seat


def _alternatives(
    rows: list[list[str]], draft: RoundDraft
) -> tuple[list[tuple[int, int, str]], list[tuple[int, list[list[str]]]]]:
    """Each pick's alternatives (seat, pick, card offered and not taken) and the rows to score: first each
    seat's as played, then each alternative's, the card taken swapped with the one left."""
    holder = {card: (seat, k) for seat, row in enumerate(rows) for k, card in enumerate(row)}
    asked: list[tuple[int, int, str]] = []
    tables: list[tuple[int, list[list[str]]]] = [(seat, rows) for seat in range(len(rows))]
    for seat, picks in enumerate(draft.picks):
        for k, pick in enumerate(picks):
            for card in pick.offered if len(pick.offered) > 1 else ():
                if card != pick.taken:
                    asked.append((seat, k, card))
                    tables.append((seat, _swapped(rows, (seat, k), holder[card])))
    return asked, tables


def _choices(picks: Sequence[Pick], played: int, options: dict[tuple[int, int], list[tuple[int, str]]],
             seat: int) -> tuple[PickChoice, ...]:  # fmt: skip
    """The seat's picks that had a choice, each with the best it could have scored and with which card."""
    choices = []
    for k, pick in enumerate(picks):
        if len(pick.offered) > 1:
            best, best_card = max([(played, pick.taken), *options[seat, k]], key=lambda o: o[0])
            choices.append(PickChoice(k + 1, pick.taken, played, best, best_card))
    return tuple(choices)


def _swapped(rows: list[list[str]], mine: tuple[int, int], theirs: tuple[int, int]) -> list[list[str]]:
    """The round's rows with the two cards exchanged (only the rows that change are copied)."""
    swapped = list(rows)
    for seat in {mine[0], theirs[0]}:
        swapped[seat] = list(rows[seat])
    (a, i), (b, j) = mine, theirs
    swapped[a][i], swapped[b][j] = rows[b][j], rows[a][i]
    return swapped
