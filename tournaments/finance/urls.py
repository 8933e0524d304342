"""The levy page's route."""

from django.urls import path

from tournaments.finance import pages

urlpatterns = [path("clubs/<slug:slug>/levy/", pages.levy, name="club-levy")]
