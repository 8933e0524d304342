"""The privacy app's page routes (config/urls.py includes them)."""

from django.urls import path

from tournaments.privacy import pages

urlpatterns = [
    path("accounts/my-data/", pages.my_data, name="my-data"),
    path("accounts/erase/", pages.erase, name="erase"),
    path("privacy/", pages.privacy, name="privacy"),
]
