import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_rating_pools")]

    operations = [
        migrations.AddField(
            model_name="tableresult",
            name="updated_at",
            field=models.DateTimeField(auto_now=True, default=django.utils.timezone.now),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="historicaltableresult",
            name="updated_at",
            field=models.DateTimeField(blank=True, default=django.utils.timezone.now, editable=False),
            preserve_default=False,
        ),
    ]
