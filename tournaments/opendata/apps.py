from django.apps import AppConfig


class OpenDataConfig(AppConfig):
    name = "tournaments.opendata"
    label = "opendata"
    verbose_name = "Open data"

    def ready(self) -> None:
        from tournaments.opendata import tasks  # noqa: F401  (registered in every process: the beat names it)
