"""The state rules of events, rounds, table results and registrations, in one place.

Each model has one machine: for every action, the statuses it may start from, the status it leaves the row
in (None: the action is open in those statuses but does not move the status, an edit or a seat swap, say)
and the refusal a caller gets otherwise. Services move a status only through `services/transitions.py`,
which asks the machine; pages and templates ask the row (`event.can.start`, `round.can.swap_seats`)
instead of comparing status strings. Conditions across rows (a round still open, the late-entry window)
stay with the service that checks them.

Pure Python: the statuses are the models' stored strings.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from config.errors import Conflict, DomainError


@dataclass(frozen=True)
class Move:
    sources: frozenset[str]
    target: str | None
    refusal: str  # formatted with the row: "round {row.number} is {row.status}, not seated"
    code: str | None = None  # the refusal's code when it is not the machine's own
    error: type[DomainError] = Conflict  # 409: the row is in the wrong state (400 where a request is early)


class UnknownAction(Exception):
    """A page or service named an action its machine does not have (a typo fails loudly, never silently)."""


@dataclass(frozen=True)
class Machine:
    name: str
    code: str
    moves: Mapping[str, Move]

    def move(self, action: str) -> Move:
        try:
            return self.moves[action]
        except KeyError:
            raise UnknownAction(f"the {self.name} has no action {action!r}") from None

    def allows(self, status: str, action: str) -> bool:
        return status in self.move(action).sources

    def sources(self, action: str) -> frozenset[str]:
        return self.move(action).sources

    def target(self, action: str) -> str:
        """The status `action` moves to, for a conditional UPDATE whose WHERE is `sources(action)`."""
        target = self.move(action).target
        if target is None:
            raise UnknownAction(f"the {self.name}'s action {action!r} does not move its status")
        return target

    def check(self, row: Any, action: str) -> None:
        """Nothing when `row`'s status opens `action`; otherwise the action's refusal naming the status."""
        move = self.move(action)
        if row.status not in move.sources:
            raise move.error(move.refusal.format(row=row), move.code or self.code, field="status")

    def next_status(self, row: Any, action: str) -> str:
        """The status `action` moves `row` to, once checked (see `check`)."""
        self.check(row, action)
        return self.target(action)

    def open_actions(self, status: str) -> frozenset[str]:
        return frozenset(action for action, move in self.moves.items() if status in move.sources)


class Actions:
    """What a row's status opens, for templates: `{% if event.can.start %}`. An unknown action raises."""

    def __init__(self, machine: Machine, status: str) -> None:
        self._machine, self._status = machine, status

    def __getitem__(self, action: str) -> bool:
        return self._machine.allows(self._status, action)

    def __getattr__(self, action: str) -> bool:
        if action.startswith("_"):
            raise AttributeError(action)
        return self._machine.allows(self._status, action)


def _statuses(*names: str) -> frozenset[str]:
    return frozenset(names)


def _all_but(every: Iterable[str], *names: str) -> frozenset[str]:
    return frozenset(every) - set(names)


