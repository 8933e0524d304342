"""What a game's end-of-game score pad asks for: the fields of each seat's form and how they become a seat
of the sheet format (docs/score-sheet.md). The pages render any game's form from this description.

Labels and the introduction are English; `words.gettext_noop` marks them so that the project's translation
catalogue carries them and the pages show them in the reader's language.
"""

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

NUMBERS = re.compile(r"-?\d+")
FieldKind = Literal["count", "numbers", "choice"]


@dataclass(frozen=True)
class PadField:
    """One box of a seat's form. `count`: a whole number; `numbers`: numbers separated by spaces;
    `choice`: one of `choices` (the seat's position picks the default: the first seat the first choice)."""

    key: str
    label: str
    kind: FieldKind
    choices: tuple[str, ...] = ()
    translate_label: bool = True  # False for names that come from the edition's data (a species)
    most: int = 200  # the largest count the box takes
    per_player: int | None = None  # the seats' boxes add up to this many a player (the hunt's boomerangs)
    taps: tuple[int, ...] = ()  # a `numbers` box's values offered as buttons (the flip game's piece values)


@dataclass(frozen=True)
class EndPad:
    intro: str
    fields: Callable[[Any], tuple[PadField, ...]]  # (edition data) -> the fields of one seat's form
    to_seat: Callable[[str, Mapping[str, str]], dict[str, Any]]  # (handle, typed values by key) -> a raw seat
    from_seat: Callable[[Mapping[str, Any]], dict[str, str]]  # a raw seat -> values by key (to show it again)


def whole(value: str | None) -> int | None:
    """A count as typed: None when the box is empty, 0 for what is not a whole number (the engine then
    names the problem)."""
    text = (value or "").strip()
    if not text:
        return None
    return int(text) if text.isdigit() else 0


def numbers(value: str | None) -> list[int]:
    """The whole numbers in a box, in order ("3 5, 8" -> [3, 5, 8]; "-2" -> [-2])."""
    return [int(n) for n in NUMBERS.findall(value or "")]
