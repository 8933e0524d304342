"""A team event's teams and team standings (services/teams.py; tournaments/standings.py's team_standings)."""

from collections import defaultdict

from tournaments.models import Event, Registration, TableResult, Team
from tournaments.standings import TableOutcome, TeamRow, team_standings
from tournaments.verdicts import TableVerdict


def event_teams(*, event: Event) -> dict[str, list[str]]:
    """Each team's players' handles (withdrawn players left out), teams by name."""
    members: dict[str, list[str]] = {team.name: [] for team in Team.objects.filter(event=event)}
    registrations = Registration.objects.filter(event=event, team__isnull=False).exclude(
        status=Registration.Status.WITHDRAWN
    )
    for name, handle in registrations.order_by("player__handle").values_list("team__name", "player__handle"):
        members[name].append(handle)
    return members


def event_team_standings(*, event: Event) -> list[TeamRow]:
    """The team standings from the event's results that count, round by round (two queries)."""
    by_round: dict[int, list[TableOutcome]] = defaultdict(list)
    results = TableResult.objects.filter(table__round__event=event, status__in=TableResult.COUNTS)
    for number, verdict in results.order_by("table_id").values_list("table__round__number", "verdict"):
        by_round[number].append(TableOutcome.from_verdict(TableVerdict.read(verdict)))
    return team_standings(
        [by_round[number] for number in sorted(by_round)],
        event_teams(event=event),
        points_by_table_size=event.points_by_table_size,
        best_of=event.team_best_of,
    )
