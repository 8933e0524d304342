"""Ground truth for the quality lab (issue 46, item 2; docs/ratings.md, "Ground truth"): simulated players
with a hidden skill play Swiss events of a drafting edition (the registry's first), card by card, scored by
the rules engine; the ratings are then compared with the skill they never saw. Pure: no Django.

A player of skill s in [0, 1] takes, at each pick, the card of the hand that scores the most with
probability s, else a card at random. A card's score is what the rules engine says it is worth: the mean
points of a round whose row holds it, over tables drafted at random (`card_values`). An event is a Swiss:
round 1 seats the players at random, later rounds in order of the event's points (3, 2, 1, 0 for the places
of a four-player table) four by four. The tables are the same whatever the ratings, so every set of
parameters replays the same tables.

With `with_par`, each table is also ranked by performance (points minus par, games/par.py: what the hands the
seat was offered were worth to a reference drafter): the evidence a draft-aware rating observes (issue 58,
item 3; docs/ratings.md, "A rating that learns from the draft"). Every pick is kept (the hand offered and the
card taken) with the card statistics of other tables drafted at random: what a choice model observes
(ratings/lab/choice.py). The statistics are measured on tables of their own, so the model never sees the
worth the simulated players pick by.
"""

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from statistics import fmean
from typing import Any

from games.deal import Deal, deal_hands
from games.drafting_sheet import parse_seat
from games.par import table_par
from games.rebuild import rebuild_table
from games.registry import GAMES, verify_table
from games.simulate import drafting_sheet
from ratings.lab.choice import SCALES, WEIGHTS, ChoiceModel, Pick, TablePicks, TrueSkillWithPicks, fitted_scale
from ratings.lab.fit import EloModel, OpenSkillModel
from ratings.lab.report import Model, Scores, Table, TrueSkillModel, held_out
from ratings.trueskill_step import Environment

GAME = next(game.id for game in GAMES.values() if game.drafting)
EVENT_POINTS = (3, 2, 1, 0)  # for first to fourth at a table of four
CHECKPOINTS = (5, 10, 20)


@dataclass(frozen=True)
class Played:
    skill: dict[int, float]  # the hidden skill of each player
    tables: list[Table]
    events_end: list[int]  # how many tables were played by the end of each event
    par_tables: list[Table] = field(default_factory=list)  # the same tables ranked by performance (`with_par`)
    picks: list[TablePicks] = field(default_factory=list)  # each table's picks, in the tables' order
    statistics: dict[str, float] = field(default_factory=dict)  # each card's worth, from tables of their own


def card_values(rng: random.Random, tables: int = 150) -> dict[str, float]:
    """Each card's worth: the mean points of the rounds whose row held it, over tables drafted at random."""
    deck = GAMES[GAME].default_edition()
    points: dict[str, list[int]] = {card.id: [] for card in deck.cards}
    for _ in range(tables):
        sheet = drafting_sheet(GAME, deck, 4, rng, claims=False)
        verdict = verify_table(sheet)
        for seat, result in zip(sheet["seats"], verdict.seats, strict=True):
            for played, scores in zip(seat["rounds"], result.rounds or (), strict=True):
                for card in played["cards"]:
                    points[card].append(sum(scores.values()))
    return {card: fmean(scored) if scored else 0.0 for card, scored in points.items()}


def swiss_events(players: int, events: int, rounds: int, seed: int, with_par: bool = False) -> Played:
    """`events` Swiss events of `rounds` rounds for `players` players (a multiple of four); `with_par`: each
    table also ranked by its seats' performance against par (a slower run: par costs some 20 ms a table)."""
    assert players % 4 == 0, "tables of four only"
    rng = random.Random(seed)
    values = card_values(random.Random(seed + 1))
    skill = {p: rng.random() for p in range(players)}
    deck = GAMES[GAME].default_edition()

    def play(seated: list[int], taken: list[Pick]) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        if with_par:
            return _play_with_par(seated, skill, values, deck, rng, taken)
        return _play(seated, skill, values, deck, rng, taken), None

    tables, events_end, par_tables, picks = swiss_schedule(players, events, rounds, rng, play)
    return Played(skill, tables, events_end, par_tables, picks, card_values(random.Random(seed + 2)))


