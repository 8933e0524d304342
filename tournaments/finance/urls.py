"""The levy's and the door ledger's page routes."""

from django.urls import path

from tournaments.finance import ledger_pages, pages

urlpatterns = [
    path("clubs/<slug:slug>/levy/", pages.levy, name="club-levy"),
    path("events/<int:event_id>/ledger/", ledger_pages.ledger, name="event-ledger"),
]
