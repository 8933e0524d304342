"""A finished event as one versioned JSON document (docs/archive.md), and its import: every table is
verified again by the rules engine, and the import is refused, naming the table, the seat and the problem
codes, when a sheet was altered, a verdict does not match, or the edition's fingerprint differs."""

import hashlib
import json
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

import games
from config.errors import Conflict, DomainError
from tournaments import selectors
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
from tournaments.services.clubs import organisation_create
from tournaments.services.events import event_check, player_create
from tournaments.services.places import event_places_refresh
from tournaments.verdicts import TableVerdict

FORMAT, VERSION = "boomerang-event-archive", 1
SETTINGS = ("name", "game", "timezone", "venue", "description", "rounds_planned", "capacity", "points_by_table_size",
            "tie_breaks", "bye_points", "rated", "draft_direction", "late_entry_until_round", "final_table_size",
            "seed", "duplicate_deals", "deal_seed")  # fmt: skip


DEAL_SETTINGS = ("game", "duplicate_deals", "deal_seed", "draft_direction")


def edition_fingerprint(game: str) -> str:
    """A hash of the edition data that verifies the game here: the stored active edition's JSON, or the
    shipped default as the engine reads it."""
    active = selectors.edition_active(game=game)
    if active is not None:
        data = type(active).objects.values_list("data", flat=True).get(pk=active.pk)
        return "sha256:" + hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
    shipped = repr(games.GAMES[game].default_edition())
    return "sha256:" + hashlib.sha256(shipped.encode()).hexdigest()


def event_export(*, event: Event) -> dict[str, Any]:
    """The finished event's archive: settings, edition, players, rounds with every seat's sheet and every
    verdict, overrides with their reasons, byes, drops and the final places."""
    if not event.can.show_results:
        raise Conflict(f"the event is {event.status}: only a finished event is archived", "wrong_event_status")
    registrations = event.registrations.select_related("player").order_by("player__handle")
    rounds = event.rounds.order_by("number").prefetch_related("byes__player", "tables__seats__player", "tables__result")
    sheets = {
        sheet.seat_id: sheet.data
        for sheet in ScoreSheet.objects.filter(seat__table__round__event=event).exclude(status="superseded")
    }
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": {name: getattr(event, name) for name in SETTINGS}
        | {"starts_at": event.starts_at.isoformat() if event.starts_at else None},
        "organisation": {
            "slug": event.organisation.slug,
            "name": event.organisation.name,
            "country": event.organisation.country,
            "kind": event.organisation.kind,
        },
        "edition": {"fingerprint": edition_fingerprint(event.game)},
        "players": [
            {"handle": r.player.handle, "display_name": r.player.display_name, "status": r.status}
            for r in registrations
        ],
        "rounds": [_round(round_, sheets) for round_ in rounds],
        "places": [{"player": row.handle, "place": row.rank} for row in selectors.event_standings(event=event)],
    }


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


class Refused(DomainError):
    """An archive that does not verify: where and why."""

    def __init__(self, message: str, where: str) -> None:
        super().__init__(message, "archive_refused", field=where)


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
    dealer = Event(**{name: data["event"][name] for name in DEAL_SETTINGS if name in data["event"]})
    for round_ in data["rounds"]:
        for table in round_["tables"]:
            _reverify(dealer, round_["number"], table)
    with transaction.atomic():
        organisation = _organisation(data["organisation"], by)
        settings = {name: data["event"][name] for name in (*SETTINGS, "starts_at") if name in data["event"]}
        event = Event(organisation=organisation, status=Event.Status.FINISHED, **settings)
        event_check(event=event)  # the same rules as an event created here
        event.save()
        event.organisers.add(by)
        players = {p["handle"]: _player(p) for p in data["players"]}
        Registration.objects.bulk_create(
            Registration(event=event, player=players[p["handle"]], status=p["status"]) for p in data["players"]
        )
        for round_ in data["rounds"]:
            _import_round(event, round_, players, by)
        event_places_refresh(event_ids=[event.pk])
    return event


