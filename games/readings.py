"""Other readings of a published rule, for the rules lab (issue 58, item 5): a table's sheets scored as another
reading would score them, to count how many tables, winners and places it would change. The engines keep the
reading docs/rules.md chose (with its quote) as their default; a reading here is a parameter, never a switch
of the shipped rules."""

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from games import australia, drafting
from games.decks import Deck
from games.registry import parse_table


@dataclass(frozen=True)
class Reading:
    id: str
    game: str
    summary: str
    rules: drafting.DraftingRules


def _two_icons_score_one(own: int, others: int, players: int, deck: Deck) -> int:
    """Board Game Arena's reading of Australia's quick summary ("1 point for 2 symbols")."""
    return 1 if own == 2 else australia.activity_points(own, others, players, deck)


READINGS: dict[str, Reading] = {
    reading.id: reading
    for reading in (
        Reading(
            "two-activity-icons-score-one", australia.GAME,
            "Two icons of one activity score 1 point, not 2 (Board Game Arena, after the quick summary; the full "
            "rules say 2: docs/rules.md)",
            replace(australia.RULES, blue_points=_two_icons_score_one),
        ),
    )
}  # fmt: skip


@dataclass(frozen=True)
class ReadingReport:
    """How many tables a reading would change: their winners (the rank-1 players) and any player's place."""

    reading: str
    tables: int
    winners_changed: int
    places_changed: int

    def as_json(self) -> dict[str, Any]:
        return {"reading": self.reading, "tables": self.tables, "winners_changed": self.winners_changed,
                "places_changed": self.places_changed}  # fmt: skip


def reading_compare(reading: Reading, deck: Deck, sheets: Iterable[dict[str, Any]]) -> ReadingReport:
    """Score each table sheet under the shipped rules and under the reading (its computed points: claims
    aside), and count the tables whose winners, and whose places, differ."""
    tables = winners = places = 0
    for sheet in sheets:
        game, seats = parse_table(sheet)
        if game.id != reading.game:
            continue
        shipped = _places(game.verify(deck, seats))
        read = _places(drafting.verify(reading.rules, deck, seats))
        tables += 1
        winners += _winners(shipped) != _winners(read)
        places += shipped != read
    return ReadingReport(reading.id, tables, winners, places)


def _places(verdict: Any) -> dict[str, int]:
    return {seat.player: seat.rank for seat in verdict.seats}


def _winners(places: dict[str, int]) -> set[str]:
    return {player for player, rank in places.items() if rank == 1}
