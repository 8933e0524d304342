from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Register the Celery tasks in every process (web ones too): services queue them by name.
        # The API's refusals in the request's language, from the same table as the pages'.
        from config.errors import register_refusal_translation
        from tournaments import tasks  # noqa: F401
        from tournaments.pages.text import refusal

        register_refusal_translation(refusal)
