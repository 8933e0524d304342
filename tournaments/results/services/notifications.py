"""E-mails to players: their table when a round is seated, the problems when their table's sheets are
refused, their place when an event ends, an organiser's word to the room. In each player's language, with a
link that turns that kind off; sent by Celery after the commit, so a mail server that is down never fails a
request (docs/organisers.md)."""

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import send_mass_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from ratings.selectors.changes import changes_of_source
from ratings.selectors.leaderboards import pool_of_game
from ratings.selectors.place_worth import place_worth
from tournaments.live.models import RoomMessage
from tournaments.models import Event, Player, Registration, Round, Seat, Table, TableResult
from tournaments.problems import problem_sentence
from tournaments.results.selectors.chances import WORTH_EXPLANATION
from tournaments.results.services.recap import event_recap_refresh
from tournaments.results.sources import table_source
from tournaments.selectors.events import final_places, rounds_played

# Each kind of e-mail and the player's choice that turns it off (a sanction's rating news follows the results').
# An organiser's word to the room ("we start 15 minutes late") goes with the event's changes of time and venue.
KINDS = {
    "seated": "notify_seated", "rejected": "notify_rejected", "finished": "notify_finished",
    "rated": "notify_finished", "moved": "notify_changes", "message": "notify_changes",
    "casual": "notify_seated",  # a casual table waiting for the player's confirmation (tournaments/casual)
    "casual_rejected": "notify_rejected",  # a casual table whose sheet the rules refused
    "review": "notify_changes",  # the organisers approved a registration, asked a change or declined it
}  # fmt: skip
SALT = "boomerang.unsubscribe"


def unsubscribe_token(player: Player, kind: str) -> str:
    return signing.dumps({"player": player.pk, "kind": kind}, salt=SALT)


def unsubscribe(token: str) -> tuple[Player, str] | None:
    """Turn off the kind of e-mail the token names; None when the token is not one of ours."""
    try:
        found = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    player = Player.objects.filter(pk=found.get("player")).first()
    if player is None or found.get("kind") not in KINDS:
        return None
    Player.objects.filter(pk=player.pk).update(**{KINDS[found["kind"]]: False})
    return player, found["kind"]


def notify_round_seated(*, round_id: int) -> int:
    """Each seated player (who wants it) gets their table and seat, and the link to their event page."""
    round_ = Round.objects.select_related("event").get(pk=round_id)
    seats = Seat.objects.filter(table__round=round_).select_related("player__user", "table")
    link = _link("my-event", round_.event_id)
    context = {"event": round_.event, "round": round_, "link": link}
    return _send((seat.player, "seated", {**context, "seat": seat}) for seat in seats)


def _link(name: str, *args: object) -> str:
    return f"{settings.SITE_URL}{reverse(name, args=args)}"


def notify_event_moved(*, event_id: int, before: dict[str, str]) -> int:
    """The players registered in an event (waitlist included) hear that its time or venue moved: what it
    was, what it is now, and the event's page."""
    event = Event.objects.get(pk=event_id)
    registered = Player.objects.filter(
        registrations__event=event, registrations__status__in=("registered", "checked_in", "waitlisted")
    ).select_related("user")
    link = settings.SITE_URL + reverse("event", args=[event.pk])
    return _send((p, "moved", {"event": event, "before": before, "link": link}) for p in registered)


def notify_room_message(*, message_id: int, user_ids: list[int]) -> int:
    """The recipients of an organiser's word to the room (issue 70) get it by e-mail too, for those who are
    not looking at the event's page: its text as written, who sent it and the event's page."""
    message = RoomMessage.objects.select_related("event", "author__player").get(pk=message_id)
    players = Player.objects.filter(user_id__in=user_ids).select_related("user")
    author = getattr(message.author, "player", None)
    context = {"event": message.event, "message": message, "link": _link("my-event", message.event_id),
               "author": author.handle if author else (message.author.username if message.author else "")}  # fmt: skip
    return _send((p, "message", context) for p in players)


def notify_registration_review(*, registration_id: int, status: str) -> int:
    """The player hears the organisers' decision on their registration (services/review.py): approved (a
    place or the waitlist), a change asked with its note, or declined with its reason; nothing when the
    registration has moved on since (the decision this task was sent for is no longer its status)."""
    registration = Registration.objects.select_related("event", "player__user").get(pk=registration_id)
    if registration.status != status:
        return 0
    context = {"event": registration.event, "registration": registration, "link": _link("event", registration.event_id)}
    return _send([(registration.player, "review", context)])


