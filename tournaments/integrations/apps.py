from django.apps import AppConfig


class IntegrationsConfig(AppConfig):
    name = "tournaments.integrations"
    label = "integrations"
    verbose_name = "Integrations"

    def ready(self) -> None:
        from ratings.selectors.lists import on_list_published
        from tournaments.announcements import register_carrier
        from tournaments.integrations import tasks  # noqa: F401  (registered in every process: services queue them by name)
        from tournaments.integrations.services.webhooks import webhooks_carry, webhooks_emit_list_published

        register_carrier(webhooks_carry)  # an organisation's webhooks carry the outbox's messages of its events
        on_list_published(webhooks_emit_list_published)  # the rating.list.published webhook
