"""One register of players (issue 57, item 2): a steward merges two records of the same person (two accounts,
an account and an unclaimed guest, two guests) with a reason. The merged record's results, sheets,
registrations, season points and ratings become the kept one's through the results pipeline (as a claimed
guest's do: results/services/claims.py), every pool it played in is rated again from its first table, and the
merge is kept in the stewards' log with who, when and why. A merged account can no longer log in. A steward
undoes a merge, with a reason, until the next official list of a game the merged record played is published."""

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import Conflict, DomainError, NotAllowed
from ratings.selectors.lists import list_published_since
from tournaments.models import Event, Player, Registration, Seat
from tournaments.results.services.claims import (
    player_merge_into,
    player_merge_undo_rows,
    tables_lock_out_racing_writes,
)
from tournaments.selectors.permissions import is_steward
from tournaments.stewarding.models import PlayerMerge


def players_merge(*, kept: Player, merged: Player, by: User, reason: str) -> PlayerMerge:
    """Refused when the two are one record, one was merged already, both played in one event (one person
    cannot have sat twice), or `by` does not steward every game the merged record played."""
    if not reason.strip():
        raise DomainError("say why these two records are one person", "reason_required", "reason")
    if kept.pk == merged.pk:
        raise DomainError("a record is not merged into itself", "same_player", "merged")
    games = set(Event.objects.filter(registrations__player=merged).values_list("game", flat=True))
    if not all(is_steward(user=by, game=game) for game in games or {""}):
        raise NotAllowed("only a steward of every game the record played merges it", "not_steward", "merged")
    with transaction.atomic():
        tables_lock_out_racing_writes(_tables_of([kept.pk, merged.pk]))  # a racing sheet waits for the merge
        locked = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[kept.pk, merged.pk])}
        kept, merged = locked[kept.pk], locked[merged.pk]
        if merged.claimed_by_id is not None or kept.claimed_by_id is not None:
            raise Conflict("one of these records was merged (or claimed) already", "merged_already", "merged")
        shared = Registration.objects.filter(player=kept, event__registrations__player=merged).first()
        if shared is not None:
            raise Conflict(
                format_lazy(
                    gettext_lazy("{kept} and {merged} are both entered in {name}"),
                    kept=kept.handle,
                    merged=merged.handle,
                    name=shared.event.name,
                ),
                "played_together",
                "merged",
            )
        handle = merged.handle
        was_active = User.objects.filter(pk=merged.user_id, is_active=True).exists()
        moved = player_merge_into(merged=merged, kept=kept)
        if not merged.guest:
            User.objects.filter(pk=merged.user_id).update(is_active=False)
        return PlayerMerge.objects.create(
            kept=kept, merged=merged, merged_handle=handle, by=by, reason=reason.strip()[:500], moved=moved,
            was_active=was_active,
        )  # fmt: skip


def player_merge_undo(*, merge: PlayerMerge, by: User, reason: str) -> PlayerMerge:
    """The two records are two again: the merged one's results, sheets, registrations, season points and
    ratings are its own (both pools replayed) and its account logs in as before. Refused once undone, for a
    merge kept before undoing was possible, or once an official list of one of its games has been published
    since (the list froze the merged ratings)."""
    if not reason.strip():
        raise DomainError("say why the merge is undone", "reason_required", "reason")
    games = set(merge.moved.get("events", {}).values())
    if not all(is_steward(user=by, game=game) for game in games or {""}):
        raise NotAllowed("only a steward of every game the record played undoes its merge", "not_steward", "merge")
    with transaction.atomic():
        tables_lock_out_racing_writes(_tables_of([merge.kept_id, merge.merged_id]))  # as the merge took them
        merge = PlayerMerge.objects.select_for_update().select_related("kept", "merged").get(pk=merge.pk)
        if merge.undone_at is not None:
            raise Conflict("this merge was undone already", "undone_already", "merge")
        if not merge.moved:
            raise Conflict("this merge was kept before merges could be undone", "not_undoable", "merge")
        if merge.kept.claimed_by_id is not None:
            raise Conflict(
                format_lazy(
                    gettext_lazy("{handle} was merged into another record since: undo that merge first"),
                    handle=merge.kept.handle,
                ),
                "merged_since",
                "merge",
            )
        published = list_published_since(games=games, since=merge.merged_at)
        if published is not None:
            raise Conflict(
                format_lazy(
                    gettext_lazy("the official list {name} was published since the merge: it can no longer be undone"),
                    name=published.name,
                ),
                "list_published_since",
                "merge",
            )
        player_merge_undo_rows(moved=merge.moved, kept=merge.kept, merged=merge.merged,
                               merged_handle=merge.merged_handle)  # fmt: skip
        if merge.was_active and not merge.merged.guest:
            User.objects.filter(pk=merge.merged.user_id).update(is_active=True)
        merge.undone_at, merge.undone_by, merge.undo_reason = timezone.now(), by, reason.strip()[:500]
        merge.save(update_fields=["undone_at", "undone_by", "undo_reason"])
    return merge


def _tables_of(players: list[int]) -> list[int]:
    return list(Seat.objects.filter(player_id__in=players).values_list("table_id", flat=True))