def notify_table_rejected(*, table_id: int) -> int:
    """The players of a table whose sheets the engine refused get the problems in words."""
    result = TableResult.objects.select_related("table__round__event").get(table_id=table_id)
    if not result.can.fix_sheets:
        return 0  # corrected meanwhile: no longer rejected
    seats = Seat.objects.filter(table_id=table_id).select_related("player__user")
    event = result.table.round.event
    context = {"table": result.table, "event": event, "problems": result.table_verdict.problems,
               "link": _link("my-event", event.pk)}  # fmt: skip
    return _send((seat.player, "rejected", context) for seat in seats)


def notify_event_finished(*, event_id: int) -> int:
    """Every player of a finished event gets their place, how its tables moved their rating (if rated) and the
    night's recap (made first, so the webhook and the page say the same)."""
    recap = event_recap_refresh(event_id=event_id)
    event = Event.objects.get(pk=event_id)
    places = final_places(events=[event])[event.pk]
    players = Player.objects.filter(handle__in=places).select_related("user")
    moved = _rating_moves(event)
    link = _link("standings", event.pk)
    played = rounds_played(rounds=list(event.rounds.all()))  # a night ended early says so
    return _send(
        (p, "finished", {"event": event, "place": places[p.handle], "of": len(places), "moved": moved.get(p.user_id),
                         "claim": _claim_link(p), "link": link, "played": played,
                     "recap": None if recap is None or recap.empty else recap})
        for p in players
    )  # fmt: skip


def notify_event_rated(*, event_id: int) -> int:
    """After a steward's decision on a finished event, each of its players hears how it moved their rating:
    by how much once sanctioned (its tables entered the pool), or that they no longer count once revoked."""
    event = Event.objects.get(pk=event_id)
    places = final_places(events=[event])[event.pk]
    players = Player.objects.filter(handle__in=places).select_related("user")
    moved, rated = _rating_moves(event), event.is_rated
    worth = _place_worth(event) if rated else {}
    return _send(
        (p, "rated", {"event": event, "rated": rated, "moved": moved.get(p.user_id), "link": _link("player", p.handle),
                      "worth": worth.get(p.user_id, []), "explanation": WORTH_EXPLANATION})
        for p in players
    )  # fmt: skip


def _place_worth(event: Event) -> dict[int, list[dict[str, Any]]]:
    """Each player's tables of the event (by user id), in the rounds' order: the place reached, the change it
    gave the rating shown, and what each place would have given (ratings/selectors/place_worth.py)."""
    pool = pool_of_game(game=event.game)
    if pool is None:
        return {}
    lines: dict[int, list[dict[str, Any]]] = {}
    for table in Table.objects.filter(round__event=event).select_related("round").order_by("round__number", "number"):
        for seat in place_worth(pool=pool, source=table_source(table.pk)):
            lines.setdefault(seat.player_id, []).append({"round": table.round.number, "place": seat.rank,
                                                         "change": seat.change, "by_place": seat.by_place})  # fmt: skip
    return lines


def _rating_moves(event: Event) -> dict[int, float]:
    """How the event's tables moved each player's rating (by user id): none for an unrated event."""
    moved: dict[int, float] = {}
    for table_id in event.rounds.values_list("tables__pk", flat=True):
        for user_id, change in changes_of_source(source=table_source(table_id)).items():
            moved[user_id] = moved.get(user_id, 0.0) + change.delta
    return moved


def _claim_link(player: Player) -> str:
    """A guest's link to take its results into an account of its own (empty for anyone else)."""
    if not player.guest or player.claimed_by_id is not None:
        return ""
    return f"{settings.SITE_URL}{reverse('claim')}?code={player.claim_code}"


def players_mail(mails: Iterable[tuple[Player, str, dict[str, Any]]]) -> int:
    """Send (player, kind, context) e-mails as every e-mail here is sent, for an app above this one: each in
    its player's language, with its unsubscribe link, to those who want that kind (`emails/<kind>.txt`)."""
    return _send(mails)


def _send(mails: Iterable[tuple[Player, str, dict[str, Any]]]) -> int:
    messages = []
    for player, kind, context in mails:
        if not player.user.email or not getattr(player, KINDS[kind]):
            continue
        with translation.override(player.language or settings.LANGUAGE_CODE):
            if "problems" in context:
                context = {**context, "sentences": [problem_sentence(p) for p in context["problems"]]}
            link = settings.SITE_URL + reverse("unsubscribe", args=[unsubscribe_token(player, kind)])
            text = render_to_string(f"emails/{kind}.txt", {**context, "player": player, "unsubscribe": link})
        subject, _, body = text.strip().partition("\n")
        messages.append((subject.strip(), body.strip() + "\n", settings.DEFAULT_FROM_EMAIL, [player.user.email]))
    return send_mass_mail(messages, fail_silently=False) if messages else 0
