import django.db.models.expressions
from django.db import migrations, models

import tournaments.models
import tournaments.validators


def fill_handle_keys(apps, schema_editor):
    """Existing handles get their folded key; two that fold alike keep apart by the later one's id."""
    player_model = apps.get_model("tournaments", "Player")
    seen: set[str] = set()
    for player in player_model.objects.order_by("id"):
        key = tournaments.validators.handle_key(player.handle)
        player.handle_key = key if key not in seen else f"{key}#{player.pk}"
        seen.add(player.handle_key)
        player.save(update_fields=["handle_key"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0007_table_result_queue_index")]

    operations = [
        migrations.AddField(
            model_name="player",
            name="handle_key",
            field=models.CharField(editable=False, max_length=80, null=True),
        ),
        migrations.RunPython(fill_handle_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="handle_key",
            field=models.CharField(
                editable=False,
                help_text="The handle with case and accents folded: unique.",
                max_length=80,
                unique=True,
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="handle",
            field=models.CharField(
                help_text="The name on score sheets and standings.",
                max_length=40,
                unique=True,
                validators=[tournaments.validators.validate_handle],
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="points_by_table_size",
            field=models.JSONField(
                default=tournaments.models.default_points,
                validators=[tournaments.validators.validate_points_by_table_size],
            ),
        ),
        migrations.AlterField(
            model_name="historicalevent",
            name="points_by_table_size",
            field=models.JSONField(
                default=tournaments.models.default_points,
                validators=[tournaments.validators.validate_points_by_table_size],
            ),
        ),
        migrations.AddConstraint(
            model_name="event",
            constraint=models.CheckConstraint(
                condition=models.Q(registration_opens__isnull=True)
                | models.Q(registration_closes__isnull=True)
                | models.Q(registration_closes__gt=django.db.models.expressions.F("registration_opens")),
                name="event_registration_closes_after_it_opens",
            ),
        ),
    ]
