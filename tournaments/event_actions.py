"""The base of every app's actions on an event over the API (`/api/events/{id}/<action>/`): each app routes its
own (its `api_urls.py`, under the router's names `event-<action>`), and finds the event as the core's event
API finds it, so a missing event or a filter that leaves it out is answered alike whichever app owns the
action."""

from django.urls import URLPattern, URLResolver
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import viewsets
from rest_framework.routers import DefaultRouter

from tournaments.selectors.events import event_list
from tournaments.serializers.events import EventSerializer


class EventActions(viewsets.GenericViewSet):
    serializer_class = EventSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_fields = ["game", "status"]

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return event_list(with_organisers=False)


def event_action_routes(viewset: type[EventActions]) -> list[URLPattern | URLResolver]:
    """The routes of an app's actions on events, named as the core's router names its own (`event-<action>`,
    with the format suffixes the core's carry: `entrants.csv`)."""
    router = DefaultRouter()
    router.include_root_view = False
    router.register("events", viewset, basename="event")
    return router.urls
