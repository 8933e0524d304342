from django.apps import AppConfig


class CasualConfig(AppConfig):
    name = "tournaments.casual"
    label = "casual"
    verbose_name = "Casual rated games"

    def ready(self) -> None:
        from tournaments.casual import tasks  # noqa: F401  (registered in every process: services queue them by name)
