"""Words the pages show for statuses, tie-breaks, categories and refusals, in the reader's language (the
engine's problems read as tournaments/problems.py says, for the pages and the e-mails alike)."""

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.utils import formats
from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

import games

CATEGORY_LABELS = {  # the rulebooks' scoring categories: the score pad's column heads, the score sheet's lines
    "throw_catch": gettext_lazy("Throw & Catch"),
    "sites": gettext_lazy("sites"),
    "region_bonus": gettext_lazy("regions"),
    "collections": gettext_lazy("collections"),
    "animals": gettext_lazy("animals"),
    "activity": gettext_lazy("activity"),
    "passport_bonus": gettext_lazy("passport"),
    "food": gettext_lazy("food"),
    "transport": gettext_lazy("transport"),
    "treasure": gettext_lazy("treasure"),
    "coast_bonus": gettext_lazy("coast to coast"),
    "souvenirs": gettext_lazy("souvenirs"),
    "boomerang_sets": gettext_lazy("sets of 6 boomerangs"),
    "on_board": gettext_lazy("on the board"),
    "opponent_unplaced": gettext_lazy("left unplaced by the opponent"),
}


@dataclass(frozen=True)
class Status:
    label: str
    tone: str  # ok, warn, bad, info: a CSS class; the symbol and the word carry the meaning too
    symbol: str


STATUSES = {
    # events
    "draft": (gettext_lazy("draft"), "info", "✎"),
    "registration": (gettext_lazy("registration open"), "ok", "✚"),
    "running": (gettext_lazy("running"), "warn", "▶"),
    "finished": (gettext_lazy("finished"), "info", "■"),
    # rounds
    "seated": (gettext_lazy("seated, not started"), "info", "○"),
    # registrations
    "registered": (gettext_lazy("registered"), "ok", "✓"),
    "waitlisted": (gettext_lazy("on the waitlist"), "warn", "…"),
    "checked_in": (gettext_lazy("checked in"), "ok", "✔"),
    "withdrawn": (gettext_lazy("withdrawn"), "info", "✕"),
    "awaiting": (gettext_lazy("awaiting approval"), "warn", "…"),
    "changes": (gettext_lazy("change asked"), "warn", "!"),
    "declined": (gettext_lazy("declined"), "bad", "✕"),
    "dropped": (gettext_lazy("dropped out"), "info", "✕"),
    "no_show": (gettext_lazy("no-show"), "bad", "✕"),
    # tables and sheets
    "waiting": (gettext_lazy("waiting for sheets"), "info", "○"),
    "pending": (gettext_lazy("queued for checking"), "info", "○"),
    "verifying": (gettext_lazy("being checked"), "info", "○"),
    "verified": (gettext_lazy("verified"), "ok", "✔"),
    "rejected": (gettext_lazy("rejected"), "bad", "✖"),
    "overridden": (gettext_lazy("accepted by the organiser"), "ok", "✔"),
    "submitted": (gettext_lazy("submitted"), "info", "○"),
    "superseded": (gettext_lazy("replaced by a newer version"), "info", "↻"),
    # webhooks and their deliveries
    "delivery_pending": (gettext_lazy("to be sent"), "info", "○"),
    "delivery_delivered": (gettext_lazy("delivered"), "ok", "✔"),
    "delivery_failed": (gettext_lazy("failed"), "bad", "✖"),
    "webhook_failing": (gettext_lazy("paused after failures"), "bad", "⏸"),
    "webhook_active": (gettext_lazy("active"), "ok", "✔"),
    "key_revoked": (gettext_lazy("revoked"), "info", "✕"),
    # the stewards' decisions on an event
    "decision_sanctioned": (gettext_lazy("sanctioned"), "ok", "✔"),
    "decision_refused": (gettext_lazy("not sanctioned"), "bad", "✖"),
    "decision_revoked": (gettext_lazy("sanction revoked"), "bad", "✖"),
    # changes of sanctioned results
    "change_pending": (gettext_lazy("waiting for a steward"), "warn", "…"),
    "change_accepted": (gettext_lazy("accepted by the stewards"), "ok", "✔"),
    "change_refused": (gettext_lazy("refused by the stewards"), "bad", "✖"),
    "change_void": (gettext_lazy("void: the sanction was revoked"), "info", "✕"),
}


TIE_BREAKS = {
    "game_score": gettext_lazy("game score (the sum of a player's scores)"),
    "game_tie_break": gettext_lazy("the game's own tie-break"),
    "opponents_points": gettext_lazy("the points of the players met"),
    "duplicate": gettext_lazy("duplicate: the scores of those dealt the same hands, beaten"),
}


CHANGE_CAUSES = {
    "verified": gettext_lazy("sheets corrected and checked again"),
    "overridden": gettext_lazy("accepted as it stands by the organiser"),
    "reopened": gettext_lazy("re-opened"),
    "forfeited": gettext_lazy("a seat forfeited"),
}


