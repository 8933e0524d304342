"""Players, events and registration: capacity under a lock, an ordered waitlist promoted automatically."""

import secrets
import zoneinfo
from datetime import datetime, time, timedelta
from typing import Any

from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from rest_framework.authtoken.models import Token

import games
from config.authentication import token_expired
from config.celery import enqueue_on_commit
from config.errors import Conflict, DomainError, NotAllowed
from tournaments import selectors, task_names
from tournaments.models import Event, Organisation, Player, Registration
from tournaments.services.attendance import forfeit_open_seats, waitlist_promote
from tournaments.services.clubs import organisation_create
from tournaments.services.places import event_places_refresh
from tournaments.services.sanctions import sanction_on_creation
from tournaments.services.transitions import advance, locked_for, move
from tournaments.services.webhooks import webhooks_emit
from tournaments.validators import (
    handle_key,
    normalise_handle,
    validate_display_name,
    validate_handle,
    validate_points_by_table_size,
    validate_tie_breaks,
)


def player_signup(
    *, username: str, password: str, handle: str, email: str = "", display_name: str = ""
) -> tuple[Player, str]:
    """Create an account, its player handle and an API token; the password passes Django's validators."""
    user_model = get_user_model()
    username = user_model.normalize_username(username)  # as create_user stores it (Unicode NFKC)
    display_name = " ".join(display_name.split())
    problems = signup_problems(
        username=username, password=password, handle=handle, email=email, display_name=display_name
    )
    if problems:
        field, (message, code) = next(iter(problems.items()))
        raise (Conflict if code.endswith("_taken") else DomainError)(message, code, field=field)
    taken = Conflict(f"the username {username!r} is taken", "username_taken", field="username")
    with transaction.atomic():
        try:
            with transaction.atomic():
                user = user_model.objects.create_user(username=username, password=password, email=email)
        except IntegrityError as error:  # taken meanwhile
            raise taken from error
        player = player_create(user=user, handle=handle, display_name=display_name)
        token = Token.objects.create(user=user)
    return player, token.key


def signup_problems(
    *, username: str, password: str, handle: str, email: str = "", display_name: str = ""
) -> dict[str, tuple[str, str]]:
    """Every reason these sign-up details would be refused, by field: (message, code). Empty: all good.
    The sign-up page shows them all at once; the service refuses with the first."""
    user_model = get_user_model()
    username = user_model.normalize_username(username)
    problems: dict[str, tuple[str, str]] = {}
    if user_model.objects.filter(username__iexact=username).exists():
        problems["username"] = (f"the username {username!r} is taken", "username_taken")
    try:
        checked = checked_handle(handle)
    except DomainError as error:
        problems["handle"] = (error.message, error.code)
    else:
        if Player.objects.filter(handle_key=handle_key(checked)).exists():
            problems["handle"] = (f"the handle {checked!r} is taken", "handle_taken")
    try:
        validate_password(password, user=user_model(username=username))
    except ValidationError as error:
        problems["password"] = (" ".join(error.messages), "weak_password")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            problems["email"] = (f"{email!r} is not an e-mail address", "invalid_email")
    try:
        validate_display_name(" ".join(display_name.split()))
    except ValidationError as error:
        problems["display_name"] = (error.messages[0], "invalid_display_name")
    return problems


def checked_handle(handle: str) -> str:
    """The handle as stored (NFKC), or a DomainError naming the rule."""
    handle = normalise_handle(handle)
    try:
        validate_handle(handle)
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_handle", field="handle") from error
    return handle


def token_for_login(*, user: User) -> str:
    """The user's API token after a successful login: the live one, or a new one in place of an expired one."""
    with transaction.atomic():
        token = Token.objects.select_for_update().filter(user=user).first()
        if token is not None and not token_expired(token):
            return str(token.key)
        Token.objects.filter(user=user).delete()
        return str(Token.objects.create(user=user).key)