PlayTable = Callable[[list[int], list[Pick]], tuple[tuple[int, ...], tuple[int, ...] | None]]


def swiss_schedule(
    players: int, events: int, rounds: int, rng: random.Random, play: PlayTable
) -> tuple[list[Table], list[int], list[Table], list[TablePicks]]:
    """Weekly Swiss events (tables of four seated by event points, the first round at random), each table
    played by `play` (its ranks by points, and by performance against par or None; its picks kept in the list
    it is given). Returns the tables, where each event ends, the tables ranked by performance and the picks;
    both generators schedule their events here."""
    tables: list[Table] = []
    par_tables: list[Table] = []
    picks: list[TablePicks] = []
    events_end = []
    at = datetime(2025, 1, 4, 14, tzinfo=UTC)
    for event in range(events):
        points = dict.fromkeys(range(players), 0)
        for round_ in range(rounds):
            order = list(range(players))
            rng.shuffle(order)
            if round_:
                order.sort(key=lambda p: -points[p])
            for first in range(0, players, 4):
                seated = order[first : first + 4]
                when = at + timedelta(days=7 * event, hours=round_)
                taken: list[Pick] = []
                ranks, performance = play(seated, taken)
                picks.append(tuple(taken))
                for player, rank in zip(seated, ranks, strict=True):
                    points[player] += EVENT_POINTS[rank - 1]
                tables.append(Table(when, tuple(seated), ranks))
                if performance is not None:
                    par_tables.append(Table(when, tuple(seated), performance))
        events_end.append(len(tables))
    return tables, events_end, par_tables, picks


def _policy(
    seated: Sequence[int], skill: Mapping[int, float], values: Mapping[str, float], rng: random.Random,
    taken: list[Pick],
) -> Callable[[int, Sequence[str]], int]:  # fmt: skip
    """A seat's pick as its player's skill makes it, kept in `taken`."""

    def pick(seat: int, hand: Sequence[str]) -> int:
        if rng.random() < skill[seated[seat]]:
            index = max(range(len(hand)), key=lambda i: values[hand[i]])
        else:
            index = rng.randrange(len(hand))
        taken.append(Pick(seated[seat], tuple(hand), index))
        return index

    return pick


def _play(
    seated: Sequence[int], skill: Mapping[int, float], values: Mapping[str, float], deck: object, rng: random.Random,
    taken: list[Pick],
) -> tuple[int, ...]:  # fmt: skip
    """One table drafted by the players' policy and scored by the engine: each seat's rank (1 the best)."""
    pick = _policy(seated, skill, values, rng, taken)
    sheet = drafting_sheet(GAME, deck, len(seated), rng, claims=False, pick=pick)  # type: ignore[arg-type]
    return tuple(result.rank for result in verify_table(sheet).seats)


def _play_with_par(
    seated: Sequence[int], skill: Mapping[int, float], values: Mapping[str, float], deck: Any, rng: random.Random,
    taken: list[Pick],
) -> tuple[tuple[int, ...], tuple[int, ...]]:  # fmt: skip
    """As `_play`, dealt here so the passing is known, with each seat's rank by performance (points minus
    par; equal performances share a rank)."""
    direction = "alternate" if rng.random() < 0.5 else "left"
    deal = Deal(direction, tuple(tuple(map(tuple, hands)) for hands in deal_hands([c.id for c in deck.cards],
                                                                                   len(seated), rng)))  # fmt: skip
    pick = _policy(seated, skill, values, rng, taken)
    sheet = drafting_sheet(GAME, deck, len(seated), rng, claims=False, deal=deal, pick=pick)
    ranks = tuple(result.rank for result in verify_table(sheet).seats)
    game = GAMES[GAME]
    assert game.drafting is not None
    seats = [parse_seat(game.drafting, raw, f"seats[{i}]") for i, raw in enumerate(sheet["seats"])]
    pars = table_par(game.drafting, deck, seats, rebuild_table(game, sheet, direction))
    performances = [par.performance for par in pars]
    return ranks, tuple(1 + sum(other > mine for other in performances) for mine in performances)


