"""The live streams' routes (under ASGI, config/asgi.py serves the same paths beside Django)."""

from django.urls import path

from tournaments.live.api import EventStreamView, MyStreamView

urlpatterns = [
    path("me/stream/", MyStreamView.as_view(), name="me-stream"),
    path("events/<int:pk>/stream/", EventStreamView.as_view(), name="event-stream"),
]
