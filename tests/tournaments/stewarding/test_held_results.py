"""Sanctions that hold (issue 46, item 1): once an event is sanctioned and finished, random changes of its
results (corrections verified or rejected, overrides) never move the pool until a steward accepts them;
accepting rates the results as they now are (the pool then equals a replay from scratch of what it holds);
refusing keeps what was sanctioned; the changes are recorded with who, why and the places before and after;
a club whose corrections the stewards trust has them accepted as they come. On PostgreSQL."""

import random

import pytest

from ratings.models import Rating, RatingEvent, RatingPool
from ratings.services.pools import pool_replay
from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.helpers import legal_seat_data, register_and_check_in
from tournaments.archive.services import event_export
from tournaments.models import Event, Table, TableResult
from tournaments.results.models import HeldResult, ResultChange
from tournaments.results.services import held as held_results
from tournaments.results.services.closing import event_close
from tournaments.results.services.rating import as_held, rated
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.results.services.verification import table_override
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.rounds import event_start, round_seat_next, round_start
from tournaments.stewarding.services import (
    event_sanction,
    event_unsanction,
    organisation_corrections_trust,
    result_change_decide,
)

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]
GAME = "boomerang-australia"


class Night:
    """A sanctioned club night of eight players over two rounds, played and closed."""

    def __init__(self, rng: random.Random, on_commit, trusted: bool = False) -> None:
        self.rng, self.on_commit = rng, on_commit
        self.owner, self.steward = PlayerFactory().user, UserFactory(is_superuser=True)
        club = organisation_create(by=self.owner, slug="owls", name="Owls")
        if trusted:
            organisation_corrections_trust(organisation=club, by=self.steward, trusted=True, game=GAME)
        self.event = event_create(organiser=self.owner, name="Night", game=GAME, organisation=club,
                                           rounds_planned=2)  # fmt: skip
        event_sanction(event=self.event, by=self.steward, reason="a club night")
        event_open_registration(event=self.event, by=self.owner)
        register_and_check_in(self.event, [PlayerFactory() for _ in range(8)])
        round_ = event_start(event=self.event, by=self.owner)
        for number in (1, 2):
            if number == 2:
                round_ = round_seat_next(event=self.event, by=self.owner)
            round_start(round_=round_, by=self.owner)
            for table in round_.tables.all():
                self.submit(table)
        with on_commit(execute=True):
            event_close(event=self.event, by=self.owner)

    def submit(self, table: Table, wrong: bool = False) -> None:
        seats = legal_seat_data(Table.objects.get(pk=table.pk), self.rng)
        if wrong:
            seats[0] = {**seats[0], "claimed_total": seats[0]["claimed_total"] + 3}
        with self.on_commit(execute=True):
            table_sheets_submit(table=Table.objects.get(pk=table.pk), seats=seats, by=self.owner)

    def change(self) -> None:
        """One change of a random table's result, as an organiser may make after the close."""
        table = self.rng.choice(list(Table.objects.filter(round__event=self.event)))
        kind = self.rng.choice(["correct", "correct", "wrong", "override"])
        if kind == "override":
            if TableResult.objects.get(table=table).table_verdict.scored:
                with self.on_commit(execute=True):
                    table_override(table=table, reason="as the slips say", by=self.owner)
        else:
            self.submit(table, wrong=kind == "wrong")

    def decide(self, accept: bool) -> ResultChange:
        pending = ResultChange.objects.get(event=self.event, status="pending")
        with self.on_commit(execute=True):
            return result_change_decide(change=pending, accept=accept, by=self.steward, reason="checked")


def pool() -> dict[int, tuple[float, float, int]]:
    return {r.player_id: (round(r.mu, 9), round(r.sigma, 9), r.games) for r in Rating.objects.all()}


def placings() -> dict[str, list]:
    return {e.source: sorted((p["name"], p["rank"]) for p in e.placings) for e in RatingEvent.objects.all()}


def pool_is_the_replay_of_what_it_holds() -> None:
    """The rated tables are those whose held result counts, each rated with its held ranks, and a replay from
    scratch gives the stored ratings."""
    results = as_held(TableResult.objects.select_related("table__round__event"))
    expected = {
        f"table:{r.table_id}": sorted((s.player, s.rank) for s in r.table_verdict.seats if not s.forfeited)
        for r in results if rated(r)
    }  # fmt: skip
    assert placings() == expected
    kept = pool()
    for rating_pool in RatingPool.objects.all():
        pool_replay(pool=rating_pool)
    assert pool() == kept


