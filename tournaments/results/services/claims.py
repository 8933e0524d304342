"""A guest's history claimed by its player: their results, sheets, registrations, season points and ratings
become the player's, through the results pipeline; and a player's name changed in every stored result."""

from collections.abc import Iterable
from typing import Any, cast

from django.apps import apps
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Model, Q
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import Conflict, DomainError, NotFound
from tournaments.models import Event, Membership, PadDraft, Player, Registration, ScoreSheet, Seat, TableResult
from tournaments.results.models import HeldResult
from tournaments.results.services.pipeline import Because, results_changed
from tournaments.results.services.rating import player_ratings_merge
from tournaments.seasons.models import QualificationDecline, SeasonStanding
from tournaments.verdicts import renamed_in_json


def guest_claim(*, code: str, by: User) -> Player:
    """The signed-in person takes the guest's history into their own player. Refused when the code is
    unknown, the guest was claimed already, or both played in the same event (a merge would seat one
    person twice)."""
    claimer = Player.objects.filter(user=by).first()
    if claimer is None or claimer.guest:
        raise DomainError("choose a handle for your account before claiming", "no_player", "code")
    with transaction.atomic():
        # One claim into an account at a time: two guests claimed at once would both pass the shared-event
        # check below and then collide moving their rows (an IntegrityError, a 500).
        Player.objects.select_for_update().filter(pk=claimer.pk).first()
        guest = _guest_of_code(code.strip()) if code.strip() else None
        if guest is None:
            raise NotFound("no guest has this claim code", "unknown_claim_code", "code")
        if guest.claimed_by_id is not None:
            raise Conflict(
                format_lazy(gettext_lazy("{handle!r} was claimed already"), handle=guest.handle),
                "already_claimed",
                "code",
            )
        shared = Registration.objects.filter(player=claimer, event__registrations__player=guest).first()
        if shared is not None:
            raise Conflict(
                format_lazy(
                    gettext_lazy("you and {handle!r} are both entered in {name!r}"),
                    handle=guest.handle,
                    name=shared.event.name,
                ),
                "claim_conflict",
                "code",
            )
        player_merge_into(merged=guest, kept=claimer)
    return guest


def _guest_of_code(code: str) -> Player | None:
    """The guest of this claim code, typed in any case; a code from before codes were one case is matched
    as typed when its case-blind match is not unique."""
    found = list(Player.objects.select_for_update().filter(guest=True, claim_code__iexact=code)[:2])
    if len(found) == 1:
        return found[0]
    return next((guest for guest in found if guest.claim_code == code), None)


def player_merge_into(*, merged: Player, kept: Player) -> dict[str, Any]:
    """Every result, sheet, registration, season point and rating of `merged` becomes `kept`'s, through the
    results pipeline; `merged` then points at `kept` (its page redirects there). Call inside a transaction,
    once sure the two never played in one event. Returns what moved, for an undo (`player_merge_undo_rows`)."""
    tables = set(Seat.objects.filter(player=merged).values_list("table_id", flat=True))
    events = dict(Event.objects.filter(registrations__player=merged).values_list("pk", "game"))
    SeasonStanding.objects.filter(player=merged).delete()  # the kept player's rows are computed again below
    moved = _move_rows(merged, kept)
    rename_in_results(tables, merged.handle, kept.handle)
    player_ratings_merge(tables=tables, games=set(events.values()), old=merged, new=kept)
    results_changed(because=Because.CLAIMED, events=events)  # the merged record's events now count for `kept`
    merged.claimed_by, merged.claimed_at = kept, timezone.now()
    merged.save(update_fields=["claimed_by", "claimed_at"])
    return {"rows": moved, "tables": sorted(tables), "events": {str(pk): game for pk, game in events.items()}}


def player_merge_undo_rows(*, moved: dict[str, Any], kept: Player, merged: Player, merged_handle: str) -> None:
    """Undo `player_merge_into` from what it returned: the rows it moved point at `merged` again, its tables
    show its handle, its ratings are its own again (both pools replayed), and its events count for it. Call
    inside a transaction. What the merge dropped as duplicates (a membership or a declined slot `kept` held
    too) stays dropped; season standings are computed again."""
    SeasonStanding.objects.filter(player=kept).delete()
    for key, pks in moved["rows"].items():
        label, field_name = key.split(":")
        model = cast(type[Model], apps.get_model(label))
        model._default_manager.filter(pk__in=pks, **{field_name: kept}).update(**{field_name: merged})
    tables = set(moved["tables"])
    rename_in_results(tables, kept.handle, merged_handle)
    events = {int(pk): game for pk, game in moved["events"].items()}
    player_ratings_merge(tables=tables, games=set(events.values()), old=kept, new=merged, inactivity=False)
    merged.claimed_by, merged.claimed_at = None, None
    merged.save(update_fields=["claimed_by", "claimed_at"])
    results_changed(because=Because.CLAIMED, events=set(events) | _events_of(kept))


def _events_of(player: Player) -> set[int]:
    return set(Event.objects.filter(registrations__player=player).values_list("pk", flat=True))


def _move_rows(guest: Player, claimer: Player) -> dict[str, list[int]]:
    """Every row that points at the guest points at the claimer (the rows a model adds later included);
    returns the moved rows' ids by `app_label.model:field`. A membership or a declined slot the claimer holds
    already wins over the guest's. A log of what happened to players (a model saying `player_history`: the
    stewards' merges) keeps its names."""
    Membership.objects.filter(
        player=guest, left_on__isnull=True,
        organisation__in=Membership.objects.filter(player=claimer, left_on__isnull=True).values("organisation"),
    ).delete()  # fmt: skip
    QualificationDecline.objects.filter(
        player=guest, season__in=QualificationDecline.objects.filter(player=claimer).values("season")
    ).delete()
    moved: dict[str, list[int]] = {}
    for relation in Player._meta.related_objects:
        model = cast(type[Model], relation.related_model)
        if relation.one_to_many and relation.field.name != "claimed_by" and not getattr(model, "player_history", 0):
            rows = model._default_manager.filter(**{relation.field.name: guest})
            pks = list(rows.values_list("pk", flat=True))
            if pks:
                model._default_manager.filter(pk__in=pks).update(**{relation.field.name: claimer})
                moved[f"{model._meta.label}:{relation.field.name}"] = pks
    return moved


def rename_in_results(tables: set[int], old: str, new: str) -> None:
    """Every `"player": old` in these tables' sheets, verdicts, held results and pads made `new`."""
    for model in (ScoreSheet, TableResult, HeldResult, PadDraft):
        lookup = Q(seat__table_id__in=tables) if model is ScoreSheet else Q(table_id__in=tables)
        field = "verdict" if model in (TableResult, HeldResult) else "data"
        for row in model._default_manager.filter(lookup).only("pk", field):
            renamed = renamed_in_json(getattr(row, field), old, new)
            if renamed != getattr(row, field):
                model._default_manager.filter(pk=row.pk).update(**{field: renamed})


def tables_lock_out_racing_writes(tables: Iterable[int]) -> None:
    """Take the tables' locks (their results, then their pads, each in id order) as a sheet or a pad's save
    does: one under way finishes first; one that arrives meanwhile waits, then finds the seat's player as the
    change left it (an erasure's pseudonym, a merge's kept record) (results/services/sheets.py, pad.py)."""
    ids = sorted(set(tables))
    list(TableResult.objects.select_for_update().filter(table_id__in=ids).order_by("pk").values_list("pk"))
    list(PadDraft.objects.select_for_update().filter(table_id__in=ids).order_by("pk").values_list("pk"))
