"""The rows the migrations seed, made by the migrations' own functions (the suite's databases are made from
the models: tests/conftest.py, `django_db_use_migrations`)."""

from importlib import import_module

from django.apps import apps

SEEDING = [("tournaments.migrations.0002_shipped_editions", "load_shipped"),
           ("tournaments.migrations.0004_rating_pools", "create_pools")]  # fmt: skip


class _Today:
    """The apps a data migration asks for its models, answering with today's: the seeding functions read
    models of the core that have since moved to an app (the editions to the catalogue)."""

    MOVED = {("tournaments", "edition"): ("catalogue", "Edition")}

    def get_model(self, app_label: str, model_name: str):  # type: ignore[no-untyped-def]
        return apps.get_model(*self.MOVED.get((app_label, model_name.lower()), (app_label, model_name)))


def seed() -> None:
    for module, function in SEEDING:
        getattr(import_module(module), function)(_Today(), None)  # neither function uses its schema editor


def seeded_rows() -> str:
    """What a database holds of the seeds, as `manage.py shell -c SEEDED_ROWS` prints it."""
    from ratings.models import RatingPool
    from tournaments.catalogue.models import Edition

    editions = sorted(Edition.objects.values_list("game", "name", "is_practice", "is_active"))
    return repr((editions, sorted(RatingPool.objects.values_list("game", "name"))))


SEEDED_ROWS = "from tests.migration_seeds import seeded_rows; print(seeded_rows())"
