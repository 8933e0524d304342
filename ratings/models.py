from django.conf import settings
from django.db import models

from ratings.trueskill_step import Environment


class RatingPool(models.Model):
    """One rating pool per game, with its own TrueSkill environment."""

    game = models.CharField(max_length=40, unique=True)
    name = models.CharField(max_length=100)
    mu = models.FloatField(default=25.0)
    sigma = models.FloatField(default=25.0 / 3)
    beta = models.FloatField(default=25.0 / 6)
    tau = models.FloatField(default=25.0 / 300)
    draw_probability = models.FloatField(default=0.10)
    titled = models.BooleanField(default=False, help_text="The pool has titles: each rating checks their rules.")

    class Meta:
        ordering = ["game"]

    def __str__(self) -> str:
        return self.name

    def environment(self) -> Environment:
        return Environment(self.mu, self.sigma, self.beta, self.tau, self.draw_probability)


class RatingEvent(models.Model):
    """Something that moves ratings, in the pool's canonical order (order_at, then id).

    A rated match carries its placings; an inactivity event widens one player's sigma. Replaying the
    events in order from any point rebuilds every rating.
    """

    class Kind(models.TextChoices):
        MATCH = "match"
        INACTIVITY = "inactivity"

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    source = models.CharField(max_length=60, help_text="What was rated, e.g. 'table:42'.")
    order_at = models.DateTimeField(help_text="When the result was verified: the canonical rating order.")
    placings = models.JSONField(help_text='[{"player": user id, "name": handle, "rank": 1}, ...]')
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pool", "order_at", "id"]
        constraints = [models.UniqueConstraint(fields=["pool", "source"], name="one_event_per_source")]
        indexes = [models.Index(fields=["pool", "order_at", "id"])]

    def __str__(self) -> str:
        return f"{self.pool} {self.kind} {self.source}"


class Rating(models.Model):
    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    name = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    conservative = models.FloatField(help_text="mu - 3 sigma: the leaderboard's order.")
    games = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pool", "-conservative", "id"]
        constraints = [models.UniqueConstraint(fields=["pool", "player"], name="one_rating_per_pool_player")]
        indexes = [models.Index(fields=["pool", "-conservative", "id"])]

    def __str__(self) -> str:
        return f"{self.name}: {self.conservative:.2f} in {self.pool}"


class RatingBucket(models.Model):
    """How many of a pool's ratings have a conservative rating in [floor / 10, (floor + 1) / 10): kept in the
    transaction that writes the ratings (ratings/services/pools.py), so a player's rank and a deep leaderboard page
    add up these few hundred rows instead of counting a million ratings (docs/rules.md, "Ranks at scale")."""

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="buckets")
    floor = models.IntegerField(help_text="The bucket [floor / 10, (floor + 1) / 10) of conservative ratings.")
    players = models.IntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["pool", "floor"], name="one_bucket_per_pool_floor")]

    def __str__(self) -> str:
        return f"{self.pool}: {self.players} at {self.floor / 10}"


class RatingChange(models.Model):
    """One player's rating before and after one event; rebuilt by a replay."""

    event = models.ForeignKey(RatingEvent, on_delete=models.CASCADE, related_name="changes")
    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="changes")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    rank = models.PositiveSmallIntegerField(null=True)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["event__order_at", "event_id", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="one_change_per_event_player")]
        indexes = [models.Index(fields=["pool", "player", "event"])]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.mu_before:.2f} -> {self.mu_after:.2f}"


class RatingAudit(models.Model):
    """Who made ratings move, and how much was recomputed: one row per record, removal or replay."""

    class Action(models.TextChoices):
        RECORDED = "recorded"
        RERATED = "rerated", "re-rated (a changed result or an earlier slot)"
        REMOVED = "removed"
        REPLAYED = "replayed"
        INACTIVITY = "inactivity"
        TITLED = "titled", "a title defined (and awarded to those who met it)"

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="audit")
    action = models.CharField(max_length=12, choices=Action.choices)
    source = models.CharField(max_length=60, blank=True)
    actor = models.CharField(max_length=150, blank=True, help_text="Who caused it, as the caller said.")
    events_replayed = models.PositiveIntegerField(default=0)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.pool} {self.action} {self.source} by {self.actor or 'the system'}"


