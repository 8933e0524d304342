from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "tournaments.live"
    label = "live"
    verbose_name = "Live"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_out
        from django.db.models.signals import post_delete
        from rest_framework.authtoken.models import Token

        from tournaments.announcements import register_carrier
        from tournaments.live import tasks  # noqa: F401  (registered in every process: services queue them by name)
        from tournaments.live.services import streams_carry, streams_end_on_log_out, streams_end_when_a_token_goes

        register_carrier(streams_carry)  # the event's and the players' streams carry the outbox's messages
        # A person's own streams end when what let them in goes (API keys never open one: 403 key_person).
        post_delete.connect(streams_end_when_a_token_goes, sender=Token, dispatch_uid="streams-end-token")
        user_logged_out.connect(streams_end_on_log_out, dispatch_uid="streams-end-log-out")
