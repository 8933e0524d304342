"""The seasons models move here from the core (tournaments), keeping their tables (docs/architecture.md)."""

import django.db.models.deletion
import tournaments.models.base
from django.db import migrations, models


MODELS = ['season', 'seasonevent', 'seasonstanding', 'qualificationdecline']


def content_types_follow(apps, schema_editor):
    """The models' content types (and so their permissions) follow them from the core to this app; where this
    app's own already exist (a database created afresh), the core's are left as they are."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label="seasons", model=model).exists():
            content_type.objects.filter(app_label="tournaments", model=model).update(app_label="seasons")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0045_stream_message'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (their db_table): only Django's idea of which app owns them moves.
            state_operations=[
            migrations.CreateModel(
                name='Season',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=200)),
                    ('game', models.CharField(choices=tournaments.models.base.game_choices, max_length=40)),
                    ('starts_on', models.DateField()),
                    ('ends_on', models.DateField()),
                    ('best_of', models.PositiveSmallIntegerField(default=5, help_text="How many of a player's events count.")),
                    ('points_table', models.JSONField(blank=True, help_text='Points per place, first place first; empty: the default scheme.', null=True)),
                    ('qualifiers', models.PositiveSmallIntegerField(default=0, help_text='How many qualify for the final (0: none).')),
                    ('circuit', models.CharField(blank=True, help_text='Seasons of one organisation sharing this name form a circuit: a player qualifies once in it.', max_length=100)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('standings_at', models.DateTimeField(blank=True, editable=False, help_text='When its standings were last stored; empty for a season from before they were (computed).', null=True)),
                    ('organisation', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='seasons', to='tournaments.organisation')),
                ],
                options={
                    'db_table': 'tournaments_season',
                    'ordering': ['-starts_on', 'name'],
                },
            ),
            migrations.CreateModel(
                name='QualificationDecline',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('declined_at', models.DateTimeField(auto_now_add=True)),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='declined_slots', to='tournaments.player')),
                    ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='declines', to='seasons.season')),
                ],
                options={
                    'db_table': 'tournaments_qualificationdecline',
                },
            ),
            migrations.CreateModel(
                name='SeasonEvent',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('tier', models.PositiveSmallIntegerField(default=1, help_text='A multiplier: a club night 1, a regional 2, ...')),
                    ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='season_entries', to='tournaments.event')),
                    ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='season_events', to='seasons.season')),
                ],
                options={
                    'db_table': 'tournaments_seasonevent',
                    'ordering': ['season', 'id'],
                },
            ),
            migrations.CreateModel(
                name='SeasonStanding',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('position', models.PositiveIntegerField(help_text="The row's order: by place, then by handle.")),
                    ('place', models.PositiveIntegerField()),
                    ('points', models.CharField(help_text='Exact: an integer, or a fraction where ties split a place.', max_length=40)),
                    ('played', models.JSONField(default=list, help_text="[event id, points] per event, in the season's order (a split share as text).")),
                    ('counted', models.JSONField(default=list, help_text='The indexes of the played events that count.')),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='season_standings', to='tournaments.player')),
                    ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standings', to='seasons.season')),
                ],
                options={
                    'db_table': 'tournaments_seasonstanding',
                    'ordering': ['season', 'position'],
                },
            ),
            migrations.AddConstraint(
                model_name='season',
                constraint=models.CheckConstraint(condition=models.Q(('ends_on__gte', models.F('starts_on'))), name='season_ends_after_start'),
            ),
            migrations.AddConstraint(
                model_name='qualificationdecline',
                constraint=models.UniqueConstraint(fields=('season', 'player'), name='one_decline_per_season'),
            ),
            migrations.AddConstraint(
                model_name='seasonevent',
                constraint=models.UniqueConstraint(fields=('season', 'event'), name='an_event_once_per_season'),
            ),
            migrations.AddConstraint(
                model_name='seasonstanding',
                constraint=models.UniqueConstraint(fields=('season', 'position'), name='one_standing_per_season_position'),
            ),
            migrations.AddConstraint(
                model_name='seasonstanding',
                constraint=models.UniqueConstraint(fields=('season', 'player'), name='one_standing_per_season_player'),
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
