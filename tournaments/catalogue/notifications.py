"""E-mails about an edition adopted: each organiser of an event scored with practice data hears that it keeps
its standings as played, and how to verify it again with the printed cards (issue 66). In the organiser's
language, sent by Celery after the commit (docs/organisers.md)."""

from django.conf import settings
from django.contrib.auth.models import User
from django.core.mail import send_mass_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

import games
from tournaments.models import Event


def notify_events_kept(*, game: str, edition_name: str, event_ids: list[int]) -> int:
    """Each organiser with an e-mail address, once for each of their events kept on practice data."""
    messages = []
    events = Event.objects.filter(pk__in=event_ids).prefetch_related("organisers__player")
    for event in events:
        for organiser in event.organisers.all():
            if organiser.email:
                messages.append(_message(organiser, event, game, edition_name))
    return send_mass_mail(messages, fail_silently=False) if messages else 0


def _message(organiser: User, event: Event, game: str, edition_name: str) -> tuple[str, str, str, list[str]]:
    player = getattr(organiser, "player", None)
    with translation.override((player.language if player else "") or settings.LANGUAGE_CODE):
        text = render_to_string("emails/edition_kept.txt", {
            "event": event, "game": games.GAMES[game].name, "edition": edition_name,
            "name": player.handle if player else organiser.username,
            "link": settings.SITE_URL + reverse("event", args=[event.pk]),
        })  # fmt: skip
    subject, _, body = text.strip().partition("\n")
    return subject.strip(), body.strip() + "\n", settings.DEFAULT_FROM_EMAIL, [organiser.email]
