"""The analysis models move here from the core (tournaments), keeping their tables (docs/architecture.md)."""

import django.db.models.deletion
import tournaments.models.base
from django.db import migrations, models


MODELS = ['cardstat', 'tablecardtally', 'seatpickaccuracy']


def content_types_follow(apps, schema_editor):
    """The models' content types (and so their permissions) follow them from the core to this app; where this
    app's own already exist (a database created afresh), the core's are left as they are."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label="analysis", model=model).exists():
            content_type.objects.filter(app_label="tournaments", model=model).update(app_label="analysis")


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
                name='CardStat',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('game', models.CharField(choices=tournaments.models.base.game_choices, max_length=40)),
                    ('players', models.PositiveSmallIntegerField()),
                    ('lines', models.JSONField(default=dict, help_text='{card id ("" for every seat): [taken, pick_sum, offered, {category: points}, seats, score_sum, squares]}')),
                ],
                options={
                    'db_table': 'tournaments_cardstat',
                    'constraints': [models.UniqueConstraint(fields=('game', 'players'), name='one_card_stat_row')],
                },
            ),
            migrations.CreateModel(
                name='TableCardTally',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('game', models.CharField(choices=tournaments.models.base.game_choices, max_length=40)),
                    ('tally', models.JSONField()),
                    ('table', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='card_tally', to='tournaments.table')),
                ],
                options={
                    'db_table': 'tournaments_tablecardtally',
                },
            ),
            migrations.CreateModel(
                name='SeatPickAccuracy',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('choices', models.PositiveSmallIntegerField(help_text='Picks with more than one card offered.')),
                    ('best_picks', models.PositiveSmallIntegerField(help_text='Picks that scored the most any card offered would.')),
                    ('points_lost', models.PositiveIntegerField(help_text='The round points the picks left on the table, summed.')),
                    ('rounds', models.JSONField(help_text='Per round: [pick, card taken, points, best points, best card] a choice.')),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pick_accuracy', to='tournaments.player')),
                    ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pick_accuracy', to='tournaments.table')),
                ],
                options={
                    'db_table': 'tournaments_seatpickaccuracy',
                    'indexes': [models.Index(fields=['player', 'table'], name='pick_accuracy_by_player')],
                    'constraints': [models.UniqueConstraint(fields=('table', 'player'), name='one_pick_accuracy_a_seat')],
                },
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