def token_rotate(*, user: User) -> str:
    """Replace the user's token (a leaked one stops working at once)."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return str(Token.objects.create(user=user).key)


def player_create(*, user: User, handle: str, display_name: str = "") -> Player:
    """A player's handle is unique with case, accents and compatibility forms folded."""
    handle = checked_handle(handle)
    try:
        validate_display_name(display_name)
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_display_name", "display_name") from None
    if Player.objects.filter(handle_key=handle_key(handle)).exists():
        raise Conflict(f"the handle {handle!r} is taken", "handle_taken", field="handle")
    try:
        with transaction.atomic():
            return Player.objects.create(user=user, handle=handle, display_name=display_name)
    except IntegrityError as error:
        raise Conflict(f"the handle {handle!r} is taken", "handle_taken", field="handle") from error


def event_create(
    *, organiser: User, name: str, game: str, organisation: Organisation | None = None, **options: Any
) -> Event:
    """Create an event in draft for an organisation its creator is staff of; the creator becomes its
    organiser. Without an organisation: the one the creator runs, or, for someone who runs none, a club of
    their own. A trusted organisation's event is sanctioned at once; any other waits for a steward."""
    if game not in games.GAMES:
        raise DomainError(f"unknown game {game!r}; known games: {', '.join(games.GAMES)}", "unknown_game", "game")
    if options.get("seed") is None:
        options["seed"] = secrets.randbits(62)  # stored, so round 1's seating can be replayed
    with transaction.atomic():
        if organisation is None:
            organisation = _organisation_of_creator(organiser)
        selectors.require_staff(user=organiser, organisation=organisation)
        event = Event(name=name, game=game, organisation=organisation, **options)
        event_check(event=event)
        event.save()
        event.organisers.add(organiser)
        sanction_on_creation(event)
    return event


def _organisation_of_creator(user: User) -> Organisation:
    mine = list(selectors.organisations_of(user=user)[:2])
    if len(mine) == 1:
        return mine[0]
    if mine:
        raise DomainError("you run several organisations: name the event's", "organisation_required", "organisation")
    player = Player.objects.filter(user=user).first()
    name = player.handle if player else user.get_username()
    base = slugify(handle_key(name)) or "club"  # accents folded: 'Zoé' -> 'zoe'
    slug = base
    for number in range(2, 1000):
        if not Organisation.objects.filter(slug=slug).exists():
            break
        slug = f"{base}-{number}"
    return organisation_create(by=user, slug=slug[:50], name=name)


def _model_rules(event: Event) -> None:
    """The model's own validators (lengths, ranges, choices, time zone, one-line names): every way an event
    is written (the API, the pages, the admin, an archive) passes through here."""
    try:
        event.full_clean(exclude=["organisation", "points_by_table_size", "tie_breaks"], validate_unique=False,
                         validate_constraints=False)  # fmt: skip
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise DomainError(" ".join(messages), "invalid_value", field) from None


