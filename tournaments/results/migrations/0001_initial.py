"""The results models move here from the core (tournaments), keeping their tables (docs/architecture.md)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


MODELS = ['heldresult', 'resultchange']


def content_types_follow(apps, schema_editor):
    """The models' content types (and so their permissions) follow them from the core to this app; where this
    app's own already exist (a database created afresh), the core's are left as they are."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label="results", model=model).exists():
            content_type.objects.filter(app_label="tournaments", model=model).update(app_label="results")


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
                name='HeldResult',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('status', models.CharField(max_length=12)),
                    ('verdict', models.JSONField(blank=True, null=True)),
                    ('verified_at', models.DateTimeField(blank=True, null=True)),
                    ('held_at', models.DateTimeField(auto_now=True)),
                    ('table', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='held', to='tournaments.table')),
                ],
                options={
                    'db_table': 'tournaments_heldresult',
                },
            ),
            migrations.CreateModel(
                name='ResultChange',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('status', models.CharField(choices=[('pending', 'waiting for a steward'), ('accepted', 'Accepted'), ('refused', 'Refused'), ('void', 'void: the sanction was revoked')], default='pending', max_length=10)),
                    ('tables', models.JSONField(default=list, help_text='The ids of the tables whose results changed.')),
                    ('steps', models.JSONField(default=list, help_text='Each change: {at, because, by, reason, tables}, in the order they came.')),
                    ('before', models.JSONField(default=list, help_text='The final places as sanctioned: [[handle, place], ...].')),
                    ('after', models.JSONField(default=list, help_text='The final places with the changes: [[handle, place], ...].')),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('decided_at', models.DateTimeField(blank=True, null=True)),
                    ('decision_reason', models.CharField(blank=True, max_length=500)),
                    ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                    ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='result_changes', to='tournaments.event')),
                ],
                options={
                    'db_table': 'tournaments_resultchange',
                    'ordering': ['-created_at', '-id'],
                    'constraints': [models.UniqueConstraint(condition=models.Q(('status', 'pending')), fields=('event',), name='one_pending_change')],
                },
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
