"""Team events (issue 57, item 4): teams register through the API, all their players or none; seating never
puts teammates at one table, round 1 included, over five rounds of forty players; team standings sum each
round's points of the team's players (or its best K) and match a count by hand; individual standings stay."""

import random
from fractions import Fraction

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.helpers import play_round
from tournaments.models import Player, Registration, TableResult, Team
from tournaments.selectors.events import event_standings
from tournaments.selectors.teams import event_team_standings
from tournaments.services.registrations import registration_check_in
from tournaments.services.rounds import event_start, round_seat_next
from tournaments.standings import TableOutcome, team_standings
from tournaments.verdicts import TableVerdict

pytestmark = pytest.mark.django_db


def client_of(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_teammates_never_share_a_table_over_five_rounds_of_forty_players(django_capture_on_commit_callbacks) -> None:
    event = EventFactory(game="boomerang-australia", capacity=40, rounds_planned=5, team_size=4, team_best_of=3)
    organiser = event.organisers.get()
    players = [PlayerFactory() for _ in range(40)]
    teams = [players[n : n + 4] for n in range(0, 40, 4)]
    for number, members in enumerate(teams):
        if number % 2:  # the organiser registers the whole team
            team = {"name": f"Team {number}", "players": [p.handle for p in members]}
            answer = client_of(organiser).post(f"/api/events/{event.pk}/teams/", team, format="json")
            assert answer.status_code == 201, answer.data
            continue
        captain = client_of(members[0].user)  # the captain alone, each teammate with the team's code
        alone = {"name": f"Team {number}", "players": [members[0].handle]}
        made = captain.post(f"/api/events/{event.pk}/teams/", alone, format="json")
        assert made.status_code == 201, made.data
        for member in members[1:]:
            code = {"code": made.data["join_code"]}
            joined = client_of(member.user).post(f"/api/events/{event.pk}/teams/join/", code, format="json")
            assert joined.status_code == 201, joined.data
    for registration in Registration.objects.filter(event=event):
        registration_check_in(registration=registration, by=organiser)
    team_of = {registration.player.handle: registration.team_id for registration in event.registrations.all()}
    assert len(set(team_of.values())) == 10
    round_ = event_start(event=event, by=organiser)
    rng = random.Random(57)
    for number in range(1, 6):
        for table in round_.tables.all():
            at_table = [team_of[handle] for handle in table.seats.values_list("player__handle", flat=True)]
            assert len(at_table) == len(set(at_table)), (number, table.number, at_table)
        play_round(round_, organiser, rng, django_capture_on_commit_callbacks)
        if number < 5:
            round_ = round_seat_next(event=event, by=organiser)
    rows = event_team_standings(event=event)
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    by_hand = _by_hand(event, team_of)
    assert {row.name: row.points for row in rows} == by_hand
    served = client_of(organiser).get(f"/api/events/{event.pk}/team-standings/").json()["results"]
    assert [line["team"] for line in served] == [row.name for row in rows]
    assert len(served[0]["rounds"]) == 5
    assert len(event_standings(event=event)) == 40  # individual standings as in any event
    page = client_of(organiser).get(f"/events/{event.pk}/standings/").content.decode()
    assert f"<strong>{rows[0].name}</strong>" in page
    assert "Each round counts the points of the team's best 3 players." in page


def _by_hand(event, team_of) -> dict[str, Fraction]:
    """Each round, each team's best three players' points at their tables (4, 2, 1, 0 at a table of four)."""
    names = dict(Team.objects.filter(event=event).values_list("pk", "name"))
    totals = dict.fromkeys(names.values(), Fraction(0))
    for round_ in event.rounds.order_by("number"):
        won: dict[int, list[Fraction]] = {}
        for result in TableResult.objects.filter(table__round=round_):
            seats = TableVerdict.read(result.verdict).seats
            scheme = event.points_by_table_size[str(len(seats))]
            for seat in seats:
                tied = sum(other.rank == seat.rank for other in seats)
                points = Fraction(sum(Fraction(p) for p in scheme[seat.rank - 1 : seat.rank - 1 + tied]), tied)
                won.setdefault(team_of[seat.player], []).append(points)
        for team, points in won.items():
            totals[names[team]] += sum(sorted(points, reverse=True)[:3])
    return totals


def test_a_team_registers_whole_or_not_at_all() -> None:
    event = EventFactory(game="boomerang-australia", capacity=16, team_size=2)
    organiser = client_of(event.organisers.get())
    ann, bob, cy = PlayerFactory(), PlayerFactory(), PlayerFactory()
    wrong_size = organiser.post(f"/api/events/{event.pk}/teams/", {"name": "A", "players": [ann.handle]}, format="json")
    assert (wrong_size.status_code, wrong_size.json()["code"]) == (400, "team_size")
    outsider = client_of(cy.user).post(f"/api/events/{event.pk}/teams/", {"name": "A", "players": [ann.handle]},
                                       format="json")  # fmt: skip
    assert (outsider.status_code, outsider.json()["code"]) == (403, "not_in_team")
    assert organiser.post(f"/api/events/{event.pk}/teams/", {"name": "A", "players": [ann.handle, bob.handle]},
                          format="json").status_code == 201  # fmt: skip
    again = organiser.post(
        f"/api/events/{event.pk}/teams/", {"name": "B", "players": [cy.handle, bob.handle]}, format="json"
    )
    assert (again.status_code, again.json()["code"]) == (409, "in_a_team")
    assert not Registration.objects.filter(event=event, player=cy).exists()  # none of the team was registered
    individual = EventFactory(game="boomerang-australia")
    refused = organiser.post(f"/api/events/{individual.pk}/teams/", {"name": "A", "players": [ann.handle]},
                             format="json")  # fmt: skip
    assert refused.json()["code"] == "not_a_team_event"


def test_a_player_registers_only_themselves_and_each_teammate_joins_with_the_code() -> None:
    """Issue 67, item 12: a player registered another player into a team (and its fee) without their consent."""
    event = EventFactory(game="boomerang-australia", capacity=16, team_size=2)
    ann, bob, cy, dee = (PlayerFactory() for _ in range(4))
    captain = client_of(ann.user)
    for_bob = captain.post(f"/api/events/{event.pk}/teams/", {"name": "A", "players": [ann.handle, bob.handle]},
                           format="json")  # fmt: skip
    assert (for_bob.status_code, for_bob.json()["code"]) == (403, "teammate_consent")
    assert not Registration.objects.filter(event=event).exists()
    made = captain.post(f"/api/events/{event.pk}/teams/", {"name": "A", "players": [ann.handle]}, format="json")
    assert made.status_code == 201, made.json()
    assert (made.json()["players"], len(made.json()["join_code"])) == ([ann.handle], 12)
    assert "join_code" not in Client().get(f"/api/events/{event.pk}/teams/").json()["results"][0]  # theirs only
    bad = client_of(bob.user).post(f"/api/events/{event.pk}/teams/join/", {"code": "NOPE"}, format="json")
    assert (bad.status_code, bad.json()["code"], bad.json()["field"]) == (400, "unknown_code", "code")
    joined = client_of(bob.user).post(f"/api/events/{event.pk}/teams/join/",
                                      {"code": made.json()["join_code"].lower()}, format="json")  # fmt: skip
    assert joined.status_code == 201, joined.json()
    assert sorted(joined.json()["players"]) == sorted([ann.handle, bob.handle])
    late = client_of(cy.user).post(f"/api/events/{event.pk}/teams/join/", {"code": made.json()["join_code"]},
                                   format="json")  # fmt: skip
    assert late.json()["code"] == "unknown_code"  # the team is whole: its code ended
    page = Client()
    page.force_login(dee.user)
    shown = page.get(f"/events/{event.pk}/").content.decode()
    assert 'name="code"' in shown  # a player joins from the page too
    assert 'name="players" maxlength' not in shown  # and names nobody but themselves


def test_team_points_are_each_rounds_best_players_summed() -> None:
    def table(*seats):
        from tournaments.standings import SeatOutcome

        return TableOutcome(tuple(SeatOutcome(player, rank, total) for player, rank, total in seats))

    rounds = [[table(("a1", 1, 50), ("b1", 2, 40), ("a2", 3, 30), ("b2", 4, 20))]]
    scheme = {"4": [4, 2, 1, 0]}
    every = team_standings(rounds, {"A": ["a1", "a2"], "B": ["b1", "b2"]}, points_by_table_size=scheme)
    assert [(row.name, row.points, row.game_score) for row in every] == [("A", 5, 80), ("B", 2, 60)]
    best = team_standings(rounds, {"A": ["a1", "a2"], "B": ["b1", "b2"]}, points_by_table_size=scheme, best_of=1)
    assert [(row.name, row.points) for row in best] == [("A", 4), ("B", 2)]


@pytest.mark.embedded
def test_an_event_page_offers_a_team_form_when_the_event_has_teams() -> None:
    """Issue 66, item 5: teams could be registered only through the API."""
    from django.test import Client

    event = EventFactory(game="boomerang-australia", team_size=2, capacity=16)
    ann = PlayerFactory(handle="ann-team")
    PlayerFactory(handle="bob-team")
    page = Client()
    page.force_login(ann.user)
    text = page.get(f"/events/{event.pk}/").content.decode()
    assert "Register a team" in text
    assert 'value="ann-team"' in text  # the one registering is in it, alone: teammates join with its code
    assert text.count('name="players"') == 1
    assert "Inscrire une équipe" in page.get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    answer = page.post(f"/events/{event.pk}/teams/new/", {"name": "Owls", "players": ["ann-team"]}, follow=True)
    assert "The team Owls is registered." in answer.content.decode()
    team = Team.objects.get(event=event)
    assert team.join_code in answer.content.decode()  # shown to its maker, to pass on
    bob = Client()
    bob.force_login(Player.objects.get(handle="bob-team").user)
    joined = bob.post(f"/events/{event.pk}/teams/join/", {"code": team.join_code}, follow=True)
    assert "You joined the team." in joined.content.decode()
    assert set(team.members.values_list("player__handle", flat=True)) == {"ann-team", "bob-team"}
    assert "Register a team" not in page.get(f"/events/{event.pk}/").content.decode()  # in a team now
    solo = EventFactory(game="boomerang-australia")
    assert "Register a team" not in page.get(f"/events/{solo.pk}/").content.decode()
    refused = Client()
    refused.force_login(PlayerFactory().user)
    answer = refused.post(f"/events/{event.pk}/teams/new/", {"name": "Nope", "players": ["ann-team"]}, follow=True)
    assert Team.objects.filter(event=event).count() == 1  # refused, with the reason on the page
    assert '<li class="error">' in answer.content.decode()
