"""The score pad's draft: saved after each round so that a reload or a dropped connection loses nothing."""

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import Conflict, DomainError, NotAllowed
from tournaments.models import PadDraft, Table
from tournaments.pad_drafts import PadDraftContent, checked_seats
from tournaments.results.services.sheets import require_players_unchanged
from tournaments.selectors.permissions import require_at_table_or_organiser


def pad_draft_save(*, table: Table, data: Any, version: int, by: User) -> PadDraft:
    """Save the pad's draft if `version` is the one the phone last saw; else refuse with the newer one named,
    so a second phone editing the table never overwrites the first one's rounds unseen."""
    _require_at_table(table, by)
    handles = {seat.player.handle for seat in table.seats.all()}
    seats = checked_seats(game_id=table.round.event.game, data=data, handles=handles)
    with transaction.atomic():
        draft, _ = PadDraft.objects.select_for_update().get_or_create(table=table)
        require_players_unchanged(table_id=table.pk, handles=handles)
        if draft.version != version:
            saved = gettext_lazy(
                "another phone saved this table's pad (version {saved}, you had {version}); load it before saving again"
            )
            raise Conflict(format_lazy(saved, saved=draft.version, version=version), "draft_conflict", "version")
        stored = PadDraftContent.read(draft.data)  # the players' contests stay until they withdraw them
        draft.data, draft.version, draft.updated_by = stored.to_json(seats), draft.version + 1, by
        draft.save()
    return draft


def pad_contest(*, table: Table, by: User, reason: str) -> PadDraft:
    """A player contests the pad's entry of their own seat: the pad cannot submit that seat until they
    withdraw the contest or submit their own sheet (docs/rules.md, "The score pad")."""
    seat = _own_seat(table, by)
    if not reason.strip():
        raise DomainError("say what is wrong with the pad's entry", "reason_required", field="reason")
    return _set_contest(table, seat.player.handle, reason.strip()[:500], by)


def pad_contest_withdraw(*, table: Table, by: User) -> PadDraft:
    return _set_contest(table, _own_seat(table, by).player.handle, None, by)


def _set_contest(table: Table, handle: str, reason: str | None, by: User) -> PadDraft:
    with transaction.atomic():
        draft, _ = PadDraft.objects.select_for_update().get_or_create(table=table)
        contests = dict(PadDraftContent.read(draft.data).contests)
        if reason is None:
            contests.pop(handle, None)
        else:
            contests[handle] = reason
        draft.data = {**(draft.data if isinstance(draft.data, dict) else {}), "contests": contests}
        draft.version += 1
        draft.save(update_fields=["data", "version", "updated_at"])
    return draft


def _own_seat(table: Table, user: User) -> Any:
    seat = next((seat for seat in table.seats.all() if seat.player.user_id == user.pk), None)
    if seat is None:
        raise NotAllowed("only a player at this table can contest the pad's entry of their seat", "not_at_table")
    return seat


def _require_at_table(table: Table, user: User) -> None:
    require_at_table_or_organiser(user=user, table=table, doing=gettext_lazy("keep its score pad"))
