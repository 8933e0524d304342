"""A federation's licences (issue 57, item 2; docs/organisers.md, "Licences"): imported from its CSV, whole or
not at all, each bad row named with its line and field; shown on the player's page; an event may require one
valid on its day (services/entry.py)."""

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy

from config.errors import DomainError
from tournaments.models import Licence, Organisation, Player
from tournaments.selectors.permissions import require_staff
from tournaments.validators import handle_key, validate_one_line

COLUMNS = ("handle", "number", "valid_from", "valid_until", "club", "category")
REQUIRED = ("handle", "number", "valid_from", "valid_until")
MOST_ROWS = 20_000


@dataclass(frozen=True)
class RowFault:
    line: int
    field: str
    reason: str | Promise  # read in the language active where the refusal is raised: the request's

    def as_text(self) -> str:
        return gettext("line {line}, {field}: {reason}").format(line=self.line, field=self.field, reason=self.reason)


def licences_import(*, federation: Organisation, by: User, text: str) -> int:
    """Store every licence of the CSV (columns handle, number, valid_from, valid_until and any of club,
    category), a number already known being updated. One bad row refuses the whole file, naming every bad row
    with its line and field (400 `invalid_licences`); nothing is stored half. Returns how many were stored."""
    require_staff(user=by, organisation=federation)
    if federation.kind != Organisation.Kind.FEDERATION:
        raise DomainError("licences are a federation's", "not_a_federation", "organisation")
    rows, faults = _read(text)
    if faults:
        raise DomainError("; ".join(fault.as_text() for fault in faults[:50]), "invalid_licences", "csv")
    licences = [Licence(federation=federation, imported_by=by, **row) for row in rows]
    with transaction.atomic():  # one statement a thousand rows: a number already known is updated
        Licence.objects.bulk_create(
            licences, batch_size=1000, update_conflicts=True, unique_fields=["federation", "number"],
            update_fields=["player", "valid_from", "valid_until", "club", "category", "imported_by", "imported_at"],
        )  # fmt: skip
    return len(rows)


def licence_valid(*, federation: Organisation, player: Player, on: date) -> bool:
    return Licence.objects.filter(
        federation=federation, player=player, valid_from__lte=on, valid_until__gte=on
    ).exists()


def _read(text: str) -> tuple[list[dict[str, object]], list[RowFault]]:
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    try:
        return _read_rows(reader)
    except csv.Error as error:  # a cell over the csv module's limit, a NUL
        raise DomainError(
            format_lazy(gettext_lazy("the file is not a CSV this service reads: {error}"), error=error),
            "malformed_csv",
            "csv",
        ) from error


def _read_rows(reader: "csv.DictReader[str]") -> tuple[list[dict[str, object]], list[RowFault]]:
    _check_header(reader.fieldnames or [])
    lines = list(reader)
    if not lines or len(lines) > MOST_ROWS:
        raise DomainError(
            format_lazy(gettext_lazy("a file holds 1 to {most_rows} licences"), most_rows=MOST_ROWS),
            "invalid_licences",
            "csv",
        )
    players, clubs = _named_in(lines)
    rows: list[dict[str, object]] = []
    faults: list[RowFault] = []
    numbers: set[str] = set()
    for line, raw in enumerate(lines, start=2):
        row, found = _row(line, {k.strip(): (v or "").strip() for k, v in raw.items() if k}, players, clubs, numbers)
        faults += found
        rows.append(row)
    return rows, faults


def _check_header(names: Sequence[str]) -> None:
    header = [name.strip() for name in names]
    missing = [name for name in REQUIRED if name not in header]
    if missing or any(name not in COLUMNS for name in header):
        raise DomainError(
            format_lazy(
                gettext_lazy("the first line names the columns: {choices} ({required} needed)"),
                choices=", ".join(COLUMNS),
                required=", ".join(REQUIRED),
            ),
            "invalid_columns",
            "csv",
        )


def _named_in(lines: list[dict[str, str]]) -> tuple[dict[str, Player], dict[str, Organisation]]:
    """The players and clubs the file's lines name, each read once."""
    handles = [handle_key(r.get("handle") or "") for r in lines]
    slugs = [(r.get("club") or "").strip() for r in lines]
    players = {p.handle_key: p for p in Player.objects.filter(handle_key__in=handles)}
    return players, {o.slug: o for o in Organisation.objects.filter(slug__in=slugs)}


def _one_line(text: str) -> bool:
    try:
        validate_one_line(text)
    except ValidationError:
        return False
    return True


def _row(line: int, raw: dict[str, str], players: dict[str, Player], clubs: dict[str, Organisation],
         numbers: set[str]) -> tuple[dict[str, object], list[RowFault]]:  # fmt: skip
    faults = []
    player = players.get(handle_key(raw.get("handle", "")))
    if player is None:
        faults.append(
            RowFault(
                line,
                "handle",
                format_lazy(gettext_lazy("no player has the handle {handle!r}"), handle=raw.get("handle")),
            )
        )
    number = raw.get("number", "")
    faults += _number_faults(line, number, raw.get("category", ""), numbers)
    numbers.add(number)
    days, day_faults = _days(line, raw)
    faults += day_faults
    club = clubs.get(raw.get("club", "")) if raw.get("club") else None
    if raw.get("club") and club is None:
        faults.append(
            RowFault(line, "club", format_lazy(gettext_lazy("no club has the address {club!r}"), club=raw.get("club")))
        )
    row: dict[str, object] = {
        "player": player,
        "number": number,
        "club": club,
        "category": raw.get("category", "")[:40],
    }
    return {**row, **days}, faults


def _number_faults(line: int, number: str, category: str, numbers: set[str]) -> list[RowFault]:
    if not number or len(number) > 40:
        return [RowFault(line, "number", gettext_lazy("a licence number is 1 to 40 characters"))]
    if not _one_line(number) or not _one_line(category):
        field = "number" if not _one_line(number) else "category"
        return [
            RowFault(
                line, field, gettext_lazy("one line of visible text: no line break, control or invisible character")
            )
        ]
    if number in numbers:
        return [
            RowFault(line, "number", format_lazy(gettext_lazy("{number} is on an earlier line already"), number=number))
        ]
    return []


def _days(line: int, raw: dict[str, str]) -> tuple[dict[str, date], list[RowFault]]:
    days, faults = {}, []
    for name in ("valid_from", "valid_until"):
        try:
            days[name] = date.fromisoformat(raw.get(name, ""))
        except ValueError:
            faults.append(RowFault(line, name, gettext_lazy("a day as YYYY-MM-DD")))
    if len(days) == 2 and days["valid_from"] > days["valid_until"]:
        faults.append(RowFault(line, "valid_until", gettext_lazy("before valid_from")))
    return days, faults
