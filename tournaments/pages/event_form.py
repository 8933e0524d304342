"""The organiser's event form: every setting the API takes, checked by the same services with the same
words (services.event_create / event_update refuse; the form shows the refusal at its field).

A club night fits on one phone screen: name, club, game, date and time (written as the page's language
writes them), venue and places; everything else is folded under "More settings", as choices in words."""

import re
import zoneinfo
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from django import forms
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _

import games
from config.errors import DomainError
from tournaments.models import DEFAULT_POINTS_BY_TABLE_SIZE, DEFAULT_TIE_BREAKS, Event, Organisation
from tournaments.models.events import LATE_ENTRY_UNTIL_ROUND
from tournaments.practice import practice_games
from tournaments.services.divisions import divisions_as_lines, divisions_from_lines
from tournaments.services.registration_questions import questions_as_lines, questions_from_lines
from tournaments.text import date_example, game_name, refusal, tie_break_label
from tournaments.validators import TIE_BREAKS, default_event_timezone

MOMENTS = ("registration_opens", "registration_closes")
# What the first screen shows; the rest is folded under "More settings".
COMMON = ("name", "organisation", "game", "starts_on", "starts_time", "venue", "capacity")
TIME_ZONES = sorted(zoneinfo.available_timezones() - {"Factory", "localtime"})
TABLE_SIZES = sorted({size for game in games.GAMES.values() for size in game.table_sizes_by_preference})