def event_check(*, event: Event) -> None:
    """Every rule an event's settings must follow, as a DomainError naming the field (the API, the pages
    and the admin refuse with the same words)."""
    if event.game not in games.GAMES:
        raise DomainError(f"unknown game {event.game!r}; known games: {', '.join(games.GAMES)}", "unknown_game", "game")
    try:
        validate_points_by_table_size(event.points_by_table_size)
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_points", field="points_by_table_size") from error
    try:
        event.clean()
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_dates", field="registration_closes") from error
    sizes = games.GAMES[event.game].table_sizes_by_preference
    for size in sizes:
        points = event.points_by_table_size.get(str(size))
        if not isinstance(points, list) or len(points) != size or not all(isinstance(p, int | float) for p in points):
            message = f"points for a table of {size} must be a list of {size} numbers, got {points!r}"
            raise DomainError(message, "invalid_points", field="points_by_table_size")
    if event.final_table_size and event.final_table_size not in games.GAMES[event.game].player_counts:
        message = f"a final table of {event.final_table_size} is not a table of {games.GAMES[event.game].name}"
        raise DomainError(message, "invalid_final", field="final_table_size")
    pairs_ok = isinstance(event.avoid_pairs, list) and all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(h, str) for h in pair)
        for pair in event.avoid_pairs
    )
    if not pairs_ok:
        raise DomainError('avoid_pairs is a list of pairs of handles: [["ann", "bob"]]', "invalid_pairs", "avoid_pairs")
    pins_ok = isinstance(event.pinned_tables, dict) and all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 1000 for n in event.pinned_tables.values()
    )
    if not pins_ok:
        raise DomainError('pinned_tables maps handles to table numbers: {"ann": 1}', "invalid_pins", "pinned_tables")
    try:
        validate_tie_breaks(event.tie_breaks)
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_tie_breaks", "tie_breaks") from error
    _model_rules(event)
    if event.duplicate_deals and games.GAMES[event.game].drafting is None:
        message = f"{games.GAMES[event.game].name} is not drafted: only the drafting games can be dealt in duplicate"
        raise DomainError(message, "not_dealt", "duplicate_deals")
    if "duplicate" in event.tie_breaks and not event.duplicate_deals:
        message = "the duplicate tie-break compares players dealt the same hands: it needs duplicate deals"
        raise DomainError(message, "invalid_tie_breaks", "tie_breaks")


EDITABLE_EVENT_FIELDS = frozenset(
    {"name", "starts_at", "timezone", "venue", "description", "rounds_planned", "capacity", "registration_opens",
     "registration_closes", "seed", "points_by_table_size", "tie_breaks", "bye_points", "rated", "draft_direction",
     "duplicate_deals", "late_entry_until_round", "final_table_size", "avoid_pairs", "pinned_tables"}
)  # fmt: skip


# What seats or scores players: fixed once someone registered (they signed up for these rules).
RULES_FIELDS = frozenset(
    {"game", "rounds_planned", "points_by_table_size", "tie_breaks", "bye_points", "rated", "draft_direction",
     "duplicate_deals", "final_table_size", "seed"}
)  # fmt: skip
MOVES = ("starts_at", "venue")  # registered players are told by e-mail when these change


def event_update(*, event: Event, by: User, **changes: Any) -> Event:
    """Change an event until it starts. A draft changes in everything (its game too); once someone registered,
    what seats or scores players (RULES_FIELDS) stays as they signed up for it, while its time, venue,
    places (never below those taken), description, late entry and time zone still move. Registered players
    get an e-mail when the time or the venue moves (calendars follow by their SEQUENCE)."""
    selectors.require_organiser(user=by, event=event)
    unknown = set(changes) - EDITABLE_EVENT_FIELDS - {"game"}
    if unknown:
        raise DomainError(
            f"these fields cannot be changed: {', '.join(sorted(unknown))}", "read_only", sorted(unknown)[0]
        )
    with transaction.atomic():
        locked = locked_for(Event, event.pk, "edit")
        changed = {name for name, value in changes.items() if getattr(locked, name) != value}
        before = {name: _shown(getattr(locked, name)) for name in MOVES if name in changed}
        _refuse_rule_changes(locked, changed)
        for name, value in changes.items():
            setattr(locked, name, value)
        event_check(event=locked)
        taken = locked.registrations.filter(status__in=Registration.HOLDS_A_PLACE).count()
        if locked.capacity < taken:
            raise Conflict(f"{taken} players hold a place: the event needs at least as many places",
                           "capacity_below_registered", "capacity")  # fmt: skip
        locked.save()
        if before and locked.registrations.exists():
            enqueue_on_commit(task_names.NOTIFY_MOVED, locked.pk, before)
    return locked


