"""The quality lab's models move here from ratings, keeping their tables (docs/architecture.md)."""

import django.db.models.deletion
from django.db import migrations, models


MODELS = ["qualityreport", "parametersdecision"]


def content_types_follow(apps, schema_editor):
    """The models' content types (and so their permissions) follow them from ratings to the lab; where the
    lab's own already exist (a database created afresh), the old ones are left as they are."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label="rating_lab", model=model).exists():
            content_type.objects.filter(app_label="ratings", model=model).update(app_label="rating_lab")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('ratings', '0008_parameters_decision'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (their db_table): only Django's idea of which app owns them moves.
            state_operations=[
            migrations.CreateModel(
                name='ParametersDecision',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('decided_by', models.CharField(max_length=150)),
                    ('decided_at', models.DateTimeField()),
                    ('reason', models.TextField()),
                    ('before', models.JSONField(help_text='The parameters replaced: mu, sigma, beta, tau, draw_probability.')),
                    ('after', models.JSONField(help_text='The parameters adopted.')),
                    ('held_out_before', models.FloatField(help_text="The replaced parameters' held-out log-likelihood a table.")),
                    ('held_out_after', models.FloatField(help_text="The adopted parameters' held-out log-likelihood a table.")),
                    ('report_computed_at', models.DateTimeField(help_text='The quality report the fitted parameters came from.')),
                    ('events_replayed', models.PositiveIntegerField()),
                    ('pool', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='parameter_decisions', to='ratings.ratingpool')),
                ],
                options={
                    'db_table': 'ratings_parametersdecision',
                    'ordering': ['-decided_at', '-id'],
                },
            ),
            migrations.CreateModel(
                name='QualityReport',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('computed_at', models.DateTimeField()),
                    ('seconds', models.FloatField(help_text='How long computing it took.')),
                    ('figures', models.JSONField()),
                    ('pool', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='quality', to='ratings.ratingpool')),
                ],
                options={
                    'db_table': 'ratings_qualityreport',
                },
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
