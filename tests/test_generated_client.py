"""A client generated from the served OpenAPI schema with openapi-python-client (pinned in requirements.txt),
as an integrator would make one: every module of it imports, and it plays a whole event against the running
app with no hand-written HTTP: sign-up, a club and its webhook, an event, registrations, check-in, two rounds
with every player's own sheet, the close, a steward's sanction, standings, the leaderboard, a rating and its
rank, a season, card statistics, pick accuracy, the stewards' decisions, syncing by cursor, the quality report
(its adoption refused before a fit, typed), an event stream refusing a bad Last-Event-ID, a player search,
an API key reading as a bot, the data export and the webhook's deliveries; and the operations added since:
an entry fee, a payment at the door and the ledger, a steward's title, a season's final, a merge undone."""

import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)
BIN = Path(sys.executable).parent


def generate(tmp_path: Path) -> str:
    """The client package generated from the schema the app serves, importable as `boomerang_client`."""
    schema = tmp_path / "schema.json"
    schema.write_bytes(Client().get("/api/schema/", {"format": "json"}).content)
    result = subprocess.run(
        [str(BIN / "openapi-python-client"), "generate", "--path", str(schema), "--meta", "none",
         "--output-path", str(tmp_path / "boomerang_client")],
        capture_output=True, text=True, check=False, env={**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}"},
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    sys.path.insert(0, str(tmp_path))
    for name in [name for name in sys.modules if name.startswith("boomerang_client")]:
        del sys.modules[name]
    return "boomerang_client"


@pytest.fixture(scope="session")
def client_package(tmp_path_factory: pytest.TempPathFactory, django_db_setup, django_db_blocker) -> str:
    """The client generated once a test process (the schema does not change between tests). Once a module, it
    was generated again each time the suite's longest-first order came back to this module: four times a run."""
    with django_db_blocker.unblock():
        return generate(tmp_path_factory.mktemp("client"))


def test_every_module_of_the_generated_client_imports(client_package: str) -> None:
    package = importlib.import_module(client_package)
    failures = []
    modules = list(pkgutil.walk_packages(package.__path__, f"{package.__name__}."))
    for module in modules:
        try:
            importlib.import_module(module.name)
        except Exception as error:
            failures.append(f"{module.name}: {error!r}")
    assert len(modules) > 150
    assert failures == []


def answered(value):
    """The generated client's parsed answer: None means the status was not one the schema declares, an
    Error a refusal."""
    from boomerang_client.models import Error

    assert value is not None
    assert not isinstance(value, Error), value.to_dict()
    return value


def test_the_generated_client_plays_sign_up_a_club_an_event_and_round_one(client_package: str, live_server) -> None:
    from boomerang_client import AuthenticatedClient
    from boomerang_client import Client as PublicClient
    from boomerang_client.api.events import (
        events_create,
        events_open_registration_create,
        events_partial_update,
        events_registrations_create,
        events_start_create,
    )
    from boomerang_client.api.organisations import organisations_create
    from boomerang_client.api.players import players_create
    from boomerang_client.api.registrations import registrations_check_in_create
    from boomerang_client.models import (
        EventInputRequest,
        GameEnum,
        OrganisationInputRequest,
        PatchedEventUpdateRequest,
        PlayerSignupRequest,
    )

    public = PublicClient(base_url=live_server.url)

    def signed_up(handle: str) -> AuthenticatedClient:
        body = PlayerSignupRequest(username=handle, password="a-long-test-password", handle=handle)
        token = answered(players_create.sync(client=public, body=body)).token
        return AuthenticatedClient(base_url=live_server.url, token=token)  # the client's own default: Bearer

    organiser = signed_up("orga")
    club = answered(
        organisations_create.sync(client=organiser, body=OrganisationInputRequest(slug="owls", name="Owls"))
    )
    assert club.slug == "owls"
    body = EventInputRequest(name="Thursday", game=GameEnum("boomerang-australia"), organisation="owls",
                             rounds_planned=2, capacity=8)  # fmt: skip
    event = answered(events_create.sync(client=organiser, body=body))
    assert event.status == "draft"
    # A PATCH of one field moves nothing else: the schema gives a partial update no default to send.
    venue = PatchedEventUpdateRequest(venue="The back room")
    assert venue.to_dict() == {"venue": "The back room"}
    patched = answered(events_partial_update.sync(id=event.id, client=organiser, body=venue))
    assert (patched.venue, patched.rounds_planned, patched.capacity) == ("The back room", 2, 8)
    assert answered(events_open_registration_create.sync(id=event.id, client=organiser)).status == "registration"
    for player in [signed_up(f"player{n}") for n in range(4)]:
        registration = answered(events_registrations_create.sync(id=event.id, client=player))
        assert registration.status == "registered"
        assert answered(registrations_check_in_create.sync(id=registration.id, client=player)).status == "checked_in"
    round_one = answered(events_start_create.sync(id=event.id, client=organiser))
    assert round_one.number == 1
    seated = sorted(seat.player for table in round_one.tables for seat in table.seats)
    assert seated == [f"player{n}" for n in range(4)]


@pytest.fixture
def loopback_receiver(settings):
    from tests.tournaments.integrations.test_webhook_management import Receiver

    settings.WEBHOOK_ALLOW_HTTP = True
    settings.WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.0/8"]
    receiver = Receiver()
    yield receiver
    receiver.close()


def test_the_generated_client_plays_a_whole_event(client_package: str, live_server, loopback_receiver) -> None:
    import datetime
    import io
    import random

    from boomerang_client import AuthenticatedClient
    from boomerang_client import Client as PublicClient
    from boomerang_client.api.events import (
        events_changes_list,
        events_close_create,
        events_create,
        events_decisions_list,
        events_next_round_create,
        events_open_registration_create,
        events_registrations_create,
        events_sanction_create,
        events_standings_list,
        events_start_create,
        events_stream,
    )
    from boomerang_client.api.games import games_cards_list
    from boomerang_client.api.me import me_export_retrieve
    from boomerang_client.api.organisations import (
        organisations_create,
        organisations_keys_create,
        organisations_webhooks_create,
        organisations_webhooks_deliveries_list,
    )
    from boomerang_client.api.players import players_create, players_list, players_pick_accuracy_list, players_retrieve
    from boomerang_client.api.ratings import (
        ratings_pools_leaderboard_list,
        ratings_pools_players_retrieve,
        ratings_pools_quality_adopt_create,
        ratings_pools_quality_retrieve,
    )
    from boomerang_client.api.registrations import registrations_check_in_create
    from boomerang_client.api.rounds import rounds_start_create
    from boomerang_client.api.seasons import seasons_create, seasons_events_create, seasons_standings_list
    from boomerang_client.api.seats import seats_sheets_create
    from boomerang_client.api.tables import tables_changes_list
    from boomerang_client.models import (
        AdoptInputRequest,
        ApiKeyInputRequest,
        EventInputRequest,
        EventsEnum,
        GameEnum,
        OrganisationInputRequest,
        OrganisationKindEnum,
        PlayerSignupRequest,
        ReasonRequest,
        ScopesEnum,
        SeasonEventInputRequest,
        SeasonInputRequest,
        SheetInputRequest,
        SheetInputRequestData,
        WebhookInputRequest,
    )
    from django.core.management import call_command

    from tests.tournaments.helpers import legal_seat_data
    from tournaments.models import Organisation, RatingBody, Table

    game = "boomerang-australia"
    public = PublicClient(base_url=live_server.url)
    began = datetime.datetime.now(datetime.UTC) - datetime.timedelta(seconds=1)

    def signed_up(handle: str) -> AuthenticatedClient:
        body = PlayerSignupRequest(username=handle, password="a-long-test-password", handle=handle)
        token = answered(players_create.sync(client=public, body=body)).token
        return AuthenticatedClient(base_url=live_server.url, token=token, prefix="Token")

    organiser, steward = signed_up("orga"), signed_up("steward")
    answered(organisations_create.sync(client=organiser, body=OrganisationInputRequest(slug="owls", name="Owls")))
    federation = OrganisationInputRequest(slug="fed", name="Federation", kind=OrganisationKindEnum("federation"))
    answered(organisations_create.sync(client=steward, body=federation))
    RatingBody.objects.create(game="", organisation=Organisation.objects.get(slug="fed"))  # stewards: no API sets it
    hook_body = WebhookInputRequest(
        url=loopback_receiver.url, events=[EventsEnum("round.seated"), EventsEnum("event.finished")]
    )
    hook = answered(organisations_webhooks_create.sync(slug="owls", client=organiser, body=hook_body))

    body = EventInputRequest(name="Thursday", game=GameEnum(game), organisation="owls", rounds_planned=2, capacity=8)
    event = answered(events_create.sync(client=organiser, body=body))
    answered(events_open_registration_create.sync(id=event.id, client=organiser))
    players = {f"player{n}": signed_up(f"player{n}") for n in range(4)}
    for player in players.values():
        registration = answered(events_registrations_create.sync(id=event.id, client=player))
        answered(registrations_check_in_create.sync(id=registration.id, client=player))

    rng = random.Random(5)
    seated = answered(events_start_create.sync(id=event.id, client=organiser))
    for number in (1, 2):
        if number == 2:
            seated = answered(events_next_round_create.sync(id=event.id, client=organiser))
        assert seated.number == number
        answered(rounds_start_create.sync(id=seated.id, client=organiser))
        for table in seated.tables:
            sheets = legal_seat_data(Table.objects.get(pk=table.id), rng)  # the sheets the players hold
            for seat, sheet in zip(sorted(table.seats, key=lambda s: s.position), sheets, strict=True):
                body = SheetInputRequest(data=SheetInputRequestData.from_dict(sheet))
                sent = seats_sheets_create.sync(id=seat.id, client=players[seat.player], body=body,
                                                idempotency_key=f"round-{number}-seat-{seat.id}")  # fmt: skip
                assert answered(sent).version == 1
    finished = answered(events_close_create.sync(id=event.id, client=organiser))
    assert finished.status == "finished"
    sanctioned = answered(events_sanction_create.sync(id=event.id, client=steward, body=ReasonRequest(reason="ok")))
    assert sanctioned.sanction == "sanctioned"

    standings = answered(events_standings_list.sync(id=event.id, client=public)).results
    assert sorted(row.player for row in standings) == sorted(players)
    assert [row.rank for row in standings] == sorted(row.rank for row in standings)
    assert standings[0].rank == 1
    board = answered(ratings_pools_leaderboard_list.sync(game, client=public))
    assert board.count == 4
    second = answered(ratings_pools_leaderboard_list.sync(game, client=public, page=2, page_size=3)).results
    assert [row.handle for row in second] == [board.results[3].handle]  # a page past the first, typed
    standings_2 = answered(events_standings_list.sync(id=event.id, client=public, page=2, page_size=2)).results
    assert [row.player for row in standings_2] == [row.player for row in standings[2:4]]
    winner = standings[0].player
    rating = answered(ratings_pools_players_retrieve.sync(game, winner, client=public))
    assert (rating.rating.handle, rating.rating.games) == (winner, 2)
    assert 1 <= rating.rank <= 4
    profile = answered(players_retrieve.sync(winner, client=public))
    assert profile.events[0].place == standings[0].rank
    today = datetime.date.today()
    season = answered(seasons_create.sync(client=organiser, body=SeasonInputRequest(
        organisation="owls", name="Winter", game=GameEnum(game),
        starts_on=today - datetime.timedelta(days=30), ends_on=today + datetime.timedelta(days=30))))  # fmt: skip
    answered(seasons_events_create.sync(id=season.id, client=organiser, body=SeasonEventInputRequest(event=event.id)))
    season_rows = answered(seasons_standings_list.sync(id=season.id, client=public)).results
    assert sorted(row.player for row in season_rows) == sorted(players)
    cards = answered(games_cards_list.sync(game, client=public)).results
    assert sum(line.taken for line in cards) == 4 * 2 * 4 * 7  # 4 players, 2 rounds of 4 draft rounds, 7 cards
    accuracy = answered(players_pick_accuracy_list.sync(winner, client=public)).results
    assert len(accuracy) == 2
    assert accuracy[0].rounds[0].picks[0].taken
    decisions = answered(events_decisions_list.sync(event.id, client=public)).results
    assert [(d.kind, d.decision) for d in decisions] == [("sanction", "sanctioned")]
    changed = answered(events_changes_list.sync(client=public, updated_since=began))
    assert event.id in [e.id for e in changed.results]
    tables = answered(tables_changes_list.sync(client=public, event=event.id))
    assert {t.result.status for t in tables.results} == {"verified"}
    call_command("rating_quality", game, stdout=io.StringIO())
    quality = answered(ratings_pools_quality_retrieve.sync(game, client=public))
    assert (quality.tables, quality.comparison) == (2, None)  # too few tables to fit parameters to
    refused = ratings_pools_quality_adopt_create.sync(game, client=steward, body=AdoptInputRequest(reason="try"))
    assert (refused.code, refused.field) == ("no_fitted_parameters", "game")  # typed: the schema's Error
    unread = events_stream.sync(event.id, client=public, last_event_id="yesterday")  # never read whole
    assert (unread.code, unread.field) == ("invalid", "Last-Event-ID")
    assert answered(players_list.sync(client=public, search="player")).count == 4
    key_body = ApiKeyInputRequest(name="bot", scopes=[ScopesEnum("read")])
    made = answered(organisations_keys_create.sync(slug="owls", client=organiser, body=key_body))
    bot = AuthenticatedClient(base_url=live_server.url, token=made.key, prefix="Bearer")
    assert answered(events_decisions_list.sync(event.id, client=bot))
    assert answered(me_export_retrieve.sync(client=players[winner])).to_dict()["player"]["handle"] == winner
    deliveries = answered(
        organisations_webhooks_deliveries_list.sync(slug="owls", webhook_id=hook.id, client=organiser)
    )
    assert sorted(d.event_type for d in deliveries.results) == ["event.finished", "round.seated", "round.seated"]
    assert {d.status for d in deliveries.results} == {"delivered"}


def test_the_generated_client_runs_the_door_a_title_a_final_and_an_undone_merge(
    client_package: str, live_server
) -> None:
    """The operations added since the whole event above (0.7.0), through the generated client: an entry fee
    and a payment at the door, the ledger; a steward's title; a season's final; a merge undone."""
    import datetime

    from boomerang_client import AuthenticatedClient
    from boomerang_client import Client as PublicClient
    from boomerang_client.api.events import (
        events_create,
        events_entry_fee_create,
        events_ledger_retrieve,
        events_open_registration_create,
        events_payments_create,
        events_registrations_create,
    )
    from boomerang_client.api.games import games_titles_create, games_titles_list
    from boomerang_client.api.organisations import organisations_create
    from boomerang_client.api.player_merges import player_merges_create, player_merges_undo_create
    from boomerang_client.api.players import players_create
    from boomerang_client.api.seasons import seasons_create, seasons_final_create
    from boomerang_client.models import (
        EntryFeeInputRequest,
        EventInputRequest,
        FinalInputRequest,
        GameEnum,
        MergeInputRequest,
        MethodEnum,
        OrganisationInputRequest,
        OrganisationKindEnum,
        PaymentInputRequest,
        PaymentKindEnum,
        PlayerSignupRequest,
        SeasonInputRequest,
        TitleInputRequest,
        UndoInputRequest,
    )

    from tournaments.models import Organisation, RatingBody

    game = "boomerang-australia"
    public = PublicClient(base_url=live_server.url)

    def signed_up(handle: str) -> AuthenticatedClient:
        body = PlayerSignupRequest(username=handle, password="a-long-test-password", handle=handle)
        token = answered(players_create.sync(client=public, body=body)).token
        return AuthenticatedClient(base_url=live_server.url, token=token)

    organiser, steward = signed_up("orga"), signed_up("steward")
    answered(organisations_create.sync(client=organiser, body=OrganisationInputRequest(slug="owls", name="Owls")))
    federation = OrganisationInputRequest(slug="fed", name="Federation", kind=OrganisationKindEnum("federation"))
    answered(organisations_create.sync(client=steward, body=federation))
    RatingBody.objects.create(game="", organisation=Organisation.objects.get(slug="fed"))  # stewards: no API sets it

    def event(name: str) -> int:
        body = EventInputRequest(name=name, game=GameEnum(game), organisation="owls", rounds_planned=2, capacity=8)
        return answered(events_create.sync(client=organiser, body=body)).id

    night = event("Thursday")
    fee = EntryFeeInputRequest(amount="10.00", currency="EUR", reason="the club's usual")
    answered(events_entry_fee_create.sync(id=night, client=organiser, body=fee))
    answered(events_open_registration_create.sync(id=night, client=organiser))
    for handle in ("ann", "bob"):
        answered(events_registrations_create.sync(id=night, client=signed_up(handle)))
    paid = PaymentInputRequest(player="ann", kind=PaymentKindEnum("paid"), method=MethodEnum("cash"), amount="10.00")
    answered(events_payments_create.sync(id=night, client=organiser, body=paid))
    ledger = answered(events_ledger_retrieve.sync(id=night, client=organiser))
    assert {(line.player, line.paid, line.due) for line in ledger.lines} == {("ann", "10.00", "0.00"),
                                                                              ("bob", "0.00", "10.00")}  # fmt: skip

    title = TitleInputRequest(name="Club master", abbreviation="CM", min_rating=20.0, reason="the club's ladder")
    answered(games_titles_create.sync(game, client=steward, body=title))
    assert [t.abbreviation for t in answered(games_titles_list.sync(game, client=public)).results] == ["CM"]

    today = datetime.date.today()
    season = answered(seasons_create.sync(client=organiser, body=SeasonInputRequest(
        organisation="owls", name="Winter", game=GameEnum(game), qualifiers=2,
        starts_on=today - datetime.timedelta(days=30), ends_on=today + datetime.timedelta(days=30))))  # fmt: skip
    final = event("Winter final")
    chosen = answered(seasons_final_create.sync(id=season.id, client=organiser, body=FinalInputRequest(event=final)))
    assert chosen.final == final

    signed_up("ann-again")
    same = MergeInputRequest(kept="ann", merged="ann-again", reason="one person")
    merge = answered(player_merges_create.sync(client=steward, body=same))
    apart = UndoInputRequest(reason="two people after all")
    undone = answered(player_merges_undo_create.sync(id=merge.id, client=steward, body=apart))
    assert (undone.undo_reason, undone.undone_at is not None) == ("two people after all", True)
