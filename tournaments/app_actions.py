"""The bases of an app's own actions on the core's rows over the API (`/api/events/{id}/sanction/`,
`/api/registrations/{id}/drop/`, `/api/organisations/{slug}/corrections-trust/`, `/api/players/claim/`): each
app routes its own (its `api_urls.py`, under the router's names: `event-sanction`), finding the row as the
core's viewset of it finds it, so a missing row or a filter that leaves it out is answered alike whichever app
owns the action, and the schema's operation ids are those the core's router gave."""

from django.urls import URLPattern, URLResolver
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import viewsets
from rest_framework.routers import DefaultRouter

from tournaments.models import Organisation, Registration
from tournaments.selectors.events import event_list
from tournaments.serializers.events import EventSerializer
from tournaments.serializers.organisations import OrganisationSerializer
from tournaments.serializers.registrations import RegistrationSerializer


class EventActions(viewsets.GenericViewSet):
    serializer_class = EventSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_fields = ["game", "status"]

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return event_list(with_organisers=False)


class OrganisationActions(viewsets.GenericViewSet):
    queryset = Organisation.objects.prefetch_related("staff__user__player")
    serializer_class = OrganisationSerializer
    lookup_field = "slug"


class RegistrationActions(viewsets.GenericViewSet):
    queryset = Registration.objects.select_related("event", "player")
    serializer_class = RegistrationSerializer


def app_action_routes(prefix: str, viewset: type[viewsets.GenericViewSet]) -> list[URLPattern | URLResolver]:
    """The routes of an app's actions under the core's prefix (`events`), named as the core's router names its
    own (`event-<action>`, with the format suffixes the core's carry: `entrants.csv`)."""
    router = DefaultRouter()
    router.include_root_view = False
    router.register(prefix, viewset, basename=prefix.removesuffix("s"))
    return router.urls
