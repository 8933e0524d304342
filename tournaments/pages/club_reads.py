"""What the club and steward pages read: a club's events, staff, players and their leaderboard per game, and
the steward's queue with the signals that help judge an event (docs/rules.md, "Sanctions")."""

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils import timezone

import games
from config.paging import page_count
from ratings.selectors.leaderboards import pools_of_games
from ratings.selectors.within import leaderboards_within
from tournaments.models import (
    Event,
    JoinRequest,
    Membership,
    Organisation,
    Player,
    Staff,
)
from tournaments.seasons.models import Season
from tournaments.selectors.permissions import stewarded_games
from tournaments.selectors.players import club_member_periods

Board = list[tuple[str, float, int]]  # (handle, conservative rating, games)


@dataclass
class ClubPage:
    organisation: Organisation
    staff: list[Staff]
    coming: list[Event]  # the next CLUB_COMING
    past: list[Event]  # the last RECENT_PAST finished events, or one page of PAST_PAGE of them when asked
    more_past: bool  # finished events left out
    members: list[Membership]  # the first CLUB_MEMBERS by handle
    seasons: list[Season]  # the newest CLUB_SEASONS
    leaderboards: dict[str, Board]  # by game
    is_staff: bool
    is_owner: bool
    members_count: int = 0
    join_requests: list[JoinRequest] = field(default_factory=list)  # waiting, for the staff to decide
    can_ask_to_join: bool = False  # a signed-in player, neither a member nor waiting
    asked_to_join: bool = False
    past_page: int = 0  # 0: the recent ones; else this page of every past event
    past_pages: int = 1
    corrections_trust: list[tuple[str, bool]] = field(default_factory=list)  # (game, trusted) for a steward
    member_clubs: list[Organisation] = field(default_factory=list)  # a federation's
    federations: list[Organisation] = field(default_factory=list)  # the ones an owner may choose from


RECENT_PAST = 20  # a club's page lists its last 20 finished events; `?events=1` (2, ...) pages through them all
PAST_PAGE = 100
CLUB_COMING, CLUB_MEMBERS, CLUB_SEASONS = 50, 500, 50  # every list of the page is bounded


def club_page(*, slug: str, user: User | AnonymousUser, past_page: int = 0) -> ClubPage:
    """The club's page: the events to come, its last finished ones (or a page of all of them), seasons, its
    members' leaderboards and its members, each list bounded. The same cost after 5 events or 500
    (bench/pages.py club)."""
    organisation = get_object_or_404(Organisation.objects.select_related("federation"), slug=slug)
    finished = Event.machine.sources("show_results")
    by_date = organisation.events.order_by("-starts_at", "-created_at")
    past_events = by_date.filter(status__in=finished)
    if past_page:
        past_pages = page_count(past_events.count(), PAST_PAGE)
        past_page = min(past_page, past_pages)
        past = list(past_events[(past_page - 1) * PAST_PAGE : past_page * PAST_PAGE])
        more_past = False
    else:
        past_pages = 1
        past = list(past_events[: RECENT_PAST + 1])  # one more: are there more?
        more_past = len(past) > RECENT_PAST
        past = past[:RECENT_PAST]
    staff = list(organisation.staff.select_related("user__player").order_by("role", "id"))
    current = organisation.memberships.filter(left_on=None)
    members = list(current.select_related("player").order_by("player__handle")[:CLUB_MEMBERS])
    coming = by_date.exclude(status__in=finished)
    if not _staff(staff, user):
        coming = coming.exclude(status=Event.Status.DRAFT)
    return ClubPage(
        organisation=organisation,
        staff=staff,
        coming=list(coming[:CLUB_COMING]),
        past=past,
        more_past=more_past,
        members=members,
        seasons=list(organisation.seasons.order_by("-starts_on")[:CLUB_SEASONS]),
        members_count=len(members) if len(members) < CLUB_MEMBERS else current.count(),
        past_page=past_page,
        past_pages=past_pages,
        **_joining(organisation, user, staff, current),
        leaderboards=_club_leaderboards(organisation),
        is_staff=_staff(staff, user),
        is_owner=any(s.user_id == user.pk and s.role == Staff.Role.OWNER for s in staff),
        corrections_trust=[
            (game, game in organisation.corrections_trusted_games) for game in stewarded_games(user=user)
        ],
        **_federation_of(organisation, owner=any(s.user_id == user.pk and s.role == Staff.Role.OWNER for s in staff)),
    )