def rank_correlation(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rho (ties given their mean rank)."""
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = fmean(ra), fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    spread = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return cov / spread if spread else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def correlations(played: Played, env: Environment, checkpoints: Sequence[int] = CHECKPOINTS) -> dict[int, float]:
    """The rank correlation of the players' mu with their hidden skill after each checkpoint's event."""
    return model_correlations(played, played.tables, TrueSkillModel(env), checkpoints)


def model_correlations(
    played: Played, observed: Sequence[Table], model: Model, checkpoints: Sequence[int]
) -> dict[int, float]:
    """The rank correlation of `model`'s strengths with the hidden skill after each checkpoint's event, the
    model rating `observed` (the tables, or the same tables ranked otherwise) in order."""
    players = sorted(played.skill)
    found, done = {}, 0
    for event, end in enumerate(played.events_end, start=1):
        for table in observed[done:end]:
            model.rate(table.players, table.ranks)
        done = end
        if event in checkpoints:
            found[event] = rank_correlation(model.strengths(players), [played.skill[p] for p in players])
    return found


DRAFT_CHECKPOINTS = (1, 3, 5)


@dataclass(frozen=True)
class DraftAwareFigures:
    """The models of the draft side by side on one ground truth (see `draft_aware_figures`)."""

    correlations: dict[str, dict[int, float]]  # model -> events played -> rank correlation with the skill
    held_out: dict[str, Scores]  # model -> its prediction of the later 20% tables' places
    scales: dict[str, float]  # a choice model's scale (and weight) fitted on the earlier tables


def draft_aware_figures(
    played: Played, env: Environment, checkpoints: Sequence[int] = DRAFT_CHECKPOINTS, training_share: float = 0.8
) -> DraftAwareFigures:
    """The models on the same tables (`played` with par): what each knows of the hidden skill after each
    checkpoint's event, and how each predicts the places of the tables after the first `training_share`. Each
    rates what it observes and predicts the places the tables gave:

    - `trueskill`, `elo`, `openskill`: the current models, observing places;
    - `trueskill_par`: TrueSkill observing performance against par;
    - `choice`: the pick skill alone (ratings/lab/choice.py), its scale fitted on the earlier tables;
    - `trueskill_choice`: TrueSkill on places plus the pick skill, TrueSkill's weight and the pick skill's
      scale fitted likewise.
    """
    assert played.par_tables, "a ground truth played with_par"
    tables, picks, worth = played.tables, played.picks, played.statistics
    cut = int(len(tables) * training_share)
    (scale,) = fitted_scale(tables, cut, partial(ChoiceModel, worth, picks), [(s,) for s in SCALES[1:]])
    both = fitted_scale(tables, cut, partial(TrueSkillWithPicks, env, worth, picks),
                        [(s, w) for s in SCALES for w in WEIGHTS])  # fmt: skip
    models: dict[str, tuple[Callable[[], Model], Sequence[Table]]] = {
        "trueskill": (lambda: TrueSkillModel(env), tables),
        "elo": (EloModel, tables),
        "openskill": (OpenSkillModel, tables),
        "trueskill_par": (lambda: TrueSkillModel(env), played.par_tables),
        "choice": (lambda: ChoiceModel(worth, picks, scale), tables),
        "trueskill_choice": (lambda: TrueSkillWithPicks(env, worth, picks, *both), tables),
    }
    return DraftAwareFigures(
        {name: model_correlations(played, seen, make(), checkpoints) for name, (make, seen) in models.items()},
        {name: held_out(tables, make(), cut, observed=seen) for name, (make, seen) in models.items()},
        {"choice": scale, "trueskill_choice": both[0], "trueskill_choice_weight": both[1]},
    )
