"""Field-by-field forms for the editions whose file is short (issue 55, item 2): the flip game's thirteen piece
values and the hunt's species with their card counts, typed on a phone one field each rather than as the
edition file's JSON. Each builds the edition file of docs/deck.md; entries.entry_save runs its checks."""

from typing import Any

from django.http import QueryDict

import games
from config.errors import DomainError
from games.flip import PIECES_PER_PLAYER as PIECES

SPECIES_ROWS = 8  # the hunt has 6 species; two spare rows let a mistyped entry be seen and fixed


def form_kind(game: str) -> str | None:
    """ "pieces" for a game whose edition is its pieces' values, "species" for one whose edition is its species'
    card counts, None for the drafting editions (their file is typed whole)."""
    edition = games.GAMES[game].default_edition()
    return "pieces" if hasattr(edition, "pieces") else "species" if hasattr(edition, "cards_per_species") else None


def edition_from_form(game: str, form: QueryDict) -> dict[str, Any]:
    """The edition file the form describes; a count that is not a whole number is refused naming its field."""
    name = form.get("name", "").strip()
    if form_kind(game) == "pieces":
        pieces = [_whole(form.get(f"piece-{i}", ""), f"pieces[{i}]") for i in range(PIECES)]
        return {"edition": game, "name": name, "pieces": pieces}
    species = {}
    for i in range(SPECIES_ROWS):
        label, count = form.get(f"species-{i}", "").strip(), form.get(f"count-{i}", "").strip()
        if label or count:
            if not label:
                raise DomainError("a count needs its species' name", "invalid_edition", f"species[{i}]")
            species[label] = _whole(count, f"species.{label}")
    return {"edition": game, "name": name, "species": species}


def form_rows(game: str, data: dict[str, Any] | None) -> dict[str, Any]:
    """What the form shows of an entry saved before (or empty rows)."""
    data = data or {}
    if form_kind(game) == "pieces":
        pieces = list(data.get("pieces") or [])
        return {"name": data.get("name", ""), "pieces": [(i, pieces[i] if i < len(pieces) else "") for i in
                                                         range(PIECES)]}  # fmt: skip
    species = list((data.get("species") or {}).items())
    rows = [(i, *species[i]) if i < len(species) else (i, "", "") for i in range(max(SPECIES_ROWS, len(species)))]
    return {"name": data.get("name", ""), "species": rows}


def _whole(text: str, field: str) -> int:
    text = str(text).strip()
    if not text.isdigit() or len(text) > 4:
        raise DomainError(f"{field} is a whole number", "invalid_edition", field)
    return int(text)
