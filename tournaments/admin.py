from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from simple_history.admin import SimpleHistoryAdmin

from config.errors import DomainError
from tournaments import selectors, services
from tournaments.models import (
    Edition,
    Event,
    Player,
    Registration,
    Round,
    ScoreSheet,
    Seat,
    SheetCheck,
    Table,
    TableResult,
)


@admin.register(Edition)
class EditionAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "is_practice", "is_active", "loaded_at"]
    list_filter = ["game", "is_practice", "is_active"]
    search_fields = ["name"]
    readonly_fields = ["game", "name", "data", "is_practice", "is_active", "loaded_at", "loaded_by"]
    actions = ["activate"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # editions come in through `manage.py load_edition FILE`, which checks them

    @admin.action(description="Make the selected edition the one that verifies its game")
    def activate(self, request: HttpRequest, queryset: QuerySet[Edition]) -> None:
        for edition in queryset:
            services.edition_activate(edition=edition)
        self.message_user(request, f"{queryset.count()} edition(s) activated", messages.SUCCESS)


@admin.register(SheetCheck)
class SheetCheckAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "status", "submitted_by", "submitted_at", "verified_at"]
    list_filter = ["game", "status"]
    readonly_fields = ["game", "sheet", "status", "verdict", "edition", "submitted_by", "submitted_at", "verified_at"]
    actions = ["reverify"]

    @admin.action(description="Verify the selected sheets again")
    def reverify(self, request: HttpRequest, queryset: QuerySet[SheetCheck]) -> None:
        for check in queryset:
            services.sheet_check_reverify(check=check)
        self.message_user(request, f"{queryset.count()} sheet(s) sent for verification", messages.SUCCESS)


class OrganiserActionsMixin:
    """Run a service per selected object and report domain refusals as messages, not errors."""

    def run_service(self, request: HttpRequest, queryset: QuerySet, service, verb: str) -> None:  # type: ignore[no-untyped-def,type-arg]
        done = 0
        for obj in queryset:
            try:
                service(obj, request.user)
                done += 1
            except DomainError as error:
                self.message_user(request, f"{obj}: {error.message}", messages.WARNING)  # type: ignore[attr-defined]
        if done:
            self.message_user(request, f"{done} {verb}", messages.SUCCESS)  # type: ignore[attr-defined]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["handle", "user", "created_at"]
    search_fields = ["handle", "user__username", "user__email"]


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    fields = ["player", "status", "created_at"]
    readonly_fields = ["created_at"]
    raw_id_fields = ["player"]


@admin.register(Event)
class EventAdmin(OrganiserActionsMixin, SimpleHistoryAdmin):
    list_display = ["name", "game", "status", "rounds_planned", "capacity", "created_at"]
    list_filter = ["game", "status"]
    search_fields = ["name"]
    filter_horizontal = ["organisers"]
    inlines = [RegistrationInline]
    actions = ["open_registration", "start_event", "seat_next_round"]
    readonly_fields = ["standings"]

    @admin.display(description="standings")
    def standings(self, event: Event) -> str:
        """Every tie-break value per player, as the API shows them."""
        rows = selectors.event_standings(event=event) if event.pk else []
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
        self.run_service(request, queryset, lambda e, u: services.event_open_registration(event=e, by=u), "opened")

    @admin.action(description="Start the event (seat round 1)")
    def start_event(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        self.run_service(request, queryset, lambda e, u: services.event_start(event=e, by=u), "started")

    @admin.action(description="Seat the next round (Swiss)")
    def seat_next_round(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        self.run_service(request, queryset, lambda e, u: services.round_seat_next(event=e, by=u), "seated")


@admin.register(Registration)
class RegistrationAdmin(SimpleHistoryAdmin):
    list_display = ["player", "event", "status", "created_at"]
    list_filter = ["status", "event__game", "event"]
    search_fields = ["player__handle", "event__name"]
    raw_id_fields = ["player", "event"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Round)
class RoundAdmin(OrganiserActionsMixin, admin.ModelAdmin):
    list_display = ["event", "number", "status"]
    list_filter = ["status", "event__game"]
    search_fields = ["event__name"]
    actions = ["start_round"]

    @admin.action(description="Start the round")
    def start_round(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        self.run_service(request, queryset, lambda r, u: services.round_start(round_=r, by=u), "started")


@admin.register(Table)
class TableAdmin(OrganiserActionsMixin, admin.ModelAdmin):
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
        self.run_service(request, queryset, lambda t, u: services.table_reverify(table=t, by=u), "queued")

    @admin.action(description="Accept by override (reason: the one typed on the table's result)")
    def accept_by_override(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        self.run_service(
            request,
            queryset,
            lambda t, u: services.table_override(table=t, reason=t.result.override_reason, by=u),
            "accepted",
        )


@admin.register(TableResult)
class TableResultAdmin(SimpleHistoryAdmin):
    list_display = ["table", "status", "attempt", "verified_at", "override_by"]
    list_filter = ["status"]
    search_fields = ["table__round__event__name"]
    readonly_fields = ["table", "status", "attempt", "verdict", "verified_at", "override_by"]
    fields = [*readonly_fields, "override_reason"]


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    list_display = ["seat", "version", "status", "entered_by", "entered_at"]
    list_filter = ["status", "seat__table__round__event__game"]
    search_fields = ["seat__player__handle", "seat__table__round__event__name"]
    readonly_fields = ["seat", "version", "data", "status", "problems", "entered_by", "entered_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # sheets come in through the API, which checks them and versions corrections
