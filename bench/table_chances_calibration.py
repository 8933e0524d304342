"""How well the chance to win shown at a table (the TV and the pad's header: TrueSkill's predictive
distribution, integrated exactly by ratings/selectors/chances.py `win_chances`) is calibrated (issue 69, item
1), on both of the lab's ground truths (ratings/lab/generators.py: `card_worth`, the lab's own, and `own_row`,
made independently of any model): every table replayed with TrueSkill, the later 20% predicted from the
ratings before them. Printed for each: the reliability table (players by predicted chance, in tenths: the mean
prediction and how often they won, a win shared by k tied players counting 1/k), the Brier score of the
chance to win against an equal chance's, and the same for the lab's Plackett-Luce reading of the same ratings.

    .venv/bin/python bench/table_chances_calibration.py [--players 48 --events 6 --rounds 3 --seeds 1 2]
"""

import argparse
import os
import sys
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from bench.calibrate import calibration_ns  # noqa: E402
from ratings.lab.generators import GENERATORS  # noqa: E402
from ratings.lab.report import TrueSkillModel  # noqa: E402
from ratings.lab.report import win_chances as plackett_luce  # noqa: E402
from ratings.selectors.chances import win_chances  # noqa: E402
from ratings.trueskill_step import Environment  # noqa: E402

DEFAULTS = Environment(25.0, 25 / 3, 25 / 6, 25 / 300, 0.1)
TENTHS = 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=48)
    parser.add_argument("--events", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--beta", type=float, default=DEFAULTS.beta, help="TrueSkill's beta (default 25/6)")
    args = parser.parse_args()
    env = Environment(DEFAULTS.mu, DEFAULTS.sigma, args.beta, DEFAULTS.tau, DEFAULTS.draw_probability)
    sizes = f"{args.players} players, {args.events} Swiss events of {args.rounds}"
    print(f"calibration {calibration_ns():.1f} ns; {sizes}; beta {args.beta:.2f}")
    for name, make in GENERATORS.items():
        for seed in args.seeds:
            tables = make(args.players, args.events, args.rounds, seed).tables
            report(name, seed, tables, env)


def report(name: str, seed: int, tables: list, env: Environment) -> None:
    model, held_out_from = TrueSkillModel(env), int(len(tables) * 0.8)
    bins = [[0.0, 0.0, 0] for _ in range(TENTHS)]
    brier = brier_pl = brier_floor = 0.0
    for index, table in enumerate(tables):
        if index >= held_out_from:
            chances = win_chances(model._priors(table.players), env.beta)
            won = _won(table.ranks)
            for chance, share in zip(chances, won, strict=True):
                row = bins[min(int(chance * TENTHS), TENTHS - 1)]
                row[0], row[1], row[2] = row[0] + chance, row[1] + share, row[2] + 1
            brier += sum((c - w) ** 2 for c, w in zip(chances, won, strict=True))
            brier_pl += sum(
                (c - w) ** 2 for c, w in zip(plackett_luce(model.strengths(table.players)), won, strict=True)
            )
            brier_floor += sum((1 / len(won) - w) ** 2 for w in won)
        model.rate(table.players, table.ranks)
    count = len(tables) - held_out_from
    print(f"\n== {name}, seed {seed}: {count} held-out tables of {len(tables)}")
    print(f"Brier of the chance to win: {brier / count:.4f} (Plackett-Luce reading {brier_pl / count:.4f}, "
          f"an equal chance {brier_floor / count:.4f})")  # fmt: skip
    print("predicted   mean  observed  players")
    for tenth, (predicted, observed, players) in enumerate(bins):
        if players:
            band = f"{tenth / TENTHS:.1f}-{(tenth + 1) / TENTHS:.1f}"
            print(f"{band}  {predicted / players:.3f}  {observed / players:.3f}  {players:7d}")


def _won(ranks: tuple[int, ...]) -> list[float]:
    first = [i for i, rank in enumerate(ranks) if rank == min(ranks)]
    return [1 / len(first) if i in first else 0.0 for i in range(len(ranks))]


if __name__ == "__main__":
    main()
