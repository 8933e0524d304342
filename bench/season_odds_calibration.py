"""How well a season's qualification odds keep their word (issue 69, item 2): many simulated seasons of a hidden
skill, the odds computed halfway from the players' TrueSkill ratings (`tournaments/seasons/odds.py`, as the
season page computes them), then the rest of each season played out by the hidden skill once. Prints the
reliability table (players given about a chance, how often they qualified), the Brier score of the odds, that
of the base rate (every player given slots / players) and that of the standings so far (the players in a
qualifying place given 1, the others 0), and the calibration.

Each event: every player enters, performs skill + N(0, noise^2); the event's places follow the performances;
its tables for the ratings are the entrants in random fours, ranked at their table by the same performances
(the ratings see tables, as the service's pools do). Skill ~ N(25, 4^2); `--noise` in units of TrueSkill's
beta (25/6): 1 is the model's own assumption, 2 a game with more luck than the model assumes.

    .venv/bin/python bench/season_odds_calibration.py [--seasons 200 --players 32 --events 8 --noise 1]
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.calibrate import calibration_ns
from ratings.lab.report import TrueSkillModel
from ratings.trueskill_step import Environment
from tournaments.seasons.odds import ComingEvent, season_odds
from tournaments.seasons.points import EventResult, qualifiers, season_standings

ENV = Environment(25.0, 25 / 3, 25 / 6, 25 / 300, 0.1)
BEST_OF, SLOTS, BINS = 4, 8, 10


def played_event(number: int, skill: dict[int, float], noise: float, rng: random.Random,
                 ratings: TrueSkillModel) -> EventResult:  # fmt: skip
    """One event by the hidden skill, its tables rated."""
    performance = {p: s + rng.gauss(0, noise) for p, s in skill.items()}
    order = sorted(skill, key=performance.__getitem__, reverse=True)
    seated = rng.sample(list(skill), k=len(skill))
    for start in range(0, len(seated) - 3, 4):
        table = seated[start : start + 4]
        ranked = sorted(table, key=performance.__getitem__, reverse=True)
        ratings.rate(table, [ranked.index(p) + 1 for p in table])
    return EventResult(number, 1, {f"p{p}": place for place, p in enumerate(order, start=1)})


def one_season(seed: int, players: int, events: int, noise: float) -> list[tuple[float, bool, bool]]:
    """(chance given halfway, whether they qualified, whether they stood in a qualifying place then) a player."""
    rng = random.Random(seed)
    skill = {p: rng.gauss(25, 4) for p in range(players)}
    ratings = TrueSkillModel(ENV)
    half = events // 2
    played = [played_event(n, skill, noise, rng, ratings) for n in range(half)]
    skills = {f"p{p}": ratings.state.get(p, (ENV.mu, ENV.sigma, 0))[:2] for p in skill}
    coming = [ComingEvent(n, 1, ()) for n in range(half, events)]
    odds = season_odds(played=played, coming=coming, skills=skills, default=(ENV.mu, ENV.sigma), beta=ENV.beta,
                       best_of=BEST_OF, table=None, slots=SLOTS, taken=set(), declined=set(), samples=200,
                       seed=seed)  # fmt: skip
    standing_now = set(qualifiers(season_standings(played, BEST_OF, None), SLOTS, set(), set()))
    finished = played + [played_event(n, skill, noise, rng, ratings) for n in range(half, events)]
    qualified = set(qualifiers(season_standings(finished, BEST_OF, None), SLOTS, set(), set()))
    return [(o.qualify, o.player in qualified, o.player in standing_now) for o in odds]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seasons", type=int, default=200)
    parser.add_argument("--players", type=int, default=32)
    parser.add_argument("--events", type=int, default=8)
    parser.add_argument("--noise", type=float, default=1.0, help="the performances' spread, in TrueSkill betas")
    args = parser.parse_args()
    started = time.perf_counter()
    seats = [row for season in range(args.seasons)
             for row in one_season(season, args.players, args.events, args.noise * ENV.beta)]  # fmt: skip
    seconds = time.perf_counter() - started
    base = SLOTS / args.players
    brier = sum((chance - won) ** 2 for chance, won, _now in seats) / len(seats)
    base_brier = sum((base - won) ** 2 for _chance, won, _now in seats) / len(seats)
    now_brier = sum((float(now) - won) ** 2 for _chance, won, now in seats) / len(seats)
    print(f"calibration: an empty call {calibration_ns():.1f} ns")
    print(f"{args.seasons} seasons of {args.players} players, {args.events} events (odds after {args.events // 2}), "
          f"best {BEST_OF}, {SLOTS} slots, noise {args.noise} beta: {seconds:.1f} s")  # fmt: skip
    print(f"Brier: odds {brier:.4f}; base rate {base_brier:.4f}; the standings so far {now_brier:.4f}")
    print("chance given   mean given   qualified   players")
    for low in range(BINS):
        inside = [(c, w) for c, w, _now in seats if min(int(c * BINS), BINS - 1) == low]
        if inside:
            given = sum(c for c, _w in inside) / len(inside)
            came = sum(w for _c, w in inside) / len(inside)
            print(f"  {low / BINS:.1f}-{(low + 1) / BINS:.1f}      {given:.3f}        {came:.3f}      {len(inside)}")


if __name__ == "__main__":
    main()