DRAFT, REGISTRATION, RUNNING, FINISHED = "draft", "registration", "running", "finished"
EVENT = Machine(
    "event",
    "wrong_event_status",
    {
        "edit": Move(
            _statuses(DRAFT, REGISTRATION), None, "the event is {row.status}: it can be edited until it starts"
        ),
        "delete": Move(_statuses(DRAFT), None, "the event is {row.status}; only a draft can be deleted"),
        "open_registration": Move(_statuses(DRAFT), REGISTRATION, "the event is {row.status}, not draft"),
        "enter_late": Move(_statuses(RUNNING), None, "the event is {row.status}, not running", "registration_closed"),
        "register": Move(
            _statuses(REGISTRATION),
            None,
            "registration is not open: the event is {row.status}",
            "registration_closed",
        ),
        "withdraw": Move(
            _statuses(DRAFT, REGISTRATION),
            None,
            "the event has started: drop out instead of withdrawing",
            "event_started",
        ),
        "close_check_in": Move(
            _statuses(REGISTRATION), None, "the event is {row.status}; check-in closes before it starts"
        ),
        "start": Move(
            _statuses(REGISTRATION), RUNNING, "the event is {row.status}; only an event taking registrations can start"
        ),
        "show_tables": Move(_statuses(RUNNING, FINISHED), None, "the event is {row.status}: nobody is seated yet"),
        "drop": Move(
            _statuses(RUNNING),
            None,
            "only a running event can be dropped; withdraw before it starts",
            "event_not_running",
        ),
        "seat_next_round": Move(_statuses(RUNNING), None, "the event is {row.status}, not running"),
        "close": Move(_statuses(RUNNING), FINISHED, "the event is {row.status}, not running"),
        "show_results": Move(_statuses(FINISHED), None, "the event is {row.status}: results come when it closes"),
        # A steward sanctions an event before it starts or once it has finished, never half-way (docs/rules.md).
        "sanction": Move(
            _statuses(DRAFT, REGISTRATION, FINISHED),
            None,
            "the event is {row.status}: sanction it before it starts or once it has finished",
        ),
        "unsanction": Move(_statuses(DRAFT, REGISTRATION, RUNNING, FINISHED), None, "the event is {row.status}"),
    },
)

SEATED = "seated"
ROUND = Machine(
    "round",
    "wrong_round_status",
    {
        "swap_seats": Move(
            _statuses(SEATED),
            None,
            "seats can only be swapped before the round starts; round {row.number} is {row.status}",
        ),
        "start": Move(_statuses(SEATED), RUNNING, "round {row.number} is {row.status}, not seated"),
        "enter_sheets": Move(
            _statuses(RUNNING), None, "round {row.number} is {row.status}, not running", "round_not_running"
        ),
        # An organiser may enter every sheet of a table before the round starts, so a seated round can finish.
        "finish": Move(_statuses(SEATED, RUNNING), FINISHED, "round {row.number} is already finished"),
        "reopen": Move(_statuses(FINISHED), RUNNING, "round {row.number} is {row.status}"),
        "seat_next": Move(
            _statuses(FINISHED),
            None,
            "round {row.number} is not finished: every table needs a verified result",
            "round_open",
        ),
    },
)

WAITING, PENDING, VERIFYING, VERIFIED, REJECTED, OVERRIDDEN = (
    "waiting", "pending", "verifying", "verified", "rejected", "overridden",
)  # fmt: skip
TABLE_STATUSES = (WAITING, PENDING, VERIFYING, VERIFIED, REJECTED, OVERRIDDEN)
FINAL = _statuses(VERIFIED, OVERRIDDEN)  # a result that counts in standings and ratings
TABLE = Machine(
    "table",
    "wrong_table_status",
    {
        # A player's sheet; an organiser corrects a final result through `queue` (sheets.py decides who).
        "enter_sheets": Move(
            _all_but(TABLE_STATUSES, *FINAL),
            None,
            "this table's result is final; ask an organiser to correct it",
            "table_final",
        ),
        "queue": Move(frozenset(TABLE_STATUSES), PENDING, "the table cannot be queued"),
        "recheck": Move(
            _all_but(TABLE_STATUSES, WAITING), PENDING, "the table is still waiting for sheets", "table_incomplete"
        ),
        "claim": Move(_statuses(PENDING, VERIFYING), VERIFYING, "the table is not queued for verification"),
        "verify": Move(_statuses(VERIFYING), VERIFIED, "the table is not being verified"),
        "reject": Move(_statuses(VERIFYING), REJECTED, "the table is not being verified"),
        "forfeit_seat": Move(
            _all_but(TABLE_STATUSES, *FINAL),
            None,
            "this table's result is final; a seat can no longer be forfeited",
            "table_final",
        ),
        "decide_by_forfeit": Move(
            _all_but(TABLE_STATUSES, *FINAL), VERIFIED, "this table's result is final", "table_final"
        ),
        "accept": Move(frozenset(TABLE_STATUSES), OVERRIDDEN, "the table cannot be accepted"),
        # An organiser re-opens a checked table so that its players correct their own sheets.
        "reopen": Move(
            _statuses(VERIFIED, OVERRIDDEN, REJECTED), WAITING, "the table is {row.status}: nothing to re-open"
        ),
        # What the pages offer: the score pad while sheets are awaited, a fix once the engine refused them.
        "open_pad": Move(_statuses(WAITING), None, "the table is {row.status}: its sheets are in"),
        "fix_sheets": Move(_statuses(REJECTED), None, "the table is {row.status}, not rejected"),
        "count": Move(FINAL, None, "the table's result is {row.status}: it does not count yet"),
    },
)

