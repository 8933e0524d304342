"""Web page benchmarks (issue 16), against the database named by DATABASE_URL (use PostgreSQL).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/boomerang_bench .venv/bin/python bench/pages.py standings
    DATABASE_URL=... .venv/bin/python bench/pages.py leaderboard --players 100000

`event-page`: a championship's round (500 four-player tables seated, 2,000 registrations): the CPU of an
anonymous read of the event page and of the standings page, and their ratio (issue 65: at most 3).
`standings`: a 64-player Boomerang: Australia event, 4 rounds played and verified through the services;
p50/p95 of its standings page, event page, round pairings and TV view.
`preview`: the score pad's live scoring, POST /api/games/boomerang-australia/score/ with a 4-player table
after 4 rounds (the heaviest preview), and after 2 rounds with a row being drafted; target p95 < 30 ms.
`season`: a 40-event, 600-player season (results written as synthetic verdicts); p50/p95 of the season page
and its standings API, which read the standings stored from the events' places, and of storing them again
(what a correction, a sanction or an event joining adds to its transaction).
`player`: a player's page after 5, 50 and 500 finished, rated events; p50/p95 at each and the 500/5 ratio.
`export`: a player's data export after 5, 50 and 500 finished, rated events, and erasing that account.
`club`: a club's page after 5, 50 and 500 finished, rated events of its 40 members; the same figures.
`neighbour`: gunicorn serving a season of `--events` x `--players`; one anonymous client reads the season
page flat out beside a signed-in API reader: the reader's p95 alone and beside it (issue 41: under 2x).
`leaderboard`: that many rated players in the Boomerang: USA pool (its ratings are replaced); p50/p95 of
the leaderboard page 1 and page 1,000 (keyset cursor of the 49,950th player) and the established filter.
Each page is requested through Django's test client in this process (middleware, view, template), target
p95 < 50 ms.
"""

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# The benches time the pages, not the public read limit (300 a minute per address).
os.environ.setdefault("THROTTLE_READ_ANON", "100000000/min")
os.environ.setdefault("THROTTLE_PAGE_ANON", "100000000/min")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

import games  # noqa: E402
from bench.calibrate import calibration_ns  # noqa: E402
from games.simulate import legal_sheet  # noqa: E402
from ratings.models import Rating, RatingPool  # noqa: E402
from ratings.selectors import leaderboards as leaderboards_selectors  # noqa: E402
from ratings.selectors.leaderboards import Cursor  # noqa: E402
from tournaments.models import Event, Player  # noqa: E402
from tournaments.privacy.services import account_erase  # noqa: E402
from tournaments.results.services.closing import event_close  # noqa: E402
from tournaments.results.services.places import event_places_refresh  # noqa: E402
from tournaments.results.services.rating import tables_rate  # noqa: E402
from tournaments.results.services.sheets import table_sheets_submit  # noqa: E402
from tournaments.seasons.services import season_create, season_event_add, season_standings_refresh  # noqa: E402
from tournaments.services.clubs import organisation_create  # noqa: E402
from tournaments.services.events import event_create, event_open_registration  # noqa: E402
from tournaments.services.registrations import registration_check_in, registration_create  # noqa: E402
from tournaments.services.rounds import event_start, round_seat_next, round_start  # noqa: E402
from tournaments.stewarding.services import event_sanction  # noqa: E402
from tournaments.validators import handle_key  # noqa: E402

WARM_UP = 5  # untimed requests first: the process's first ones load templates and translations


def timed(client: Client, label: str, url: str, requests: int) -> float:
    """p50, p95 and the slowest of `requests` GETs (after WARM_UP untimed ones, as a running server has
    served its first requests long ago; the slowest shows what a garbage collection of the heap costs)."""
    for _ in range(WARM_UP):
        client.get(url)
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(
        f"{label:<22} p50 {statistics.median(times):6.1f} ms   p95 {p95:6.1f} ms   max {times[-1]:6.1f} ms"
        f"   ({requests} requests)"
    )
    return p95


def bench_players(prefix: str, count: int) -> list[Player]:
    user_model = get_user_model()
    users = user_model.objects.bulk_create(
        [user_model(username=f"{prefix}-{i}") for i in range(count)], batch_size=5000
    )
    return Player.objects.bulk_create(
        [Player(user=u, handle=u.username, handle_key=handle_key(u.username)) for u in users], batch_size=5000
    )


