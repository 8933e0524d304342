"""The catalogue models move here from the core (tournaments), keeping their tables (docs/architecture.md)."""

import django.db.models.deletion
import tournaments.models.base
from django.conf import settings
from django.db import migrations, models


MODELS = ['edition', 'sheetcheck']


def content_types_follow(apps, schema_editor):
    """The models' content types (and so their permissions) follow them from the core to this app; where this
    app's own already exist (a database created afresh), the core's are left as they are."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label="catalogue", model=model).exists():
            content_type.objects.filter(app_label="tournaments", model=model).update(app_label="catalogue")


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
                name='Edition',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('game', models.CharField(choices=tournaments.models.base.game_choices, max_length=40)),
                    ('name', models.CharField(max_length=200)),
                    ('data', models.JSONField()),
                    ('is_practice', models.BooleanField(default=False, help_text='Invented data that satisfies every published fact; not the printed cards.')),
                    ('is_active', models.BooleanField(default=True)),
                    ('loaded_at', models.DateTimeField(auto_now_add=True)),
                    ('loaded_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'tournaments_edition',
                    'ordering': ['game', '-loaded_at'],
                },
            ),
            migrations.CreateModel(
                name='SheetCheck',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('game', models.CharField(choices=tournaments.models.base.game_choices, max_length=40)),
                    ('sheet', models.JSONField()),
                    ('status', models.CharField(choices=[('submitted', 'Submitted'), ('verifying', 'Verifying'), ('verified', 'Verified'), ('rejected', 'Rejected')], default='submitted', max_length=10)),
                    ('attempt', models.PositiveIntegerField(default=0, help_text='Raised by each re-verification.')),
                    ('verdict', models.JSONField(blank=True, null=True)),
                    ('submitted_at', models.DateTimeField(auto_now_add=True)),
                    ('verified_at', models.DateTimeField(blank=True, null=True)),
                    ('edition', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, to='catalogue.edition')),
                    ('submitted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'tournaments_sheetcheck',
                    'ordering': ['-submitted_at', '-id'],
                },
            ),
            migrations.AddConstraint(
                model_name='edition',
                constraint=models.UniqueConstraint(condition=models.Q(('is_active', True)), fields=('game',), name='one_active_edition_per_game'),
            ),
            migrations.AddIndex(
                model_name='sheetcheck',
                index=models.Index(fields=['status', 'submitted_at'], name='tournaments_status_00b033_idx'),
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
