"""A finished event as one versioned JSON document (docs/archive.md), and its import: every table is
verified again by the rules engine, and the import is refused, naming the table, the seat and the problem
codes, when a sheet was altered, a verdict does not match, or the edition's fingerprint differs."""

import hashlib
import json
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.errors import Conflict, DomainError
from tournaments.archive.identity import Refused, archive_identity, archive_source, refuse_a_second_import
from tournaments.catalogue.selectors import edition_active, edition_rules_data, table_deal
from tournaments.entrants.services import EntrantRow, guests_new
from tournaments.models import (
    Bye,
    Event,
    Organisation,
    Player,
    Registration,
    Round,
    ScoreSheet,
    Seat,
    Table,
    TableResult,
)
from tournaments.results.services.pipeline import Because, results_changed
from tournaments.selectors.events import event_standings
from tournaments.selectors.permissions import is_steward, require_staff
from tournaments.services.accounts import checked_handle
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_check
from tournaments.stewarding.selectors import event_decisions, event_merges
from tournaments.validators import handle_key
from tournaments.verdicts import TableVerdict, renamed_in_json

FORMAT, VERSION = "boomerang-event-archive", 1
M = TypeVar("M", bound=Model)
SETTINGS = ("name", "game", "timezone", "venue", "description", "rounds_planned", "capacity", "points_by_table_size",
            "tie_breaks", "bye_points", "rated", "draft_direction", "late_entry_until_round", "final_table_size",
            "seed", "duplicate_deals", "deal_seed", "ranked_by")  # fmt: skip


DEAL_SETTINGS = ("game", "duplicate_deals", "deal_seed", "draft_direction")


def edition_fingerprint(game: str) -> str:
    """A hash of the edition data that verifies the game here: the stored active edition's JSON, or the
    shipped default as the engine reads it."""
    active = edition_active(game=game)
    if active is not None:
        data = type(active).objects.values_list("data", flat=True).get(pk=active.pk)
        return "sha256:" + hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
    shipped = repr(games.GAMES[game].default_edition())
    return "sha256:" + hashlib.sha256(shipped.encode()).hexdigest()


def event_export(*, event: Event) -> dict[str, Any]:
    """The finished event's archive: settings, edition, players, rounds with every seat's sheet and every
    verdict, overrides with their reasons, byes, drops, the final places and the stewards' decisions."""
    if not event.can.show_results:
        raise Conflict(
            format_lazy(gettext_lazy("the event is {status}: only a finished event is archived"), status=event.status),
            "wrong_event_status",
        )
    registrations = event.registrations.select_related("player").order_by("player__handle")
    rounds = event.rounds.order_by("number").prefetch_related("byes__player", "tables__seats__player", "tables__result")
    sheets = {
        sheet.seat_id: sheet.data
        for sheet in ScoreSheet.objects.filter(seat__table__round__event=event).exclude(status="superseded")
    }
    return {
        "format": FORMAT,
        "version": VERSION,
        "source": archive_source(event),
        "event": {name: getattr(event, name) for name in SETTINGS}
        | {"starts_at": event.starts_at.isoformat() if event.starts_at else None},
        "organisation": {name: getattr(event.organisation, name) for name in ("slug", "name", "country", "kind")},
        "draw": {"commitment": event.draw_commitment, "kept_apart": bool(event.avoid_pairs or event.pinned_tables)},
        "edition": {"fingerprint": edition_fingerprint(event.game)},
        "players": [
            {"handle": r.player.handle, "display_name": r.player.display_name, "status": r.status}
            for r in registrations
        ],
        "rounds": [_round(round_, sheets) for round_ in rounds],
        "places": [{"player": row.handle, "place": row.rank} for row in event_standings(event=event)],
        # The stewards' word here, for the record: an importing service's stewards decide anew (not imported).
        "decisions": [
            _dated(decision)
            for decision in sorted(
                event_decisions(event=event) + event_merges(event=event), key=lambda decision: decision["at"]
            )
        ],
    }


def _dated(decision: dict[str, Any]) -> dict[str, Any]:
    return {key: value.isoformat() if hasattr(value, "isoformat") else value for key, value in decision.items()}