@pytest.mark.parametrize("seed", range(4))
def test_changes_after_sanction_move_no_pool_until_a_steward_accepts(django_capture_on_commit_callbacks, seed) -> None:
    rng = random.Random(seed)
    night = Night(rng, django_capture_on_commit_callbacks)
    sanctioned, sanctioned_places = pool(), placings()
    places_at_close = held_results.places_now(event_id=night.event.pk)
    assert HeldResult.objects.count() == Table.objects.count() == 4
    for _ in range(rng.randint(2, 6)):
        night.change()
        assert pool() == sanctioned  # however the results changed
        assert placings() == sanctioned_places
    change = ResultChange.objects.get(event=night.event, status="pending")
    assert change.steps
    assert {step["by"] for step in change.steps} == {night.owner.player.handle}
    assert change.before == places_at_close
    assert change.after == held_results.places_now(event_id=night.event.pk)
    assert len(change.before) == 8
    accept = rng.random() < 0.5
    night.decide(accept=accept)
    if accept:
        live = {r.table_id: (r.status, r.verdict) for r in TableResult.objects.all()}
        assert {h.table_id: (h.status, h.verdict) for h in HeldResult.objects.all()} == live
    else:
        assert pool() == sanctioned
    pool_is_the_replay_of_what_it_holds()


def test_a_refused_change_keeps_the_sanctioned_result_and_a_later_change_waits_again(
    django_capture_on_commit_callbacks,
) -> None:
    night = Night(random.Random(7), django_capture_on_commit_callbacks)
    sanctioned = pool()
    night.submit(Table.objects.filter(round__event=night.event).first(), wrong=True)
    refused = night.decide(accept=False)
    assert (refused.status, refused.decided_by, refused.decision_reason) == ("refused", night.steward, "checked")
    assert pool() == sanctioned
    night.change()
    assert ResultChange.objects.filter(event=night.event, status="pending").count() == 1


def test_a_revoked_sanction_voids_the_waiting_change_and_holds_nothing(django_capture_on_commit_callbacks) -> None:
    night = Night(random.Random(3), django_capture_on_commit_callbacks)
    night.submit(Table.objects.filter(round__event=night.event).first(), wrong=True)
    with django_capture_on_commit_callbacks(execute=True):
        event_unsanction(event=night.event, by=night.steward, reason="doubt")
    assert ResultChange.objects.get(event=night.event).status == "void"
    assert not HeldResult.objects.exists()
    assert not RatingEvent.objects.filter(kind="match").exists()


def test_a_trusted_clubs_corrections_are_accepted_as_they_come(django_capture_on_commit_callbacks) -> None:
    night = Night(random.Random(5), django_capture_on_commit_callbacks, trusted=True)
    table = Table.objects.filter(round__event=night.event).first()
    night.submit(table)
    change = ResultChange.objects.get(event=night.event)
    assert change.status == "accepted"
    assert change.decided_by is None
    held = HeldResult.objects.get(table=table)
    assert (held.status, held.verdict) == (table.result.status, TableResult.objects.get(table=table).verdict)
    pool_is_the_replay_of_what_it_holds()


def test_only_a_steward_decides_and_a_decision_is_made_once(django_capture_on_commit_callbacks) -> None:
    from config.errors import DomainError

    night = Night(random.Random(9), django_capture_on_commit_callbacks)
    night.submit(Table.objects.filter(round__event=night.event).first(), wrong=True)
    pending = ResultChange.objects.get(event=night.event)
    with pytest.raises(DomainError) as refused:
        result_change_decide(change=pending, accept=True, by=night.owner, reason="mine")
    assert refused.value.code == "not_steward"
    night.decide(accept=True)
    with pytest.raises(DomainError) as again:
        result_change_decide(change=pending, accept=False, by=night.steward, reason="late")
    assert again.value.code == "change_decided"
    assert Event.objects.get(pk=night.event.pk).result_changes.count() == 1


