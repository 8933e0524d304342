"""Entry fees and the door ledger (issue 57, item 5): an event's fee with a reduced one and free categories (by
licence category on the event's day), payments in cash, by card and by transfer, refunds, a waitlisted player
paying once admitted; the ledger reconciles (paid - refunded = fees - due + credit, and the methods add up)."""

import csv
import io
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import EventFactory, OrganisationFactory, PlayerFactory, UserFactory
from tournaments.finance.models import Payment
from tournaments.models import Licence, Registration

pytestmark = pytest.mark.django_db


def registered(event, handle: str, status: str = "registered", category: str = "") -> Registration:
    player = PlayerFactory(handle=handle)
    if category:
        federation = OrganisationFactory(kind="federation")
        Licence.objects.create(federation=federation, player=player, number=f"L-{handle}", category=category,
                               valid_from=date(2026, 1, 1), valid_until=date(2026, 12, 31))  # fmt: skip
    return Registration.objects.create(event=event, player=player, status=status)


def pay(api: APIClient, event, player: str, amount: str, method: str = "cash", kind: str = "paid"):
    body = {"player": player, "kind": kind, "method": method, "amount": amount}
    return api.post(f"/api/events/{event.pk}/payments/", body, format="json")


def test_a_ledger_is_reconciled_and_a_waitlisted_player_pays_once_admitted() -> None:
    treasurer = UserFactory()
    event = EventFactory(organisers=[treasurer], starts_at=datetime(2026, 6, 1, 19, tzinfo=UTC))
    registered(event, "ann"), registered(event, "ben", category="Junior"), registered(event, "cy", category="honorary")
    waiting, leaving = registered(event, "dee", status="waitlisted"), registered(event, "eve")
    api = APIClient()
    api.force_authenticate(treasurer)
    bad = api.post(f"/api/events/{event.pk}/entry-fee/", {"amount": "ten", "currency": "EUR"}, format="json")
    assert (bad.status_code, bad.json()["field"]) == (400, "amount")
    fee = api.post(f"/api/events/{event.pk}/entry-fee/", {
        "amount": "10.00", "currency": "eur", "reduced_amount": "5", "reduced_categories": ["junior"],
        "free_categories": ["Honorary"], "reason": "club night rates",
    }, format="json")  # fmt: skip
    assert fee.status_code == 200, fee.json()
    assert (fee.json()["currency"], fee.json()["changed_by"]) == ("EUR", treasurer.username)

    assert pay(api, event, "ann", "10.00").status_code == 201
    assert pay(api, event, "ben", "5.00", "card").status_code == 201
    assert pay(api, event, "eve", "10", "transfer").status_code == 201
    refused = pay(api, event, "dee", "10")
    assert (refused.status_code, refused.json()["code"]) == (409, "not_due")  # waitlisted: pays once admitted
    assert (pay(api, event, "ann", "0").json()["field"], pay(api, event, "ann", "-1").status_code) == ("amount", 400)
    assert pay(api, event, "nobody", "1").json()["field"] == "player"
    sneaky = api.post(f"/api/events/{event.pk}/payments/", {"player": "ann", "kind": "paid", "method": "cash",
                                                             "amount": "1", "amont": "9"}, format="json")  # fmt: skip
    assert (sneaky.status_code, sneaky.json()["field"]) == (400, "amont")

    leaving.status = "withdrawn"
    leaving.save(update_fields=["status"])
    waiting.status = "registered"  # admitted from the waitlist
    waiting.save(update_fields=["status"])
    assert pay(api, event, "dee", "4", "card").status_code == 201  # pays part at the door
    too_much = pay(api, event, "eve", "10.01", kind="refund")
    assert (too_much.status_code, too_much.json()["code"]) == (409, "refund_exceeds_paid")

    ledger = api.get(f"/api/events/{event.pk}/ledger/").json()
    lines = {line["player"]: line for line in ledger["lines"]}
    assert {handle: Decimal(line["fee"]) for handle, line in lines.items()} == {
        "ann": Decimal(10), "ben": Decimal(5), "cy": Decimal(0), "dee": Decimal(10), "eve": Decimal(0),
    }  # fmt: skip
    assert (Decimal(lines["dee"]["due"]), Decimal(lines["eve"]["credit"])) == (Decimal(6), Decimal(10))
    assert lines["ben"]["category"] == "Junior"
    assert_reconciled(ledger)

    assert pay(api, event, "eve", "10", "transfer", kind="refund").status_code == 201
    ledger = api.get(f"/api/events/{event.pk}/ledger/").json()
    totals = {name: Decimal(value) for name, value in ledger["totals"].items()}
    assert totals == {"fee": Decimal(25), "paid": Decimal(29), "refunded": Decimal(10), "due": Decimal(6),
                      "credit": Decimal(0)}  # fmt: skip
    assert {method: Decimal(value) for method, value in ledger["by_method"].items()} == {
        "cash": Decimal(10),
        "card": Decimal(9),
        "transfer": Decimal(0),
    }
    assert_reconciled(ledger)
    assert [(p["player"], p["kind"], p["recorded_by"]) for p in ledger["payments"]][-1] == (
        "eve",
        "refund",
        treasurer.username,
    )  # every line says who recorded it

    sheet = list(csv.DictReader(io.StringIO(api.get(f"/api/events/{event.pk}/ledger.csv").content.decode())))
    assert [(row["player"], row["due"]) for row in sheet if row["due"] != "0.00"] == [("dee", "6.00")]

    stranger = APIClient()
    stranger.force_authenticate(PlayerFactory().user)
    assert stranger.get(f"/api/events/{event.pk}/ledger/").status_code == 403
    assert pay(stranger, event, "ann", "10").status_code == 403


