"""Pages anyone can read: events, pairings, standings, leaderboards, players, a table."""

import dataclasses
from typing import Any
from urllib.parse import quote

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

import games
from config.page_cache import live_page, visitor_page
from config.paging import page_count, page_number
from ratings.lab.selectors import parameter_decisions
from ratings.selectors.leaderboards import (
    Cursor,
    is_provisional,
    leaderboard_page,
    player_ratings,
    pool_of_game,
    rank_and_size,
)
from ratings.selectors.lists import list_detail, list_ranks_of, list_version, lists_of, may_steward_pool, pool_version
from ratings.selectors.titles import player_titles, titles_by_player
from ratings.selectors.within import filtered_periods, leaderboard_within, player_filters
from tournaments.analysis.selectors.luck import LuckLine, events_luck
from tournaments.analysis.selectors.statistics import (
    GamePicks,
    player_pick_accuracy,
    table_luck,
    table_pick_accuracy,
)
from tournaments.charts import Band, Point, calibration_chart, line_chart
from tournaments.integrations.selectors import apps_allowed
from tournaments.live.selectors import stream_version
from tournaments.models import Event
from tournaments.pages import reads as pages
from tournaments.results.pages.sheet_view import seat_sheets
from tournaments.results.selectors.chances import WORTH_EXPLANATION, table_chances, table_place_worth
from tournaments.results.selectors.handicap import event_handicap
from tournaments.results.services.rating import pool_quality_now
from tournaments.results.sources import table_of_source
from tournaments.seasons.reads import seasons_of
from tournaments.selectors.events import (
    division_standings,
    event_list,
    event_standings,
    first_phase_standings,
    later_phase_begun,
    table_page,
)
from tournaments.selectors.permissions import is_organiser
from tournaments.selectors.players import demo_handles, head_to_head
from tournaments.selectors.teams import event_team_standings
from tournaments.standings import StandingRow, duplicate_ranking
from tournaments.text import game_name


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/home.html", {"groups": pages.events_by_status(), "games": games.GAMES.values()})


def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's page: for visitors a copy kept until the event changes (a championship's crowd costs one
    build a change, as the standings do); built for each signed-in person (their registration, their place)."""

    def build() -> HttpResponse:
        page = pages.event_page(event_id=event_id, user=request.user)
        context = {"page": page, "event": page.event, "game": games.GAMES[page.event.game]}
        return render(request, "pages/event.html", context)

    def version() -> Any:  # read for visitors only: a signed-in reader's page is built for them
        event = Event.objects.filter(pk=event_id).first()
        return pages.event_page_version(event=event) if event is not None else None

    return live_page(request, ("event", event_id), build, version)


def round_pairings(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    round_ = pages.round_with_tables(event_id=event_id, number=number)
    organiser = is_organiser(user=request.user, event=round_.event)
    context = {
        "event": round_.event, "round": round_, "by_player": pages.seats_alphabetical(round_), "organiser": organiser,
        "seats": pages.round_seats(round_) if organiser and round_.can.swap_seats else [],
        "swap_fields": ("seat_a", "seat_b"),
    }  # fmt: skip
    return render(request, "pages/round.html", context)


STANDINGS_PAGE = 100  # rows a page of an event's standings shows


def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's standings by pages of 100, the signed-in player's own place named above them."""
    event = get_object_or_404(event_list(with_organisers=False), pk=event_id)
    number = page_number(request.GET.get("page"))
    division = request.GET.get("division")
    division = division if division in {d["name"] for d in event.divisions} else None

    def build() -> HttpResponse:
        rows = division_standings(event=event, division=division) if division else event_standings(event=event)
        me = request.user.player.handle if request.user.is_authenticated and hasattr(request.user, "player") else None
        pages = page_count(len(rows), STANDINGS_PAGE)
        shown = rows[(min(number, pages) - 1) * STANDINGS_PAGE :][:STANDINGS_PAGE]
        mine = next((row for row in rows if row.handle == me), None)
        context = {"event": event, "rows": shown, "me": me, "mine": mine, "page": min(number, pages), "pages": pages,
                   "division": division, "keep": f"division={quote(division)}&" if division else "",
                   "teams": event_team_standings(event=event) if event.team_size else [],
                   "duplicate": duplicate_ranking(rows) if event.duplicate_deals else [],
                   "handicap": event_handicap(event=event) if event.handicap_shown else [],
                   "luck": _luck_of(event, shown),
                   "first_phase": _first_phase(event)}  # fmt: skip
        return render(request, "pages/standings.html", context)

    # A change (a result, the status, the organiser's handicap choice) makes the kept copy stale at once.
    version = (event.status, event.handicap_shown, stream_version(event_id=event.pk))
    return live_page(request, ("standings", event.pk, number, division or ""), build, version)


