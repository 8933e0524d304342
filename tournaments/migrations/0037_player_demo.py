"""Demo players are marked: those who played in the demo club's events (bootstrap's demo) on an existing
install are marked too, so the next official list leaves them out."""

from django.db import migrations, models


def mark_the_demo_players(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    Player.objects.filter(registrations__event__organisation__slug="demo", guest=False).update(demo=True)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0036_notify_changes")]

    operations = [
        migrations.AddField(
            model_name="player",
            name="demo",
            field=models.BooleanField(
                default=False,
                help_text="Made by the demo (bootstrap): marked as such, never in an official list or a season.",
            ),
        ),
        migrations.RunPython(mark_the_demo_players, migrations.RunPython.noop),
    ]
