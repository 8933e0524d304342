"""Editions entered from the boxes clubs own, and confirmed by double entry (issue 55, items 2 and 3; docs/deck.md,
"Entering an edition from the box").

A signed-in person enters their box's edition file, saves it as they go and resumes it; the checks of
docs/deck.md run on each save and name each fault. Submitted, an entry that agrees field by field with another
person's submitted entry is confirmed (two entries from one account never confirm: an account has one entry a
game). Where two entries differ, the differing fields are shown side by side for a third person to settle by
their own box: their entry confirms whichever it agrees with. An entry never changes the edition in use: a
steward of the game makes a confirmed edition the game's (edition_load: every table of the game is verified
again), recorded with who, when and why."""

import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

import games
from config.errors import Conflict, DomainError, NotAllowed
from games.simulate import drafting_sheet
from tournaments.catalogue.models import EditionConfirmation, EditionEntry
from tournaments.catalogue.selectors import require_game
from tournaments.catalogue.services import edition_load
from tournaments.selectors.permissions import is_steward


@dataclass(frozen=True)
class Difference:
    field: str  # a path in the edition file: cards[3].number
    mine: Any
    theirs: Any


def entry_faults(data: Any) -> list[str]:
    """What the checks of docs/deck.md find in an edition file typed from a box, each fault naming its field;
    empty: none."""
    try:
        game, edition = games.load_edition(data)
    except games.InvalidEdition as error:
        return list(error.faults)
    except games.MalformedInput as error:
        return [f"{error.field}: {error}"]
    return game.box_faults(edition) if game.box_faults else []


def entry_sample_table(data: Any) -> list[tuple[str, int]] | None:
    """What the entry makes of a table: one of the game's usual size dealt and played at random from it (a fixed
    seed, so the page shows the same table until the entry changes), scored by the rules engine with the
    entry's own data; each seat's player and total. None while the entry has faults (the checks say why)."""
    try:
        game, edition = games.load_edition(data)
    except (games.InvalidEdition, games.MalformedInput):
        return None
    players = game.table_sizes_by_preference[0]
    if game.drafting is not None:
        sheet = drafting_sheet(game.id, edition, players, random.Random(0))
    elif game.simulate is not None:
        sheet = {"game": game.id, "seats": game.simulate(edition, players, random.Random(0))}
    else:
        return None
    verdict = games.verify_table(sheet, edition)
    return [(seat.player, seat.total) for seat in verdict.seats]


def entry_save(*, game: str, by: User, data: Any) -> tuple[EditionEntry, list[str]]:
    """Save (or resume) the person's entry of the game's edition, faults and all; returns it with its faults. A
    submitted entry that changes goes back to being a draft."""
    require_game(game)
    if not isinstance(data, dict):
        raise DomainError("an edition is a JSON object (docs/deck.md)", "invalid_edition", "data")
    if data.get("game", game) != game:
        raise DomainError(
            format_lazy(
                gettext_lazy("this entry is for {game}, the file names {named}"), game=game, named=data.get("game")
            ),
            "wrong_game",
            "data",
        )
    with transaction.atomic():
        entry, _created = EditionEntry.objects.select_for_update().get_or_create(game=game, entered_by=by)
        if entry.data != data:
            entry.data, entry.submitted_at = data, None
            entry.save(update_fields=["data", "submitted_at", "updated_at"])
    return entry, entry_faults(data)


def entry_submit(*, entry: EditionEntry, by: User) -> EditionConfirmation | None:
    """Offer the entry for confirmation once it passes every check; the confirmation it makes with another
    person's agreeing entry, if there is one."""
    if entry.entered_by_id != by.pk:
        raise NotAllowed("a person submits their own entry", "not_yours", "entry")
    faults = entry_faults(entry.data)
    if faults:
        raise DomainError("; ".join(faults), "invalid_edition", "data")
    with transaction.atomic():
        EditionEntry.objects.filter(pk=entry.pk).update(submitted_at=timezone.now())
        mine = _canonical(entry.data)
        others = EditionEntry.objects.filter(game=entry.game, submitted_at__isnull=False)
        agreeing = [other for other in others.exclude(entered_by=entry.entered_by) if _canonical(other.data) == mine]
        if not agreeing:
            return None
        digest = hashlib.sha256(mine.encode()).hexdigest()
        confirmation, _made = EditionConfirmation.objects.get_or_create(
            game=entry.game, digest=digest, defaults={"data": entry.data}
        )  # two agreeing entries submitted at once make one confirmation (its unique digest)
        confirmation.entries.add(entry, *agreeing)
    return confirmation


def entries_compare(*, mine: EditionEntry, theirs: EditionEntry) -> list[Difference]:
    """The fields where two entries of a game differ, side by side (a field one of them lacks: None)."""
    return list(_differences(mine.data, theirs.data, ""))


def confirmation_adopt(*, confirmation: EditionConfirmation, by: User, reason: str) -> EditionConfirmation:
    """A steward of the game makes the confirmed edition the game's: every table of the game is verified again
    with it (catalogue/services.edition_load). Kept with who, when and why."""
    if not is_steward(user=by, game=confirmation.game):
        raise NotAllowed("only a steward of this game's ratings makes its edition", "not_steward", "game")
    if not reason.strip():
        raise DomainError("say why", "reason_required", "reason")
    if confirmation.adopted_at is not None:
        raise Conflict("this confirmed edition was made the game's already", "adopted_already", "confirmation")
    with transaction.atomic():
        edition = edition_load(raw=confirmation.data, loaded_by=by)
        confirmation.adopted_edition, confirmation.adopted_by = edition, by
        confirmation.adopted_at, confirmation.reason = timezone.now(), reason.strip()[:2000]
        confirmation.save()
    return confirmation


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _differences(a: Any, b: Any, path: str) -> Any:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys()):
            yield from _differences(a.get(key), b.get(key), f"{path}.{key}" if path else key)
    elif isinstance(a, list) and isinstance(b, list):
        for index in range(max(len(a), len(b))):
            yield from _differences(a[index] if index < len(a) else None, b[index] if index < len(b) else None,
                                    f"{path}[{index}]")  # fmt: skip
    elif a != b:
        yield Difference(path, a, b)
