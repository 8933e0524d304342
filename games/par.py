"""Par: what the hands a seat was offered at a drafting table were worth to a reference drafter (docs/rules.md,
"Par").

For each round of a rebuilt draft (games/rebuild.py), the reference drafter takes one seat's place; the other
seats keep their picks. It drafts greedily by marginal points: at each pick it takes the card of its hand that
adds most to what its row scores so far, every category but the throw and catch (which only the last card
settles) counted by the engine, with the activity that row would score best; the first in card order of
equals. It never looks at what the seat itself chose, so a seat can beat par. Then it scores the best activity
it may still score (one the seat has not scored in an earlier round, or none). Its round is scored by the
engine, the seat's earlier rounds as played: par is the sum of the four rounds.

"The other seats keep their picks" is a swap model. A hand is a set of slots; each seat takes the same slot it
took in the game. Where the reference took card c instead of the seat's card t, the slot of c carries t on:
whoever took c later takes t at that moment. Every card stays in play once, so the whole table's round is a
legal round and Europe's treasures count the other rows' symbols as they would have stood.

The policy is deterministic (no randomness: the same table always gets the same par). A seat's performance
is its points minus its par; a table's luck is how far its seats' pars spread.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from games.decks import Deck
from games.drafting import DraftingRules, RoundScorer
from games.drafting_sheet import ROW_LENGTH, DraftingRound, DraftingSeat
from games.rebuild import RoundDraft


@dataclass(frozen=True)
class SeatPar:
    """One seat's points and par, in total and round by round ((made, par) a round)."""

    made: int
    par: int
    rounds: tuple[tuple[int, int], ...]

    @property
    def performance(self) -> int:
        return self.made - self.par


def table_par(
    rules: DraftingRules, deck: Deck, seats: Sequence[DraftingSeat], drafts: Sequence[RoundDraft]
) -> list[SeatPar]:
    """Each seat's par (in the table's order). `drafts`: the table's rebuilt rounds, all its cards known."""
    by_seat: list[list[tuple[int, int]]] = [[] for _ in seats]
    for r, draft in enumerate(drafts):
        scorer = RoundScorer(rules, deck, seats, r)
        played = [seat.rounds[r] for seat in seats]
        for i in range(len(seats)):
            by_seat[i].append((scorer.points(i, played), reference_round(rules, scorer, seats, draft, r, i).points))
    return [
        SeatPar(sum(made for made, _ in rounds), sum(par for _, par in rounds), tuple(rounds)) for rounds in by_seat
    ]


def table_luck(pars: Sequence[SeatPar]) -> int:
    """How far the hands a table offered its seats differed: the highest par minus the lowest."""
    return max(p.par for p in pars) - min(p.par for p in pars) if pars else 0


@dataclass(frozen=True)
class ReferenceRound:
    """The reference drafter's round in one seat: the whole table's rows (the swap model), the activity it
    scores and its points."""

    rows: tuple[tuple[str, ...], ...]
    activity: str | None
    points: int


def reference_round(
    rules: DraftingRules, scorer: RoundScorer, seats: Sequence[DraftingSeat], draft: RoundDraft, r: int, i: int
) -> ReferenceRound:
    """The reference drafter's round r in seat i (`scorer`: the table scored up to round r)."""
    played = [seat.rounds[r] for seat in seats]
    used = {seats[i].rounds[earlier].scored for earlier in range(r)}
    activities = [None, *sorted(rules.facts.blue_names - used)]

    def scored(rows: Sequence[Sequence[str]], activity: str | None) -> dict[str, int]:
        table = [DraftingRound(tuple(row), activity if s == i else played[s].scored) for s, row in enumerate(rows)]
        return scorer.categories(i, table)

    def so_far(row: Sequence[str], activity: str | None) -> int:
        """What a row being drafted scores so far, the throw and catch left out."""
        others = [seat.cards for seat in played]
        categories = scored([*others[:i], row, *others[i + 1 :]], activity)
        return sum(points for category, points in categories.items() if category != "throw_catch")

    chosen: list[str] = []
    while len(chosen) < ROW_LENGTH:
        candidates = sorted(_replay(draft, i, chosen)[1])
        if len(candidates) > 1:
            activity = max(activities, key=lambda a: so_far(chosen, a)) if chosen else None
            values = [so_far([*chosen, card], activity) for card in candidates]
            candidates = [candidates[values.index(max(values))]]
        chosen.append(candidates[0])
    rows = _replay(draft, i, chosen)[0]
    points = [sum(scored(rows, activity).values()) for activity in activities]
    return ReferenceRound(tuple(rows), activities[points.index(max(points))], max(points))


def _replay(draft: RoundDraft, i: int, chosen: Sequence[str]) -> tuple[list[tuple[str, ...]], tuple[str, ...]]:
    """The round's rows when seat i takes `chosen` at its first picks and then the slots it took in the game,
    every other seat the slots it took (the swap model above); and the hand seat i holds at its pick number
    len(chosen) (empty once the row is full)."""
    seats = len(draft.picks)
    carries: dict[str, str] = {}  # a slot (the card it held in the game) -> the card it holds in this replay
    rows: list[list[str]] = [[] for _ in range(seats)]
    hand: tuple[str, ...] = ()
    for k in range(ROW_LENGTH):
        for s in range(seats):
            pick = draft.picks[s][k]
            if s != i or k >= len(chosen):
                rows[s].append(carries.get(pick.taken, pick.taken))
                continue
            slot = {carries.get(slot, slot): slot for slot in pick.offered}[chosen[k]]
            rows[s].append(chosen[k])
            if slot != pick.taken:
                carries[slot] = carries.get(pick.taken, pick.taken)
        if k == len(chosen):
            hand = tuple(carries.get(slot, slot) for slot in draft.picks[i][k].offered)
    return [tuple(row) for row in rows], hand
