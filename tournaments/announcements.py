"""One outbox for what is announced (docs/architecture.md, "What is announced").

The catalogue below names every kind of message the service sends about play: who hears it, what its data
holds, and what carries it: an organisation's webhooks, the event's public stream, a player's own stream.
The use cases and the results pipeline call `announce` inside the transaction of the change it tells; the
carriers (tournaments.live for the streams, tournaments.integrations for the webhooks) register themselves
at start-up and write their rows in that transaction, so a rollback announces nothing. The core names no
carrier. docs/webhooks.md and docs/stream.md document the same catalogue; tests hold them to it.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

EVENT, PLAYER, EVERYONE = "event", "player", "everyone"


@dataclass(frozen=True)
class Kind:
    """A kind of message. `stream`: the stream that carries it (EVENT: the event's public one; PLAYER: the
    player's own; None: none). `kept`: a streamed message is kept two days for a client to catch up, unless
    a later kept message supersedes it. `private`: fields the public stream leaves out (the players' own)."""

    name: str
    audience: str
    data: str
    webhook: bool = False
    stream: str | None = EVENT
    kept: bool = True
    private: tuple[str, ...] = field(default_factory=tuple)


CATALOGUE = {
    kind.name: kind
    for kind in (
        Kind("round.seated", EVENT, "event, round, round_id, url, tables [{number, id, url, players}]", webhook=True),
        Kind("round.started", EVENT, "event, round, round_id, started_at, length_minutes, ends_at"),
        Kind("table.submitted", EVENT, "event, round, table_id, seats_waiting", kept=False),
        Kind("table.verified", EVENT, "event, round, table, round_id, table_id, url, status, verdict", webhook=True,
             private=("verdict",)),
        Kind("table.rejected", EVENT, "event, round, table, round_id, table_id, url, status, verdict", webhook=True,
             private=("verdict",)),
        Kind("standings.changed", EVENT, "event, because"),
        Kind("event.finished", EVENT, "event, name, places [{player, place}], url", webhook=True),
        Kind("event.recap", EVENT, "event, upset, best_draft, luckiest, unluckiest, card, url: the night in brief",
             webhook=True),
        Kind("rating.changed", EVENT, "event"),
        Kind("you.seated", PLAYER, "event, round, table, seat, table_id", stream=PLAYER),
        Kind("your.table.verified", PLAYER, "as table.verified, with the problems of the player's sheet",
             stream=PLAYER),
        Kind("your.table.rejected", PLAYER, "as table.rejected, with the problems of the player's sheet",
             stream=PLAYER),
        Kind("your.message", PLAYER, "event, message, text, audience, table, sent_at: the organisers' word",
             stream=PLAYER),
        Kind("event.message", EVENT, "event, message, text, audience, table, sent_at: the organisers' word",
             webhook=True, stream=None),
        Kind("rating.list.published", EVERYONE, "list, name, game, published_at, players, url", webhook=True,
             stream=None),
    )
}  # fmt: skip
WEBHOOK_KINDS = tuple(name for name, kind in CATALOGUE.items() if kind.webhook)


@dataclass(frozen=True)
class Announcement:
    """One message: of an event (`event_id`), for an organisation's webhooks (`organisation_id`), for one
    player's own stream (`user_id`)."""

    kind: str
    data: dict[str, Any]
    event_id: int | None = None
    organisation_id: int | None = None
    user_id: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in CATALOGUE:
            raise ValueError(f"{self.kind!r} is not in the catalogue of announcements")

    @property
    def of(self) -> Kind:
        return CATALOGUE[self.kind]


Carrier = Callable[[Sequence[Announcement]], object]
_carriers: list[Carrier] = []


def register_carrier(carrier: Carrier) -> None:
    """A carrier writes, in the caller's transaction, what it sends of the announcements it is given."""
    if carrier not in _carriers:
        _carriers.append(carrier)


def announce(announcements: Sequence[Announcement]) -> None:
    """Hand the announcements to every carrier, in the caller's transaction (a rollback sends nothing)."""
    if announcements:
        for carrier in _carriers:
            carrier(announcements)


def api_url(collection: str, pk: int) -> str:
    """The API's address of an object a message names, so a receiver reads it without building paths."""
    return f"{settings.SITE_URL}/api/{collection}/{pk}/"
