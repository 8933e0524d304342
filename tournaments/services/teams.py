"""Team events (issue 57, item 4; docs/organisers.md, "Team events"): players register in teams of the event's
size (a club's team or a free one); seating never puts teammates at one table (services/rounds.py); team
standings sum each round's points of the team's players, or of its best `team_best_of` (selectors/teams.py).
Individual standings and ratings are as in any event."""

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import Conflict, DomainError, NotAllowed
from tournaments.models import Event, Player, Registration, Team
from tournaments.selectors.permissions import is_organiser
from tournaments.services.registrations import registration_create, registration_open_check
from tournaments.validators import handle_key, new_claim_code, validate_one_line


def team_register(
    *, event: Event, name: str, handles: Sequence[str], by: User, answers: dict[str, Any] | None = None
) -> Team:
    """Register a team and each of its players (the event's entry conditions and capacity apply to each), in
    one transaction: all of them or none. An organiser registers any whole team. A player registers a team of
    themselves alone: each teammate joins it with its code (`team_join`), so nobody is entered, nor owes a
    fee, without saying so. `answers`: the player's own, to the event's questions (an organiser's team is
    taken without them, as their import is)."""
    name = _team_name(event, name)
    organiser = is_organiser(user=by, event=event)
    players = _team_players(event, handles, organiser)
    if not organiser and by.pk not in {p.user_id for p in players}:
        raise NotAllowed("a player registers a team they are in (an organiser, any team)", "not_in_team", "players")
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        registration_open_check(locked)  # a team is registered before the start, an organiser's too
        if Team.objects.filter(event=locked, name__iexact=name).exists():
            message = format_lazy(gettext_lazy("{event} has a team named {name} already"), event=locked.name, name=name)
            raise Conflict(message, "team_name_taken", "name")
        taken = Registration.objects.filter(event=locked, player__in=players, team__isnull=False).first()
        if taken is not None:
            message = format_lazy(gettext_lazy("{player} is in another team already"), player=taken.player.handle)
            raise Conflict(message, "in_a_team", "players")
        code = "" if len(players) == event.team_size else new_claim_code()
        team = Team.objects.create(event=locked, name=name, join_code=code)
        for player in players:
            _register_into(locked, player, team, by_organiser=organiser, answers=answers)
    return team


def _team_name(event: Event, name: str) -> str:
    """The team's name as kept, for a team event; refused when empty, too long or over lines."""
    if not event.team_size:
        raise DomainError("this event is not a team event", "not_a_team_event", "event")
    name = name.strip()
    if not name or len(name) > 80:
        raise DomainError("a team's name is 1 to 80 characters", "invalid_name", "name")
    validate_one_line(name)
    return name


def _team_players(event: Event, handles: Sequence[str], organiser: bool) -> list[Player]:
    """The players the handles name: a whole team of different players for an organiser, oneself alone for a
    player."""
    keys = [handle_key(handle) for handle in handles]
    if not organiser and len(keys) > 1:
        raise NotAllowed("a player registers a team of themselves alone: their teammates join it with its code "
                         "(an organiser registers a whole team)", "teammate_consent", "players")  # fmt: skip
    if len(set(keys)) != len(keys) or (organiser and len(keys) != event.team_size):
        message = format_lazy(gettext_lazy("a team is {count} different players"), count=event.team_size)
        raise DomainError(message, "team_size", "players")
    players = list(Player.objects.filter(handle_key__in=keys))
    if len(players) != len(keys):
        unknown = sorted(set(keys) - {p.handle_key for p in players})
        message = format_lazy(gettext_lazy("no player has the handle {handle}"), handle=unknown[0])
        raise DomainError(message, "unknown_player", "players")
    return players


def team_join(*, event: Event, code: str, by: User, answers: dict[str, Any] | None = None) -> Team:
    """The signed-in player joins the team of this code, registered with it (entry conditions and capacity
    apply), while it has room; its code then ends once the team is whole."""
    player = Player.objects.filter(user=by).first()
    if player is None:
        raise DomainError("only a player joins a team", "not_a_player", "code")
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        team = Team.objects.filter(event=locked, join_code__iexact=code.strip()).exclude(join_code="").first()
        if team is None:
            raise DomainError("no team of this event has this code", "unknown_code", "code")
        if Registration.objects.filter(event=locked, player=player, team__isnull=False).exists():
            raise Conflict(
                format_lazy(gettext_lazy("{player} is in a team already"), player=player.handle), "in_a_team", "code"
            )
        _register_into(locked, player, team, by_organiser=False, answers=answers)
        if Registration.objects.filter(team=team).count() >= locked.team_size:
            Team.objects.filter(pk=team.pk).update(join_code="")
    return team


def _register_into(
    event: Event, player: Player, team: Team, *, by_organiser: bool, answers: dict[str, Any] | None
) -> None:
    """An organiser's team is taken as their import is (no review); a player's own waits for it."""
    registration = registration_create(
        event=event, player=player, at_the_door=by_organiser, answers=None if by_organiser else answers
    )
    Registration.objects.filter(pk=registration.pk).update(team=team)