REGISTERED, WAITLISTED, CHECKED_IN, WITHDRAWN, DROPPED, NO_SHOW = (
    "registered", "waitlisted", "checked_in", "withdrawn", "dropped", "no_show",
)  # fmt: skip
# An event that reviews its registrations (Event.registration_review): each waits for an organiser, who
# approves it (a place, or the waitlist when full), asks the player for a change, or declines it.
PENDING, CHANGES, DECLINED = "awaiting", "changes", "declined"
HOLDS_A_PLACE = _statuses(REGISTERED, CHECKED_IN)
REGISTRATION_MACHINE = Machine(
    "registration",
    "wrong_registration_status",
    {
        "register_again": Move(
            _statuses(WITHDRAWN), None, "{row.player.handle} is already {row.status}", "already_registered"
        ),
        # An organiser entering a player (an import, a team, the door) also takes a registration under review
        # or declined: the organiser's word is the decision.
        "enter": Move(
            _statuses(WITHDRAWN, PENDING, CHANGES, DECLINED),
            None,
            "{row.player.handle} is already {row.status}",
            "already_registered",
        ),
        "check_in": Move(
            _statuses(REGISTERED),
            CHECKED_IN,
            "only a registered player can check in; this registration is {row.status}",
        ),
        "withdraw": Move(
            _statuses(REGISTERED, WAITLISTED, CHECKED_IN, PENDING, CHANGES),
            WITHDRAWN,
            "this registration is already {row.status}",
        ),
        # The review's moves: approving sets the place or the waitlist (the service decides which).
        "approve": Move(
            _statuses(PENDING),
            None,
            "only a registration awaiting approval is approved; this one is {row.status}",
            "not_awaiting_review",
        ),
        "ask_change": Move(
            _statuses(PENDING),
            CHANGES,
            "only a registration awaiting approval can be sent back; this one is {row.status}",
            "not_awaiting_review",
        ),
        "resubmit": Move(
            _statuses(CHANGES),
            PENDING,
            "no change was asked of this registration; it is {row.status}",
            "no_change_asked",
        ),
        "show_reason": Move(_statuses(DECLINED), None, "this registration is {row.status}, not declined"),
        "decline": Move(
            _statuses(PENDING, CHANGES),
            DECLINED,
            "only a registration under review can be declined; this one is {row.status}",
            "not_awaiting_review",
        ),
        "promote": Move(
            _statuses(WAITLISTED), REGISTERED, "only a waitlisted player moves up; this one is {row.status}"
        ),
        "miss": Move(
            _statuses(REGISTERED), NO_SHOW, "only a registered player can miss the start; this one is {row.status}"
        ),
        "drop": Move(HOLDS_A_PLACE, DROPPED, "only a playing player can drop; this registration is {row.status}"),
        "reinstate": Move(
            _statuses(DROPPED, NO_SHOW),
            CHECKED_IN,
            "only a dropped player or a no-show can be reinstated; this one is {row.status}",
        ),
    },
)
