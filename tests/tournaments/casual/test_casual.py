"""Casual rated games (issue 70, item 4): recorded by one player, confirmed by every other on their own account,
verified by the rules engine, rated in the game's casual pool; a refused sheet goes back to its players, a
declined one is never rated, an unconfirmed one lapses after 7 days."""

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from ratings.models import Rating, RatingPool
from tests.factories import PlayerFactory
from tournaments.casual.models import CasualTable
from tournaments.casual.services import casual_tables_lapse

pytestmark = [pytest.mark.django_db]
EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "sheets"


@pytest.fixture(autouse=True)
def _commits_run_their_tasks(django_capture_on_commit_callbacks, monkeypatch):
    """Each request's tasks (the verification) run when it answers, as a worker would right after its commit."""
    send = APIClient.generic

    def generic(self, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return send(self, *args, **kwargs)

    monkeypatch.setattr(APIClient, "generic", generic)


def sheet(name: str = "boomerang-hunt.json") -> dict:
    return json.loads((EXAMPLES / name).read_text())


def players_of(table_sheet: dict) -> list:
    return [PlayerFactory(handle=seat["player"], user__username=f"u-{seat['player']}") for seat in table_sheet["seats"]]


def as_(player) -> APIClient:
    client = APIClient()
    client.force_authenticate(player.user)
    return client


def record(player, table_sheet: dict) -> dict:
    answer = as_(player).post("/api/casual-tables/", {"sheet": table_sheet}, format="json")
    assert answer.status_code == 201, answer.content
    return answer.json()


@pytest.mark.embedded  # a newcomer's first run proves the whole way, tasks in-process
def test_a_casual_table_confirmed_by_all_its_players_is_rated_in_the_casual_pool() -> None:
    table_sheet = sheet()
    ada, *others = players_of(table_sheet)
    recorded = record(ada, table_sheet)
    assert recorded["status"] == "confirming"
    assert recorded["pool"] == "boomerang-hunt-casual"
    assert recorded["verdict"] is None  # verified behind the answer
    recorded = as_(ada).get(f"/api/casual-tables/{recorded['id']}/").json()
    assert recorded["verdict"]["valid"] is True
    assert [seat["confirmed"] for seat in recorded["seats"]] == [True, False, False, False]
    for player in others[:-1]:
        assert as_(player).post(f"/api/casual-tables/{recorded['id']}/confirm/").json()["status"] == "confirming"
    assert not RatingPool.objects.filter(game="boomerang-hunt-casual").exists()  # nothing rated before the last
    last = as_(others[-1]).post(f"/api/casual-tables/{recorded['id']}/confirm/")
    assert last.json()["status"] == "rated"
    pool = RatingPool.objects.get(game="boomerang-hunt-casual")
    assert pool.name.endswith("(casual)")
    ranks = {seat["player"]: seat["rank"] for seat in last.json()["verdict"]["seats"]}
    board = APIClient().get("/api/ratings/pools/boomerang-hunt-casual/leaderboard/").json()["results"]
    assert board[0]["name"] == min(ranks, key=ranks.get)  # the winner leads the casual list
    assert not Rating.objects.filter(pool__game="boomerang-hunt").exists()  # the sanctioned pool is not touched
    assert Rating.objects.filter(pool=pool).count() == 4


def test_a_sheet_the_rules_refuse_goes_back_and_a_correction_is_confirmed_again() -> None:
    wrong = sheet("boomerang-hunt.rejected.json")
    ada, bruno, *_ = players = players_of(wrong)
    recorded = as_(ada).get(f"/api/casual-tables/{record(ada, wrong)['id']}/").json()
    assert recorded["status"] == "rejected"
    assert recorded["verdict"]["problems"]
    refused = as_(bruno).post(f"/api/casual-tables/{recorded['id']}/confirm/")
    assert (refused.status_code, refused.json()["code"]) == (409, "casual_rejected")
    corrected = as_(bruno).post(f"/api/casual-tables/{recorded['id']}/correct/", {"sheet": sheet()}, format="json")
    assert corrected.status_code == 200, corrected.content
    body = as_(bruno).get(f"/api/casual-tables/{recorded['id']}/").json()
    assert (body["status"], body["attempt"], body["verdict"]["valid"]) == ("confirming", 1, True)
    assert [seat["confirmed"] for seat in body["seats"]] == [False, True, False, False]  # only the corrector's
    for player in (p for p in players if p != bruno):
        as_(player).post(f"/api/casual-tables/{recorded['id']}/confirm/")
    assert CasualTable.objects.get(pk=recorded["id"]).status == "rated"


def test_a_declined_table_is_never_rated_and_an_unconfirmed_one_lapses() -> None:
    table_sheet = sheet()
    ada, bruno, *_ = players_of(table_sheet)
    declined = record(ada, table_sheet)
    assert as_(bruno).post(f"/api/casual-tables/{declined['id']}/decline/").json()["status"] == "declined"
    again = as_(bruno).post(f"/api/casual-tables/{declined['id']}/confirm/")
    assert (again.status_code, again.json()["code"]) == (409, "casual_settled")
    waiting = record(ada, table_sheet)
    CasualTable.objects.filter(pk=waiting["id"]).update(created_at=timezone.now() - timedelta(days=8))
    late = as_(bruno).post(f"/api/casual-tables/{waiting['id']}/confirm/")
    assert (late.status_code, late.json()["code"]) == (409, "casual_lapsed")
    assert casual_tables_lapse() == 1
    assert CasualTable.objects.get(pk=waiting["id"]).status == "lapsed"
    assert not RatingPool.objects.filter(game="boomerang-hunt-casual").exists()


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        (lambda s: s["seats"][2].update(player="nobody-here"), "sheet.seats[2].player", "casual_unknown_player"),
        (lambda s: s["seats"][1].pop("boomerangs"), "sheet.seats[1].boomerangs", "malformed_sheet"),
    ],
)
def test_a_table_with_a_stranger_or_a_malformed_seat_is_refused_naming_the_field(change, field, code) -> None:
    table_sheet = sheet()
    ada, *_ = players_of(table_sheet)
    change(table_sheet)
    refused = as_(ada).post("/api/casual-tables/", {"sheet": table_sheet}, format="json")
    assert (refused.status_code, refused.json()["code"], refused.json()["field"]) == (400, code, field)
    assert not CasualTable.objects.exists()