class RatingList(models.Model):
    """An official rating list: a frozen snapshot of a pool on a date. A later correction changes the live
    ratings (a replay), never a published list; the next list shows the change."""

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="lists")
    name = models.CharField(max_length=100)
    published_at = models.DateTimeField()
    published_by = models.CharField(max_length=150, help_text="Who published it (a steward, or the schedule).")
    min_games = models.PositiveIntegerField(default=0, help_text="Players with fewer rated games are left out.")
    provisional_left_out = models.BooleanField(default=False, help_text="Provisional players are left out.")

    class Meta:
        ordering = ["-published_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["pool", "name"], name="one_list_name_per_pool")]

    def __str__(self) -> str:
        return f"{self.pool} list {self.name}"


class RatingListEntry(models.Model):
    """One player's line in a published list. Written all at once from the pool's ratings (a list of a
    million players in one statement), so the database checks neither reference row by row: its deferred
    foreign-key checks cost more than the whole insert (bench/ratings.py lists, BENCHMARKS.md). Django
    still cascades a deleted list or player; the unique constraint's first column serves look-ups by list."""

    rating_list = models.ForeignKey(
        RatingList, on_delete=models.CASCADE, related_name="entries", db_constraint=False, db_index=False
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="list_entries", db_constraint=False
    )
    name = models.CharField(max_length=40)
    rank = models.PositiveIntegerField()
    conservative = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField()
    inactive = models.BooleanField(default=False, help_text="No rated game in the year before the list.")

    class Meta:
        ordering = ["rating_list", "rank", "id"]
        constraints = [models.UniqueConstraint(fields=["rating_list", "player"], name="one_entry_per_list_player")]

    def __str__(self) -> str:
        return f"{self.rank}. {self.name}"


class TitleRule(models.Model):
    """A title a pool's stewards define (issue 57, item 6; docs/ratings.md, "Titles"): a conservative rating of
    at least `min_rating`, held after each of `held_for_games` rated games in a row, with `min_games` rated
    games at least. Awarded once, for good, with the day and the table that completed it."""

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="title_rules")
    name = models.CharField(max_length=60)
    abbreviation = models.CharField(max_length=8)
    min_rating = models.FloatField(help_text="The conservative rating (mu - 3 sigma) to reach.")
    min_games = models.PositiveIntegerField(default=0, help_text="Rated games at least, when reached.")
    held_for_games = models.PositiveIntegerField(default=1, help_text="Rated games in a row at the rating.")
    defined_by = models.CharField(max_length=150)
    reason = models.CharField(max_length=500)
    defined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pool", "-min_rating", "id"]
        constraints = [models.UniqueConstraint(fields=["pool", "abbreviation"], name="one_title_abbreviation")]

    def __str__(self) -> str:
        return f"{self.name} ({self.abbreviation}) in {self.pool}"


class TitleAward(models.Model):
    """A title held: when the rule was met (the rating event's order) and by which table (its source)."""

    rule = models.ForeignKey(TitleRule, on_delete=models.CASCADE, related_name="awards")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="titles")
    name = models.CharField(max_length=40)
    awarded_at = models.DateTimeField()
    source = models.CharField(max_length=60, help_text="The rated match that completed the rule.")
    rating = models.FloatField(help_text="The conservative rating then.")
    games = models.PositiveIntegerField(help_text="Rated games then.")

    class Meta:
        ordering = ["awarded_at", "id"]
        constraints = [models.UniqueConstraint(fields=["rule", "player"], name="one_award_a_title_a_player")]

    def __str__(self) -> str:
        return f"{self.name}: {self.rule.abbreviation}"
