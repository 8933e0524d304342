"""Entrants an organiser brings in: a CSV of entrants, a walk-in without an account (a guest player), and
the claim that moves a guest's whole history to the person's own account (docs/rules.md, "Guests").

A guest is a Player like any other (it registers, sits, is verified, ranked and rated) whose account
nobody can log in to. It carries a claim code, handed to the person (on the entrants page or the table
slip); signed in to their own account, they claim it once. The claim moves every row that names the guest
to their player, rewrites the guest's handle in the stored sheets, verdicts, pad drafts and rating
placings, and replays the rating pools the guest played in; the guest row stays, marked claimed, so its
handle is never given to someone else and its page sends visitors to the claimer's.
"""

import csv
import io
import logging
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from simple_history.utils import bulk_create_with_history

from config.errors import Conflict, DomainError
from config.login_limits import login_unlocked
from tournaments.models import (
    Event,
    Membership,
    Organisation,
    Player,
    Registration,
)
from tournaments.selectors.permissions import is_staff_of, require_organiser
from tournaments.services.accounts import checked_handle
from tournaments.services.clubs import membership_add
from tournaments.services.entry import entry_refusal
from tournaments.services.registrations import (
    check_in_is_open,
    registration_check_in,
    registration_create,
    registration_open_check,
)
from tournaments.validators import handle_key, new_claim_code, validate_display_name

logger = logging.getLogger(__name__)

ENTRANT_COLUMNS = ("handle", "name", "club", "email")
MAX_ENTRANTS = 2000
NAME_LENGTH = 80  # Player.display_name
EMAIL_LENGTH = 254  # User.email


@dataclass(frozen=True)
class EntrantRow:
    line: int  # in the file, the header being line 1
    handle: str
    name: str = ""
    club: str = ""
    email: str = ""


@dataclass(frozen=True)
class EntrantOutcome:
    """What importing one row did: `entered` is "registered" (an existing player), "guest" (a guest was
    created) or "already_registered"; `status` the registration's; `club` what happened to the membership."""

    line: int
    handle: str
    entered: str
    status: str
    club: str = ""
    claim_code: str = ""


