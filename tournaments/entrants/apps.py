from django.apps import AppConfig


class EntrantsConfig(AppConfig):
    name = "tournaments.entrants"
    label = "entrants"
    verbose_name = "Entrants"
