"""Entering an edition from the box over the API (tournaments/catalogue/entries.py): one's own entry, saved and
resumed with its faults, submitted; the submitted entries and what they agree on; the differing fields of two
entries side by side; a steward making a confirmed edition the game's."""

from dataclasses import asdict
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import NotAllowed
from config.paging import ApiPages, many, paged
from config.serializers import StrictSerializer
from tournaments.catalogue.entries import (
    confirmation_adopt,
    entries_compare,
    entry_faults,
    entry_save,
    entry_submit,
)
from tournaments.catalogue.models import EditionConfirmation, EditionEntry
from tournaments.catalogue.preview import adoption_preview
from tournaments.catalogue.selectors import confirmation_independence, require_game
from tournaments.selectors.permissions import is_steward
from tournaments.serializers.fields import JsonObjectField, JsonValueField


class EntryInputSerializer(StrictSerializer):
    data = JsonObjectField(help_text="The edition file of docs/deck.md, as far as entered.")


class EntrySerializer(StrictSerializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    data = JsonObjectField(help_text="The edition file of docs/deck.md, as far as entered.")
    faults = serializers.ListField(child=serializers.CharField(), help_text="What the checks find, field by field.")
    submitted = serializers.BooleanField()


class SubmittedSerializer(StrictSerializer):
    confirmation = serializers.IntegerField(allow_null=True, help_text="The confirmation it made, if any.")


class EntryLineSerializer(StrictSerializer):
    id = serializers.IntegerField()
    entered_by = serializers.CharField()
    submitted_at = serializers.DateTimeField(allow_null=True)


class EntrantSerializer(StrictSerializer):
    username = serializers.CharField()
    joined_on = serializers.DateField(help_text="When their account was made.")
    events_played = serializers.IntegerField()


class IndependenceSerializer(StrictSerializer):
    entrants = EntrantSerializer(many=True)
    played_together = serializers.IntegerField(help_text="Events all the entrants registered for.")
    same_email_domain = serializers.BooleanField()
    hours_between_entries = serializers.FloatField(help_text="Between the first and the last entry's start.")


class ConfirmationSerializer(StrictSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="The edition's name in its file.")
    entered_by = serializers.ListField(child=serializers.CharField(), help_text="Who entered the agreeing entries.")
    confirmed_at = serializers.DateTimeField()
    adopted_at = serializers.DateTimeField(allow_null=True)
    adopted_by = serializers.CharField(allow_null=True)
    reason = serializers.CharField()
    independence = IndependenceSerializer(
        help_text="What tells whether the entries are two people's, not one person's two accounts: the steward "
        "decides (issue 67, item 14)."
    )


class EntriesSerializer(StrictSerializer):
    entries = EntryLineSerializer(many=True)
    confirmations = ConfirmationSerializer(many=True)


class DifferenceSerializer(StrictSerializer):
    field = serializers.CharField()
    mine = JsonValueField(allow_null=True)
    theirs = JsonValueField(allow_null=True)


class AdoptSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=2000)


def entry_json(entry: EditionEntry, faults: list[str] | None = None) -> dict[str, Any]:
    faults = entry_faults(entry.data) if faults is None else faults
    return {"id": entry.pk, "game": entry.game, "data": entry.data, "faults": faults,
            "submitted": entry.submitted_at is not None}  # fmt: skip


def confirmation_json(confirmation: EditionConfirmation) -> dict[str, Any]:
    entries = list(confirmation.entries.select_related("entered_by").order_by("created_at"))
    return {
        "id": confirmation.pk, "name": str(confirmation.data.get("name", "")),
        "entered_by": sorted(e.entered_by.username for e in entries),
        "independence": confirmation_independence(entries=entries),
        "confirmed_at": confirmation.confirmed_at, "adopted_at": confirmation.adopted_at,
        "adopted_by": confirmation.adopted_by.username if confirmation.adopted_by else None,
        "reason": confirmation.reason,
    }  # fmt: skip


