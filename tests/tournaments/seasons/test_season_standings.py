"""Stored season standings always equal computing the season from scratch (each event's standings from its
results, not from the stored places): after random corrections after the close, sanctions revoked and given
back, events joining and a guest claimed by one of the season's players. Pages and the API read them."""

import io
import random
from datetime import date
from fractions import Fraction

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.helpers import legal_seat_data, play_round, register_and_check_in
from tournaments.entrants.services import guest_create
from tournaments.models import Event, Player
from tournaments.results.services.claims import guest_claim
from tournaments.results.services.closing import event_close
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.seasons import selectors as seasons_selectors
from tournaments.seasons.models import Season, SeasonScore, SeasonStanding
from tournaments.seasons.points import EventResult, SeasonRow, season_standings
from tournaments.seasons.selectors import season_events
from tournaments.seasons.services import season_create, season_event_add
from tournaments.selectors.events import event_standings
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.rounds import event_start, round_start
from tournaments.stewarding.services import event_sanction, event_unsanction

pytestmark = pytest.mark.django_db
GAME = "boomerang-australia"


def plain(row: SeasonRow) -> tuple:
    return row.player, row.place, row.points, tuple(row.played), tuple(sorted(row.counted))


def scratch(season: Season) -> list[tuple]:
    counting, _coming = season_events(season=season)
    results = [
        EventResult(event.pk, tier, {row.handle: row.rank for row in event_standings(event=event)})
        for event, tier in counting
    ]
    return [plain(row) for row in season_standings(results, season.best_of, season.points_table)]


def stored(season: Season) -> list[tuple]:
    season.refresh_from_db()
    assert season.standings_at is not None
    return [plain(row) for row in seasons_selectors.season_standings(season=season)]


def finished(club, owner, players: list[Player], rng: random.Random, on_commit, guest: str = "") -> Event:
    event = event_create(organiser=owner, name="Night", game=GAME, organisation=club, rounds_planned=1)
    event_sanction(event=event, by=UserFactory(is_superuser=True), reason="club night")
    event_open_registration(event=event, by=owner)
    register_and_check_in(event, players)
    if guest:
        guest_create(event=event, by=owner, handle=guest)  # at the door: checked in with it
    round_ = event_start(event=event, by=owner)
    if guest:  # the organiser keeps the guest's table
        round_start(round_=round_, by=owner)
        for table in round_.tables.all():
            with on_commit(execute=True):
                table_sheets_submit(table=table, seats=legal_seat_data(table, rng), by=owner)
    else:
        play_round(round_, owner, rng, on_commit)
    event_close(event=event, by=owner)
    return Event.objects.get(pk=event.pk)


def correct(event: Event, owner, rng: random.Random, on_commit) -> None:
    """The organiser re-enters a table of the finished event with other legal sheets."""
    table = rng.choice(list(event.rounds.get().tables.all()))
    with on_commit(execute=True):
        table_sheets_submit(table=table, seats=legal_seat_data(table, rng), by=owner)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_stored_standings_equal_the_season_from_scratch_after_random_changes(
    django_capture_on_commit_callbacks, seed
) -> None:
    rng = random.Random(seed)
    on_commit = django_capture_on_commit_callbacks
    owner = PlayerFactory().user
    steward = UserFactory(is_superuser=True)
    club = organisation_create(by=owner, slug=f"owls{seed}", name="Owls")
    regulars = [PlayerFactory() for _ in range(7)]
    events = [finished(club, owner, regulars[:3], rng, on_commit, guest=f"walkin{seed}")]  # the claimer stays out
    events += [finished(club, owner, rng.sample(regulars, rng.choice([4, 5, 6])), rng, on_commit) for _ in range(4)]
    season = season_create(
        by=owner, organisation=club, name="League", game=GAME, starts_on=date(2020, 1, 1),
        ends_on=date(2035, 1, 1), best_of=rng.choice([1, 2, 3]), points_table=rng.choice([None, [10, 6, 4, 2]]),
    )  # fmt: skip
    assert stored(season) == []
    joined = events[:3]
    for event in joined:
        season_event_add(season=season, by=owner, event=event, tier=rng.choice([1, 2, 4]))
    assert stored(season) == scratch(season)
    for _step in range(8):
        change = rng.choice(["correct", "sanction", "join"])
        event = rng.choice(joined)
        if change == "correct":
            correct(event, owner, rng, on_commit)
        elif change == "sanction" and event.sanction == "sanctioned":
            event_unsanction(event=event, by=steward, reason="doubt")
        elif change == "sanction":
            event_sanction(event=event, by=steward, reason="cleared")
        elif len(joined) < len(events):
            joined.append(events[len(joined)])
            season_event_add(season=season, by=owner, event=joined[-1], tier=2)
        event.refresh_from_db()
        assert stored(season) == scratch(season), change
    claimer = regulars[6]
    guest = Player.objects.get(handle=f"walkin{seed}")
    with django_capture_on_commit_callbacks(execute=True):
        guest_claim(code=guest.claim_code, by=claimer.user)
    assert stored(season) == scratch(season)
    assert not SeasonStanding.objects.filter(player=guest).exists()


