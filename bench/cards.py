"""Card statistics (issue 31, item 2): built from scratch, updated one table at a time, and the cards page.

`pure --tables 100000`: the pure part of a rebuild from scratch: N simulated four-player Australia tables
(dealt and drafted by games/simulate.py beforehand, not timed), each tallied from its rows and added to the
total: what `card_stats_rebuild` does per table besides reading the rows and checking them.

`picks --tables 200`: pick accuracy (item 3) of N simulated tables per edition and player count: each pick's
every alternative scored by the engine; then par (issue 58, games/par.py) of the same tables: the reference
drafter in every seat of every round.

`db --tables 2000`: N verified four-player tables of one sanctioned event written into the database
(sheets from the simulator, verdicts from the engine), then `card_stats_rebuild` from scratch (reads,
computes, writes), one table's update as the rating path runs it (`card_stats_sync` on one table whose
result changed: its old tally subtracted, the new added; 200 times), and the page and API p50/p95.

    .venv/bin/python bench/cards.py pure --tables 100000
    .venv/bin/python bench/cards.py picks --tables 200
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_bench .venv/bin/python bench/cards.py db --tables 2000
"""

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other benches' helpers
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("THROTTLE_READ_ANON", "100000000/min")  # the bench times the page, not the read limit
os.environ.setdefault("THROTTLE_PAGE_ANON", "100000000/min")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

import games  # noqa: E402
from games.card_stats import Tally, table_tally  # noqa: E402
from games.rebuild import rebuild  # noqa: E402
from games.simulate import deal_and_draft, legal_sheet  # noqa: E402

GAME = "boomerang-australia"


