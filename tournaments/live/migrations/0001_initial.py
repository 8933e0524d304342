"""The live models move here from the core (tournaments), keeping their tables (docs/architecture.md)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


MODELS = ['streammessage']


def content_types_follow(apps, schema_editor):
    """The models' content types (and so their permissions) follow them from the core to this app; where this
    app's own already exist (a database created afresh), the core's are left as they are."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label="live", model=model).exists():
            content_type.objects.filter(app_label="tournaments", model=model).update(app_label="live")


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
                name='StreamMessage',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('event_id', models.PositiveIntegerField(help_text='The event it tells of (no constraint: kept two days only).')),
                    ('kind', models.CharField(max_length=40)),
                    ('data', models.JSONField()),
                    ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                    ('user', models.ForeignKey(blank=True, help_text="Set for a message only this player's own stream carries.", null=True, on_delete=django.db.models.deletion.CASCADE, related_name='stream_messages', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'tournaments_streammessage',
                    'indexes': [models.Index(condition=models.Q(('user__isnull', True)), fields=['event_id', 'id'], name='stream_public'), models.Index(condition=models.Q(('user__isnull', False)), fields=['user', 'id'], name='stream_personal')],
                },
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
