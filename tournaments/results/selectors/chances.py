"""A table's chances before it is played (issue 69, item 1): each seat's chance of each place, from its game's
rating pool (ratings/selectors/chances.py says how)."""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from config.page_cache import remembered
from ratings.selectors.chances import place_chances, win_chances_of
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


def win_chances_by_seat(*, game: str, tables: list[Table], kept_as: str = "") -> dict[int, float]:
    """Each seat's chance to win its table (by seat id), for a round's TV and a table's pad: one read of the
    ratings for all the tables, each chance exact (ratings/selectors/chances.py `win_chances`). `tables` come
    with their seats and players loaded. Kept under `kept_as` for a day when given: the chances before play
    of a round's tables, read once however often its screen is rebuilt (later verdicts move the ratings, not
    what the round started with). Empty when the game has no rating pool."""
    if kept_as:
        return remembered(f"win-chances:{kept_as}", lambda: win_chances_by_seat(game=game, tables=tables))
    pool = pool_of_game(game=game)
    if pool is None:
        return {}
    seated = [[seat for seat in table.seats.all() if not seat.forfeited] for table in tables]
    chances = win_chances_of(pool=pool, tables=[[seat.player.user_id for seat in seats] for seats in seated])
    return {
        seat.pk: chance
        for seats, row in zip(seated, chances, strict=True)
        for seat, chance in zip(seats, row, strict=True)
    }


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
