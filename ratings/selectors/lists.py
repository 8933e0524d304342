"""Official lists: their pages, versions, who may publish and who is left out."""

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db.models import QuerySet

from config.page_cache import remembered
from config.paging import page_count
from ratings.models import Rating, RatingAudit, RatingList, RatingListEntry, RatingPool

_LIST_EXCLUSIONS: list[Callable[[], Any]] = []


def register_list_exclusion(users: Callable[[], Any]) -> None:
    """Players an official list leaves out (the tournaments app's demo players): `users()` gives their user
    ids, as a queryset of `user_id` values or a list."""
    _LIST_EXCLUSIONS.append(users)


def list_exclusions() -> list[Callable[[], Any]]:
    return list(_LIST_EXCLUSIONS)


# Who stewards a game's pool (publishes its official lists, adopts fitted parameters): by default a superuser;
# another app registers its own rule (the tournaments app: the game's stewards).
_pool_stewards: list[Callable[[Any, str], bool]] = []


def register_pool_steward(check: Callable[[Any, str], bool]) -> None:
    _pool_stewards.append(check)


def may_steward_pool(*, user: Any, game: str) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(getattr(user, "is_superuser", False)) or any(check(user, game) for check in _pool_stewards)


@dataclass
class ListPage:
    rating_list: RatingList
    entries: list[RatingListEntry]
    moved_since: int  # players whose live rating is not the list's any more (a correction, a new game, a newcomer)
    entries_count: int = 0
    page: int = 1
    pages: int = 1


LIST_PAGE = 100  # entries a page of a list shows (the API's JSON shows LIST_API_PAGE)


LIST_API_PAGE = 1000


def list_detail(*, list_id: int, page: int = 1, per_page: int | None = None) -> ListPage | None:
    """One page of the list's entries by rank (LIST_PAGE unless `per_page`), and how many ratings moved since
    it was published."""
    per_page = per_page or LIST_PAGE
    rating_list = RatingList.objects.select_related("pool").filter(pk=list_id).first()
    if rating_list is None:
        return None
    count = rating_list.entries.count()
    pages = page_count(count, per_page)
    page = min(max(page, 1), pages)
    entries = list(rating_list.entries.order_by("rank", "id")[(page - 1) * per_page : page * per_page])
    return ListPage(rating_list, entries, list_moved_since(rating_list=rating_list), count, page, pages)


def pool_version(*, pool_id: int) -> int:
    """The pool's newest audit row: every rating change writes one, so it names the pool's state."""
    newest = RatingAudit.objects.filter(pool_id=pool_id).order_by("-pk").values_list("pk", flat=True).first()
    return newest or 0


def list_version(*, list_id: int) -> int:
    """What a list's page shows changes with its pool (the ratings moved since): the pool's version."""
    pool = RatingList.objects.filter(pk=list_id).values_list("pool_id", flat=True).first()
    return pool_version(pool_id=pool) if pool is not None else 0


def listed_ratings(*, pool_id: int, min_games: int, provisional_left_out: bool) -> QuerySet[Rating]:
    """The pool's ratings a list under these rules takes: `min_games` games at least, provisional players out
    when asked, and never those `list_exclusions` leave out (demo players)."""
    rated = Rating.objects.filter(pool_id=pool_id, games__gte=min_games)
    if provisional_left_out:
        rated = rated.filter(
            games__gte=settings.RATINGS_PROVISIONAL_GAMES, sigma__lte=settings.RATINGS_PROVISIONAL_SIGMA
        )
    for excluded in list_exclusions():
        rated = rated.exclude(player_id__in=excluded())
    return rated


@dataclass(frozen=True)
class ListPreview:
    listed: int  # players the list would hold
    rated: int  # players with a rating in the pool (demo players aside)

    @property
    def empty(self) -> bool:
        return self.listed == 0

    @property
    def leaves_out_most(self) -> bool:
        return 0 < self.listed < self.rated / 2


def list_preview(*, game: str, min_games: int, provisional_left_out: bool) -> ListPreview:
    """What a list published now under these rules would hold, before it is frozen."""
    pool = RatingPool.objects.filter(game=game).first()
    if pool is None:
        return ListPreview(0, 0)
    listed = listed_ratings(pool_id=pool.pk, min_games=min_games, provisional_left_out=provisional_left_out)
    everyone = listed_ratings(pool_id=pool.pk, min_games=0, provisional_left_out=False)
    return ListPreview(listed.count(), everyone.count())


def list_moved_since(*, rating_list: RatingList) -> int:
    """How many players on the list have a live rating that differs from the list's (or none any more): counted
    once per change of the pool (the key holds the pool's newest audit row, which every rating change
    writes), not at every view. Players rated since, not on the list, do not count."""
    key = f"list-moved:{rating_list.pk}:{pool_version(pool_id=rating_list.pool_id)}"
    return remembered(key, lambda: _moved_since(rating_list))


def _moved_since(rating_list: RatingList) -> int:
    frozen = dict(rating_list.entries.values_list("player_id", "conservative").iterator(chunk_size=20000))
    moved = 0
    for player, value in rating_list.pool.ratings.values_list("player_id", "conservative").iterator(chunk_size=20000):
        before = frozen.pop(player, None)
        moved += before is not None and abs(before - value) > 1e-9
    return moved + len(frozen)  # players on the list who have no live rating any more


def list_rows(*, rating_list: RatingList) -> Iterator[tuple[Any, ...]]:
    """Every entry of the list by rank, as (rank, player id, handle, conservative, mu, sigma, games, inactive
    yes/no), read in chunks: for an export of any size."""
    columns = ("rank", "player_id", "name", "conservative", "mu", "sigma", "games", "inactive")
    rows = rating_list.entries.order_by("rank", "id").values_list(*columns).iterator(chunk_size=5000)
    return ((*row[:-1], "yes" if row[-1] else "no") for row in rows)


def list_ranks_of(*, player_id: int) -> list[RatingListEntry]:
    """The player's place on every published list, newest first."""
    return list(
        RatingListEntry.objects.filter(player_id=player_id)
        .select_related("rating_list__pool")
        .order_by("-rating_list__published_at", "-rating_list_id")
    )


def lists_of(*, pool: RatingPool) -> QuerySet[RatingList]:
    """The pool's official lists, newest first."""
    return pool.lists.order_by("-published_at", "-id")


@dataclass(frozen=True)
class PublishedList:
    """What a list's listeners hear: the list as plain data."""

    list_id: int
    name: str
    game: str
    published_at: datetime
    players: int


# Called with each list just published, inside its transaction (the tournaments app tells webhooks).
_list_listeners: list[Callable[[PublishedList], object]] = []


def on_list_published(listener: Callable[[PublishedList], object]) -> None:
    _list_listeners.append(listener)


def list_listeners() -> list[Callable[[PublishedList], object]]:
    return list(_list_listeners)


def list_published_since(*, games: Iterable[str], since: datetime) -> RatingList | None:
    """The first official list of these games' pools published after `since` (a merge is undone only before)."""
    published = RatingList.objects.filter(pool__game__in=list(games), published_at__gt=since)
    return published.select_related("pool").order_by("published_at").first()
