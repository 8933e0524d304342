from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.serializers import StrictModelSerializer, StrictSerializer
from ratings.lab.models import QualityReport, QualityRun
from ratings.lab.selectors import parameter_decisions
from ratings.lab.services import MIN_TABLES_TO_FIT
from ratings.models import Rating, RatingChange, RatingList, RatingListEntry, RatingPool
from ratings.selectors.leaderboards import is_provisional


class RatingPoolSerializer(StrictModelSerializer):
    class Meta:
        model = RatingPool
        fields = ["game", "name", "mu", "sigma", "beta", "tau", "draw_probability"]


class RatingSerializer(StrictModelSerializer):
    player = serializers.IntegerField(source="player_id")
    handle = serializers.CharField(source="name", help_text="The player's handle (also in `name`).")
    provisional = serializers.SerializerMethodField()

    class Meta:
        model = Rating
        fields = ["player", "handle", "name", "conservative", "mu", "sigma", "games", "last_played_at", "provisional"]

    def get_provisional(self, rating: Rating) -> bool:
        return is_provisional(rating)


class RatingChangeSerializer(StrictModelSerializer):
    source = serializers.CharField(source="event.source")
    kind = serializers.CharField(source="event.kind")
    order_at = serializers.DateTimeField(source="event.order_at")
    mu_change = serializers.SerializerMethodField()

    class Meta:
        model = RatingChange
        fields = [
            "source",
            "kind",
            "order_at",
            "rank",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
            "mu_change",
        ]

    def get_mu_change(self, change: RatingChange) -> float:
        return change.mu_after - change.mu_before


class PlayerRatingSerializer(StrictSerializer):
    rating = RatingSerializer()
    rank = serializers.IntegerField(help_text="The player's place on the pool's whole leaderboard.")
    history = RatingChangeSerializer(many=True)


class ListInputSerializer(StrictSerializer):
    name = serializers.CharField(max_length=100, help_text="For example 2026-11.")
    min_games = serializers.IntegerField(
        min_value=0, max_value=10_000, default=0, help_text="Players with fewer rated games are left out."
    )
    leave_out_provisional = serializers.BooleanField(default=False, help_text="Leave provisional players out.")


class ListEntrySerializer(StrictModelSerializer):
    player = serializers.IntegerField(source="player_id")
    handle = serializers.CharField(source="name")

    class Meta:
        model = RatingListEntry
        fields = ["rank", "player", "handle", "conservative", "mu", "sigma", "games", "inactive"]


class RatingListSerializer(StrictModelSerializer):
    game = serializers.CharField(source="pool.game")

    class Meta:
        model = RatingList
        fields = ["id", "game", "name", "published_at", "published_by", "min_games", "provisional_left_out"]


class RatingListDetailSerializer(StrictSerializer):
    list = RatingListSerializer(source="rating_list")
    moved_since = serializers.IntegerField(help_text="Players whose live rating is not the list's any more.")
    entries_count = serializers.IntegerField(help_text="Entries on the whole list.")
    page = serializers.IntegerField(help_text="This page of entries (`?page=N`, 1,000 entries a page).")
    pages = serializers.IntegerField()
    entries = ListEntrySerializer(many=True)


class CalibrationSerializer(StrictSerializer):
    low = serializers.FloatField()
    high = serializers.FloatField()
    predicted = serializers.FloatField(help_text="The mean predicted chance to win of the players in this band.")
    observed = serializers.FloatField(help_text="How often they won (a win shared by k tied players counts 1/k).")
    count = serializers.IntegerField()


class EnvironmentSerializer(StrictSerializer):
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    beta = serializers.FloatField()
    tau = serializers.FloatField()
    draw_probability = serializers.FloatField()


class HeldOutSerializer(StrictSerializer):
    name = serializers.ChoiceField(
        choices=["current", "fitted", "elo", "openskill"],
        help_text="current: the pool's TrueSkill parameters; fitted: fitted to the earlier 80%; elo: a multiplayer "
        "Elo (K 32); openskill: openskill's Plackett-Luce with its defaults.",
    )
    parameters = serializers.DictField(child=serializers.FloatField())
    tables = serializers.IntegerField()
    log_likelihood = serializers.FloatField(
        help_text="Mean per held-out table of the observed order's log-probability."
    )
    winner_accuracy = serializers.FloatField()
    top_half_accuracy = serializers.FloatField()
    pair_inversion = serializers.FloatField(
        allow_null=True,
        default=None,
        help_text="Of the pairs at a table with different places, the share the ratings ordered wrongly (null in "
        "reports made before 0.6.0).",
    )
    rank_deviation = serializers.FloatField(
        allow_null=True,
        default=None,
        help_text="A player's |predicted place - place| divided by the table's size, the mean over the players.",
    )
    top3_hit = serializers.FloatField(
        allow_null=True, default=None, help_text="The share of tables whose winner was among the three rated highest."
    )
    pairwise_error = serializers.FloatField(
        allow_null=True,
        default=None,
        help_text="The mean over those pairs of (P(the one ahead beats the other) - 1)^2: a Brier score of pairs.",
    )


