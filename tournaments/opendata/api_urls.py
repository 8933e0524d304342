"""The open data's API routes."""

from django.urls import path, re_path

from tournaments.opendata import api

FILE = r"^open-data/(?P<game>[a-z-]+)/(?P<month>[0-9]{4}-[0-9]{2})\.(?P<kind>csv|jsonl)\.gz$"
urlpatterns = [
    path("open-data/", api.OpenDataListView.as_view(), name="open-data"),
    path("open-data/schema/", api.OpenDataSchemaView.as_view(), name="open-data-schema"),
    re_path(
        r"^open-data/(?P<game>[a-z-]+)/(?P<month>[0-9]{4}-[0-9]{2})\.(?P<kind>csv|jsonl)\.gz$",
        api.OpenDataFileView.as_view(),
        name="open-data-file",
    ),
]
