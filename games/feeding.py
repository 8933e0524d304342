"""Signals only a card-level engine can give a steward (docs/rules.md, "Hints for stewards"): hints, never
refusals. Pure: the rebuilt draft (games/rebuild.py) and the pick accuracy (games/pick_accuracy.py) in,
plain data out.

- Feeding: a pick that cost its seat points while the card that would have scored most went, in the very
  hand passed on, to the next seat, which took it at once. Once is a player's taste; the same neighbour fed
  again and again, at a cost, is what a steward should look at.
- Perfect picking: every pick the best the hand offered, round after round, is implausible for most
  players; compared with a player's own history it is a hint that the sheet was written after the fact.
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from games.pick_accuracy import RoundAccuracy
from games.rebuild import RoundDraft

FEEDING_PICKS = 3  # at least this many picks feeding the same neighbour ...
FEEDING_CHANCE = 0.01  # ... and less than this chance that it took those cards that often by its own choice
PERFECT_ROUNDS = 3  # every pick the best in this many rounds of one table makes a hint (with the history below)
PERFECT_HISTORY = 0.8  # ... unless the player's earlier tables were this accurate already


@dataclass(frozen=True)
class FedPick:
    """A costly pick whose best card went straight to the next seat."""

    round: int  # 1 to 4
    pick: int  # 1 to 6
    taken: str  # the card the feeder kept
    passed: str  # the best card, taken by the neighbour at its next pick
    cost: int  # the points the feeder's round lost by it


@dataclass(frozen=True)
class Feeding:
    """One seat's costly picks whose best card went to one neighbour: how often it took that card at once,
    and how likely that many is by chance (the neighbour picking a card of the hand at random)."""

    fed: list[FedPick]
    passed: int  # costly picks whose best card went on in the hand to this neighbour
    chance: float  # the probability of `len(fed)` or more by chance

    @property
    def suspicious(self) -> bool:
        return len(self.fed) >= FEEDING_PICKS and self.chance < FEEDING_CHANCE


def feeding(
    players: Sequence[str], drafts: Sequence[RoundDraft], accuracy: Sequence[Sequence[RoundAccuracy]]
) -> dict[tuple[str, str], Feeding]:
    """Per (feeder, neighbour) pair of one table, the feeder's costly picks whose best card the neighbour took
    at once from the hand passed to it (`accuracy`: per seat in the table's order, per round)."""
    fed: dict[tuple[str, str], list[FedPick]] = defaultdict(list)
    odds: dict[tuple[str, str], list[float]] = defaultdict(list)
    for seat, rounds in enumerate(accuracy):
        for accuracy_of_round in rounds:
            draft = drafts[accuracy_of_round.round - 1]
            for choice in accuracy_of_round.picks:
                passed_on = draft.picks[seat][choice.pick - 1].offered[1:]  # what the next seat gets
                if not choice.cost or choice.best_card not in passed_on:
                    continue
                other = _receiver(draft, seat, choice.pick, passed_on)
                if other is None:
                    continue
                pair = (players[seat], players[other])
                odds[pair].append(1 / len(passed_on))
                if draft.picks[other][choice.pick].taken == choice.best_card:
                    fed[pair].append(FedPick(accuracy_of_round.round, choice.pick, choice.taken, choice.best_card,
                                             choice.cost))  # fmt: skip
    return {pair: Feeding(fed.get(pair, []), len(p), _at_least(len(fed.get(pair, [])), p)) for pair, p in odds.items()}


def _receiver(draft: RoundDraft, seat: int, pick: int, passed_on: tuple[str, ...]) -> int | None:
    """The seat that picks next from the hand `seat` passed on after its pick `pick` (1-based)."""
    for other, picks in enumerate(draft.picks):
        if other != seat and pick < len(picks) and picks[pick].offered == passed_on:
            return other
    return None


def _at_least(count: int, chances: Sequence[float]) -> float:
    """The probability that at least `count` of independent events with these chances happen (Poisson
    binomial, computed exactly: a table has a few dozen picks)."""
    distribution = [1.0]
    for p in chances:
        distribution = [
            (distribution[k] if k < len(distribution) else 0.0) * (1 - p) + (distribution[k - 1] * p if k else 0.0)
            for k in range(len(distribution) + 1)
        ]
    return sum(distribution[count:])


def perfect_rounds(rounds: Sequence[RoundAccuracy]) -> int:
    """How many rounds had every pick the best (rounds with a choice only)."""
    return sum(1 for r in rounds if r.picks and r.best_picks == len(r.picks))
