from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "tournaments.seasons"
    label = "seasons"
    verbose_name = "Seasons"
