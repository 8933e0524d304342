"""Organisations (clubs, leagues, federations) and their staff: who may create and run events."""

import re
from datetime import date

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import Conflict, DomainError, NotAllowed
from tournaments.models import Event, JoinRequest, Membership, Organisation, Player, Staff
from tournaments.selectors.permissions import require_staff
from tournaments.validators import validate_one_line

COUNTRY = re.compile(r"[A-Z]{2}")
COUNTRY_RULE = "a country is its two-letter ISO 3166 code in capitals (FR, DE)"
RESERVED_SLUGS = frozenset({"new"})  # /clubs/new/ is the page that creates a club


def organisation_create(*, by: User, slug: str, name: str, country: str = "", kind: str = "club") -> Organisation:
    """A signed-in person creates a club (or a league, a federation) and becomes its owner."""
    _check_organisation(slug=slug, name=name, country=country, kind=kind)
    try:
        with transaction.atomic():
            organisation = Organisation.objects.create(slug=slug, name=name.strip(), country=country, kind=kind)
            Staff.objects.create(organisation=organisation, user=by, role=Staff.Role.OWNER)
    except IntegrityError as error:
        raise Conflict(
            format_lazy(gettext_lazy("the address {slug!r} is taken"), slug=slug), "slug_taken", "slug"
        ) from error
    return organisation


NAME_LENGTH = 200  # Organisation.name


def _check_organisation(*, slug: str, name: str, country: str, kind: str) -> None:
    try:
        validate_slug(slug)
    except ValidationError as error:
        raise DomainError("a slug is letters, digits, '-' or '_'", "invalid_slug", "slug") from error
    if not 2 <= len(slug) <= 50:
        raise DomainError("a slug is 2 to 50 characters", "invalid_slug", "slug")
    if slug in RESERVED_SLUGS:
        raise Conflict(format_lazy(gettext_lazy("the address {slug!r} is taken"), slug=slug), "slug_taken", "slug")
    if not name.strip():
        raise DomainError("an organisation needs a name", "invalid_name", "name")
    try:
        validate_one_line(name)
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_name", "name") from None
    if len(name.strip()) > NAME_LENGTH:
        raise DomainError(
            format_lazy(gettext_lazy("a name has at most {name_length} characters"), name_length=NAME_LENGTH),
            "invalid_name",
            "name",
        )
    if country and not COUNTRY.fullmatch(country):
        raise DomainError(
            "a country is its two-letter ISO 3166 code in capitals (FR, DE)", "invalid_country", "country"
        )
    if kind not in Organisation.Kind.values:
        raise DomainError(
            format_lazy(gettext_lazy("kind is one of {choices}"), choices=", ".join(Organisation.Kind.values)),
            "invalid_kind",
            "kind",
        )


def staff_set(*, organisation: Organisation, by: User, player: Player, role: str) -> Staff:
    """An owner gives a person a role (owner or organiser), or changes it."""
    require_staff(user=by, organisation=organisation, owner=True)
    if role not in Staff.Role.values:
        raise DomainError(
            format_lazy(gettext_lazy("role is one of {choices}"), choices=", ".join(Staff.Role.values)),
            "invalid_role",
            "role",
        )
    with transaction.atomic():
        Organisation.objects.select_for_update().get(pk=organisation.pk)
        current = Staff.objects.filter(organisation=organisation, user=player.user).first()
        if current and current.role == Staff.Role.OWNER and role != Staff.Role.OWNER:
            _keep_an_owner(organisation)
        staff, _ = Staff.objects.update_or_create(organisation=organisation, user=player.user, defaults={"role": role})
    return staff


def staff_remove(*, organisation: Organisation, by: User, player: Player) -> None:
    """An owner removes a person from the staff; the last owner stays (nobody could manage it otherwise)."""
    require_staff(user=by, organisation=organisation, owner=True)
    with transaction.atomic():
        Organisation.objects.select_for_update().get(pk=organisation.pk)
        current = Staff.objects.filter(organisation=organisation, user=player.user).first()
        if current is None:
            raise DomainError(
                format_lazy(
                    gettext_lazy("{handle} is not on the staff of {slug}"), handle=player.handle, slug=organisation.slug
                ),
                "not_staff",
                "player",
            )
        if current.role == Staff.Role.OWNER:
            _keep_an_owner(organisation)
        current.delete()


def _keep_an_owner(organisation: Organisation) -> None:
    if organisation.staff.filter(role=Staff.Role.OWNER).count() <= 1:
        raise Conflict("an organisation keeps at least one owner", "last_owner", "role")


def membership_add(
    *, organisation: Organisation, by: User, player: Player, joined_on: date | None = None
) -> Membership:
    """The club's staff enrol a player as a member from `joined_on` (today when not given)."""
    require_staff(user=by, organisation=organisation)
    joined_on = joined_on or timezone.localdate()
    try:
        with transaction.atomic():
            return Membership.objects.create(organisation=organisation, player=player, joined_on=joined_on)
    except IntegrityError as error:
        raise Conflict(
            format_lazy(
                gettext_lazy("{handle} is already a member of {slug}"), handle=player.handle, slug=organisation.slug
            ),
            "already_member",
            "player",
        ) from error


