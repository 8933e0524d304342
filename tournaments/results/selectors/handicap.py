"""Handicap standings for a club night (issue 69, item 4): beside the real standings, the players ranked by
how many places they finished above what their ratings expected, summed over the event's tables, so that a
newcomer who beats their expectation can win the night. The expectation comes from the ratings each player
came in with (ratings/selectors/handicap.py says how); the organiser chooses whether it is shown
(`Event.handicap_shown`)."""

from dataclasses import dataclass

from ratings.selectors.handicap import expected_places, pool_start, ratings_coming_in
from ratings.selectors.leaderboards import pool_of_game
from tournaments.models import Event, Player, TableResult
from tournaments.results.sources import table_source
from tournaments.verdicts import TableVerdict

HANDICAP_METHOD = (
    "Each table's expected places from the ratings each player came in with (TrueSkill's predictive model: "
    "1 plus each other player's chance to perform better), against the places reached, summed over the tables"
)


@dataclass(frozen=True)
class HandicapRow:
    player: str
    tables: int
    expected: float  # the places the ratings expected, summed over the tables
    reached: int  # the places reached, summed

    @property
    def beyond(self) -> float:
        """Places above expectation (positive: better than the ratings expected)."""
        return round(self.expected - self.reached, 2)


@dataclass(frozen=True)
class SeatExpectation:
    """One seat of a played table: the place its player's rating expected and the place reached.
    `ratings_differ`: the table's players came with different ratings (else every expectation is the middle
    place, which says nothing of them)."""

    table_id: int
    player: str
    expected: float
    reached: int
    ratings_differ: bool


def event_expectations(*, event: Event) -> list[SeatExpectation]:
    """Every seat of the event's counting tables with its expected place, table by table; tables won by
    forfeit and forfeited seats are left out (nobody played them)."""
    played = []
    for table_id, verdict in TableResult.objects.filter(
        table__round__event=event, status__in=TableResult.COUNTS
    ).values_list("table_id", "verdict"):
        read = TableVerdict.read(verdict)
        seats = [seat for seat in read.seats if not seat.forfeited]
        if not read.won_by_forfeit and len(seats) >= 2:
            played.append((table_id, seats))
    handles = {seat.player for _table, seats in played for seat in seats}
    user_of = dict(Player.objects.filter(handle__in=handles).values_list("handle", "user_id"))
    pool = pool_of_game(game=event.game)
    coming = (
        ratings_coming_in(pool=pool, player_ids=set(user_of.values()), sources=[table_source(t) for t, _s in played])
        if pool
        else {}
    )
    mu, sigma, beta = pool_start(pool)  # a player without a rating starts where the pool starts them
    lines = []
    for table_id, seats in sorted(played, key=lambda line: line[0]):
        priors = [coming.get(user_of.get(seat.player, 0), (mu, sigma)) for seat in seats]
        differ = len(set(priors)) > 1
        for seat, expected in zip(seats, expected_places(priors, beta), strict=True):
            lines.append(SeatExpectation(table_id, seat.player, expected, seat.rank, differ))
    return lines


def event_handicap(*, event: Event) -> list[tuple[int, HandicapRow]]:
    """The handicap standings, best first with their places (equal figures share one)."""
    totals: dict[str, list[float]] = {}
    for line in event_expectations(event=event):
        total = totals.setdefault(line.player, [0, 0.0, 0])
        total[0], total[1], total[2] = total[0] + 1, total[1] + line.expected, total[2] + line.reached
    rows = sorted(
        (HandicapRow(handle, int(t[0]), round(t[1], 2), int(t[2])) for handle, t in totals.items()),
        key=lambda row: (-row.beyond, row.player.casefold()),
    )
    ranked: list[tuple[int, HandicapRow]] = []
    place = 0
    for n, row in enumerate(rows, start=1):
        place = place if ranked and ranked[-1][1].beyond == row.beyond else n
        ranked.append((place, row))
    return ranked
