from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "tournaments.analysis"
    label = "analysis"
    verbose_name = "Analysis"

    def ready(self) -> None:
        from tournaments.analysis import tasks  # noqa: F401  (registered in every process: services queue them by name)