def _luck_of(event: Event, shown: list[StandingRow]) -> list[LuckLine]:
    """The luck ledger's lines of the players this page of the standings shows (drafting games only)."""
    if games.GAMES[event.game].drafting is None:
        return []
    handles = {row.handle for row in shown}
    return [line for line in events_luck(events=[event]) if line.player in handles]


def leaderboards(request: HttpRequest) -> HttpResponse:
    """The site's "Leaderboards" link: the first game's board, which links to the others."""
    return redirect("leaderboard", game=next(iter(games.GAMES)))


FILTERED_ROWS = 200  # a club's or a country's board shows its best 200


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    """A game's leaderboard. Unfiltered, a visitor reads a copy kept until the pool moves (issue 65: during a
    championship's round every rated table moved it, and each of hundreds of spectators built the page)."""
    if game not in games.GAMES:
        raise Http404(_("No such game."))
    pool = pool_of_game(game=game)
    filters = {name: request.GET[name].strip() for name in player_filters() if request.GET.get(name, "").strip()}
    if filters or pool is None:
        return _leaderboard(request, game, pool, filters)
    after = Cursor.decode(request.GET.get("after"))  # a malformed cursor is the first page: one copy, not one each
    key = ("leaderboard", game, request.GET.get("established") == "1", after.encode() if after else "")
    return live_page(request, key, lambda: _leaderboard(request, game, pool, filters),
                     lambda: pool_version(pool_id=pool.pk))  # fmt: skip


def _leaderboard(request: HttpRequest, game: str, pool: Any, filters: dict[str, str]) -> HttpResponse:
    established = request.GET.get("established") == "1"
    after = Cursor.decode(request.GET.get("after"))
    page = None
    if filters and pool:  # a club's members (as members) or a country's players: one list, best first
        rows = _filtered_rows(pool, filters, established)
    else:
        page = leaderboard_page(pool=pool, established_only=established, after=after) if pool else None
        rows = [(place, rating, is_provisional(rating)) for place, rating in page.rows] if page else []
    context = {
        "game": games.GAMES[game], "games": games.GAMES.values(), "rows": rows, "established": established,
        "next": page.next.encode() if page and page.next else None, "first_page": after is None,
        "club": filters.get("club", ""), "country": filters.get("country", ""),
        "lists": lists_of(pool=pool)[:12] if pool else [],
        "demo": demo_handles(handles=[rating.name for _place, rating, _p in rows]),
        "may_publish": may_steward_pool(user=request.user, game=game),
    }  # fmt: skip
    return render(request, "pages/leaderboard.html", context)


def _filtered_rows(pool: Any, filters: dict[str, str], established: bool) -> list[tuple[int, Any, bool]]:
    within = leaderboard_within(pool=pool, periods=filtered_periods(filters))
    chosen = [r for r in within if not (established and is_provisional(r))][:FILTERED_ROWS]
    return [(place, rating, is_provisional(rating)) for place, rating in enumerate(chosen, start=1)]


