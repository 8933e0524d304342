"""A demo event played through the public paths: services for the organiser, the REST API for players.

Every table is played by the engine's simulator; a few sheets carry an honest mistake (a category off by
a little) so the demo shows a rejection with its reason and the player's correction.
"""

import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import games
from games.simulate import drafting_sheet, legal_sheet
from tournaments.catalogue.selectors import edition_active, edition_rules_data, table_deal
from tournaments.models import Event, Organisation, Player, Round, Staff, Table, TableResult
from tournaments.results.services.closing import event_close
from tournaments.results.services.rating import tables_unrate
from tournaments.seasons.models import SeasonEvent
from tournaments.seasons.services import season_standings_refresh
from tournaments.seating import table_sizes
from tournaments.selectors.events import event_standings
from tournaments.services.accounts import player_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.registrations import registration_check_in, registration_create
from tournaments.services.rounds import event_start, round_seat_next, round_start


@dataclass
class DemoReport:
    event: Event
    mistakes: list[str] = field(default_factory=list)
    corrected: int = 0


def demo_event_run(
    *, game: str, players: int, seed: int, rounds: int = 3, mistake_rate: float = 0.08, rated: bool = False,
    progress: Callable[[int], None] = lambda _: None, duplicate_deals: bool = False,
) -> DemoReport:  # fmt: skip
    """Run a whole event; `progress` is told of each table finished. Unrated unless `rated`: demo games
    stay out of the real leaderboards."""
    rng = random.Random(seed)
    organiser = _demo_organiser(seed)
    field_ = [_demo_player(f"demo-{seed}-{i + 1}") for i in range(players)]
    event = event_create(
        organiser=organiser, name=_unique_name(f"Demo {games.GAMES[game].name} (seed {seed})"), game=game,
        rounds_planned=rounds, capacity=players, seed=seed, rated=rated, organisation=_demo_club(),
        duplicate_deals=duplicate_deals,
    )  # fmt: skip
    event_open_registration(event=event, by=organiser)
    for player in field_:
        registration = registration_create(event=event, player=player)
        registration_check_in(registration=registration, by=player.user)
    report = DemoReport(event)
    round_ = event_start(event=event, by=organiser)
    for number in range(1, rounds + 1):
        round_start(round_=round_, by=organiser)
        for table in round_.tables.all():
            _play_table(table, rng, mistake_rate, report)
            progress(1)
        if number < rounds:
            round_ = round_seat_next(event=event, by=organiser)
    event_close(event=event, by=organiser)
    event.refresh_from_db()
    return report


def demo_event_unfinished(*, game: str, players: int, seed: int, running: bool) -> Event:
    """A demo event still taking registrations (a week from now), or `running`: round 1 seated and started,
    its first table played, the others waiting for their sheets. What a newcomer's first look should show."""
    organiser = _demo_organiser(seed)
    state = "running" if running else "open"
    event = event_create(
        organiser=organiser, name=_unique_name(f"Demo {games.GAMES[game].name} ({state})"), game=game,
        rounds_planned=3, capacity=players + 4, seed=seed, rated=True, organisation=_demo_club(),
        starts_at=timezone.now() + timedelta(days=0 if running else 7),
    )  # fmt: skip
    event_open_registration(event=event, by=organiser)
    for i in range(players):
        player = _demo_player(f"demo-{seed}-{i + 1}")
        registration = registration_create(event=event, player=player)
        if running:
            registration_check_in(registration=registration, by=player.user)
    if running:
        round_ = event_start(event=event, by=organiser)
        round_start(round_=round_, by=organiser)
        _play_table(round_.tables.order_by("number")[0], random.Random(seed), 0.0, DemoReport(event))
    event.refresh_from_db()
    return event


def tables_in(*, game: str, players: int, rounds: int) -> int:
    return len(table_sizes(players, games.GAMES[game].table_sizes_by_preference)[0]) * rounds


def _unique_name(name: str) -> str:
    """The name, or the name with the first free number (" #2", " #3"...): two demo events never share one."""
    taken = set(Event.objects.filter(name__startswith=name).values_list("name", flat=True))
    return next(candidate for n in itertools.count(1) if (candidate := name if n == 1 else f"{name} #{n}") not in taken)


DEMO_CLUB = "demo"


def _demo_club() -> Organisation:
    """The demo's own club, trusted (its events are sanctioned at once): every event it runs says "Demo"."""
    club, _ = Organisation.objects.get_or_create(
        slug=DEMO_CLUB,
        defaults={"name": "Demo club", "kind": Organisation.Kind.CLUB, "trusted_games": sorted(games.GAMES)},
    )
    return club


def _demo_organiser(seed: int) -> Any:
    user = _demo_user(f"{DEMO_ORGANISER_PREFIX}{seed}")
    Staff.objects.get_or_create(organisation=_demo_club(), user=user, defaults={"role": Staff.Role.ORGANISER})
    return user


def _demo_user(username: str) -> Any:
    user, _ = get_user_model().objects.get_or_create(username=username)
    return user