def bench_club(tag: str) -> tuple[Any, Any]:
    """A superuser (a steward of every game) and a trusted club of theirs: its events are sanctioned."""
    from tournaments.models import Organisation

    owner = get_user_model().objects.create(username=f"{tag}-owner", is_superuser=True)
    club = organisation_create(by=owner, slug=tag, name=f"Bench {tag}")
    trusted = sorted(games.GAMES)
    Organisation.objects.filter(pk=club.pk).update(trusted_games=trusted)
    club.trusted_games = trusted
    return owner, club


def standings(args: argparse.Namespace) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = True
    from config.celery import app

    app.conf.task_always_eager = True
    rng = random.Random(args.seed)
    tag = f"pages-{int(time.time())}"
    organiser = get_user_model().objects.create(username=f"{tag}-organiser")
    event = event_create(organiser=organiser, name=f"Bench {tag}", game="boomerang-australia", capacity=64)
    steward, _ = get_user_model().objects.get_or_create(username="bench-steward", defaults={"is_superuser": True})
    event_sanction(event=event, by=steward, reason="benchmark")  # its tables feed the leaderboard
    event_open_registration(event=event, by=organiser)
    for player in bench_players(tag, 64):
        registration = registration_create(event=event, player=player)
        registration_check_in(registration=registration, by=organiser)
    started = time.perf_counter()
    round_ = event_start(event=event, by=organiser)
    for number in range(1, event.rounds_planned + 1):
        round_start(round_=round_, by=organiser)
        for table in round_.tables.prefetch_related("seats__player"):
            seats = list(table.seats.all())
            sheet = legal_sheet(event.game, len(seats), rng)
            data = [{**s, "player": seat.player.handle} for seat, s in zip(seats, sheet["seats"], strict=True)]
            table_sheets_submit(table=table, seats=data, by=organiser)
        if number < event.rounds_planned:
            round_ = round_seat_next(event=event, by=organiser)
    event = event_close(event=Event.objects.get(pk=event.pk), by=organiser)  # as its organiser does
    print(f"database: {connection.vendor}; 64 players, 4 rounds played in {time.perf_counter() - started:.1f} s")
    assert event.status == Event.Status.FINISHED, event.status
    client = Client()
    client.force_login(organiser)
    timed(client, "standings (64 players)", f"/events/{event.pk}/standings/", args.requests)
    timed(client, "event page", f"/events/{event.pk}/", args.requests)
    timed(client, "round 4 pairings", f"/events/{event.pk}/rounds/4/", args.requests)
    timed(client, "TV view", f"/events/{event.pk}/tv/", args.requests)


def cpu_per_read(client: Client, url: str, requests: int) -> float:
    """Milliseconds of this process's CPU a GET costs, the median of `requests` (after WARM_UP untimed)."""
    for _ in range(WARM_UP):
        assert client.get(url).status_code == 200, url
    costs = []
    for _ in range(requests):
        start = time.process_time()
        client.get(url)
        costs.append((time.process_time() - start) * 1000)
    return statistics.median(costs)


def event_page(args: argparse.Namespace) -> None:
    """Issue 65, item 2: a championship's event page read anonymously (500 four-player tables seated,
    2,000 registrations) against its standings page: the CPU of one read each, and their ratio."""
    from tournaments.models import Registration

    tag = f"event-page-{int(time.time())}"
    organiser = get_user_model().objects.create(username=f"{tag}-organiser")
    event = event_create(organiser=organiser, name=f"Bench {tag}", game="boomerang-australia",
                         capacity=args.tables * 4, rounds_planned=4)  # fmt: skip
    event_open_registration(event=event, by=organiser)
    players = bench_players(tag, args.tables * 4)
    Registration.objects.bulk_create([Registration(event=event, player=p, status=Registration.Status.CHECKED_IN)
                                      for p in players], batch_size=5000)  # fmt: skip
    round_start(round_=event_start(event=event, by=organiser), by=organiser)
    anonymous = Client()
    event_cpu = cpu_per_read(anonymous, f"/events/{event.pk}/", args.requests)
    standings_cpu = cpu_per_read(anonymous, f"/events/{event.pk}/standings/", args.requests)
    size = len(anonymous.get(f"/events/{event.pk}/").content)
    print(f"database: {connection.vendor}; {args.tables} tables, {len(players)} registrations; calibration: "
          f"an empty call {calibration_ns():.1f} ns")  # fmt: skip
    print(f"event page (anonymous): {event_cpu:.2f} ms CPU a read, {size / 1024:.0f} KB")
    print(f"standings (anonymous):  {standings_cpu:.2f} ms CPU a read; event page / standings "
          f"{event_cpu / standings_cpu:.2f}")  # fmt: skip


