"""Engine benchmark: tables verified per second in-process, and verify_sheet's wall time.

    .venv/bin/python bench/engine.py [--tables N]

Target (issue 3): a 4-player, 4-round table at >= 5,000 tables/s on one core; verify_sheet < 1 s.
"""

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from games.simulate import legal_sheet  # noqa: E402

CASES = [
    ("boomerang-australia", 4),
    ("boomerang-europe", 4),
    ("boomerang-usa", 4),
    ("boomerang-australia", 2),
    ("boomerang-hunt", 5),
    ("boomerang-flip", 2),
]


def tables_per_second(game_id: str, players: int, count: int) -> tuple[float, float]:
    """Return (sheet dict -> verdict, parsed seats -> verdict) throughput, best of 3 runs."""
    game = games.GAMES[game_id]
    edition = game.practice_edition() if game_id in ("boomerang-hunt", "boomerang-flip") else game.default_edition()
    rng = random.Random(42)
    sheets = [legal_sheet(game_id, players, rng, edition) for _ in range(200)]
    parsed = [games.parse_table(sheet)[1] for sheet in sheets]
    whole, engine_only = [], []
    for _ in range(3):
        start = time.perf_counter()
        for i in range(count):
            games.verify_table(sheets[i % len(sheets)], edition)
        whole.append(count / (time.perf_counter() - start))
        start = time.perf_counter()
        for i in range(count):
            game.verify(edition, parsed[i % len(parsed)])
        engine_only.append(count / (time.perf_counter() - start))
    return max(whole), max(engine_only)


def verify_sheet_seconds(runs: int = 7) -> float:
    sheet = legal_sheet("boomerang-australia", 4, random.Random(1))
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(sheet, handle)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "manage.py", "verify_sheet", handle.name], cwd=ROOT, capture_output=True, check=True
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def empty_call_nanoseconds() -> float:
    """This machine's speed on the plainest Python work, so runs on different machines can be compared."""
    import timeit

    def empty() -> None:
        pass

    return min(timeit.repeat(empty, number=1_000_000, repeat=5)) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=20_000)
    args = parser.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, one process")
    print(f"calibration: an empty Python function call takes {empty_call_nanoseconds():.0f} ns here")
    print(f"{'game':<22}{'players':>8}{'sheet->verdict/s':>18}{'engine only/s':>15}")
    for game_id, players in CASES:
        whole, engine_only = tables_per_second(game_id, players, args.tables)
        print(f"{game_id:<22}{players:>8}{whole:>18,.0f}{engine_only:>15,.0f}")
    print(f"verify_sheet wall time (median of 7 runs): {verify_sheet_seconds():.2f} s")


if __name__ == "__main__":
    main()
