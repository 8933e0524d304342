"""Stored final places always equal the standings computed from the stored results: written when the event
closes, rewritten when a result changes after the close (a correction, an override)."""

import random

import pytest

from tests.factories import PlayerFactory
from tests.tournaments.helpers import legal_seat_data, play_round, register_and_check_in
from tournaments.models import Event, EventPlace
from tournaments.results.services.closing import event_close
from tournaments.results.services.sheets import table_sheets_submit
from tournaments.selectors.events import event_standings, final_places
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.rounds import event_start

pytestmark = pytest.mark.django_db


def stored(event: Event) -> dict[str, int]:
    return dict(EventPlace.objects.filter(event=event).values_list("player__handle", "place"))


def computed(event: Event) -> dict[str, int]:
    return {row.handle: row.rank for row in event_standings(event=event)}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_places_are_stored_at_the_close_and_follow_a_correction_after_it(
    django_capture_on_commit_callbacks, seed
) -> None:
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug=f"owls{seed}", name="Owls")
    event = event_create(organiser=owner.user, name="Night", game="boomerang-usa", organisation=club, rounds_planned=1)
    event_open_registration(event=event, by=owner.user)
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    round_ = event_start(event=event, by=owner.user)
    play_round(round_, owner.user, random.Random(seed), django_capture_on_commit_callbacks)
    assert stored(event) == {}  # not before the close
    event_close(event=event, by=owner.user)
    assert stored(event) == computed(event)
    assert len(stored(event)) == 8
    before = stored(event)
    table = round_.tables.order_by("number").first()
    seats = list(table.seats.order_by("position"))
    corrected = legal_seat_data(table, random.Random(seed + 100))  # the organiser re-enters the whole table
    with django_capture_on_commit_callbacks(execute=True):
        table_sheets_submit(table=table, seats=corrected, by=owner.user)
    assert stored(event) == computed(event)
    assert [s.player.handle for s in seats]  # the table was played by its four seats
    assert final_places(events=[event])[event.pk] == computed(event)
    assert stored(event) != before  # the re-entered table moved the places (true for these seeds), and they follow
