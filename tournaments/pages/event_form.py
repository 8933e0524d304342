"""The organiser's event form: every setting the API takes, checked by the same services with the same
words (services.event_create / event_update refuse; the form shows the refusal at its field)."""

import zoneinfo
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

import games
from tournaments.models import DEFAULT_POINTS_BY_TABLE_SIZE, DEFAULT_TIE_BREAKS, Event, Organisation
from tournaments.pages.text import game_name
from tournaments.validators import TIE_BREAKS, default_event_timezone

LOCAL_MOMENT = "%Y-%m-%dT%H:%M"  # what <input type="datetime-local"> sends
MOMENTS = ("starts_at", "registration_opens", "registration_closes")
TABLE_SIZES = sorted({size for game in games.GAMES.values() for size in game.table_sizes_by_preference})


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    organisation = forms.ChoiceField(label=_("Club"), help_text=_("The organisation that runs it."))
    game = forms.ChoiceField(label=_("Game"))
    starts_at = forms.CharField(
        label=_("Starts at"), required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    timezone = forms.CharField(label=_("Time zone"), max_length=64, help_text=_("For example Europe/Paris."))
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    description = forms.CharField(
        label=_("Description"), max_length=5000, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    rounds_planned = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=20, initial=4)
    capacity = forms.IntegerField(label=_("Places"), min_value=2, max_value=10_000, initial=32)
    registration_opens = forms.CharField(
        label=_("Registration opens"), required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    registration_closes = forms.CharField(
        label=_("Registration closes"), required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    rated = forms.BooleanField(label=_("Rated (once a steward sanctions it)"), required=False, initial=True)
    draft_direction = forms.ChoiceField(
        label=_("Passing (drafting games)"), initial="left",
        choices=[("left", _("to the left")), ("alternate", _("Direction Variant: left, right, left, right"))],
    )  # fmt: skip
    duplicate_deals = forms.BooleanField(
        label=_("Duplicate deals (drafting games)"), required=False,
        help_text=_("Every table of a size is dealt the same hands, printed on its slip; sheets must fit them."),
    )  # fmt: skip
    late_entry_until_round = forms.IntegerField(
        label=_("Late entry until round"), min_value=0, max_value=20, initial=0, help_text=_("0: no late entry.")
    )
    final_table_size = forms.IntegerField(
        label=_("Final table"), min_value=0, max_value=5, initial=0,
        help_text=_("After the Swiss rounds, the top N play a final (0: none)."),
    )  # fmt: skip
    bye_points = forms.FloatField(
        label=_("Points for a bye"), required=False, help_text=_("Empty: the game's default.")
    )
    tie_breaks = forms.CharField(
        label=_("Tie-breaks, in order"),
        max_length=300,
        help_text=_("Separated by commas; known: %(names)s.") % {"names": ", ".join(TIE_BREAKS)},
    )
    avoid_pairs = forms.CharField(
        label=_("Must not meet"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("One pair of handles a line: ann bob"),
    )  # fmt: skip
    pinned_tables = forms.CharField(
        label=_("Keep a table"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("A handle and a table number a line: ann 1"),
    )  # fmt: skip
    seed = forms.IntegerField(label=_("Seed"), required=False, help_text=_("Round 1's random seating; empty: drawn."))

    def __init__(
        self, *args: Any, organisations: list[Organisation], event: Event | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        cast(forms.ChoiceField, self.fields["organisation"]).choices = [(o.slug, o.name) for o in organisations]
        cast(forms.ChoiceField, self.fields["game"]).choices = [(g.id, game_name(g.id)) for g in games.GAMES.values()]
        for size in TABLE_SIZES:
            self.fields[f"points_{size}"] = forms.CharField(
                label=_("A table of %(size)s") % {"size": size}, required=False,
                help_text=_("Points by place, first place first."),
            )  # fmt: skip
        if event is None:
            self.fields["timezone"].initial = default_event_timezone()
            self.fields["tie_breaks"].initial = ", ".join(DEFAULT_TIE_BREAKS)
            for size in TABLE_SIZES:
                self.fields[f"points_{size}"].initial = _numbers(DEFAULT_POINTS_BY_TABLE_SIZE.get(str(size), []))
        else:
            del self.fields["organisation"]  # an event stays with its organisation
            self.initial.update(_initial_of(event))
            if event.registrations.exists():
                self._fix_the_rules()

    def _fix_the_rules(self) -> None:
        """Players registered for these rules: what seats or scores them is shown, not changed."""
        ruled = ["game", "rounds_planned", "rated", "draft_direction", "duplicate_deals", "final_table_size",
                 "bye_points", "seed", "tie_breaks", *(f"points_{size}" for size in TABLE_SIZES)]  # fmt: skip
        for name in ruled:
            self.fields[name].disabled = True
            self.fields[name].help_text = _("Fixed: players registered for these rules.")

    def points_fields(self) -> list[forms.BoundField]:
        return [self[f"points_{size}"] for size in TABLE_SIZES]

    def settings(self) -> dict[str, Any]:
        """The cleaned values as the services take them (moments in the event's own time zone)."""
        data = dict(self.cleaned_data)
        zone = _zone(data["timezone"])
        for name in MOMENTS:
            data[name] = _moment(data[name], zone)
        sizes = games.GAMES[data["game"]].table_sizes_by_preference
        data["points_by_table_size"] = {
            str(size): _parse_numbers(data.pop(f"points_{size}")) for size in TABLE_SIZES if size in sizes
        }
        for size in TABLE_SIZES:
            data.pop(f"points_{size}", None)
        data["tie_breaks"] = [name.strip() for name in data["tie_breaks"].split(",") if name.strip()]
        data["avoid_pairs"] = [line.split() for line in data["avoid_pairs"].splitlines() if line.strip()]
        data["pinned_tables"] = {
            parts[0]: int(parts[1]) if parts[1].isdigit() else 0
            for parts in (line.split() for line in data["pinned_tables"].splitlines())
            if len(parts) == 2
        }
        data.pop("organisation", None)
        if data["seed"] is None:
            data.pop("seed")
        return data

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        zone = _zone(data.get("timezone") or "")
        if zone is None and "timezone" in data:
            self.add_error("timezone", _("Not a time zone: write it as Europe/Paris."))
        for name in MOMENTS:
            if data.get(name) and _moment(data[name], zone or zoneinfo.ZoneInfo("UTC")) is None:
                self.add_error(name, _("Write a date and a time."))
        for size in TABLE_SIZES:
            value = data.get(f"points_{size}") or ""
            if value and _parse_numbers(value) is None:
                self.add_error(f"points_{size}", _("Write numbers separated by commas: 4, 2, 1, 0."))
        return data


def _zone(name: str) -> zoneinfo.ZoneInfo | None:
    try:
        return zoneinfo.ZoneInfo(name) if name else None
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


def _moment(text: str, zone: zoneinfo.ZoneInfo | None) -> datetime | None:
    if not text or zone is None:
        return None
    try:
        return datetime.strptime(text, LOCAL_MOMENT).replace(tzinfo=zone)
    except ValueError:
        return None


def _parse_numbers(text: str) -> list[float] | None:
    try:
        return [float(part) for part in text.replace(";", ",").split(",") if part.strip()]
    except ValueError:
        return None


def _numbers(values: Sequence[float]) -> str:
    return ", ".join(f"{value:g}" for value in values)


def _initial_of(event: Event) -> dict[str, Any]:
    zone = _zone(event.timezone) or zoneinfo.ZoneInfo("UTC")
    initial: dict[str, Any] = {
        name: getattr(event, name)
        for name in ("name", "game", "timezone", "venue", "description", "rounds_planned", "capacity", "rated",
                     "draft_direction", "duplicate_deals",
                     "late_entry_until_round", "final_table_size", "bye_points", "seed")
    }  # fmt: skip
    for name in MOMENTS:
        moment = getattr(event, name)
        initial[name] = timezone.localtime(moment, zone).strftime(LOCAL_MOMENT) if moment else ""
    for size, points in event.points_by_table_size.items():
        initial[f"points_{size}"] = _numbers(points)
    initial["tie_breaks"] = ", ".join(event.tie_breaks)
    initial["avoid_pairs"] = "\n".join(" ".join(pair) for pair in event.avoid_pairs)
    initial["pinned_tables"] = "\n".join(f"{handle} {number}" for handle, number in event.pinned_tables.items())
    return initial