def _round(round_: Round, sheets: dict[int, Any]) -> dict[str, Any]:
    return {
        "number": round_.number,
        "is_final": round_.is_final,
        "byes": sorted(bye.player.handle for bye in round_.byes.all()),
        "tables": [
            {
                "number": table.number,
                "seats": [
                    {
                        "player": s.player.handle,
                        "position": s.position,
                        "forfeited": s.forfeited,
                        "sheet": sheets.get(s.pk),
                    }
                    for s in sorted(table.seats.all(), key=lambda s: s.position)
                ],
                "status": table.result.status,
                "verified_at": table.result.verified_at.isoformat() if table.result.verified_at else None,
                "verdict": table.result.verdict,
                "override_reason": table.result.override_reason or None,
            }
            for table in sorted(round_.tables.all(), key=lambda t: t.number)
        ],
    }


def event_import(*, archive: Any, by: User) -> Event:
    """Rebuild a finished event from its archive, in one transaction, after verifying every table again.
    An archive that does not have the documented shape is refused naming what is missing or wrong."""
    try:
        return _import(_checked_shape(archive), by)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise Refused(
            f"the archive does not have the documented shape (docs/archive.md): {error!r}", "archive"
        ) from error


def _import(data: dict[str, Any], by: User) -> Event:
    game = data["event"]["game"]
    if data["edition"]["fingerprint"] != edition_fingerprint(game):
        raise Refused("the archive was verified with other edition data than this instance's", "edition.fingerprint")
    starts_at = _start_checked(data["event"].get("starts_at"))
    dealer = Event(**{name: data["event"][name] for name in DEAL_SETTINGS if name in data["event"]})
    by_steward = is_steward(user=by, game=game)
    for round_ in data["rounds"]:
        for table in round_["tables"]:
            _reverify(dealer, round_["number"], table, by_steward)
            _time_checked(table, starts_at, f"rounds[{round_['number']}].tables[{table['number']}].verified_at")
    source, results = archive_identity(data)
    refuse_a_second_import(data, source, results)
    with transaction.atomic():
        organisation = _organisation(data["organisation"], by)
        settings = {name: data["event"][name] for name in (*SETTINGS, "starts_at") if name in data["event"]}
        event = Event(organisation=organisation, status=Event.Status.FINISHED, imported_from=source,
                      results_hash=results, **settings)  # fmt: skip
        event_check(event=event)  # the same rules as an event created here
        event.save()
        event.organisers.add(by)
        players = {p["handle"]: _player(p, by) for p in data["players"]}
        for handle, status in ((p["handle"], p["status"]) for p in data["players"]):
            _saved(Registration(event=event, player=players[handle], status=status), f"players[{handle}].status")
        for round_ in data["rounds"]:
            _import_round(event, round_, players, by)
        results_changed(because=Because.IMPORTED, events=[event.pk])
    return event


EARLIEST = datetime(2018, 1, 1, tzinfo=UTC)  # the first of the drafting editions came out in 2018
CLOCK_SKEW = timedelta(minutes=5)


def _start_checked(value: Any) -> datetime:
    """When the event started (after the family's first edition, not in the future), or EARLIEST for an
    event played without a start time set."""
    if value is None:
        return EARLIEST
    start = _time(value)
    if start is None or start.tzinfo is None or not EARLIEST <= start <= timezone.now() + CLOCK_SKEW:
        raise Refused(
            "the event's start is a time with its offset, after 2018 and not in the future", "event.starts_at"
        )
    return start


