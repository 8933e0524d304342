"""A season's odds (issue 69, item 2): each player's chance to qualify for the final and to win the season,
by simulating its events still to play from the players' ratings. A pure module (no Django).

Each simulation draws every player's skill once from their rating, N(mu, sigma^2), then plays every coming
event: its entrants (those registered; when none has registered yet, everyone in the standings) finish in
the order of a performance drawn from N(skill, beta^2), as the rating model predicts a table
(ratings/selectors/chances.py); the season's own points and best-of rules then give the standings and the
qualifiers (`points.season_standings`, `points.qualifiers`). The share of simulations in which a player
qualifies (or finishes first) is their chance. The skill is drawn once a season, not once an event: a player
the ratings know little of is as likely to be better than thought at every coming event as at one, and
drawing it afresh each event made the odds overconfident (bench/season_odds_calibration.py: players given
0.8-0.9 qualified 0.63 of the time)."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournaments.seasons.points import EventResult, qualifiers, season_standings

METHOD = (
    "the coming events simulated from the ratings: each player's skill drawn once a season from N(mu, sigma^2), "
    "each entrant's performance at an event from N(skill, beta^2), places by performance, the season's points "
    "and best-of rules applied to the results so far and the simulated ones"
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
        drawn = {player: rng.gauss(*skills.get(player, default)) for player in everyone}
        simulated = [*played, *(_played(event, everyone, drawn, beta, rng) for event in coming)]
        rows = season_standings(simulated, best_of, table)
        for player in qualifiers(rows, slots, taken, declined):
            qualified[player] += 1
        for row in rows:
            if row.place == 1:
                won[row.player] += 1
    return [Odds(player, qualified[player] / samples, won[player] / samples) for player in everyone]


def _played(
    event: ComingEvent, everyone: Sequence[str], skill: Mapping[str, float], beta: float, rng: random.Random
) -> EventResult:
    entrants = event.entrants or tuple(everyone)
    performance = {player: rng.gauss(skill[player], beta) for player in entrants}
    order = sorted(entrants, key=performance.__getitem__, reverse=True)
    return EventResult(event.event, event.tier, {player: place for place, player in enumerate(order, start=1)})
