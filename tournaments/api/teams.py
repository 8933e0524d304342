"""A team event's teams and team standings, an event's entry exceptions and the closing of its registration
(organisers), over the API: views of their own beside the event's viewset (tournaments/api/events.py), at
/api/events/{id}/teams/, team-standings/, entry-exceptions/ and close-registration/."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.paging import ApiPages, many, paged
from tournaments.integrations.models import ApiKey
from tournaments.models import Event, Player
from tournaments.selectors.teams import event_team_standings, event_teams
from tournaments.serializers.events import (
    EntryExceptionInputSerializer,
    EntryExceptionSerializer,
    EventSerializer,
)
from tournaments.serializers.teams import (
    TeamCreatedSerializer,
    TeamInputSerializer,
    TeamJoinInputSerializer,
    TeamSerializer,
    TeamStandingSerializer,
)
from tournaments.services.entry import entry_exception_admit
from tournaments.services.events import event_registration_close
from tournaments.services.teams import team_join, team_register


class EventTeamsView(APIView):
    """A team event's teams, or register one: its name and its players (each registered as anyone is: entry
    conditions and capacity apply; all of them or none). A player registers a team they are in; an organiser,
    any team."""

    key_scope = ApiKey.EVENTS_WRITE  # an organisation's key writes it (integrations/key_auth.py)

    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = ApiPages

    @extend_schema(responses=TeamSerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        event = get_object_or_404(Event, pk=pk)
        teams = [{"name": name, "players": players} for name, players in event_teams(event=event).items()]
        return paged(request, teams, many(TeamSerializer))

    @extend_schema(request=TeamInputSerializer, responses={201: TeamCreatedSerializer})
    def post(self, request: Request, pk: int) -> Response:
        """An organiser registers a whole team; a player, a team of themselves alone, whose `join_code` their
        teammates send to `teams/join/` (nobody is entered without saying so)."""
        event = get_object_or_404(Event, pk=pk)
        payload = TeamInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        team = team_register(
            event=event, name=data["name"], handles=data["players"], by=request.user, answers=data.get("answers")
        )
        answer = {"name": team.name, "players": event_teams(event=event)[team.name], "join_code": team.join_code}
        return Response(TeamCreatedSerializer(answer).data, status=status.HTTP_201_CREATED)


class TeamJoinView(APIView):
    """The signed-in player joins a team of the event with the code its maker was given (registered with it:
    entry conditions and capacity apply)."""

    permission_classes = [IsAuthenticated]
    person_only = True  # a player's own consent: never a key's

    @extend_schema(request=TeamJoinInputSerializer, responses={201: TeamSerializer})
    def post(self, request: Request, pk: int) -> Response:
        event = get_object_or_404(Event, pk=pk)
        payload = TeamJoinInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        team = team_join(event=event, code=data["code"], by=request.user, answers=data.get("answers"))
        answer = {"name": team.name, "players": event_teams(event=event)[team.name]}
        return Response(TeamSerializer(answer).data, status=status.HTTP_201_CREATED)


class TeamStandingsView(APIView):
    """A team event's team standings: each round, the sum of the team's players' points (or its best
    team_best_of), over the rounds; ties broken by the counted players' game scores."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = ApiPages

    @extend_schema(responses=TeamStandingSerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        rows = [row.to_json() for row in event_team_standings(event=get_object_or_404(Event, pk=pk))]
        return paged(request, rows, many(TeamStandingSerializer))


class EntryExceptionsView(APIView):
    """Admit a player whom the event's entry conditions refuse, with the reason (organisers): the player may
    then register (or be registered); the reason is kept with who admitted them and when."""

    key_scope = ApiKey.EVENTS_WRITE  # an organisation's key writes it (integrations/key_auth.py)

    permission_classes = [IsAuthenticated]

    @extend_schema(request=EntryExceptionInputSerializer, responses={201: EntryExceptionSerializer})
    def post(self, request: Request, pk: int) -> Response:
        event = get_object_or_404(Event, pk=pk)
        payload = EntryExceptionInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        player = get_object_or_404(Player, handle=payload.validated_data["player"])
        exception = entry_exception_admit(
            event=event, player=player, by=request.user, reason=payload.validated_data["reason"]
        )
        return Response(EntryExceptionSerializer(exception).data, status=status.HTTP_201_CREATED)


class RegistrationCloseView(APIView):
    """Close registration now (organisers), as the event page's "Close registration now" does: nobody registers
    or joins the waitlist any more; check-in and late entry keep their rules. Reopen by editing
    `registration_closes`."""

    key_scope = ApiKey.EVENTS_WRITE  # an organisation's key writes it (integrations/key_auth.py)

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: EventSerializer})
    def post(self, request: Request, pk: int) -> Response:
        event = event_registration_close(event=get_object_or_404(Event, pk=pk), by=request.user)
        return Response(EventSerializer(event).data)
