from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "tournaments.live"
    label = "live"
    verbose_name = "Live"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.contrib.auth.signals import user_logged_out
        from django.db.models.signals import post_delete, post_save
        from oauth2_provider.models import get_access_token_model
        from rest_framework.authtoken.models import Token

        from tournaments.announcements import register_carrier
        from tournaments.live import tasks  # noqa: F401  (registered in every process: services queue them by name)
        from tournaments.live.services import (
            streams_carry,
            streams_end_on_log_out,
            streams_end_when_a_token_goes,
            streams_end_when_an_account_closes,
        )

        register_carrier(streams_carry)  # the event's and the players' streams carry the outbox's messages
        # A person's own streams end when what let them in goes (API keys never open one: 403 key_person).
        post_delete.connect(streams_end_when_a_token_goes, sender=Token, dispatch_uid="streams-end-token")
        # An app's access token revoked (by its player, /o/revoke_token/, an erasure): its open stream ends too.
        app_token = get_access_token_model()
        post_delete.connect(streams_end_when_a_token_goes, sender=app_token, dispatch_uid="streams-end-app-token")
        post_save.connect(streams_end_when_an_account_closes, sender=get_user_model(), dispatch_uid="streams-end-user")
        user_logged_out.connect(streams_end_on_log_out, dispatch_uid="streams-end-log-out")
