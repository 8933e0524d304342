"""Divisions by rating within one event (issue 70, item 8; as ABSP and WESPA run them): one seating, and a
standing of its own for each division. An event's `divisions` name them from the strongest down, each but
the last with the least conservative rating (mu - 3 sigma, the game's pool) that enters it; the last takes
everyone else, the unrated included. A player's division is fixed when they start to play (the event's
start, or a late arrival's check-in) from their rating then, so a good night never moves them up mid-event.
A division's standings are the event's in the same order, ranked again among its players (tied players
stay tied)."""

from collections.abc import Sequence
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import DomainError
from ratings.selectors.chances import skills_of
from ratings.selectors.leaderboards import pool_of_game
from tournaments.models import Event, Registration

MAX_DIVISIONS, MAX_NAME = 6, 40


def divisions_checked(raw: Any) -> list[dict[str, Any]]:
    """The event's divisions as stored ([] for none), or a refusal naming the division and its field."""
    field = "divisions"
    if raw in (None, []):
        return []
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_DIVISIONS:
        raise DomainError(format_lazy(gettext_lazy("none, or 2 to {count} divisions"), count=MAX_DIVISIONS),
                          "invalid_divisions", field)  # fmt: skip
    checked: list[dict[str, Any]] = []
    for i, division in enumerate(raw):
        where = f"{field}[{i}]"
        if not isinstance(division, dict):
            raise DomainError("a division is an object {name, min}", "invalid_divisions", where)
        name = _name_checked(division.get("name"), {d["name"] for d in checked}, f"{where}.name")
        above = checked[-1]["min"] if checked else None
        least = _least_checked(division.get("min"), i == len(raw) - 1, above, f"{where}.min")
        checked.append({"name": name, "min": least})
    return checked


def _name_checked(name: Any, taken: set[str], where: str) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or "\n" in name:
        raise DomainError(format_lazy(gettext_lazy("a name is one line of 1 to {count} characters"), count=MAX_NAME),
                          "invalid_divisions", where)  # fmt: skip
    if name.strip() in taken:
        raise DomainError("two divisions have the same name", "invalid_divisions", where)
    return name.strip()


def _least_checked(least: Any, last: bool, above: float | None, where: str) -> float | None:
    """The last division takes everyone else (no minimum); each other's minimum is a number below the one
    before it."""
    if last:
        if least is not None:
            raise DomainError(gettext_lazy("the last division takes everyone else: no minimum"), "invalid_divisions",
                              where)  # fmt: skip
        return None
    if isinstance(least, bool) or not isinstance(least, int | float) or not -1000 <= least <= 1000:
        raise DomainError(gettext_lazy("a minimum rating, a number"), "invalid_divisions", where)
    if above is not None and least >= above:
        raise DomainError(gettext_lazy("each division's minimum is below the one before"), "invalid_divisions", where)
    return float(least)


def division_of(divisions: Sequence[dict[str, Any]], rating: float) -> str:
    """The first division whose minimum the rating reaches (the last when none)."""
    for division in divisions:
        if division["min"] is None or rating >= division["min"]:
            return str(division["name"])
    return str(divisions[-1]["name"])


def divisions_from_lines(text: str) -> list[dict[str, Any]]:
    """The event form's divisions, one a line from the strongest: `name: least rating`, the last `name` alone."""
    divisions: list[dict[str, Any]] = []
    for line in (line.strip() for line in text.splitlines() if line.strip()):
        name, colon, least = line.rpartition(":")
        if not colon:
            divisions.append({"name": line, "min": None})
            continue
        try:
            divisions.append({"name": name.strip(), "min": float(least.strip().replace(",", "."))})
        except ValueError:
            divisions.append({"name": line, "min": None})
    return divisions_checked(divisions)


def divisions_as_lines(divisions: Sequence[dict[str, Any]]) -> str:
    return "\n".join(d["name"] if d["min"] is None else f"{d['name']}: {d['min']:g}" for d in divisions)


def divisions_assign(*, event: Event, registrations: Sequence[Registration]) -> None:
    """Fix each registration's division from its player's conservative rating in the game's pool now (call
    when they start to play: the event's start, a late arrival's check-in); one read of the ratings."""
    if not event.divisions:
        return
    waiting = [r for r in registrations if not r.division]
    pool = pool_of_game(game=event.game)
    skills = skills_of(pool=pool, player_ids=[r.player.user_id for r in waiting]) if pool else {}
    default = (pool.mu, pool.sigma) if pool else (25.0, 25.0 / 3)
    for registration in waiting:
        mu, sigma = skills.get(registration.player.user_id, default)
        registration.division = division_of(event.divisions, mu - 3 * sigma)
    Registration.objects.bulk_update(waiting, ["division"])
