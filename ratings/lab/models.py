"""The quality lab's records: each pool's newest report, and the stewards' adoptions of fitted parameters."""

from django.db import models

from ratings.models import RatingPool


class QualityReport(models.Model):
    """How well a pool's ratings predicted its tables (ratings/lab/report.py), refreshed nightly and on demand
    (`manage.py rating_quality GAME`): the figures as JSON, and when they were computed."""

    pool = models.OneToOneField(RatingPool, on_delete=models.CASCADE, related_name="quality")
    computed_at = models.DateTimeField()
    seconds = models.FloatField(help_text="How long computing it took.")
    figures = models.JSONField()

    class Meta:
        db_table = "ratings_qualityreport"  # kept from the ratings app, where it was made

    def __str__(self) -> str:
        return f"quality of {self.pool} at {self.computed_at:%Y-%m-%d}"


class QualityRun(models.Model):
    """The state of a pool's latest report task, for its stewards: queued, running, done, or out of time (then
    sent again with twice the limit, QUALITY_ATTEMPTS in all, before it is left as failed)."""

    class State(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        TIMED_OUT = "timed_out", "out of time: sent again with a longer limit"
        FAILED = "failed", "out of time at every attempt"

    pool = models.OneToOneField(RatingPool, on_delete=models.CASCADE, related_name="quality_run")
    state = models.CharField(max_length=12, choices=State.choices)
    attempt = models.PositiveSmallIntegerField(default=1)
    time_limit = models.FloatField(help_text="This attempt's limit in seconds.")
    tables = models.PositiveIntegerField(default=0)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"quality of {self.pool}: {self.state} (attempt {self.attempt})"


class ParametersDecision(models.Model):
    """A steward adopting the TrueSkill parameters the quality report fitted to a pool (docs/ratings.md): what
    they were and became, how each predicted the held-out tables, who decided and why. The pool is replayed
    under the new parameters in the same transaction; the next official list shows the change."""

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="parameter_decisions")
    decided_by = models.CharField(max_length=150)
    decided_at = models.DateTimeField()
    reason = models.TextField()
    before = models.JSONField(help_text="The parameters replaced: mu, sigma, beta, tau, draw_probability.")
    after = models.JSONField(help_text="The parameters adopted.")
    held_out_before = models.FloatField(help_text="The replaced parameters' held-out log-likelihood a table.")
    held_out_after = models.FloatField(help_text="The adopted parameters' held-out log-likelihood a table.")
    report_computed_at = models.DateTimeField(help_text="The quality report the fitted parameters came from.")
    events_replayed = models.PositiveIntegerField()

    class Meta:
        db_table = "ratings_parametersdecision"  # kept from the ratings app, where it was made
        ordering = ["-decided_at", "-id"]

    def __str__(self) -> str:
        return f"{self.pool}: parameters adopted by {self.decided_by}"
