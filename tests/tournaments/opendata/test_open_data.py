"""Open data (issue 70, item 5): a monthly file of each game's verified tables of sanctioned events, as CSV and
JSON Lines, pseudonymous, with a licence and a schema, made by a scheduled task, listed on a page; an erasure
is honoured in the next files."""

import csv
import gzip
import io
import json
from datetime import timedelta

import jsonschema
import pytest
from django.utils import timezone

from tests.tournaments.helpers import table_with_sheets
from tournaments.models import Round, Sanction
from tournaments.opendata.models import OpenDataDump
from tournaments.opendata.selectors import line_schema
from tournaments.opendata.services import open_data_make

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def last_months_table(django_capture_on_commit_callbacks):
    event, table, seats, _sheets = table_with_sheets("boomerang-australia", 3, 5, django_capture_on_commit_callbacks)
    assert table.result.__class__.objects.get(pk=table.result.pk).status == "verified"
    event.sanction = Sanction.SANCTIONED
    event.save(update_fields=["sanction"])
    Round.objects.filter(pk=table.round_id).update(started_at=timezone.now() - timedelta(days=40))
    return event, table, seats


def _file(client, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200, path
    assert answer["Content-Type"] == "application/gzip"
    return gzip.decompress(b"".join(answer.streaming_content) if answer.streaming else answer.content).decode()


@pytest.mark.embedded
def test_a_months_tables_are_published_pseudonymous_with_a_licence_and_a_schema(client, last_months_table) -> None:
    _event, table, seats = last_months_table
    assert open_data_make() == 1
    listed = client.get("/api/open-data/").json()["results"]
    assert [(d["game"], d["tables"], d["licence"]) for d in listed] == [("boomerang-australia", 1, "CC-BY-4.0")]
    rows = list(csv.DictReader(io.StringIO(_file(client, listed[0]["csv"]))))
    assert [int(r["seat"]) for r in rows] == [1, 2, 3]
    assert {r["table"] for r in rows} == {str(table.pk)}
    lines = [json.loads(line) for line in _file(client, listed[0]["jsonl"]).splitlines()]
    schema = client.get("/api/open-data/schema/").json()
    assert schema == line_schema()
    for line in lines:
        jsonschema.validate(line, schema)
    assert sorted(s["rank"] for s in lines[0]["seats"]) == sorted(int(r["rank"]) for r in rows)
    published = json.dumps(lines) + json.dumps(rows)
    for seat in seats:  # no handle, name or account anywhere
        assert seat.player.handle not in published
        assert seat.player.user.username not in published
    page = client.get("/open-data/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "CC BY 4.0" in page
    assert listed[0]["csv"] in page


def test_this_months_tables_wait_and_an_unsanctioned_event_is_left_out(last_months_table) -> None:
    event, table, _seats = last_months_table
    Round.objects.filter(pk=table.round_id).update(started_at=timezone.now())
    assert open_data_make() == 0  # the month is not complete
    Round.objects.filter(pk=table.round_id).update(started_at=timezone.now() - timedelta(days=40))
    event.sanction = Sanction.WAITING
    event.save(update_fields=["sanction"])
    assert open_data_make() == 0
    assert not OpenDataDump.objects.exists()


def test_an_erasure_is_honoured_in_the_next_files(client, last_months_table) -> None:
    from tournaments.privacy.services import account_erase

    _event, _table, seats = last_months_table
    open_data_make()
    before = json.loads(_file(client, client.get("/api/open-data/").json()["results"][0]["jsonl"]))
    erased = seats[0].player.user
    erased.set_password("pw-erased")
    erased.save()
    account_erase(user=erased, password="pw-erased")
    open_data_make()
    after = json.loads(_file(client, client.get("/api/open-data/").json()["results"][0]["jsonl"]))
    assert before["seats"][0]["player"] != after["seats"][0]["player"]  # no link to the earlier files
    assert before["seats"][0]["player"] not in json.dumps(after)
    assert [s["player"] for s in before["seats"][1:]] == [s["player"] for s in after["seats"][1:]]  # others stay


def test_an_unknown_file_is_a_404_naming_the_month(client) -> None:
    for path in ("/api/open-data/boomerang-usa/2026-01.csv.gz", "/api/open-data/boomerang-usa/2026-13.jsonl.gz"):
        answer = client.get(path)
        assert (answer.status_code, answer.json()["field"]) == (404, "month")
