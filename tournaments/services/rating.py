"""Feed verified table results to the ratings app (tournaments -> ratings, never the reverse)."""

from games import GAMES
from ratings import services as ratings
from tournaments.models import Player, ScoreSheet, TableResult


def table_rate(*, table_id: int) -> None:
    """Rate the table if its result counts, unrate it if it no longer does; safe to run any number of times."""
    result = TableResult.objects.select_related("table__round__event").get(table_id=table_id)
    game, source = result.table.round.event.game, f"table:{table_id}"
    actor = _last_actor(result)
    if result.status not in TableResult.COUNTS or not result.verdict or not result.verdict.get("seats"):
        ratings.match_remove(game=game, source=source, actor=actor)
        return
    seats = result.verdict["seats"]
    users = dict(Player.objects.filter(handle__in=[s["player"] for s in seats]).values_list("handle", "user_id"))
    placings = [{"player": users[s["player"]], "name": s["player"], "rank": s["rank"]} for s in seats]
    assert result.verified_at is not None
    ratings.match_record(
        game=game,
        source=source,
        order_at=result.verified_at,
        placings=placings,
        actor=actor,
        pool_name=GAMES[game].name,
    )


def _last_actor(result: TableResult) -> str:
    """Who last changed the table's result: the organiser who accepted it, or who entered the newest sheet."""
    if result.status == TableResult.Status.OVERRIDDEN and result.override_by:
        return f"{result.override_by.get_username()} (override: {result.override_reason})"[:150]
    newest = (
        ScoreSheet.objects.filter(seat__table_id=result.table_id)
        .order_by("-entered_at", "-id")
        .values_list("entered_by__username", flat=True)
        .first()
    )
    return newest or ""
