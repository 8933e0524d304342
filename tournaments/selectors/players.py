"""Players: by handle, and the demonstration players that lists and statistics leave out."""

from collections.abc import Iterable

from django.db.models import QuerySet

from config.errors import NotFound
from tournaments.models import (
    Player,
)


def demo_user_ids() -> QuerySet[Player, int]:
    """The accounts of the demo's players (official lists and seasons leave them out)."""
    return Player.objects.filter(demo=True).values_list("user_id", flat=True)


def demo_handles(*, handles: Iterable[str]) -> set[str]:
    """Which of these handles are demo players' (one query): the pages mark them."""
    return set(Player.objects.filter(demo=True, handle__in=list(handles)).values_list("handle", flat=True))


def player_of_handle(*, handle: str) -> Player:
    """The player with this handle, or a 404 naming it."""
    player = Player.objects.filter(handle=handle).first()
    if player is None:
        raise NotFound(f"no player has the handle {handle!r}", "not_found", "handle")
    return player
