"""python manage.py demo_event [--game G] [--players N] [--seed S] [--rounds R]"""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

import games
from ratings.selectors.leaderboards import leaderboard, pool_of_game
from tournaments.demo.services import demo_event_run, finished_rounds, standings_lines, tables_in


class Command(BaseCommand):
    help = "Play a whole demo event through the public service paths and the API, then print the results."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--game", default="boomerang-australia", choices=list(games.GAMES),
            help="the game to play (default: %(default)s)",
        )  # fmt: skip
        parser.add_argument(
            "--players", type=int, default=12, help="players who register and check in (default: %(default)s)"
        )
        parser.add_argument(
            "--seed", type=int, default=1,
            help="seeds the seating and every simulated sheet; one seed replays one event (default: %(default)s)",
        )  # fmt: skip
        parser.add_argument("--rounds", type=int, default=3, help="rounds to play (default: %(default)s)")
        parser.add_argument(
            "--rated", action="store_true",
            help="rate the tables in the game's real pool (default: not rated; demo_clear removes demos)",
        )  # fmt: skip

    def handle(self, *args: Any, **options: Any) -> None:
        game, players, rounds = options["game"], options["players"], options["rounds"]
        if players < games.GAMES[game].player_counts[0] or not 1 <= rounds <= 10:
            raise CommandError(f"--players must be at least {games.GAMES[game].player_counts[0]}; --rounds 1 to 10")
        with tqdm(total=tables_in(game=game, players=players, rounds=rounds), desc="tables", unit="table") as bar:
            report = demo_event_run(
                game=game, players=players, seed=options["seed"], rounds=rounds, rated=options["rated"],
                progress=bar.update,
            )  # fmt: skip
        event = report.event
        self.stdout.write(f"\n{event.name}: {finished_rounds(event)} rounds, status {event.status}")
        for mistake in report.mistakes:
            self.stdout.write(f"  mistake caught: {mistake}")
        self.stdout.write(f"  {report.corrected} sheet(s) corrected after rejection\n")
        self.stdout.write("\n".join(standings_lines(event)))
        if not options["rated"]:
            self.stdout.write("\nNot rated: a demo stays out of the leaderboards (--rated to rate it).")
            return
        pool = pool_of_game(game=game)
        if pool is None:
            return
        self.stdout.write(f"\nLeaderboard, {pool.name} (top 10):")
        for rating in leaderboard(pool=pool)[:10]:
            self.stdout.write(
                f"  {rating.name:<18}{rating.conservative:8.2f}  (mu {rating.mu:.2f}, sigma {rating.sigma:.2f})"
            )
