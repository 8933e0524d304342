import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0041_api_keys"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="updated_at",
            field=models.DateTimeField(
                auto_now=True, db_index=True, default=django.utils.timezone.now,
                help_text="Its last change: GET /api/events/changes/.",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="historicalevent",
            name="updated_at",
            field=models.DateTimeField(
                blank=True, db_index=True, default=django.utils.timezone.now, editable=False,
                help_text="Its last change: GET /api/events/changes/.",
            ),
            preserve_default=False,
        ),
    ]
