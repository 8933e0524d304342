"""Team events (issue 57, item 4; docs/organisers.md, "Team events"): players register in teams of the event's
size (a club's team or a free one); seating never puts teammates at one table (services/rounds.py); team
standings sum each round's points of the team's players, or of its best `team_best_of` (selectors/teams.py).
Individual standings and ratings are as in any event."""

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction

from config.errors import Conflict, DomainError, NotAllowed
from tournaments.models import Event, Player, Registration, Team
from tournaments.selectors.permissions import is_organiser
from tournaments.services.registrations import registration_create
from tournaments.validators import handle_key, validate_one_line


def team_register(*, event: Event, name: str, handles: Sequence[str], by: User) -> Team:
    """Register a team and each of its players (the event's entry conditions and capacity apply to each), in
    one transaction: all of them or none. An organiser registers any team; a player, a team they are in."""
    if not event.team_size:
        raise DomainError("this event is not a team event", "not_a_team_event", "event")
    name = name.strip()
    if not name or len(name) > 80:
        raise DomainError("a team's name is 1 to 80 characters", "invalid_name", "name")
    validate_one_line(name)
    keys = [handle_key(handle) for handle in handles]
    if len(set(keys)) != len(keys) or len(keys) != event.team_size:
        raise DomainError(f"a team is {event.team_size} different players", "team_size", "players")
    players = list(Player.objects.filter(handle_key__in=keys))
    if len(players) != len(keys):
        unknown = sorted(set(keys) - {p.handle_key for p in players})
        raise DomainError(f"no player has the handle {unknown[0]}", "unknown_player", "players")
    if not is_organiser(user=by, event=event) and by.pk not in {p.user_id for p in players}:
        raise NotAllowed("a player registers a team they are in (an organiser, any team)", "not_in_team", "players")
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        if Team.objects.filter(event=locked, name__iexact=name).exists():
            raise Conflict(f"{locked.name} has a team named {name} already", "team_name_taken", "name")
        taken = Registration.objects.filter(event=locked, player__in=players, team__isnull=False).first()
        if taken is not None:
            raise Conflict(f"{taken.player.handle} is in another team already", "in_a_team", "players")
        team = Team.objects.create(event=locked, name=name)
        for player in players:
            registration = registration_create(event=locked, player=player)
            Registration.objects.filter(pk=registration.pk).update(team=team)
    return team