def _refuse_rule_changes(event: Event, changed: set[str]) -> None:
    ruled = sorted(changed & RULES_FIELDS)
    if ruled and event.registrations.exists():
        raise Conflict(
            f"players registered for these rules: {', '.join(ruled)} can no longer change (the time, the venue, "
            "the places and the description still can)", "rules_locked", ruled[0],
        )  # fmt: skip


def _shown(value: Any) -> str:
    return value.isoformat() if isinstance(value, datetime) else str(value or "")


def event_delete(*, event: Event, by: User) -> None:
    """Delete a draft event (nobody could register for it yet)."""
    selectors.require_organiser(user=by, event=event)
    with transaction.atomic():
        locked_for(Event, event.pk, "delete").delete()


def event_organiser_add(*, event: Event, by: User, player: Player) -> Event:
    """Make a player a co-organiser: they may then do everything the event's organisers do."""
    selectors.require_organiser(user=by, event=event)
    event.organisers.add(player.user)
    return event


def event_organiser_remove(*, event: Event, by: User, player: Player) -> Event:
    """Remove a co-organiser; the last organiser stays (an event nobody can run would be stuck)."""
    selectors.require_organiser(user=by, event=event)
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        if not event.organisers.filter(pk=player.user_id).exists():
            raise DomainError(f"{player.handle} does not organise this event", "not_organiser", "player")
        if event.organisers.count() == 1:
            raise Conflict("an event keeps at least one organiser", "last_organiser", "player")
        event.organisers.remove(player.user)
    return event


def event_open_registration(*, event: Event, by: User) -> Event:
    selectors.require_organiser(user=by, event=event)
    with transaction.atomic():
        return move(Event, event.pk, "open_registration")


def event_close(*, event: Event, by: User) -> Event:
    """Close the event and publish its results: its final standings and podium, places on players' pages.
    Only once its last round is finished (every table counts); a correction after that still changes them."""
    selectors.require_organiser(user=by, event=event)
    with transaction.atomic():
        locked = locked_for(Event, event.pk, "close")
        if not selectors.event_ready_to_close(event=locked):
            raise Conflict(
                "rounds are still to be played or checked: close the event after its last table",
                "rounds_to_play",
                field="status",
            )
        closed = advance(locked, "close")
        event_places_refresh(event_ids=[closed.pk])  # seasons and players' pages read them
        _announce_finish(closed)
        return closed


def _announce_finish(event: Event) -> None:
    """Tell the organisation's webhooks the final places (sent after the commit)."""
    places = selectors.final_places(events=[event])[event.pk]
    ordered = [{"player": handle, "place": place} for handle, place in sorted(places.items(), key=lambda p: p[1])]
    data = {"event": event.pk, "name": event.name, "places": ordered}
    webhooks_emit(organisation_id=event.organisation_id, event_type="event.finished", data=data)
    enqueue_on_commit(task_names.NOTIFY_FINISHED, event.pk)  # each player's place, by e-mail


def registration_create(*, event: Event, player: Player) -> Registration:
    """Register a player, or put them on the waitlist when the event is full (checked under the event lock)."""
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        registration_open_check(locked)
        registration = Registration.objects.filter(event=locked, player=player).first()
        if registration:
            registration.machine.check(registration, "register_again")
        taken = locked.registrations.filter(status__in=Registration.HOLDS_A_PLACE).count()
        status = Registration.Status.REGISTERED if taken < locked.capacity else Registration.Status.WAITLISTED
        if registration is None:
            return Registration.objects.create(event=locked, player=player, status=status)
        registration.status, registration.created_at = status, timezone.now()  # back of the waitlist
        registration.save(update_fields=["status", "created_at", "updated_at"])
        return registration


def registration_open_check(event: Event) -> None:
    now = timezone.now()
    if event.can.enter_late and _late_entry_open(event):
        return
    event.machine.check(event, "register")
    if event.registration_opens and now < event.registration_opens:
        raise DomainError("registration has not opened yet", "registration_closed")
    if event.registration_closes and now > event.registration_closes:
        raise DomainError("registration has closed", "registration_closed")