def test_a_tie_split_into_thirds_is_stored_exactly_and_a_season_from_before_is_computed_until_refreshed(
    django_capture_on_commit_callbacks,
) -> None:
    rng = random.Random(9)
    owner = PlayerFactory().user
    club = organisation_create(by=owner, slug="owls", name="Owls")
    players = [PlayerFactory() for _ in range(4)]
    event = finished(club, owner, players, rng, django_capture_on_commit_callbacks)
    season = season_create(
        by=owner, organisation=club, name="S", game=GAME, starts_on=date(2020, 1, 1), ends_on=date(2035, 1, 1)
    )
    season_event_add(season=season, by=owner, event=event)
    handles = [p.handle for p in players]
    SeasonStanding.objects.filter(season=season).delete()
    Season.objects.filter(pk=season.pk).update(standings_at=None)  # as the migration leaves an older season
    season.refresh_from_db()
    computed = [plain(row) for row in seasons_selectors.season_standings(season=season)]
    assert sorted(row[0] for row in computed) == sorted(handles)
    page = Client().get(f"/seasons/{season.pk}/")
    assert page.status_code == 200
    assert handles[0] in page.content.decode()
    out = io.StringIO()
    call_command("season_standings_refresh", str(season.pk), stdout=out)
    assert out.getvalue().startswith("1 seasons, 4 rows stored")
    with pytest.raises(CommandError, match="no season has the id 999999"):
        call_command("season_standings_refresh", str(season.pk), "999999", stdout=io.StringIO())
    with pytest.raises(CommandError, match="invalid int value"):
        call_command("season_standings_refresh", "spring", stdout=io.StringIO())
    assert stored(season) == computed
    three_way = [EventResult(1, 1, {"a": 1, "b": 2, "c": 2, "d": 2})]
    (row,) = [r for r in season_standings(three_way, 1) if r.player == "b"]
    assert str(row.points) == "50"  # (75 + 50 + 25) / 3: whole
    top = SeasonStanding.objects.get(season=season, position=1)
    SeasonStanding.objects.filter(pk=top.pk).update(points="401/3")
    SeasonScore.objects.filter(season=season, player=top.player_id).update(points="401/3")
    first = seasons_selectors.season_standings(season=season, limit=1)[0]
    assert first.points * 3 == 401  # a fraction read back exactly, not a float
    assert first.played == [(event.pk, Fraction(401, 3))]


def test_the_season_page_reads_the_stored_rows_in_a_few_queries(
    django_capture_on_commit_callbacks, django_assert_max_num_queries
) -> None:
    rng = random.Random(4)
    owner = PlayerFactory().user
    club = organisation_create(by=owner, slug="owls", name="Owls")
    players = [PlayerFactory() for _ in range(8)]
    season = season_create(
        by=owner, organisation=club, name="S", game=GAME, starts_on=date(2020, 1, 1), ends_on=date(2035, 1, 1),
        qualifiers=2,
    )  # fmt: skip
    for _ in range(3):
        event = finished(club, owner, rng.sample(players, 4), rng, django_capture_on_commit_callbacks)
        season_event_add(season=season, by=owner, event=event)
    client = Client()
    with django_assert_max_num_queries(8):
        page = client.get(f"/seasons/{season.pk}/").content.decode()
    first = seasons_selectors.season_standings(season=season, limit=1)[0]
    assert first.player in page
    assert page.count("qualified") >= 2
    player_page = client.get(f"/players/{first.player}/").content.decode()
    assert f'href="/seasons/{season.pk}/"' in player_page
    assert "place 1," in player_page
