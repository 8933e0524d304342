from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Register the Celery tasks in every process (web ones too): services queue them by name.
        # The API's refusals in the request's language, from the same table as the pages'.
        # Leaderboards filtered by club (members while members) and by country.
        from config.errors import register_refusal_translation
        from ratings.selectors.lists import on_list_published, register_list_exclusion, register_pool_steward
        from ratings.selectors.within import register_player_filter
        from tournaments import tasks  # noqa: F401
        from tournaments.pages.text import refusal
        from tournaments.selectors.permissions import is_steward
        from tournaments.selectors.players import demo_user_ids
        from tournaments.selectors.seasons import club_member_periods, country_player_periods
        from tournaments.services.webhooks import webhooks_emit_list_published

        register_refusal_translation(refusal)
        register_player_filter("club", club_member_periods)
        register_player_filter("country", country_player_periods)
        register_pool_steward(lambda user, game: is_steward(user=user, game=game))
        on_list_published(webhooks_emit_list_published)  # the rating.list.published webhook
        register_list_exclusion(demo_user_ids)  # demo players never enter an official list
