"""The admin of events, their registrations, rounds and tables."""

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from config.errors import DomainError
from tournaments.admin.common import OrganiserActionsMixin, PlayedRecordsKeptMixin
from tournaments.models import (
    DEFAULT_TIE_BREAKS,
    Event,
    Registration,
    Round,
    Seat,
    Table,
)
from tournaments.results.services.forfeits import registration_drop
from tournaments.results.services.verification import table_override, table_reverify
from tournaments.selectors.events import event_standings
from tournaments.services.events import RULES_FIELDS, event_check, event_create, event_open_registration, event_update
from tournaments.services.registrations import registration_check_in, registration_withdraw
from tournaments.services.rounds import event_start, round_seat_next, round_start
from tournaments.validators import validate_points_by_table_size, validate_tie_breaks


class RegistrationInline(admin.TabularInline):
    """Read-only: registrations change through the services (capacity, the waitlist), with the actions of
    the registrations' own page."""

    model = Registration
    extra = 0
    fields = ["player", "status", "created_at"]
    readonly_fields = ["player", "status", "created_at"]
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class EventAdminForm(forms.ModelForm):
    """Points per place and tie-breaks as plain text fields, checked by the same rules as the API."""

    points_text = forms.CharField(
        label="points by table size",
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="One line per table size, e.g. '4: 4, 2, 1, 0' (first place first).",
    )
    tie_breaks_text = forms.CharField(
        label="tie-breaks", help_text=f"In order, separated by commas; known: {', '.join(DEFAULT_TIE_BREAKS)}."
    )

    class Meta:
        model = Event
        fields = [
            "name", "organisation", "game", "starts_at", "venue", "description", "rounds_planned", "capacity",
            "registration_opens", "registration_closes", "seed", "organisers",
        ]  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        event = self.instance
        self.fields["points_text"].initial = "\n".join(
            f"{size}: {', '.join(f'{p:g}' for p in points)}"
            for size, points in sorted(event.points_by_table_size.items())
        )
        self.fields["tie_breaks_text"].initial = ", ".join(event.tie_breaks)
        if "seed" in self.fields:
            self.fields["seed"].required = False
            self.fields["seed"].help_text = "Round 1's random seating; drawn at random when left empty."

    def clean_points_text(self) -> dict[str, list[float]]:
        scheme: dict[str, list[float]] = {}
        for number, line in enumerate(self.cleaned_data["points_text"].splitlines(), start=1):
            if not line.strip():
                continue
            size, _, points = line.partition(":")
            try:
                scheme[size.strip()] = [float(p) for p in points.split(",")]
            except ValueError:
                raise forms.ValidationError(
                    format_lazy(gettext_lazy("line {number}: write 'size: points, points, ...'"), number=number)
                ) from None
        validate_points_by_table_size(scheme)
        return scheme

    def clean_tie_breaks_text(self) -> list[str]:
        names = [name.strip() for name in self.cleaned_data["tie_breaks_text"].split(",") if name.strip()]
        validate_tie_breaks(names)  # the services' own check, so the admin accepts what the API accepts
        return names

    def _post_clean(self) -> None:
        """The services' own checks (event_check and the state machine), so the admin refuses what the API
        refuses, with the same words, on the form instead of as an error page."""
        super()._post_clean()  # type: ignore[misc]
        if "points_text" in self.cleaned_data:
            self.instance.points_by_table_size = self.cleaned_data["points_text"]
        if "tie_breaks_text" in self.cleaned_data:
            self.instance.tie_breaks = self.cleaned_data["tie_breaks_text"]
        if self.errors:
            return
        try:
            if self.instance.pk:
                Event.machine.check(Event.objects.get(pk=self.instance.pk), "edit")
            event_check(event=self.instance)
        except DomainError as error:
            self.add_error(error.field if error.field in self.fields else None, str(error.message))


# What the admin's event form sets, passed to the services (organisers are saved with the form's relations).
ADMIN_EVENT_SETTINGS = [
    *(name for name in EventAdminForm.Meta.fields if name != "organisers"),
    "points_by_table_size",
    "tie_breaks",
]


