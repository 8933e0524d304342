"""A team event's teams: registered whole by an organiser, or made by a player whom teammates join."""

from rest_framework import serializers

from config.serializers import StrictSerializer


def own_answers() -> serializers.DictField:
    """The player's own answers to the event's questions, as a registration sends them."""
    return serializers.DictField(
        required=False,
        help_text="The player's own answers to the event's questions, {question id: answer}, as a registration "
        "sends them (an organiser's team needs none).",
    )


class TeamInputSerializer(StrictSerializer):
    name = serializers.CharField(max_length=80)
    players = serializers.ListField(
        child=serializers.CharField(max_length=40), min_length=1, max_length=10,
        help_text="The team's players' handles: as many as the event's team_size (an organiser), or the player's "
        "own alone (a player: each teammate joins with the team's code).",
    )  # fmt: skip
    answers = own_answers()


class TeamSerializer(StrictSerializer):
    name = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())


class TeamCreatedSerializer(TeamSerializer):
    join_code = serializers.CharField(
        help_text="What each teammate sends to POST /api/events/{id}/teams/join/ (empty: the team is whole)."
    )


class TeamJoinInputSerializer(StrictSerializer):
    code = serializers.CharField(max_length=20, help_text="The team's join code, from whoever made the team.")
    answers = own_answers()


class TeamStandingSerializer(StrictSerializer):
    rank = serializers.IntegerField()
    team = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())
    points = serializers.FloatField(help_text="The team's points: each round's counted players' points, summed.")
    game_score = serializers.IntegerField(help_text="The counted players' game scores: the tie-break.")
    rounds = serializers.ListField(child=serializers.FloatField(), help_text="The team's points round by round.")