def pure(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    deck = games.GAMES[GAME].default_edition()
    tables = []
    for _ in range(args.tables):
        _dealt, rows = deal_and_draft(deck, 4, rng)
        ranks = rng.sample(range(1, 5), 4)
        rounds = [[{"sites": rng.randint(0, 9), "animals": rng.randint(0, 5)} for _ in range(4)] for _ in range(4)]
        tables.append((rows, ranks, rounds))
    start = time.perf_counter()
    total = Tally()
    for rows, ranks, rounds in tables:
        total.add(table_tally(rows, ranks, rounds))
    elapsed = time.perf_counter() - start
    per_table = elapsed / args.tables * 1e3
    print(f"pure: {args.tables} tables tallied and added in {elapsed:.1f} s ({per_table:.3f} ms a table)")


def picks(args: argparse.Namespace) -> None:
    """Pick accuracy (issue 31, item 3): each table's every alternative pick scored by the engine."""
    from calibrate import calibration_ns

    from games.drafting_sheet import parse_seat
    from games.par import table_par
    from games.pick_accuracy import table_accuracy
    from games.simulate import drafting_sheet

    print(f"calibration: an empty Python call takes {calibration_ns():.0f} ns")

    for game in sorted(g.id for g in games.GAMES.values() if g.drafting):
        rules, deck = games.GAMES[game].drafting, games.GAMES[game].default_edition()
        for players in (2, 3, 4):
            rng = random.Random(args.seed)
            sheets = [drafting_sheet(game, deck, players, rng, claims=False) for _ in range(args.tables)]
            tables = []
            for sheet in sheets:
                seats = [parse_seat(rules, raw, "") for raw in sheet["seats"]]
                tables.append(
                    (seats, rebuild([[list(seat.rounds[r].cards) for seat in seats] for r in range(4)], "left"))
                )
            for name, measure in (("pick accuracy", table_accuracy), ("par", table_par)):
                start = time.perf_counter()
                for seats, drafts in tables:
                    measure(rules, deck, seats, drafts)
                per_table = (time.perf_counter() - start) / args.tables * 1e3
                print(f"{name:<13} {game:<20} {players} players: {per_table:6.2f} ms a table")


def db(args: argparse.Namespace) -> None:
    from pages import bench_club

    from tournaments.analysis.services.card_stats import card_stats_rebuild, card_stats_sync
    from tournaments.analysis.services.pick_accuracy import tables_pick_accuracy_refresh
    from tournaments.models import Player, Registration, Round, ScoreSheet, Seat, Table, TableResult
    from tournaments.services.events import event_create
    from tournaments.verdicts import TableVerdict

    rng = random.Random(args.seed)
    tag = f"cards-{int(time.time())}"
    owner, club = bench_club(tag)
    users = get_user_model().objects.bulk_create(get_user_model()(username=f"{tag}-{i}") for i in range(400))
    players = Player.objects.bulk_create(
        Player(user=u, handle=f"{tag}-{i}", handle_key=f"{tag}-{i}") for i, u in enumerate(users)
    )
    event = event_create(organiser=owner, name=tag, game=GAME, organisation=club, rounds_planned=1, capacity=400)
    Registration.objects.bulk_create(Registration(event=event, player=p, status="checked_in") for p in players)
    per_round = 10_000  # a table's number is a small integer: 100,000 tables sit in ten rounds
    rounds = [
        Round.objects.create(event=event, number=r + 1, status="finished")
        for r in range((args.tables + per_round - 1) // per_round)
    ]
    tables = Table.objects.bulk_create(
        (Table(round=rounds[n // per_round], number=n % per_round + 1) for n in range(args.tables)), batch_size=5000
    )
    seats, sheets, results = [], [], []
    for table in tables:
        sat = rng.sample(players, 4)
        table_sheet = legal_sheet(GAME, 4, rng)
        for i, (player, seat_sheet) in enumerate(zip(sat, table_sheet["seats"], strict=True)):
            seat_sheet["player"] = player.handle
            seats.append(Seat(table=table, player=player, position=i + 1))
        verdict = games.verify_table({"game": GAME, "seats": table_sheet["seats"]})
        stored = TableVerdict.of_engine(verdict, []).to_json()
        results.append(TableResult(table=table, status="verified", verdict=stored, verified_at=timezone.now()))
        sheets.append(table_sheet["seats"])
    Seat.objects.bulk_create(seats, batch_size=2000)
    ScoreSheet.objects.bulk_create(
        (ScoreSheet(seat=seat, version=1, data=data, status="accepted")
         for seat, data in zip(seats, (d for table in sheets for d in table), strict=True)),
        batch_size=2000,
    )  # fmt: skip
    TableResult.objects.bulk_create(results, batch_size=2000)
    print(f"db: {args.tables} verified four-player tables written")
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # as autovacuum would soon: a bulk load leaves the planner blind
            cursor.execute("ANALYZE")
    start = time.perf_counter()
    counted = card_stats_rebuild(game=GAME)
    print(f"card_stats_rebuild from scratch: {counted} tables in {time.perf_counter() - start:.2f} s")
    chosen = TableResult.objects.filter(table__round__event=event).select_related("table__round__event")[: args.updates]
    times = []
    for result in chosen:
        start = time.perf_counter()
        with transaction.atomic():
            card_stats_sync(results=[result], counting=set())  # the table stops counting
            card_stats_sync(results=[result], counting={result.table_id})  # and counts again
        times.append((time.perf_counter() - start) * 1000 / 2)
    times.sort()
    print(f"one table's update: p50 {statistics.median(times):.2f} ms, p95 {times[int(len(times) * 0.95) - 1]:.2f} ms")
    refreshed = [result.table_id for result in chosen]
    start = time.perf_counter()
    tables_pick_accuracy_refresh(table_ids=refreshed)
    per_table = (time.perf_counter() - start) / len(refreshed) * 1e3
    print(f"pick accuracy stored for {len(refreshed)} tables: {per_table:.1f} ms a table (reads, engine, writes)")
    client = Client()
    for label, url in (("cards page", f"/games/{GAME}/cards/"), ("cards API", f"/api/games/{GAME}/cards/")):
        times = []
        for _ in range(args.requests):
            start = time.perf_counter()
            assert client.get(url).status_code == 200
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        print(f"{label:<12} p50 {statistics.median(times):6.1f} ms   p95 {times[int(len(times) * 0.95) - 1]:6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, default in (("pure", 100_000), ("db", 2000), ("picks", 200)):
        command = commands.add_parser(name)
        command.add_argument("--tables", type=int, default=default)
        command.add_argument("--seed", type=int, default=1)
        command.add_argument("--updates", type=int, default=200)
        command.add_argument("--requests", type=int, default=50)
    args = parser.parse_args()
    if args.command == "db":
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
    {"pure": pure, "db": db, "picks": picks}[args.command](args)


if __name__ == "__main__":
    main()
