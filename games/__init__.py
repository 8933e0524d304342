"""The rules engines: pure Python, no Django, no clock, no I/O beyond reading shipped data files."""

from games.decks import InvalidEdition
from games.parsing import MalformedInput
from games.preview import Preview, parse_seat_in_play, preview_table
from games.registry import GAMES, Game, game_of, load_edition, parse_table, verify_table
from games.verdict import Problem, SeatResult, Verdict

__all__ = [
    "GAMES",
    "Game",
    "InvalidEdition",
    "MalformedInput",
    "Preview",
    "Problem",
    "SeatResult",
    "Verdict",
    "game_of",
    "load_edition",
    "parse_seat_in_play",
    "parse_table",
    "preview_table",
    "verify_table",
]
