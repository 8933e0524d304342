"""python manage.py rating_quality GAME: how well the game's ratings predicted its tables, computed now,
kept, and printed (docs/ratings.md, "How good are the ratings")."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ratings.lab.services import pool_quality_refresh
from ratings.models import RatingPool


class Command(BaseCommand):
    help = (
        "Replay a pool's tables, predicting each before rating it, and print how well the ratings predicted; fit "
        "the parameters on the earlier 80% and compare them, Elo and openskill on the later 20%."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", help="the id of a game with a rating pool (the command lists them when wrong)")

    def handle(self, *args: Any, **options: Any) -> None:
        pool = RatingPool.objects.filter(game=options["game"]).first()
        if pool is None:
            known = ", ".join(RatingPool.objects.values_list("game", flat=True)) or "none yet"
            raise CommandError(f"no rating pool for {options['game']!r} (pools: {known})")
        report = pool_quality_refresh(pool=pool)
        f = report.figures
        self.stdout.write(
            f"{pool.name}: {f['tables']} tables in {report.seconds:.1f} s\n"
            f"  log-likelihood a table  {f['log_likelihood']:.3f}"
            f" (knowing nothing: {f['uniform_log_likelihood']:.3f})\n"
            f"  winner predicted        {f['winner_accuracy']:.1%}\n"
            f"  top half predicted      {f['top_half_accuracy']:.1%}\n"
            f"  pair inversion          {f['pair_inversion']:.1%}\n"
            f"  rank deviation          {f['rank_deviation']:.1%}\n"
            f"  winner in top 3 rated   {f['top3_hit']:.1%}\n"
            "  calibration (predicted chance to win -> how often won):\n"
            + "".join(
                f"    {c['low']:.1f}-{c['high']:.1f}: {c['predicted']:.2f} -> {c['observed']:.2f} ({c['count']})\n"
                for c in f["calibration"]
            )
        )
        comparison = f.get("comparison")
        if comparison:
            self.stdout.write(
                f"  on the later {comparison['held_out_tables']} tables (knowing nothing: "
                f"{comparison['uniform_log_likelihood']:.3f}):\n"
                + "".join(
                    f"    {m['name']:<10} log-likelihood {m['log_likelihood']:.3f}, winner {m['winner_accuracy']:.1%},"
                    f" top 3 {m['top3_hit']:.1%}, pair inversion {m['pair_inversion']:.1%},"
                    f" rank deviation {m['rank_deviation']:.1%}, pairwise error {m['pairwise_error']:.3f}\n"
                    for m in comparison["models"]
                )
                + "  fitted: "
                + ", ".join(f"{k} {v:.4g}" for k, v in comparison["fitted"]["parameters"].items())
                + "\n"
            )
