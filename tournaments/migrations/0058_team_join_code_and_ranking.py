"""A team's join code (issue 67, item 12: teammates join by their own consent) and an event's ranking by
duplicate matchpoints (issue 69)."""

from django.db import migrations, models

HELP = "The standings' order: the event's points, or duplicate matchpoints first (duplicate deals only)."
CHOICES = [("points", "points"), ("duplicate", "duplicate")]


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0057_draw_commitment")]

    operations = [
        migrations.AddField(
            model_name="team",
            name="join_code",
            field=models.CharField(blank=True, default="", help_text="What a teammate types to join.", max_length=12),
        ),
        migrations.AddField(
            model_name="event",
            name="ranked_by",
            field=models.CharField(choices=CHOICES, default="points", help_text=HELP, max_length=10),
        ),
        migrations.AddField(
            model_name="historicalevent",
            name="ranked_by",
            field=models.CharField(choices=CHOICES, default="points", help_text=HELP, max_length=10),
        ),
    ]
