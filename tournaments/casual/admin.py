from django.contrib import admin

from tournaments.casual.models import CasualSeat, CasualTable


class CasualSeatInline(admin.TabularInline):
    model = CasualSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(CasualTable)
class CasualTableAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "status", "played_at", "created_at"]
    list_filter = ["game", "status"]
    inlines = [CasualSeatInline]
    raw_id_fields = ["recorded_by"]
