"""The admin, one module per context; importing them registers their pages."""

from tournaments.admin import editions, events, exchange, organisations, players, seasons, sheets

__all__ = ["editions", "events", "exchange", "organisations", "players", "seasons", "sheets"]
