from django.apps import AppConfig


class RatingLabConfig(AppConfig):
    name = "ratings.lab"
    label = "rating_lab"
    verbose_name = "Ratings' quality lab"

    def ready(self) -> None:
        from ratings.lab import tasks  # noqa: F401  (registered in every process: beat queues it by name)
