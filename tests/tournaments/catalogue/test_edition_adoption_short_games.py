"""Issue 55's tests for the hunt and the flip game with their own forms: an event played on practice data, two
people's agreeing entries typed field by field, a steward's adoption re-verifying the game's tables (a table
the entered values do not bear out goes back to its players, who fix it), then the event sanctioned and rated."""

import copy

import pytest
from django.test import Client

import games
from games.simulate import with_claims
from ratings.models import RatingEvent
from tests.factories import UserFactory
from tests.tournaments.helpers import hunt_cards_form, table_with_sheets
from tournaments.catalogue.models import EditionConfirmation
from tournaments.catalogue.selectors import edition_is_practice
from tournaments.models import TableResult
from tournaments.results.services.closing import event_close
from tournaments.results.services.sheets import sheet_submit
from tournaments.stewarding.services import event_sanction

pytestmark = pytest.mark.django_db
FORMS = {  # what two people type from their boxes: stand-ins, named so (the printed values are not public)
    "boomerang-flip": {"name": "Flip (test stand-in for the printed pieces)",
                       **{f"piece-{i}": str(v) for i, v in enumerate([1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5])}},
    "boomerang-hunt": {"name": "Hunt (test stand-in for the printed cards)",
                       **{f"species-{i}": name for i, name in enumerate(["Fish", "Turtle", "Kangaroo", "Emu",
                                                                         "Lizard", "Wombat"])},
                       **{f"count-{i}": "9" for i in range(6)}, **hunt_cards_form()},
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(FORMS))
def test_two_boxes_typed_field_by_field_become_the_games_edition_and_its_event_is_rated(
    game: str, django_capture_on_commit_callbacks
) -> None:
    size = games.GAMES[game].table_sizes_by_preference[0]
    event, table, seats, sheets = table_with_sheets(game, size, 4, django_capture_on_commit_callbacks)
    organiser = event.organisers.get()
    assert edition_is_practice(game=game)

    for _person in range(2):
        page = Client()
        page.force_login(UserFactory())
        page.post(f"/games/{game}/edition/entry/", {"fields": "1", "save": "1", **FORMS[game]})
        page.post(f"/games/{game}/edition/entry/", {"submit": "1"})
    confirmation = EditionConfirmation.objects.get(game=game)
    steward = Client()
    steward.force_login(UserFactory(is_superuser=True))
    with django_capture_on_commit_callbacks(execute=True):
        steward.post(f"/games/{game}/edition/entry/", {"adopt": confirmation.pk, "reason": "two boxes agree"})
    assert not edition_is_practice(game=game)
    result = TableResult.objects.get(table=table)
    assert result.attempt == 1  # scored with practice data: kept as played (issue 66, item 2)
    with django_capture_on_commit_callbacks(execute=True):  # until its organiser chooses the printed edition
        organiser_page = Client()
        organiser_page.force_login(organiser)
        organiser_page.post(f"/events/{event.pk}/reverify/")
    result.refresh_from_db()
    assert (result.attempt, result.verdict["edition"]) == (2, FORMS[game]["name"])  # verified again with it

    entered = games.load_edition(confirmation.data)[1]
    corrected = with_claims({"game": game, "seats": copy.deepcopy(sheets)}, entered)["seats"]
    wrong = {p["player"] for p in result.verdict["problems"]} if result.status == "rejected" else set()
    for seat, data in zip(seats, corrected, strict=True):
        if seat.player.handle in wrong:  # the players whose sheets the entered values do not bear out fix them
            with django_capture_on_commit_callbacks(execute=True):
                sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
    result.refresh_from_db()
    assert result.status == "verified", result.verdict["problems"]
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=organiser)
        event_sanction(event=event, by=UserFactory(is_superuser=True), reason="its edition is entered")
    assert RatingEvent.objects.filter(pool__game=game).count() == 1
