"""One confirmation a content (issue 67, item 14): two agreeing entries submitted at once made two. Each
confirmation gets the digest of its data; confirmations of one content are merged into the oldest."""

import hashlib
import json

from django.db import migrations, models


def digest_and_merge(apps, schema_editor):
    confirmation_model = apps.get_model("catalogue", "EditionConfirmation")
    kept: dict[tuple[str, str], object] = {}
    for confirmation in confirmation_model.objects.order_by("confirmed_at", "pk"):
        text = json.dumps(confirmation.data, sort_keys=True, separators=(",", ":"))
        digest = hashlib.sha256(text.encode()).hexdigest()
        first = kept.get((confirmation.game, digest))
        if first is None:
            confirmation.digest = digest
            confirmation.save(update_fields=["digest"])
            kept[(confirmation.game, digest)] = confirmation
        elif confirmation.adopted_at is None:
            first.entries.add(*confirmation.entries.all())
            confirmation.delete()
        else:  # adopted: the record of that decision stays, under a digest of its own
            confirmation.digest = f"{digest[:56]}{confirmation.pk:08d}"[-64:]
            confirmation.save(update_fields=["digest"])


class Migration(migrations.Migration):
    dependencies = [("catalogue", "0003_event_edition")]

    operations = [
        migrations.AddField(
            model_name="editionconfirmation",
            name="digest",
            field=models.CharField(default="", max_length=64, help_text="SHA-256 of the data written canonically: one a content."),
            preserve_default=False,
        ),
        migrations.RunPython(digest_and_merge, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="editionconfirmation",
            constraint=models.UniqueConstraint(fields=("game", "digest"), name="one_confirmation_a_content"),
        ),
    ]
