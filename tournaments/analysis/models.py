"""Card statistics and pick accuracy, kept up to date from verified tables."""

from django.db import models

from tournaments.models.base import game_choices
from tournaments.models.events import Table
from tournaments.models.players import Player


class CardStat(models.Model):
    """The card statistics of tables of one player count (games/card_stats.py), over the verified tables of
    sanctioned events: one row a player count, so a table's update reads and writes one row. Kept up to
    date table by table (services/card_stats.py)."""

    game = models.CharField(max_length=40, choices=game_choices)
    players = models.PositiveSmallIntegerField()
    lines = models.JSONField(
        default=dict, help_text='{card id ("" for every seat): [taken, pick_sum, offered, {category: points}, '
        "seats, score_sum, squares]}",
    )  # fmt: skip

    class Meta:
        db_table = "tournaments_cardstat"  # kept from the core, where it was made
        constraints = [models.UniqueConstraint(fields=["game", "players"], name="one_card_stat_row")]

    def __str__(self) -> str:
        return f"{self.game} at {self.players} players"


class TableCardTally(models.Model):
    """What one table adds to the card statistics now (subtracted again when its result or sanction changes)."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="card_tally")
    game = models.CharField(max_length=40, choices=game_choices)
    tally = models.JSONField()

    class Meta:
        db_table = "tournaments_tablecardtally"  # kept from the core, where it was made

    def __str__(self) -> str:
        return f"cards of table {self.table_id}"


class SeatPickAccuracy(models.Model):
    """How close one seat's picks at a verified drafting table came to the best the hands offered
    (games/pick_accuracy.py; docs/rules.md, "Pick accuracy"), stored by Celery once the table counts."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="pick_accuracy")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="pick_accuracy")
    choices = models.PositiveSmallIntegerField(help_text="Picks with more than one card offered.")
    best_picks = models.PositiveSmallIntegerField(help_text="Picks that scored the most any card offered would.")
    points_lost = models.PositiveIntegerField(help_text="The round points the picks left on the table, summed.")
    rounds = models.JSONField(help_text="Per round: [pick, card taken, points, best points, best card] a choice.")
    made = models.IntegerField(null=True, help_text="The seat's points, as the engine scores its rows.")
    par = models.IntegerField(
        null=True, help_text="What the reference drafter made of the same hands (games/par.py); null: not computed."
    )
    par_rounds = models.JSONField(default=list, help_text="Per round: [points made, par].")

    class Meta:
        db_table = "tournaments_seatpickaccuracy"  # kept from the core, where it was made
        constraints = [models.UniqueConstraint(fields=["table", "player"], name="one_pick_accuracy_a_seat")]
        indexes = [models.Index(fields=["player", "table"], name="pick_accuracy_by_player")]

    def __str__(self) -> str:
        return f"pick accuracy of {self.player_id} at table {self.table_id}"

    @property
    def performance(self) -> int | None:
        """Points made minus par: what the seat made of its hands beyond the reference drafter."""
        return None if self.par is None or self.made is None else self.made - self.par
