"""A federation sets its levy (its owners and organisers), each change kept with who, when and why."""

from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import User
from django.db import transaction

from config.errors import DomainError
from tournaments.finance.models import LevyRule
from tournaments.models import Organisation
from tournaments.selectors.permissions import require_staff


def levy_rule_set(
    *, organisation: Organisation, by: User, per_player: str, minimum: str, currency: str, reason: str
) -> LevyRule:
    require_staff(user=by, organisation=organisation)
    if organisation.kind != Organisation.Kind.FEDERATION:
        raise DomainError("a levy is a federation's: this organisation is not one", "not_a_federation", "organisation")
    amounts = {"per_player": _amount(per_player, "per_player"), "minimum": _amount(minimum, "minimum")}
    currency = currency.strip().upper()
    if len(currency) != 3 or not currency.isalpha():
        raise DomainError("currency is three letters (ISO 4217): EUR, USD, GBP...", "invalid_currency", "currency")
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
        raise DomainError(f"{field} is an amount such as 1.00", "invalid_amount", field) from error
    if not value.is_finite() or value < 0 or value >= Decimal("1000000") or value != value.quantize(Decimal("0.01")):
        raise DomainError(f"{field} is an amount from 0 with at most two decimals", "invalid_amount", field)
    return value
