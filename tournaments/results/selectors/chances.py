"""A table's chances before it is played (issue 69, item 1): each seat's chance of each place, from its game's
rating pool (ratings/selectors/chances.py says how)."""

from dataclasses import dataclass

from ratings.selectors.chances import place_chances
from ratings.selectors.leaderboards import pool_of_game
from tournaments.models import Table

METHOD = (
    "TrueSkill's predictive distribution: each performance N(mu, sigma^2 + beta^2) from the pool's ratings "
    "(a player without one: the pool's starting mu and sigma), places by performance, Monte Carlo"
)


@dataclass(frozen=True)
class SeatChance:
    position: int
    player: str
    rated: bool
    mu: float
    sigma: float
    places: list[float]


def table_chances(*, table: Table) -> list[SeatChance]:
    """Each seat of the table in order, with its chance of each place (seeded by the table: stable)."""
    seats = list(table.seats.select_related("player").order_by("position"))
    pool = pool_of_game(game=table.round.event.game)
    if pool is None or not seats:
        return []
    chances = place_chances(pool=pool, player_ids=[seat.player.user_id for seat in seats], seed=table.pk)
    return [
        SeatChance(seat.position, seat.player.handle, chance.rated, chance.mu, chance.sigma, chance.places)
        for seat, chance in zip(seats, chances, strict=True)
    ]