def _time(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _time_checked(table: dict[str, Any], starts_at: datetime, where: str) -> None:
    """A table is verified during or after its event, never before it started nor in the future."""
    at = _time(table["verified_at"])
    if at is None or at.tzinfo is None or not starts_at - CLOCK_SKEW <= at <= timezone.now() + CLOCK_SKEW:
        raise Refused(f"{where}: a table is verified after its event started and not in the future", where)


def _checked_shape(archive: Any) -> dict[str, Any]:
    shaped = _checked_heading(archive)
    _unique([p["handle"] for p in shaped["players"]], "players", "handle")
    registered = {p["handle"] for p in shaped["players"]}
    _unique([r["number"] for r in shaped["rounds"]], "rounds", "round number")
    for round_ in shaped["rounds"]:
        _check_round(round_, registered)
    return shaped


def _checked_heading(archive: Any) -> dict[str, Any]:
    """The format, its version, the parts every archive has and a game this service knows."""
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise Refused(f"not a {FORMAT}", "format")
    if archive.get("version") != VERSION:
        raise Refused(f"version {archive.get('version')!r} is not {VERSION}", "version")
    for key in ("event", "organisation", "edition", "players", "rounds"):
        if key not in archive:
            raise Refused(f"{key} is missing", key)
    if archive["event"].get("game") not in games.GAMES:
        raise Refused(f"unknown game {archive['event'].get('game')!r}", "event.game")
    return archive


def _check_round(round_: dict[str, Any], registered: set[str]) -> None:
    """Each table once, each seat and player once at a table, and every seated player registered."""
    where = f"rounds[{round_['number']}]"
    _unique([t["number"] for t in round_["tables"]], f"{where}.tables", "table number")
    for table in round_["tables"]:
        seats = table["seats"]
        _unique([s["position"] for s in seats], f"{where}.tables[{table['number']}].seats", "seat position")
        _unique([s["player"] for s in seats], f"{where}.tables[{table['number']}].seats", "player")
        if not {s["player"] for s in seats} <= registered:
            raise Refused(f"{where}.tables[{table['number']}]: a seated player is not in players", where)


def _unique(values: list[Any], where: str, what: str) -> None:
    doubled = sorted({str(v) for v in values if values.count(v) > 1})
    if doubled:
        raise Refused(f"{where}: the {what} {', '.join(doubled)} appears more than once", where)


def _saved(instance: M, where: str) -> M:
    """Save after the model's own validators (choices, lengths, ranges), refusing naming the place."""
    try:
        instance.full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise Refused(f"{where}: {field}: {' '.join(messages)}", where) from None
    instance.save()
    return instance


def _reverify(dealer: Event, number: int, table: dict[str, Any], by_steward: bool) -> None:
    """Every table is checked again or refused: the engine's verdict on the archived sheets must be the
    archived verdict (forfeited seats aside), with duplicate deals against the deal the archived seed gives
    (`dealer`: an unsaved event with the settings). A table won by forfeit must be one (at most one player
    left); an overridden table keeps its archived verdict but needs its reason and sheets that read, and
    places that follow from them (the engine's ranks: an override accepts a table's problems, not other
    places), unless a steward of the game imports it (`by_steward`), vouching for the reason."""
    where = f"rounds[{number}].tables[{table['number']}]"
    status = table["status"]
    if status not in TableResult.COUNTS:
        raise Refused(f"{where}: a finished event's table is {' or '.join(TableResult.COUNTS)}, not {status!r}", where)
    forfeited = [seat["player"] for seat in table["seats"] if seat["forfeited"]]
    playing = [seat for seat in table["seats"] if not seat["forfeited"]]
    stored = TableVerdict.read(table["verdict"])
    if stored.won_by_forfeit:
        _forfeit_checked(stored, playing, forfeited, where)
        return
    _sheets_present(table, playing, where)
    again = _engine_verdict(dealer, number, [seat["sheet"] for seat in playing], forfeited, table, where)
    if status == "overridden":
        if not by_steward and _ranks(again) != _ranks(stored):
            raise Refused(
                f"{where}: the places of an overridden table do not follow from its sheets; only a steward of the "
                "game imports such a table", f"{where}.verdict",
            )  # fmt: skip
    elif again.to_json() != stored.to_json():
        _mismatch_refused(again, stored, where)


def _forfeit_checked(stored: TableVerdict, playing: list[dict[str, Any]], forfeited: list[str], where: str) -> None:
    by_forfeit = TableVerdict.by_forfeit([seat["player"] for seat in playing], forfeited)
    if len(playing) > 1 or stored.to_json() != by_forfeit.to_json():
        raise Refused(f"{where}: won by forfeit, but {len(playing)} players were left at it", f"{where}.verdict")


def _sheets_present(table: dict[str, Any], playing: list[dict[str, Any]], where: str) -> None:
    """An overridden table names its reason; every seat still playing has its sheet."""
    if table["status"] == "overridden" and not (table.get("override_reason") or "").strip():
        raise Refused(f"{where}: an overridden table needs the organiser's reason", f"{where}.override_reason")
    missing = [seat["player"] for seat in playing if seat["sheet"] is None]
    if missing:
        raise Refused(f"{where}, seat {', '.join(missing)}: no sheet, and the table was not won by forfeit",
                      f"{where}.seats")  # fmt: skip


def _mismatch_refused(again: TableVerdict, stored: TableVerdict, where: str) -> None:
    """The archived verdict is not the sheets': name a seat the engine names, else the first that differs."""
    named = sorted({p["player"] for p in again.problems if p.get("player")})
    named = named or [s.player for s, t in zip(again.seats, stored.seats, strict=False) if s != t][:1]
    codes = ", ".join(p["code"] for p in again.problems) or "totals or places differ"
    raise Refused(f"{where}, seat {', '.join(named) or '?'}: the verdict does not match the sheets ({codes})",
                  f"{where}.verdict")  # fmt: skip


def _ranks(verdict: TableVerdict) -> dict[str, int]:
    return {seat.player: seat.rank for seat in verdict.seats}


def _engine_verdict(
    dealer: Event, number: int, sheets: list[Any], forfeited: list[str], table: dict[str, Any], where: str
) -> TableVerdict:
    game = dealer.game
    try:
        deck = edition_rules_data(game=game, edition=edition_active(game=game))  # the data its fingerprint named
        deal = table_deal(event=dealer, round_number=number, players=len(sheets), deck=deck)
        dealt = len(table["seats"]) if forfeited else None
        verdict = games.verify_table({"game": game, "seats": sheets}, deck, dealt, deal)
    except games.MalformedInput as error:
        raise Refused(f"{where}: a sheet does not read: {error}", f"{where}.seats") from error
    return TableVerdict.of_engine(verdict, forfeited)


def _organisation(data: dict[str, Any], by: User) -> Organisation:
    """The organisation of that slug here (the importer must be its staff), or a new one they own."""
    organisation = Organisation.objects.filter(slug=data["slug"]).first()
    if organisation is None:
        return organisation_create(
            by=by, slug=data["slug"], name=data["name"], country=data.get("country", ""), kind=data.get("kind", "club")
        )
    require_staff(user=by, organisation=organisation)
    return organisation


def _player(data: dict[str, Any], by: User) -> Player:
    """The importer's own player when the handle is theirs; anyone else's results become a guest, claimable
    with its code (the event's entrants page shows it): nobody is entered in an event without their consent.
    A guest takes the archive's handle, or the first free `<handle>-2`, `-3`... when it is taken here."""
    own = Player.objects.filter(user=by, handle_key=handle_key(str(data["handle"]))).first()
    if own is not None:
        return own
    try:
        handle = checked_handle(str(data["handle"]))
    except DomainError as error:
        raise Refused(f"players: {error.message}", "players.handle") from None
    free, number = handle, 1
    while Player.objects.filter(handle_key=handle_key(free)).exists():
        number += 1
        free = f"{handle[: 40 - len(str(number)) - 1]}-{number}"
    try:
        return guests_new([EntrantRow(0, free, str(data.get("display_name") or ""))])[0]
    except DomainError as error:
        raise Refused(f"players[{handle}]: {error.message}", f"players[{handle}]") from None


def _import_round(event: Event, data: dict[str, Any], players: dict[str, Player], by: User) -> None:
    where = f"rounds[{data['number']}]"
    round_ = _saved(Round(event=event, number=data["number"], is_final=data["is_final"], status="finished"), where)
    Bye.objects.bulk_create(Bye(round=round_, player=players[handle]) for handle in data["byes"])
    renamed = {old: player.handle for old, player in players.items() if old != player.handle}
    for table_data in data["tables"]:
        at = f"{where}.tables[{table_data['number']}]"
        table = _saved(Table(round=round_, number=table_data["number"]), at)
        _saved(TableResult(
            table=table, status=table_data["status"], verdict=_renamed_all(table_data["verdict"], renamed),
            override_reason=table_data["override_reason"] or "", attempt=1, verified_at=table_data["verified_at"],
        ), at)  # fmt: skip
        for seat_data in table_data["seats"]:
            seat = _saved(Seat(
                table=table, player=players[seat_data["player"]], position=seat_data["position"],
                forfeited=seat_data["forfeited"],
            ), f"{at}.seats")  # fmt: skip
            if seat_data["sheet"] is not None:
                sheet = _renamed_all(seat_data["sheet"], renamed)
                ScoreSheet.objects.create(seat=seat, version=1, data=sheet, entered_by=by, status="verified")


def _renamed_all(data: Any, renamed: dict[str, str]) -> Any:
    for old, new in renamed.items():
        data = renamed_in_json(data, old, new)
    return data
