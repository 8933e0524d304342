"""What adopting an edition would change, before a steward adopts it (issue 66, item 2): each event of the
game that has judged tables, whether it keeps its practice data (an event played on practice data keeps its
standings as played, services._practice_events_kept) or is verified again, and, for those verified again, how
many of its counting tables the new data would reject. The engine runs here on the stored sheets; nothing is
written. Bounded: the newest events first, up to PREVIEW_TABLES tables verified."""

from dataclasses import dataclass
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.errors import DomainError
from tournaments.catalogue.models import EventEdition
from tournaments.catalogue.selectors import edition_is_practice, table_deal
from tournaments.models import Event, TableResult
from tournaments.selectors.verification import tables_current_sheets, tables_forfeited_players

PREVIEW_TABLES = 2000  # about a second or two of the engine: a steward waits for it once


@dataclass(frozen=True)
class EventPreview:
    event: int
    name: str
    kept_on_practice: bool  # keeps the edition it was played with: its standings stay as played
    tables: int  # its judged tables
    counting: int  # of them, those that count now
    rejected_after: int | None  # counting now, rejected by the new data (None: not verified again, or not checked)


@dataclass(frozen=True)
class AdoptionPreview:
    events: list[EventPreview]
    tables_checked: int
    tables_left_unchecked: int


def adoption_preview(*, game: str, raw: Any) -> AdoptionPreview:
    """What making `raw` (an edition file of `game`) the game's edition would do to its events' tables."""
    try:
        edition = games.GAMES[game].load_edition(raw)
    except (games.InvalidEdition, games.MalformedInput) as error:
        raise DomainError(
            format_lazy(gettext_lazy("this edition file does not load: {error}"), error=error),
            "invalid_edition",
            "data",
        ) from error
    practice_now = edition_is_practice(game=game)
    judged = (*TableResult.COUNTS, TableResult.Status.REJECTED)
    kept = set(EventEdition.objects.filter(event__game=game).values_list("event_id", flat=True))
    events = (
        Event.objects.filter(game=game, rounds__tables__result__status__in=judged)
        .distinct()
        .order_by("-starts_at", "-pk")
    )
    budget, checked, unchecked, lines = PREVIEW_TABLES, 0, 0, []
    for event in events:
        results = list(TableResult.objects.filter(table__round__event=event, status__in=judged)
                       .select_related("table__round"))  # fmt: skip
        counting = [r for r in results if r.status in TableResult.COUNTS]
        keeps = event.pk in kept or (practice_now and not edition.is_practice)
        rejected: int | None = None
        if not keeps and len(counting) <= budget:
            rejected = _rejected(event, counting, edition)
            budget -= len(counting)
            checked += len(counting)
        elif not keeps:
            unchecked += len(counting)
        lines.append(EventPreview(event.pk, event.name, keeps, len(results), len(counting), rejected))
    return AdoptionPreview(lines, checked, unchecked)


def _rejected(event: Event, results: list[TableResult], edition: Any) -> int:
    """How many of these tables the edition's data would reject, their current sheets verified with it."""
    ids = [result.table_id for result in results]
    sheets, forfeited = tables_current_sheets(table_ids=ids), tables_forfeited_players(table_ids=ids)
    rejected = 0
    for result in results:
        gone = forfeited.get(result.table_id, [])
        playing = [s.data for s in sheets.get(result.table_id, []) if s.data["player"] not in gone]
        dealt = len(playing) + len(gone) if gone else None
        deal = table_deal(event=event, round_number=result.table.round.number, players=dealt or len(playing),
                          deck=edition)  # fmt: skip
        rejected += not games.verify_table({"game": event.game, "seats": playing}, edition, dealt, deal).valid
    return rejected
