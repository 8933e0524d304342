"""The stewarding models move here from the core (tournaments), keeping their tables (docs/architecture.md)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


MODELS = ['sanctiondecision']


def content_types_follow(apps, schema_editor):
    """The models' content types (and so their permissions) follow them from the core to this app; where this
    app's own already exist (a database created afresh), the core's are left as they are."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label="stewarding", model=model).exists():
            content_type.objects.filter(app_label="tournaments", model=model).update(app_label="stewarding")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0045_stream_message'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (their db_table): only Django's idea of which app owns them moves.
            state_operations=[
            migrations.CreateModel(
                name='SanctionDecision',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('decision', models.CharField(choices=[('sanctioned', 'Sanctioned'), ('refused', 'Refused'), ('revoked', 'Revoked')], max_length=10)),
                    ('reason', models.CharField(max_length=500)),
                    ('decided_at', models.DateTimeField(auto_now_add=True)),
                    ('by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                    ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sanction_decisions', to='tournaments.event')),
                ],
                options={
                    'db_table': 'tournaments_sanctiondecision',
                    'ordering': ['-decided_at', '-id'],
                },
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