def _checked_shape(archive: Any) -> dict[str, Any]:
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


def _reverify(dealer: Event, number: int, table: dict[str, Any]) -> None:
    """The engine's verdict on the archived sheets must be the archived verdict (forfeited seats aside); with
    duplicate deals, against the deal the archived seed gives (`dealer`: an unsaved event with the settings)."""
    game = dealer.game
    where = f"rounds[{number}].tables[{table['number']}]"
    playing = [seat for seat in table["seats"] if not seat["forfeited"]]
    sheets = [seat["sheet"] for seat in playing if seat["sheet"] is not None]
    stored = TableVerdict.read(table["verdict"])
    if stored.won_by_forfeit or not sheets:
        return  # decided without sheets: nothing for the engine to check
    forfeited = [seat["player"] for seat in table["seats"] if seat["forfeited"]]
    try:
        deck = games.GAMES[game].default_edition()
        deal = selectors.table_deal(event=dealer, round_number=number, players=len(sheets), deck=deck)
        dealt = len(table["seats"]) if forfeited else None
        verdict = games.verify_table({"game": game, "seats": sheets}, deck, dealt, deal)
    except games.MalformedInput as error:
        raise Refused(f"{where}: a sheet does not read: {error}", f"{where}.seats") from error
    again = TableVerdict.of_engine(verdict, forfeited)
    if table["status"] != "overridden" and again.to_json() != stored.to_json():
        named = sorted({p.player for p in verdict.problems if p.player})
        named = named or [s.player for s, t in zip(again.seats, stored.seats, strict=False) if s != t][:1]
        codes = ", ".join(verdict.problem_codes()) or "totals or places differ"
        message = f"{where}, seat {', '.join(named) or '?'}: the verdict does not match the sheets ({codes})"
        raise Refused(message, f"{where}.verdict")


def _organisation(data: dict[str, Any], by: User) -> Organisation:
    """The organisation of that slug here (the importer must be its staff), or a new one they own."""
    organisation = Organisation.objects.filter(slug=data["slug"]).first()
    if organisation is None:
        return organisation_create(
            by=by, slug=data["slug"], name=data["name"], country=data.get("country", ""), kind=data.get("kind", "club")
        )
    selectors.require_staff(user=by, organisation=organisation)
    return organisation


def _player(data: dict[str, Any]) -> Player:
    """The player of that handle here, or a new one (an account without a password, to be claimed)."""
    player = Player.objects.filter(handle=data["handle"]).first()
    if player is not None:
        return player
    user = get_user_model().objects.create_user(username=f"imported-{data['handle']}"[:150])  # no password: unusable
    return player_create(user=user, handle=data["handle"], display_name=data.get("display_name", ""))


def _import_round(event: Event, data: dict[str, Any], players: dict[str, Player], by: User) -> None:
    round_ = Round.objects.create(event=event, number=data["number"], is_final=data["is_final"], status="finished")
    Bye.objects.bulk_create(Bye(round=round_, player=players[handle]) for handle in data["byes"])
    for table_data in data["tables"]:
        table = Table.objects.create(round=round_, number=table_data["number"])
        TableResult.objects.create(
            table=table, status=table_data["status"], verdict=table_data["verdict"],
            override_reason=table_data["override_reason"] or "", attempt=1, verified_at=table_data["verified_at"],
        )  # fmt: skip
        for seat_data in table_data["seats"]:
            seat = Seat.objects.create(
                table=table, player=players[seat_data["player"]], position=seat_data["position"],
                forfeited=seat_data["forfeited"],
            )  # fmt: skip
            if seat_data["sheet"] is not None:
                ScoreSheet.objects.create(
                    seat=seat, version=1, data=seat_data["sheet"], entered_by=by, status="verified"
                )
