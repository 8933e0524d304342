"""Which tables' drafts are known, and the card statistics tallies of many tables at once: pure Python (no
Django), so a rebuild can hand chunks of tables to other processes (tournaments/analysis/services/card_stats.py).

A table's draft is known when every seat played (a forfeit leaves rows missing), each seat's sheet names a
player of the verdict, and the rows are a draft's (an organiser may accept a table the engine refused).
"""

import json
from collections.abc import Sequence
from typing import Any

from games import rebuild
from games.card_stats import Tally, table_tally
from games.drafting_sheet import ROUNDS
from games.parsing import MalformedInput
from tournaments.verdicts import TableVerdict

SeatRows = tuple[str, list[list[str]]]  # a seat's player and its four rows of cards, in seating order


def known_rows(verdict: TableVerdict, seats: Sequence[SeatRows]) -> tuple[list[str], list[list[list[str]]]] | None:
    """(players, rows[round][seat]) when the table's draft is known, else None."""
    if verdict.won_by_forfeit or any(s.forfeited for s in verdict.seats) or len(seats) != len(verdict.seats):
        return None
    players = [player for player, _rows in seats]
    if set(players) != {line.player for line in verdict.seats}:
        return None
    rows = [[seat_rows[r] for _player, seat_rows in seats] for r in range(ROUNDS)]
    try:
        for round_rows in rows:
            rebuild.check_round(round_rows)
    except MalformedInput:
        return None
    return players, rows


def seat_tally(verdict: TableVerdict, players: Sequence[str], rows: Sequence[Sequence[Sequence[str]]]) -> Tally:
    """The table's tally: each seat's place and round points as the verdict gives them."""
    by_player = {line.player: line for line in verdict.seats}
    lines = [by_player[player] for player in players]
    return table_tally(rows, [line.rank for line in lines], [list(line.rounds or ()) for line in lines])


def tally_chunk(tables: Sequence[tuple[int, Any, Sequence[SeatRows]]]) -> tuple[list[list[Any]], list[tuple[int, str]]]:
    """Tally a chunk of tables, each (table id, its stored verdict, its seats' rows): the chunk's sum and each
    counted table's tally as JSON text, ready to store. Runs in a worker process during a rebuild."""
    total, texts = Tally(), []
    for table_id, stored, seats in tables:
        verdict = TableVerdict.read(stored)
        known = known_rows(verdict, seats)
        if known is None:
            continue
        tally = seat_tally(verdict, *known)
        total.add(tally)
        texts.append((table_id, json.dumps(tally.to_json(), separators=(",", ":"))))
    return total.to_json(), texts
