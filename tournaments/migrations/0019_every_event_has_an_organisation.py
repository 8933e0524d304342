import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0018_events_move_to_organisations")]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="organisation",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT, related_name="events", to="tournaments.organisation"
            ),
        ),
    ]
