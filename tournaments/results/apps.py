from django.apps import AppConfig


class ResultsConfig(AppConfig):
    name = "tournaments.results"
    label = "results"
    verbose_name = "Results"

    def ready(self) -> None:
        from tournaments.results import tasks  # noqa: F401  (registered in every process: services queue them by name)
