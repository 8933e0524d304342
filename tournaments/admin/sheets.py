"""The admin of score sheets and table results."""

from django.contrib import admin
from django.http import HttpRequest
from simple_history.admin import SimpleHistoryAdmin

from tournaments.admin.common import PlayedRecordsKeptMixin
from tournaments.models import (
    ScoreSheet,
    TableResult,
)


@admin.register(TableResult)
class TableResultAdmin(PlayedRecordsKeptMixin, SimpleHistoryAdmin):
    list_display = ["table", "status", "attempt", "verified_at", "override_by"]
    list_filter = ["status"]
    search_fields = ["table__round__event__name"]
    readonly_fields = ["table", "status", "attempt", "verdict", "verified_at", "override_by"]
    fields = [*readonly_fields, "override_reason"]


@admin.register(ScoreSheet)
class ScoreSheetAdmin(PlayedRecordsKeptMixin, admin.ModelAdmin):
    list_display = ["seat", "version", "status", "entered_by", "entered_at"]
    list_filter = ["status", "seat__table__round__event__game"]
    search_fields = ["seat__player__handle", "seat__table__round__event__name"]
    readonly_fields = ["seat", "version", "data", "status", "problems", "entered_by", "entered_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # sheets come in through the API, which checks them and versions corrections