def quality(request: HttpRequest, game: str) -> HttpResponse:
    """How well the game's ratings predicted its tables (docs/ratings.md): the pool's newest report."""
    if game not in games.GAMES:
        raise Http404(_("No such game."))
    pool = pool_of_game(game=game)
    report = pool_quality_now(pool=pool) if pool else None
    figures = report.figures if report else {}
    bands = [Band(c["predicted"], c["observed"], c["count"]) for c in figures.get("calibration", [])]
    context = {
        "game": games.GAMES[game], "report": report, "figures": figures,
        "chart": calibration_chart(bands, title=_("Predicted chance to win, and how often it came true")),
        "drift": [row for row in figures.get("drift", []) if row[1] is not None][-24:],
        "comparison": _comparison(figures.get("comparison"), pool),
        "candidate": _candidate(figures.get("candidate")),
        "decisions": parameter_decisions(pool=pool) if pool else [],
        "may_adopt": may_steward_pool(user=request.user, game=game),
    }  # fmt: skip
    return render(request, "pages/quality.html", context)


def _comparison(comparison: dict[str, Any] | None, pool: Any) -> dict[str, Any] | None:
    """The report's comparison with each model named in the reader's language, whether the fit is better, and
    whether the pool's parameters changed since (adopted: the next report compares the new ones)."""
    if not comparison:
        return None
    labels = {
        "current": _("This pool's parameters"), "fitted": _("Parameters fitted to this pool"),
        "elo": _("Elo (K 32)"), "openskill": _("openskill (Plackett-Luce)"),
    }  # fmt: skip
    models = [{**model, "label": labels[model["name"]]} for model in comparison["models"]]
    scored = {model["name"]: model["log_likelihood"] for model in models}
    current = next(model["parameters"] for model in models if model["name"] == "current")
    fitted = comparison["fitted"]["parameters"]
    parameters = [(name, current[name], fitted[name]) for name in ("sigma", "beta", "tau", "draw_probability")]
    better = scored["fitted"] > scored["current"]
    outdated = current != dataclasses.asdict(pool.environment())
    return {**comparison, "models": models, "parameters": parameters, "fit_better": better, "outdated": outdated}


def _candidate(candidate: dict[str, Any] | None) -> dict[str, Any] | None:
    """The draft-aware candidate's figures with each model named in the reader's language."""
    if not candidate:
        return None
    labels = {
        "trueskill": _("TrueSkill, as this pool rates"), "trueskill_scaled": _("TrueSkill at its best scale"),
        "trueskill_choice": _("TrueSkill plus the pick skill (the candidate)"),
    }  # fmt: skip
    return {**candidate, "models": [{**candidate["models"][name], "label": label} for name, label in labels.items()]}


def _first_phase(event: Event) -> list[StandingRow]:
    """A cut event's first phase, shown below its standings once the later phase has begun."""
    return first_phase_standings(event=event) if later_phase_begun(event=event) else []


RECENT_EVENTS, ALL_EVENTS = 20, 1000  # a player's page lists their last 20 events; `?events=all` every one


