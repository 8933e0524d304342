"""Season standings keep running totals; each player's points per event move to SeasonScore rows (issue 65:
a season flat in its events). The stored lists are copied over, so no season needs computing again."""

import django.db.models.deletion
from django.db import migrations, models


def copy_played(apps, schema_editor):
    """Each stored row's [event, points] list and counted indexes become SeasonScore rows."""
    standing_model, score_model = apps.get_model("seasons", "SeasonStanding"), apps.get_model("seasons", "SeasonScore")
    event_ids = set(apps.get_model("tournaments", "Event").objects.values_list("pk", flat=True))
    batch = []
    for standing in standing_model.objects.iterator(chunk_size=500):
        counted = set(standing.counted)
        played = [(i, event, points) for i, (event, points) in enumerate(standing.played) if event in event_ids]
        for i, event, points in played:
            batch.append(score_model(season_id=standing.season_id, event_id=event, player_id=standing.player_id,
                                     points=str(points), counted=i in counted))  # fmt: skip
        standing.events_played = len(played)
        standing.save(update_fields=["events_played"])
        if len(batch) >= 2000:
            score_model.objects.bulk_create(batch)
            batch = []
    score_model.objects.bulk_create(batch)


class Migration(migrations.Migration):
    dependencies = [
        ("seasons", "0003_season_final"),
        ("tournaments", "0057_draw_commitment"),
    ]

    operations = [
        migrations.AddField(
            model_name="seasonstanding",
            name="events_played",
            field=models.PositiveIntegerField(default=0, help_text="The season's counting events they played."),
        ),
        migrations.CreateModel(
            name="SeasonScore",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "points",
                    models.CharField(
                        help_text="Exact: an integer, or a fraction where ties split a place.", max_length=40
                    ),
                ),
                ("counted", models.BooleanField(default=False)),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="season_scores",
                        to="tournaments.event",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="season_scores",
                        to="tournaments.player",
                    ),
                ),
                (
                    "season",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="scores", to="seasons.season"
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["season", "player"], name="season_score_player"),
                    models.Index(
                        condition=models.Q(("counted", True)), fields=["season", "player"], name="season_score_counted"
                    ),
                ],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("season", "event", "player"), name="one_score_per_season_event_player"
                    )
                ],
            },
        ),
        migrations.RunPython(copy_played, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name="seasonstanding",
            name="counted",
        ),
        migrations.RemoveField(
            model_name="seasonstanding",
            name="played",
        ),
    ]