def change_cause(because: str) -> str:
    """Why a sanctioned event's results changed, in words."""
    return str(CHANGE_CAUSES.get(because, because))


def tie_break_label(name: str) -> str:
    return str(TIE_BREAKS.get(name, name))


def status(code: str) -> Status:
    label, tone, symbol = STATUSES.get(code, (code, "info", "•"))
    return Status(str(label), tone, symbol)


def refusal(code: str, message: str | Promise) -> str:
    """A service's refusal in the reader's language (the API keeps the English message and the code); a
    message with values was marked for translation where it was raised, and reads in the active language."""
    return str(_refusals().get(code, message))


def _refusals() -> dict[str, str]:
    return {
        "handle_taken": _("That handle is taken (handles differing only in case or accents count as the same)."),
        "username_taken": _("That username is taken."),
        "casual_not_seated": _("You record a table you played at: your handle is not one of its seats."),
        "casual_settled": _("This casual table is settled already."),
        "casual_rejected": _("The rules refused this sheet: correct it first."),
        "casual_other_players": _("A correction keeps the game, the players and their seats."),
        "stream_needs_asgi": _(
            "Live streams are served by the ASGI server (uvicorn config.asgi:application, as make run does)."
        ),
        "unknown_claim_code": _("No guest has this claim code: check it with the organiser."),
        "unknown_entrant": _("No entrant of this event who has an account has that handle."),
        "adopted_already": _("This confirmed edition was made the game's already."),
        "already_in_season": _("The event is already in this season."),
        "already_refused": _("The event is already refused."),
        "already_sanctioned": _("The event is already sanctioned."),
        "delivery_under_way": _("This delivery is being sent now."),
        "demo_event": _("A demo event never counts in a season."),
        "different_rounds": _("Both seats must be in the same round."),
        "final_elsewhere": _("The event is another season's final already."),
        "handicap_not_shown": _("This event's organisers do not show handicap standings."),
        "no_recap": _("This event has no recap: it is not finished, or its recap is being made."),
        "invalid_best_of": _("At least one event counts."),
        "invalid_category": _("A category is at most 40 characters, as a licence's."),
        "invalid_country": _("A country is its two-letter ISO 3166 code in capitals (FR, DE)."),
        "invalid_currency": _("A currency is three letters (ISO 4217): EUR, USD, GBP..."),
        "invalid_invited": _("The invitation list is a list of handles."),
        "invalid_min_games": _("A minimum of games is 0 to 10,000."),
        "invalid_pairs": _('Pairs to keep apart are a list of pairs of handles: [["ann", "bob"]].'),
        "invalid_phase": _("The phase is 1 (the first phase of an event with a cut), or left out."),
        "invalid_pins": _('Pinned tables map handles to table numbers: {"ann": 1}.'),
        "invalid_players": _("Players is 2, 3 or 4."),
        "invalid_qualifiers": _("Qualifiers are 0 or more."),
        "key_person": _("An API key never acts as the person who made it: name the player."),
        "last_organiser": _("An event keeps at least one organiser."),
        "last_owner": _("An organisation keeps at least one owner."),
        "lone_surrogate": _("A lone surrogate (U+D800 to U+DFFF without its pair) is not text and cannot be stored."),
        "merged_already": _("One of these records was merged (or claimed) already."),
        "no_qualifiers": _("The season has no qualifier places: set how many qualify first."),
        "not_a_player": _("Only a player joins a team."),
        "not_a_team_event": _("This event is not a team event."),
        "not_in_team": _("A player registers a team they are in (an organiser, any team)."),
        "not_kept": _("This event is verified with its game's edition already."),
        "not_registered": _("This player has no registration in this event."),
        "not_superuser": _("Only a superuser names the stewards."),
        "not_this_club": _("The event is another organisation's."),
        "not_undoable": _("This merge was kept before merges could be undone."),
        "not_utf8": _("The file is not UTF-8 text."),
        "not_your_seat": _("A player can only submit their own seat's sheet."),
        "not_yours": _("A person submits their own entry."),
        "nothing_to_accept": _("The table has no scored verdict to accept yet."),
        "organisation_required": _("You run several organisations: name the event's."),
        "reduced_amount_required": _("Reduced categories need a reduced amount."),
        "rounds_to_play": _(
            "A round is being played or checked: close the event once it is finished (every table counts)."
        ),
        "required": _("Every entrant needs a handle."),
        "same_player": _("A record is not merged into itself."),
        "teammate_consent": _(
            "A player registers a team of themselves alone: their teammates join it with its code "
            "(an organiser registers a whole team)."
        ),
        "undone_already": _("This merge was undone already."),
        "unknown_code": _("No team of this event has this code."),
        "unknown_table": _("Name a table of the round at hand."),
        "already_claimed": _("This guest was claimed already; a guest is claimed once."),
        "claim_conflict": _("You and this guest are entered in the same event: the organiser can correct it."),
        "no_player": _("Choose a handle for your account first."),
        "no_handle_column": _("The first line names the columns, and one of them is handle."),
        "unknown_column": _("A column is unknown: the columns are handle, name, club and email."),
        "duplicate_entrant": _("This handle is on an earlier line already."),
        "unknown_club": _("No club has this address."),
        "no_entrants": _("The file names no entrant."),
        "too_many_entrants": _("At most 2,000 entrants in one file."),
        "guest_claimed": _("This guest was claimed: enter the player who claimed it."),
        "invalid_handle": _("A handle is 2-40 characters: Latin letters (accents allowed), digits, '.', '-' or '_'."),
        "registration_closed": _("Registration is not open for this event."),
        "already_registered": _("You are already registered."),
        "wrong_registration_status": _("Your registration does not allow this now."),
        "event_started": _("The event has started: withdrawing is no longer possible."),
        "too_few_players": _("Too few players have checked in to seat a round."),
        "round_open": _("The current round is not finished: every table needs a verified result."),
        "no_more_rounds": _("All the planned rounds have been played."),
        "not_organiser": _("Only an organiser of this event can do this."),
        "wrong_event_status": _("The event is not in the right state for this."),
        "wrong_round_status": _("The round is not in the right state for this."),
        "wrong_table_status": _("The table is not in the right state for this."),
        "table_final": _("This table's result is final: ask an organiser to correct it."),
        "round_not_running": _("The round is not running."),
        "rules_locked": _(
            "Players registered for these rules: the time, the venue, the places and the description "
            "still change, not what seats or scores them."
        ),
        "capacity_below_registered": _("More players hold a place than that: the event needs at least as many."),
        "malformed_csv": _("The file is not a CSV this service reads (a cell too long, or a stray character)."),
        "invalid_display_name": _("A name is one line of visible text, at most 80 characters."),
        "join_request_waiting": _("Your request to join waits for the club's staff."),
        "join_request_decided": _("This request was answered already."),
        "already_member": _("Already a member of this club."),
        "check_in_not_open": _("Check-in opens on the event's day: come back then (or ask the organiser)."),
        "invalid_url": _("This address is refused: webhooks go to https addresses outside this service's network."),
        "invalid_events": _("Choose at least one kind of news to send."),
        "too_many_webhooks": _("This club has as many webhooks as it may: delete one first."),
        "invalid_scopes": _("Choose at least one thing the key may do."),
        "invalid_name": _("A key's name is 1 to 80 characters."),
        "wrong_password": _("That is not this account's password: nothing was erased."),
        "not_staff": _("This is for the club's staff (or only its owners) to do."),
        "no_fitted_parameters": _("There are no fitted parameters yet: the quality report comes first."),
        "report_outdated": _("The pool's parameters changed since this report: wait for the next one."),
        "fit_not_better": _("The fitted parameters predict the later tables no better than the pool's own."),
        "reason_required": _("Say why."),
        "reason_too_long": _("A reason is at most 2,000 characters."),
        "practice_edition": _(
            "This game is played on practice data (invented cards, not the printed ones): its events are practice "
            "events, never sanctioned nor rated, until a steward loads the printed edition."
        ),
        "own_event": _("A steward does not decide on an event they organise: another steward does."),
        "players_changed": _("A player of this table was renamed meanwhile: load the table and send it again."),
        "no_par": _("This table has no par yet: it is not a verified drafting table, or not analysed yet."),
    }


