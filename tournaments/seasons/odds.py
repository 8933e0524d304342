"""A season's odds (issue 69, item 2): each player's chance to qualify for the final and to win the season,
by simulating its events still to play from the players' ratings. A pure module (no Django).

Each simulation plays every coming event: its entrants (those registered; when none has registered yet,
everyone in the standings) finish in the order of a performance drawn from N(mu, sigma^2 + beta^2), as the
rating model predicts (ratings/selectors/chances.py); the season's own points and best-of rules then give
the standings and the qualifiers (`points.season_standings`, `points.qualifiers`). The share of simulations
in which a player qualifies (or finishes first) is their chance."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournaments.seasons.points import EventResult, qualifiers, season_standings

METHOD = (
    "the coming events simulated from the ratings: each entrant's performance N(mu, sigma^2 + beta^2), places "
    "by performance, the season's points and best-of rules applied to the results so far and the simulated ones"
)


@dataclass(frozen=True)
class ComingEvent:
    event: int
    tier: int
    entrants: tuple[str, ...]  # empty: nobody has registered yet


@dataclass(frozen=True)
class Odds:
    player: str
    qualify: float
    win: float


def season_odds(
    *, played: Sequence[EventResult], coming: Sequence[ComingEvent], skills: Mapping[str, tuple[float, float]],
    default: tuple[float, float], beta: float, best_of: int, table: Sequence[float] | None, slots: int,
    taken: set[str], declined: set[str], samples: int, seed: int,
) -> list[Odds]:  # fmt: skip
    """Each player's chance of a qualifier slot and of the season's first place, over `samples` seasons."""
    everyone = sorted(
        {player for result in played for player in result.places} | {p for e in coming for p in e.entrants}
    )
    rng = random.Random(seed)
    qualified = dict.fromkeys(everyone, 0)
    won = dict.fromkeys(everyone, 0)
    for _ in range(samples):
        simulated = [*played, *(_played(event, everyone, skills, default, beta, rng) for event in coming)]
        rows = season_standings(simulated, best_of, table)
        for player in qualifiers(rows, slots, taken, declined):
            qualified[player] += 1
        for row in rows:
            if row.place == 1:
                won[row.player] += 1
    return [Odds(player, qualified[player] / samples, won[player] / samples) for player in everyone]


def _played(event: ComingEvent, everyone: Sequence[str], skills: Mapping[str, tuple[float, float]],
            default: tuple[float, float], beta: float, rng: random.Random) -> EventResult:  # fmt: skip
    entrants = event.entrants or tuple(everyone)
    drawn = {}
    for player in entrants:
        mu, sigma = skills.get(player, default)
        drawn[player] = rng.gauss(mu, (sigma**2 + beta**2) ** 0.5)
    order = sorted(entrants, key=drawn.__getitem__, reverse=True)
    return EventResult(event.event, event.tier, {player: place for place, player in enumerate(order, start=1)})
