"""The admin of clubs, their staff and members, rating bodies and sanction decisions."""

from django.contrib import admin
from django.http import HttpRequest

from tournaments.models import Membership, Organisation, RatingBody, Staff
from tournaments.stewarding.models import SanctionDecision


class StaffInline(admin.TabularInline):
    """Read-only: the owners manage the staff through the API and the club's page (services.staff_set)."""

    model = Staff
    extra = 0
    fields = readonly_fields = ("user", "role", "created_at")
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Organisation)
class OrganisationAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "kind", "country", "trusted_games", "created_at"]
    list_filter = ["kind", "country"]
    search_fields = ["name", "slug"]
    readonly_fields = ["trusted_games"]  # each game's stewards decide it (services.organisation_trust)
    inlines = [StaffInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # created through the API or the pages, where the creator becomes the owner


@admin.register(RatingBody)
class RatingBodyAdmin(admin.ModelAdmin):
    list_display = ["game", "organisation"]


@admin.register(SanctionDecision)
class SanctionDecisionAdmin(admin.ModelAdmin):
    list_display = ["event", "decision", "by", "reason", "decided_at"]
    list_filter = ["decision"]
    search_fields = ["event__name", "reason"]
    readonly_fields = ["event", "decision", "by", "reason", "decided_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # decisions come from the stewards' services, kept as they were made


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["player", "organisation", "joined_on", "left_on"]
    list_filter = ["organisation"]
    search_fields = ["player__handle", "organisation__slug"]
    readonly_fields = ["player", "organisation", "joined_on", "left_on"]  # through the services (dates checked)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
