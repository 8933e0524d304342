"""Field rules that hold wherever a value comes from (the API, the admin, a script): Django validators.

The services turn a ValidationError into a DomainError naming the field.
"""

import itertools
import math
import secrets
import unicodedata
import zoneinfo
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

MAX_TABLE_POINTS = 1000
HANDLE_RULE = gettext_lazy("2-40 characters: letters of the Latin alphabet (accents allowed), digits, '.', '-' or '_'")
HANDLE_REFUSED = format_lazy(gettext_lazy("a handle is {handle_rule}"), handle_rule=HANDLE_RULE)


def validate_points_by_table_size(value: Any) -> None:
    """{"4": [4, 2, 1, 0], ...}: for each table size 2-5, one number a place, 0 to MAX_TABLE_POINTS, never
    more for a worse place (a scheme that rewarded losing would make standings meaningless)."""
    if not isinstance(value, dict):
        raise ValidationError("expected an object of table size -> list of points", code="invalid_points")
    for size, points in value.items():
        _check_points(size, points)


def _check_points(size: str, points: Any) -> None:
    if size not in {"2", "3", "4", "5"}:
        raise ValidationError(
            format_lazy(gettext_lazy("table sizes are 2 to 5, not {size!r}"), size=size), code="invalid_points"
        )
    if not isinstance(points, list) or len(points) != int(size):
        raise ValidationError(
            format_lazy(gettext_lazy("a table of {size} needs a list of {size} points"), size=size),
            code="invalid_points",
        )
    for place, number in enumerate(points, start=1):
        _check_place_points(size, place, number)
    if any(better < worse for better, worse in itertools.pairwise(points)):
        raise ValidationError(
            format_lazy(
                gettext_lazy("table of {size}: a place never earns more than the place above it ({points})"),
                size=size,
                points=points,
            ),
            code="invalid_points",
        )


def _check_place_points(size: str, place: int, number: Any) -> None:
    if isinstance(number, bool) or not isinstance(number, int | float) or not math.isfinite(number):
        raise ValidationError(
            format_lazy(
                gettext_lazy("table of {size}, place {place}: {number!r} is not a number"),
                size=size,
                place=place,
                number=number,
            ),
            code="invalid_points",
        )
    if not 0 <= number <= MAX_TABLE_POINTS:
        raise ValidationError(
            format_lazy(
                gettext_lazy("table of {size}, place {place}: {number!r} is outside 0 to {max_table_points}"),
                size=size,
                place=place,
                number=number,
                max_table_points=MAX_TABLE_POINTS,
            ),
            code="invalid_points",
        )


def normalise_handle(handle: str) -> str:
    """The form a handle is stored in: Unicode NFKC (fullwidth 'Ａ' is 'A', a ligature its letters), trimmed."""
    return unicodedata.normalize("NFKC", handle).strip()


def handle_key(handle: str) -> str:
    """What two handles must not share: case, accents and compatibility forms folded ('Zoé' = 'zoe' = 'ＺＯＥ')."""
    decomposed = unicodedata.normalize("NFKD", normalise_handle(handle))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def validate_handle(handle: str) -> None:
    """Latin script only, so that no handle can pass for another in a lookalike alphabet (Cyrillic 'а')."""
    if handle != normalise_handle(handle) or not 2 <= len(handle) <= 40:
        raise ValidationError(HANDLE_REFUSED, code="invalid_handle")
    for character in handle:
        if character in ".-_" or ("0" <= character <= "9"):
            continue
        if not character.isalpha() or not unicodedata.name(character, "").startswith("LATIN "):
            raise ValidationError(
                format_lazy(
                    gettext_lazy("{character!r} is not allowed: a handle is {handle_rule}"),
                    character=character,
                    handle_rule=HANDLE_RULE,
                ),
                code="invalid_handle",
            )


def validate_timezone(name: str) -> None:
    """An IANA time zone name, as the event's times are shown in it (`Europe/Paris`)."""
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        raise ValidationError(
            format_lazy(gettext_lazy("{name!r} is not a time zone: use an IANA name such as Europe/Paris"), name=name)
        ) from None


def default_event_timezone() -> str:
    return str(settings.EVENT_TIME_ZONE)


def new_deal_seed() -> int:
    """A secret seed for an event's duplicate deals: nobody can know a table's hands before the service deals."""
    return secrets.randbits(62)


def validate_display_name(name: str) -> None:
    """Letters, spaces and punctuation as people write their names; no control or invisible characters."""
    if name != name.strip() or "  " in name:
        raise ValidationError("a name has no leading, trailing or doubled spaces")
    if any(unicodedata.category(char) in INVISIBLE for char in name):
        raise ValidationError("a name holds no control or invisible characters")


INVISIBLE = ("Cc", "Cf", "Cs", "Co", "Cn")  # control, format (bidi overrides), surrogates, private, unassigned
LINE_BREAKS = ("Zl", "Zp")  # U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR: a break in any e-mail or page


def validate_one_line(text: str) -> None:
    """A name or a place written on one line: no line break, control or invisible character (a CR in an
    event's name would break every e-mail subject it is in)."""
    if any(unicodedata.category(char) in (*INVISIBLE, *LINE_BREAKS) for char in text):
        raise ValidationError("one line of visible text: no line break, control or invisible character")


def validate_text(text: str) -> None:
    """Free text of several lines: line breaks and tabs, but no other control or invisible character."""
    if any(unicodedata.category(char) in INVISIBLE and char not in "\n\r\t" for char in text):
        raise ValidationError("no control or invisible character (line breaks are fine)")


# Every known tie-break (tournaments/standings.py ranks by them); an event orders a subset.
TIE_BREAKS = ("game_score", "game_tie_break", "opponents_points", "duplicate")


def validate_tie_breaks(value: Any) -> None:
    """A list of known tie-break names, in the order they apply."""
    unknown = [name for name in value if name not in TIE_BREAKS] if isinstance(value, list) else [value]
    if unknown:
        raise ValidationError(
            format_lazy(
                gettext_lazy("unknown tie-breaks {unknown}; use {choices}"),
                unknown=unknown,
                choices=", ".join(TIE_BREAKS),
            )
        )


CLAIM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I/L to misread from a slip


def new_claim_code() -> str:
    """Twelve characters a person reads off a slip and types in any case (60 bits): a guest's claim code, a
    team's join code."""
    return "".join(secrets.choice(CLAIM_ALPHABET) for _ in range(12))