def game_name(game_id: str) -> str:
    """The game's name in the reader's language (each game marks its name for translation in games/)."""
    game = games.GAMES.get(game_id)
    return _(game.name) if game is not None else game_id


def wait_text(wait: int) -> str:
    """How long to wait before trying a throttled form again, in words."""
    minutes = max(1, round(wait / 60))
    return ngettext(
        "Too many attempts: try again in %(minutes)d minute.",
        "Too many attempts: try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def points_text(value: Any) -> str:
    """Points as the page's language writes them, to at most 2 decimals and without trailing zeros:
    80.6667 -> "80.67" ("80,67" in French), 24.0 -> "24", 8.5 -> "8.5"."""
    try:
        rounded = round(float(value), 2)
    except (TypeError, ValueError):
        return str(value)
    if rounded == int(rounded):
        return number_format(int(rounded))
    return number_format(rounded, decimal_pos=1 if round(rounded, 1) == rounded else 2)


def with_percent_sign(number: str) -> str:
    """A number already written in the page's language, as a share: "24.5%" in English; French, German and
    Spanish put a no-break space before the sign ("24,5 %")."""
    return f"{number}%" if (get_language() or "en").startswith("en") else f"{number}\u00a0%"


def date_example() -> str:
    """The last day of 2026 as the page's language writes a date in a form (31/12/2026, 2026-12-31): a date
    field's placeholder, so nobody meets a browser's date picker in another language."""
    return date(2026, 12, 31).strftime(formats.get_format("DATE_INPUT_FORMATS")[0])