class MyEntryView(APIView):
    """One's own entry of the game's edition: read it, or save it (faults and all) to resume later."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: EntrySerializer})
    def get(self, request: Request, game: str) -> Response:
        require_game(game)
        return Response(
            EntrySerializer(entry_json(get_object_or_404(EditionEntry, game=game, entered_by=request.user))).data
        )

    @extend_schema(request=EntryInputSerializer, responses={200: EntrySerializer})
    def put(self, request: Request, game: str) -> Response:
        payload = EntryInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        entry, faults = entry_save(game=game, by=request.user, data=payload.validated_data["data"])
        return Response(EntrySerializer(entry_json(entry, faults)).data)


class MyEntrySubmitView(APIView):
    """Offer one's entry for confirmation (it must pass every check)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: SubmittedSerializer})
    def post(self, request: Request, game: str) -> Response:
        entry = get_object_or_404(EditionEntry, game=game, entered_by=request.user)
        confirmation = entry_submit(entry=entry, by=request.user)
        return Response(SubmittedSerializer({"confirmation": confirmation.pk if confirmation else None}).data)


class EntriesView(APIView):
    """The game's entries (who, submitted when) and its confirmed editions."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: EntriesSerializer})
    def get(self, request: Request, game: str) -> Response:
        require_game(game)
        entries = EditionEntry.objects.filter(game=game).select_related("entered_by").order_by("id")
        lines = [{"id": e.pk, "entered_by": e.entered_by.username, "submitted_at": e.submitted_at} for e in entries]
        confirmations = [confirmation_json(c) for c in EditionConfirmation.objects.filter(game=game)]
        return Response(EntriesSerializer({"entries": lines, "confirmations": confirmations}).data)


class CompareView(APIView):
    """The fields where one's own entry and another differ, side by side: a third box settles them."""

    permission_classes = [IsAuthenticated]
    pagination_class = ApiPages

    @extend_schema(responses={200: DifferenceSerializer(many=True)})
    def get(self, request: Request, game: str, entry_id: int) -> Response:
        mine = get_object_or_404(EditionEntry, game=game, entered_by=request.user)
        theirs = get_object_or_404(EditionEntry, game=game, pk=entry_id)
        differences = [vars(d) for d in entries_compare(mine=mine, theirs=theirs)]
        return paged(request, differences, many(DifferenceSerializer))


class AdoptView(APIView):
    """A steward of the game makes a confirmed edition the game's, with the reason: every table of the game is
    verified again with it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=AdoptSerializer, responses={200: ConfirmationSerializer})
    def post(self, request: Request, game: str, confirmation_id: int) -> Response:
        payload = AdoptSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        confirmation = get_object_or_404(EditionConfirmation, game=game, pk=confirmation_id)
        adopted = confirmation_adopt(
            confirmation=confirmation, by=request.user, reason=payload.validated_data["reason"]
        )
        return Response(ConfirmationSerializer(confirmation_json(adopted)).data)


class EventPreviewSerializer(StrictSerializer):
    event = serializers.IntegerField()
    name = serializers.CharField()
    kept_on_practice = serializers.BooleanField(
        help_text="Played on practice data: it keeps it, its standings as played (its organiser may re-verify)."
    )
    tables = serializers.IntegerField(help_text="Its judged tables.")
    counting = serializers.IntegerField(help_text="Of them, those that count now.")
    rejected_after = serializers.IntegerField(
        allow_null=True, help_text="Counting now, rejected by the new data (null: kept, or past the tables checked)."
    )


class AdoptionPreviewSerializer(StrictSerializer):
    events = EventPreviewSerializer(many=True)
    tables_checked = serializers.IntegerField()
    tables_left_unchecked = serializers.IntegerField(help_text="Past the preview's bound: the oldest events'.")


class AdoptPreviewView(APIView):
    """What making this confirmed edition the game's would do, before a steward does it: each event kept on
    its practice data or verified again, and the counting tables the new data would reject (nothing written)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: AdoptionPreviewSerializer})
    def get(self, request: Request, game: str, confirmation_id: int) -> Response:
        confirmation = get_object_or_404(EditionConfirmation, game=game, pk=confirmation_id)
        if not is_steward(user=request.user, game=game):
            raise NotAllowed("only a steward of this game's ratings previews its edition", "not_steward", "game")
        preview = adoption_preview(game=game, raw=confirmation.data)
        return Response(AdoptionPreviewSerializer(asdict(preview)).data)
