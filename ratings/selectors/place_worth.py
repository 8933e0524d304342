"""What each place would have given at a rated table (issue 69, item 1): each player's change of conservative
rating (mu - 3 sigma) had they finished in each place, the others keeping their order, from the ratings they
came in with and the pool's parameters (the rating step itself, ratings/trueskill_chain.py). The place they
reached gives exactly the change they got (tested): a second place tonight is worth what this says."""

from dataclasses import dataclass

from ratings import trueskill_chain
from ratings.models import RatingChange, RatingPool


@dataclass(frozen=True)
class PlaceWorth:
    player_id: int
    rank: int | None
    change: float  # what the game did to their conservative rating
    by_place: list[float]  # what first, second, ... would have done


def place_worth(*, pool: RatingPool, source: str) -> list[PlaceWorth]:
    """Each rated player of the game `source` (`table:<id>`), in their finishing order."""
    rows = list(
        RatingChange.objects.filter(event__source=source, pool=pool)
        .order_by("rank", "player_id")
        .values_list("player_id", "rank", "mu_before", "sigma_before", "mu_after", "sigma_after")
    )
    if len(rows) < 2:
        return []
    env = pool.environment()
    priors = [(mu, sigma) for _p, _r, mu, sigma, _m, _s in rows]
    ranks = [rank or 0 for _p, rank, *_rest in rows]
    worth = []
    for seat, (player, rank, mu0, s0, mu1, s1) in enumerate(rows):
        by_place = []
        for place in range(1, len(rows) + 1):
            moved = _placed(ranks, seat, place)
            mu, sigma = trueskill_chain.rate(env, priors, moved)[seat]
            by_place.append(round((mu - 3 * sigma) - (mu0 - 3 * s0), 3))
        worth.append(PlaceWorth(player, rank, round((mu1 - 3 * s1) - (mu0 - 3 * s0), 3), by_place))
    return worth


def _placed(ranks: list[int], seat: int, place: int) -> list[int]:
    """The table's ranks with `seat` put in `place` and the others in their order around it (their ties kept);
    the place it reached: the ranks as they were, ties included."""
    if ranks[seat] == place:
        return list(ranks)
    others = sorted((rank, i) for i, rank in enumerate(ranks) if i != seat)
    moved = [0] * len(ranks)
    moved[seat] = place
    position, previous, previous_rank = 0, None, 0
    for rank, i in others:
        position += 1
        if position == place:
            position += 1
        if rank == previous:  # tied with the one before: the same place
            moved[i] = previous_rank
        else:
            moved[i], previous, previous_rank = position, rank, position
    return moved
