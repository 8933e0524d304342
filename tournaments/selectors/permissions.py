"""Who may do what: organisers, club staff, stewards, the players at a table."""

from collections.abc import Sequence

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.errors import NotAllowed
from tournaments.models import Event, Organisation, RatingBody, Staff, Table


def is_organiser(*, user: User | AnonymousUser, event: Event) -> bool:
    """Whether the user runs this event: staff of its organisation, a co-organiser it named, or site staff."""
    if not user.is_authenticated:
        return False
    if getattr(user, "is_staff", False) or event.organisers.filter(pk=user.pk).exists():
        return True
    return is_staff_of(user=user, organisation=event.organisation_id)


def is_staff_of(*, user: User | AnonymousUser, organisation: Organisation | int, roles: Sequence[str] = ()) -> bool:
    """Whether the user has a role in the organisation (one of `roles` when given)."""
    if not user.is_authenticated:
        return False
    pk = organisation if isinstance(organisation, int) else organisation.pk
    found = Staff.objects.filter(organisation_id=pk, user_id=user.pk)
    return found.filter(role__in=roles).exists() if roles else found.exists()


def require_staff(*, user: User | AnonymousUser, organisation: Organisation, owner: bool = False) -> None:
    roles = [Staff.Role.OWNER] if owner else []
    if not (getattr(user, "is_superuser", False) or is_staff_of(user=user, organisation=organisation, roles=roles)):
        only = (
            gettext_lazy("only an owner of {slug} can do this")
            if owner
            else gettext_lazy("only the staff of {slug} can do this")
        )
        raise NotAllowed(
            format_lazy(only, slug=organisation.slug),
            "not_staff",
            "organisation",
        )


def stewarding_body(*, game: str) -> Organisation | None:
    """The organisation whose staff steward the game's rating pool: the game's own body, else the body of
    every game (on a fresh install, the bootstrap's federation)."""
    body = RatingBody.objects.filter(game__in=[game, ""]).select_related("organisation").order_by("-game").first()
    return body.organisation if body else None


def is_steward(*, user: User | AnonymousUser, game: str) -> bool:
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    body = stewarding_body(game=game)
    return body is not None and is_staff_of(user=user, organisation=body)


def is_a_steward(*, user: User | AnonymousUser) -> bool:
    """Whether the user stewards some game's pool (one query): the menu then links to the stewards' queue."""
    if not user.is_authenticated:
        return False
    bodies = RatingBody.objects.values("organisation_id")
    return (
        bool(getattr(user, "is_superuser", False)) or Staff.objects.filter(user=user, organisation__in=bodies).exists()
    )


def stewarded_games(*, user: User | AnonymousUser) -> list[str]:
    """The games whose pools the user stewards (every game for a superuser), in two queries."""
    if not user.is_authenticated:
        return []
    if getattr(user, "is_superuser", False):
        return list(games.GAMES)
    bodies = dict(RatingBody.objects.values_list("game", "organisation_id"))
    theirs = set(Staff.objects.filter(user_id=user.pk, organisation_id__in=bodies.values()).values_list(
        "organisation_id", flat=True))  # fmt: skip
    return [game for game in games.GAMES if bodies.get(game, bodies.get("")) in theirs]


def require_steward(*, user: User | AnonymousUser, game: str) -> None:
    if not is_steward(user=user, game=game):
        raise NotAllowed("only a steward of this game's rating pool can do this", "not_steward")


def organisations_of(*, user: User | AnonymousUser) -> QuerySet[Organisation]:
    """The organisations the user is staff of (the ones whose events they may create)."""
    if not user.is_authenticated:
        return Organisation.objects.none()
    return Organisation.objects.filter(staff__user_id=user.pk).distinct()


def require_organiser(*, user: User | AnonymousUser, event: Event) -> None:
    if not is_organiser(user=user, event=event):
        raise NotAllowed("only an organiser of this event can do this", "not_organiser")


def require_at_table_or_organiser(*, user: User | AnonymousUser, table: Table, doing: str | Promise) -> None:
    """Refuse (403 `not_at_table`) anyone but a player seated at the table or an organiser of its event."""
    seated = user.is_authenticated and any(seat.player.user_id == user.pk for seat in table.seats.all())
    if not seated and not (user.is_authenticated and is_organiser(user=user, event=table.round.event)):
        raise NotAllowed(
            format_lazy(gettext_lazy("only a player at this table or an organiser can {doing}"), doing=doing),
            "not_at_table",
        )
