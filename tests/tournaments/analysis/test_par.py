"""Par at a verified drafting table (issue 58, item 1): stored with each seat's pick accuracy by the same task,
equal to the pure engine's figures; the table page says what the hands offered and what each seat made, in
English and French; the API answers each seat's par, and a table without one is a 404 naming `no_par`."""

import pytest
from django.test import Client

import games
from games.drafting_sheet import parse_seat
from games.par import table_par
from games.rebuild import rebuild
from tests.tournaments.analysis.test_pick_accuracy import GAME, played
from tournaments.models import ScoreSheet

pytestmark = pytest.mark.django_db


def engine_pars(table) -> dict[str, tuple[int, int]]:
    rules = games.GAMES[GAME].drafting
    data = [sheet.data for sheet in ScoreSheet.objects.filter(seat__table=table).order_by("seat__position", "-version")]
    seats = [parse_seat(rules, raw, "") for raw in data]
    rows = [[list(seat.rounds[r].cards) for seat in seats] for r in range(4)]
    pars = table_par(rules, games.GAMES[GAME].default_edition(), seats, rebuild(rows, "left"))
    return {seat.player: (par.made, par.par) for seat, par in zip(seats, pars, strict=True)}


def test_a_verified_drafting_tables_page_and_api_show_each_seats_par(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    _event, table = played(django_capture_on_commit_callbacks)
    expected = engine_pars(table)
    answer = client.get(f"/api/tables/{table.pk}/par/")
    assert answer.status_code == 200
    body = answer.json()
    assert {seat["player"]: (seat["made"], seat["par"]) for seat in body["seats"]} == expected
    assert all(seat["performance"] == seat["made"] - seat["par"] for seat in body["seats"])
    assert all(len(seat["rounds"]) == 4 for seat in body["seats"])
    pars = [par for _made, par in expected.values()]
    assert body["luck"] == max(pars) - min(pars)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    handle, (made, par) = next(iter(expected.items()))
    sign = "+" if made > par else ("−" if made < par else "±")
    assert f"the hands offered {par}; made {made}: {sign}{abs(made - par)}" in page
    french = client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"les mains offraient {par} ; fait {made} : {sign}{abs(made - par)}" in french
    line = client.get(f"/api/players/{handle}/pick-accuracy/").json()["results"][0]
    assert (line["made"], line["par"], line["performance"]) == (made, par, made - par)
    assert "Against par:" in client.get(f"/players/{handle}/").content.decode()


def test_a_table_without_par_is_a_404_naming_it(client: Client) -> None:
    answer = client.get("/api/tables/999999/par/")
    assert answer.status_code == 404
    assert answer.json()["code"] == "no_par"


def test_the_rules_lab_answers_for_the_two_icons_reading_with_the_winners_that_change(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    """Issue 58, item 5: the API and the stewards' page give the reading's figures, as the command does."""
    import io

    from django.core.management import call_command

    from tests.factories import EventFactory, PlayerFactory, UserFactory
    from tests.tournaments.helpers import play_round, register_and_check_in
    from tournaments.services.rounds import event_start

    event = EventFactory(game="boomerang-australia", rounds_planned=1)
    organiser = event.organisers.get()
    register_and_check_in(event, [PlayerFactory() for _ in range(12)])
    import random

    play_round(event_start(event=event, by=organiser), organiser, random.Random(58), django_capture_on_commit_callbacks)
    answer = client.get("/api/rules-lab/two-activity-icons-score-one/").json()
    assert answer["tables"] == 3
    assert 0 <= answer["winners_changed"] <= answer["places_changed"] <= 3
    out = io.StringIO()
    call_command("rules_lab", "two-activity-icons-score-one", stdout=out)
    assert str(answer["winners_changed"]) in out.getvalue()
    assert client.get("/api/rules-lab/no-such-reading/").json()["code"] == "unknown_reading"
    client.force_login(UserFactory(is_superuser=True))
    page = client.get("/stewards/rules-lab/two-activity-icons-score-one/").content.decode()
    assert "Winners that change" in page
    assert "two-activity-icons-score-one" in client.get("/stewards/").content.decode()
