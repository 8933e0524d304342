"""Load the editions the service ships: Australia's published cards, Europe's and USA's practice decks."""

import json

from django.db import migrations

from games import australia, europe, usa

SHIPPED = [(australia.GAME, australia.SHIPPED_DECK), (europe.GAME, europe.PRACTICE_DECK), (usa.GAME, usa.PRACTICE_DECK)]


def load_shipped(apps, schema_editor):
    edition_model = apps.get_model("tournaments", "Edition")
    for game, path in SHIPPED:
        if edition_model.objects.filter(game=game).exists():
            continue
        raw = json.loads(path.read_text(encoding="utf-8"))
        edition_model.objects.create(
            game=game, name=raw["name"], data=raw, is_practice="practice" in raw["name"].lower(), is_active=True
        )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]
    operations = [migrations.RunPython(load_shipped, migrations.RunPython.noop)]
