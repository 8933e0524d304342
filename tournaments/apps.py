from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Register the Celery tasks in every process (web ones too): services queue them by name.
        # The API's refusals in the request's language, from the same table as the pages'.
        # Leaderboards filtered by club (members while members) and by country.
        from config.errors import register_refusal_translation
        from ratings.selectors import (
            on_list_published,
            register_list_exclusion,
            register_player_filter,
            register_pool_steward,
        )
        from tournaments import selectors, tasks  # noqa: F401
        from tournaments.pages.text import refusal
        from tournaments.services.webhooks import webhooks_emit_list_published

        register_refusal_translation(refusal)
        register_player_filter("club", selectors.club_member_periods)
        register_player_filter("country", selectors.country_player_periods)
        register_pool_steward(lambda user, game: selectors.is_steward(user=user, game=game))
        on_list_published(webhooks_emit_list_published)  # the rating.list.published webhook
        register_list_exclusion(selectors.demo_user_ids)  # demo players never enter an official list
