"""Card statistics of drafting tables, pure and additive (docs/rules.md, "Card statistics").

From one verified table (its rebuilt draft, each seat's place and each round's points by category) comes a
`Tally`: per player count and card, how often the card was taken, at which pick, how often it was offered,
the points by category of the rounds it was drafted in, and the places of the seats that drafted it. Tallies
add up and subtract exactly (integers only), so statistics over many tables are kept up to date one table
at a time and always equal computing them from scratch.

A seat's place becomes a score in [0, 1] for comparisons across table sizes: (N - rank) / (N - 1), 1 for the
winner, 0 for the last. It is stored as the integer N - rank (the player count is part of every key), and
divided when read.
"""

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.96


@dataclass
class CardLine:
    """One card at tables of one player count."""

    taken: int = 0  # seat-rounds in which it was drafted
    pick_sum: int = 0  # sum of the pick (1-7) at which it was taken
    offered: int = 0  # hands it was in when a seat picked
    points: dict[str, int] = field(default_factory=dict)  # category -> points of the rounds it was drafted in
    seats: int = 0  # seats (a player at a table) that drafted it in any round
    score_sum: int = 0  # sum of N - rank over those seats
    score_squares: int = 0

    def add(self, other: "CardLine", sign: int = 1) -> None:
        self.taken += sign * other.taken
        self.pick_sum += sign * other.pick_sum
        self.offered += sign * other.offered
        self.seats += sign * other.seats
        self.score_sum += sign * other.score_sum
        self.score_squares += sign * other.score_squares
        for category, points in other.points.items():
            total = self.points.get(category, 0) + sign * points
            if total:
                self.points[category] = total
            else:
                self.points.pop(category, None)

    def is_empty(self) -> bool:
        """Every figure zero: a delta that moves only the scores (a table re-ranked) is not empty."""
        return not (
            self.taken or self.pick_sum or self.offered or self.points or self.seats or self.score_sum
            or self.score_squares
        )  # fmt: skip

    def to_json(self) -> list[Any]:
        return [self.taken, self.pick_sum, self.offered, self.points, self.seats, self.score_sum, self.score_squares]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> "CardLine":
        taken, pick_sum, offered, points, seats, score_sum, squares = data
        return cls(taken, pick_sum, offered, dict(points), seats, score_sum, squares)


ALL_SEATS = ""  # the card key of the line that counts every seat (the baseline "without the card")


@dataclass
class Tally:
    """Lines by (player count, card id); the card ALL_SEATS counts every seat of those tables."""

    lines: dict[tuple[int, str], CardLine] = field(default_factory=dict)

    def line(self, players: int, card: str) -> CardLine:
        return self.lines.setdefault((players, card), CardLine())

    def add(self, other: "Tally", sign: int = 1) -> None:
        for key, line in other.lines.items():
            mine = self.line(*key)
            mine.add(line, sign)
            if mine.is_empty():
                del self.lines[key]

    def to_json(self) -> list[list[Any]]:
        return [[players, card, line.to_json()] for (players, card), line in sorted(self.lines.items())]

    @classmethod
    def from_json(cls, data: Iterable[Sequence[Any]]) -> "Tally":
        return cls({(players, card): CardLine.from_json(line) for players, card, line in data})


def table_tally(
    rows: Sequence[Sequence[Sequence[str]]], ranks: Sequence[int], rounds: Sequence[Sequence[Mapping[str, int]]]
) -> Tally:
    """One table: `rows[r][seat]` each seat's cards in round r in the order drafted (rows games/rebuild.py
    accepts), `ranks[seat]` each seat's place at the table, `rounds[seat][r]` the seat's points by category in
    round r (the verdict's). The draft rebuilt says which hand held a card at each pick; what the statistics
    need of it follows from the pick at which the card was taken (below), so the hands are not built here."""
    players = len(ranks)
    lines: dict[str, CardLine] = {}
    everyone = CardLine()
    for seat, rank in enumerate(ranks):
        score = players - rank
        everyone.seats += 1
        everyone.score_sum += score
        everyone.score_squares += score * score
        drafted: set[str] = set()
        for r, round_rows in enumerate(rows):
            scored = [(c, p) for c, p in (rounds[seat][r] if r < len(rounds[seat]) else {}).items() if p]
            for pick_number, taken in enumerate(round_rows[seat], start=1):
                line = lines.get(taken)
                if line is None:
                    line = lines[taken] = CardLine()
                line.taken += 1
                line.pick_sum += pick_number
                # A dealt card stays in the hands passed round until someone takes it: it was offered at each
                # pick up to the one that took it (every dealt card is taken: 7 picks from 7 cards).
                line.offered += pick_number
                points = line.points
                for category, value in scored:
                    points[category] = points.get(category, 0) + value
                drafted.add(taken)
        for card in drafted:
            line = lines[card]
            line.seats += 1
            line.score_sum += score
            line.score_squares += score * score
    tally = Tally({(players, card): line for card, line in lines.items()})
    tally.lines[players, ALL_SEATS] = everyone
    return tally


@dataclass(frozen=True)
class CardFigures:
    """What the page and the API show for one card (over the player counts asked for)."""

    card: str
    taken: int
    offered: int
    take_rate: float | None  # taken / offered
    mean_pick: float | None
    points: dict[str, float]  # mean points per category of the rounds it was drafted in
    seats: int  # sample size of the uplift
    uplift: float | None  # mean table score of seats who drafted it minus that of seats who did not
    uplift_low: float | None  # 95% interval (normal approximation)
    uplift_high: float | None


def figures(tally: Tally, card: str, player_counts: Iterable[int]) -> CardFigures:
    """One card's figures over these player counts (scores made comparable by dividing by N - 1)."""
    taken = offered = pick_sum = 0
    points: dict[str, int] = {}
    with_card, everyone = _Moments(), _Moments()
    for players in player_counts:
        line, all_seats = tally.lines.get((players, card)), tally.lines.get((players, ALL_SEATS))
        if all_seats is None:
            continue
        scale = players - 1
        everyone.add(all_seats.seats, all_seats.score_sum / scale, all_seats.score_squares / scale**2)
        if line is None:
            continue
        taken, offered, pick_sum = taken + line.taken, offered + line.offered, pick_sum + line.pick_sum
        for category, value in line.points.items():
            points[category] = points.get(category, 0) + value
        with_card.add(line.seats, line.score_sum / scale, line.score_squares / scale**2)
    without = everyone.minus(with_card)
    uplift = low = high = None
    if with_card.n and without.n:
        uplift = with_card.mean - without.mean
        margin = Z95 * math.sqrt(with_card.variance / with_card.n + without.variance / without.n)
        low, high = uplift - margin, uplift + margin
    return CardFigures(
        card, taken, offered, taken / offered if offered else None, pick_sum / taken if taken else None,
        {category: value / taken for category, value in sorted(points.items())}, with_card.n, uplift, low, high,
    )  # fmt: skip


@dataclass
class _Moments:
    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, n: int, total: float, squares: float) -> None:
        self.n, self.total, self.squares = self.n + n, self.total + total, self.squares + squares

    def minus(self, other: "_Moments") -> "_Moments":
        return _Moments(self.n - other.n, self.total - other.total, self.squares - other.squares)

    @property
    def mean(self) -> float:
        return self.total / self.n

    @property
    def variance(self) -> float:
        """The sample variance (0 for a single value)."""
        if self.n < 2:
            return 0.0
        return max((self.squares - self.total * self.total / self.n) / (self.n - 1), 0.0)
