"""One rating pool per game, with trueskill's default environment."""

from django.db import migrations

from games import GAMES


def create_pools(apps, schema_editor):
    pool_model = apps.get_model("ratings", "RatingPool")
    for game in GAMES.values():
        pool_model.objects.get_or_create(game=game.id, defaults={"name": game.name})


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_events"), ("ratings", "0001_initial")]
    operations = [migrations.RunPython(create_pools, migrations.RunPython.noop)]
