from django.apps import AppConfig


class CatalogueConfig(AppConfig):
    name = "tournaments.catalogue"
    label = "catalogue"
    verbose_name = "Catalogue"

    def ready(self) -> None:
        from tournaments.catalogue import tasks  # noqa: F401  (registered in every process: services queue them by name)
        from tournaments.catalogue.selectors import practice_games_now
        from tournaments.practice import register_practice_games

        register_practice_games(practice_games_now)
