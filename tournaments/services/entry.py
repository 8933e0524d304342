"""Entry conditions (issue 57, item 1; docs/organisers.md, "Entry conditions"): what an event asks of a player to
register. They are checked wherever a player registers (the event page, the poster, the API, late entry at the
door; the waitlist holds only players who met them when they joined it). A refusal names the condition and the
player's own figure ("needs 10 rated games: you have 6"), in the reader's language. An organiser may admit an
exception for one player, with a reason, recorded with who and when."""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, NotAllowed
from ratings.selectors.leaderboards import standing_in_game
from tournaments.models import EntryException, Event, Membership, Player
from tournaments.selectors.permissions import is_organiser, stewarding_body
from tournaments.services.licences import licence_valid
from tournaments.validators import handle_key


@dataclass(frozen=True)
class Refusal:
    code: str
    message: str


@dataclass(frozen=True)
class QualificationCheck:
    """A season's final admits its qualifiers alone: the seasons app, above the core, knows who they are and
    registers this (tournaments/seasons/apps.py), as the ratings app lets the core register its stewards."""

    condition: Callable[[Event], str]  # the condition in words
    refusal: Callable[[Event, Player], Refusal | None]


_qualification: list[QualificationCheck] = []


def register_qualification_check(check: QualificationCheck) -> None:
    _qualification.append(check)


def has_entry_conditions(event: Event) -> bool:
    return bool(
        event.entry_rating_min is not None or event.entry_rating_max is not None or event.entry_peak_max is not None
        or event.entry_rated_games_min
        or event.entry_members_only or event.entry_invited or event.entry_licence_required
        or event.entry_qualified_only
    )  # fmt: skip


def entry_conditions(event: Event) -> list[str]:
    """The event's conditions in words, for its page and its poster."""
    conditions = []
    if event.entry_rating_min is not None:
        conditions.append(
            _("a rating of at least %(rating)s in this game") % {"rating": _shown(event.entry_rating_min)}
        )
    if event.entry_rating_max is not None:
        ceiling = _shown(event.entry_rating_max)
        conditions.append(_("a rating of at most %(rating)s in this game") % {"rating": ceiling})
    if event.entry_peak_max is not None:
        ceiling = _shown(event.entry_peak_max)
        conditions.append(_("a peak rating of at most %(rating)s in this game (the highest ever reached)") % {
            "rating": ceiling})  # fmt: skip
    if event.entry_rated_games_min:
        conditions.append(_("at least %(games)s rated games in this game") % {"games": event.entry_rated_games_min})
    if event.entry_members_only:
        conditions.append(_("membership of %(club)s") % {"club": event.organisation.name})
    if event.entry_invited:
        conditions.append(_("an invitation (a list of players the organisers chose)"))
    if event.entry_licence_required:
        federation = stewarding_body(game=event.game)
        name = federation.name if federation else "?"
        conditions.append(_("a licence of %(federation)s valid on the event's day") % {"federation": name})
    if event.entry_qualified_only:
        conditions += [check.condition(event) for check in _qualification]
    return conditions


def entry_refusal(*, event: Event, player: Player) -> Refusal | None:
    """The first condition the player does not meet, or None (no condition, all met, or an exception)."""
    if not has_entry_conditions(event) or EntryException.objects.filter(event=event, player=player).exists():
        return None
    return _rating_refusal(event, player) or _club_refusal(event, player) or _qualification_refusal(event, player)


def _qualification_refusal(event: Event, player: Player) -> Refusal | None:
    if not event.entry_qualified_only:
        return None
    return next(filter(None, (check.refusal(event, player) for check in _qualification)), None)


