"""Write paths for tournaments: one function per use case, each in one transaction."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

import games
from config.celery import dispatch
from config.errors import DomainError
from tournaments import selectors
from tournaments.models import Edition, SheetCheck


def edition_load(*, raw: Any, loaded_by: AbstractBaseUser | None = None) -> Edition:
    """Check an edition file and make it the active edition of its game."""
    try:
        game, data = games.load_edition(raw)
    except games.InvalidEdition as error:
        raise DomainError("; ".join(error.faults), "invalid_edition", field="data") from error
    except games.MalformedInput as error:
        raise DomainError(str(error), "invalid_edition", field=error.field) from error
    with transaction.atomic():
        active = Edition.objects.select_for_update().filter(game=game.id, is_active=True)
        active.update(is_active=False)
        return Edition.objects.create(
            game=game.id, name=data.name, data=raw, is_practice=data.is_practice, loaded_by=loaded_by
        )


def edition_activate(*, edition: Edition) -> Edition:
    with transaction.atomic():
        Edition.objects.select_for_update().filter(game=edition.game, is_active=True).update(is_active=False)
        Edition.objects.filter(pk=edition.pk).update(is_active=True)
    edition.refresh_from_db()
    return edition


def sheet_check_submit(*, sheet: Any, submitted_by: AbstractBaseUser | None = None) -> SheetCheck:
    """Store a whole table sheet and enqueue its verification once the row is committed."""
    from tournaments.tasks import sheet_check_verify_task

    try:
        game, _seats = games.parse_table(sheet)
    except games.MalformedInput as error:
        raise DomainError(str(error), "malformed_sheet", field=f"sheet.{error.field}".rstrip(".")) from error
    with transaction.atomic():
        check = SheetCheck.objects.create(
            game=game.id, sheet=sheet, edition=selectors.edition_active(game=game.id), submitted_by=submitted_by
        )
        transaction.on_commit(lambda: dispatch(sheet_check_verify_task, check.pk))
    return check


def sheet_check_verify(*, check_id: int) -> SheetCheck | None:
    """Run the rules engine on a stored sheet and record the verdict; a second run changes nothing."""
    check = SheetCheck.objects.select_related("edition").filter(pk=check_id).first()
    if check is None or check.status in (SheetCheck.Status.VERIFIED, SheetCheck.Status.REJECTED):
        return check
    SheetCheck.objects.filter(pk=check_id, status=SheetCheck.Status.SUBMITTED).update(
        status=SheetCheck.Status.VERIFYING
    )
    edition = selectors.edition_rules_data(game=check.game, edition=check.edition)
    verdict = games.verify_table(check.sheet, edition)
    status = SheetCheck.Status.VERIFIED if verdict.valid else SheetCheck.Status.REJECTED
    SheetCheck.objects.filter(
        pk=check_id, status__in=[SheetCheck.Status.SUBMITTED, SheetCheck.Status.VERIFYING]
    ).update(status=status, verdict=verdict.to_json(), verified_at=timezone.now())
    check.refresh_from_db()
    return check


def sheet_check_reverify(*, check: SheetCheck) -> SheetCheck:
    """Verify again (after the edition data changed): reset, then enqueue on commit."""
    from tournaments.tasks import sheet_check_verify_task

    with transaction.atomic():
        SheetCheck.objects.filter(pk=check.pk).update(
            status=SheetCheck.Status.SUBMITTED,
            verdict=None,
            verified_at=None,
            edition=selectors.edition_active(game=check.game),
        )
        transaction.on_commit(lambda: dispatch(sheet_check_verify_task, check.pk))
    check.refresh_from_db()
    return check
