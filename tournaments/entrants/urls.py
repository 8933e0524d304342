"""The entrants' page routes: people at the door, guests, claims (config/urls.py includes them)."""

from django.urls import path

from tournaments.entrants import pages as entrants
from tournaments.entrants import review_pages as review

urlpatterns = [
    path("events/<int:event_id>/entrants/", entrants.entrants, name="event-entrants"),
    path("claim/", entrants.claim, name="claim"),
    path("events/<int:event_id>/review/", review.review_queue, name="event-review"),
    path("events/<int:event_id>/registration/answers/", review.registration_answer, name="registration-answer"),
]