def player_profile(request: HttpRequest, handle: str) -> HttpResponse:
    player = pages.player_by_handle(handle=handle)
    if player.claimed_by is not None:  # a claimed guest: its history is its claimer's now
        return redirect("player", handle=player.claimed_by.handle)
    everything = request.GET.get("events") == "all"
    pools = []
    games_by_pool: dict[int, int] = {}
    rated = player_ratings(player_id=player.user_id)
    ratings = [rating for rating, _history, _peak in rated]
    for rating, history, peak in rated:
        games_by_pool[rating.pool_id] = rating.games
        points = [Point(when.date().isoformat(), conservative) for when, conservative in history]
        chart = line_chart(points, title=_("%(game)s rating after each game") % {"game": game_name(rating.pool.game)})
        place, of = rank_and_size(rating=rating)
        pools.append({
            "rating": rating, "provisional": is_provisional(rating), "chart": chart, "place": place, "of": of,
            "peak": peak, "peak_table": table_of_source(peak.source) if peak else None,
        })  # fmt: skip
    own = request.user.is_authenticated and request.user.pk == player.user_id
    titled = any(rating.pool.titled for rating in ratings)  # no query for a player of untitled pools
    context = {
        "player": player, "pools": pools, "all_events": everything,
        "titles": player_titles(user_id=player.user_id) if titled else [],
        "apps": apps_allowed(user=player.user) if own else [],
        "licences": list(player.licences.select_related("federation", "club").order_by("-valid_until")[:10]),
        "events": pages.events_played(player=player, limit=ALL_EVENTS if everything else RECENT_EVENTS),
        "games": pages.rated_games(player=player, games_by_pool=games_by_pool),
        "list_ranks": list_ranks_of(player_id=player.user_id)[:12],
        "seasons": seasons_of(player=player),
        "pick_accuracy": [
            {"summary": line, "chart": _pick_chart(line)} for line in player_pick_accuracy(player=player)
        ],
    }  # fmt: skip
    return render(request, "pages/player.html", context)


def head_to_head_page(request: HttpRequest, handle: str, other: str) -> HttpResponse:
    """Two players' shared tables and who finished ahead, by game."""
    first, second = pages.player_by_handle(handle=handle), pages.player_by_handle(handle=other)
    games, tables = head_to_head(first=first, second=second)
    return render(request, "pages/head_to_head.html", {"first": first, "second": second, "games": games,
                                                        "tables": tables[:200]})  # fmt: skip


def _pick_chart(line: GamePicks) -> SafeString:
    """The share of best picks event by event (in %), over the events the selector gives (the last 20)."""
    points = [
        Point(f"{event.when.isoformat() if event.when else ''} {event.name}", 100 * event.best_picks / event.choices)
        for event in line.events
        if event.choices
    ]
    title = _("%(game)s: best picks event by event (%%)") % {"game": game_name(line.game)}
    return line_chart(points, title=title) if len(points) > 1 else SafeString("")


DRAFTED_GAMES = frozenset(game.id for game in games.GAMES.values() if game.drafting)


def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_page(table_id=table_id)
    organiser = is_organiser(user=request.user, event=table.round.event)
    seated = any(seat.player.user_id == request.user.pk for seat in table.seats.all())
    picks = table_pick_accuracy(table=table)
    context = {
        "table": table, "event": table.round.event, "organiser": organiser, "can_keep_pad": organiser or seated,
        "my_seat": seated and table.round.event.game in DRAFTED_GAMES,
        "sheets": seat_sheets(table.result.table_verdict),  # every table has its result row from its seating
        "rating_changes": pages.table_rating_changes(table=table),
        "picks": picks,
        "luck": table_luck(picks),
        "chances": [] if table.result.table_verdict.seats else table_chances(table=table),  # before its verdict
        "worth": table_place_worth(table=table) if table.result.table_verdict.seats else [],  # once rated
        "worth_explanation": WORTH_EXPLANATION,
    }  # fmt: skip
    return render(request, "pages/table.html", context)


def rating_list(request: HttpRequest, list_id: int) -> HttpResponse:
    """An official rating list as it was published, and how many ratings moved since."""
    number = page_number(request.GET.get("page"))

    def build() -> HttpResponse:
        page = list_detail(list_id=list_id, page=number)
        if page is None:
            raise Http404(_("No such list."))
        titles = {}
        if page.rating_list.pool.titled:  # the titles held when the list was published, beside each name
            titles = titles_by_player(game=page.rating_list.pool.game, user_ids=[e.player_id for e in page.entries],
                                      before=page.rating_list.published_at)  # fmt: skip
        entries = [(entry, titles.get(entry.player_id, [])) for entry in page.entries]
        return render(request, "pages/rating_list.html", {"page": page, "rating_list": page.rating_list,
                                                          "entries": entries})  # fmt: skip

    return visitor_page(request, ("list", list_id, list_version(list_id=list_id), number), build)
