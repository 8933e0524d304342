from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # The API's refusals in the request's language, from the same table as the pages'.
        # Leaderboards filtered by club (members while members) and by country.
        from django.contrib.auth.signals import user_logged_in

        from config.errors import register_refusal_translation
        from ratings.selectors.lists import register_list_exclusion, register_pool_steward
        from ratings.selectors.within import register_player_filter
        from tournaments.admin import events, organisations, players, sheets  # noqa: F401  (their admin pages)
        from tournaments.selectors.permissions import is_steward
        from tournaments.selectors.players import club_member_periods, country_player_periods, demo_user_ids
        from tournaments.services.accounts import player_language_on_log_in
        from tournaments.text import refusal

        user_logged_in.connect(player_language_on_log_in, dispatch_uid="player-language-on-log-in")
        register_refusal_translation(refusal)
        register_player_filter("club", club_member_periods)
        register_player_filter("country", country_player_periods)
        register_pool_steward(lambda user, game: is_steward(user=user, game=game))
        register_list_exclusion(demo_user_ids)  # demo players never enter an official list
