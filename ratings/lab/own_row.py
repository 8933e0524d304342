"""An independent ground truth for the quality lab (issue 69, item 6): the lab judged on data it did not make.

ground_truth.py's players pick by a card's mean worth over tables drafted at random, the very statistic the
choice model is given (their correlation is 0.81-0.93), so that model is scored on its own assumption. Here a
player has two hidden skills, neither of which is that statistic:

- **draft**: at each pick, with this chance, the card that adds the most to the player's own row so far, as
  the rules engine scores the row at this table (games/drafting.py's RoundScorer: the table's earlier rounds as
  played, the throw and catch left out as par leaves them); else a card at random;
- **play**: after the draft, with this chance, the activity held that scores the most for the round; else one
  held at random, or none. Part of what wins is outside the picks.

A player's hidden skill is `(1 - outside) * draft + outside * play`. Events are Swiss, as ground_truth's, and
each table is also ranked by performance against par, with its picks kept, so every model of the lab
(`draft_aware_figures`) runs on it. Pure: no Django.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.deal import Deal, deal_hands
from games.drafting import RoundScorer
from games.drafting_sheet import ROW_LENGTH, DraftingRound, DraftingSeat, parse_seat
from games.par import table_par
from games.rebuild import rebuild_table
from games.registry import GAMES, verify_table
from games.simulate import draft_rounds
from ratings.lab.choice import Pick
from ratings.lab.ground_truth import GAME, Played, card_values, swiss_schedule

NAME = "own_row"


@dataclass(frozen=True)
class Skill:
    draft: float
    play: float


def own_row_events(players: int, events: int, rounds: int, seed: int, outside: float = 0.5) -> Played:
    """`events` Swiss events of `rounds` rounds for `players` players (a multiple of four)."""
    assert players % 4 == 0, "tables of four only"
    rng = random.Random(seed)
    skills = {p: Skill(rng.random(), rng.random()) for p in range(players)}
    hidden = {p: (1 - outside) * s.draft + outside * s.play for p, s in skills.items()}
    tables, events_end, par_tables, picks = swiss_schedule(
        players, events, rounds, rng, lambda seated, taken: _table(seated, skills, rng, taken)
    )
    return Played(hidden, tables, events_end, par_tables, picks, card_values(random.Random(seed + 2)))


def _table(
    seated: Sequence[int], skills: dict[int, Skill], rng: random.Random, taken: list[Pick]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One table: dealt, drafted by the players' row sense, its activities chosen by their play; each seat's
    rank by points and by performance against par."""
    game = GAMES[GAME]
    rules = game.drafting
    assert rules is not None
    deck = game.default_edition()
    direction = "alternate" if rng.random() < 0.5 else "left"
    deal = Deal(direction, tuple(tuple(map(tuple, hands)) for hands in deal_hands([c.id for c in deck.cards],
                                                                                   len(seated), rng)))  # fmt: skip
    drafter = _RowDrafter(rules, deck, [skills[p].draft for p in seated], seated, rng, taken)
    rows = draft_rounds(deal.hands, rng, direction_variant=direction == "alternate", pick=drafter.pick)
    sheet = {"game": GAME, "seats": _seats(rules, deck, rows, [skills[p].play for p in seated], rng)}
    ranks = tuple(result.rank for result in verify_table(sheet).seats)
    parsed = [parse_seat(rules, raw, f"seats[{i}]") for i, raw in enumerate(sheet["seats"])]
    pars = table_par(rules, deck, parsed, rebuild_table(game, sheet, direction))
    performances = [par.performance for par in pars]
    return ranks, tuple(1 + sum(other > mine for other in performances) for mine in performances)


class _RowDrafter:
    """The picks of a table's players, each by what a card adds to their own row (with their draft skill)."""

    def __init__(self, rules: Any, deck: Any, draft: list[float], seated: Sequence[int], rng: random.Random,
                 taken: list[Pick]) -> None:  # fmt: skip
        self.rules, self.deck, self.draft, self.seated, self.rng, self.taken = rules, deck, draft, seated, rng, taken
        self.earlier: list[list[DraftingRound]] = [[] for _ in draft]
        self.current: list[list[str]] = [[] for _ in draft]
        self.scorer: RoundScorer | None = None

    def pick(self, seat: int, hand: Sequence[str]) -> int:
        if seat == 0 and len(hand) == ROW_LENGTH:  # a round begins: the last one is played
            if self.current[0]:
                for i, row in enumerate(self.current):
                    self.earlier[i].append(DraftingRound(tuple(row)))
            self.current = [[] for _ in self.draft]
            seats = [DraftingSeat(f"p{i}", (*rounds, DraftingRound(()))) for i, rounds in enumerate(self.earlier)]
            self.scorer = RoundScorer(self.rules, self.deck, seats, len(self.earlier[0]))
        if len(hand) > 1 and self.rng.random() < self.draft[seat]:
            worth = [self._adds(seat, card) for card in hand]
            index = worth.index(max(worth))
        else:
            index = self.rng.randrange(len(hand))
        self.taken.append(Pick(self.seated[seat], tuple(hand), index))
        self.current[seat].append(hand[index])
        return index

    def _adds(self, seat: int, card: str) -> int:
        """What the row scores so far with this card in it (its throw and catch left out)."""
        assert self.scorer is not None
        rows = [DraftingRound(tuple(row) + ((card,) if i == seat else ())) for i, row in enumerate(self.current)]
        scores = self.scorer.categories(seat, rows)
        return sum(points for category, points in scores.items() if category != "throw_catch")


def _seats(
    rules: Any, deck: Any, rows: list[list[list[str]]], play: list[float], rng: random.Random
) -> list[dict[str, Any]]:
    """The sheet's seats: each round's activity chosen by the player's play skill, each once a game."""
    used: list[set[str]] = [set() for _ in play]
    seats: list[list[dict[str, Any]]] = [[] for _ in play]
    for round_rows in rows:
        table = [deck.card_by_id[c].blue for row in round_rows for c in row]
        for i, row in enumerate(round_rows):
            own = [deck.card_by_id[c] for c in row]
            held = sorted({card.blue for card in own if card.blue and card.blue not in used[i]})
            choice = _activity(rules, deck, own, table, held, play[i], rng)
            if choice:
                used[i].add(choice)
            seats[i].append({"cards": row, "scored": choice})
    return [{"player": f"p{i + 1}", "rounds": rounds} for i, rounds in enumerate(seats)]


def _activity(
    rules: Any, deck: Any, own: list[Any], table: list[str | None], held: list[str], play: float, rng: random.Random
) -> str | None:
    """With the player's play skill, the activity held that scores the most this round; else one at random, or
    none."""
    if not held:
        return None
    if rng.random() >= play:
        return rng.choice([None, *held])
    players = len(table) // ROW_LENGTH

    def points(name: str) -> int:
        mine = sum(card.blue == name for card in own)
        return int(rules.blue_points(mine, table.count(name) - mine, players, deck))

    return max(held, key=points)