CLUB_MEMBER_CLUBS = 500


def _federation_of(organisation: Organisation, *, owner: bool) -> dict[str, Any]:
    """A federation's member clubs; for a club's owners, the federations it may belong to."""
    clubs = list(organisation.member_clubs.order_by("name")[:CLUB_MEMBER_CLUBS])
    federations = Organisation.objects.filter(kind=Organisation.Kind.FEDERATION).exclude(pk=organisation.pk)
    return {"member_clubs": clubs, "federations": list(federations.order_by("name")[:100]) if owner else []}


def _joining(
    organisation: Organisation, user: User | AnonymousUser, staff: list[Staff], current: Any
) -> dict[str, Any]:
    """The join requests waiting (for the staff) and whether this visitor may ask, or asked already."""
    waiting = organisation.join_requests.filter(status=JoinRequest.Status.PENDING)
    requests = list(waiting.select_related("player")[:CLUB_MEMBERS]) if _staff(staff, user) else []
    player = Player.objects.filter(user_id=user.pk).first() if user.is_authenticated else None
    if player is None or player.guest:
        return {"join_requests": requests}
    asked = waiting.filter(player=player).exists()
    member = current.filter(player=player).exists()
    return {"join_requests": requests, "asked_to_join": asked, "can_ask_to_join": not (asked or member)}


def _staff(staff: list[Staff], user: User | AnonymousUser) -> bool:
    return bool(user.is_authenticated and any(s.user_id == user.pk for s in staff))


def _club_leaderboards(organisation: Organisation, top: int = 10) -> dict[str, Board]:
    """Per game, its members' ratings counting the tables each played as a member, best first (one query
    for every game's board)."""
    periods = club_member_periods(organisation.slug)
    pools = pools_of_games(games=games.GAMES) if periods else []
    boards = leaderboards_within(pools=pools, periods=periods)
    return {
        pool.game: [(r.name, r.conservative, r.games) for r in boards[pool.pk][:top]]
        for pool in sorted(pools, key=lambda pool: list(games.GAMES).index(pool.game))
        if boards[pool.pk]
    }


@dataclass
class ClubListed:
    club: Organisation
    next_event: Event | None


@dataclass
class ClubDirectory:
    clubs: list[ClubListed]
    query: str
    page: int
    pages: int
    count: int

    @property
    def keep(self) -> str:
        """The search, kept by the pager's links."""
        return f"{urlencode({'q': self.query})}&" if self.query else ""


CLUBS_A_PAGE = 50


def club_directory(*, query: str, page: int) -> ClubDirectory:
    """Clubs, leagues and federations by name (a name or address containing `query`), each with its next
    event open to players (by date); a page of CLUBS_A_PAGE, in three queries whatever their number."""
    query = " ".join(query.split())[:100]
    found = Organisation.objects.order_by("name", "slug")
    if query:
        found = found.filter(Q(name__icontains=query) | Q(slug__icontains=query))
    count = found.count()
    pages = page_count(count, CLUBS_A_PAGE)
    page = min(page, pages)
    clubs = list(found[(page - 1) * CLUBS_A_PAGE : page * CLUBS_A_PAGE])
    coming = Event.objects.filter(
        organisation__in=clubs, status__in=NEXT_EVENT_STATUSES, starts_at__gte=timezone.now()
    ).order_by("organisation_id", "starts_at", "pk")
    first: dict[int, Event] = {}
    for event in coming:  # a page's clubs' coming events: a few each
        first.setdefault(event.organisation_id, event)
    listed = [ClubListed(club, first.get(club.pk)) for club in clubs]
    return ClubDirectory(clubs=listed, query=query, page=page, pages=pages, count=count)


NEXT_EVENT_STATUSES = (Event.Status.REGISTRATION, Event.Status.RUNNING)
