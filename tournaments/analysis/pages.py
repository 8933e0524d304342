"""The analysis app's page: the cards of a drafting edition, with their figures over the sanctioned tables."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

import games
from tournaments.analysis.selectors.statistics import CARD_SORTS, card_statistics_tables
from tournaments.analysis.selectors.statistics import card_statistics as card_statistics_rows
from tournaments.charts import Interval, interval_chart
from tournaments.text import game_name


def card_statistics(request: HttpRequest, game: str) -> HttpResponse:
    """The cards of a drafting edition (/games/<game>/cards/): a table sorted by a column, a chart of the
    win uplift; one player count or all."""
    players = request.GET.get("players")
    players_count = int(players) if players in ("2", "3", "4") else None
    sort = request.GET.get("sort", "mean_pick")
    sort = sort if sort in CARD_SORTS else "mean_pick"
    if game not in games.GAMES or games.GAMES[game].drafting is None:
        raise Http404
    rows = card_statistics_rows(game=game, players=players_count, sort=sort)
    shown = [row for row in rows if row.figures.uplift is not None]
    chart = interval_chart(
        [Interval(r.name, r.figures.uplift, r.figures.uplift_low, r.figures.uplift_high) for r in shown],  # type: ignore[arg-type]
        title=_("Win uplift of each card, with its 95%% interval") % {},  # %% : a format string to gettext
    )
    columns = [
        ("card", _("Card")), ("taken", _("Taken")), ("take_rate", _("Take rate")), ("mean_pick", _("Mean pick")),
        ("uplift", _("Win uplift [95%]")), ("seats", _("Sample")),
    ]  # fmt: skip
    context = {
        "game": game, "game_name": game_name(game), "rows": rows, "chart": chart, "columns": columns, "sort": sort,
        "players": players_count, "player_counts": (2, 3, 4), "tables": card_statistics_tables(game=game),
    }  # fmt: skip
    return render(request, "analysis/cards.html", context)
