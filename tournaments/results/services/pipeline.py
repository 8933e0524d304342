"""What follows a changed result, in one place (docs/architecture.md, "One results pipeline").

A result changes when a table is verified or rejected, accepted by an organiser, re-opened or decided by a
forfeit; when a steward sanctions or revokes an event; when an organiser closes it; when an archive is
imported or a guest's history is claimed. Each entry point changes its own rows, then calls
`results_changed` inside its transaction and nothing else. The derived rows follow in that transaction, in
the order every change takes its locks (results, rounds, seasons, pools): the rounds finished, the final
places and the season standings stored, the tables rated or unrated (with the rank buckets and the card
tallies). What is sent is queued for after the commit: webhook deliveries, e-mails, and pick accuracy (a
task of its own, a little later, so that no verdict waits for it). Every step is idempotent.
"""

from collections.abc import Collection, Sequence
from enum import StrEnum
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction

import games
from config.celery import enqueue_on_commit
from tournaments import task_names
from tournaments.analysis.services.card_stats import card_stats_sync
from tournaments.announcements import Announcement, announce, api_url
from tournaments.models import Event, Round, Table, TableResult
from tournaments.results.selectors.sheets import newest_sheet_author
from tournaments.results.services import held as held_results
from tournaments.results.services.places import event_places_refresh
from tournaments.results.services.rating import rated, tables_rate
from tournaments.seasons.services import event_seasons_refresh
from tournaments.selectors.events import final_places
from tournaments.selectors.verification import rounds_complete_but_running
from tournaments.services.transitions import advance


class Because(StrEnum):
    """Why results changed: it decides which tables are rated again and who is told."""

    VERIFIED = "verified"  # a verification wrote the tables' verdicts, valid or not
    OVERRIDDEN = "overridden"  # an organiser accepted a table as it stands
    REOPENED = "reopened"  # an organiser re-opened a checked table for its players to correct
    CORRECTED = "corrected"  # a table that counted was corrected or queued again: it waits for a new verdict
    FORFEITED = "forfeited"  # one player was left at the table: they win it without a sheet
    SANCTION = "sanction"  # a steward sanctioned, refused or revoked the events
    CLOSED = "closed"  # an organiser closed the events and published their results
    IMPORTED = "imported"  # the events came from an archive
    CLAIMED = "claimed"  # a guest's history became a player's (their ratings are merged by the claim)
    DECIDED = "decided"  # a steward accepted or refused a change of a sanctioned event's results


# After these, every table of the events named is rated again (as the sanction now says); the others name
# the tables whose results changed, and a close or a claim changes no table's result.
RATE_EVERY_TABLE = frozenset({Because.SANCTION, Because.IMPORTED})
# These change a table's result: in an event that holds its results (sanctioned and finished) the change
# waits for a steward (services/held_results.py). These make an event hold its results, or no longer.
HELD_BACK = frozenset({Because.VERIFIED, Because.OVERRIDDEN, Because.REOPENED, Because.CORRECTED, Because.FORFEITED})
HOLD_OR_RELEASE = frozenset({Because.SANCTION, Because.CLOSED, Because.IMPORTED})
TRUSTED_CORRECTIONS = "accepted as it came: the stewards trust this club's corrections"


def results_changed(
    *,
    because: Because,
    tables: Collection[int] = (),
    events: Collection[int] = (),
    by: User | None = None,
    reason: str = "",
) -> None:
    """Bring every row derived from these tables' and events' results up to date, in the caller's
    transaction, and queue what is sent after the commit. `by` and `reason`: who changed the results and why
    (kept when the change waits for a steward)."""
    with transaction.atomic():
        changed = list(
            TableResult.objects.filter(table_id__in=set(tables))
            .select_related("table__round__event__organisation")
            .prefetch_related("table__seats__player")
            .order_by("table_id")
        )
        event_ids = set(events) | {result.table.round.event_id for result in changed}
        held_back = held_results.holding(event_ids=event_ids) if because in HELD_BACK else set()
        before = {event_id: held_results.places_now(event_id=event_id) for event_id in held_back}
        for round_id in sorted({result.table.round_id for result in changed}):
            round_finish_if_complete(round_id=round_id)  # in id order: two changes lock rounds alike
        finished = event_places_refresh(event_ids=event_ids)
        event_seasons_refresh(event_ids=finished)  # a season counts finished events only
        if because in HOLD_OR_RELEASE:
            _hold_or_release(set(events))
        for event_id in sorted(held_back):
            _record_change(because, [r for r in changed if r.table.round.event_id == event_id], by, reason,
                           before[event_id])  # fmt: skip
        rated = set(tables)
        if because in RATE_EVERY_TABLE:
            rated |= set(Table.objects.filter(round__event_id__in=events).values_list("pk", flat=True))
        if rated:
            tables_rate_and_tally(table_ids=sorted(rated))
        _queue_pick_accuracy(rated if because not in (Because.SANCTION, Because.DECIDED) else set())
        _announce(because, changed, event_ids)


