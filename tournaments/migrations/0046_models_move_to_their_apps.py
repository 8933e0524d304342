"""The models of the apps above the core leave its state (their tables stay: each app's 0001 takes them)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0045_stream_message'),
        ('catalogue', '0001_initial'),
        ('seasons', '0001_initial'),
        ('analysis', '0001_initial'),
        ('integrations', '0001_initial'),
        ('live', '0001_initial'),
        ('stewarding', '0001_initial'),
        ('results', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (their db_table): only Django's idea of which app owns them moves.
            state_operations=[
            migrations.RemoveField(
                model_name='apikey',
                name='created_by',
            ),
            migrations.RemoveField(
                model_name='apikey',
                name='organisation',
            ),
            migrations.RemoveField(
                model_name='apikeywrite',
                name='key',
            ),
            migrations.DeleteModel(
                name='CardStat',
            ),
            migrations.RemoveField(
                model_name='edition',
                name='loaded_by',
            ),
            migrations.RemoveField(
                model_name='sheetcheck',
                name='edition',
            ),
            migrations.RemoveField(
                model_name='heldresult',
                name='table',
            ),
            migrations.DeleteModel(
                name='IdempotentRequest',
            ),
            migrations.RemoveField(
                model_name='qualificationdecline',
                name='player',
            ),
            migrations.RemoveField(
                model_name='qualificationdecline',
                name='season',
            ),
            migrations.RemoveField(
                model_name='resultchange',
                name='decided_by',
            ),
            migrations.RemoveField(
                model_name='resultchange',
                name='event',
            ),
            migrations.RemoveField(
                model_name='sanctiondecision',
                name='by',
            ),
            migrations.RemoveField(
                model_name='sanctiondecision',
                name='event',
            ),
            migrations.RemoveField(
                model_name='season',
                name='organisation',
            ),
            migrations.RemoveField(
                model_name='seasonevent',
                name='season',
            ),
            migrations.RemoveField(
                model_name='seasonstanding',
                name='season',
            ),
            migrations.RemoveField(
                model_name='seasonevent',
                name='event',
            ),
            migrations.RemoveField(
                model_name='seasonstanding',
                name='player',
            ),
            migrations.RemoveField(
                model_name='seatpickaccuracy',
                name='player',
            ),
            migrations.RemoveField(
                model_name='seatpickaccuracy',
                name='table',
            ),
            migrations.RemoveField(
                model_name='sheetcheck',
                name='submitted_by',
            ),
            migrations.RemoveField(
                model_name='streammessage',
                name='user',
            ),
            migrations.RemoveField(
                model_name='tablecardtally',
                name='table',
            ),
            migrations.RemoveField(
                model_name='webhook',
                name='organisation',
            ),
            migrations.RemoveField(
                model_name='webhookdelivery',
                name='webhook',
            ),
            migrations.DeleteModel(
                name='ApiKey',
            ),
            migrations.DeleteModel(
                name='ApiKeyWrite',
            ),
            migrations.DeleteModel(
                name='Edition',
            ),
            migrations.DeleteModel(
                name='HeldResult',
            ),
            migrations.DeleteModel(
                name='QualificationDecline',
            ),
            migrations.DeleteModel(
                name='ResultChange',
            ),
            migrations.DeleteModel(
                name='SanctionDecision',
            ),
            migrations.DeleteModel(
                name='Season',
            ),
            migrations.DeleteModel(
                name='SeasonEvent',
            ),
            migrations.DeleteModel(
                name='SeasonStanding',
            ),
            migrations.DeleteModel(
                name='SeatPickAccuracy',
            ),
            migrations.DeleteModel(
                name='SheetCheck',
            ),
            migrations.DeleteModel(
                name='StreamMessage',
            ),
            migrations.DeleteModel(
                name='TableCardTally',
            ),
            migrations.DeleteModel(
                name='Webhook',
            ),
            migrations.DeleteModel(
                name='WebhookDelivery',
            ),
            ],
            database_operations=[],
        ),
    ]