def leaderboard(args: argparse.Namespace) -> None:
    game = "boomerang-usa"
    pool, _ = RatingPool.objects.get_or_create(game=game, defaults={"name": "Boomerang: USA"})
    pool.ratings.all().delete()
    user_model = get_user_model()
    prefix = "pages-lb"
    have = list(user_model.objects.filter(username__startswith=f"{prefix}-").values_list("id", flat=True))
    if len(have) < args.players:
        user_model.objects.bulk_create(
            [user_model(username=f"{prefix}-{i}") for i in range(len(have), args.players)], batch_size=10000
        )
        have = list(user_model.objects.filter(username__startswith=f"{prefix}-").values_list("id", flat=True))
    rng, now = random.Random(args.seed), timezone.now()
    ratings = []
    for player_id in have[: args.players]:
        mu, sigma = rng.gauss(25, 5), rng.uniform(1, 8)
        ratings.append(Rating(pool=pool, player_id=player_id, name=f"{prefix}-{player_id}", mu=mu, sigma=sigma,
                              conservative=mu - 3 * sigma, games=rng.randint(0, 60), last_played_at=now))  # fmt: skip
    Rating.objects.bulk_create(ratings, batch_size=10000)
    analyze("ratings_rating")
    deep = leaderboards_selectors.leaderboard(pool=pool).values_list("conservative", "id")[49_949]
    cursor = Cursor(deep[0], deep[1], 49_950).encode()
    print(f"database: {connection.vendor}; rated players in the pool: {pool.ratings.count():,}")
    client = Client()
    timed(client, "leaderboard page 1", f"/leaderboards/{game}/", args.requests)
    timed(client, "leaderboard page 1,000", f"/leaderboards/{game}/?after={cursor}", args.requests)
    timed(client, "established, page 1", f"/leaderboards/{game}/?established=1", args.requests)
    page = client.get(f"/leaderboards/{game}/?after={cursor}").content.decode()
    assert '<td class="num">49951</td>' in page, "page 1,000 does not start at place 49,951"


def preview(args: argparse.Namespace) -> None:
    import json

    from config import throttling

    # One client sends far more than a phone would: the throttles (a cache hit each) are switched off here.
    for throttle in (throttling.ScorePreviewThrottle, throttling.ScorePreviewAnonThrottle):
        throttle.allow_request = lambda self, request, view: True
    client, rng = Client(), random.Random(args.seed)
    tables = [legal_sheet("boomerang-australia", 4, rng) for _ in range(20)]
    partial = json.loads(json.dumps(tables[0]))
    for seat in partial["seats"]:
        seat["rounds"] = seat["rounds"][:2]
        seat["rounds"][1]["cards"] = seat["rounds"][1]["cards"][:4]
        seat.pop("claimed_total")
    print(f"database: {connection.vendor} (not touched by a preview but for the active edition's id)")
    for label, sheets in (("4 players, 4 rounds", tables), ("4 players, round 2 half drafted", [partial])):
        times = []
        for i in range(args.requests):
            body = json.dumps({"seats": sheets[i % len(sheets)]["seats"]})
            start = time.perf_counter()
            response = client.post("/api/games/boomerang-australia/score/", body, content_type="application/json")
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, response.content
        times.sort()
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"{label:<34} p50 {statistics.median(times):6.1f} ms   p95 {p95:6.1f} ms   ({args.requests} requests)")


