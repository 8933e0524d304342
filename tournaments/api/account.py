"""Your account through the API: log-in token, its rotation, what you are playing; and the API's root."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config import versioning
from config.exceptions import error_body
from config.login_limits import login_checked
from config.throttling import ApiThrottle
from tournaments.models import Player
from tournaments.selectors.events import player_overview
from tournaments.serializers.players import CountryInputSerializer, MeSerializer
from tournaments.services.accounts import token_for_login, token_rotate
from tournaments.services.clubs import player_country_set


class TokenView(ObtainAuthToken):
    """Log in with username and password for the API token (a new one if the last has expired)."""

    throttle_classes = [ApiThrottle]  # and the log-in limits, which need the check's outcome (config/login_limits.py)
    parser_classes = [JSONParser]  # DRF's view also takes forms; the API takes JSON

    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        serializer = self.get_serializer(data=request.data)
        user, wait = login_checked(
            request, lambda: serializer.validated_data["user"] if serializer.is_valid() else None
        )
        if wait is not None:
            raise Throttled(wait)
        if user is None:
            if _credentials_refused(serializer) and not versioning.before(request, versioning.FAILED_LOG_IN_401):
                return _log_in_refused()
            raise ValidationError(serializer.errors)  # a field missing; or a client pinned before 2026-11-27
        return Response({"token": token_for_login(user=user)})


def _credentials_refused(serializer: serializers.Serializer) -> bool:
    """Whether the log-in named a username and a password that do not go together (not a field missing)."""
    errors = serializer.errors.get("non_field_errors", [])
    return any(getattr(error, "code", None) == "authorization" for error in errors)


def _log_in_refused() -> Response:
    """401, as RFC 9110 has it for credentials refused (API version 2026-11-27; a 400 before it)."""
    detail = _("Unable to log in with provided credentials.")
    answer = Response(error_body("authorization", str(detail)), status=401)
    answer["WWW-Authenticate"] = 'Bearer realm="api"'
    return answer


class TokenRotateView(APIView):
    permission_classes = [IsAuthenticated]
    person_only = True  # refused to an organisation's API key (tournaments/integrations/key_auth.py)

    @extend_schema(request=None, responses={200: inline_serializer("RotatedToken", {"token": serializers.CharField()})})
    def post(self, request: Request) -> Response:
        """Replace your API token: the old one stops working at once."""
        answer = Response({"token": token_rotate(user=request.user)})
        answer["Cache-Control"] = "no-store"  # a secret: never kept, by a cache or as an idempotent answer
        return answer


class MeView(APIView):
    permission_classes = [IsAuthenticated]
    person_only = True  # refused to an organisation's API key (tournaments/integrations/key_auth.py)

    @extend_schema(responses={200: MeSerializer})
    def get(self, request: Request) -> Response:
        """Your handle, your registrations and your seat in the round that is on."""
        return Response(MeSerializer(player_overview(user=request.user)).data)

    @extend_schema(request=CountryInputSerializer, responses={200: MeSerializer})
    def patch(self, request: Request) -> Response:
        """Say which country you play for (leaderboards filter on it)."""
        payload = CountryInputSerializer(data=request.data, partial=True)  # a PATCH: every field may be left out
        payload.is_valid(raise_exception=True)
        player = get_object_or_404(Player, user=request.user)
        if "country" in payload.validated_data:
            player_country_set(player=player, by=request.user, country=payload.validated_data["country"])
        return Response(MeSerializer(player_overview(user=request.user)).data)


class ApiRootView(APIView):
    """Every route of the API: lists by their address, single objects and actions as templates."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        base = request.build_absolute_uri("/api/")
        return Response({name: base + route for name, route in API_ROUTES})


API_ROUTES = [
    ("games", "games/"), ("score-preview", "games/{game}/score/"), ("game-rebuild", "games/{game}/rebuild/"),
    ("editions", "editions/"),
    ("sheet-checks", "sheet-checks/"),
    ("sign-up", "players/"), ("token", "auth/token/"), ("token-rotate", "auth/token/rotate/"), ("me", "me/"),
    ("me-export", "me/export/"), ("me-erase", "me/erase/"), ("players", "players/?search={text}"),
    ("player", "players/{handle}/"),
    ("organisations", "organisations/"), ("organisation", "organisations/{slug}/"),
    ("organisation-staff", "organisations/{slug}/staff/"), ("organisation-members", "organisations/{slug}/members/"),
    ("organisation-member-leave", "organisations/{slug}/members/{handle}/leave/"),
    ("organisation-webhooks", "organisations/{slug}/webhooks/"),
    ("organisation-webhook-deliveries", "organisations/{slug}/webhooks/{id}/deliveries/"),
    ("organisation-keys", "organisations/{slug}/keys/"),
    ("event-changes", "events/changes/?updated_since={time}"), ("table-changes", "tables/changes/?event={id}"),
    ("event-decisions", "events/{id}/decisions/"),
    ("event-sanction", "events/{id}/sanction/"), ("event-unsanction", "events/{id}/unsanction/"),
    ("seasons", "seasons/"), ("season", "seasons/{id}/"), ("season-events", "seasons/{id}/events/"),
    ("season-standings", "seasons/{id}/standings/"), ("season-decline", "seasons/{id}/decline/"),
    ("events", "events/"), ("event", "events/{id}/"), ("event-import", "events/import/"),
    ("event-open-registration", "events/{id}/open-registration/"),
    ("event-registrations", "events/{id}/registrations/"), ("event-start", "events/{id}/start/"),
    ("event-next-round", "events/{id}/next-round/"), ("event-close", "events/{id}/close/"),
    ("event-rounds", "events/{id}/rounds/"),
    ("event-standings", "events/{id}/standings/"), ("event-organisers", "events/{id}/organisers/"),
    ("event-organiser", "events/{id}/organisers/{handle}/"),
    ("registration", "registrations/{id}/"), ("registration-check-in", "registrations/{id}/check-in/"),
    ("registration-withdraw", "registrations/{id}/withdraw/"), ("registration-drop", "registrations/{id}/drop/"),
    ("round", "rounds/{id}/"), ("round-start", "rounds/{id}/start/"),
    ("seat-sheets", "seats/{id}/sheets/"), ("seat-swap", "seats/swap/"),
    ("table", "tables/{id}/"), ("table-sheets", "tables/{id}/sheets/"), ("table-override", "tables/{id}/override/"),
    ("table-reverify", "tables/{id}/reverify/"), ("table-pad", "tables/{id}/pad/"),
    ("rating-pools", "ratings/pools/"), ("rating-pool", "ratings/pools/{game}/"),
    ("leaderboard", "ratings/pools/{game}/leaderboard/"), ("player-rating", "ratings/pools/{game}/players/{handle}/"),
    ("schema", "schema/"), ("docs", "docs/"),
]  # fmt: skip
