"""The results' API routes: seats (their sheets, first: the busiest write), tables, an event's closing, a
registration dropped, a guest claimed."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.app_actions import app_action_routes
from tournaments.results.api import (
    EventClosingViewSet,
    EventHandicapView,
    EventRecapView,
    GuestClaimViewSet,
    RegistrationDropViewSet,
    SeatViewSet,
    TableViewSet,
)

router = DefaultRouter()
router.include_root_view = False
router.register("seats", SeatViewSet, basename="seat")
router.register("tables", TableViewSet, basename="table")

urlpatterns = [
    path("events/<int:pk>/handicap/", EventHandicapView.as_view(), name="event-handicap"),
    path("events/<int:pk>/recap/", EventRecapView.as_view(), name="event-recap"),
    path("", include(router.urls)),
    *app_action_routes("events", EventClosingViewSet),
    *app_action_routes("registrations", RegistrationDropViewSet),
    *app_action_routes("players", GuestClaimViewSet),
]
