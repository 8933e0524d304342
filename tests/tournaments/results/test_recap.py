"""An event's recap from verified data (issue 69, item 5): the upset of the night by rating, the best draft by
pick accuracy, the luckiest and unluckiest hands by par and the card of the night, made when the event closes
and said alike on its page, in the API, in each player's results e-mail (in their language) and to the club's
webhooks (`event.recap`), once."""

import json
from collections import Counter

import pytest
from django.test import Client
from django.utils import timezone

from ratings.models import Rating, RatingChange
from ratings.selectors.leaderboards import pool_of_game
from ratings.services.pools import Placing, match_record
from tests.factories import PlayerFactory
from tests.tournaments.helpers import running_round, table_with_sheets
from tournaments.analysis.models import SeatPickAccuracy
from tournaments.integrations.models import WebhookDelivery
from tournaments.integrations.services.subscriptions import webhook_subscribe
from tournaments.models import Staff
from tournaments.results.services.closing import event_close
from tournaments.results.services.recap import event_recap_refresh
from tournaments.verdicts import TableVerdict

pytestmark = pytest.mark.django_db


def _rated_above_the_winner(event, table, seats) -> str:
    """Every player but the table's winner comes in rated far above a newcomer; the winner's handle."""
    winner = min(TableVerdict.read(table.result.verdict).seats, key=lambda seat: seat.rank).player
    others = [PlayerFactory() for _ in range(4)]
    match_record(game=event.game, source="table:elsewhere", order_at=timezone.now(),
                 placings=[Placing(p.user_id, p.handle, r) for r, p in enumerate(others, start=1)])  # fmt: skip
    pool = pool_of_game(game=event.game)
    for seat in seats:
        if seat.player.handle != winner:
            Rating.objects.update_or_create(pool=pool, player=seat.player.user, defaults={
                "name": seat.player.handle, "mu": 35, "sigma": 2, "conservative": 29, "games": 40})  # fmt: skip
            RatingChange.objects.filter(event__source=f"table:{table.pk}", player=seat.player.user).update(
                mu_before=35, sigma_before=2)  # fmt: skip
    return winner


def test_a_closed_nights_recap_is_said_alike_on_its_page_api_e_mail_and_webhook(
    django_capture_on_commit_callbacks, mailoutbox
) -> None:
    event, table, seats, _sheets = table_with_sheets("boomerang-australia", 4, 3, django_capture_on_commit_callbacks)
    winner = _rated_above_the_winner(event, table, seats)
    owner = event.organisers.get()
    Staff.objects.update_or_create(organisation=event.organisation, user=owner, defaults={"role": "owner"})
    webhook_subscribe(organisation=event.organisation, by=owner, url="https://bot.example/hook",
                      events=["event.recap"])  # fmt: skip
    refused = Client().get(f"/api/events/{event.pk}/recap/")
    assert (refused.status_code, refused.json()["code"]) == (404, "no_recap")

    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=owner)

    recap = Client().get(f"/api/events/{event.pk}/recap/").json()
    assert recap["upset"]["player"] == winner
    assert (recap["upset"]["place"], recap["upset"]["table_id"]) == (1, table.pk)
    assert recap["upset"]["expected"] == pytest.approx(3.49, abs=0.02)  # three players rated far above a newcomer
    rows = list(SeatPickAccuracy.objects.filter(table=table).select_related("player"))
    assert len(rows) == 4  # the close analysed the table first
    best = max(rows, key=lambda r: (r.best_picks / r.choices, -r.points_lost))
    assert (recap["best_draft"]["player"], recap["best_draft"]["best_picks"]) == (best.player.handle, best.best_picks)
    pars = sorted(row.par for row in rows)
    assert (recap["luckiest"]["par"], recap["unluckiest"]["par"]) == (pars[-1], pars[0])
    offered = Counter(p[4] for row in rows for picks in row.rounds for p in picks)
    card = recap["card"]
    assert card["times_best"] == max(offered.values()) == offered[card["card"]]
    assert 0 <= card["times_taken"] <= card["times_best"]

    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert "The night in brief" in page
    assert f"{winner} finished in place 1 at table 1 of round 1, where the ratings expected place 3.5" in page
    mails = [m for m in mailoutbox if m.to == [seats[0].player.user.email]]
    assert "Upset of the night" in mails[-1].body
    assert f"Card of the night: {card['card']} ({card['name']})" in mails[-1].body
    delivery = json.loads(WebhookDelivery.objects.get(event_type="event.recap").body)
    assert delivery["data"]["upset"]["player"] == winner
    assert delivery["data"]["card"] == card

    with django_capture_on_commit_callbacks(execute=True):
        event_recap_refresh(event_id=event.pk)  # run again (a retried task): nothing new to tell
    assert WebhookDelivery.objects.filter(event_type="event.recap").count() == 1


@pytest.mark.parametrize(
    ("language", "heading", "upset"),
    [("fr", "La soirée en bref", "Surprise de la soirée"), ("de", "Der Abend in Kürze", "Überraschung des Abends"),
     ("es", "La noche en resumen", "Sorpresa de la noche")],
)  # fmt: skip
def test_the_recap_speaks_the_readers_language(django_capture_on_commit_callbacks, language, heading, upset) -> None:
    event, table, seats, _sheets = table_with_sheets("boomerang-australia", 4, 3, django_capture_on_commit_callbacks)
    _rated_above_the_winner(event, table, seats)
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=event.organisers.get())
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/events/{event.pk}/").content.decode()
    assert heading in page
    assert upset in page


def test_a_night_without_ratings_or_a_draft_has_no_upset_and_no_draft_findings(
    django_capture_on_commit_callbacks,
) -> None:
    """The hunt has no draft (no pick accuracy, no par, no card) and nobody came rated: every place is the one
    the ratings expected (the middle), so no upset is claimed; the recap is then empty and not shown."""
    event, round_ = running_round("boomerang-hunt", 3)
    from tests.tournaments.helpers import legal_seat_data
    from tournaments.results.services.sheets import sheet_submit

    table = round_.tables.get()
    import random

    for seat, data in zip(table.seats.order_by("position"), legal_seat_data(table, random.Random(5)), strict=True):
        with django_capture_on_commit_callbacks(execute=True):
            sheet_submit(seat_id=seat.pk, data=data, by=seat.player.user)
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=event.organisers.get())
    made = event_recap_refresh(event_id=event.pk)
    assert made is not None
    assert made.empty
    assert Client().get(f"/api/events/{event.pk}/recap/").status_code == 404
    assert "The night in brief" not in Client().get(f"/events/{event.pk}/").content.decode()


def test_an_erased_player_is_named_by_their_pseudonym_in_the_recap(django_capture_on_commit_callbacks) -> None:
    from tournaments.privacy.services import account_erase
    from tournaments.results.models import StoredRecap

    event, _table, seats, _sheets = table_with_sheets("boomerang-australia", 4, 3, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, by=event.organisers.get())
    named = Client().get(f"/api/events/{event.pk}/recap/").json()["best_draft"]["player"]
    player = next(seat.player for seat in seats if seat.player.handle == named)
    player.user.set_password("a-long-test-password")
    player.user.save()
    new = account_erase(user=player.user, password="a-long-test-password")
    stored = json.dumps(StoredRecap.objects.get(event=event).data)
    assert f'"{named}"' not in stored
    assert f'"{new}"' in stored