def _late_entry_open(event: Event) -> bool:
    """Late entry: while the next round to seat is no later than `late_entry_until_round`."""
    seated = event.rounds.count()
    return seated + 1 <= event.late_entry_until_round


def registration_withdraw(*, registration: Registration, by: User) -> Registration:
    """Withdraw before the event starts; the first player on the waitlist takes the freed place."""
    _require_self_or_organiser(by, registration)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=registration.event_id)
        event.machine.check(event, "withdraw")
        move(Registration, registration.pk, "withdraw")
        registration.refresh_from_db()
        waitlist_promote(event=event)
    return registration


def registration_check_in(*, registration: Registration, by: User) -> Registration:
    """Check a player in: themselves from the event's day on (CHECK_IN_DAYS_BEFORE: that many days earlier),
    or by an organiser at any time."""
    _require_self_or_organiser(by, registration)
    if registration.player.user_id == by.pk and not selectors.is_organiser(user=by, event=registration.event):
        _require_check_in_open(registration.event)
    with transaction.atomic():
        return move(Registration, registration.pk, "check_in")


def registration_walk_in(*, event: Event, player: Player) -> Registration:
    """The poster's one tap for a player not registered yet: registered and checked in together while a
    place is free and registration (or late entry) is open. A full event puts them on the waitlist (and
    says so: a place may free); a closed one refuses with the reason, and nothing is written."""
    with transaction.atomic():
        registration = registration_create(event=event, player=player)
        if registration.status == Registration.Status.WAITLISTED:
            return registration
        return registration_check_in(registration=registration, by=player.user)


def check_in_opens_at(event: Event) -> datetime | None:
    """When players may check themselves in: the start of the event's day in its own time zone (minus
    CHECK_IN_DAYS_BEFORE days); None for an event without a start time."""
    if event.starts_at is None:
        return None
    zone = zoneinfo.ZoneInfo(event.timezone)
    day = event.starts_at.astimezone(zone).date() - timedelta(days=django_settings.CHECK_IN_DAYS_BEFORE)
    return datetime.combine(day, time.min, tzinfo=zone)


def _require_check_in_open(event: Event) -> None:
    opens = check_in_opens_at(event)
    if opens is not None and timezone.now() < opens:
        raise Conflict(f"check-in opens on {opens.date().isoformat()}, the event's day", "check_in_not_open",
                       "registration")  # fmt: skip


def registration_drop(*, registration: Registration, by: User) -> Registration:
    """Leave a running event: the player keeps their results, forfeits any seat whose table is not final
    (the table finishes with the others), and is not seated again."""
    _require_self_or_organiser(by, registration)
    Event.machine.check(Event.objects.only("status").get(pk=registration.event_id), "drop")
    with transaction.atomic():
        dropped = move(Registration, registration.pk, "drop")
        forfeit_open_seats(player=registration.player, event=registration.event, by=by)
    return dropped


def _require_self_or_organiser(user: User, registration: Registration) -> None:
    if registration.player.user_id == user.pk or selectors.is_organiser(user=user, event=registration.event):
        return
    raise NotAllowed("only the player or an organiser of the event can do this", "not_allowed")


DUPLICATE_SHIFT = timedelta(days=28)  # four weeks on: the same weekday next month, as club nights recur


def event_duplicate(*, event: Event, by: User) -> Event:
    """A new draft with the event's values, four weeks later (next month's club night): its organisation's
    staff only. Registrations, rounds and results stay with the original; a new seed is drawn."""
    selectors.require_organiser(user=by, event=event)
    values = {name: getattr(event, name) for name in EDITABLE_EVENT_FIELDS - {"seed"}}
    for name in ("starts_at", "registration_opens", "registration_closes"):
        if values[name] is not None:
            values[name] += DUPLICATE_SHIFT
    return event_create(organiser=by, game=event.game, organisation=event.organisation, **values)
