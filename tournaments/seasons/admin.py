"""The admin of seasons."""

from django.contrib import admin
from django.http import HttpRequest

from tournaments.seasons.models import Season, SeasonEvent


class SeasonEventInline(admin.TabularInline):
    """Read-only: events join a season through the API (services.season_event_add checks game and dates)."""

    model = SeasonEvent
    extra = 0
    fields = readonly_fields = ("event", "tier")
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "organisation", "game", "starts_on", "ends_on", "best_of"]
    list_filter = ["game", "organisation"]
    search_fields = ["name"]
    inlines = [SeasonEventInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # created through the API by an organisation's staff

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False  # shown, not edited: the services check a season's dates, game and points
