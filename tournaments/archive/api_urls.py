"""The archive's API route: an event rebuilt from its archive."""

from tournaments.archive.api import EventImportViewSet
from tournaments.event_actions import event_action_routes

urlpatterns = event_action_routes(EventImportViewSet)
