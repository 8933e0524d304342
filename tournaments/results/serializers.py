"""What the results app answers of a table beside its sheets: its chances before play, what each place would
have given after it is rated; and an event's handicap standings."""

from rest_framework import serializers

from config.serializers import StrictSerializer


class SeatChanceSerializer(StrictSerializer):
    position = serializers.IntegerField()
    player = serializers.CharField(help_text="The seat's player's handle.")
    rated = serializers.BooleanField(help_text="False: no rating in the pool yet; the pool's starting one is used.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    places = serializers.ListField(
        child=serializers.FloatField(min_value=0, max_value=1),
        help_text="The chance of finishing 1st, 2nd, ... (they sum to 1).",
    )


class TableChancesSerializer(StrictSerializer):
    method = serializers.CharField(help_text="How the chances are computed.")
    samples = serializers.IntegerField(help_text="Draws of the Monte Carlo: each chance is within 0.8 points.")
    seats = SeatChanceSerializer(many=True)


class SeatWorthSerializer(StrictSerializer):
    player = serializers.CharField()
    place = serializers.IntegerField(allow_null=True, help_text="The place they reached.")
    change = serializers.FloatField(help_text="What the table did to their conservative rating (mu - 3 sigma).")
    by_place = serializers.ListField(
        child=serializers.FloatField(),
        help_text="What finishing 1st, 2nd, ... would have done, the others keeping their order (the place they "
        "reached gives `change`).",
    )


class TablePlaceWorthSerializer(StrictSerializer):
    explanation = serializers.CharField()
    seats = SeatWorthSerializer(many=True)


class HandicapRowSerializer(StrictSerializer):
    place = serializers.IntegerField(help_text="Equal figures share a place.")
    player = serializers.CharField()
    tables = serializers.IntegerField(help_text="Tables played (a table won by forfeit is left out).")
    expected = serializers.FloatField(help_text="The places the ratings expected, summed over the tables.")
    reached = serializers.IntegerField(help_text="The places reached, summed over the tables.")
    beyond = serializers.FloatField(help_text="expected - reached: places above expectation (the ranking).")


class EventHandicapSerializer(StrictSerializer):
    method = serializers.CharField(help_text="How the expectation is computed.")
    rows = HandicapRowSerializer(many=True)


class RecapSeatSerializer(StrictSerializer):
    player = serializers.CharField()
    table_id = serializers.IntegerField()
    table = serializers.IntegerField(help_text="The table's number in its round.")
    round = serializers.IntegerField(help_text="The event's round.")


class UpsetSerializer(RecapSeatSerializer):
    place = serializers.IntegerField(help_text="The place reached.")
    expected = serializers.FloatField(help_text="The place the ratings the players came in with expected.")


class BestDraftSerializer(RecapSeatSerializer):
    best_picks = serializers.IntegerField(help_text="Picks that were the best card on offer.")
    choices = serializers.IntegerField(help_text="Picks with more than one card offered.")
    points_lost = serializers.IntegerField(help_text="The round points the picks left on the table.")


class HandsSerializer(RecapSeatSerializer):
    par = serializers.IntegerField(help_text="What the reference drafter made of the same hands.")
    made = serializers.IntegerField(allow_null=True, help_text="What the player made of them.")


class CardOfTheNightSerializer(StrictSerializer):
    card = serializers.CharField()
    name = serializers.CharField()
    times_best = serializers.IntegerField(help_text="Picks where it was the best card on offer.")
    times_taken = serializers.IntegerField(help_text="Of those, the picks that took it.")


class EventRecapSerializer(StrictSerializer):
    event = serializers.IntegerField()
    upset = UpsetSerializer(allow_null=True, help_text="Null without a rating at the tables or a place 1 better.")
    best_draft = BestDraftSerializer(allow_null=True, help_text="Null for a game without a draft.")
    luckiest = HandsSerializer(allow_null=True)
    unluckiest = HandsSerializer(allow_null=True)
    card = CardOfTheNightSerializer(allow_null=True)
