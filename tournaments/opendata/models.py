"""Open data (issue 70, item 5; docs/open-data.md): each game's verified tables of sanctioned events, a file a
month, made by a scheduled task and published under CC BY 4.0 with pseudonymous players."""

from django.db import models

from tournaments.models.base import game_choices


class OpenDataDump(models.Model):
    game = models.CharField(max_length=40, choices=game_choices)
    month = models.DateField(help_text="The first day of the month whose rounds it holds.")
    tables = models.PositiveIntegerField()
    csv_gz = models.BinaryField(help_text="One line a seat, gzip-compressed CSV.")
    jsonl_gz = models.BinaryField(help_text="One line a table with its sheets, gzip-compressed JSON Lines.")
    made_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-month", "game"]
        constraints = [models.UniqueConstraint(fields=["game", "month"], name="one_dump_a_game_a_month")]

    def __str__(self) -> str:
        return f"{self.game} {self.month:%Y-%m}"