class FittedSerializer(StrictSerializer):
    parameters = EnvironmentSerializer()
    training_log_likelihood = serializers.FloatField(help_text="The fitted parameters' on the earlier tables.")
    start_log_likelihood = serializers.FloatField(help_text="The pool's own parameters' on the earlier tables.")
    replays = serializers.IntegerField(help_text="How many replays of the earlier tables the fit took.")


class ComparisonSerializer(StrictSerializer):
    training_tables = serializers.IntegerField(help_text="The earlier 80% of the tables, where the fit was made.")
    held_out_tables = serializers.IntegerField(help_text="The later 20%, where every model is scored.")
    uniform_log_likelihood = serializers.FloatField(help_text="Knowing nothing, on the held-out tables.")
    fitted = FittedSerializer()
    models = HeldOutSerializer(many=True)


class CandidateScoresSerializer(StrictSerializer):
    tables = serializers.IntegerField()
    log_likelihood = serializers.FloatField(
        help_text="Mean per held-out table of the observed order's log-probability."
    )
    winner_accuracy = serializers.FloatField()
    top_half_accuracy = serializers.FloatField()
    pair_inversion = serializers.FloatField()
    rank_deviation = serializers.FloatField()
    top3_hit = serializers.FloatField()
    pairwise_error = serializers.FloatField()


class CandidateModelsSerializer(StrictSerializer):
    trueskill = CandidateScoresSerializer(help_text="TrueSkill as the pool rates.")
    trueskill_scaled = CandidateScoresSerializer(help_text="TrueSkill at its best-fitting scale (baseline_weight).")
    trueskill_choice = CandidateScoresSerializer(help_text="The candidate: TrueSkill plus the pick skill.")


class CandidateSerializer(StrictSerializer):
    tables = serializers.IntegerField(help_text="The pool's latest tables the candidate is scored on (at most 5,000).")
    drafted = serializers.IntegerField(help_text="Of which the whole draft is known.")
    held_out = serializers.IntegerField(help_text="The later 20% of those, where the three models are scored.")
    weight = serializers.FloatField(help_text="TrueSkill's weight in the candidate, fitted on the earlier 80%.")
    scale = serializers.FloatField(help_text="The pick skill's scale in the candidate, fitted likewise.")
    baseline_weight = serializers.FloatField(help_text="TrueSkill's best weight alone, fitted likewise.")
    uniform_log_likelihood = serializers.FloatField(help_text="Knowing nothing, on the held-out tables.")
    models = CandidateModelsSerializer()


class ParametersDecisionSerializer(StrictSerializer):
    decided_by = serializers.CharField()
    decided_at = serializers.DateTimeField()
    reason = serializers.CharField()
    before = EnvironmentSerializer()
    after = EnvironmentSerializer()
    held_out_before = serializers.FloatField()
    held_out_after = serializers.FloatField()
    report_computed_at = serializers.DateTimeField()
    events_replayed = serializers.IntegerField()


class AdoptInputSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=2000, help_text="Why the stewards adopt the fitted parameters.")


@extend_schema_field({
    "type": "array", "items": {"type": "array", "minItems": 3, "maxItems": 3, "items": {
        "oneOf": [{"type": "string"}, {"type": "number"}], "nullable": True}},
})  # fmt: skip
class DriftField(serializers.ListField):
    """[month, mean mu or null, count] rows."""


class QualityRunSerializer(StrictSerializer):
    state = serializers.ChoiceField(
        choices=["queued", "running", "done", "timed_out", "failed"],
        help_text="timed_out: out of its limit, sent again with twice the limit; failed: out of time 3 times.",
    )
    attempt = serializers.IntegerField()
    time_limit = serializers.FloatField(help_text="This attempt's limit in seconds.")
    changed_at = serializers.DateTimeField()


