"""Events: created, checked, edited until they start, opened, closed, duplicated."""

import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import format_lazy, slugify
from django.utils.translation import gettext_lazy

import games
from config.celery import enqueue_on_commit
from config.errors import Conflict, DomainError
from tournaments import task_names
from tournaments.draw import draw_commitment
from tournaments.models import Event, Organisation, Player, Registration
from tournaments.selectors.permissions import organisations_of, require_organiser, require_staff
from tournaments.services.clubs import organisation_create
from tournaments.services.divisions import divisions_checked
from tournaments.services.registration_questions import questions_checked
from tournaments.services.transitions import locked_for, move
from tournaments.validators import (
    handle_key,
    validate_points_by_table_size,
    validate_tie_breaks,
)

_when_created: list[Callable[[Event], None]] = []


def on_event_created(hook: Callable[[Event], None]) -> None:
    """An app above the core acts on every event created, inside its transaction (stewarding: a trusted
    club's event is sanctioned at once). The core names no app above it."""
    _when_created.append(hook)


def event_create(
    *, organiser: User, name: str, game: str, organisation: Organisation | None = None, **options: Any
) -> Event:
    """Create an event in draft for an organisation its creator is staff of; the creator becomes its
    organiser. Without an organisation: the one the creator runs, or, for someone who runs none, a club of
    their own. A trusted organisation's event is sanctioned at once; any other waits for a steward."""
    if game not in games.GAMES:
        raise DomainError(
            format_lazy(
                gettext_lazy("unknown game {game!r}; known games: {choices}"), game=game, choices=", ".join(games.GAMES)
            ),
            "unknown_game",
            "game",
        )
    if options.get("seed") is None:
        options["seed"] = secrets.randbits(62)  # stored, so round 1's seating can be replayed
    with transaction.atomic():
        if organisation is None:
            organisation = _organisation_of_creator(organiser)
        require_staff(user=organiser, organisation=organisation)
        event = Event(name=name, game=game, organisation=organisation, **options)
        event_check(event=event)
        event.save()
        event.organisers.add(organiser)
        for hook in _when_created:
            hook(event)
    return event


