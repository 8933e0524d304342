"""The entrants' API routes."""

from django.urls import path

from tournaments.entrants.api import EventEntrantsViewSet, LoginUnlockView
from tournaments.event_actions import event_action_routes

urlpatterns = [
    path("events/<int:pk>/login-unlock/", LoginUnlockView.as_view(), name="event-login-unlock"),
    *event_action_routes(EventEntrantsViewSet),
]
