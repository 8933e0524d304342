"""The admin of players."""

from django.contrib import admin

from tournaments.models import (
    Player,
)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["handle", "user", "created_at"]
    search_fields = ["handle", "user__username", "user__email"]
