from django.contrib import admin

from ratings import selectors
from ratings.models import Rating, RatingAudit, RatingChange, RatingEvent, RatingPool


@admin.register(RatingPool)
class RatingPoolAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "mu", "sigma", "beta", "tau", "draw_probability"]


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["name", "pool", "conservative", "mu", "sigma", "games", "provisional", "last_played_at"]
    list_filter = ["pool"]
    search_fields = ["name"]
    ordering = ["pool", "-conservative", "id"]
    readonly_fields = ["pool", "player", "name", "mu", "sigma", "conservative", "games", "last_played_at"]

    @admin.display(boolean=True)
    def provisional(self, rating: Rating) -> bool:
        return selectors.is_provisional(rating)


class RatingChangeInline(admin.TabularInline):
    model = RatingChange
    extra = 0
    can_delete = False
    readonly_fields = ("player", "rank", "mu_before", "sigma_before", "mu_after", "sigma_after")
    fields = readonly_fields


@admin.register(RatingEvent)
class RatingEventAdmin(admin.ModelAdmin):
    list_display = ["source", "pool", "kind", "order_at"]
    list_filter = ["pool", "kind"]
    search_fields = ["source"]
    inlines = [RatingChangeInline]
    readonly_fields = ["pool", "kind", "source", "order_at", "placings"]


@admin.register(RatingAudit)
class RatingAuditAdmin(admin.ModelAdmin):
    list_display = ["at", "pool", "action", "source", "actor", "events_replayed"]
    list_filter = ["pool", "action"]
    search_fields = ["source", "actor"]
    readonly_fields = ("pool", "action", "source", "actor", "events_replayed", "at")
