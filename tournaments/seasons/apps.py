from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "tournaments.seasons"
    label = "seasons"
    verbose_name = "Seasons"

    def ready(self) -> None:
        from tournaments.seasons.finals import QUALIFIERS_ONLY
        from tournaments.services.entry import register_qualification_check

        register_qualification_check(QUALIFIERS_ONLY)