def _rating_refusal(event: Event, player: Player) -> Refusal | None:
    if (event.entry_rating_min is None and event.entry_rating_max is None and event.entry_peak_max is None
            and not event.entry_rated_games_min):  # fmt: skip
        return None
    standing = standing_in_game(game=event.game, user_id=player.user_id)
    rating, games = (standing.conservative, standing.games) if standing else (None, 0)
    refused = _band_refusal(event, rating) or _peak_refusal(event, standing.peak if standing else None)
    if refused is None and games < event.entry_rated_games_min:
        message = _("needs %(needed)s rated games in this game: you have %(games)s")
        return Refusal("entry_rated_games", message % {"needed": event.entry_rated_games_min, "games": games})
    return refused


def _band_refusal(event: Event, rating: float | None) -> Refusal | None:
    low, high = event.entry_rating_min, event.entry_rating_max
    if low is not None and (rating is None or rating < low):
        return Refusal("entry_rating_band", _needs_rating(_("needs a rating of at least %(needed)s"), low, rating))
    if high is not None and rating is not None and rating > high:
        return Refusal("entry_rating_band", _needs_rating(_("needs a rating of at most %(needed)s"), high, rating))
    return None


def _peak_refusal(event: Event, peak: float | None) -> Refusal | None:
    if event.entry_peak_max is not None and peak is not None and peak > event.entry_peak_max:
        template = _("needs a peak rating of at most %(needed)s: your highest was %(peak)s")
        return Refusal("entry_rating_peak", template % {"needed": _shown(event.entry_peak_max), "peak": _shown(peak)})
    return None


def _club_refusal(event: Event, player: Player) -> Refusal | None:
    if event.entry_members_only and not _is_member(event, player):
        message = _("open to the members of %(club)s only") % {"club": event.organisation.name}
        return Refusal("entry_members_only", message)
    if event.entry_invited and player.handle_key not in {handle_key(handle) for handle in event.entry_invited}:
        message = _("by invitation only: %(handle)s is not on the list") % {"handle": player.handle}
        return Refusal("entry_invitation", message)
    return _licence_refusal(event, player) if event.entry_licence_required else None


def _licence_refusal(event: Event, player: Player) -> Refusal | None:
    federation = stewarding_body(game=event.game)
    day = timezone.localdate(event.starts_at) if event.starts_at else timezone.localdate()
    if federation is not None and licence_valid(federation=federation, player=player, on=day):
        return None
    message = _("needs a licence of %(federation)s valid on %(day)s") % {
        "federation": federation.name if federation else "?",
        "day": date_format(day, "DATE_FORMAT"),
    }
    return Refusal("entry_licence", message)


def entry_check(*, event: Event, player: Player) -> None:
    """Refuse (409, naming the condition in `code` and the field `player`) a player the conditions keep out."""
    refusal = entry_refusal(event=event, player=player)
    if refusal is not None:
        raise Conflict(refusal.message, refusal.code, "player")


def entry_exception_admit(*, event: Event, player: Player, by: User, reason: str) -> EntryException:
    """An organiser admits one player whom the conditions would refuse; the reason is kept with who and when."""
    if not is_organiser(user=by, event=event):
        raise NotAllowed("only an organiser of this event admits an exception", "not_organiser", "event")
    reason = reason.strip()
    if not reason:
        raise DomainError("say why this player is admitted", "reason_required", "reason")
    with transaction.atomic():
        exception, _created = EntryException.objects.update_or_create(
            event=event, player=player, defaults={"reason": reason[:500], "admitted_by": by}
        )
    return exception


def _needs_rating(template: str, needed: float, rating: float | None) -> str:
    mine = _("you have %(rating)s") % {"rating": _shown(rating)} if rating is not None else _("you have no rating yet")
    return _("%(condition)s: %(mine)s") % {"condition": template % {"needed": _shown(needed)}, "mine": mine}


def _shown(rating: float) -> str:
    """A rating as the leaderboard shows it: one decimal, in the reader's language's numbers."""
    return number_format(round(rating, 1), decimal_pos=1)


def _is_member(event: Event, player: Player) -> bool:
    today = timezone.localdate()
    memberships = Membership.objects.filter(organisation=event.organisation_id, player=player, joined_on__lte=today)
    return memberships.exclude(left_on__lt=today).exists()