def tables_rate_and_tally(*, table_ids: list[int]) -> None:
    """Step 4: rate or unrate the tables, then keep their card tallies under the same pool locks. The cards
    played follow the tables as they are (as card_stats_rebuild reads them), not as a steward holds them for
    the pool: a held correction changes the statistics at once, the ratings once accepted. One transaction
    (the pools' locks last to its end), no savepoint of its own inside the pipeline's."""
    with transaction.atomic(savepoint=False):
        live = tables_rate(table_ids=table_ids)
        card_stats_sync(results=live, counting={result.table_id for result in live if rated(result)})


def _hold_or_release(event_ids: set[int]) -> None:
    """Sanctioned and finished events hold their results as they are now; the others hold none."""
    holding = held_results.holding(event_ids=event_ids)
    held_results.results_hold(event_ids=holding)
    held_results.results_release(event_ids=event_ids - holding)


def _record_change(
    because: Because, changed: Sequence[TableResult], by: User | None, reason: str, before: list[list[object]]
) -> None:
    """A held event's results changed: recorded for the stewards, or accepted at once for a club whose
    corrections they trust."""
    event = changed[0].table.round.event
    table_ids = [result.table_id for result in changed]
    by = by or newest_sheet_author(table_ids=table_ids)
    change = held_results.change_record(event_id=event.pk, tables=table_ids, because=str(because), by=by,
                                        reason=reason, before=before)  # fmt: skip
    trusted = event.game in event.organisation.corrections_trusted_games
    if trusted and because != Because.CORRECTED:  # accepted with its verdict
        held_results.change_decide(change=change, accept=True, by=None, reason=TRUSTED_CORRECTIONS)


def counting_stopped(*, result: TableResult, because: Because, by: User | None) -> None:
    """A table whose result counted no longer does (a sheet corrected, a recheck): the pipeline takes it out
    of the places, the seasons and its pool (a held event keeps what the stewards hold), and its round runs
    again while it is its running event's last, so no round is seated from a result that does not count.
    Call with the result row locked and before it counts again: the lock order is results, then rounds."""
    round_ = Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=result.table.round_id)
    later = Round.objects.filter(event_id=round_.event_id, number__gt=round_.number).exists()
    if round_.can.reopen and round_.event.can.seat_next_round and not later:
        advance(round_, "reopen")
    results_changed(because=because, tables=[result.table_id], by=by)


def round_finish_if_complete(*, round_id: int) -> bool:
    """Finish the round once every table's result counts (the event waits for its organiser: event_close).

    The round row is locked before the tables are read: two verifications finishing the last two tables at
    the same moment are serialised here, and under READ COMMITTED the second one, once it holds the lock,
    reads the first one's committed verdict (without the lock each saw the other's table still open, and
    the round stayed running). Returns whether the round was finished by this call.
    """
    # The round row only: locking the event too (a join locks every row it reads) would make every
    # verification queue behind registrations and seatings of the event, which never change a running round.
    round_ = Round.objects.select_for_update(of=("self",)).select_related("event").filter(pk=round_id).first()
    if round_ is None or not round_.can.finish:
        return False
    if TableResult.objects.filter(table__round_id=round_id).exclude(status__in=TableResult.COUNTS).exists():
        return False
    advance(round_, "finish")
    return True


def rounds_finish_complete() -> int:
    """Finish every running round whose tables all count (the sweep's repair); returns how many."""
    finished = 0
    for round_id in rounds_complete_but_running():
        with transaction.atomic():
            finished += round_finish_if_complete(round_id=round_id)
    return finished


