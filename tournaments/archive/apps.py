from django.apps import AppConfig


class ArchiveConfig(AppConfig):
    name = "tournaments.archive"
    label = "archive"
    verbose_name = "Archive"
