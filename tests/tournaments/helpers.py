"""Play events through the public services, with legal sheets from the engine's simulator."""

import itertools
import random
from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from tournaments.demo.services import legal_table_sheet
from tournaments.models import Event, Player, RatingBody, Round, Table
from tournaments.results.services.sheets import sheet_submit
from tournaments.seasons.services import season_create, season_event_add
from tournaments.selectors.events import event_standings
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.registrations import registration_check_in, registration_create
from tournaments.services.rounds import event_start, round_seat_next, round_start
from tournaments.stewarding.services import event_sanction


def register_and_check_in(event: Event, players: list[Player]) -> None:
    for player in players:
        registration = registration_create(event=event, player=player)
        registration_check_in(registration=registration, by=player.user)


def legal_seat_data(table: Table, rng: random.Random) -> list[dict[str, Any]]:
    """A legal, correctly claimed sheet for the table, one seat object per seat in seating order."""
    seats = list(table.seats.select_related("player").order_by("position"))
    sheet = legal_table_sheet(table, len(seats), rng)
    data = []
    for seat, seat_sheet in zip(seats, sheet["seats"], strict=True):
        data.append({**seat_sheet, "player": seat.player.handle})
    return data


def play_round(round_: Round, organiser: AbstractBaseUser, rng: random.Random, on_commit: Any) -> None:
    """Start the round and have every seated player submit their own legal sheet."""
    round_start(round_=round_, by=organiser)
    for table in round_.tables.all():
        for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, rng), strict=True):
            with on_commit(execute=True):
                sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)


def standings_handles(event: Event) -> list[str]:
    return [row.handle for row in event_standings(event=event)]


def running_round(game: str = "boomerang-australia", players: int = 4, rounds: int = 1) -> tuple[Event, Round]:
    """An event with checked-in players whose first round is seated and running."""
    from tests.factories import EventFactory, PlayerFactory

    event = EventFactory(game=game, rounds_planned=rounds)
    register_and_check_in(event, [PlayerFactory() for _ in range(players)])
    round_ = event_start(event=event, by=event.organisers.get())
    round_start(round_=round_, by=event.organisers.get())
    return event, round_


def table_with_sheets(
    game: str, players: int, seed: int, on_commit: Any
) -> tuple[Event, Table, list[Any], list[dict[str, Any]]]:
    """A rated event of one round whose one table has every seat's legal sheet submitted by its own player:
    the event, the table, its seats in order and the sheets they sent."""
    event, round_ = running_round(game, players)
    event.rated = True
    event.save(update_fields=["rated"])
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    sheets = legal_seat_data(table, random.Random(seed))
    for seat, data in zip(seats, sheets, strict=True):
        with on_commit(execute=True):
            sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
    return event, table, seats, sheets


HUNT_TERRITORIES = ["Water", "Forest", "Meadow", "Desert", "Mountains"]  # a German review's names (reference)


def hunt_cards_form(
    species: tuple[str, ...] = ("Fish", "Turtle", "Kangaroo", "Emu", "Lizard", "Wombat"),
) -> dict[str, str]:
    """The hunt form's territories and 54 card rows, nine cards a species, each card two different territories
    (a test stand-in: the printed cards are not public)."""
    pairs = list(itertools.combinations(HUNT_TERRITORIES, 2))
    form = {f"territory-{k}": name for k, name in enumerate(HUNT_TERRITORIES)}
    for i in range(54):
        first, second = pairs[i % len(pairs)]
        form |= {f"hunt-card-{i}-species": species[i // 9], f"hunt-card-{i}-first": first,
                 f"hunt-card-{i}-second": second}  # fmt: skip
    return form


def season_night(on_commit: Any, rounds_played: int) -> tuple[Event, Any]:
    """A sanctioned club night of 4 planned rounds in a season, `rounds_played` of them played: the club
    `owls`, whose owner organises it, and the federation `fed`, rating every game; the event and its owner."""
    from tests.factories import PlayerFactory, UserFactory

    owner = PlayerFactory().user
    club = organisation_create(by=owner, slug="owls", name="Owls")
    steward = UserFactory()
    federation = organisation_create(by=steward, slug="fed", name="Federation")
    RatingBody.objects.create(game="", organisation=federation)
    event = event_create(organiser=owner, name="Thursday", game="boomerang-australia", organisation=club,
                         rounds_planned=4)  # fmt: skip
    event_sanction(event=event, by=steward, reason="club night")
    season = season_create(by=owner, organisation=club, name="League", game="boomerang-australia",
                           starts_on=date(2020, 1, 1), ends_on=date(2035, 1, 1))  # fmt: skip
    season_event_add(season=season, by=owner, event=event)
    event_open_registration(event=event, by=owner)
    register_and_check_in(event, [PlayerFactory() for _ in range(4)])
    round_ = event_start(event=event, by=owner)
    rng = random.Random(5)
    for number in range(1, rounds_played + 1):
        play_round(round_, owner, rng, on_commit)
        if number < rounds_played:
            round_ = round_seat_next(event=event, by=owner)
    return event, owner
