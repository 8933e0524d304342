"""The integrations models move here from the core (tournaments), keeping their tables (docs/architecture.md)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


MODELS = ['apikey', 'apikeywrite', 'idempotentrequest', 'webhook', 'webhookdelivery']


def content_types_follow(apps, schema_editor):
    """The models' content types (and so their permissions) follow them from the core to this app; where this
    app's own already exist (a database created afresh), the core's are left as they are."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label="integrations", model=model).exists():
            content_type.objects.filter(app_label="tournaments", model=model).update(app_label="integrations")


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
                name='ApiKey',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(help_text="What it is for: the club's website, a Discord bot.", max_length=80)),
                    ('prefix', models.CharField(help_text="The key's public part, shown in lists.", max_length=16, unique=True)),
                    ('digest', models.CharField(help_text='SHA-256 of the whole key.', max_length=64)),
                    ('scopes', models.JSONField(default=list)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('last_used_at', models.DateTimeField(blank=True, null=True)),
                    ('revoked_at', models.DateTimeField(blank=True, null=True)),
                    ('created_by', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='api_keys', to=settings.AUTH_USER_MODEL)),
                    ('organisation', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='api_keys', to='tournaments.organisation')),
                ],
                options={
                    'db_table': 'tournaments_apikey',
                    'ordering': ['-created_at', '-id'],
                },
            ),
            migrations.CreateModel(
                name='ApiKeyWrite',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('method', models.CharField(max_length=8)),
                    ('path', models.CharField(max_length=300)),
                    ('status_code', models.PositiveSmallIntegerField()),
                    ('at', models.DateTimeField(auto_now_add=True)),
                    ('key', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='writes', to='integrations.apikey')),
                ],
                options={
                    'db_table': 'tournaments_apikeywrite',
                    'ordering': ['-at', '-id'],
                },
            ),
            migrations.CreateModel(
                name='IdempotentRequest',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('caller', models.CharField(help_text='Who sent it: a hash of the credentials (or anonymous).', max_length=64)),
                    ('key', models.CharField(max_length=255)),
                    ('fingerprint', models.CharField(help_text='A hash of the method, the path and the body.', max_length=64)),
                    ('status_code', models.PositiveSmallIntegerField(blank=True, null=True)),
                    ('content_type', models.CharField(blank=True, max_length=100)),
                    ('body', models.BinaryField(default=b'')),
                    ('location', models.CharField(blank=True, help_text="A redirect's address (a page's form).", max_length=500)),
                    ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                ],
                options={
                    'db_table': 'tournaments_idempotentrequest',
                    'constraints': [models.UniqueConstraint(fields=('caller', 'key'), name='idempotency_key_per_caller')],
                },
            ),
            migrations.CreateModel(
                name='Webhook',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('url', models.URLField(max_length=500)),
                    ('events', models.JSONField(default=list)),
                    ('secret', models.CharField(help_text='Signs every delivery (HMAC-SHA256); shown once, at creation.', max_length=64)),
                    ('previous_secret', models.CharField(blank=True, help_text='The secret before the last rotation.', max_length=64)),
                    ('previous_secret_until', models.DateTimeField(blank=True, help_text='Until then deliveries are signed with the previous secret too.', null=True)),
                    ('failing', models.BooleanField(default=False, help_text='Set when a delivery failed after every retry; paused until an owner enables it.')),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('organisation', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='webhooks', to='tournaments.organisation')),
                ],
                options={
                    'db_table': 'tournaments_webhook',
                },
            ),
            migrations.CreateModel(
                name='WebhookDelivery',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('event_type', models.CharField(max_length=40)),
                    ('body', models.TextField()),
                    ('status', models.CharField(choices=[('pending', 'Pending'), ('delivered', 'Delivered'), ('failed', 'Failed')], default='pending', max_length=10)),
                    ('attempts', models.PositiveSmallIntegerField(default=0)),
                    ('response_code', models.IntegerField(blank=True, null=True)),
                    ('response_body', models.CharField(blank=True, max_length=500)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('last_tried_at', models.DateTimeField(blank=True, null=True)),
                    ('seconds', models.FloatField(blank=True, help_text='How long the last attempt took.', null=True)),
                    ('next_attempt_at', models.DateTimeField(blank=True, help_text='When the next attempt is due (none: at once); the sweep sends it after.', null=True)),
                    ('sending_until', models.DateTimeField(blank=True, help_text="Set while an attempt is under way: counts toward the organisation's cap.", null=True)),
                    ('webhook', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deliveries', to='integrations.webhook')),
                ],
                options={
                    'db_table': 'tournaments_webhookdelivery',
                    'ordering': ['-created_at', '-id'],
                    'indexes': [models.Index(condition=models.Q(('status', 'pending')), fields=['next_attempt_at'], name='webhook_delivery_due')],
                },
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
    ]
