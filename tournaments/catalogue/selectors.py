"""The games and their editions: the catalogue, deals, a sheet's preview and a table's rebuild."""

from functools import lru_cache
from typing import Any

from django.db.models import QuerySet
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.errors import DomainError, NotFound
from config.page_cache import remembered
from games import rebuild
from games.deal import Deal, seeded_deal
from tournaments.catalogue.models import Edition, EventEdition, SheetCheck
from tournaments.models import Event, Registration


def edition_active(*, game: str) -> Edition | None:
    # The deck data is read once per process by `_parsed_edition`; each verification needs only the id.
    return Edition.objects.filter(game=game, is_active=True).defer("data").first()


def event_kept_on_practice(*, event_id: int) -> bool:
    """Whether the event was scored with practice data and kept so when the printed edition came."""
    return EventEdition.objects.filter(event_id=event_id).exists()


def edition_is_practice(*, game: str) -> bool:
    """Whether the game is played on practice data (invented cards that satisfy every published fact): its
    active edition is practice data, or, none being loaded, the game's printed data is not public (its
    shipped default is practice data or names nothing). Its events are practice events: they play as any
    other, and are never sanctioned nor rated until a steward makes the real edition the game's."""
    active = Edition.objects.filter(game=game, is_active=True).values_list("is_practice", flat=True).first()
    return bool(active) if active is not None else games.GAMES[game].practice_edition is not None


def practice_games() -> set[str]:
    """The games played on practice data (`edition_is_practice`), in one query."""
    active = dict(Edition.objects.filter(is_active=True).values_list("game", "is_practice"))
    return {game.id for game in games.GAMES.values() if active.get(game.id, game.practice_edition is not None)}


PRACTICE_GAMES_KEY = "practice-games"


def practice_games_now() -> list[str]:
    """`practice_games`, kept a minute in the cache for the pages and answers that name it on every read
    (a new edition clears it at once: catalogue/services.py)."""
    return remembered(PRACTICE_GAMES_KEY, lambda: sorted(practice_games()), seconds=60)


def edition_rules_data(*, game: str, edition: Edition | int | None) -> Any:
    """The engine's edition object: the stored edition (a row or its id), or the game's shipped default when
    none is stored."""
    if edition is None:
        return games.GAMES[game].default_edition()
    return _parsed_edition(edition if isinstance(edition, int) else edition.pk, game)


@lru_cache(maxsize=64)
def _parsed_edition(edition_id: int, game: str) -> Any:
    """Edition rows are never edited in place (a new file is a new row), so the id is a safe cache key."""
    return games.GAMES[game].load_edition(Edition.objects.get(pk=edition_id).data)


def table_deal(*, event: Event, round_number: int, players: int, deck: Any) -> Deal | None:
    """The hands every table of `players` seats is dealt in the event's round, when the event deals them
    (docs/rules.md, "Duplicate deals"); None otherwise. Follows from the event's secret seed alone."""
    if not event.duplicate_deals or games.GAMES[event.game].drafting is None:
        return None
    return seeded_deal(deck, players, f"{event.deal_seed}:{round_number}:{players}", event.draft_direction)


def require_game(game: str) -> None:
    """A 404 naming the known games when `game` is none of them."""
    if game not in games.GAMES:
        raise NotFound(
            format_lazy(
                gettext_lazy("unknown game {game!r}; known games: {choices}"), game=game, choices=", ".join(games.GAMES)
            ),
            "not_found",
            "game",
        )


def table_preview(*, game: str, sheet: Any) -> dict[str, Any]:
    """The score pad's live scoring with the game's active edition: points per category and round, running
    totals, ranks so far, `complete`, and the problems found so far. A read: nothing is stored."""
    require_game(game)
    active = edition_active(game=game)
    try:
        return games.preview_table(game, sheet, edition_rules_data(game=game, edition=active)).to_json()
    except games.MalformedInput as error:
        raise DomainError(str(error), "malformed_sheet", field=error.field) from error


def table_rebuild(*, game: str, table: Any, direction: str) -> dict[str, Any]:
    """The draft behind a drafting table (games/rebuild.py); a read: nothing is stored."""
    require_game(game)
    try:
        return rebuild.to_json(rebuild.rebuild_table(games.GAMES[game], table, direction))
    except games.MalformedInput as error:
        raise DomainError(str(error), "malformed_sheet", field=error.field) from error


def game_catalogue() -> list[dict[str, Any]]:
    """The five games, their player counts and the edition data that verifies each (practice or printed)."""
    active = {edition.game: edition for edition in Edition.objects.filter(is_active=True)}
    rows = []
    for game in games.GAMES.values():
        data = edition_rules_data(game=game.id, edition=active.get(game.id))
        rows.append(
            {
                "id": game.id,
                "name": game.name,
                "min_players": game.player_counts[0],
                "max_players": game.player_counts[-1],
                "edition": data.name,
                "practice_data": data.is_practice,
            }
        )
    return rows


def sheet_check_list() -> QuerySet[SheetCheck]:
    return SheetCheck.objects.select_related("edition", "submitted_by")


def confirmation_independence(*, entries: list[Any]) -> dict[str, Any]:
    """What tells a steward whether a confirmation's entries are two people's, not one person's two accounts
    (issue 67, item 14): each entrant's account age and events played, and for the pair whether they share
    an e-mail domain, have played in one event, and how far apart they started their entries. Facts, not a
    verdict: the steward decides."""
    people = [_entrant_facts(entry) for entry in entries]
    shown = [{key: value for key, value in person.items() if key not in PRIVATE_FACTS} for person in people]
    return {"entrants": shown, **_pair_facts(people)}


PRIVATE_FACTS = ("events", "started_at", "email_domain")  # compared between the entrants, never shown


def _pair_facts(people: list[dict[str, Any]]) -> dict[str, Any]:
    shared = set.intersection(*(person["events"] for person in people)) if people else set()
    domains = {person["email_domain"] for person in people if person["email_domain"]}
    starts = [person["started_at"] for person in people]
    return {
        "played_together": len(shared),
        "same_email_domain": len(domains) == 1 and len(people) > 1 and all(p["email_domain"] for p in people),
        "hours_between_entries": round((max(starts) - min(starts)).total_seconds() / 3600, 1) if starts else 0.0,
    }


def _entrant_facts(entry: Any) -> dict[str, Any]:
    user = entry.entered_by
    played = Registration.objects.filter(player__user=user).values("event_id")
    return {
        "username": user.username, "joined_on": user.date_joined.date().isoformat(),
        "events_played": played.count(), "started_at": entry.created_at,
        "email_domain": user.email.rsplit("@", 1)[-1].casefold() if "@" in user.email else "",
        "events": set(played.values_list("event_id", flat=True)),
    }  # fmt: skip
