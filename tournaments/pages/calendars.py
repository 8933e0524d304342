"""Calendar feeds (RFC 5545) of coming events: every event, a club's, a player's own. Each event keeps one
UID, and its SEQUENCE grows with every change to it, so calendars update a moved time or venue."""

from collections.abc import Iterable
from datetime import timedelta

from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from tournaments.models import Event, Organisation, Player, Registration

ROUND_LENGTH = timedelta(minutes=45)  # the round clock's default; an event lasts its rounds (docs/rules.md)
SHOWN_FOR = timedelta(days=1)  # a feed keeps an event for a day after it starts


# How many times each event was saved (its history rows): the SEQUENCE of its calendar entry.
_saves = (
    Event.history.model.objects.filter(id=OuterRef("pk")).order_by().values("id").annotate(n=Count("*")).values("n")
)


def coming(events: QuerySet[Event]) -> QuerySet[Event]:
    since = timezone.now() - SHOWN_FOR
    return (
        events.exclude(status=Event.Status.DRAFT)
        .filter(starts_at__gte=since)
        .select_related("organisation")
        .annotate(changes=Coalesce(Subquery(_saves), 1))
        .order_by("starts_at", "pk")
    )


def all_events(request: HttpRequest) -> HttpResponse:
    return _feed(request, "Boomerang events", coming(Event.objects.all()))


def club_events(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Organisation, slug=slug)
    return _feed(request, club.name, coming(club.events.all()))


def player_events(request: HttpRequest, handle: str) -> HttpResponse:
    player = get_object_or_404(Player, handle=handle)
    mine = Registration.objects.filter(player=player).exclude(status=Registration.Status.WITHDRAWN)
    return _feed(request, f"{player.handle}: Boomerang events", coming(Event.objects.filter(registrations__in=mine)))


def _feed(request: HttpRequest, name: str, events: Iterable[Event]) -> HttpResponse:
    calendar = Calendar()
    calendar.add("prodid", "-//Boomerang tournaments//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", " ".join(name.split()))  # an older row may hold a line break
    host = request.get_host().split(":")[0]
    for event in events:
        calendar.add_component(_entry(request, event, host))
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="events.ics"'
    return response


def _entry(request: HttpRequest, event: Event, host: str) -> CalendarEvent:
    assert event.starts_at is not None  # the feeds list events with a start only
    entry = CalendarEvent()
    entry.add("uid", f"event-{event.pk}@{host}")
    entry.add("sequence", max(getattr(event, "changes", 1) - 1, 0))  # every saved change to the event
    entry.add("dtstamp", timezone.now())
    entry.add("dtstart", event.starts_at)
    entry.add("dtend", event.starts_at + ROUND_LENGTH * max(event.rounds_planned, 1))
    entry.add("summary", " ".join(event.name.split()))
    if event.venue:
        entry.add("location", event.venue)
    url = request.build_absolute_uri(reverse("event", args=[event.pk]))
    entry.add("url", url)
    entry.add("description", f"{event.organisation.name} · {url}")
    return entry
