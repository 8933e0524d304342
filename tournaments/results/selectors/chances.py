"""A table's chances before it is played (issue 69, item 1): each seat's chance of each place, from its game's
rating pool (ratings/selectors/chances.py says how)."""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from ratings.selectors.chances import place_chances
from ratings.selectors.leaderboards import pool_of_game
from ratings.selectors.place_worth import place_worth
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


WORTH_EXPLANATION = gettext_lazy(
    "A rating shown is mu - 3 sigma: what the pool is nearly sure you are at least. Each table moves mu towards "
    "what your place says and narrows sigma as the pool learns more of you, so a place the ratings expected moves "
    "little, an upset (beating players rated above you, or losing to those below) moves more, and while sigma "
    "is wide even a middling place can raise the rating shown."
)


@dataclass(frozen=True)
class SeatWorth:
    player: str
    place: int | None
    change: float
    by_place: list[float]


def table_place_worth(*, table: Table) -> list[SeatWorth]:
    """What each place would have given each player of a rated table (ratings/selectors/place_worth.py), in
    their finishing order; empty for a table its game's pool has not rated."""
    pool = pool_of_game(game=table.round.event.game)
    if pool is None:
        return []
    worth = place_worth(pool=pool, source=f"table:{table.pk}")
    handles = dict(table.seats.values_list("player__user_id", "player__handle"))
    return [SeatWorth(handles.get(w.player_id, ""), w.rank, w.change, w.by_place) for w in worth]
