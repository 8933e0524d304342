"""The cost of the input gate (config/unstorable.py) on the sheet POST's body: a legal four-seat drafting
table, as the score pad sends it, checked the way RefuseUnstorableInput checks every JSON body.

    .venv/bin/python bench/input_gate.py
"""

import json
import os
import random
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from config.unstorable import refuse_in_json  # noqa: E402
from games import GAMES  # noqa: E402
from games.simulate import legal_sheet  # noqa: E402

RUNS = 2000


def main() -> None:
    game = next(game.id for game in GAMES.values() if game.drafting is not None)
    table = legal_sheet(game, 4, random.Random(1))
    body = json.dumps({"seats": table["seats"]}).encode()
    parse = min(timeit.repeat(lambda: json.loads(body), number=RUNS, repeat=5)) / RUNS
    gate = min(timeit.repeat(lambda: refuse_in_json(body), number=RUNS, repeat=5)) / RUNS
    print(f"body {len(body)} bytes: json.loads {parse * 1e6:.1f} us, the whole gate {gate * 1e6:.1f} us a request")


if __name__ == "__main__":
    main()
