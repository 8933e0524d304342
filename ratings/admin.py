from django.contrib import admin
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from ratings.models import Rating, RatingAudit, RatingChange, RatingEvent, RatingPool
from ratings.selectors import leaderboards as leaderboards_selectors
from ratings.selectors.leaderboards import is_provisional

LEADERBOARD_ROWS = 50


@admin.register(RatingPool)
class RatingPoolAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "mu", "sigma", "beta", "tau", "draw_probability"]
    readonly_fields = ["leaderboard"]

    @admin.display(description=f"leaderboard (top {LEADERBOARD_ROWS})")
    def leaderboard(self, pool: RatingPool) -> str:
        rows = leaderboards_selectors.leaderboard(pool=pool, established_only=False, active_since=None)[
            :LEADERBOARD_ROWS
        ]
        body = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (place, r.name, f"{r.conservative:.1f}", f"{r.mu:.2f}", f"{r.sigma:.2f}", r.games,
                 "provisional" if is_provisional(r) else "")
                for place, r in enumerate(rows, start=1)
            ),
        )  # fmt: skip
        head = "<tr><th>#</th><th>player</th><th>rating</th><th>mu</th><th>sigma</th><th>games</th><th></th></tr>"
        return format_html("<table>{}{}</table>", mark_safe(head), body) if rows else "nobody is rated yet"


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["name", "pool", "rating", "mu_shown", "sigma_shown", "games", "provisional", "last_played_at"]
    list_filter = ["pool"]
    search_fields = ["name"]
    ordering = ["pool", "-conservative", "id"]
    readonly_fields = ["pool", "player", "name", "mu", "sigma", "conservative", "games", "last_played_at"]

    @admin.display(description="rating (mu - 3 sigma)", ordering="conservative")
    def rating(self, rating: Rating) -> str:
        return f"{rating.conservative:.1f}"

    @admin.display(description="mu", ordering="mu")
    def mu_shown(self, rating: Rating) -> str:
        return f"{rating.mu:.2f}"

    @admin.display(description="sigma", ordering="sigma")
    def sigma_shown(self, rating: Rating) -> str:
        return f"{rating.sigma:.2f}"

    @admin.display(boolean=True)
    def provisional(self, rating: Rating) -> bool:
        return is_provisional(rating)


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
