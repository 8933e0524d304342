from rest_framework import serializers

from ratings import selectors
from ratings.models import Rating, RatingChange, RatingList, RatingListEntry, RatingPool


class RatingPoolSerializer(serializers.ModelSerializer):
    class Meta:
        model = RatingPool
        fields = ["game", "name", "mu", "sigma", "beta", "tau", "draw_probability"]


class RatingSerializer(serializers.ModelSerializer):
    player = serializers.IntegerField(source="player_id")
    handle = serializers.CharField(source="name", help_text="The player's handle (also in `name`).")
    provisional = serializers.SerializerMethodField()

    class Meta:
        model = Rating
        fields = ["player", "handle", "name", "conservative", "mu", "sigma", "games", "last_played_at", "provisional"]

    def get_provisional(self, rating: Rating) -> bool:
        return selectors.is_provisional(rating)


class RatingChangeSerializer(serializers.ModelSerializer):
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


class PlayerRatingSerializer(serializers.Serializer):
    rating = RatingSerializer()
    rank = serializers.IntegerField(help_text="The player's place on the pool's whole leaderboard.")
    history = RatingChangeSerializer(many=True)


class ListInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, help_text="For example 2026-11.")
    min_games = serializers.IntegerField(
        min_value=0, max_value=10_000, default=0, help_text="Players with fewer rated games are left out."
    )
    leave_out_provisional = serializers.BooleanField(default=False, help_text="Leave provisional players out.")


class ListEntrySerializer(serializers.ModelSerializer):
    player = serializers.IntegerField(source="player_id")
    handle = serializers.CharField(source="name")

    class Meta:
        model = RatingListEntry
        fields = ["rank", "player", "handle", "conservative", "mu", "sigma", "games", "inactive"]


class RatingListSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="pool.game")

    class Meta:
        model = RatingList
        fields = ["id", "game", "name", "published_at", "published_by", "min_games", "provisional_left_out"]


class RatingListDetailSerializer(serializers.Serializer):
    list = RatingListSerializer(source="rating_list")
    moved_since = serializers.IntegerField(help_text="Players whose live rating is not the list's any more.")
    entries_count = serializers.IntegerField(help_text="Entries on the whole list.")
    page = serializers.IntegerField(help_text="This page of entries (`?page=N`, 1,000 entries a page).")
    pages = serializers.IntegerField()
    entries = ListEntrySerializer(many=True)
