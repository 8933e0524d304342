"""An idempotent request's row is now written with its answer, in the transaction of its write: a row still
without an answer was a claim of the old kind, whose request is over (done or died); it is forgotten, so a
retry is done."""

from django.db import migrations, models


def forget_open_claims(apps, schema_editor):
    apps.get_model("integrations", "IdempotentRequest").objects.filter(status_code__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [("integrations", "0001_initial")]

    operations = [
        migrations.RunPython(forget_open_claims, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="idempotentrequest", name="status_code", field=models.PositiveSmallIntegerField()
        ),
    ]
