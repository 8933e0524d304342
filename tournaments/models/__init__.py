"""The core's models (players, clubs, events and their rounds, tables, seats and results), one module each.
Django finds an app's models through this module; the apps above the core keep their own."""

from tournaments.models.base import GAME_CHOICES, HasStates, game_choices
from tournaments.models.events import (
    DEFAULT_POINTS_BY_TABLE_SIZE,
    DEFAULT_TIE_BREAKS,
    DRAFT_DIRECTIONS,
    Bye,
    EntryException,
    Event,
    EventPlace,
    Registration,
    Round,
    Sanction,
    Seat,
    Table,
    Team,
    default_points,
    default_tie_breaks,
)
from tournaments.models.organisations import JoinRequest, Licence, Membership, Organisation, RatingBody, Staff
from tournaments.models.players import Player
from tournaments.models.sheets import PadDraft, ScoreSheet, TableResult

__all__ = [
    "DEFAULT_POINTS_BY_TABLE_SIZE",
    "DEFAULT_TIE_BREAKS",
    "DRAFT_DIRECTIONS",
    "GAME_CHOICES",
    "Bye",
    "EntryException",
    "Event",
    "EventPlace",
    "HasStates",
    "JoinRequest",
    "Licence",
    "Membership",
    "Organisation",
    "PadDraft",
    "Player",
    "RatingBody",
    "Registration",
    "Round",
    "Sanction",
    "ScoreSheet",
    "Seat",
    "Staff",
    "Table",
    "TableResult",
    "Team",
    "default_points",
    "default_tie_breaks",
    "game_choices",
]
