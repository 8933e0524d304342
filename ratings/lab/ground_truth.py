"""Ground truth for the quality lab (issue 46, item 2; docs/ratings.md, "Ground truth"): simulated players
with a hidden skill play Swiss events of a drafting edition (the registry's first), card by card, scored by
the rules engine; the ratings are then compared with the skill they never saw. Pure: no Django.

A player of skill s in [0, 1] takes, at each pick, the card of the hand that scores the most with
probability s, else a card at random. A card's score is what the rules engine says it is worth: the mean
points of a round whose row holds it, over tables drafted at random (`card_values`). An event is a Swiss:
round 1 seats the players at random, later rounds in order of the event's points (3, 2, 1, 0 for the places
of a four-player table) four by four. The tables are the same whatever the ratings, so every set of
parameters replays the same tables.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from statistics import fmean

from games.registry import GAMES, verify_table
from games.simulate import drafting_sheet
from ratings.lab.report import Table, TrueSkillModel
from ratings.trueskill_step import Environment

GAME = next(game.id for game in GAMES.values() if game.drafting)
EVENT_POINTS = (3, 2, 1, 0)  # for first to fourth at a table of four
CHECKPOINTS = (5, 10, 20)


@dataclass(frozen=True)
class Played:
    skill: dict[int, float]  # the hidden skill of each player
    tables: list[Table]
    events_end: list[int]  # how many tables were played by the end of each event


def card_values(rng: random.Random, tables: int = 150) -> dict[str, float]:
    """Each card's worth: the mean points of the rounds whose row held it, over tables drafted at random."""
    deck = GAMES[GAME].default_edition()
    points: dict[str, list[int]] = {card.id: [] for card in deck.cards}
    for _ in range(tables):
        sheet = drafting_sheet(GAME, deck, 4, rng, claims=False)
        verdict = verify_table(sheet)
        for seat, result in zip(sheet["seats"], verdict.seats, strict=True):
            for played, scores in zip(seat["rounds"], result.rounds or (), strict=True):
                for card in played["cards"]:
                    points[card].append(sum(scores.values()))
    return {card: fmean(scored) if scored else 0.0 for card, scored in points.items()}


def swiss_events(players: int, events: int, rounds: int, seed: int) -> Played:
    """`events` Swiss events of `rounds` rounds for `players` players (a multiple of four)."""
    assert players % 4 == 0, "tables of four only"
    rng = random.Random(seed)
    values = card_values(random.Random(seed + 1))
    skill = {p: rng.random() for p in range(players)}
    deck = GAMES[GAME].default_edition()
    tables: list[Table] = []
    events_end = []
    at = datetime(2025, 1, 4, 14, tzinfo=UTC)
    for event in range(events):
        points = dict.fromkeys(skill, 0)
        for round_ in range(rounds):
            order = list(skill)
            rng.shuffle(order)
            if round_:
                order.sort(key=lambda p: -points[p])
            for first in range(0, players, 4):
                seated = order[first : first + 4]
                ranks = _play(seated, skill, values, deck, rng)
                for player, rank in zip(seated, ranks, strict=True):
                    points[player] += EVENT_POINTS[rank - 1]
                tables.append(Table(at + timedelta(days=7 * event, hours=round_), tuple(seated), ranks))
        events_end.append(len(tables))
    return Played(skill, tables, events_end)


def _play(
    seated: Sequence[int], skill: Mapping[int, float], values: Mapping[str, float], deck: object, rng: random.Random
) -> tuple[int, ...]:
    """One table drafted by the players' policy and scored by the engine: each seat's rank (1 the best)."""

    def pick(seat: int, hand: Sequence[str]) -> int:
        if rng.random() < skill[seated[seat]]:
            return max(range(len(hand)), key=lambda i: values[hand[i]])
        return rng.randrange(len(hand))

    sheet = drafting_sheet(GAME, deck, len(seated), rng, claims=False, pick=pick)  # type: ignore[arg-type]
    return tuple(result.rank for result in verify_table(sheet).seats)


def rank_correlation(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rho (ties given their mean rank)."""
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = fmean(ra), fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    spread = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return cov / spread if spread else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def correlations(played: Played, env: Environment, checkpoints: Sequence[int] = CHECKPOINTS) -> dict[int, float]:
    """The rank correlation of the players' mu with their hidden skill after each checkpoint's event."""
    model = TrueSkillModel(env)
    found, done = {}, 0
    for event, end in enumerate(played.events_end, start=1):
        for table in played.tables[done:end]:
            model.rate(table.players, table.ranks)
        done = end
        if event in checkpoints:
            players = sorted(played.skill)
            mus = [model.state.get(p, (env.mu, env.sigma, 0))[0] for p in players]
            found[event] = rank_correlation(mus, [played.skill[p] for p in players])
    return found
