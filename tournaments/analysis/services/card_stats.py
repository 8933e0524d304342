"""Card statistics kept up to date one table at a time (games/card_stats.py; docs/rules.md, "Card
statistics"). `card_stats_sync` runs wherever a table's rating is brought up to date (services/rating.py:
a verdict, a correction, an override, a re-opening, a sanction change), under the game's pool lock, so one
game's statistics are written by one transaction at a time. Each table's own tally is stored, so a change
subtracts exactly what the table added before: the statistics always equal computing them from scratch
(`card_stats_rebuild`, tested)."""

import multiprocessing
import os
from collections import defaultdict, deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from django.db import transaction

import games
from config.bulk import EncodedJSON, bulk_insert
from games.card_stats import CardLine, Tally
from tournaments.analysis.models import CardStat, TableCardTally
from tournaments.analysis.selectors.statistics import counting_table_ids
from tournaments.drafted import seat_tally, tally_chunk
from tournaments.models import TableResult
from tournaments.selectors.verification import ResultToDraft, tables_current_rows, tables_drafted, verdicts_of


def card_stats_sync(*, results: Iterable[TableResult], counting: set[int]) -> None:
    """Bring each table's part of the statistics to what it should be: its tally when it counts (`counting`:
    the table ids whose results are rated), nothing otherwise. Call under the games' pool locks."""
    results = [r for r in results if games.GAMES[r.table.round.event.game].drafting is not None]
    if not results:
        return
    wanted = _tallies([ResultToDraft.of(r) for r in results if r.table_id in counting])
    stored = {row.table_id: row for row in TableCardTally.objects.filter(table_id__in=[r.table_id for r in results])}
    deltas: dict[str, Tally] = defaultdict(Tally)
    for result in results:
        game, before, after = result.table.round.event.game, stored.get(result.table_id), wanted.get(result.table_id)
        if before is not None:
            deltas[game].add(Tally.from_json(before.tally), -1)
        if after is not None:
            deltas[game].add(after)
    _keep(results, stored, wanted)
    for game, delta in sorted(deltas.items()):
        _apply(game, delta)


def _tallies(results: list[ResultToDraft]) -> dict[int, Tally]:
    """Each table's tally, for the tables whose whole draft is known (selectors.tables_drafted)."""
    return {
        table.result.table_id: seat_tally(table.result.verdict, table.players, table.rows)
        for table in tables_drafted(results=results)
    }


def _keep(results: list[TableResult], stored: dict[int, TableCardTally], wanted: dict[int, Tally]) -> None:
    """Store each table's tally as it now is: a few queries whatever the number of tables."""
    TableCardTally.objects.filter(pk__in=[row.pk for table, row in stored.items() if table not in wanted]).delete()
    changed = []
    for table, row in stored.items():
        if table in wanted:
            row.tally = wanted[table].to_json()
            changed.append(row)
    TableCardTally.objects.bulk_update(changed, ["tally"])
    games_of = {result.table_id: result.table.round.event.game for result in results}
    TableCardTally.objects.bulk_create(
        TableCardTally(table_id=table, game=games_of[table], tally=tally.to_json())
        for table, tally in wanted.items()
        if table not in stored
    )


def _apply(game: str, delta: Tally) -> None:
    """Add the delta to the game's rows: one row a player count, read and written once."""
    by_players: dict[int, dict[str, CardLine]] = defaultdict(dict)
    for (players, card), change in delta.lines.items():
        by_players[players][card] = change
    rows = {row.players: row for row in CardStat.objects.select_for_update().filter(game=game, players__in=by_players)}
    for players, changes in sorted(by_players.items()):
        row = rows.get(players) or CardStat(game=game, players=players, lines={})
        for card, change in changes.items():
            line = CardLine.from_json(row.lines[card]) if card in row.lines else CardLine()
            line.add(change)
            if line.is_empty():
                row.lines.pop(card, None)
            else:
                row.lines[card] = line.to_json()
        if row.pk is None:
            row.save()
        elif row.lines:
            CardStat.objects.filter(pk=row.pk).update(lines=row.lines)
        else:
            row.delete()


CHUNK = 2000
PARALLEL_FROM = 4000  # tables; fewer are tallied in this process (starting workers costs about a second)


def card_stats_rebuild(*, game: str, processes: int | None = None) -> int:
    """The game's statistics from scratch: every counting table's tally again. Returns the tables counted.

    The tables are read in chunks and tallied by `processes` worker processes (default: one a core once
    there are PARALLEL_FROM tables) while the next chunks are read; this process adds the chunks' sums and
    writes each chunk's tallies as it comes. All in one transaction: a reader sees the old statistics or the
    new."""
    with transaction.atomic():
        CardStat.objects.filter(game=game).delete()
        TableCardTally.objects.filter(game=game).delete()
        table_ids = counting_table_ids(game=game, rated_only=True)
        chunks = [table_ids[start : start + CHUNK] for start in range(0, len(table_ids), CHUNK)]
        if processes is None:
            processes = (os.cpu_count() or 1) if len(table_ids) >= PARALLEL_FROM else 1
        total, counted = Tally(), 0
        for chunk_total, texts in _tally_chunks(chunks, processes):
            total.add(Tally.from_json(chunk_total))
            bulk_insert(TableCardTally, ("table_id", "game", "tally"), [(t, game, EncodedJSON(j)) for t, j in texts])
            counted += len(texts)
        _apply(game, total)
    return counted


def _tally_chunks(chunks: list[list[int]], processes: int) -> Iterator[tuple[Any, list[tuple[int, str]]]]:
    """Each chunk's (sum, tallies): its verdicts and rows read here, tallied in `processes` workers (spawned:
    they share nothing with this process's database connection; a few chunks in flight at a time, so memory
    stays flat) or in this process."""

    def read(chunk: list[int]) -> list[tuple[int, Any, Any]]:
        rows = tables_current_rows(table_ids=chunk)
        return [(table_id, verdict, rows.get(table_id, [])) for table_id, verdict in verdicts_of(table_ids=chunk)]

    if processes <= 1:
        yield from (tally_chunk(read(chunk)) for chunk in chunks)
        return
    with ProcessPoolExecutor(max_workers=processes, mp_context=multiprocessing.get_context("spawn")) as pool:
        in_flight: deque[Future[Any]] = deque()
        for chunk in chunks:
            in_flight.append(pool.submit(tally_chunk, read(chunk)))
            if len(in_flight) > 2 * processes:
                yield in_flight.popleft().result()
        while in_flight:
            yield in_flight.popleft().result()
