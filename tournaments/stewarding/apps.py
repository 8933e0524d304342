from django.apps import AppConfig


class StewardingConfig(AppConfig):
    name = "tournaments.stewarding"
    label = "stewarding"
    verbose_name = "Stewarding"

    def ready(self) -> None:
        from tournaments.services.events import on_event_created
        from tournaments.stewarding.services import sanction_on_creation

        on_event_created(sanction_on_creation)  # a trusted club's event is sanctioned as it is created
        from tournaments.panels import EventPanel, event_panel_register
        from tournaments.stewarding.selectors import event_stewards_panel

        event_panel_register(
            EventPanel("stewards", "after_status", "stewarding/_event_panel.html", event_stewards_panel)
        )
