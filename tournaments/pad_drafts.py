"""The score pad's stored draft, `{"seats": [seat objects], "contests": {handle: reason}}`: checked against
its game's real shape on the way in (`checked_seats`), and read through one typed reader (`PadDraftContent`)
that never trusts what is stored, so a draft saved before these checks cannot break another player's page."""

from dataclasses import dataclass, field
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.errors import DomainError


@dataclass(frozen=True)
class PadDraftContent:
    rounds: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # handle -> their rounds so far
    contests: dict[str, str] = field(default_factory=dict)  # handle -> why they contest the pad's entry

    @classmethod
    def read(cls, data: Any) -> "PadDraftContent":
        """The stored JSON; seats and contests that are not well formed are left out, never raised on."""
        data = data if isinstance(data, dict) else {}
        seats = data.get("seats") if isinstance(data.get("seats"), list) else []
        rounds = {
            seat["player"]: [r for r in seat["rounds"] if isinstance(r, dict)]
            for seat in seats
            if isinstance(seat, dict) and isinstance(seat.get("player"), str) and isinstance(seat.get("rounds"), list)
        }
        contests = data.get("contests") if isinstance(data.get("contests"), dict) else {}
        return cls(rounds, {k: v for k, v in contests.items() if isinstance(k, str) and isinstance(v, str)})

    def to_json(self, seats: list[dict[str, Any]]) -> dict[str, Any]:
        return {"seats": seats, "contests": self.contests}


def checked_seats(*, game_id: str, data: Any, handles: set[str]) -> list[dict[str, Any]]:
    """The draft's seats if each is a seat of this table in the game's sheet format (a game in play: 1 to 4
    rounds, rows still being drafted) and none appears twice; else a DomainError naming the field."""
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise DomainError("a draft is {seats: [...]}", "malformed_draft", field="data")
    seen: set[str] = set()
    for i, raw in enumerate(data["seats"]):
        where = f"data.seats[{i}]"
        try:
            seat = games.parse_seat_in_play(game_id, raw, where)
        except games.MalformedInput as error:
            raise DomainError(str(error), "malformed_draft", field=error.field) from error
        if seat.player not in handles:
            raise DomainError(
                format_lazy(gettext_lazy("{player!r} has no seat at this table"), player=seat.player),
                "not_at_table",
                f"{where}.player",
            )
        if seat.player in seen:
            raise DomainError(
                format_lazy(gettext_lazy("{player} appears twice"), player=seat.player),
                "player_twice",
                f"{where}.player",
            )
        seen.add(seat.player)
    return list(data["seats"])
