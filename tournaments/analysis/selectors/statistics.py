"""Card statistics and pick accuracy, per game and per player."""

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db.models import Count, Exists, OuterRef, QuerySet, Sum
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.errors import DomainError
from games import card_stats
from tournaments.analysis.models import CardStat, SeatPickAccuracy
from tournaments.catalogue.selectors import edition_active, edition_rules_data, require_game
from tournaments.models import Player, Sanction, Seat, Table, TableResult

CARD_SORTS = ("card", "taken", "take_rate", "mean_pick", "uplift", "seats")


@dataclass(frozen=True)
class CardRow:
    """One card's line on the statistics page: its name in the edition and its figures."""

    name: str
    figures: card_stats.CardFigures

    def to_json(self) -> dict[str, Any]:
        f = self.figures
        return {
            "card": f.card, "name": self.name, "taken": f.taken, "offered": f.offered, "take_rate": f.take_rate,
            "mean_pick": f.mean_pick, "points": f.points, "seats": f.seats, "uplift": f.uplift,
            "uplift_low": f.uplift_low, "uplift_high": f.uplift_high,
        }  # fmt: skip


def card_statistics(*, game: str, players: int | None = None, sort: str = "mean_pick") -> list[CardRow]:
    """Every card of the game's edition with its figures over the verified tables of sanctioned events (all
    player counts, or one), read from the lines kept up to date (services/card_stats.py): one query."""
    require_game(game)
    rules = games.GAMES[game]
    if rules.drafting is None:
        raise DomainError(
            format_lazy(gettext_lazy("{name} is not drafted: it has no card statistics"), name=rules.name),
            "not_drafted",
            "game",
        )
    if sort not in CARD_SORTS:
        raise DomainError(
            format_lazy(gettext_lazy("sort is one of {choices}"), choices=", ".join(CARD_SORTS)), "invalid_sort", "sort"
        )
    stored = CardStat.objects.filter(game=game)
    stored = stored if players is None else stored.filter(players=players)
    tally = card_stats.Tally(
        {(row.players, card): card_stats.CardLine.from_json(line) for row in stored for card, line in row.lines.items()}
    )
    counts = sorted({p for p, _card in tally.lines}) if players is None else [players]
    deck = rules.default_edition()
    rows = [CardRow(card.name, card_stats.figures(tally, card.id, counts)) for card in deck.cards]
    return sorted(rows, key=_card_order(sort))


def card_statistics_tables(*, game: str) -> int:
    """How many tables the game's card statistics are made of, from the kept lines (a table of N players adds
    N seats to its player count's every-seat line), not a count of the stored tallies."""
    every_seat = (
        card_stats.CardLine.from_json(lines[card_stats.ALL_SEATS]).seats // players
        for players, lines in CardStat.objects.filter(game=game).values_list("players", "lines")
        if card_stats.ALL_SEATS in lines
    )
    return sum(every_seat)


def _card_order(sort: str) -> Any:
    """Missing figures (a card never seen) last; the most wanted first (an earlier pick, a higher rate)."""

    def key(row: CardRow) -> tuple[Any, ...]:
        if sort == "card":
            return (0, row.name.casefold(), row.name)
        value = getattr(row.figures, sort)
        if value is None:
            return (1, 0, row.name)
        return (0, value if sort == "mean_pick" else -value, row.name)

    return key


@dataclass(frozen=True)
class RoundPicks:
    """One round of a seat's picks: how many of its choices were the best, and the costliest pick."""

    round: int
    choices: int
    best_picks: int
    points_lost: int
    costliest_card: str | None  # the card's name as the edition names it; None when every pick was the best
    costliest_cost: int


@dataclass(frozen=True)
class SeatPicks:
    player: str
    choices: int
    best_picks: int
    points_lost: int
    rounds: list[RoundPicks]
    made: int | None = None
    par: int | None = None  # what the reference drafter made of the same hands (games/par.py)

    @property
    def performance(self) -> int | None:
        return None if self.made is None or self.par is None else self.made - self.par


def table_luck(seats: list[SeatPicks]) -> int | None:
    """How far a table's pars spread (the highest minus the lowest); None when par is not computed."""
    pars = [seat.par for seat in seats if seat.par is not None]
    return max(pars) - min(pars) if len(pars) == len(seats) and pars else None


def table_pick_accuracy(*, table: Table) -> list[SeatPicks]:
    """Each seat's pick accuracy at a table whose result counts, in seating order (docs/rules.md, "Pick
    accuracy"); empty before the task has stored it, or for a table whose draft is not known."""
    position = dict(Seat.objects.filter(table=table).values_list("player_id", "position"))
    rows = sorted(
        SeatPickAccuracy.objects.filter(table=table, table__result__status__in=TableResult.COUNTS).select_related(
            "player"
        ),
        key=lambda row: position.get(row.player_id, 0),
    )
    if not rows:
        return []
    game = table.round.event.game
    names = {card.id: card.name for card in edition_rules_data(game=game, edition=edition_active(game=game)).cards}
    return [
        SeatPicks(
            row.player.handle, row.choices, row.best_picks, row.points_lost, _round_picks(row.rounds, names),
            row.made, row.par,
        )
        for row in rows
    ]  # fmt: skip