class SpokenTimeField(forms.TimeField):
    """A time as people type it: "19:30", as French writes it, "20h", "20 h 15", "20h15", and as English says
    it, "8pm", "8:30 pm", "8.30pm", "12am" (midnight)."""

    SPOKEN = re.compile(r"^\s*(\d{1,2})\s*[hH]\s*(\d{2})?\s*$")
    CLOCK = re.compile(r"^\s*(\d{1,2})(?:\s*[:.]\s*(\d{2}))?\s*([aApP])\.?\s*[mM]\.?\s*$")

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str) and (spoken := self.SPOKEN.match(value)):
            value = f"{int(spoken.group(1)):02d}:{spoken.group(2) or '00'}"
        elif isinstance(value, str) and (clock := self.CLOCK.match(value)) and 1 <= int(clock.group(1)) <= 12:
            hour = int(clock.group(1)) % 12 + (12 if clock.group(3) in "pP" else 0)
            value = f"{hour:02d}:{clock.group(2) or '00'}"
        return super().to_python(value)


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    organisation = forms.ChoiceField(label=_("Club"))
    game = forms.ChoiceField(label=_("Game"))
    starts_on = forms.DateField(label=_("Date"), required=False, localize=True)
    starts_time = SpokenTimeField(label=_("Time"), required=False, widget=forms.TimeInput(format="%H:%M"))
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    capacity = forms.IntegerField(label=_("Places"), min_value=2, max_value=10_000, initial=32)
    timezone = forms.ChoiceField(label=_("Time zone"), choices=[(zone, zone) for zone in TIME_ZONES])
    description = forms.CharField(
        label=_("Description"), max_length=5000, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    rounds_planned = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=20, initial=4)
    registration_opens = forms.DateTimeField(label=_("Registration opens"), required=False, localize=True)
    registration_closes = forms.DateTimeField(label=_("Registration closes"), required=False, localize=True)
    rated = forms.BooleanField(label=_("Rated (once a steward sanctions it)"), required=False, initial=True)
    draft_direction = forms.ChoiceField(
        label=_("Passing (drafting games)"), initial="left",
        choices=[("left", _("to the left")), ("alternate", _("left, then right, in turn (Direction Variant)"))],
    )  # fmt: skip
    duplicate_deals = forms.BooleanField(
        label=_("Duplicate deals (drafting games)"), required=False,
        help_text=_("Every table of a size is dealt the same hands, printed on its slip; sheets must fit them."),
    )  # fmt: skip
    ranked_by = forms.ChoiceField(
        label=_("Standings ranked by"), initial="points", required=False,
        choices=[("points", _("points")), ("duplicate", _("duplicate matchpoints (duplicate deals)"))],
        help_text=_("Duplicate: the players dealt the same hands are compared directly, as duplicate bridge ranks."),
    )  # fmt: skip
    handicap_shown = forms.BooleanField(
        label=_("Show handicap standings"), required=False,
        help_text=_("Beside the real standings: players ranked by the places they finished above what their "
                    "ratings expected, so a newcomer can win the night."),
    )  # fmt: skip
    late_entry_until_round = forms.IntegerField(
        label=_("Late entry until round"),
        min_value=0,
        max_value=20,
        initial=LATE_ENTRY_UNTIL_ROUND,
        help_text=_("0: no late entry."),
    )
    final_table_size = forms.IntegerField(
        label=_("Final table"), min_value=0, max_value=5, initial=0,
        help_text=_("After the Swiss rounds, the top N play a final (0: none)."),
    )  # fmt: skip
    bye_points = forms.FloatField(
        label=_("Points for a bye"), required=False, help_text=_("Empty: the game's default.")
    )
    tie_breaks = forms.MultipleChoiceField(
        label=_("Tie-breaks, in the order they apply"), widget=forms.CheckboxSelectMultiple, required=False,
        help_text=_("Players level on points are ordered by the first ticked, then the next."),
    )  # fmt: skip
    avoid_pairs = forms.CharField(
        label=_("Must not meet"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("One pair of handles a line: ann bob"),
    )  # fmt: skip
    pinned_tables = forms.CharField(
        label=_("Keep a table"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("A handle and a table number a line: ann 1"),
    )  # fmt: skip
    seed = forms.IntegerField(label=_("Seed"), required=False, help_text=_("Round 1's random seating; empty: drawn."))
    cut_size = forms.IntegerField(
        label=_("Cut to the top"), min_value=0, max_value=1000, initial=0, required=False,
        help_text=_("Phases: only this many play on after the round below, with rounds and points of their own."),
    )  # fmt: skip
    cut_after_round = forms.IntegerField(
        label=_("Cut after round"), min_value=0, max_value=19, initial=0, required=False
    )
    team_size = forms.IntegerField(
        label=_("Teams of"), min_value=0, max_value=10, initial=0, required=False,
        help_text=_("A team event: players register in teams of this many, never seated with a teammate (0: none)."),
    )  # fmt: skip
    team_best_of = forms.IntegerField(
        label=_("A team's round counts its best"), min_value=0, max_value=10, initial=0, required=False,
        help_text=_("Players' points each round (0: every player's)."),
    )  # fmt: skip
    entry_rating_min = forms.FloatField(
        label=_("Entry: rating at least"), required=False, min_value=-1000, max_value=1000,
        help_text=_("The rating shown on the game's leaderboard (mu − 3 sigma); empty: no floor."),
    )  # fmt: skip
    entry_rating_max = forms.FloatField(
        label=_("Entry: rating at most"), required=False, min_value=-1000, max_value=1000,
        help_text=_("Empty: no ceiling. A player not rated yet meets a ceiling."),
    )  # fmt: skip
    entry_peak_max = forms.FloatField(
        label=_("Entry: peak rating at most"), required=False, min_value=-1000, max_value=1000,
        help_text=_("The highest rating a player ever reached in this game: a ceiling a lowered rating cannot "
                    "slip under. Empty: none."),
    )  # fmt: skip
    entry_rated_games_min = forms.IntegerField(
        label=_("Entry: rated games at least"), min_value=0, max_value=10_000, initial=0, required=False,
        help_text=_("0: none needed."),
    )  # fmt: skip
    entry_members_only = forms.BooleanField(label=_("Entry: members of the club only"), required=False)
    entry_licence_required = forms.BooleanField(
        label=_("Entry: a licence of the game's federation"), required=False,
        help_text=_("Valid on the event's day (the federation imports its licences)."),
    )  # fmt: skip
    entry_invited = forms.CharField(
        label=_("Entry: by invitation"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("The invited players' handles, one a line; empty: no invitation needed."),
    )  # fmt: skip
    registration_review = forms.BooleanField(
        label=_("Review each registration"), required=False,
        help_text=_("A player's registration waits until an organiser approves it, asks a change or declines it."),
    )  # fmt: skip
    registration_questions = forms.CharField(
        label=_("Questions on the registration form"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One a line: “text: Your club”, “text*: Licence number” (* : an answer needed), “yes/no: "
                    "Vegetarian meal?”, “choice: T-shirt size: S, M, L”. The answers are in the entrants CSV."),
    )  # fmt: skip

    divisions = forms.CharField(
        label=_("Divisions by rating"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("From the strongest, one a line: “Open: 20”, “Intermediate: 10”, then the last alone "
                    "(“Beginners”), which takes everyone else. Each has its own standings; everyone plays in one "
                    "seating. Empty: no divisions."),
    )  # fmt: skip

    def clean_divisions(self) -> list[dict[str, Any]]:
        try:
            return divisions_from_lines(self.cleaned_data["divisions"])
        except DomainError as refused:
            raise forms.ValidationError(refusal(refused.code, refused.message)) from refused

    def clean_registration_questions(self) -> list[dict[str, Any]]:
        try:
            return questions_from_lines(self.cleaned_data["registration_questions"])
        except DomainError as refused:
            raise forms.ValidationError(refusal(refused.code, refused.message)) from refused

    def __init__(
        self, *args: Any, organisations: list[Organisation], event: Event | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        self.rules_fixed = False  # players registered: the rules are shown, never sent back
        cast(forms.ChoiceField, self.fields["organisation"]).choices = [(o.slug, o.name) for o in organisations]
        practice = practice_games()
        cast(forms.ChoiceField, self.fields["game"]).choices = [
            (g.id, game_name(g.id) + (" · " + _("practice data") if g.id in practice else ""))
            for g in games.GAMES.values()
        ]
        if practice:
            self.fields["game"].help_text = _(
                "Practice data: the printed cards of these games are not public, so their events are practice events,"
                " scored with invented data and never sanctioned nor rated, until a steward loads the printed edition."
            )
        chosen = list(event.tie_breaks) if event is not None else list(DEFAULT_TIE_BREAKS)
        ordered = chosen + [name for name in TIE_BREAKS if name not in chosen]
        cast(forms.MultipleChoiceField, self.fields["tie_breaks"]).choices = [(n, tie_break_label(n)) for n in ordered]
        self.fields["starts_on"].widget.attrs.update(placeholder=date_example(), inputmode="numeric")
        self.fields["starts_time"].widget.attrs.update(placeholder="19:30", inputmode="numeric")
        moment_format = _moment_format()
        for name in MOMENTS:
            self.fields[name].widget.format = moment_format
            self.fields[name].widget.attrs.update(placeholder=datetime(2026, 12, 31, 19, 30).strftime(moment_format))

        for size in TABLE_SIZES:
            self.fields[f"points_{size}"] = forms.CharField(
                label=_("A table of %(size)s") % {"size": size}, required=False,
                help_text=_("Points by place, first place first."),
            )  # fmt: skip
        if event is None:
            self.fields["timezone"].initial = _club_zone(organisations)
            self.fields["tie_breaks"].initial = list(DEFAULT_TIE_BREAKS)
            for size in TABLE_SIZES:
                self.fields[f"points_{size}"].initial = _numbers(DEFAULT_POINTS_BY_TABLE_SIZE.get(str(size), []))
        else:
            del self.fields["organisation"]  # an event stays with its organisation
            self.initial.update(_initial_of(event))
            if event.registrations.exists():
                self._fix_the_rules()

    def _fix_the_rules(self) -> None:
        """Players registered for these rules: what seats or scores them is shown, not changed."""
        self.rules_fixed = True
        ruled = ["game", "rounds_planned", "rated", "draft_direction", "duplicate_deals", "ranked_by",
                 "final_table_size", "team_size", "team_best_of", "cut_size", "cut_after_round",
                 "bye_points", "seed", "tie_breaks", *(f"points_{size}" for size in TABLE_SIZES)]  # fmt: skip
        for name in ruled:
            self.fields[name].disabled = True
            self.fields[name].help_text = _("Fixed: players registered for these rules.")

    def points_fields(self) -> list[forms.BoundField]:
        return [self[f"points_{size}"] for size in TABLE_SIZES]

    def common_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in COMMON if name in self.fields]

    def more_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in COMMON and not name.startswith("points_")]

    def more_settings_open(self) -> bool:
        """Fold "More settings" away unless one of them holds an error."""
        return any(field.errors for field in [*self.more_fields(), *self.points_fields()])

    def settings(self) -> dict[str, Any]:
        """The cleaned values as the services take them (moments in the event's own time zone)."""
        data = dict(self.cleaned_data)
        _moments_placed(data)
        _points_read(data)
        _lines_read(data)
        for name in ("entry_rated_games_min", "team_size", "team_best_of", "cut_size", "cut_after_round"):
            data[name] = data[name] or 0
        data["ranked_by"] = data.get("ranked_by") or "points"
        data.pop("organisation", None)
        if data["seed"] is None:
            data.pop("seed")
        if self.rules_fixed:  # shown, never sent back: the services keep them
            for name in [name for name, field in self.fields.items() if field.disabled and name in data]:
                del data[name]
            del data["points_by_table_size"]
        return data

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if bool(data.get("starts_on")) != bool(data.get("starts_time")) and not self.has_error("starts_on"):
            self.add_error("starts_time" if data.get("starts_on") else "starts_on", _("Give the date and the time."))
        for size in TABLE_SIZES:
            value = data.get(f"points_{size}") or ""
            if value and _parse_numbers(value) is None:
                self.add_error(f"points_{size}", _("Write numbers separated by commas: 4, 2, 1, 0."))
        return data


def _club_zone(organisations: list[Organisation]) -> str:
    """The time zone of the club's latest event (its first club's, for someone who runs several), else the
    installation's default."""
    latest = Event.objects.filter(organisation__in=organisations).order_by("-created_at").first()
    return latest.timezone if latest is not None else default_event_timezone()


def _zone(name: str) -> zoneinfo.ZoneInfo | None:
    try:
        return zoneinfo.ZoneInfo(name) if name else None
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


def _moment_format() -> str:
    """How the page's language writes a date and a time, to the minute (31/12/2026 19:30)."""
    written: list[str] = list(formats.get_format("DATETIME_INPUT_FORMATS"))
    return next((f for f in written if "%S" not in f and "%H" in f), written[0])


def _in_zone(moment: datetime | None, zone: zoneinfo.ZoneInfo | None) -> datetime | None:
    """The moment the organiser wrote, read as a time in the event's zone (the form read it in the site's)."""
    if moment is None or zone is None:
        return None
    return timezone.make_naive(moment).replace(tzinfo=zone)


def _parse_numbers(text: str) -> list[float] | None:
    try:
        return [float(part) for part in text.replace(";", ",").split(",") if part.strip()]
    except ValueError:
        return None


def _numbers(values: Sequence[float]) -> str:
    return ", ".join(f"{value:g}" for value in values)


def _moments_placed(data: dict[str, Any]) -> None:
    """The form's moments in the event's own time zone, the day and time of its start made one."""
    zone = _zone(data["timezone"])
    for name in MOMENTS:
        data[name] = _in_zone(data[name], zone)
    day, time_of_day = data.pop("starts_on"), data.pop("starts_time")
    data["starts_at"] = datetime.combine(day, time_of_day, tzinfo=zone) if day and time_of_day else None


def _points_read(data: dict[str, Any]) -> None:
    """The points of each table size the game plays, from their fields; the tie-breaks as a list."""
    sizes = games.GAMES[data["game"]].table_sizes_by_preference
    data["points_by_table_size"] = {
        str(size): _parse_numbers(data.pop(f"points_{size}")) for size in TABLE_SIZES if size in sizes
    }
    for size in TABLE_SIZES:
        data.pop(f"points_{size}", None)
    data["tie_breaks"] = list(data["tie_breaks"])


def _lines_read(data: dict[str, Any]) -> None:
    """The pairs kept apart, the pinned tables and the invited, a line each."""
    data["avoid_pairs"] = [line.split() for line in data["avoid_pairs"].splitlines() if line.strip()]
    data["pinned_tables"] = {
        parts[0]: int(parts[1]) if parts[1].isdigit() else 0
        for parts in (line.split() for line in data["pinned_tables"].splitlines())
        if len(parts) == 2
    }
    data["entry_invited"] = [line.strip() for line in data["entry_invited"].splitlines() if line.strip()]


def _initial_of(event: Event) -> dict[str, Any]:
    zone = _zone(event.timezone) or zoneinfo.ZoneInfo("UTC")
    initial: dict[str, Any] = {
        name: getattr(event, name)
        for name in ("name", "game", "timezone", "venue", "description", "rounds_planned", "capacity", "rated",
                     "draft_direction", "duplicate_deals", "ranked_by", "handicap_shown",
                     "late_entry_until_round", "final_table_size", "bye_points", "seed", "entry_rating_min",
                     "entry_rating_max", "entry_peak_max", "entry_rated_games_min", "entry_members_only",
                     "entry_licence_required",
                     "team_size", "team_best_of", "cut_size", "cut_after_round")
    }  # fmt: skip
    initial["entry_invited"] = "\n".join(event.entry_invited)
    initial["registration_review"] = event.registration_review
    initial["registration_questions"] = questions_as_lines(event.registration_questions)
    initial["divisions"] = divisions_as_lines(event.divisions)
    for name in MOMENTS:
        moment = getattr(event, name)
        initial[name] = timezone.localtime(moment, zone).replace(tzinfo=None) if moment else None
    if event.starts_at is not None:
        local = timezone.localtime(event.starts_at, zone)
        initial["starts_on"], initial["starts_time"] = local.date(), local.time().replace(second=0, microsecond=0)
    for size, points in event.points_by_table_size.items():
        initial[f"points_{size}"] = _numbers(points)
    initial["tie_breaks"] = list(event.tie_breaks)
    initial["avoid_pairs"] = "\n".join(" ".join(pair) for pair in event.avoid_pairs)
    initial["pinned_tables"] = "\n".join(f"{handle} {number}" for handle, number in event.pinned_tables.items())
    return initial
