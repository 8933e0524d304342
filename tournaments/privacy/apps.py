from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    name = "tournaments.privacy"
    label = "privacy"
    verbose_name = "Privacy"

    def ready(self) -> None:
        from tournaments.privacy import tasks  # noqa: F401  (registered in every process: services queue them by name)