def _queue_pick_accuracy(table_ids: Collection[int]) -> None:
    """Pick accuracy follows a drafting table's result (services/pick_accuracy.py), in a task of its own a
    little after the commit (PICK_ACCURACY_DELAY_SECONDS): no verdict or rating waits for it."""
    drafting = sorted(
        Table.objects.filter(pk__in=table_ids, round__event__game__in=_drafting_games()).values_list("pk", flat=True)
    )
    if drafting:
        enqueue_on_commit(task_names.PICK_ACCURACY, drafting, countdown=settings.PICK_ACCURACY_DELAY_SECONDS)


def _drafting_games() -> list[str]:
    return [game.id for game in games.GAMES.values() if game.drafting]


def _announce(because: Because, changed: Sequence[TableResult], event_ids: Collection[int]) -> None:
    """What the change tells, through the outbox (tournaments/announcements.py: the webhooks' and the streams'
    rows now, sent after the commit), and the e-mails (tasks after the commit)."""
    told = _verdicts_told(changed) if because in (Because.VERIFIED, Because.OVERRIDDEN) else []
    # the standings may have moved: the event's pages read them again
    told += [Announcement("standings.changed", {"event": event_id, "because": because}, event_id=event_id)
             for event_id in sorted(event_ids)]  # fmt: skip
    if because != Because.CLOSED:  # a finished event's recap follows its results (at the close: the e-mail's task)
        finished = Event.objects.filter(pk__in=event_ids, status__in=Event.machine.sources("show_results"))
        for event_id in finished.values_list("pk", flat=True):
            enqueue_on_commit(task_names.EVENT_RECAP, event_id)
    if because in (Because.CLOSED, Because.SANCTION):
        for event in Event.objects.filter(pk__in=event_ids).order_by("pk"):
            if because == Because.CLOSED:
                told.append(_finish_told(event))
            elif event.rated and event.can.show_results:  # a steward's decision on games played
                enqueue_on_commit(task_names.NOTIFY_RATED, event.pk)  # each player's rating change, by e-mail
                told.append(Announcement("rating.changed", {"event": event.pk}, event_id=event.pk))
    announce(told)


def _verdicts_told(changed: Sequence[TableResult]) -> list[Announcement]:
    """Each verdict to the organisations' webhooks and the event's stream, to each player of the table their
    own problems, and to the players of a refused table what to fix (an e-mail task each)."""
    told = []
    for result in changed:
        kind = "table.rejected" if result.status == TableResult.Status.REJECTED else "table.verified"
        if kind == "table.rejected":
            enqueue_on_commit(task_names.NOTIFY_REJECTED, result.table_id)
        round_ = result.table.round
        data = {"event": round_.event_id, "round": round_.number, "table": result.table.number,
                "round_id": round_.pk, "table_id": result.table_id, "url": api_url("tables", result.table_id),
                "status": result.status, "verdict": result.verdict}  # fmt: skip
        told.append(Announcement(kind, data, event_id=round_.event_id, organisation_id=round_.event.organisation_id))
        told += [
            Announcement(f"your.{kind}", {**data, "problems": _problems_of(result, seat.player.handle)},
                         event_id=round_.event_id, user_id=seat.player.user_id)
            for seat in result.table.seats.all() if seat.player.user_id is not None
        ]  # fmt: skip
    return told


def _problems_of(result: TableResult, handle: str) -> list[dict[str, Any]]:
    """What the verdict says is wrong with this player's sheet (their stream only: a table's problems name
    scores, private until verified)."""
    problems = (result.verdict or {}).get("problems", [])
    return [problem for problem in problems if problem.get("player") in (None, handle)]


def _finish_told(event: Event) -> Announcement:
    """The final places to the organisation's webhooks and the event's stream, and to each player by e-mail."""
    places = final_places(events=[event])[event.pk]
    ordered = [{"player": handle, "place": place} for handle, place in sorted(places.items(), key=lambda p: p[1])]
    data = {"event": event.pk, "name": event.name, "places": ordered, "url": api_url("events", event.pk)}
    enqueue_on_commit(task_names.NOTIFY_FINISHED, event.pk)
    return Announcement("event.finished", data, event_id=event.pk, organisation_id=event.organisation_id)
