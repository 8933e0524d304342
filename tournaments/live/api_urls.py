"""The live streams' routes (under ASGI, config/asgi.py serves the same paths beside Django) and the
organisers' messages to the room, which the streams carry."""

from django.urls import path

from tournaments.app_actions import app_action_routes
from tournaments.live.api import EventStreamView, MyStreamView
from tournaments.live.messages_api import EventMessagesViewSet

urlpatterns = [
    path("me/stream/", MyStreamView.as_view(), name="me-stream"),
    path("events/<int:pk>/stream/", EventStreamView.as_view(), name="event-stream"),
    *app_action_routes("events", EventMessagesViewSet),
]
