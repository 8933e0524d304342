"""Par checked against duplicate deals (issue 69, item 3): does par, the service's estimate of what a seat's
hands were worth, agree with what the same hands actually scored at other tables?

    .venv/bin/python bench/par_duplicates.py [--deals 150] [--tables 6] [--seed 1]

Each deal of Boomerang: Australia (four players) is played at `--tables` tables, as a duplicate event deals
it; at each, four players of hidden skill draft it (the quality lab's ground-truth players: the better take
the card worth most more often, ratings/lab/ground_truth.py) and the engine scores it. For each seat of each
table: its par (games/par.py: what a reference drafter made of the hands that seat was offered) against the
mean points the same seat of the same deal made at the *other* tables. Printed: their correlation, par's
correlation with the seat's own points, and the deal's own signal (a seat's points against that mean: how much
the deal decides at all, the most par could find). Pure Python: no database. The figures are in
docs/ratings.md, "The luck ledger".
"""

import argparse
import random
import sys
import time
from pathlib import Path
from statistics import correlation, fmean

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.calibrate import calibration_ns
from games.deal import Deal, deal_hands
from games.drafting_sheet import parse_seat
from games.par import table_par
from games.rebuild import rebuild_table
from games.registry import GAMES
from games.simulate import drafting_sheet
from ratings.lab.ground_truth import GAME, _policy, card_values

PLAYERS = 4


def played_deal(deal: Deal, tables: int, values: dict[str, float], rng: random.Random) -> list[list[tuple[int, int]]]:
    """The deal played at `tables` tables by players of random skill: per table, each seat's (par, made)."""
    game = GAMES[GAME]
    assert game.drafting is not None
    deck = game.default_edition()
    seats_of_tables = []
    for _ in range(tables):
        skill = {seat: rng.random() for seat in range(PLAYERS)}
        pick = _policy(list(range(PLAYERS)), skill, values, rng, [])
        sheet = drafting_sheet(GAME, deck, PLAYERS, rng, claims=False, deal=deal, pick=pick)
        seats = [parse_seat(game.drafting, raw, f"seats[{i}]") for i, raw in enumerate(sheet["seats"])]
        pars = table_par(game.drafting, deck, seats, rebuild_table(game, sheet, deal.direction))
        seats_of_tables.append([(par.par, par.made) for par in pars])
    return seats_of_tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--tables", type=int, default=6, help="tables each deal is played at")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    values = card_values(random.Random(args.seed + 1))
    cards = [card.id for card in GAMES[GAME].default_edition().cards]
    started = time.perf_counter()
    pars, others, made = [], [], []
    for _ in range(args.deals):
        direction = "alternate" if rng.random() < 0.5 else "left"
        deal = Deal(direction, tuple(tuple(map(tuple, hands)) for hands in deal_hands(cards, PLAYERS, rng)))
        tables = played_deal(deal, args.tables, values, rng)
        for t, table in enumerate(tables):
            for seat, (par, points) in enumerate(table):
                pars.append(par)
                made.append(points)
                others.append(fmean(other[seat][1] for u, other in enumerate(tables) if u != t))
    seconds = time.perf_counter() - started
    r_others, r_made, r_deal = correlation(pars, others), correlation(pars, made), correlation(made, others)
    print(f"calibration {calibration_ns():.1f} ns; {args.deals} deals of {GAME} at {args.tables} tables each "
          f"({len(pars)} seats) in {seconds:.0f} s")  # fmt: skip
    print(f"par against the same seat's mean points at the deal's other tables: r = {r_others:.3f} "
          f"(par explains {r_others**2:.0%} of that mean's spread)")  # fmt: skip
    print(f"par against the seat's own points: r = {r_made:.3f}")
    print(f"the deal's own signal, a seat's points against the same seat's mean at the other tables: r = {r_deal:.3f}")
    print(f"mean par {fmean(pars):.1f}, mean points {fmean(made):.1f} (the reference drafter against these players)")


if __name__ == "__main__":
    main()