def test_only_a_player_at_the_table_records_reads_or_confirms_it() -> None:
    table_sheet = sheet()
    ada, *_ = players_of(table_sheet)
    outsider = PlayerFactory()
    refused = as_(outsider).post("/api/casual-tables/", {"sheet": table_sheet}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (400, "casual_not_seated")
    recorded = record(ada, table_sheet)
    for answer in (as_(outsider).get(f"/api/casual-tables/{recorded['id']}/"),
                   as_(outsider).post(f"/api/casual-tables/{recorded['id']}/confirm/")):  # fmt: skip
        assert answer.status_code == 404
    assert as_(outsider).get("/api/casual-tables/").json()["count"] == 0
    assert as_(ada).get("/api/casual-tables/").json()["count"] == 1
    assert APIClient().get("/api/casual-tables/").status_code == 401


def test_a_game_played_long_ago_or_in_the_future_is_refused() -> None:
    table_sheet = sheet()
    ada, *_ = players_of(table_sheet)
    for when in (timezone.now() + timedelta(days=1), timezone.now() - timedelta(days=30)):
        refused = as_(ada).post("/api/casual-tables/", {"sheet": table_sheet, "played_at": when.isoformat()},
                                format="json")  # fmt: skip
        assert (refused.status_code, refused.json()["field"]) == (400, "played_at")


def test_in_the_pages_a_player_confirms_and_the_casual_list_shows_the_table_rated(client) -> None:
    table_sheet = sheet()
    ada, *others = players_of(table_sheet)
    recorded = record(ada, table_sheet)
    for player in others[:-1]:
        as_(player).post(f"/api/casual-tables/{recorded['id']}/confirm/")
    last = others[-1]
    client.force_login(last.user)
    page = client.get("/accounts/casual-games/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Confirmer : j’ai joué cette partie" in page
    assert 'lang="fr"' in page
    answered = client.post(f"/accounts/casual-games/{recorded['id']}/answer/", {"answer": "confirm"})
    assert answered.status_code == 302
    assert CasualTable.objects.get(pk=recorded["id"]).status == "rated"
    board = client.get("/leaderboards/boomerang-hunt/casual/").content.decode()
    assert all(seat["player"] in board for seat in table_sheet["seats"])
    assert "/leaderboards/boomerang-hunt/casual/" in client.get("/leaderboards/boomerang-hunt/").content.decode()
    outsider = PlayerFactory()
    client.force_login(outsider.user)
    client.post(f"/accounts/casual-games/{recorded['id']}/answer/", {"answer": "decline"})
    assert CasualTable.objects.get(pk=recorded["id"]).status == "rated"  # another's table: nothing changes


def test_handles_are_stored_as_their_players_spell_them_and_erasure_renames_them() -> None:
    from tournaments.privacy.services import account_erase

    table_sheet = sheet()
    ada, bruno, *_ = players_of(table_sheet)
    table_sheet["seats"][1]["player"] = "BRUNO"  # typed with another case: the same player
    recorded = record(ada, table_sheet)
    assert [seat["player"] for seat in CasualTable.objects.get(pk=recorded["id"]).sheet["seats"]][:2] == [
        "ada",
        "bruno",
    ]
    bruno.user.set_password("pw-of-bruno")
    bruno.user.save()
    pseudonym = account_erase(user=bruno.user, password="pw-of-bruno")
    stored = CasualTable.objects.get(pk=recorded["id"])
    assert stored.sheet["seats"][1]["player"] == pseudonym
    assert "bruno" not in json.dumps(stored.sheet) + json.dumps(stored.verdict)


def test_the_players_still_to_confirm_are_asked_by_e_mail_in_their_language(mailoutbox) -> None:
    table_sheet = sheet()
    ada, bruno, chloe, dmitri = players_of(table_sheet)
    for player, language in ((bruno, "fr"), (chloe, "de"), (dmitri, "es")):
        player.language = language
        player.save(update_fields=["language"])
    dmitri.notify_seated = False  # turned off: not asked
    dmitri.save(update_fields=["notify_seated"])
    record(ada, table_sheet)
    assert sorted(mail.to[0] for mail in mailoutbox) == sorted([bruno.user.email, chloe.user.email])
    french = next(mail for mail in mailoutbox if mail.to == [bruno.user.email])
    assert "à confirmer" in french.subject
    assert "/accounts/casual-games/" in french.body
    assert "ada" in french.body


def test_a_refused_sheet_tells_every_player_what_to_correct(mailoutbox) -> None:
    wrong = sheet("boomerang-hunt.rejected.json")
    ada, *others = players_of(wrong)
    record(ada, wrong)
    assert sorted(mail.to[0] for mail in mailoutbox) == sorted(p.user.email for p in [ada, *others])
    assert "to correct" in mailoutbox[0].subject
    assert "/correct/" in mailoutbox[0].body


def test_a_casual_list_says_so_when_its_game_is_scored_with_practice_data(client) -> None:
    from games import GAMES

    for game in GAMES:  # the casual list says what the game's leaderboard says
        events_board = "practice-notice" in client.get(f"/leaderboards/{game}/").content.decode()
        casual_board = "practice-notice" in client.get(f"/leaderboards/{game}/casual/").content.decode()
        assert casual_board == events_board, game
    assert any("practice-notice" in client.get(f"/leaderboards/{g}/casual/").content.decode() for g in GAMES)
