"""The tournaments app's models, one module per context; the package re-exports them all."""

from tournaments.models.analysis import CardStat, SeatPickAccuracy, TableCardTally
from tournaments.models.base import GAME_CHOICES, HasStates, game_choices
from tournaments.models.editions import Edition, SheetCheck
from tournaments.models.events import (
    DEFAULT_POINTS_BY_TABLE_SIZE,
    DEFAULT_TIE_BREAKS,
    DRAFT_DIRECTIONS,
    Bye,
    Event,
    EventPlace,
    Registration,
    Round,
    Sanction,
    Seat,
    Table,
    default_points,
    default_tie_breaks,
)
from tournaments.models.exchange import ApiKey, ApiKeyWrite, IdempotentRequest, Webhook, WebhookDelivery
from tournaments.models.held import HeldResult, ResultChange
from tournaments.models.organisations import JoinRequest, Membership, Organisation, Staff
from tournaments.models.players import Player
from tournaments.models.seasons import QualificationDecline, Season, SeasonEvent, SeasonStanding
from tournaments.models.sheets import PadDraft, ScoreSheet, TableResult
from tournaments.models.stewarding import RatingBody, SanctionDecision
from tournaments.models.stream import StreamMessage

__all__ = [
    "DEFAULT_POINTS_BY_TABLE_SIZE",
    "DEFAULT_TIE_BREAKS",
    "DRAFT_DIRECTIONS",
    "GAME_CHOICES",
    "ApiKey",
    "ApiKeyWrite",
    "Bye",
    "CardStat",
    "Edition",
    "Event",
    "EventPlace",
    "HasStates",
    "HeldResult",
    "IdempotentRequest",
    "JoinRequest",
    "Membership",
    "Organisation",
    "PadDraft",
    "Player",
    "QualificationDecline",
    "RatingBody",
    "Registration",
    "ResultChange",
    "Round",
    "Sanction",
    "SanctionDecision",
    "ScoreSheet",
    "Season",
    "SeasonEvent",
    "SeasonStanding",
    "Seat",
    "SeatPickAccuracy",
    "SheetCheck",
    "Staff",
    "StreamMessage",
    "Table",
    "TableCardTally",
    "TableResult",
    "Webhook",
    "WebhookDelivery",
    "default_points",
    "default_tie_breaks",
    "game_choices",
]
