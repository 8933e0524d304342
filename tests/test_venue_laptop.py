"""The embedded default as a venue laptop runs it: `make run` (SQLite, tasks in-process, uvicorn) on a port of
its choosing, its database in WAL mode with immediate write transactions, and a crowd logging in beside the
organiser's writes meeting no "database is locked" (issue 66, item 4). The 200-person crowd is
bench/venue_crowd.py; here a smaller one, the same code."""

import sqlite3

import pytest

from tests.passes import embedded_pass_only
from tests.venue_crowd import Venue, crowd_night, make_run

pytestmark = [pytest.mark.embedded, embedded_pass_only]


def test_make_run_serves_a_venue_laptop_on_its_port_in_wal_mode_and_a_crowd_meets_no_error(tmp_path) -> None:
    """One `make run` for the three, on a fresh database (`make run` migrates it; in CI a copy of the one .ci/run
    migrated: tests/fresh_sqlite.py), since under xdist a module's fixture is made again on each worker its
    tests land on."""
    with make_run(tmp_path) as venue:
        _the_database_is_in_wal_mode(venue)
        _port_8123_serves_there_and_its_links_say_it(venue)
        _a_crowd_logging_in_beside_the_organisers_writes_meets_no_error(venue)


def _the_database_is_in_wal_mode(venue: Venue) -> None:
    with sqlite3.connect(venue.database) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def _port_8123_serves_there_and_its_links_say_it(venue: Venue) -> None:
    """Any PORT, as `make run PORT=8123`: served there, and the links of its e-mails and slips (SITE_URL, which
    the results e-mails, the unsubscribe and the claim links are built from) name it."""
    assert venue.answers()
    event = venue.call("GET", "/api/events/?status=running")[1]["results"][0]["id"]
    admin = venue.token("admin", venue.admin_password)[1]
    assert venue.call("POST", f"/api/events/{event}/guests/", {"handle": "SlipGuest"}, admin)[0] == 201
    assert f"http://127.0.0.1:{venue.port}/claim/" in venue.organiser_page(f"/events/{event}/entrants/")
    assert ":8000" not in venue.organiser_page(f"/events/{event}/entrants/")


def _a_crowd_logging_in_beside_the_organisers_writes_meets_no_error(venue: Venue) -> None:
    night = crowd_night(venue, people=40, guests=20)
    assert night.errors == [], (night.errors[:5], venue.errors_logged())
    assert night.logged_in == 40
    assert night.guests_entered == 20