@admin.register(Event)
class EventAdmin(OrganiserActionsMixin, SimpleHistoryAdmin):
    list_display = ["name", "organisation", "game", "status", "sanction", "rounds_planned", "capacity", "created_at"]
    list_filter = ["game", "status", "sanction"]
    search_fields = ["name"]
    form = EventAdminForm
    autocomplete_fields = ["organisers"]
    inlines = [RegistrationInline]
    actions = ["open_registration", "start_event", "seat_next_round"]
    readonly_fields = ["status", "sanction", "standings"]

    def has_delete_permission(self, request: HttpRequest, obj: Event | None = None) -> bool:
        """One event at a time (no bulk delete), and only before its first round is seated: after that its
        results may be in places, seasons and pools (admin/common.py, PlayedRecordsKeptMixin)."""
        return obj is not None and not obj.rounds.exists() and super().has_delete_permission(request, obj)

    def get_readonly_fields(self, request: HttpRequest, obj: Event | None = None) -> list[str]:
        """Once the event started only the actions change it; once someone registered, its rules are fixed."""
        if obj is not None and not obj.can.edit:
            return [*EventAdminForm.Meta.fields, "points_by_table_size", "tie_breaks", *self.readonly_fields]
        if obj is not None and obj.registrations.exists():  # players registered for these rules
            fields = [*EventAdminForm.Meta.fields, "points_by_table_size", "tie_breaks"]
            return [*self.readonly_fields, "organisation", *(f for f in fields if f in RULES_FIELDS)]
        return [*self.readonly_fields, "organisation"] if obj is not None else self.readonly_fields

    def get_form(self, request: HttpRequest, obj: Event | None = None, change: bool = False, **kwargs: Any) -> Any:
        if obj is not None and not obj.can.edit:
            kwargs["form"] = forms.ModelForm  # every field is read-only: nothing to clean
        return super().get_form(request, obj, change, **kwargs)

    def save_model(self, request: HttpRequest, obj: Event, form: forms.ModelForm, change: bool) -> None:
        """Through the services: a new event gets its organiser and seed there, an edit takes the draft's lock."""
        values = {name: getattr(obj, name) for name in ADMIN_EVENT_SETTINGS}
        if values["seed"] is None:
            del values["seed"]  # a new event draws one; an edit keeps its own
        if change:
            del values["organisation"]  # an event stays with its organisation
            event_update(event=obj, by=request.user, **values)  # type: ignore[arg-type]
        else:
            created = event_create(organiser=request.user, **values)  # type: ignore[arg-type]
            obj.pk, obj.seed, obj._state = created.pk, created.seed, created._state  # the form saves its relations

    def save_related(self, request: HttpRequest, form: forms.ModelForm, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        if not form.instance.organisers.exists():  # an event nobody can run would be stuck
            form.instance.organisers.add(request.user)

    @admin.display(description="standings")
    def standings(self, event: Event) -> str:
        """Every tie-break value per player, as the API shows them."""
        rows = event_standings(event=event) if event.pk else []
        if not rows:
            return "no table result counts yet"
        head = "<tr><th>#</th><th>player</th><th>points</th><th>game score</th><th>game tie-break</th>"
        head += "<th>opponents' points</th><th>tables</th></tr>"
        body = format_html_join(
            "",
            "<tr><td>{}</td><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (r.rank, r.handle, " (dropped)" if r.dropped else "", f"{float(r.points):g}", r.game_score,
                 ", ".join(map(str, r.game_tie_break)), f"{float(r.opponents_points):g}", r.tables)
                for r in rows
            ),
        )  # fmt: skip
        return format_html("<table>{}{}</table>", mark_safe(head), body)

    @admin.action(description="Open registration")
    def open_registration(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        self.run_service(request, queryset, lambda e, u: event_open_registration(event=e, by=u), "opened")

    @admin.action(description="Start the event (seat round 1)")
    def start_event(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        self.run_service(request, queryset, lambda e, u: event_start(event=e, by=u), "started")

    @admin.action(description="Seat the next round (Swiss)")
    def seat_next_round(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        self.run_service(request, queryset, lambda e, u: round_seat_next(event=e, by=u), "seated")


@admin.register(Registration)
class RegistrationAdmin(OrganiserActionsMixin, SimpleHistoryAdmin):
    """Status changes only through the actions (the services keep capacity and the waitlist right)."""

    list_display = ["player", "event", "status", "created_at"]
    list_filter = ["status", "event__game", "event"]
    search_fields = ["player__handle", "event__name"]
    readonly_fields = ["player", "event", "status", "created_at"]
    actions = ["check_in", "withdraw", "drop"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # players register through the API or the event page, past the capacity check

    @admin.action(description="Check in")
    def check_in(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        self.run_service(request, queryset, lambda r, u: registration_check_in(registration=r, by=u), "checked in")

    @admin.action(description="Withdraw (before the event starts; the waitlist moves up)")
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        self.run_service(request, queryset, lambda r, u: registration_withdraw(registration=r, by=u), "withdrawn")

    @admin.action(description="Drop from the running event")
    def drop(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        self.run_service(request, queryset, lambda r, u: registration_drop(registration=r, by=u), "dropped")


class SeatInline(admin.TabularInline):
    """Read-only: seats move through the services (a swap before the round starts, a forfeit)."""

    model = Seat
    extra = 0
    fields = readonly_fields = ("position", "player", "forfeited")
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(PlayedRecordsKeptMixin, OrganiserActionsMixin, admin.ModelAdmin):
    list_display = ["event", "number", "status"]
    list_filter = ["status", "event__game"]
    search_fields = ["event__name"]
    actions = ["start_round"]

    @admin.action(description="Start the round")
    def start_round(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        self.run_service(request, queryset, lambda r, u: round_start(round_=r, by=u), "started")


@admin.register(Table)
class TableAdmin(PlayedRecordsKeptMixin, OrganiserActionsMixin, admin.ModelAdmin):
    list_display = ["__str__", "result_status"]
    list_filter = ["result__status", "round__event__game"]
    search_fields = ["round__event__name", "seats__player__handle"]
    inlines = [SeatInline]
    actions = ["reverify", "accept_by_override"]

    @admin.display(description="result")
    def result_status(self, table: Table) -> str:
        return table.result.get_status_display()

    @admin.action(description="Verify the table again")
    def reverify(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        self.run_service(request, queryset, lambda t, u: table_reverify(table=t, by=u), "queued")

    @admin.action(description="Accept by override (reason: the one typed on the table's result)")
    def accept_by_override(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        self.run_service(
            request,
            queryset,
            lambda t, u: table_override(table=t, reason=t.result.override_reason, by=u),
            "accepted",
        )