class QualitySerializer(StrictSerializer):
    """How well the pool's ratings predicted its tables (docs/ratings.md, "How good are the ratings")."""

    run = serializers.SerializerMethodField(help_text="The latest report task's state (null: none was sent).")
    computed_at = serializers.DateTimeField()
    seconds = serializers.FloatField(help_text="How long computing it took.")
    tables = serializers.IntegerField(source="figures.tables")
    too_few_to_judge = serializers.SerializerMethodField(
        help_text="Fewer tables than the figures need to mean anything (about 50): read them as noise."
    )
    log_likelihood = serializers.FloatField(
        source="figures.log_likelihood", help_text="Mean per table of the observed order's log-probability."
    )
    uniform_log_likelihood = serializers.FloatField(
        source="figures.uniform_log_likelihood", help_text="The same if every order were equally likely."
    )
    winner_accuracy = serializers.FloatField(source="figures.winner_accuracy")
    top_half_accuracy = serializers.FloatField(source="figures.top_half_accuracy")
    pair_inversion = serializers.FloatField(
        source="figures.pair_inversion",
        allow_null=True,
        default=None,
        help_text="Of the pairs at a table with different places, the share the ratings ordered wrongly (null in "
        "reports made before 0.6.0).",
    )
    rank_deviation = serializers.FloatField(
        source="figures.rank_deviation",
        allow_null=True,
        default=None,
        help_text="A player's |predicted place - place| divided by the table's size, the mean over the players.",
    )
    top3_hit = serializers.FloatField(
        source="figures.top3_hit",
        allow_null=True,
        default=None,
        help_text="The share of tables whose winner was among the three rated highest.",
    )
    winner_floor = serializers.FloatField(
        source="figures.winner_floor", allow_null=True, default=None,
        help_text="What chance alone scores on winner_accuracy over these tables (0.25 at tables of four; null in "
        "earlier reports).",
    )  # fmt: skip
    top_half_floor = serializers.FloatField(
        source="figures.top_half_floor", allow_null=True, default=None,
        help_text="What chance alone scores on top_half_accuracy (0.5 at tables of four).",
    )  # fmt: skip
    top3_floor = serializers.FloatField(
        source="figures.top3_floor", allow_null=True, default=None,
        help_text="What chance alone scores on top3_hit (0.75 at tables of four, 1 at tables of three).",
    )  # fmt: skip
    win_brier = serializers.FloatField(
        source="figures.win_brier", allow_null=True, default=None,
        help_text="The Brier score of each seat's chance to win: a table's sum over its seats of (chance - won)^2, "
        "the mean over the tables (0 is perfect; null in earlier reports).",
    )  # fmt: skip
    win_brier_floor = serializers.FloatField(
        source="figures.win_brier_floor", allow_null=True, default=None,
        help_text="The same Brier score with every seat given an equal chance: what knowing nothing scores.",
    )  # fmt: skip
    calibration = CalibrationSerializer(many=True, source="figures.calibration")
    drift = DriftField(
        child=serializers.ListField(), source="figures.drift",
        help_text="[month, mean mu of the established players (null while none), how many], month by month.",
    )  # fmt: skip
    parameters = EnvironmentSerializer(source="figures.parameters", help_text="The TrueSkill parameters replayed.")
    comparison = ComparisonSerializer(
        source="figures.comparison", allow_null=True, default=None,
        help_text="The pool's parameters, fitted ones, Elo and openskill on the same held-out tables (null under "
        "50 tables).",
    )  # fmt: skip
    candidate = CandidateSerializer(
        source="figures.candidate", allow_null=True, default=None,
        help_text="A drafting game's candidate, TrueSkill plus the pick skill (docs/ratings.md, \"The candidate in a "
        "real pool\"), against TrueSkill on the pool's latest held-out tables: evidence for the stewards, not a "
        "model they adopt here (null: a game without a draft, fewer than 50 known drafts, or an earlier report).",
    )  # fmt: skip
    decisions = serializers.SerializerMethodField(help_text="The stewards' parameter decisions, newest first.")

    @extend_schema_field(ParametersDecisionSerializer(many=True))
    def get_decisions(self, report: QualityReport) -> Any:
        return ParametersDecisionSerializer(parameter_decisions(pool=report.pool), many=True).data

    @extend_schema_field(QualityRunSerializer(allow_null=True))
    def get_run(self, report: QualityReport) -> Any:
        run = QualityRun.objects.filter(pool=report.pool_id).first()
        return None if run is None else QualityRunSerializer(run).data

    def get_too_few_to_judge(self, report: Any) -> bool:
        return bool(report.figures["tables"] < report.figures.get("enough_tables", MIN_TABLES_TO_FIT))