def entrants_parse(text: str) -> list[EntrantRow]:
    """The rows of an entrants CSV (a header naming `handle` and any of name, club, e-mail, in any order),
    or a DomainError naming the line and the column."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    try:
        _header(reader)
        return _rows(reader)
    except csv.Error as error:  # a cell over the csv module's limit, a NUL
        raise DomainError(
            format_lazy(gettext_lazy("the file is not a CSV this service reads: {error}"), error=error),
            "malformed_csv",
            f"line {reader.line_num}",
        ) from None


def _header(reader: "csv.DictReader[str]") -> None:
    header = [(name or "").strip().lower() for name in reader.fieldnames or []]
    if "handle" not in header:
        raise DomainError("the first line names the columns, and one of them is handle", "no_handle_column", "file")
    unknown = [name for name in header if name not in ENTRANT_COLUMNS]
    if unknown:
        raise DomainError(
            format_lazy(
                gettext_lazy("unknown column {column!r}: the columns are {choices}"),
                column=unknown[0],
                choices=", ".join(ENTRANT_COLUMNS),
            ),
            "unknown_column",
            "file",
        )
    reader.fieldnames = header


def _rows(reader: "csv.DictReader[str]") -> list[EntrantRow]:
    rows: list[EntrantRow] = []
    seen: dict[str, int] = {}
    for line, record in enumerate(reader, start=2):
        if len(rows) == MAX_ENTRANTS:
            raise DomainError(
                format_lazy(gettext_lazy("at most {max_entrants} entrants in one file"), max_entrants=MAX_ENTRANTS),
                "too_many_entrants",
                "file",
            )
        row = EntrantRow(line, *((record.get(c) or "").strip() for c in ENTRANT_COLUMNS))
        if not any((row.handle, row.name, row.club, row.email)):
            continue  # a blank line
        _check_row(row)
        key = handle_key(row.handle)
        if key in seen:
            raise DomainError(
                format_lazy(gettext_lazy("{handle!r} is on line {line} already"), handle=row.handle, line=seen[key]),
                "duplicate_entrant",
                f"line {line}: handle",
            )
        seen[key] = line
        rows.append(row)
    if not rows:
        raise DomainError("the file names no entrant", "no_entrants", "file")
    return rows


def _check_row(row: EntrantRow) -> None:
    if not row.handle:
        raise DomainError("every entrant needs a handle", "required", f"line {row.line}: handle")
    _check_email(row.email, f"line {row.line}: email")


def _check_email(email: str, field: str) -> None:
    if not email:
        return
    try:
        validate_email(email)  # at most 320 characters
        if len(email) > EMAIL_LENGTH:
            raise ValidationError("too long")
    except ValidationError as error:
        raise DomainError(
            format_lazy(gettext_lazy("{email!r} is not an e-mail address"), email=email), "invalid_email", field
        ) from error


def entrants_import(*, event: Event, by: User, text: str) -> list[EntrantOutcome]:
    """Register every entrant of the CSV: an existing player by their handle, anyone else as a guest.
    All or nothing: a bad line refuses the whole file, naming the line and the column. The guests and the
    registrations are written in bulk, under the event's lock (2,000 entrants, the maximum, in a few
    seconds: bench/entrants.py)."""
    require_organiser(user=by, event=event)
    rows = entrants_parse(text)
    clubs = _clubs_named(rows)
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        registration_open_check(locked)
        keys = [handle_key(row.handle) for row in rows]
        known = _known_players(rows, keys)
        new = [row for row, key in zip(rows, keys, strict=True) if key not in known]
        guests = dict(zip((handle_key(row.handle) for row in new), guests_new(new), strict=True))
        players = [known.get(key) or guests[key] for key in keys]
        _entry_conditions_check(locked, rows, players)
        entered = _register_all(locked, players)
        return [
            EntrantOutcome(
                row.line,
                player.handle,
                "guest" if key in guests and how == "registered" else how,
                registration.status,
                _join(clubs.get(row.club), by, player),
                player.claim_code if key in guests else "",
            )
            for row, key, player, (registration, how) in zip(rows, keys, players, entered, strict=True)
        ]


def _known_players(rows: list[EntrantRow], keys: list[str]) -> dict[str, Player]:
    """The players the file names who have a record already, by handle key; a claimed guest is refused (its
    claimer is the one to enter)."""
    known = {p.handle_key: p for p in Player.objects.filter(handle_key__in=keys)}
    for row, key in zip(rows, keys, strict=True):
        if key in known and known[key].claimed_by_id is not None:
            raise Conflict(
                format_lazy(
                    gettext_lazy("the guest {handle!r} was claimed; enter its claimer instead"),
                    handle=known[key].handle,
                ),
                "guest_claimed",
                f"line {row.line}: handle",
            )
    return known


def _entry_conditions_check(event: Event, rows: list[EntrantRow], players: list[Player]) -> None:
    """The event's entry conditions hold for a file as for anyone who registers (an invitation list, a rating
    band, a final's qualifiers): every entrant they keep out refuses the file, each named by its line, the
    first as the refusal's field. The organiser admits one anyway with an entry exception, which keeps who and
    why, then sends the file again."""
    entered = set(Registration.objects.filter(event=event, player__in=players, status__in=Registration.HOLDS_A_PLACE)
                  .values_list("player_id", flat=True))  # fmt: skip
    kept_out = [(row, refusal) for row, player in zip(rows, players, strict=True) if player.pk not in entered
                and (refusal := entry_refusal(event=event, player=player)) is not None]  # fmt: skip
    if not kept_out:
        return
    lines = "; ".join(f"line {row.line} ({row.handle}): {refusal.message}" for row, refusal in kept_out)
    first_row, first = kept_out[0]
    raise Conflict(
        format_lazy(gettext_lazy("the event's entry conditions keep out {lines}"), lines=lines),
        first.code,
        f"line {first_row.line}: handle",
    )


def _register_all(event: Event, players: list[Player]) -> list[tuple[Registration, str]]:
    """Each player's registration in file order (the event locked): new ones in bulk, registered while
    places last, then waitlisted; someone who withdrew earlier registers again through the one-by-one path."""
    existing = {r.player_id: r for r in Registration.objects.filter(event=event, player__in=players)}
    taken = event.registrations.filter(status__in=Registration.HOLDS_A_PLACE).count()
    pending: list[Registration] = []
    entered: list[tuple[Registration, str]] = []
    for player in players:
        registration = existing.get(player.pk)
        if registration is not None and registration.status in Registration.HOLDS_A_PLACE:
            entered.append((registration, "already_registered"))
            continue
        if registration is not None:
            bulk_create_with_history(pending, Registration)
            pending = []
            registration = registration_create(
                event=event, player=player, at_the_door=True
            )  # an organiser's: no review
        else:
            status = Registration.Status.REGISTERED if taken < event.capacity else Registration.Status.WAITLISTED
            registration = Registration(event=event, player=player, status=status)
            pending.append(registration)
        taken += registration.status in Registration.HOLDS_A_PLACE
        entered.append((registration, "registered"))
    bulk_create_with_history(pending, Registration)
    return entered


def _clubs_named(rows: Iterable[EntrantRow]) -> dict[str, Organisation]:
    clubs = {o.slug: o for o in Organisation.objects.filter(slug__in={r.club for r in rows if r.club})}
    for row in rows:
        if row.club and row.club not in clubs:
            raise DomainError(
                format_lazy(gettext_lazy("no club has the address {club!r}"), club=row.club),
                "unknown_club",
                f"line {row.line}: club",
            )
    return clubs


def _join(club: Organisation | None, by: User, player: Player) -> str:
    """Enrol the entrant in the club the file names, when the importer is on that club's staff."""
    if club is None:
        return ""
    if not is_staff_of(user=by, organisation=club) and not by.is_superuser:
        return "not_your_club"
    if Membership.objects.filter(organisation=club, player=player, left_on__isnull=True).exists():
        return "already_member"
    membership_add(organisation=club, by=by, player=player)
    return "added"


