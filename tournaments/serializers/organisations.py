"""Clubs, their staff and members, and a steward's reasons."""

from rest_framework import serializers

import games
from config.serializers import StrictModelSerializer, StrictSerializer
from tournaments.models import (
    Licence,
    Membership,
    Organisation,
)
from tournaments.serializers.fields import HandlePlacesField


class OrganisationInputSerializer(StrictSerializer):
    slug = serializers.CharField(
        min_length=2, max_length=50, help_text="Its address: /clubs/<slug>/ (letters, digits, '-', '_')."
    )
    name = serializers.CharField(max_length=200)
    country = serializers.CharField(max_length=2, required=False, allow_blank=True, default="")
    kind = serializers.ChoiceField(choices=Organisation.Kind.choices, default=Organisation.Kind.CLUB)


class FederationInputSerializer(StrictSerializer):
    federation = serializers.CharField(
        max_length=50, allow_null=True, help_text="The federation's address (slug); null: none."
    )


class OrganisationSerializer(StrictModelSerializer):
    staff = serializers.SerializerMethodField(help_text="Who runs it: handle and role.")
    federation = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True,
        help_text="The federation the club belongs to (its owners say); null: none.",
    )  # fmt: skip
    trusted = serializers.BooleanField(read_only=True, help_text="Trusted by the stewards of at least one game.")
    trusted_games = serializers.ListField(
        child=serializers.CharField(), read_only=True,
        help_text="The games whose stewards trust it: its events of these games are sanctioned on creation.",
    )  # fmt: skip
    corrections_trusted_games = serializers.ListField(
        child=serializers.CharField(), read_only=True,
        help_text="The games whose stewards accept its corrections of sanctioned results as they come.",
    )  # fmt: skip

    class Meta:
        model = Organisation
        fields = [
            "slug", "name", "country", "kind", "federation", "trusted", "trusted_games", "corrections_trusted_games",
            "staff", "created_at",
        ]  # fmt: skip

    def get_staff(self, organisation: Organisation) -> list[dict[str, str]]:
        return [
            {"player": getattr(getattr(s.user, "player", None), "handle", s.user.get_username()), "role": s.role}
            for s in organisation.staff.select_related("user__player")
        ]


class StaffInputSerializer(StrictSerializer):
    player = serializers.CharField(help_text="The handle of the person.")
    role = serializers.ChoiceField(choices=["owner", "organiser"])


class ReasonSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=500, help_text="Why: kept with the decision and shown on the event page.")


class MembershipInputSerializer(StrictSerializer):
    player = serializers.CharField(help_text="The handle of the player.")
    joined_on = serializers.DateField(required=False, help_text="Default: today.")


class LeaveInputSerializer(StrictSerializer):
    left_on = serializers.DateField(required=False, help_text="Default: today.")


class MembershipSerializer(StrictModelSerializer):
    player = serializers.CharField(source="player.handle")
    organisation = serializers.CharField(source="organisation.slug")

    class Meta:
        model = Membership
        fields = ["organisation", "player", "joined_on", "left_on"]


class ResultChangeStepSerializer(StrictSerializer):
    at = serializers.DateTimeField()
    because = serializers.ChoiceField(choices=["verified", "overridden", "reopened", "forfeited"])
    by = serializers.CharField(help_text="The handle (or user name) of who changed the results; empty: unknown.")
    reason = serializers.CharField(allow_blank=True)
    tables = serializers.ListField(child=serializers.IntegerField())


DECISION_KINDS = ("sanction", "result_change")


class DecisionSerializer(StrictSerializer):
    """One of the stewards' decisions on an event: a sanction decision, or a change of its results after the
    sanction and what was decided of it (docs/rules.md, "Sanctions that hold")."""

    kind = serializers.ChoiceField(choices=DECISION_KINDS)
    at = serializers.DateTimeField()
    decision = serializers.CharField(
        help_text="sanctioned, refused or revoked; for a result change: pending, accepted, refused or void."
    )
    by = serializers.CharField(allow_blank=True, help_text="The steward who decided; empty: automatic or not yet.")
    reason = serializers.CharField(allow_blank=True)
    id = serializers.IntegerField(required=False, help_text="A result change's id (to accept or refuse it).")
    decided_at = serializers.DateTimeField(required=False, allow_null=True)
    tables = serializers.ListField(child=serializers.IntegerField(), required=False)
    steps = ResultChangeStepSerializer(many=True, required=False)
    before = HandlePlacesField(child=serializers.ListField(), required=False, help_text="[[handle, place], ...]")
    after = HandlePlacesField(child=serializers.ListField(), required=False, help_text="[[handle, place], ...]")


class CorrectionsTrustSerializer(StrictSerializer):
    game = serializers.ChoiceField(choices=sorted(games.GAMES), help_text="The game whose stewards you are one of.")
    trusted = serializers.BooleanField(
        help_text="Its corrections of sanctioned results of this game are accepted as they come."
    )


class LicencesInputSerializer(StrictSerializer):
    csv = serializers.CharField(
        max_length=2_000_000, trim_whitespace=False,
        help_text="The licences as CSV: handle, number, valid_from, valid_until (YYYY-MM-DD), and any of club "
        "(its address) and category.",
    )  # fmt: skip


class LicencesImportedSerializer(StrictSerializer):
    stored = serializers.IntegerField(help_text="Licences stored (a number already known is updated).")


class LicenceSerializer(StrictModelSerializer):
    player = serializers.CharField(source="player.handle")
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)

    class Meta:
        model = Licence
        fields = ["number", "player", "valid_from", "valid_until", "club", "category"]
