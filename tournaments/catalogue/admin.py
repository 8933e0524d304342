"""The admin of editions and sheet checks."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from tournaments.catalogue.models import Edition, SheetCheck
from tournaments.catalogue.services import edition_activate, sheet_check_reverify


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
            edition_activate(edition=edition)
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
            sheet_check_reverify(check=check)
        self.message_user(request, f"{queryset.count()} sheet(s) sent for verification", messages.SUCCESS)
