"""Pick accuracy and par stored for each seat of a verified drafting table (games/pick_accuracy.py, games/par.py;
docs/rules.md, "Pick accuracy" and "Par"). Celery runs `tables_pick_accuracy_refresh` after each batch of
verdicts and after an override; it computes outside any lock and writes only for the tables whose result has not
changed meanwhile, so running it twice, or late, leaves the rows the table's current result gives."""

from typing import Any

from django.db import transaction

import games
from games.drafting_sheet import parse_seat
from games.par import SeatPar, table_par
from games.pick_accuracy import RoundAccuracy, table_accuracy
from tournaments.analysis.models import SeatPickAccuracy
from tournaments.catalogue.selectors import edition_active, edition_rules_data
from tournaments.models import Seat, TableResult
from tournaments.selectors.verification import DraftedTable, ResultToDraft, tables_current_sheets, tables_drafted


def tables_pick_accuracy_refresh(*, table_ids: list[int]) -> int:
    """Store each table's pick accuracy when its result counts and its draft is known; remove it otherwise.
    Returns the seats stored."""
    results = [
        result
        for result in TableResult.objects.filter(table_id__in=table_ids).select_related("table__round__event")
        if games.GAMES[result.table.round.event.game].drafting is not None
    ]
    rows = _accuracy_rows(table_ids, [result for result in results if result.status in TableResult.COUNTS])
    with transaction.atomic():
        unchanged = _still_as_read(results)
        SeatPickAccuracy.objects.filter(table_id__in=unchanged).delete()
        SeatPickAccuracy.objects.bulk_create(row for row in rows if row.table_id in unchanged)
    return sum(row.table_id in unchanged for row in rows)


def _still_as_read(results: list[TableResult]) -> set[int]:
    """The tables whose result is as it was read, locked to the transaction's end (a newer verdict's own
    refresh writes the others)."""
    seen = {result.table_id: (result.status, result.attempt, result.verified_at) for result in results}
    now = TableResult.objects.select_for_update().filter(table_id__in=seen).order_by("table_id")
    return {r.table_id for r in now if (r.status, r.attempt, r.verified_at) == seen[r.table_id]}


def _accuracy_rows(table_ids: list[int], counting: list[TableResult]) -> list[SeatPickAccuracy]:
    """Each seat's accuracy row at the counting tables whose draft is known (the seat's player still seated)."""
    seated = Seat.objects.filter(table_id__in=table_ids).values_list("table_id", "player__handle", "player_id")
    players = {(table_id, handle): player_id for table_id, handle, player_id in seated}
    sheets = tables_current_sheets(table_ids=[result.table_id for result in counting])
    return [
        SeatPickAccuracy(table_id=drafted.result.table_id, player_id=players[drafted.result.table_id, handle], **line)
        for drafted in tables_drafted(results=[ResultToDraft.of(r) for r in counting])
        for handle, line in _accuracy_lines(drafted, [s.data for s in sheets[drafted.result.table_id]]).items()
        if (drafted.result.table_id, handle) in players
    ]


def _accuracy_lines(drafted: DraftedTable, sheets: list[dict[str, Any]]) -> dict[str, dict[str, object]]:
    """Per player handle, the model fields of their seat's accuracy (`sheets`: the table's, in seating order)."""
    game = drafted.result.game
    rules = games.GAMES[game].drafting
    assert rules is not None
    deck = edition_rules_data(game=game, edition=edition_active(game=game))
    seats = [parse_seat(rules, data, f"seats[{i}]") for i, data in enumerate(sheets)]
    by_seat = table_accuracy(rules, deck, seats, drafted.drafts)
    pars = table_par(rules, deck, seats, drafted.drafts)
    return {seat.player: _fields(rounds, par) for seat, rounds, par in zip(seats, by_seat, pars, strict=True)}


def _fields(rounds: list[RoundAccuracy], par: SeatPar) -> dict[str, object]:
    return {
        "made": par.made,
        "par": par.par,
        "par_rounds": [list(line) for line in par.rounds],
        "choices": sum(len(r.picks) for r in rounds),
        "best_picks": sum(r.best_picks for r in rounds),
        "points_lost": sum(r.points_lost for r in rounds),
        "rounds": [[[p.pick, p.taken, p.points, p.best, p.best_card] for p in r.picks] for r in rounds],
    }
