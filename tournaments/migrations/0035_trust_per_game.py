"""Trust per game: an organisation trusted before (by a steward of some game) keeps the trust in every game
the service had then, as the single flag meant; each game's stewards now change their own game only."""

from django.db import migrations, models

GAMES_THEN = ["boomerang-australia", "boomerang-europe", "boomerang-flip", "boomerang-hunt", "boomerang-usa"]


def flag_to_games(apps, schema_editor):
    Organisation = apps.get_model("tournaments", "Organisation")
    Organisation.objects.filter(trusted=True).update(trusted_games=GAMES_THEN)


def games_to_flag(apps, schema_editor):
    Organisation = apps.get_model("tournaments", "Organisation")
    Organisation.objects.exclude(trusted_games=[]).update(trusted=True)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0034_organisation_name_one_line")]

    operations = [
        migrations.AddField(
            model_name="organisation",
            name="trusted_games",
            field=models.JSONField(
                blank=True, default=list, editable=False,
                help_text="Set by each game's stewards: its events of these games are sanctioned on creation.",
            ),
        ),
        migrations.RunPython(flag_to_games, games_to_flag),
        migrations.RemoveField(model_name="organisation", name="trusted"),
    ]
