"""A club's corrections are trusted per game, by that game's stewards (issue 53). A club trusted before,
for every game at once, stays trusted for the games it has held events of: those whose corrections the
stewards had seen when they trusted it."""

from django.db import migrations, models


def trust_per_game(apps, schema_editor):
    Organisation = apps.get_model("tournaments", "Organisation")
    Event = apps.get_model("tournaments", "Event")
    for organisation in Organisation.objects.filter(corrections_trusted=True):
        held = Event.objects.filter(organisation=organisation).values_list("game", flat=True).distinct()
        organisation.corrections_trusted_games = sorted(set(held))
        organisation.save(update_fields=["corrections_trusted_games"])


def trust_for_every_game(apps, schema_editor):
    Organisation = apps.get_model("tournaments", "Organisation")
    Organisation.objects.exclude(corrections_trusted_games=[]).update(corrections_trusted=True)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0047_verification_claims_know_their_task")]

    operations = [
        migrations.AddField(
            model_name="organisation",
            name="corrections_trusted_games",
            field=models.JSONField(
                blank=True,
                default=list,
                editable=False,
                help_text="Set by each game's stewards: its corrections of sanctioned results of these games are"
                " accepted without waiting for them.",
            ),
        ),
        migrations.RunPython(trust_per_game, trust_for_every_game),
        migrations.RemoveField(model_name="organisation", name="corrections_trusted"),
    ]
