"""The archive's API route: an event rebuilt from its archive."""

from tournaments.app_actions import app_action_routes
from tournaments.archive.api import EventImportViewSet

urlpatterns = app_action_routes("events", EventImportViewSet)