def test_the_api_shows_the_decisions_and_a_steward_accepts_a_change(django_capture_on_commit_callbacks) -> None:
    from django.test import Client

    night = Night(random.Random(11), django_capture_on_commit_callbacks)
    night.submit(Table.objects.filter(round__event=night.event).first(), wrong=True)
    decisions = Client().get(f"/api/events/{night.event.pk}/decisions/").json()["results"]
    assert [(d["kind"], d["decision"]) for d in decisions] == [("sanction", "sanctioned"), ("result_change", "pending")]
    change = decisions[-1]
    # The correction, then its verdict: both steps of one change, both the organiser's
    assert [step["because"] for step in change["steps"]] == ["corrected", "verified"]
    assert {step["by"] for step in change["steps"]} == {night.owner.player.handle}
    path = f"/api/events/{night.event.pk}/result-changes/{change['id']}/accept/"
    organiser = Client()
    organiser.force_login(night.owner)
    assert organiser.post(path, {"reason": "mine"}, content_type="application/json").status_code == 403
    steward = Client()
    steward.force_login(night.steward)
    with django_capture_on_commit_callbacks(execute=True):
        accepted = steward.post(path, {"reason": "the slips agree"}, content_type="application/json")
    assert accepted.status_code == 200, accepted.content
    assert (accepted.json()["decision"], accepted.json()["reason"]) == ("accepted", "the slips agree")
    archive = event_export(event=Event.objects.get(pk=night.event.pk))
    assert [d["decision"] for d in archive["decisions"]] == ["sanctioned", "accepted"]


def test_the_stewards_queue_and_the_event_page_show_the_change(django_capture_on_commit_callbacks) -> None:
    from django.test import Client

    night = Night(random.Random(13), django_capture_on_commit_callbacks)
    night.submit(Table.objects.filter(round__event=night.event).first(), wrong=True)
    steward = Client()
    steward.force_login(night.steward)
    queue = steward.get("/stewards/").content.decode()
    assert "Results changed after the sanction" in queue
    assert "sheets corrected and checked again" in queue
    change = ResultChange.objects.get(event=night.event)
    with django_capture_on_commit_callbacks(execute=True):
        steward.post(f"/stewards/result-changes/{change.pk}/refuse/", {"reason": "the slips say otherwise"})
    assert ResultChange.objects.get(pk=change.pk).status == "refused"
    page = Client().get(f"/events/{night.event.pk}/").content.decode()
    assert "refused by the stewards" in page
    assert "the slips say otherwise" in page
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(f"/events/{night.event.pk}/").content.decode()
    assert "refusé" in french


def test_a_steward_trusts_a_clubs_corrections_from_its_page() -> None:
    from django.test import Client

    from tournaments.models import Organisation

    owner = PlayerFactory()
    organisation_create(by=owner.user, slug="owls", name="Owls")
    steward = Client()
    steward.force_login(UserFactory(is_superuser=True))
    assert "Trust its corrections" in steward.get("/clubs/owls/").content.decode()
    steward.post("/clubs/owls/corrections-trust/", {"trusted": "yes", "game": GAME})
    assert Organisation.objects.get(slug="owls").corrections_trusted_games == [GAME]
    member = Client()
    member.force_login(owner.user)
    assert "Trust its corrections" not in member.get("/clubs/owls/").content.decode()
    member.post("/clubs/owls/corrections-trust/", {"trusted": "no", "game": GAME})
    assert Organisation.objects.get(slug="owls").corrections_trusted_games == [GAME]  # only a steward decides


def test_malformed_decisions_are_refused_naming_the_field(django_capture_on_commit_callbacks) -> None:
    from django.test import Client

    night = Night(random.Random(19), django_capture_on_commit_callbacks)
    night.submit(Table.objects.filter(round__event=night.event).first(), wrong=True)
    change = ResultChange.objects.get(event=night.event)
    steward = Client()
    steward.force_login(night.steward)
    path = f"/api/events/{night.event.pk}/result-changes/{change.pk}/accept/"
    for body in ({}, {"reason": "   "}):
        answer = steward.post(path, body, content_type="application/json")
        assert (answer.status_code, answer.json()["field"]) == (400, "reason")
    assert steward.post(f"/api/events/{night.event.pk}/result-changes/999999/accept/", {"reason": "x"},
                        content_type="application/json").status_code == 404  # fmt: skip
    trust = steward.post("/api/organisations/owls/corrections-trust/", {"trusted": "perhaps", "game": GAME},
                         content_type="application/json")  # fmt: skip
    assert (trust.status_code, trust.json()["field"]) == (400, "trusted")
    assert ResultChange.objects.get(pk=change.pk).status == "pending"
