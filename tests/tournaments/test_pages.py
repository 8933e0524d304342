"""The web pages: what each shows, in English and French, who may open them, and a number of queries
that does not grow with the rows shown."""

import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments.catalogue.selectors import practice_games_now
from tournaments.codes import check_in_code
from tournaments.models import Event, Registration
from tournaments.results.services.closing import event_close
from tournaments.selectors.events import event_standings
from tournaments.services.registrations import registration_create
from tournaments.services.rounds import event_start, round_seat_next

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def played_event(players: int, django_capture_on_commit_callbacks) -> Event:
    """An event whose round 1 is played and verified (tasks in-process), round 2 seated."""
    event = EventFactory(rounds_planned=3, capacity=64)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(players)])
    round_ = event_start(event=event, by=organiser)
    play_round(round_, organiser, random.Random(players), django_capture_on_commit_callbacks)
    round_seat_next(event=event, by=organiser)
    return event


def page_urls(event: Event) -> dict[str, str]:
    player = event.registrations.select_related("player").first().player
    table = event.rounds.get(number=1).tables.first()
    e = event.pk
    return {
        "home": "/", "event": f"/events/{e}/", "pairings": f"/events/{e}/rounds/1/",
        "standings": f"/events/{e}/standings/", "leaderboard": f"/leaderboards/{event.game}/",
        "player": f"/players/{player.handle}/", "table": f"/tables/{table.pk}/",
        "tv": f"/events/{e}/tv/", "print": f"/events/{e}/rounds/2/print/", "slips": f"/events/{e}/rounds/2/slips/",
        "my event": f"/events/{e}/me/",
    }  # fmt: skip


def query_counts(event: Event) -> dict[str, int]:
    practice_games_now()  # read once a minute for every page (a cache), not once a page: not counted here
    client = Client()
    client.force_login(event.organisers.get())
    counts = {}
    for name, url in page_urls(event).items():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, url
        counts[name] = len(queries)
    return counts


def test_no_page_makes_more_queries_for_more_rows(django_capture_on_commit_callbacks) -> None:
    small = query_counts(played_event(8, django_capture_on_commit_callbacks))
    large = query_counts(played_event(20, django_capture_on_commit_callbacks))
    assert small == large
    assert max(small.values()) <= 15


def test_the_public_pages_show_the_event(django_capture_on_commit_callbacks) -> None:
    event = played_event(8, django_capture_on_commit_callbacks)
    Event.objects.filter(pk=event.pk).update(venue="Café des Sports", description="Bring your own snacks")
    client = Client()
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Café des Sports" in page
    assert "Bring your own snacks" in page
    assert "8 of 64 places taken" in page
    standings = client.get(f"/events/{event.pk}/standings/").content.decode()
    rows = event_standings(event=event)
    assert rows[0].handle in standings
    pairings = client.get(f"/events/{event.pk}/rounds/2/").content.decode()
    seat = event.rounds.get(number=2).tables.first().seats.select_related("player").first()
    assert seat.player.handle in pairings


def finished_event(players: int, on_commit) -> Event:
    """A one-round event, played and verified: it is finished."""
    event = EventFactory(rounds_planned=1, capacity=64)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(players)])
    play_round(event_start(event=event, by=organiser), organiser, random.Random(players), on_commit)
    event = event_close(event=event, by=organiser)
    assert event.status == Event.Status.FINISHED
    return event


def test_a_finished_event_shows_its_podium_in_standings_order(django_capture_on_commit_callbacks) -> None:
    event = finished_event(8, django_capture_on_commit_callbacks)
    page = Client().get(f"/events/{event.pk}/").content.decode()
    podium = page.split("Final standings")[1].split("Full standings")[0]
    top = [row for row in event_standings(event=event) if row.rank <= 3]
    assert len(top) >= 3
    where = [podium.index(f">{row.handle}</a>") for row in top]
    assert where == sorted(where)
    fourth = next(row for row in event_standings(event=event) if row.rank > 3)
    assert f">{fourth.handle}</a>" not in podium
    french = Client().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Classement final" in french


def test_a_player_reads_their_table_result_and_final_place(django_capture_on_commit_callbacks) -> None:
    event = finished_event(8, django_capture_on_commit_callbacks)
    rows = event_standings(event=event)
    me = event.registrations.select_related("player__user").get(player__handle=rows[-1].handle).player
    client = Client()
    client.force_login(me.user)
    page = client.get(f"/events/{event.pk}/me/").content.decode()
    assert f"Final standings: place {rows[-1].rank} of 8." in page
    seat = me.seats.select_related("table__result").get()
    mine = next(s for s in seat.table.result.verdict["seats"] if s["player"] == me.handle)
    size = seat.table.seats.count()
    assert f"You placed {mine['rank']} of {size}, with {mine['total']} points." in page
    assert f'href="/tables/{seat.table_id}/"' in page
    with_you = page.split("With you:")[1].split("</p>")[0]
    assert me.handle not in with_you
    assert with_you.count("(seat ") == size - 1
    assert f"Final standings: place {rows[-1].rank} of 8." in client.get(f"/events/{event.pk}/").content.decode()