def _demo_player(handle: str) -> Player:
    """A demo player, marked: the pages say so, and official lists and seasons leave them out."""
    player = Player.objects.filter(handle=handle).first() or player_create(user=_demo_user(handle), handle=handle)
    if not player.demo:
        Player.objects.filter(pk=player.pk).update(demo=True)
        player.demo = True
    return player


def legal_table_sheet(table: Table, players: int, rng: random.Random) -> dict[str, Any]:
    """A legal, correctly claimed sheet for the table's game and size; drafted from the hands the service
    deals the table when its event has duplicate deals."""
    event = table.round.event
    deck = edition_rules_data(game=event.game, edition=edition_active(game=event.game))
    deal = table_deal(event=event, round_number=table.round.number, players=players, deck=deck)
    if deal is None:
        return legal_sheet(event.game, players, rng)
    return drafting_sheet(event.game, deck, players, rng, deal=deal)


def _play_table(table: Table, rng: random.Random, mistake_rate: float, report: DemoReport) -> None:
    seats = list(table.seats.select_related("player__user").order_by("position"))
    sheet = legal_table_sheet(table, len(seats), rng)
    honest = [{**data, "player": seat.player.handle} for seat, data in zip(seats, sheet["seats"], strict=True)]
    submitted = [_maybe_mistaken(data, rng, mistake_rate, report) for data in honest]
    for seat, data in zip(seats, submitted, strict=True):
        _post_sheet(seat.player, seat.pk, data)
    if _wait_for_result(table) == TableResult.Status.REJECTED:
        for seat, data, right in zip(seats, submitted, honest, strict=True):
            if data != right:
                _post_sheet(seat.player, seat.pk, right)
                report.corrected += 1
        _wait_for_result(table)


def _maybe_mistaken(data: dict[str, Any], rng: random.Random, rate: float, report: DemoReport) -> dict[str, Any]:
    if rng.random() >= rate or "claimed_total" not in data:
        return data
    slip = rng.choice([-2, -1, 1, 2])
    if data["claimed_total"] + slip < 0:
        slip = -slip  # a slip always changes the total and never makes it negative
    wrong = {**data, "claimed_total": data["claimed_total"] + slip}
    report.mistakes.append(f"{data['player']} added their total {slip:+d}")
    return wrong


def _post_sheet(player: Player, seat_id: int, data: dict[str, Any]) -> None:
    token, _ = Token.objects.get_or_create(user=player.user)
    host = next((h for h in settings.ALLOWED_HOSTS if h not in ("*", "")), "localhost").lstrip(".")
    client = APIClient(HTTP_HOST=host)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.post(f"/api/seats/{seat_id}/sheets/", {"data": data}, format="json")
    if response.status_code not in (200, 202):  # 200 when the table was verified at once
        raise RuntimeError(f"the API refused {player.handle}'s sheet: {response.status_code} {response.data}")


def _wait_for_result(table: Table, seconds: float = 60) -> str:
    """Wait for the worker's verdict (immediate when tasks run in-process)."""
    deadline = time.monotonic() + seconds
    while True:
        status = TableResult.objects.values_list("status", flat=True).get(table=table)
        if status in (TableResult.Status.VERIFIED, TableResult.Status.REJECTED, TableResult.Status.OVERRIDDEN):
            return status
        if time.monotonic() > deadline:
            raise TimeoutError(f"{table} was not verified within {seconds:.0f} s: is a worker running?")
        time.sleep(0.05)


def standings_lines(event: Event) -> list[str]:
    lines = [f"{'#':>3}  {'player':<16}{'points':>7}{'score':>7}"]
    for row in event_standings(event=event):
        lines.append(f"{row.rank:>3}  {row.handle:<16}{float(row.points):>7.1f}{row.game_score:>7}")
    return lines


def finished_rounds(event: Event) -> int:
    return event.rounds.filter(status=Round.Status.FINISHED).count()


DEMO_ORGANISER_PREFIX = "demo-organiser-"


def demo_clear() -> tuple[int, int]:
    """Delete the demo events (those run by a demo organiser) and their demo players' accounts, in one
    transaction: their tables leave the rating pools and the seasons they counted in are stored again, as
    the results pipeline would leave them. Returns (events, players) deleted."""
    with transaction.atomic():
        events = Event.objects.filter(organisers__username__startswith=DEMO_ORGANISER_PREFIX).distinct()
        event_ids = list(events.values_list("pk", flat=True))
        tables_unrate(table_ids=list(Table.objects.filter(round__event_id__in=event_ids).values_list("pk", flat=True)),
                      actor="demo_clear")  # fmt: skip
        seasons = set(SeasonEvent.objects.filter(event_id__in=event_ids).values_list("season_id", flat=True))
        handles = set(Player.objects.filter(registrations__event_id__in=event_ids).values_list("handle", flat=True))
        demo_players = Player.objects.filter(handle__in=handles, handle__startswith="demo-")
        user_ids = list(demo_players.values_list("user_id", flat=True))
        Event.objects.filter(pk__in=event_ids).delete()
        season_standings_refresh(season_ids=seasons)
        get_user_model().objects.filter(pk__in=user_ids).delete()
        get_user_model().objects.filter(username__startswith=DEMO_ORGANISER_PREFIX).delete()
    return len(event_ids), len(user_ids)