def table_par(*, table_id: int) -> dict[str, Any] | None:
    """A counting drafting table's par, seat by seat in seating order (the API's answer); None while it is not
    stored (not verified, not a drafting table, or its analysis still queued)."""
    position = dict(Seat.objects.filter(table_id=table_id).values_list("player_id", "position"))
    rows = sorted(
        SeatPickAccuracy.objects.filter(
            table_id=table_id, table__result__status__in=TableResult.COUNTS, par__isnull=False
        ).select_related("player", "table__round__event"),
        key=lambda row: position.get(row.player_id, 0),
    )
    if not rows or len(rows) != len(position):
        return None
    seats = [
        {"player": row.player.handle, "made": row.made, "par": row.par, "performance": row.performance,
         "rounds": row.par_rounds}
        for row in rows
    ]  # fmt: skip
    pars = [row.par for row in rows if row.par is not None]  # every one: the query asked for par
    return {"table": table_id, "game": rows[0].table.round.event.game, "luck": max(pars) - min(pars), "seats": seats}


def _round_picks(rounds: list[list[list[Any]]], names: dict[str, str]) -> list[RoundPicks]:
    lines = []
    for number, picks in enumerate(rounds, start=1):
        costs = [(best - points, taken) for _pick, taken, points, best, _best_card in picks]
        cost, card = max(costs, key=lambda c: c[0], default=(0, None))
        lines.append(
            RoundPicks(
                number, len(picks), sum(c == 0 for c, _ in costs), sum(c for c, _ in costs),
                names.get(card, card) if card and cost else None, cost,
            )
        )  # fmt: skip
    return lines


@dataclass(frozen=True)
class EventPicks:
    event_id: int
    name: str
    when: date | None
    choices: int
    best_picks: int
    points_lost: int
    tables: int


@dataclass(frozen=True)
class GamePicks:
    """A player's pick accuracy in one drafting edition: over every counted table, and event by event for
    their last PICK_EVENTS events."""

    game: str
    choices: int
    best_picks: int
    points_lost: int
    tables: int
    events: list[EventPicks]  # oldest first
    performance: int = 0  # points made minus par, summed over the tables whose par is known
    with_par: int = 0  # those tables

    @property
    def performance_per_table(self) -> float | None:
        return self.performance / self.with_par if self.with_par else None

    @property
    def best_rate(self) -> float:
        return self.best_picks / self.choices if self.choices else 0.0

    @property
    def lost_per_round(self) -> float:
        return self.points_lost / (self.tables * 4) if self.tables else 0.0


PICK_EVENTS = 20


def player_pick_accuracy(*, player: Player) -> list[GamePicks]:
    """The player's pick accuracy by drafting edition: totals in one grouped query, and their last
    PICK_EVENTS events' in another (so the page costs the same after 500 events as after 5)."""
    counted = SeatPickAccuracy.objects.filter(player=player, table__result__status__in=TableResult.COUNTS)
    sums = {"choices": Sum("choices"), "best": Sum("best_picks"), "lost": Sum("points_lost"), "tables": Count("id")}
    totals = (
        counted.values("table__round__event__game")
        .annotate(**sums, made_sum=Sum("made"), par_sum=Sum("par"), with_par=Count("par"))
        .order_by("table__round__event__game")
    )
    recent = (
        counted.values("table__round__event_id", "table__round__event__name", "table__round__event__game",
                       "table__round__event__starts_at", "table__round__event__created_at")
        .annotate(**sums)
        .order_by("-table__round__event__created_at", "-table__round__event_id")[:PICK_EVENTS]
    )  # fmt: skip
    games_of: dict[str, list[EventPicks]] = defaultdict(list)
    for row in reversed(list(recent)):
        moment = row["table__round__event__starts_at"] or row["table__round__event__created_at"]
        games_of[row["table__round__event__game"]].append(
            EventPicks(
                row["table__round__event_id"], row["table__round__event__name"], moment.date() if moment else None,
                row["choices"], row["best"], row["lost"], row["tables"],
            )
        )  # fmt: skip
    return [
        GamePicks(row["table__round__event__game"], row["choices"], row["best"], row["lost"], row["tables"],
                  games_of[row["table__round__event__game"]], (row["made_sum"] or 0) - (row["par_sum"] or 0),
                  row["with_par"])
        for row in totals
    ]  # fmt: skip


def player_pick_accuracy_tables(*, player: Player, game: str | None = None) -> QuerySet[SeatPickAccuracy]:
    """The player's stored pick accuracy a table, newest first, for the API."""
    rows = SeatPickAccuracy.objects.filter(player=player, table__result__status__in=TableResult.COUNTS)
    if game:
        rows = rows.filter(table__round__event__game=game)
    return rows.select_related("table__round__event").order_by("-table__round__event__created_at", "-table_id")


def counting_table_ids(*, game: str, rated_only: bool = False) -> list[int]:
    """The ids of the game's tables whose result counts (`rated_only`: of sanctioned, rated events), oldest
    first."""
    results = TableResult.objects.filter(status__in=TableResult.COUNTS, table__round__event__game=game)
    if rated_only:
        results = results.filter(table__round__event__rated=True, table__round__event__sanction=Sanction.SANCTIONED)
    return list(results.order_by("table_id").values_list("table_id", flat=True))


def tables_missing_pick_accuracy(*, before: datetime, since: datetime, limit: int = 500) -> list[int]:
    """Drafting tables whose result counts since between `since` and `before` and that have no pick accuracy
    stored: a task the broker lost. (A table whose draft cannot be rebuilt never has any: the window keeps
    the sweep from sending it for ever.)"""
    drafting = [game.id for game in games.GAMES.values() if game.drafting]
    stored = SeatPickAccuracy.objects.filter(table_id=OuterRef("table_id"))
    missing = TableResult.objects.filter(
        status__in=TableResult.COUNTS, verified_at__lt=before, verified_at__gte=since,
        table__round__event__game__in=drafting,
    ).exclude(Exists(stored))  # fmt: skip
    return list(missing.order_by("table_id").values_list("table_id", flat=True)[:limit])