def build_season(events: int, players_count: int, seed: int) -> tuple[Any, list[Player], Any]:
    """A season of `--events` finished one-round events of `--players` players (tables of 4), written straight
    into the database as verified results (synthetic verdicts: ranks and totals, not played games), then the
    season page and its standings API, and the season's standings stored again from those results."""
    from datetime import date

    from tournaments.models import Registration, Round, Seat, Table, TableResult

    rng = random.Random(seed)
    tag = f"season-{int(time.time())}"
    owner, club = bench_club(tag)
    players = bench_players(tag, players_count)
    the_season = season_create(
        by=owner, organisation=club, name=f"Bench {tag}", game="boomerang-australia", starts_on=date(2000, 1, 1),
        ends_on=date(2100, 1, 1), best_of=8, qualifiers=8,
    )  # fmt: skip
    for number in range(events):
        event = event_create(organiser=owner, name=f"{tag} {number}", game="boomerang-australia",
                                      organisation=club, rounds_planned=1, capacity=players_count)  # fmt: skip
        Registration.objects.bulk_create(Registration(event=event, player=p, status="checked_in") for p in players)
        round_ = Round.objects.create(event=event, number=1, status="finished")
        order = players[:]
        rng.shuffle(order)
        tables = Table.objects.bulk_create(Table(round=round_, number=n + 1) for n in range(len(order) // 4))
        seats, results = [], []
        for table in tables:
            sat = order[(table.number - 1) * 4 : table.number * 4]
            seats += [Seat(table=table, player=p, position=i + 1) for i, p in enumerate(sat)]
            totals = sorted((rng.randint(20, 90) for _ in sat), reverse=True)
            verdict = {
                "valid": True,
                "game": "boomerang-australia",
                "problems": [],
                "edition": "bench",
                "seats": [
                    {
                        "player": p.handle,
                        "total": t,
                        "rank": sorted(totals, reverse=True).index(t) + 1,
                        "tie_breaks": {"throw_catch": rng.randint(0, 8)},
                    }
                    for p, t in zip(sat, totals, strict=True)
                ],
            }
            results.append(TableResult(table=table, status="verified", verdict=verdict, verified_at=timezone.now()))
        Seat.objects.bulk_create(seats)
        TableResult.objects.bulk_create(results)
        Event.objects.filter(pk=event.pk).update(status="finished")
        event_places_refresh(event_ids=[event.pk])  # as closing the event does
        season_event_add(season=the_season, by=owner, event=event)
    analyze("tournaments_eventplace", "tournaments_seasonstanding")
    return the_season, players, owner


def season(args: argparse.Namespace) -> None:
    """The season page and its standings API at `--events` x `--players`, and storing its standings again."""
    the_season, players, _owner = build_season(args.events, args.players, args.seed)
    client = Client()
    print(f"season: {args.events} events x {args.players} players, best {the_season.best_of} count")
    timed(client, "season page", f"/seasons/{the_season.pk}/", args.requests)
    timed(client, "season standings API", f"/api/seasons/{the_season.pk}/standings/", args.requests)
    timed(client, "a player's page", f"/players/{players[0].handle}/", args.requests)
    refreshes = []
    for _ in range(max(args.requests // 3, 5)):
        start = time.perf_counter()
        season_standings_refresh(season_ids=[the_season.pk])
        refreshes.append((time.perf_counter() - start) * 1000)
    refreshes.sort()
    print(f"{'standings stored again':<22} p50 {statistics.median(refreshes):6.1f} ms   max {refreshes[-1]:6.1f} ms")


def analyze(*tables: str) -> None:
    """What autovacuum does soon after a bulk load (PostgreSQL): without it the planner guesses a handful of
    rows and picks nested loops that grow with the data (a player's page read 152,000 joined rows)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {', '.join(tables)}" if tables else "ANALYZE")


def one_table_event(owner: Any, club: Any, name: str, sat: list[Player], rng: random.Random) -> int:
    """A finished one-table Boomerang: USA event of the club (a synthetic verified verdict, places stored as
    closing does); returns its table's id, for rating."""
    from tournaments.models import Registration, Round, Seat, Table, TableResult

    event = event_create(organiser=owner, name=name, game="boomerang-usa", organisation=club,
                                  rounds_planned=1, capacity=4)  # fmt: skip
    Registration.objects.bulk_create(Registration(event=event, player=p, status="checked_in") for p in sat)
    round_ = Round.objects.create(event=event, number=1, status="finished")
    table = Table.objects.create(round=round_, number=1)
    Seat.objects.bulk_create(Seat(table=table, player=p, position=i + 1) for i, p in enumerate(sat))
    ranks = rng.sample(range(1, 5), 4)
    verdict = {"valid": True, "game": "boomerang-usa", "problems": [], "edition": "bench",
               "seats": [{"player": p.handle, "total": 100 - 10 * r, "rank": r, "tie_breaks": {}}
                         for p, r in zip(sat, ranks, strict=True)]}  # fmt: skip
    TableResult.objects.create(table=table, status="verified", verdict=verdict, verified_at=timezone.now())
    Event.objects.filter(pk=event.pk).update(status="finished")
    event_places_refresh(event_ids=[event.pk])  # as closing the event does
    return table.pk


def player(args: argparse.Namespace) -> None:
    """A player's page after 5, 50 and 500 finished, rated events (one table of four each, synthetic verified
    verdicts, places stored as closing does, every table rated): the page must cost the same at each."""
    rng = random.Random(args.seed)
    tag = f"player-{int(time.time())}"
    owner, club = bench_club(tag)
    others = bench_players(f"{tag}-x", 40)
    p95s = {}
    for count in args.events:
        me = bench_players(f"{tag}-p{count}", 1)[0]
        table_ids = []
        for number in range(count):
            sat = [me, *rng.sample(others, 3)]
            rng.shuffle(sat)
            table_ids.append(one_table_event(owner, club, f"{tag} {count}-{number}", sat, rng))
        tables_rate(table_ids=table_ids)
        analyze()
        p95s[count] = timed(Client(), f"player page, {count} events", f"/players/{me.handle}/", args.requests)
    low, high = min(args.events), max(args.events)
    print(f"p95 ratio {high}/{low} events: {p95s[high] / p95s[low]:.2f}")


def export(args: argparse.Namespace) -> None:
    """A player's data export (GET /api/me/export/, issue 46: under 2 s with 500 events) after 5, 50 and 500
    finished, rated events, written as `player` writes them; then erasing the 500-event account, timed once."""
    from bench.calibrate import calibration_ns

    rng = random.Random(args.seed)
    tag = f"export-{int(time.time())}"
    owner, club = bench_club(tag)
    others = bench_players(f"{tag}-x", 40)
    me = None
    for count in args.events:
        me = bench_players(f"{tag}-p{count}", 1)[0]
        table_ids = [one_table_event(owner, club, f"{tag} {count}-{n}", [me, *rng.sample(others, 3)], rng)
                     for n in range(count)]  # fmt: skip
        tables_rate(table_ids=table_ids)
        analyze()
        client = Client()
        client.force_login(me.user)
        timed(client, f"export, {count} events", "/api/me/export/", args.requests)
    assert me is not None
    me.user.set_password("bench-password-long-enough")
    me.user.save()
    started = time.perf_counter()
    account_erase(user=me.user, password="bench-password-long-enough")
    print(f"erase, {max(args.events)} events: {(time.perf_counter() - started) * 1000:.0f} ms")
    print(f"calibration: an empty Python call {calibration_ns():.0f} ns")


def club(args: argparse.Namespace) -> None:
    """A club's page after 5, 50 and 500 finished, rated events of its 40 members (one table of four each,
    as `player` writes them): its lists and its members' leaderboard must cost the same at each."""
    from datetime import date

    from tournaments.models import Membership

    rng = random.Random(args.seed)
    p95s = {}
    for count in args.events:
        tag = f"club-{int(time.time())}-{count}"
        owner, the_club = bench_club(tag)
        members = bench_players(f"{tag}-m", 40)
        Membership.objects.bulk_create(
            Membership(organisation=the_club, player=p, joined_on=date(2000, 1, 1)) for p in members
        )
        table_ids = []
        for number in range(count):
            table_ids.append(one_table_event(owner, the_club, f"{tag} {number}", rng.sample(members, 4), rng))
        tables_rate(table_ids=table_ids)
        analyze()
        p95s[count] = timed(Client(), f"club page, {count} events", f"/clubs/{the_club.slug}/", args.requests)
    low, high = min(args.events), max(args.events)
    print(f"p95 ratio {high}/{low} events: {p95s[high] / p95s[low]:.2f}")


def neighbour(args: argparse.Namespace) -> None:
    """One anonymous client reading the season page flat out (`--greedy` threads) beside a signed-in API
    reader, served by gunicorn (`--web-workers`) with the shared Redis throttle, as deployed: the reader's p95
    alone, then beside the greedy client (target: less than 2x). The server runs with the default limits."""
    import subprocess
    import threading
    import urllib.error
    import urllib.request

    from rest_framework.authtoken.models import Token

    the_season, _players, owner = build_season(args.events, args.players, args.seed)
    token = Token.objects.get_or_create(user=owner)[0].key
    env = {k: v for k, v in os.environ.items() if not k.startswith("THROTTLE_")}
    env["REDIS_URL"] = env.get("REDIS_URL", "redis://127.0.0.1:6379/9")
    port = 8765
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", str(args.web_workers)],
        env={**env, "WEB_PROCESSES": str(args.web_workers)}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"

    def get(path: str, headers: dict[str, str] | None = None) -> int:
        request = urllib.request.Request(base + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                answer.read()
                return int(answer.status)
        except urllib.error.HTTPError as error:
            error.read()
            return int(error.code)

    try:
        for _ in range(100):
            try:
                get("/healthz")
                break
            except OSError:
                time.sleep(0.2)
        reader = {"Authorization": f"Token {token}"}

        def read_for(seconds: float) -> list[float]:
            times, end = [], time.monotonic() + seconds
            while time.monotonic() < end:
                start = time.perf_counter()
                assert get("/api/events/", reader) == 200
                times.append((time.perf_counter() - start) * 1000)
            return sorted(times)

        read_for(2)  # warm every worker
        alone = read_for(args.seconds)
        statuses: list[int] = []
        stop = threading.Event()

        def greedy() -> None:
            while not stop.is_set():
                statuses.append(get(f"/seasons/{the_season.pk}/"))

        threads = [threading.Thread(target=greedy) for _ in range(args.greedy)]
        for thread in threads:
            thread.start()
        beside = read_for(args.seconds)
        stop.set()
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(timeout=30)

    def p95(times: list[float]) -> float:
        return times[int(len(times) * 0.95) - 1]

    print(f"calibration: an empty Python call takes {calibration_ns():.0f} ns")
    print(f"season: {args.events} events x {args.players} players; gunicorn {args.web_workers} workers")
    print(f"signed-in API read alone:          p50 {statistics.median(alone):6.1f} ms  p95 {p95(alone):6.1f} ms")
    print(f"beside {args.greedy} greedy anonymous threads: p50 {statistics.median(beside):6.1f} ms  "
          f"p95 {p95(beside):6.1f} ms  ({len(beside)} reads)")  # fmt: skip
    served = statuses.count(200)
    print(f"the greedy client: {len(statuses)} requests, {served} pages served, {statuses.count(429)} answered 429")
    print(f"p95 ratio beside / alone: {p95(beside) / p95(alone):.2f} (target < 2)")


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    st = sub.add_parser("standings")
    st.add_argument("--requests", type=int, default=200)
    st.add_argument("--seed", type=int, default=1)
    lb = sub.add_parser("leaderboard")
    lb.add_argument("--players", type=int, default=100_000)
    lb.add_argument("--requests", type=int, default=200)
    lb.add_argument("--seed", type=int, default=1)
    ep = sub.add_parser("event-page")
    ep.add_argument("--tables", type=int, default=500)
    ep.add_argument("--requests", type=int, default=100)
    pv = sub.add_parser("preview")
    pv.add_argument("--requests", type=int, default=500)
    pv.add_argument("--seed", type=int, default=1)
    se = sub.add_parser("season")
    se.add_argument("--events", type=int, default=40)
    se.add_argument("--players", type=int, default=600)
    se.add_argument("--requests", type=int, default=50)
    se.add_argument("--seed", type=int, default=1)
    pl = sub.add_parser("player")
    pl.add_argument("--events", type=int, nargs="+", default=[5, 50, 500])
    pl.add_argument("--requests", type=int, default=100)
    pl.add_argument("--seed", type=int, default=1)
    ex = sub.add_parser("export")
    ex.add_argument("--events", type=int, nargs="+", default=[5, 50, 500])
    ex.add_argument("--requests", type=int, default=20)
    ex.add_argument("--seed", type=int, default=1)
    cl = sub.add_parser("club")
    cl.add_argument("--events", type=int, nargs="+", default=[5, 50, 500])
    cl.add_argument("--requests", type=int, default=100)
    cl.add_argument("--seed", type=int, default=1)
    ne = sub.add_parser("neighbour")
    ne.add_argument("--events", type=int, default=200)
    ne.add_argument("--players", type=int, default=400)
    ne.add_argument("--greedy", type=int, default=6)
    ne.add_argument("--web-workers", type=int, default=3)
    ne.add_argument("--seconds", type=float, default=20)
    ne.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    commands = {"standings": standings, "leaderboard": leaderboard, "preview": preview, "season": season}
    more = {"player": player, "club": club, "neighbour": neighbour, "export": export, "event-page": event_page}
    {**commands, **more}[args.command](args)


if __name__ == "__main__":
    main()
