"""One register of players (issue 57, item 2): a steward merges two records of one person; their results,
places and ratings become one, the pool rated again equal to a replay from scratch; the merge is in the
stewards' log; two records that played in one event are not merged; only a steward merges."""

import random

import jsonschema
import pytest
from rest_framework.test import APIClient

import tests.ratings.test_services as oracle
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.tournaments.archive.test_archive import SCHEMA
from tests.tournaments.helpers import play_round, register_and_check_in
from tournaments.archive.services import event_export
from tournaments.models import Player, Seat
from tournaments.results.services.closing import event_close
from tournaments.results.services.rating import official_list_publish
from tournaments.services.rounds import event_start
from tournaments.stewarding.models import PlayerMerge

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def played(players, seed, on_commit):
    event = EventFactory(game=GAME, rounds_planned=1, rated=True)
    organiser = event.organisers.get()
    register_and_check_in(event, players)
    play_round(event_start(event=event, by=organiser), organiser, random.Random(seed), on_commit)
    with on_commit(execute=True):
        event_close(event=event, by=organiser)
    return event


def test_two_players_merged_have_one_rating_equal_to_a_replay(django_capture_on_commit_callbacks, monkeypatch) -> None:
    monkeypatch.setattr(oracle, "GAME", GAME)
    ann, ann_again = PlayerFactory(), PlayerFactory()
    others = [PlayerFactory() for _ in range(6)]
    first = played([ann, *others[:3]], 1, django_capture_on_commit_callbacks)
    second = played([ann_again, *others[3:]], 2, django_capture_on_commit_callbacks)
    both = played([ann, *others[3:]], 3, django_capture_on_commit_callbacks)
    assert oracle.stored().keys() >= {ann.user_id, ann_again.user_id}

    steward = APIClient()
    steward.force_authenticate(UserFactory(is_superuser=True))
    stranger = APIClient()
    stranger.force_authenticate(PlayerFactory().user)
    body = {"kept": ann.handle, "merged": ann_again.handle, "reason": "the same person, two accounts"}
    assert stranger.post("/api/player-merges/", body, format="json").status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        answer = steward.post("/api/player-merges/", body, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["merged"] == ann_again.handle

    assert set(Seat.objects.filter(player=ann).values_list("table__round__event", flat=True)) == {
        first.pk,
        second.pk,
        both.pk,
    }
    assert ann_again.user_id not in oracle.stored()  # one rating
    oracle.assert_same(oracle.stored(), oracle.from_scratch())
    assert Player.objects.get(pk=ann_again.pk).claimed_by_id == ann.pk
    assert not type(ann.user).objects.get(pk=ann_again.user_id).is_active
    assert PlayerMerge.objects.get().reason == "the same person, two accounts"
    again = steward.post("/api/player-merges/", body, format="json")
    assert again.json()["code"] == "merged_already"
    from django.test import Client

    page = Client()
    page.force_login(UserFactory(is_superuser=True))
    assert f"{ann_again.handle} merged into {ann.handle}" in page.get("/stewards/").content.decode()


def test_two_records_that_played_one_event_are_not_merged(django_capture_on_commit_callbacks) -> None:
    ann, bob = PlayerFactory(), PlayerFactory()
    played([ann, bob, PlayerFactory(), PlayerFactory()], 4, django_capture_on_commit_callbacks)
    steward = APIClient()
    steward.force_authenticate(UserFactory(is_superuser=True))
    refused = steward.post("/api/player-merges/", {"kept": ann.handle, "merged": bob.handle, "reason": "x"},
                           format="json")  # fmt: skip
    assert (refused.status_code, refused.json()["code"]) == (409, "played_together")
    assert not PlayerMerge.objects.exists()


def test_a_merge_is_undone_and_each_record_has_its_own_rating_again(django_capture_on_commit_callbacks,
                                                                     monkeypatch) -> None:  # fmt: skip
    monkeypatch.setattr(oracle, "GAME", GAME)
    ann, not_ann = PlayerFactory(), PlayerFactory()
    others = [PlayerFactory() for _ in range(6)]
    played([ann, *others[:3]], 5, django_capture_on_commit_callbacks)
    theirs = played([not_ann, *others[3:]], 6, django_capture_on_commit_callbacks)
    before = oracle.stored()
    steward = APIClient()
    steward.force_authenticate(UserFactory(is_superuser=True))
    body = {"kept": ann.handle, "merged": not_ann.handle, "reason": "looked like one person"}
    with django_capture_on_commit_callbacks(execute=True):
        merge = steward.post("/api/player-merges/", body, format="json").json()
    assert not_ann.user_id not in oracle.stored()

    stranger = APIClient()
    stranger.force_authenticate(PlayerFactory().user)
    assert stranger.post(f"/api/player-merges/{merge['id']}/undo/", {"reason": "x"}, format="json").status_code == 403
    assert steward.post(f"/api/player-merges/{merge['id']}/undo/", {"reason": " "}, format="json").json()["field"] == (
        "reason"
    )
    with django_capture_on_commit_callbacks(execute=True):
        undone = steward.post(f"/api/player-merges/{merge['id']}/undo/", {"reason": "two sisters"}, format="json")
    assert undone.status_code == 200, undone.json()
    assert undone.json()["undo_reason"] == "two sisters"
    oracle.assert_same(oracle.stored(), before)  # each rating as it was before the merge...
    oracle.assert_same(oracle.stored(), oracle.from_scratch())  # ...and as a replay gives it
    assert set(Seat.objects.filter(player=not_ann).values_list("table__round__event", flat=True)) == {theirs.pk}
    assert Player.objects.get(pk=not_ann.pk).claimed_by_id is None
    assert type(ann.user).objects.get(pk=not_ann.user_id).is_active  # logs in again
    assert not_ann.handle in str(theirs.rounds.get().tables.first().result.verdict)  # the sheets name them again
    again = steward.post(f"/api/player-merges/{merge['id']}/undo/", {"reason": "again"}, format="json")
    assert again.json()["code"] == "undone_already"
    archive = event_export(event=type(theirs).objects.get(pk=theirs.pk))
    jsonschema.validate(archive, SCHEMA)
    [kept_in_archive] = [d for d in archive["decisions"] if d["kind"] == "merge"]
    assert (kept_in_archive["merged"], kept_in_archive["kept"], kept_in_archive["decision"]) == (
        not_ann.handle,
        ann.handle,
        "undone",
    )  # the archive keeps the merge and its undoing
    assert kept_in_archive["undo_reason"] == "two sisters"


def test_a_merge_is_not_undone_once_an_official_list_is_published(django_capture_on_commit_callbacks) -> None:
    ann, ann_again = PlayerFactory(), PlayerFactory()
    played([ann, PlayerFactory(), PlayerFactory(), PlayerFactory()], 7, django_capture_on_commit_callbacks)
    played([ann_again, PlayerFactory(), PlayerFactory(), PlayerFactory()], 8, django_capture_on_commit_callbacks)
    superuser = UserFactory(is_superuser=True)
    steward = APIClient()
    steward.force_authenticate(superuser)
    body = {"kept": ann.handle, "merged": ann_again.handle, "reason": "one person"}
    with django_capture_on_commit_callbacks(execute=True):
        merge = steward.post("/api/player-merges/", body, format="json").json()
    official_list_publish(game=GAME, by=superuser, name="2026-12")
    refused = steward.post(f"/api/player-merges/{merge['id']}/undo/", {"reason": "oops"}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (409, "list_published_since")
    assert Player.objects.get(pk=ann_again.pk).claimed_by_id == ann.pk  # nothing changed


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_sheet_racing_a_merge_waits_for_it_and_never_credits_the_merged_record(monkeypatch) -> None:
    """Issue 67, item 4: a player's own sheet POSTed while a steward merged that player: the seat became the
    kept record's, the verdict named the merged one. The merge now takes the tables' locks a sheet takes."""
    import threading

    from django.db import connection

    from config.errors import DomainError
    from tests.tournaments.helpers import legal_seat_data, running_round
    from tournaments.models import ScoreSheet, Table
    from tournaments.results.services.sheets import sheet_submit
    from tournaments.stewarding import merges

    _event, round_ = running_round()
    table = Table.objects.get(round=round_)
    seat = table.seats.select_related("player__user").order_by("position").first()
    merged, kept = seat.player, PlayerFactory()
    data = legal_seat_data(table, random.Random(7))[0]
    merging, go_on, outcome = threading.Event(), threading.Event(), {}
    move = merges.player_merge_into

    def slow_move(**kwargs):
        merging.set()
        go_on.wait(timeout=20)
        return move(**kwargs)

    monkeypatch.setattr(merges, "player_merge_into", slow_move)

    def merge() -> None:
        try:
            merges.players_merge(kept=kept, merged=merged, by=UserFactory(is_superuser=True), reason="one person")
        finally:
            connection.close()

    def send() -> None:
        try:
            outcome["sheet"] = sheet_submit(seat_id=seat.pk, data=data, by=merged.user)
        except DomainError as refused:
            outcome["refused"] = refused
        finally:
            connection.close()

    steward = threading.Thread(target=merge)
    steward.start()
    assert merging.wait(timeout=20)  # the merge holds the table's locks
    sender = threading.Thread(target=send)
    sender.start()
    sender.join(timeout=1)
    assert sender.is_alive()  # the sheet waits for the merge
    go_on.set()
    steward.join(timeout=30)
    sender.join(timeout=30)
    assert Seat.objects.get(pk=seat.pk).player_id == kept.pk
    stored = ScoreSheet.objects.filter(seat=seat)
    assert "refused" in outcome or all(sheet.data["player"] != merged.handle for sheet in stored), outcome


def test_a_later_merge_keeps_the_log_of_an_earlier_one_and_the_earlier_waits_for_its_undo(
    django_capture_on_commit_callbacks,
) -> None:
    """Issue 67, item 13: merging B into C rewrote the log of A merged into B to say C."""
    a, b, c = PlayerFactory(), PlayerFactory(), PlayerFactory()
    others = [PlayerFactory() for _ in range(9)]
    for seed, player in enumerate((a, b, c)):
        played([player, *others[3 * seed : 3 * seed + 3]], seed, django_capture_on_commit_callbacks)
    steward = APIClient()
    steward.force_authenticate(UserFactory(is_superuser=True))
    with django_capture_on_commit_callbacks(execute=True):
        first = steward.post("/api/player-merges/", {"kept": b.handle, "merged": a.handle, "reason": "one"},
                             format="json").json()  # fmt: skip
        second = steward.post("/api/player-merges/", {"kept": c.handle, "merged": b.handle, "reason": "two"},
                              format="json").json()  # fmt: skip
    log = {merge.pk: (merge.merged_id, merge.kept_id) for merge in PlayerMerge.objects.all()}
    assert log == {first["id"]: (a.pk, b.pk), second["id"]: (b.pk, c.pk)}  # each as it was decided
    early = steward.post(f"/api/player-merges/{first['id']}/undo/", {"reason": "too soon"}, format="json")
    assert (early.status_code, early.json()["code"]) == (409, "merged_since")
    with django_capture_on_commit_callbacks(execute=True):
        assert (
            steward.post(f"/api/player-merges/{second['id']}/undo/", {"reason": "b"}, format="json").status_code == 200
        )
        assert (
            steward.post(f"/api/player-merges/{first['id']}/undo/", {"reason": "a"}, format="json").status_code == 200
        )
    assert {seat.player_id for seat in Seat.objects.filter(player__in=[a, b, c])} == {a.pk, b.pk, c.pk}
