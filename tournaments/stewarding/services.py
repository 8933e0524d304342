"""Sanctions: only an event a steward sanctioned feeds the rating pools (docs/rules.md, "Sanctions").

Sanctioning a finished event rates its tables in their own time slots (the pool replays from the first);
revoking takes them out (the pool replays too); either way the pool equals rating everything sanctioned
from scratch. The decision, its author and its reason are kept. Once sanctioned and finished, an event holds
its results: a later change waits for a steward's decision here (services/held_results.py).
"""

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.errors import Conflict, DomainError, NotAllowed
from tournaments.catalogue.selectors import edition_is_practice, event_kept_on_practice
from tournaments.models import Event, Organisation, RatingBody, Sanction
from tournaments.results.models import ResultChange
from tournaments.results.services import held as held_results
from tournaments.results.services.pipeline import Because, results_changed
from tournaments.selectors.permissions import is_staff_of, require_steward
from tournaments.services.transitions import locked_for
from tournaments.stewarding.models import SanctionDecision

TRUSTED = "the organisation is trusted by the stewards"


def event_sanction(*, event: Event, by: User, reason: str) -> Event:
    """A steward sanctions an event (before it starts or once it finished): its tables go into the pool."""
    require_steward(user=by, game=event.game)
    _refuse_own_event(event, by)
    _refuse_practice_data(event)
    reason = _reason(reason)
    with transaction.atomic():
        locked = locked_for(Event, event.pk, "sanction")
        if locked.sanction == Sanction.SANCTIONED:
            raise Conflict("the event is already sanctioned", "already_sanctioned", "sanction")
        _decide(locked, Sanction.SANCTIONED, SanctionDecision.Decision.SANCTIONED, by, reason)
    return locked


def _refuse_own_event(event: Event, by: User) -> None:
    """Nobody decides on an event they organise, in any role: staff of its organisation, a co-organiser it
    named (a superuser too: another steward decides)."""
    if event.organisers.filter(pk=by.pk).exists() or is_staff_of(user=by, organisation=event.organisation):
        raise NotAllowed("a steward does not decide on an event they organise: another steward does", "own_event")


def _refuse_practice_data(event: Event) -> None:
    """A practice event is never sanctioned: its game is played on practice data, or it was scored with
    practice data and kept so when the printed edition came (until its organiser verifies it again)."""
    if edition_is_practice(game=event.game) or event_kept_on_practice(event_id=event.pk):
        raise Conflict(
            "this game is played on practice data (invented cards, not the printed ones): its events are practice"
            " events, never sanctioned nor rated, until a steward makes the real edition the game's",
            "practice_edition", "game",
        )  # fmt: skip


def event_unsanction(*, event: Event, by: User, reason: str) -> Event:
    """A steward refuses a waiting event, or revokes a sanction: its tables leave the pool (a replay)."""
    require_steward(user=by, game=event.game)
    _refuse_own_event(event, by)
    reason = _reason(reason)
    with transaction.atomic():
        locked = locked_for(Event, event.pk, "unsanction")
        if locked.sanction == Sanction.REFUSED:
            raise Conflict("the event is already refused", "already_refused", "sanction")
        decision = (
            SanctionDecision.Decision.REVOKED
            if locked.sanction == Sanction.SANCTIONED
            else SanctionDecision.Decision.REFUSED
        )
        _decide(locked, Sanction.REFUSED, decision, by, reason)
    return locked


def sanction_on_creation(event: Event) -> None:
    """An event of an organisation trusted in its game is sanctioned as it is created (inside its transaction),
    unless the game is played on practice data (a practice event is never sanctioned)."""
    if event.game in event.organisation.trusted_games and not edition_is_practice(game=event.game):
        _decide(event, Sanction.SANCTIONED, SanctionDecision.Decision.SANCTIONED, None, TRUSTED)


def organisation_trust(*, organisation: Organisation, by: User, trusted: bool, game: str) -> Organisation:
    """A steward of `game` marks an organisation trusted in that game, and only that one (its new events of
    the game are sanctioned on creation), or no longer."""
    return _trust_in_game(organisation, "trusted_games", by=by, trusted=trusted, game=game)


def result_change_decide(*, change: ResultChange, accept: bool, by: User, reason: str) -> ResultChange:
    """A steward of the event's game accepts a change of a sanctioned event's results (the pool now rates the
    tables as they are) or refuses it (the pool keeps the results it held); the decision is kept."""
    require_steward(user=by, game=change.event.game)
    _refuse_own_event(change.event, by)
    reason = _reason(reason)
    with transaction.atomic():
        locked = ResultChange.objects.select_for_update().select_related("event").get(pk=change.pk)
        if not locked.pending:
            raise Conflict(
                format_lazy(gettext_lazy("this change was decided already: {status}"), status=locked.status),
                "change_decided",
                "change",
            )
        held_results.change_decide(change=locked, accept=accept, by=by, reason=reason)
        results_changed(because=Because.DECIDED, tables=locked.tables)
    return locked


def organisation_corrections_trust(*, organisation: Organisation, by: User, trusted: bool, game: str) -> Organisation:
    """A steward of `game` lets the club's corrections of that game's sanctioned results be accepted as they
    come (or no longer); the other games' stewards keep theirs waiting."""
    return _trust_in_game(organisation, "corrections_trusted_games", by=by, trusted=trusted, game=game)


def _trust_in_game(organisation: Organisation, field: str, *, by: User, trusted: bool, game: str) -> Organisation:
    """Add or take `game` out of one of the organisation's per-game trusts, by a steward of that game."""
    if game not in games.GAMES:
        raise DomainError(format_lazy(gettext_lazy("no game is called {game!r}"), game=game), "unknown_game", "game")
    require_steward(user=by, game=game)
    with transaction.atomic():
        locked = Organisation.objects.select_for_update().get(pk=organisation.pk)
        setattr(locked, field, sorted(set(getattr(locked, field)) - {game} | ({game} if trusted else set())))
        locked.save(update_fields=[field])
    setattr(organisation, field, getattr(locked, field))
    return organisation


def rating_body_set(*, game: str, organisation: Organisation, by: User) -> RatingBody:
    """A superuser names the organisation whose staff steward a game's pool (`game` empty: every game
    without a body of its own)."""
    if not getattr(by, "is_superuser", False):
        raise NotAllowed("only a superuser names the stewards", "not_superuser")
    body, _ = RatingBody.objects.update_or_create(game=game, defaults={"organisation": organisation})
    return body


def _decide(event: Event, sanction: str, decision: str, by: User | None, reason: str) -> None:
    Event.objects.filter(pk=event.pk).update(sanction=sanction, updated_at=timezone.now())
    event.sanction = sanction
    SanctionDecision.objects.create(event=event, decision=decision, by=by, reason=reason)
    # In this transaction, not in a task: a lost message must not leave a revoked event in the pool.
    results_changed(because=Because.SANCTION, events=[event.pk])


def _reason(reason: str) -> str:
    reason = " ".join((reason or "").split())
    if not reason:
        raise DomainError("a decision needs a reason", "reason_required", "reason")
    return reason[:500]
