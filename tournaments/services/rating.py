"""Feed verified table results to the ratings app (tournaments -> ratings, never the reverse)."""

from games import GAMES
from ratings import services as ratings
from tournaments.models import Player, TableResult


def table_rate(*, table_id: int) -> None:
    """Rate the table if its result counts, unrate it if it no longer does; safe to run any number of times."""
    result = TableResult.objects.select_related("table__round__event").get(table_id=table_id)
    game, source = result.table.round.event.game, f"table:{table_id}"
    ratings.pool_get(game=game, name=GAMES[game].name)
    if result.status not in TableResult.COUNTS or not result.verdict or not result.verdict.get("seats"):
        ratings.match_remove(game=game, source=source)
        return
    seats = result.verdict["seats"]
    users = dict(Player.objects.filter(handle__in=[s["player"] for s in seats]).values_list("handle", "user_id"))
    placings = [{"player": users[s["player"]], "name": s["player"], "rank": s["rank"]} for s in seats]
    assert result.verified_at is not None
    ratings.match_record(game=game, source=source, order_at=result.verified_at, placings=placings)
