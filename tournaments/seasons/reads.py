"""What a season's page and a player's seasons read."""

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from config.paging import page_count
from tournaments.models import (
    Event,
    Player,
)
from tournaments.seasons.models import Season, SeasonEvent, SeasonStanding
from tournaments.seasons.points import SeasonRow
from tournaments.seasons.selectors import (
    PlayerOdds,
    player_season_rows,
    season_columns,
    season_coming,
    season_event_counts,
    season_odds_kept,
    season_places,
    season_qualified,
    season_scores,
)
from tournaments.text import points_text

SEASON_ROWS = 100  # players a page
SEASON_COLUMNS = 20  # events a page of columns: the matrix stays readable and bounded at any season's size
COMING_SHOWN = 20


@dataclass
class SeasonPage:
    season: Season
    lines: list[tuple[SeasonRow, SafeString]]  # this page's players, their cells one per column shown
    columns: list[Event]  # this page's columns: events that counted so far, in the order played
    coming: list[Event]  # the next events still to play (the first COMING_SHOWN)
    qualified: set[str]
    players: int  # in the standings
    page: int = 1  # of players
    pages: int = 1
    events_page: int = 1  # of columns
    events_pages: int = 1
    first_column: int = 0  # how many columns earlier pages hold
    more_coming: int = 0
    waiting: int = 0  # finished events waiting for a steward's sanction before they count

    @property
    def players_query(self) -> str:
        """What a link to another page of players keeps: this page of columns."""
        return f"events={self.events_page}&"

    @property
    def events_query(self) -> str:
        return f"page={self.page}&"


def season_page(*, season_id: int, page: int = 1, events_page: int = 1) -> SeasonPage:
    """One page of the season's stored standings (SEASON_ROWS players) by one page of its events
    (SEASON_COLUMNS columns), read as stored, not computed: bounded whatever the season's size."""
    season = get_object_or_404(Season.objects.select_related("organisation"), pk=season_id)
    counted, coming, waiting = season_event_counts(season=season)
    places = season_places(season=season)
    pages, events_pages = page_count(len(places), SEASON_ROWS), page_count(counted, SEASON_COLUMNS)
    page, events_page = min(page, pages), min(events_page, events_pages)
    first = (events_page - 1) * SEASON_COLUMNS
    columns = season_columns(season=season, first=first, size=SEASON_COLUMNS)
    first_row = (page - 1) * SEASON_ROWS
    shown = season_scores(season=season, rows=places[first_row : first_row + SEASON_ROWS],
                          events=[event.pk for event in columns])  # fmt: skip
    not_counted, texts = escape(_("not counted")), dict[Fraction | int, str]()
    column_of = {event.pk: i for i, event in enumerate(columns)}
    lines = [(row, _cells(row, column_of, texts, not_counted)) for row in shown]
    qualified = set(season_qualified(season=season, standings=places))
    return SeasonPage(season, lines, columns, season_coming(season=season, size=COMING_SHOWN), qualified,
                      len(places), page, pages, events_page, events_pages, first,
                      max(0, coming - COMING_SHOWN), waiting)  # fmt: skip


def _cells(row: SeasonRow, column_of: dict[int, int], texts: dict[Fraction | int, str], not_counted: str) -> SafeString:
    """The row's cells, one per column: its points there, struck through when they do not count. Built here
    rather than by the template (a hundred rows of forty columns cost the page more than all the rest), each
    distinct number written once a page (`texts`)."""
    cells = ['<td class="num"></td>'] * len(column_of)
    for i, (event, points) in enumerate(row.played):
        column = column_of.get(event)
        if column is None:
            continue
        text = texts.get(points)
        if text is None:  # digits, a sign, the language's decimal mark
            text = texts[points] = str(points) if isinstance(points, int) else points_text(points)
        counted = i in row.counted
        cells[column] = (
            f'<td class="num">{text}</td>' if counted else f'<td class="num"><s title="{not_counted}">{text}</s></td>'
        )
    return mark_safe("".join(cells))


@dataclass(frozen=True)
class PlayersSeason:
    """A season on a player's page: their row (place and points) where they have one, and while events are
    still to come their chances and what they need at the next (the season's kept odds: seasons/selectors.py)."""

    season: Season
    row: SeasonRow | None
    odds: PlayerOdds | None


def seasons_of(*, player: Player, limit: int = 5) -> list[PlayersSeason]:
    """The newest seasons the player stands in or has entered an event of still to be played. Read from their
    stored rows and their unfinished entries, not by joining every event they ever played: the same cost
    after 5 events or 500."""
    standing = SeasonStanding.objects.filter(player=player).values("season_id")
    unfinished = Event.objects.exclude(status__in=Event.machine.sources("show_results"))
    entered = SeasonEvent.objects.filter(event__in=unfinished.filter(registrations__player=player).values("pk")).values(
        "season_id"
    )
    older = SeasonEvent.objects.filter(  # seasons whose standings were never stored (computed when read)
        season__standings_at__isnull=True, event__registrations__player=player
    ).values("season_id")
    found = Season.objects.filter(Q(pk__in=standing) | Q(pk__in=entered) | Q(pk__in=older))
    newest = list(found.select_related("organisation").order_by("-starts_on", "-pk")[:limit])
    rows = player_season_rows(player=player, seasons_in=newest)
    return [PlayersSeason(season, rows.get(season.pk), _odds_of(player, season)) for season in newest]


def _odds_of(player: Player, season: Season) -> PlayerOdds | None:
    if not season_event_counts(season=season)[1]:  # nothing left to play: the standings say it all
        return None
    return next((line for line in season_odds_kept(season=season) if line.player == player.handle), None)