def guest_create(*, event: Event, by: User, handle: str, display_name: str = "", email: str = "") -> Player:
    """A walk-in without an account: a guest player, registered in the event at once and, at the door (once
    check-in is open: the event's day), checked in with it, so the start never marks them absent. A full
    event puts them on the waitlist. A running event always takes them, whatever its late-entry setting: they
    sit down in the round seated and not started when a table can take them, else play from the next round."""
    require_organiser(user=by, event=event)
    _check_email(email, "email")
    with transaction.atomic():
        (guest,) = guests_new([EntrantRow(0, handle, " ".join(display_name.split()), "", email)])
        registration = registration_create(event=event, player=guest, at_the_door=True)
        if registration.status == Registration.Status.REGISTERED and check_in_is_open(event):
            registration_check_in(registration=registration, by=by)
    return guest


def guests_new(rows: list[EntrantRow]) -> list[Player]:
    """Guest players for these rows, in bulk: an account nobody can log in to (inactive, no password) and a
    claim code each. Handles and names pass the same checks as any player's (a refusal names the row's line,
    none for a single walk-in); a handle taken meanwhile refuses them all."""
    checked = [(row, _guest_handle(row), _guest_name(row)) for row in rows]
    users = [get_user_model()(username=f"guest-{secrets.token_hex(8)}", email=row.email, is_active=False)
             for row in rows]  # fmt: skip
    for user in users:
        user.set_unusable_password()
    players = [
        Player(user=user, handle=handle, handle_key=handle_key(handle), display_name=name, guest=True,
               claim_code=new_claim_code())
        for user, (_row, handle, name) in zip(users, checked, strict=True)
    ]  # fmt: skip
    try:
        with transaction.atomic():
            get_user_model().objects.bulk_create(users)
            for player, user in zip(players, users, strict=True):
                player.user = user  # the user's id, now that it has one
            return Player.objects.bulk_create(players)
    except IntegrityError:
        raise Conflict("a handle of the file was taken meanwhile: send it again", "handle_taken", "handle") from None


def _guest_handle(row: EntrantRow) -> str:
    try:
        return checked_handle(row.handle)
    except DomainError as error:
        error.field = f"line {row.line}: handle" if row.line else "handle"
        raise


def _guest_name(row: EntrantRow) -> str:
    try:
        if len(row.name) > NAME_LENGTH:
            raise ValidationError(
                format_lazy(gettext_lazy("a name has at most {name_length} characters"), name_length=NAME_LENGTH)
            )
        validate_display_name(row.name)
    except ValidationError as error:
        field = f"line {row.line}: name" if row.line else "display_name"
        raise DomainError(error.messages[0], "invalid_display_name", field) from None
    return row.name


def entrant_login_unlock(*, event: Event, by: User, handle: str, address: str | None) -> Player:
    """At the organiser's desk: the entrant of this event with that handle, locked out of logging in (a
    stranger's wrong passwords at their account), logs in from the desk's address again (issue 66). Only an
    organiser of the event, only for its own entrants, and only the limits: the password is still theirs."""
    require_organiser(user=by, event=event)
    player = (
        Player.objects.filter(handle_key=handle_key(handle), registrations__event=event, user__is_active=True)
        .select_related("user")
        .first()
    )
    if player is None:
        raise DomainError("No entrant of this event who has an account has that handle.", "unknown_entrant",
                          field="handle")  # fmt: skip
    login_unlocked(player.user_id, address)
    logger.info("log-in unlocked at the desk of event %s for %s by %s", event.pk, player.handle, by.pk)
    return player
