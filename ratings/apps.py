from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import pre_delete


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        pre_delete.connect(_account_deleted, sender=settings.AUTH_USER_MODEL, dispatch_uid="ratings-buckets")


def _account_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    """An account deleted takes its ratings with it (a cascade): they leave the rank buckets too."""
    from ratings.buckets import buckets_move
    from ratings.models import Rating

    for rating in Rating.objects.filter(player_id=instance.pk).select_related("pool"):
        buckets_move(pool=rating.pool, before=[rating.conservative], after=[])
