"""A player's rights over the API: their data exported, their account erased."""

from django.urls import path

from tournaments.privacy.api import EraseView, MyDataView

urlpatterns = [
    path("me/export/", MyDataView.as_view(), name="me-export"),
    path("me/erase/", EraseView.as_view(), name="me-erase"),
]
