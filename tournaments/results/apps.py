from django.apps import AppConfig


class ResultsConfig(AppConfig):
    name = "tournaments.results"
    label = "results"
    verbose_name = "Results"

    def ready(self) -> None:
        from ratings.lab.selectors import draft_reader_register
        from tournaments.results import tasks  # noqa: F401  (registered in every process: services queue them by name)
        from tournaments.results.selectors.pool_drafts import pool_drafts_read

        draft_reader_register(pool_drafts_read)  # the quality lab's candidate reads the pools' drafts here
        from tournaments.panels import EventPanel, event_panel_register
        from tournaments.results.selectors.recap import event_recap_panel, stored_recap_data

        recap = EventPanel("recap", "after_results", "results/_event_recap.html", event_recap_panel, stored_recap_data)
        event_panel_register(recap)
