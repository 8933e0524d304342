"""The results' API routes: seats (their sheets, first: the busiest write), tables and an event's closing."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.event_actions import event_action_routes
from tournaments.results.api import EventClosingViewSet, EventHandicapView, EventRecapView, SeatViewSet, TableViewSet

router = DefaultRouter()
router.include_root_view = False
router.register("seats", SeatViewSet, basename="seat")
router.register("tables", TableViewSet, basename="table")

urlpatterns = [
    path("events/<int:pk>/handicap/", EventHandicapView.as_view(), name="event-handicap"),
    path("events/<int:pk>/recap/", EventRecapView.as_view(), name="event-recap"),
    path("", include(router.urls)),
    *event_action_routes(EventClosingViewSet),
]
