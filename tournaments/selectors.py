"""Read queries for tournaments."""

from functools import lru_cache
from typing import Any

from django.db.models import QuerySet

import games
from tournaments.models import Edition, SheetCheck


def edition_active(*, game: str) -> Edition | None:
    return Edition.objects.filter(game=game, is_active=True).first()


def edition_rules_data(*, game: str, edition: Edition | None) -> Any:
    """The engine's edition object: the stored edition, or the game's shipped default when none is stored."""
    if edition is None:
        return games.GAMES[game].default_edition()
    return _parsed_edition(edition.pk, game)


@lru_cache(maxsize=64)
def _parsed_edition(edition_id: int, game: str) -> Any:
    """Edition rows are never edited in place (a new file is a new row), so the id is a safe cache key."""
    return games.GAMES[game].load_edition(Edition.objects.get(pk=edition_id).data)


def sheet_check_list() -> QuerySet[SheetCheck]:
    return SheetCheck.objects.select_related("edition", "submitted_by")
