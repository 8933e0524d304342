"""The catalogue's page routes."""

from django.urls import path

from tournaments.catalogue import pages

urlpatterns = [
    path("games/<str:game>/edition/entry/", pages.edition_entry, name="edition-entry-page"),
    path("games/<str:game>/edition/confirmed/<int:confirmation_id>/preview/", pages.adoption_preview_page,
         name="edition-adoption-preview"),
]  # fmt: skip
