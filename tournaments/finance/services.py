"""A federation sets its levy (its owners and organisers); an event's organisers set its entry fee and keep its
door ledger. Every write is kept with who, when and why."""

from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import Conflict, DomainError, NotAllowed
from tournaments.finance.models import EntryFee, LevyRule, Payment
from tournaments.finance.selectors import OWES_THE_FEE
from tournaments.models import Event, Organisation, Registration
from tournaments.selectors.permissions import is_organiser, require_staff


def levy_rule_set(
    *, organisation: Organisation, by: User, per_player: str, minimum: str, currency: str, reason: str
) -> LevyRule:
    require_staff(user=by, organisation=organisation)
    if organisation.kind != Organisation.Kind.FEDERATION:
        raise DomainError("a levy is a federation's: this organisation is not one", "not_a_federation", "organisation")
    amounts = {"per_player": _amount(per_player, "per_player"), "minimum": _amount(minimum, "minimum")}
    currency = _currency(currency)
    if not reason.strip():
        raise DomainError("say why the levy is set or changed", "reason_required", "reason")
    with transaction.atomic():
        rule, _created = LevyRule.objects.update_or_create(
            organisation=organisation,
            defaults={**amounts, "currency": currency, "reason": reason.strip()[:500], "changed_by": by},
        )
    return rule


def _amount(text: str, field: str) -> Decimal:
    try:
        value = Decimal(str(text).strip().replace(",", "."))
    except InvalidOperation as error:
        raise DomainError(
            format_lazy(gettext_lazy("{field} is an amount such as 1.00"), field=field), "invalid_amount", field
        ) from error
    if not value.is_finite() or value < 0 or value >= Decimal("1000000") or value != value.quantize(Decimal("0.01")):
        raise DomainError(
            format_lazy(gettext_lazy("{field} is an amount from 0 with at most two decimals"), field=field),
            "invalid_amount",
            field,
        )
    return value


def entry_fee_set(
    *, event: Event, by: User, amount: str, currency: str, reduced_amount: str = "",
    reduced_categories: list[str] | None = None, free_categories: list[str] | None = None, reason: str = "",
) -> EntryFee:  # fmt: skip
    """The event's fee: `amount`, or `reduced_amount` for a player whose licence category on the event's day is
    one of `reduced_categories`, or nothing for one of `free_categories`. Its organisers only."""
    _require_organiser(event, by)
    values = {
        "amount": _amount(amount, "amount"),
        "reduced_amount": _amount(reduced_amount, "reduced_amount") if str(reduced_amount).strip() else None,
        "reduced_categories": _categories(reduced_categories, "reduced_categories"),
        "free_categories": _categories(free_categories, "free_categories"),
        "currency": _currency(currency), "reason": reason.strip()[:500], "changed_by": by,
    }  # fmt: skip
    if values["reduced_categories"] and values["reduced_amount"] is None:
        raise DomainError("reduced categories need a reduced amount", "reduced_amount_required", "reduced_amount")
    with transaction.atomic():
        kept = Payment.objects.filter(registration__event=event).exclude(currency=values["currency"])
        other = kept.values_list("currency", flat=True).first()
        if other is not None:
            message = gettext_lazy("payments of this event were recorded in {other}: its fee stays in {other}")
            raise Conflict(format_lazy(message, other=other), "currency_has_payments", "currency")
        fee, _created = EntryFee.objects.update_or_create(event=event, defaults=values)
    return fee


def payment_record(
    *, registration: Registration, by: User, kind: str, method: str, amount: str, note: str = ""
) -> Payment:
    """One line of the door ledger: money received from the registration's player, or given back. A refund
    never exceeds what the player has paid and not had back. A waitlisted player pays once admitted."""
    _require_organiser(registration.event, by)
    if kind not in Payment.Kind.values:
        raise DomainError(
            format_lazy(gettext_lazy("kind is one of {choices}"), choices=", ".join(Payment.Kind.values)),
            "invalid_choice",
            "kind",
        )
    if method not in Payment.Method.values:
        raise DomainError(
            format_lazy(gettext_lazy("method is one of {choices}"), choices=", ".join(Payment.Method.values)),
            "invalid_choice",
            "method",
        )
    value = _amount(amount, "amount")
    if value <= 0:
        raise DomainError("amount is more than 0 (a refund is its own kind)", "invalid_amount", "amount")
    with transaction.atomic():
        registration = Registration.objects.select_for_update().get(pk=registration.pk)
        if kind == Payment.Kind.PAID and registration.status not in OWES_THE_FEE:
            raise Conflict(
                format_lazy(
                    gettext_lazy("{handle} is {status}: they pay once they hold a place"),
                    handle=registration.player.handle,
                    status=registration.status,
                ),
                "not_due",
                "registration",
            )
        if kind == Payment.Kind.REFUND:
            held = sum((payment.signed for payment in registration.payments.all()), Decimal(0))
            if value > held:
                message = format_lazy(gettext_lazy("a refund of {value} is more than the {held} this player has paid"),
                                      value=value, held=held)  # fmt: skip
                raise Conflict(message, "refund_exceeds_paid", "amount")
        currency = EntryFee.objects.filter(event_id=registration.event_id).values_list("currency", flat=True).first()
        return Payment.objects.create(registration=registration, kind=kind, method=method, amount=value,
                                      currency=currency or DEFAULT_CURRENCY, note=note.strip()[:200],
                                      recorded_by=by)  # fmt: skip


DEFAULT_CURRENCY = "EUR"  # an event without a fee: its payments are in the fee's default currency


def _require_organiser(event: Event, by: User) -> None:
    if not is_organiser(user=by, event=event):
        raise NotAllowed("only an organiser of this event keeps its fee and its ledger", "not_organiser", "event")


def _currency(text: str) -> str:
    currency = text.strip().upper()
    if len(currency) != 3 or not currency.isalpha():
        raise DomainError("currency is three letters (ISO 4217): EUR, USD, GBP...", "invalid_currency", "currency")
    return currency


def _categories(names: list[str] | None, field: str) -> list[str]:
    cleaned = sorted({name.strip() for name in names or [] if name.strip()}, key=str.casefold)
    if any(len(name) > 40 for name in cleaned):
        raise DomainError("a category is at most 40 characters, as a licence's", "invalid_category", field)
    return cleaned
