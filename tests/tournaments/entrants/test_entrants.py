"""Entrants from a CSV, walk-ins as guest players, and the claim that moves a guest's history (issue 29,
item 2): the claim rewrites every stored handle, replays the ratings, and happens once."""

import random

import pytest
from django.test import Client
from rest_framework.test import APIClient

from ratings.models import Rating
from tests.factories import EventFactory, OrganisationFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import legal_seat_data
from tournaments.entrants.services import entrants_import, guest_create
from tournaments.models import Membership, Player, Registration, ScoreSheet, Seat, Staff, TableResult
from tournaments.results.services.claims import guest_claim
from tournaments.results.services.closing import event_close
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.results.services.verification import table_reverify
from tournaments.selectors.events import event_standings, final_places
from tournaments.services.registrations import registration_check_in, registration_create
from tournaments.services.rounds import event_start, round_start

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]
CSV = "handle,name,club,email\nwalkin1,Walk In,,w1@example.org\n{known},,,\nwalkin2,,{club},\n"


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_csv_registers_known_players_and_enters_the_rest_as_guests() -> None:
    event, known = EventFactory(), PlayerFactory()
    organiser = event.organisers.get()
    club = OrganisationFactory()
    Staff.objects.create(organisation=club, user=organiser, role=Staff.Role.OWNER)
    text = CSV.format(known=known.handle.upper(), club=club.slug)  # handles match with case folded
    answer = api_as(organiser).post(f"/api/events/{event.pk}/entrants/", {"csv": text}, format="json")
    assert answer.status_code == 200, answer.json()
    rows = {row["handle"]: row for row in answer.json()}
    assert rows["walkin1"]["entered"] == "guest"
    assert rows["walkin1"]["claim_code"]
    assert rows[known.handle]["entered"] == "registered"
    assert rows[known.handle]["claim_code"] == ""
    assert rows["walkin2"]["club"] == "added"
    guest = Player.objects.get(handle="walkin1")
    assert guest.guest
    assert guest.display_name == "Walk In"
    assert guest.user.email == "w1@example.org"
    assert not guest.user.is_active
    assert not guest.user.has_usable_password()
    assert Membership.objects.filter(organisation=club, player__handle="walkin2").exists()
    assert set(event.registrations.values_list("player__handle", flat=True)) == {"walkin1", "walkin2", known.handle}
    again = api_as(organiser).post(f"/api/events/{event.pk}/entrants/", {"csv": text}, format="json").json()
    assert {row["entered"] for row in again} == {"already_registered"}