def _organisation_of_creator(user: User) -> Organisation:
    mine = list(organisations_of(user=user)[:2])
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
    and the admin refuse with the same words), in this order."""
    if event.game not in games.GAMES:
        raise DomainError(
            format_lazy(
                gettext_lazy("unknown game {game!r}; known games: {choices}"),
                game=event.game,
                choices=", ".join(games.GAMES),
            ),
            "unknown_game",
            "game",
        )
    for check in (_points_checked, _seating_checked, _tie_breaks_checked, _model_rules, _deals_checked,
                  _entry_checked, _ranking_checked):  # fmt: skip
        check(event)


def _points_checked(event: Event) -> None:
    try:
        validate_points_by_table_size(event.points_by_table_size)
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_points", field="points_by_table_size") from error
    try:
        event.clean()
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_dates", field="registration_closes") from error
    for size in games.GAMES[event.game].table_sizes_by_preference:
        points = event.points_by_table_size.get(str(size))
        if not isinstance(points, list) or len(points) != size or not all(isinstance(p, int | float) for p in points):
            message = format_lazy(
                gettext_lazy("points for a table of {size} must be a list of {size} numbers, got {points!r}"),
                size=size, points=points,
            )  # fmt: skip
            raise DomainError(message, "invalid_points", field="points_by_table_size")


def _seating_checked(event: Event) -> None:
    game = games.GAMES[event.game]
    if event.final_table_size and event.final_table_size not in game.player_counts:
        message = format_lazy(
            gettext_lazy("a final table of {size} is not a table of {game}"),
            size=event.final_table_size,
            game=game.name,
        )
        raise DomainError(message, "invalid_final", field="final_table_size")
    if not _pairs_of_handles(event.avoid_pairs):
        raise DomainError('avoid_pairs is a list of pairs of handles: [["ann", "bob"]]', "invalid_pairs", "avoid_pairs")
    pins_ok = isinstance(event.pinned_tables, dict) and all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 1000 for n in event.pinned_tables.values()
    )
    if not pins_ok:
        raise DomainError('pinned_tables maps handles to table numbers: {"ann": 1}', "invalid_pins", "pinned_tables")


def _pairs_of_handles(pairs: Any) -> bool:
    return isinstance(pairs, list) and all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(h, str) for h in pair) for pair in pairs
    )


def _tie_breaks_checked(event: Event) -> None:
    try:
        validate_tie_breaks(event.tie_breaks)
    except ValidationError as error:
        raise DomainError(error.messages[0], "invalid_tie_breaks", "tie_breaks") from error


def _deals_checked(event: Event) -> None:
    if event.duplicate_deals and games.GAMES[event.game].drafting is None:
        message = format_lazy(
            gettext_lazy("{game} is not drafted: only the drafting games can be dealt in duplicate"),
            game=games.GAMES[event.game].name,
        )
        raise DomainError(message, "not_dealt", "duplicate_deals")
    if event.cut_size and not (event.cut_size >= 2 and 1 <= event.cut_after_round < event.rounds_planned):
        message = "a cut keeps 2 players or more after a round before the last planned (cut_after_round)"
        raise DomainError(message, "invalid_cut", "cut_after_round")


def _entry_checked(event: Event) -> None:
    low = event.entry_rating_min
    for high, field in ((event.entry_rating_max, "entry_rating_max"), (event.entry_peak_max, "entry_peak_max")):
        if low is not None and high is not None and low > high:
            message = format_lazy(
                gettext_lazy("the rating band is empty: at least {low} and at most {high}"), low=low, high=high
            )
            raise DomainError(message, "invalid_rating_band", field)
    if not isinstance(event.entry_invited, list) or not all(isinstance(h, str) for h in event.entry_invited):
        raise DomainError("the invitation list is a list of handles", "invalid_invited", "entry_invited")
    event.registration_questions = questions_checked(event.registration_questions)
    event.divisions = divisions_checked(event.divisions)


def _ranking_checked(event: Event) -> None:
    if event.ranked_by not in RANKINGS:
        raise DomainError(
            format_lazy(gettext_lazy("ranked_by is one of {choices}"), choices=", ".join(RANKINGS)),
            "invalid_choice",
            "ranked_by",
        )
    if event.ranked_by == "duplicate" and not event.duplicate_deals:
        message = "a ranking by duplicate matchpoints compares players dealt the same hands: it needs duplicate deals"
        raise DomainError(message, "invalid_ranking", "ranked_by")
    if "duplicate" in event.tie_breaks and not event.duplicate_deals:
        message = "the duplicate tie-break compares players dealt the same hands: it needs duplicate deals"
        raise DomainError(message, "invalid_tie_breaks", "tie_breaks")


RANKINGS = ("points", "duplicate")
EDITABLE_EVENT_FIELDS = frozenset(
    {"name", "starts_at", "timezone", "venue", "description", "rounds_planned", "capacity", "registration_opens",
     "registration_closes", "seed", "points_by_table_size", "tie_breaks", "bye_points", "rated", "draft_direction",
     "duplicate_deals", "ranked_by", "handicap_shown", "late_entry_until_round", "final_table_size", "avoid_pairs",
     "pinned_tables",
     "entry_rating_min", "entry_rating_max", "entry_peak_max", "entry_rated_games_min", "entry_members_only",
     "entry_invited", "registration_review", "registration_questions", "divisions",
     "entry_licence_required",
     "team_size", "team_best_of", "cut_size", "cut_after_round"}
)  # fmt: skip


# What seats or scores players: fixed once someone registered (they signed up for these rules).
RULES_FIELDS = frozenset(
    {"game", "rounds_planned", "points_by_table_size", "tie_breaks", "bye_points", "rated", "draft_direction",
     "duplicate_deals", "ranked_by", "final_table_size", "seed", "team_size", "team_best_of", "cut_size",
     "cut_after_round"}
)  # fmt: skip


MOVES = ("starts_at", "venue")  # registered players are told by e-mail when these change


def event_update(*, event: Event, by: User, **changes: Any) -> Event:
    """Change an event until it starts. A draft changes in everything (its game too); once someone registered,
    what seats or scores players (RULES_FIELDS) stays as they signed up for it, while its time, venue,
    places (never below those taken), description, late entry and time zone still move. Registered players
    get an e-mail when the time or the venue moves (calendars follow by their SEQUENCE)."""
    require_organiser(user=by, event=event)
    unknown = set(changes) - EDITABLE_EVENT_FIELDS - {"game"}
    if unknown:
        raise DomainError(
            format_lazy(gettext_lazy("these fields cannot be changed: {choices}"), choices=", ".join(sorted(unknown))),
            "read_only",
            sorted(unknown)[0],
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
            raise Conflict(
                format_lazy(
                    gettext_lazy("{taken} players hold a place: the event needs at least as many places"), taken=taken
                ),
                "capacity_below_registered",
                "capacity",
            )
        locked.save()
        if before and locked.registrations.exists():
            enqueue_on_commit(task_names.NOTIFY_MOVED, locked.pk, before)
    return locked


ROUNDS_AT_MOST = 20  # as the model's validator


def event_rounds_plan(*, event: Event, by: User, rounds_planned: int) -> Event:
    """Add or remove planned rounds while the event takes registrations or runs (a night gets longer or
    shorter): never fewer than the rounds already seated, nor fewer than one."""
    require_organiser(user=by, event=event)
    if not 1 <= rounds_planned <= ROUNDS_AT_MOST:
        raise DomainError(
            format_lazy(gettext_lazy("plan 1 to {rounds_at_most} rounds"), rounds_at_most=ROUNDS_AT_MOST),
            "invalid",
            "rounds_planned",
        )
    with transaction.atomic():
        locked = locked_for(Event, event.pk, "seat_next_round" if event.status == Event.Status.RUNNING else "start")
        seated = locked.rounds.count()
        if rounds_planned < max(1, seated):
            message = format_lazy(gettext_lazy("{seated} rounds are seated already: plan at least {least}"),
                                  seated=seated, least=max(1, seated))  # fmt: skip
            raise DomainError(message, "rounds_planned_below_seated", "rounds_planned")
        locked.rounds_planned = rounds_planned
        event_check(event=locked)
        locked.save(update_fields=["rounds_planned", "updated_at"])
    return locked


def _refuse_rule_changes(event: Event, changed: set[str]) -> None:
    ruled = sorted(changed & RULES_FIELDS)
    if ruled and event.registrations.exists():
        raise Conflict(
            format_lazy(
                gettext_lazy(
                    "players registered for these rules: {choices} can no longer change"
                    " (the time, the venue, the places and the description still can)"
                ),
                choices=", ".join(ruled),
            ),
            "rules_locked",
            ruled[0],
        )


def _shown(value: Any) -> str:
    return value.isoformat() if isinstance(value, datetime) else str(value or "")


def event_delete(*, event: Event, by: User) -> None:
    """Delete a draft event (nobody could register for it yet)."""
    require_organiser(user=by, event=event)
    with transaction.atomic():
        locked_for(Event, event.pk, "delete").delete()


def event_organiser_add(*, event: Event, by: User, player: Player) -> Event:
    """Make a player a co-organiser: they may then do everything the event's organisers do."""
    require_organiser(user=by, event=event)
    event.organisers.add(player.user)
    return event


