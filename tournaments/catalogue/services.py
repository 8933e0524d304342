"""Write paths for tournaments: one function per use case, each in one transaction."""

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

import games
from config.celery import enqueue_on_commit
from config.errors import Conflict, DomainError
from config.page_cache import forget
from tournaments import task_names
from tournaments.catalogue.models import Edition, EventEdition, SheetCheck
from tournaments.catalogue.selectors import (
    PRACTICE_GAMES_KEY,
    edition_active,
    edition_is_practice,
    edition_rules_data,
)
from tournaments.models import Event, TableResult
from tournaments.selectors.permissions import require_organiser


def edition_load(*, raw: Any, loaded_by: User | None = None) -> Edition:
    """Check an edition file and make it the active edition of its game."""
    try:
        game, data = games.load_edition(raw)
    except games.InvalidEdition as error:
        raise DomainError("; ".join(error.faults), "invalid_edition", field="data") from error
    except games.MalformedInput as error:
        raise DomainError(str(error), "invalid_edition", field=error.field) from error
    with transaction.atomic():
        active = Edition.objects.select_for_update().filter(game=game.id, is_active=True)
        if not data.is_practice:
            _practice_events_kept(game.id, adopted=data.name)
        active.update(is_active=False)
        _edition_changed(game.id)
        return Edition.objects.create(
            game=game.id, name=data.name, data=raw, is_practice=data.is_practice, loaded_by=loaded_by
        )


def edition_activate(*, edition: Edition) -> Edition:
    with transaction.atomic():
        active = Edition.objects.select_for_update().filter(game=edition.game, is_active=True)
        if not edition.is_practice:
            _practice_events_kept(edition.game, adopted=edition.name)
        active.update(is_active=False)
        Edition.objects.filter(pk=edition.pk).update(is_active=True)
        _edition_changed(edition.game)
    edition.refresh_from_db()
    return edition


def _practice_events_kept(game: str, *, adopted: str) -> None:
    """The printed edition (`adopted`, its name) replaces practice data: every event of the game that has a
    judged table was scored with the practice data, and keeps it (EventEdition), so its standings stay as
    played; their organisers are told by e-mail, after the commit. Call before the active edition changes. An
    event kept already stays on the edition it was kept on."""
    if not edition_is_practice(game=game):
        return
    playing = edition_active(game=game)
    judged = TableResult.objects.filter(status__in=(*TableResult.COUNTS, TableResult.Status.REJECTED))
    events = (
        Event.objects.filter(game=game, rounds__tables__result__in=judged, pinned_edition__isnull=True)
        .distinct()
        .values_list("pk", flat=True)
    )
    kept = list(events)
    EventEdition.objects.bulk_create([EventEdition(event_id=pk, edition=playing) for pk in kept])
    if kept:
        enqueue_on_commit(task_names.NOTIFY_EDITION_KEPT, game, adopted, kept)


def event_edition_reverify(*, event: Event, by: User) -> int:
    """The organiser's choice: an event kept on practice data is verified again with its game's edition of
    now. Each table goes through the pipeline as a recheck; a table the new cards reject goes back to its
    players with the problems named. Returns how many tables were queued."""
    require_organiser(user=by, event=event)
    judged = (*TableResult.COUNTS, TableResult.Status.REJECTED)
    with transaction.atomic():
        deleted, _ = EventEdition.objects.filter(event=event).delete()
        if not deleted:
            raise Conflict("this event is verified with its game's edition already", "not_kept", "event")
        queued = TableResult.objects.filter(table__round__event=event, status__in=judged).count()
        enqueue_on_commit(task_names.EVENT_REVERIFY, event.pk)
    return queued


def _edition_changed(game: str) -> None:
    """Another edition verifies the game from now on: every table it judged is verified again with it, and
    whether the game is played on practice data is read afresh."""
    transaction.on_commit(lambda: forget(PRACTICE_GAMES_KEY))
    enqueue_on_commit(task_names.GAME_REVERIFY, game)


def sheet_check_submit(*, sheet: Any, submitted_by: User | None = None) -> SheetCheck:
    """Store a whole table sheet and enqueue its verification once the row is committed."""
    try:
        game, _seats = games.parse_table(sheet)
    except games.MalformedInput as error:
        raise DomainError(str(error), "malformed_sheet", field=f"sheet.{error.field}".rstrip(".")) from error
    with transaction.atomic():
        check = SheetCheck.objects.create(
            game=game.id, sheet=sheet, edition=edition_active(game=game.id), submitted_by=submitted_by
        )
        enqueue_on_commit(task_names.SHEET_CHECK_VERIFY, check.pk, check.attempt)
    return check


def sheet_check_verify(*, check_id: int, attempt: int | None = None) -> SheetCheck | None:
    """Run the rules engine on a stored sheet for one attempt and record the verdict.

    The claim and the write are both conditional on the attempt: a repeat of a finished attempt does
    nothing, a task redelivered after a lost worker finishes the attempt, and a task overtaken by a
    re-verification (a new attempt, perhaps a new edition) writes nothing, so it cannot leave the older
    edition's verdict behind. `attempt` None means the check's current one.
    """
    check = SheetCheck.objects.filter(pk=check_id).first()
    if check is None:
        return None
    attempt = check.attempt if attempt is None else attempt
    open_statuses = [SheetCheck.Status.SUBMITTED, SheetCheck.Status.VERIFYING]
    mine = SheetCheck.objects.filter(pk=check_id, attempt=attempt)
    if mine.filter(status__in=open_statuses).update(status=SheetCheck.Status.VERIFYING):
        check.refresh_from_db()
        edition = edition_rules_data(game=check.game, edition=check.edition_id)
        verdict = games.verify_table(check.sheet, edition)
        status = SheetCheck.Status.VERIFIED if verdict.valid else SheetCheck.Status.REJECTED
        mine.filter(status=SheetCheck.Status.VERIFYING).update(
            status=status, verdict=verdict.to_json(), verified_at=timezone.now()
        )
    check.refresh_from_db()
    return check


def sheet_check_reverify(*, check: SheetCheck) -> SheetCheck:
    """Verify again (after the edition data changed) as a new attempt with the active edition; the task is
    enqueued on commit, and a task of an older attempt still running writes nothing."""
    with transaction.atomic():
        locked = SheetCheck.objects.select_for_update().get(pk=check.pk)
        locked.status, locked.verdict, locked.verified_at = SheetCheck.Status.SUBMITTED, None, None
        locked.edition, locked.attempt = edition_active(game=locked.game), locked.attempt + 1
        locked.save(update_fields=["status", "verdict", "verified_at", "edition", "attempt"])
        enqueue_on_commit(task_names.SHEET_CHECK_VERIFY, locked.pk, locked.attempt)
    return locked