def test_the_csv_can_be_a_file_upload() -> None:
    event = EventFactory()
    upload = ("entrants.csv", b"\xef\xbb\xbfhandle\nfromfile\n", "text/csv")
    from django.core.files.uploadedfile import SimpleUploadedFile

    answer = api_as(event.organisers.get()).post(
        f"/api/events/{event.pk}/entrants/", {"file": SimpleUploadedFile(*upload)}, format="multipart"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()[0]["handle"] == "fromfile"


@pytest.mark.parametrize(
    ("text", "field", "code"),
    [
        ("name\nAnna\n", "file", "no_handle_column"),
        ("handle,phone\na,1\n", "file", "unknown_column"),
        ("handle,email\nfine,\nbad,not-an-address\n", "line 3: email", "invalid_email"),
        ("handle\nsame\nSAME\n", "line 3: handle", "duplicate_entrant"),
        ("handle,club\nx,no-such-club\n", "line 2: club", "unknown_club"),
        ("handle\nok\nhas space\n", "line 3: handle", "invalid_handle"),
        ("handle\n\n", "file", "no_entrants"),
    ],
)
def test_a_bad_line_refuses_the_whole_file_naming_it(text, field, code) -> None:
    event = EventFactory()
    answer = api_as(event.organisers.get()).post(f"/api/events/{event.pk}/entrants/", {"csv": text}, format="json")
    assert answer.status_code == 400
    assert (answer.json()["field"], answer.json()["code"]) == (field, code)
    assert not event.registrations.exists()
    assert not Player.objects.filter(guest=True).exists()


def test_only_an_organiser_imports_entrants_or_enters_a_walk_in() -> None:
    event = EventFactory()
    stranger = api_as(UserFactory())
    assert stranger.post(f"/api/events/{event.pk}/entrants/", {"csv": "handle\nx\n"}, format="json").status_code == 403
    assert stranger.post(f"/api/events/{event.pk}/guests/", {"handle": "walkin"}, format="json").status_code == 403
    anonymous = APIClient().post(f"/api/events/{event.pk}/guests/", {"handle": "walkin"}, format="json")
    assert anonymous.status_code in (401, 403)


def test_a_walk_in_gets_a_guest_with_a_claim_code_and_a_taken_handle_is_refused() -> None:
    event, taken = EventFactory(), PlayerFactory()
    organiser = api_as(event.organisers.get())
    answer = organiser.post(f"/api/events/{event.pk}/guests/", {"handle": "Zoé", "name": "Zoé D."}, format="json")
    assert answer.status_code == 201
    assert answer.json()["guest"] is True
    assert len(answer.json()["claim_code"]) >= 12
    bad = organiser.post(f"/api/events/{event.pk}/guests/", {"handle": "neo", "email": "nope"}, format="json")
    assert (bad.status_code, bad.json()["field"], bad.json()["code"]) == (400, "email", "invalid_email")
    assert not Player.objects.filter(handle="neo").exists()
    refused = organiser.post(f"/api/events/{event.pk}/guests/", {"handle": taken.handle.upper()}, format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "handle_taken"


def played_event_with_a_guest(rng: random.Random, on_commit) -> tuple[Player, list[Player]]:
    event = EventFactory(rounds_planned=1)
    organiser = event.organisers.get()
    regulars = [PlayerFactory() for _ in range(3)]
    guest = guest_create(event=event, by=organiser, handle="walkin")
    for player in regulars:
        registration_create(event=event, player=player)
    for registration in event.registrations.filter(status="registered"):  # the guest came in at the door
        registration_check_in(registration=registration, by=organiser)
    round_ = event_start(event=event, by=organiser)
    round_start(round_=round_, by=organiser)
    for table in round_.tables.all():
        seats = list(table.seats.all())
        with on_commit(execute=True):
            table_sheets_submit(table=table, seats=legal_seat_data(table, rng), by=organiser)
    event_close(event=event, by=organiser)
    assert TableResult.objects.filter(table__round=round_, status="verified").count() == len(seats) // 4
    return Player.objects.get(pk=guest.pk), regulars


def ratings_now() -> dict[str, tuple[float, float, int]]:
    return {r.name: (round(r.mu, 9), round(r.sigma, 9), r.games) for r in Rating.objects.all()}


def test_a_claim_moves_the_guests_results_and_ratings_and_happens_once(django_capture_on_commit_callbacks) -> None:
    rng = random.Random(5)
    guest, regulars = played_event_with_a_guest(rng, django_capture_on_commit_callbacks)
    claimer = PlayerFactory()
    before = ratings_now()
    assert "walkin" in before
    answer = api_as(claimer.user).post("/api/players/claim/", {"code": guest.claim_code}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["claimed_by"] == claimer.handle
    after = ratings_now()
    assert after[claimer.handle] == before["walkin"]  # the same games, the same rating
    assert "walkin" not in after
    assert {p.handle: after[p.handle] for p in regulars} == {p.handle: before[p.handle] for p in regulars}
    assert not Seat.objects.filter(player=guest).exists()
    verdict = TableResult.objects.get(table__seats__player=claimer).verdict
    assert "walkin" not in str(verdict)
    assert claimer.handle in str(verdict)
    assert ScoreSheet.objects.filter(data__player=claimer.handle).exists()
    assert not ScoreSheet.objects.filter(data__player="walkin").exists()
    guest.refresh_from_db()
    assert guest.claimed_by == claimer
    assert guest.claimed_at is not None
    event = claimer.registrations.get().event
    assert claimer.handle in [row.handle for row in event_standings(event=event)]
    assert final_places(events=[event])[event.pk][claimer.handle] >= 1
    with django_capture_on_commit_callbacks(execute=True):
        table = TableResult.objects.get(table__seats__player=claimer).table
        table_reverify(table=table, by=event.organisers.get())
    assert TableResult.objects.get(table__seats__player=claimer).status == "verified"  # the rewritten sheets verify
    again = api_as(PlayerFactory().user).post("/api/players/claim/", {"code": guest.claim_code}, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "already_claimed"
    assert Client().get(f"/players/{guest.handle}/").url == f"/players/{claimer.handle}/"


def test_a_claim_is_refused_when_both_played_the_same_event(django_capture_on_commit_callbacks) -> None:
    guest, regulars = played_event_with_a_guest(random.Random(6), django_capture_on_commit_callbacks)
    before = ratings_now()
    answer = api_as(regulars[0].user).post("/api/players/claim/", {"code": guest.claim_code}, format="json")
    assert answer.status_code == 409
    assert answer.json()["code"] == "claim_conflict"
    assert ratings_now() == before
    assert Seat.objects.filter(player=guest).exists()


def test_an_unknown_code_is_a_404_naming_the_field() -> None:
    answer = api_as(PlayerFactory().user).post("/api/players/claim/", {"code": "nope"}, format="json")
    assert answer.status_code == 404
    assert answer.json()["field"] == "code"


def test_the_entrants_page_enters_a_walk_in_and_imports_a_list_in_french() -> None:
    event = EventFactory()
    client = Client(headers={"accept-language": "fr"})
    client.force_login(event.organisers.get())
    page = client.get(f"/events/{event.pk}/entrants/").content.decode()
    assert "Inscrire comme invité·e" in page
    answer = client.post(f"/events/{event.pk}/entrants/", {"handle": "marie", "name": "Marie"})
    assert answer.status_code == 302
    code = Player.objects.get(handle="marie").claim_code
    assert code in client.get(f"/events/{event.pk}/entrants/").content.decode()
    refused = client.post(f"/events/{event.pk}/entrants/", {"csv": "handle,email\nok,\nbad,x\n"}).content.decode()
    assert "line 3: email" in refused
    assert not Player.objects.filter(handle="ok").exists()
    imported = client.post(f"/events/{event.pk}/entrants/", {"csv": "handle\nnoemie\n"}).content.decode()
    assert "comme invité·e" in imported
    assert Client().get(f"/events/{event.pk}/entrants/").status_code == 302  # to the log-in page
    stranger = Client()
    stranger.force_login(UserFactory())
    assert stranger.get(f"/events/{event.pk}/entrants/").status_code == 403


def test_the_claim_page_takes_the_code_and_says_why_it_refuses() -> None:
    event = EventFactory()
    guest = guest_create(event=event, by=event.organisers.get(), handle="walkin")
    claimer = PlayerFactory()
    client = Client()
    client.force_login(claimer.user)
    assert guest.claim_code in client.get(f"/claim/?code={guest.claim_code}").content.decode()
    assert "No guest has this claim code" in client.post("/claim/", {"code": "wrong"}).content.decode()
    answer = client.post("/claim/", {"code": guest.claim_code})
    assert answer.url == f"/players/{claimer.handle}/"
    assert claimer.registrations.get().event == event


@pytest.mark.parametrize(
    ("csv_text", "field"),
    [
        ("handle,name\nann," + "x" * 200_000 + "\n", "line"),  # over the csv module's cell limit
        ("handle,name\nann,Ann\u202eevil\n", "line 2: name"),  # a right-to-left override
        ('handle,name\nann,"Ann\nSmith"\n', "line 2: name"),  # a line break inside a quoted cell
        ("handle,name\nann,\x1b[31mred\n", "line 2: name"),  # an escape sequence
        ("handle,name\nann," + "y" * 81 + "\n", "line 2: name"),
        ("handle,email\nann," + "a" * 250 + "@example.org\n", "line 2: email"),
        ("handle\n" + "a" * 41 + "\n", "line 2: handle"),
    ],
    ids=["200 kB cell", "bidi override", "newline", "escape", "long name", "long e-mail", "long handle"],
)
def test_hostile_cells_are_refused_naming_the_line_and_nothing_is_written(csv_text, field) -> None:
    event = EventFactory()
    before = Player.objects.count()
    answer = api_as(event.organisers.get()).post(f"/api/events/{event.pk}/entrants/", {"csv": csv_text}, format="json")
    assert answer.status_code == 400, answer.content
    assert answer.json()["field"].startswith(field)
    assert Player.objects.count() == before


def test_the_documented_maximum_is_entered_in_file_order_places_first_then_the_waitlist() -> None:
    from tournaments.entrants.services import MAX_ENTRANTS

    event = EventFactory(capacity=MAX_ENTRANTS - 5)
    known = PlayerFactory()
    registration_create(event=event, player=known)
    lines = [f"g{i},Guest {i}" for i in range(MAX_ENTRANTS - 1)]
    lines.insert(3, known.handle)
    text = "handle,name\n" + "\n".join(lines) + "\n"
    outcomes = entrants_import(event=event, by=event.organisers.get(), text=text)
    assert len(outcomes) == MAX_ENTRANTS
    assert outcomes[3].entered == "already_registered"
    statuses = [o.status for o in outcomes if o.entered == "guest"]
    assert statuses == ["registered"] * (MAX_ENTRANTS - 6) + ["waitlisted"] * 5
    assert event.registrations.filter(status="registered").count() == MAX_ENTRANTS - 5
    guest = Player.objects.get(handle="g7")
    assert (guest.guest, guest.display_name, guest.user.is_active, guest.user.has_usable_password()) == (
        True, "Guest 7", False, False,
    )  # fmt: skip
    assert guest.claim_code == outcomes[8].claim_code
    assert Registration.history.filter(event=event).count() >= MAX_ENTRANTS - 1  # the history kept, in bulk too


def test_a_claim_code_is_typed_in_any_case_and_reads_without_lookalikes() -> None:
    event = EventFactory()
    guest = guest_create(event=event, by=event.organisers.get(), handle="walkin")
    assert len(guest.claim_code) == 12
    assert set(guest.claim_code) <= set("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    claimer = PlayerFactory()
    guest_claim(code=f"  {guest.claim_code.lower()} ", by=claimer.user)
    guest.refresh_from_db()
    assert guest.claimed_by == claimer


def test_a_door_guest_is_checked_in_and_seated_in_round_1_and_the_start_names_who_is_marked_absent() -> None:
    """Issue 54: a guest added at the door was registered only, and marked absent when the event started."""
    from datetime import timedelta

    from django.utils import timezone

    from tests.tournaments.helpers import register_and_check_in
    from tournaments.models import Registration, Seat
    from tournaments.services.registrations import registration_create
    from tournaments.services.rounds import event_start

    event = EventFactory(starts_at=timezone.now(), capacity=16)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(3)])
    late = PlayerFactory(handle="stayed-home")
    registration_create(event=event, player=late)
    page = Client()
    page.force_login(organiser)
    guest = guest_create(event=event, by=organiser, handle="at-the-door")
    assert Registration.objects.get(event=event, player=guest).status == "checked_in"
    confirm = page.get(f"/events/{event.pk}/").content.decode()
    assert "1 player not checked in is marked absent: stayed-home." in confirm
    assert "at-the-door" not in confirm.split("marked absent")[1].split("</")[0]
    round_ = event_start(event=event, by=organiser)
    assert Seat.objects.filter(table__round=round_, player=guest).exists()
    assert Registration.objects.get(event=event, player=late).status == "no_show"
    early = EventFactory(starts_at=timezone.now() + timedelta(days=7))
    entered = guest_create(event=early, by=early.organisers.get(), handle="booked-ahead")
    assert Registration.objects.get(event=early, player=entered).status == "registered"  # not at the door yet


def test_the_starts_confirmation_names_the_absent_in_french() -> None:
    from django.utils import timezone

    from tournaments.services.registrations import registration_create

    event = EventFactory(starts_at=timezone.now())
    registration_create(event=event, player=PlayerFactory(handle="absente"))
    page = Client(headers={"Accept-Language": "fr"})
    page.force_login(event.organisers.get())
    assert "1 joueur non pointé est marqué absent : absente." in page.get(f"/events/{event.pk}/").content.decode()