def event_organiser_remove(*, event: Event, by: User, player: Player) -> Event:
    """Remove a co-organiser; the last organiser stays (an event nobody can run would be stuck)."""
    require_organiser(user=by, event=event)
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        if not event.organisers.filter(pk=player.user_id).exists():
            raise DomainError(
                format_lazy(gettext_lazy("{handle} does not organise this event"), handle=player.handle),
                "not_organiser",
                "player",
            )
        if event.organisers.count() == 1:
            raise Conflict("an event keeps at least one organiser", "last_organiser", "player")
        event.organisers.remove(player.user)
    return event


def event_open_registration(*, event: Event, by: User) -> Event:
    """Registration opens, and the event commits to its draw before anyone registers (tournaments/draw.py)."""
    require_organiser(user=by, event=event)
    with transaction.atomic():
        opened = move(Event, event.pk, "open_registration")
        draw_commit(opened)
        return opened


def draw_commit(event: Event) -> None:
    """Publish the commitment to the event's seeds, once (call with the event locked): when registration
    opens, or at the start of an event that skipped it. A seed changed afterwards no longer gives it."""
    if event.draw_commitment:
        return
    event.draw_commitment = draw_commitment(seed=event.seed, deal_seed=event.deal_seed)
    event.draw_committed_at = timezone.now()
    event.save(update_fields=["draw_commitment", "draw_committed_at"])


def event_registration_close(*, event: Event, by: User) -> Event:
    """Registration closes now (its closing moment set to now): nobody registers or joins the waitlist any more;
    check-in, the door's guests and late entry keep their own rules. An organiser reopens it by editing
    `registration_closes`."""
    require_organiser(user=by, event=event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.REGISTRATION:
            raise Conflict(
                format_lazy(
                    gettext_lazy("the event is {status}: only an event taking registrations closes them"),
                    status=event.status,
                ),
                "wrong_event_status",
                "event",
            )
        now = timezone.now()
        if event.registration_opens is not None and event.registration_opens >= now:
            event.registration_opens = None  # it had not opened yet: closed from now on, whatever was planned
        event.registration_closes = now
        event.save(update_fields=["registration_opens", "registration_closes", "updated_at"])
    return event


DUPLICATE_SHIFT = timedelta(days=28)  # four weeks on: the same weekday next month, as club nights recur


def event_duplicate(*, event: Event, by: User) -> Event:
    """A new draft with the event's values, four weeks later (next month's club night): its organisation's
    staff only. Registrations, rounds and results stay with the original; a new seed is drawn."""
    require_organiser(user=by, event=event)
    values = {name: getattr(event, name) for name in EDITABLE_EVENT_FIELDS - {"seed"}}
    for name in ("starts_at", "registration_opens", "registration_closes"):
        if values[name] is not None:
            values[name] += DUPLICATE_SHIFT
    return event_create(organiser=by, game=event.game, organisation=event.organisation, **values)