def members_from_event(*, organisation: Organisation, by: User, event: Event) -> int:
    """The club's staff enrol in one go everyone who played one of its events and is not a member yet,
    dated the event's day (so the club's leaderboard counts that night). Returns how many joined."""
    require_staff(user=by, organisation=organisation)
    if event.organisation_id != organisation.pk:
        raise DomainError("the event is another organisation's", "not_this_club", "event")
    joined_on = timezone.localdate(event.starts_at) if event.starts_at else timezone.localdate(event.created_at)
    with transaction.atomic():
        current = Membership.objects.filter(organisation=organisation, left_on__isnull=True).values("player_id")
        played = Player.objects.filter(seats__table__round__event=event).exclude(pk__in=current).distinct()
        joined = [Membership(organisation=organisation, player=p, joined_on=joined_on) for p in played if not p.demo]
        Membership.objects.bulk_create(joined)
    return len(joined)


def join_request(*, organisation: Organisation, player: Player) -> JoinRequest:
    """A player asks to join the club (once while a request waits; not when already a member)."""
    if Membership.objects.filter(organisation=organisation, player=player, left_on__isnull=True).exists():
        raise Conflict(
            format_lazy(
                gettext_lazy("{handle} is already a member of {slug}"), handle=player.handle, slug=organisation.slug
            ),
            "already_member",
            "player",
        )
    try:
        with transaction.atomic():
            return JoinRequest.objects.create(organisation=organisation, player=player)
    except IntegrityError:
        raise Conflict("your request waits for the club's staff", "join_request_waiting", "player") from None


def join_request_decide(*, request: JoinRequest, by: User, accept: bool) -> JoinRequest:
    """The club's staff accept a request (a membership from today) or decline it."""
    require_staff(user=by, organisation=request.organisation)
    with transaction.atomic():
        locked = JoinRequest.objects.select_for_update().get(pk=request.pk)
        if locked.status != JoinRequest.Status.PENDING:
            raise Conflict(
                format_lazy(gettext_lazy("the request was {status} already"), status=locked.status),
                "join_request_decided",
                "request",
            )
        if (
            accept
            and not Membership.objects.filter(
                organisation=locked.organisation, player=locked.player, left_on__isnull=True
            ).exists()
        ):
            Membership.objects.create(organisation=locked.organisation, player=locked.player,
                                      joined_on=timezone.localdate())  # fmt: skip
        locked.status = JoinRequest.Status.ACCEPTED if accept else JoinRequest.Status.DECLINED
        locked.decided_at = timezone.now()
        locked.save(update_fields=["status", "decided_at"])
    return locked


def membership_end(*, organisation: Organisation, by: User, player: Player, left_on: date | None = None) -> Membership:
    """The player leaves the club (they or its staff say so), from `left_on` (today when not given)."""
    if by.pk != player.user_id:
        require_staff(user=by, organisation=organisation)
    with transaction.atomic():
        membership = (
            Membership.objects.select_for_update()
            .filter(organisation=organisation, player=player, left_on=None)
            .first()
        )
        if membership is None:
            message = gettext_lazy("{player} is not a member of {club}")
            raise DomainError(
                format_lazy(message, player=player.handle, club=organisation.slug), "not_member", "player"
            )
        left_on = left_on or timezone.localdate()
        if left_on < membership.joined_on:
            raise DomainError("a member leaves after joining", "invalid_dates", "left_on")
        membership.left_on = left_on
        membership.save(update_fields=["left_on"])
    return membership


def player_country_set(*, player: Player, by: User, country: str) -> Player:
    """A player says which country they play for (empty: none); leaderboards filter on it."""
    if by.pk != player.user_id:
        raise NotAllowed("only the player sets their country", "not_allowed", "country")
    country = country.strip().upper()
    if country and not COUNTRY.fullmatch(country):
        raise DomainError(
            "a country is its two-letter ISO 3166 code in capitals (FR, DE)", "invalid_country", "country"
        )
    Player.objects.filter(pk=player.pk).update(country=country)
    player.country = country
    return player


def player_notifications_set(
    *, player: Player, by: User, seated: bool, rejected: bool, finished: bool, language: str, changes: bool = True
) -> Player:
    """A player chooses which e-mails they get and in which language (empty: the site's)."""
    if by.pk != player.user_id:
        raise NotAllowed("only the player chooses their e-mails", "not_allowed")
    if language and language not in dict(settings.LANGUAGES):
        raise DomainError(
            format_lazy(gettext_lazy("languages are {choices}"), choices=", ".join(dict(settings.LANGUAGES))),
            "invalid_language",
            "language",
        )
    values = {"notify_seated": seated, "notify_rejected": rejected, "notify_finished": finished,
              "notify_changes": changes, "language": language}  # fmt: skip
    Player.objects.filter(pk=player.pk).update(**values)
    for name, value in values.items():
        setattr(player, name, value)
    return player


def club_federation_set(*, organisation: Organisation, by: User, federation: Organisation | None) -> Organisation:
    """A club's owners say which federation it belongs to (None: none): its page links it, and the
    federation's seasons may take its events (seasons with takes_events_of "members")."""
    require_staff(user=by, organisation=organisation, owner=True)
    if federation is not None and (federation.kind != Organisation.Kind.FEDERATION or federation == organisation):
        raise DomainError(
            format_lazy(gettext_lazy("{slug} is not a federation"), slug=federation.slug),
            "not_a_federation",
            "federation",
        )
    Organisation.objects.filter(pk=organisation.pk).update(federation=federation)
    organisation.federation = federation
    return organisation
