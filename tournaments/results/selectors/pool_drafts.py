"""The drafts of a rating pool's tables, for the quality lab's draft-aware candidate (issue 69, item 6;
ratings/lab/candidate.py). The lab imports nothing of tournaments: this reader is registered with it when the
results app is ready (tournaments/results/apps.py)."""

from collections.abc import Sequence

import games
from games import card_stats
from tournaments.analysis.models import TableCardTally
from tournaments.models import Player, TableResult
from tournaments.results.sources import table_of_source, table_source
from tournaments.selectors.verification import DraftedTable, ResultToDraft, tables_drafted

Picks = dict[str, list[tuple[int, tuple[str, ...], int]]]


def pool_drafts_read(game: str, sources: Sequence[str], training: int) -> tuple[Picks, dict[str, float]] | None:
    """Each drafted table's picks, its players as the pool names them (their user ids), and each card's worth
    over the first `training` sources' tables: the mean points of the rounds it was drafted in, from the
    tallies the card statistics keep (so the tables the lab holds out never measure the worth they score).
    None for a game without a draft."""
    if game not in games.GAMES or games.GAMES[game].drafting is None:
        return None
    table_of = {source: table for source in sources if (table := table_of_source(source)) is not None}
    results = TableResult.objects.filter(table_id__in=table_of.values()).select_related("table__round__event")
    drafted = list(tables_drafted(results=[ResultToDraft.of(result) for result in results]))
    users = _users_of(drafted)
    picks = {table_source(table.result.table_id): _picks(table, users) for table in drafted
             if users.keys() >= set(table.players)}  # fmt: skip
    training_tables = [table_of[source] for source in sources[:training] if source in table_of]
    return picks, _worth(training_tables)


def _users_of(drafted: list[DraftedTable]) -> dict[str, int]:
    """The drafted tables' players' user ids (the pool names players by them), by handle."""
    handles = {handle for table in drafted for handle in table.players}
    return dict(Player.objects.filter(handle__in=handles, user__isnull=False).values_list("handle", "user_id"))


def _picks(table: DraftedTable, users: dict[str, int]) -> list[tuple[int, tuple[str, ...], int]]:
    """Every pick of the table: who, the hand offered, the index of the card taken (a hand of one is no
    choice and tells nothing)."""
    return [
        (users[table.players[seat]], pick.offered, pick.offered.index(pick.taken))
        for draft in table.drafts
        for seat, seat_picks in enumerate(draft.picks)
        for pick in seat_picks
        if len(pick.offered) > 1
    ]


def _worth(table_ids: list[int]) -> dict[str, float]:
    """Each card's mean points in the rounds it was drafted in, over these tables' kept tallies."""
    tally = card_stats.Tally()
    for stored in TableCardTally.objects.filter(table_id__in=table_ids).values_list("tally", flat=True):
        tally.add(card_stats.Tally.from_json(stored))
    counts = sorted({players for players, _card in tally.lines})
    cards = {card for _players, card in tally.lines if card != card_stats.ALL_SEATS}
    worth = {}
    for card in sorted(cards):
        figures = card_stats.figures(tally, card, counts)
        if figures.taken:
            worth[card] = sum(figures.points.values())
    return worth
