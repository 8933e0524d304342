"""The entrants' API routes."""

from django.urls import path

from tournaments.entrants.api import LoginUnlockView

urlpatterns = [path("events/<int:pk>/login-unlock/", LoginUnlockView.as_view(), name="event-login-unlock")]