def test_a_running_event_shows_no_podium(django_capture_on_commit_callbacks) -> None:
    event = played_event(8, django_capture_on_commit_callbacks)
    assert "Final standings" not in Client().get(f"/events/{event.pk}/").content.decode()


def test_the_finished_event_page_makes_as_many_queries_for_more_players(django_capture_on_commit_callbacks) -> None:
    counts = []
    for players in (8, 20):
        event = finished_event(players, django_capture_on_commit_callbacks)
        practice_games_now()  # read once a minute (a cache), as in query_counts
        with CaptureQueriesContext(connection) as queries:
            assert Client().get(f"/events/{event.pk}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 15


def test_a_players_page_gives_their_place_in_each_finished_event(django_capture_on_commit_callbacks) -> None:
    event = finished_event(8, django_capture_on_commit_callbacks)
    rows = event_standings(event=event)
    last = rows[-1]
    page = Client().get(f"/players/{last.handle}/").content.decode()
    assert f"place {last.rank} of 8" in page
    french = Client().get(f"/players/{last.handle}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"rang {last.rank} sur 8" in french
    running = played_event(4, django_capture_on_commit_callbacks)
    handle = running.registrations.select_related("player").first().player.handle
    assert "place " not in Client().get(f"/players/{handle}/").content.decode().split("<h2>Events</h2>")[1]


def test_a_players_page_makes_as_many_queries_for_more_events(django_capture_on_commit_callbacks) -> None:
    """Every event's place comes from one batch of queries, not a batch per event."""
    first = finished_event(4, django_capture_on_commit_callbacks)
    player = first.registrations.select_related("player").first().player
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            assert Client().get(f"/players/{player.handle}/").status_code == 200
        counts.append(len(queries))
        another = EventFactory(rounds_planned=1)
        organiser = another.organisers.get()
        register_and_check_in(another, [player, *(PlayerFactory() for _ in range(3))])
        round_ = event_start(event=another, by=organiser)
        play_round(round_, organiser, random.Random(1), django_capture_on_commit_callbacks)
        event_close(event=another, by=organiser)
    assert counts[0] == counts[1]
    assert Client().get(f"/players/{player.handle}/").content.decode().count(" of 4") == 3


def test_pages_speak_french_from_accept_language_and_set_the_html_lang() -> None:
    page = Client(headers={"accept-language": "fr"}).get("/").content.decode()
    assert '<html lang="fr">' in page
    assert "Tournois Boomerang" in page
    english = Client(headers={"accept-language": "en"}).get("/").content.decode()
    assert '<html lang="en">' in english
    assert "Boomerang events" in english


def test_a_problem_reads_in_the_players_language() -> None:
    from django.utils import translation

    from tournaments.problems import problem_sentence

    problem = {"code": "total_mismatch", "player": "ada", "claimed": 31, "expected": 30}
    with translation.override("fr"):
        assert problem_sentence(problem) == "Total de ada : 31 annoncé, les règles donnent 30."
    with translation.override("en"):
        assert problem_sentence(problem) == "ada's total: claimed 31, the rules give 30."


def test_sign_up_register_and_check_in_through_the_pages() -> None:
    event = EventFactory()
    client = Client()
    answer = client.post(
        "/accounts/signup/",
        {
            "username": "zoe",
            "handle": "Zoé",
            "password": "a-long-test-password",
            "password_again": "a-long-test-password",
        },
    )
    assert answer.status_code == 302
    assert client.post(f"/events/{event.pk}/register/").status_code == 302
    assert client.post(f"/events/{event.pk}/check-in/").status_code == 302
    assert Registration.objects.get(event=event, player__handle="Zoé").status == "checked_in"


def test_a_weak_password_is_refused_on_the_sign_up_form() -> None:
    answer = Client().post(
        "/accounts/signup/",
        {"username": "zoe", "handle": "zoe", "password": "password123", "password_again": "password123"},
    )
    assert answer.status_code == 200
    assert "too common" in answer.content.decode()


def test_every_form_needs_its_csrf_token() -> None:
    event = EventFactory()
    player = PlayerFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(player.user)
    for url in (f"/events/{event.pk}/register/", f"/events/{event.pk}/check-in/", f"/events/{event.pk}/start/"):
        assert client.post(url).status_code == 403, url
    assert not Registration.objects.filter(event=event).exists()
    signup = Client(enforce_csrf_checks=True).post("/accounts/signup/", {"username": "x"})
    assert signup.status_code == 403


def test_organiser_pages_are_refused_to_others(django_capture_on_commit_callbacks) -> None:
    event = played_event(8, django_capture_on_commit_callbacks)
    stranger = Client()
    stranger.force_login(PlayerFactory().user)
    for url in (f"/events/{event.pk}/tv/", f"/events/{event.pk}/rounds/2/print/", f"/events/{event.pk}/rounds/2/slips/",
                f"/events/{event.pk}/check-in-poster/"):  # fmt: skip
        assert stranger.get(url).status_code == 403, url
    assert stranger.post(f"/events/{event.pk}/rounds/2/start/").status_code == 302
    assert event.rounds.get(number=2).status == "seated"  # refused with a message, nothing changed


def test_the_qr_check_in_link_checks_in_only_the_logged_in_player() -> None:
    event = EventFactory()
    me, other = PlayerFactory(), PlayerFactory()
    mine = registration_create(event=event, player=me)
    theirs = registration_create(event=event, player=other)
    client = Client()
    client.force_login(me.user)
    url = f"/events/{event.pk}/check-in/{check_in_code(event)}/"
    assert "Check me in" in client.get(url).content.decode() or client.get(url).status_code == 200
    client.post(url, {"player": other.handle, "registration": theirs.pk})  # extra fields are ignored
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert (mine.status, theirs.status) == ("checked_in", "registered")
    forged = Client()
    forged.force_login(other.user)
    forged.post(f"/events/{event.pk}/check-in/not-the-code/")
    theirs.refresh_from_db()
    assert theirs.status == "registered"


def test_the_poster_registers_and_checks_in_a_walk_in_in_one_tap_or_says_why_not() -> None:
    from tournaments.models import Registration

    event = EventFactory(capacity=2)
    walk_in = PlayerFactory()
    client = Client()
    client.force_login(walk_in.user)
    url = f"/events/{event.pk}/check-in/{check_in_code(event)}/"
    offer = client.get(url).content.decode()
    assert "Register and check me in" in offer
    answer = client.post(url, follow=True)
    assert answer.status_code == 200
    assert Registration.objects.get(event=event, player=walk_in).status == "checked_in"
    assert "You are registered and checked in." in answer.content.decode()
    second, third = PlayerFactory(), PlayerFactory()
    registration_create(event=event, player=second)  # the last place
    late = Client()
    late.force_login(third.user)
    full = late.post(url, follow=True).content.decode()
    assert "you are on the waitlist" in full
    assert Registration.objects.get(event=event, player=third).status == "waitlisted"
    closed = EventFactory(status="draft")
    fourth = Client()
    fourth.force_login(PlayerFactory().user)
    refused = fourth.post(f"/events/{closed.pk}/check-in/{check_in_code(closed)}/", follow=True)
    assert "Ask the organiser." in refused.content.decode()
    assert not Registration.objects.filter(event=closed).exists()


def test_the_leaderboard_pages_by_keyset() -> None:
    from django.utils import timezone

    from ratings.services.pools import Placing, match_record
    from tests.factories import UserFactory

    users = [UserFactory() for _ in range(120)]
    for i in range(0, 120, 4):
        placings = [Placing(u.pk, u.username, r) for r, u in enumerate(users[i : i + 4], 1)]
        match_record(game="boomerang-flip", source=f"table:{i}", order_at=timezone.now(), placings=placings)
    client = Client()
    first = client.get("/leaderboards/boomerang-flip/")
    cursor = first.context["next"]
    assert cursor
    second = client.get(f"/leaderboards/boomerang-flip/?after={cursor}")
    first_rows, second_rows = first.context["rows"], second.context["rows"]
    assert [place for place, *_ in first_rows] == list(range(1, 51))
    assert [place for place, *_ in second_rows] == list(range(51, 101))
    assert not {r.pk for _, r, _ in first_rows} & {r.pk for _, r, _ in second_rows}
    assert first_rows[-1][1].conservative >= second_rows[0][1].conservative
    assert client.get("/leaderboards/boomerang-flip/?after=garbage").status_code == 200
    assert client.get("/leaderboards/chess/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_attendance_mishaps_through_the_pages() -> None:
    """Close check-in, an organiser checking in a player without a phone, a bye on the round page, a player
    leaving mid-round, a no-show seat forfeited from the table page, and a reinstated player."""
    event = EventFactory(game="boomerang-flip", rounds_planned=3, capacity=8)
    players = [PlayerFactory() for _ in range(6)]
    registrations = [registration_create(event=event, player=p) for p in players]
    organiser = Client()
    organiser.force_login(event.organisers.get())
    for registration in registrations[:4]:
        organiser.post(f"/events/{event.pk}/registrations/{registration.pk}/check-in/")
    me = Client()
    me.force_login(players[4].user)
    me.post(f"/events/{event.pk}/check-in/")
    organiser.post(f"/events/{event.pk}/close-check-in/")
    statuses = [Registration.objects.get(pk=r.pk).status for r in registrations]
    assert statuses == ["checked_in"] * 5 + ["no_show"]
    organiser.post(f"/events/{event.pk}/start/")
    round_page = Client().get(f"/events/{event.pk}/rounds/1/").content.decode()
    assert "Bye this round:" in round_page  # five players, tables of two
    organiser.post(f"/events/{event.pk}/rounds/1/start/")
    me.post(f"/events/{event.pk}/drop/")
    assert Registration.objects.get(pk=registrations[4].pk).status == "dropped"
    seat = (
        event.rounds.get(number=1).tables.filter(seats__forfeited=False, result__status="waiting").first().seats.first()
    )
    assert seat is not None  # at least one table of two is still playing whoever left
    assert "forfeit (no-show)" in organiser.get(f"/tables/{seat.table_id}/").content.decode()
    organiser.post(f"/events/{event.pk}/seats/{seat.pk}/forfeit/")
    assert seat.__class__.objects.get(pk=seat.pk).forfeited
    organiser.post(f"/events/{event.pk}/registrations/{registrations[5].pk}/reinstate/")
    assert Registration.objects.get(pk=registrations[5].pk).status == "checked_in"


def test_a_players_page_lists_the_last_twenty_events_and_every_one_on_request() -> None:
    from tests.factories import EventFactory, PlayerFactory
    from tournaments.models import Registration

    player = PlayerFactory()
    events = [EventFactory(name=f"Night {n:02d}") for n in range(21)]
    Registration.objects.bulk_create(Registration(event=e, player=player, status="registered") for e in events)
    page = Client().get(f"/players/{player.handle}/").content.decode()
    assert sum(f"Night {n:02d}" in page for n in range(21)) == 20
    assert 'href="?events=all"' in page
    everything = Client().get(f"/players/{player.handle}/?events=all").content.decode()
    assert all(f"Night {n:02d}" in everything for n in range(21))
    assert 'href="?events=all"' not in everything


def test_the_standings_go_by_pages_and_a_crowd_of_visitors_costs_one_build(
    django_capture_on_commit_callbacks, monkeypatch
) -> None:
    """A championship's standings: by pages (the signed-in player told their place), and every visitor
    within LIVE_PAGE_SECONDS reads the same copy, built once."""
    monkeypatch.setattr("tournaments.pages.public.STANDINGS_PAGE", 3)
    event = played_event(8, django_capture_on_commit_callbacks)
    handles = [row.handle for row in event_standings(event=event)]
    visitor = Client()
    first = visitor.get(f"/events/{event.pk}/standings/").content.decode()
    assert "Page 1 of 3" in first
    assert all(handle in first for handle in handles[:3])
    assert handles[3] not in first
    last = visitor.get(f"/events/{event.pk}/standings/?page=3").content.decode()
    assert handles[-1] in last
    assert handles[0] not in last
    with CaptureQueriesContext(connection) as queries:
        again = Client().get(f"/events/{event.pk}/standings/").content.decode()
    assert again == first
    assert len(queries) <= 2  # the event itself; the standings come from the copy
    player = Client()
    player.force_login(event.registrations.get(player__handle=handles[5]).player.user)
    mine = player.get(f"/events/{event.pk}/standings/").content.decode()
    assert "Your place: 6." in mine


def test_the_poster_registers_a_walk_in_a_week_before_and_offers_no_button_it_would_refuse() -> None:
    """Issue 54: the poster's one tap was refused a week early (check-in not open), and after the start."""
    from datetime import timedelta

    from django.utils import timezone

    from tournaments.models import Registration

    event = EventFactory(starts_at=timezone.now() + timedelta(days=7))
    walk_in = PlayerFactory()
    client = Client()
    client.force_login(walk_in.user)
    url = f"/events/{event.pk}/check-in/{check_in_code(event)}/"
    offer = client.get(url).content.decode()
    assert "Register and check me in" not in offer
    assert "Register me" in offer
    assert "Check-in opens on" in offer
    answer = client.post(url, follow=True).content.decode()
    assert Registration.objects.get(event=event, player=walk_in).status == "registered"
    assert "You are registered. Check-in opens on" in answer
    assert "Check me in" not in client.get(url).content.decode()  # registered: told when, no button yet
    started = EventFactory(status="running", late_entry_until_round=0)  # the door closed at the start
    after = Client()
    after.force_login(PlayerFactory().user)
    page = after.get(f"/events/{started.pk}/check-in/{check_in_code(started)}/").content.decode()
    assert "takes no more registrations" in page
    assert "<button" not in page.split("<main")[1].split("</main>")[0]
