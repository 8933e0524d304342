"""Seatings and deals anyone can verify (issue 70, item 1; docs/archive.md, "Checking the draw"). A pure
module (no Django): `manage.py verify_draw ARCHIVE` runs it on an archive with no database.

Before round 1 (when registration opens, else at the start) the event publishes a commitment to its draw:
the SHA-256 of its seating seed and its secret deal seed. The seating seed is public (round 1's random order
follows from it); the deal seed, 62 random bits, stays secret until the event is finished, so nobody can
compute the duplicate deals before they are dealt, and the organiser cannot change either without the
commitment showing it. After the event the deal seed is revealed: anyone recomputes the commitment and
round 1's seating (`seating.first_round`); the duplicate deals follow from the revealed seed too (an
archive's import verifies every table against the deal its seed gives)."""

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

import games
from tournaments import seating

COMMITMENT = "boomerang-draw-v1:{seed}:{deal_seed}"


def draw_commitment(*, seed: int, deal_seed: int) -> str:
    """The published commitment: 'sha256:' and the hex digest of COMMITMENT filled with both seeds."""
    text = COMMITMENT.format(seed=int(seed), deal_seed=int(deal_seed))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def round_one_drawn(*, game: str, seed: int, players: Sequence[str]) -> list[tuple[str, ...]]:
    """Round 1's tables as the seed seats these players (without pairs kept apart)."""
    plan = seating.first_round(sorted(players), games.GAMES[game].table_sizes_by_preference, seed, {})
    return [tuple(table) for table in plan.tables]


def draw_problems(archive: Mapping[str, Any]) -> list[str]:
    """What in the archive's draw does not hold: the commitment against the revealed seeds, and round 1's
    tables against the seating the seed gives. Empty: the draw is as committed."""
    event, draw = archive.get("event", {}), archive.get("draw") or {}
    problems = []
    committed = draw.get("commitment")
    if not committed:
        problems.append("the archive holds no commitment to its draw (an event from before 0.9.0)")
    elif committed != draw_commitment(seed=event["seed"], deal_seed=event["deal_seed"]):
        problems.append("the seeds do not give the commitment published before round 1: a seed was changed")
    rounds = [r for r in archive.get("rounds", []) if r.get("number") == 1]
    if rounds and not draw.get("kept_apart"):  # pairs kept apart are seated by another path: not checked
        seated = [tuple(s["player"] for s in sorted(t["seats"], key=lambda s: s["position"]))
                  for t in sorted(rounds[0]["tables"], key=lambda t: t["number"])]  # fmt: skip
        players = [player for table in seated for player in table] + list(rounds[0].get("byes", []))
        if seated != round_one_drawn(game=event["game"], seed=event["seed"], players=players):
            problems.append("round 1's tables are not the seating the seed gives (or a late arrival sat down)")
    return problems
