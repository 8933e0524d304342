"""The core's API routes: the API's root, the person signed in, players, organisations, events, their
registrations and rounds. Each app above the core routes its own (config/urls.py includes them)."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.api.account import ApiRootView, MeView, TokenRotateView, TokenView
from tournaments.api.clubs import OrganisationViewSet
from tournaments.api.events import EventViewSet, RoundViewSet
from tournaments.api.players import HeadToHeadView, PlayerProfileView, PlayerViewSet
from tournaments.api.registrations import RegistrationViewSet
from tournaments.api.teams import (
    EntryExceptionsView,
    EventTeamsView,
    RegistrationCloseView,
    TeamJoinView,
    TeamStandingsView,
)

router = DefaultRouter()
router.include_root_view = False  # api.ApiRootView lists every route, not only the router's
router.register("players", PlayerViewSet, basename="player")
router.register("organisations", OrganisationViewSet, basename="organisation")
router.register("events", EventViewSet, basename="event")
router.register("registrations", RegistrationViewSet, basename="registration")
router.register("rounds", RoundViewSet, basename="round")

urlpatterns = [
    path("", ApiRootView.as_view(), name="api-root"),
    path("me/", MeView.as_view(), name="me"),
    path("auth/token/", TokenView.as_view(), name="token"),
    path("auth/token/rotate/", TokenRotateView.as_view(), name="token-rotate"),
    path("events/<int:pk>/teams/", EventTeamsView.as_view(), name="event-teams"),
    path("events/<int:pk>/teams/join/", TeamJoinView.as_view(), name="event-team-join"),
    path("events/<int:pk>/team-standings/", TeamStandingsView.as_view(), name="event-team-standings"),
    path("events/<int:pk>/entry-exceptions/", EntryExceptionsView.as_view(), name="event-entry-exceptions"),
    path("events/<int:pk>/close-registration/", RegistrationCloseView.as_view(), name="event-registration-close"),
    path("", include(router.urls)),
    # After the router: /api/players/claim/ is the router's (a handle cannot be "claim": it reads as that).
    path("players/<str:handle>/", PlayerProfileView.as_view(), name="player-profile"),
    path("players/<str:handle>/versus/<str:other>/", HeadToHeadView.as_view(), name="head-to-head"),
]