def assert_reconciled(ledger: dict) -> None:
    totals = {name: Decimal(value) for name, value in ledger["totals"].items()}
    assert totals["paid"] - totals["refunded"] == totals["fee"] - totals["due"] + totals["credit"]
    assert sum(Decimal(value) for value in ledger["by_method"].values()) == totals["paid"] - totals["refunded"]
    assert sum(Decimal(line["due"]) for line in ledger["lines"]) == totals["due"]


@pytest.mark.parametrize(("language", "paid_word", "received"), [("en", "Paid", "received from ann"),
                                                                   ("fr", "Payé", "reçus de ann")])  # fmt: skip
def test_the_door_records_a_payment_in_one_tap_with_the_amount_due(language, paid_word, received) -> None:
    treasurer = UserFactory()
    event = EventFactory(organisers=[treasurer])
    entry = registered(event, "ann")
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(treasurer)
    saved = client.post(f"/events/{event.pk}/ledger/", {"amount": "8", "currency": "EUR", "reason": "door"},
                        follow=True)  # fmt: skip
    page = saved.content.decode()
    assert f">{paid_word}</button>" in page
    assert 'value="8.00"' in page  # the amount due, filled in
    tapped = client.post(f"/events/{event.pk}/ledger/", {"registration": entry.pk, "kind": "paid",
                                                         "method": "cash", "amount": "8.00"}, follow=True)  # fmt: skip
    assert received in tapped.content.decode()
    assert Payment.objects.get().recorded_by == treasurer
    assert Client().get(f"/events/{event.pk}/ledger/").status_code == 302  # signed out: to the log-in


def test_a_payment_keeps_its_currency_and_a_player_paying_past_twelve_digits_is_answered() -> None:
    """Issue 67, item 11: changing the fee's currency relabelled the payments already taken, and the ledger
    answered 500 once a player's total passed 12 digits."""
    treasurer = UserFactory()
    event = EventFactory(organisers=[treasurer], starts_at=datetime(2026, 6, 1, 19, tzinfo=UTC))
    registration = registered(event, "ann")
    api = APIClient()
    api.force_authenticate(treasurer)
    assert (
        api.post(f"/api/events/{event.pk}/entry-fee/", {"amount": "10", "currency": "usd"}, format="json").status_code
        == 200
    )
    assert pay(api, event, "ann", "10").json()["currency"] == "USD"
    moved = api.post(f"/api/events/{event.pk}/entry-fee/", {"amount": "9", "currency": "EUR"}, format="json")
    assert (moved.status_code, moved.json()["code"], moved.json()["field"]) == (
        409,
        "currency_has_payments",
        "currency",
    )
    assert (
        api.post(f"/api/events/{event.pk}/entry-fee/", {"amount": "12", "currency": "USD"}, format="json").status_code
        == 200
    )
    Payment.objects.bulk_create(
        Payment(registration=registration, kind="paid", method="card", amount=Decimal("999999.99"), currency="USD",
                recorded_by=treasurer)
        for _ in range(2_000)
    )  # fmt: skip
    ledger = api.get(f"/api/events/{event.pk}/ledger/")
    assert ledger.status_code == 200
    assert Decimal(ledger.json()["totals"]["paid"]) == Decimal("999999.99") * 2_000 + 10  # 13 digits and more
    assert {p["currency"] for p in ledger.json()["payments"]} == {"USD"}
