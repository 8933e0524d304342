"""Registrations, the organiser's questions and the review of registrations (services/review.py)."""

from rest_framework import serializers

from config.serializers import StrictModelSerializer, StrictSerializer
from tournaments.models import Registration
from tournaments.services.registration_questions import KINDS

QUESTIONS_HELP = (
    "The organiser's own questions on the registration form, at most 10: each {id, label, kind: text|choice|yes_no, "
    "choices (a choice question's, 2 to 20), required (a text question's; the others are always answered)}; id "
    "is made from the label when left out. Refusals name the question: registration_questions[i].label."
)


class QuestionSerializer(StrictSerializer):
    id = serializers.SlugField(max_length=40, required=False)
    label = serializers.CharField(max_length=200)
    kind = serializers.ChoiceField(choices=KINDS)
    choices = serializers.ListField(child=serializers.CharField(max_length=200), required=False, max_length=20)
    required = serializers.BooleanField(required=False)


class RegistrationInputSerializer(StrictSerializer):
    player = serializers.CharField(required=False, help_text="Handle; organisers only. Default: yourself.")
    answers = serializers.DictField(
        required=False,
        help_text="Answers to the event's questions, {question id: text, a choice, or true/false}; a refusal "
        "names the question (answers.<id>).",
    )


class RegistrationSerializer(StrictModelSerializer):
    player = serializers.CharField(source="player.handle")
    waitlist_position = serializers.IntegerField(allow_null=True, read_only=True)

    class Meta:
        model = Registration
        fields = ["id", "event", "player", "status", "waitlist_position", "division", "created_at"]


class ReviewSerializer(StrictModelSerializer):
    """A registration as its player and the event's organisers see it: with the answers and the organisers'
    note (the change asked, or the reason declined)."""

    player = serializers.CharField(source="player.handle")

    class Meta:
        model = Registration
        fields = ["id", "event", "player", "status", "division", "answers", "review_note", "created_at", "updated_at"]


class DivisionSerializer(StrictSerializer):
    name = serializers.CharField(max_length=40)
    min = serializers.FloatField(
        allow_null=True, min_value=-1000, max_value=1000,
        help_text="The least conservative rating that enters it; null for the last, which takes everyone else.",
    )  # fmt: skip


DIVISIONS_HELP = (
    "Divisions by rating, from the strongest, 2 to 6 (or none): each its own standings (`?division=<name>`), "
    "one seating. A player's division is fixed when they start to play, from their conservative rating then."
)


class NoteInputSerializer(StrictSerializer):
    note = serializers.CharField(max_length=1000, help_text="What the player should change (shown and e-mailed).")


class DeclineReasonSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=1000, help_text="Why the registration is declined (e-mailed).")


class AnswersInputSerializer(StrictSerializer):
    answers = serializers.DictField(help_text="The answers again, {question id: answer}, after a change was asked.")
