from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "tournaments.live"
    label = "live"
    verbose_name = "Live"

    def ready(self) -> None:
        from tournaments.announcements import register_carrier
        from tournaments.live import tasks  # noqa: F401  (registered in every process: services queue them by name)
        from tournaments.live.services import streams_carry

        register_carrier(streams_carry)  # the event's and the players' streams carry the outbox's messages
