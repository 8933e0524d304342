"""The quality lab's models leave ratings' state (their tables stay: rating_lab 0001 takes them)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0008_parameters_decision'),
        ('rating_lab', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (their db_table): only Django's idea of which app owns them moves.
            state_operations=[
            migrations.RemoveField(
                model_name='qualityreport',
                name='pool',
            ),
            migrations.DeleteModel(
                name='ParametersDecision',
            ),
            migrations.DeleteModel(
                name='QualityReport',
            ),
            ],
            database_operations=[],
        ),
    ]
