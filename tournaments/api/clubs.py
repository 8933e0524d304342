"""Organisations and their staff, and the stewards' sanctions of events."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from config.paging import ApiPages, many, paged
from tournaments.models import Organisation, Player
from tournaments.selectors.licences import licences_of
from tournaments.selectors.permissions import require_staff
from tournaments.serializers.organisations import (
    FederationInputSerializer,
    LeaveInputSerializer,
    LicenceSerializer,
    LicencesImportedSerializer,
    LicencesInputSerializer,
    MembershipInputSerializer,
    MembershipSerializer,
    OrganisationInputSerializer,
    OrganisationSerializer,
    StaffInputSerializer,
)
from tournaments.services import clubs as clubs_services
from tournaments.services.clubs import membership_add, membership_end, organisation_create, staff_set
from tournaments.services.licences import licences_import


class OrganisationViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Clubs, leagues and federations. Anyone signed in creates one and becomes its owner."""

    queryset = Organisation.objects.prefetch_related("staff__user__player")
    serializer_class = OrganisationSerializer
    lookup_field = "slug"

    @extend_schema(request=OrganisationInputSerializer, responses={201: OrganisationSerializer})
    def create(self, request: Request) -> Response:
        payload = OrganisationInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        organisation = organisation_create(by=request.user, **payload.validated_data)
        return Response(OrganisationSerializer(organisation).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=StaffInputSerializer, responses={200: OrganisationSerializer})
    @action(detail=True, methods=["post"])
    def staff(self, request: Request, slug: str) -> Response:
        """Give a person a role, or change it (owners)."""
        payload = StaffInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        organisation = self.get_object()
        player = get_object_or_404(Player, handle=payload.validated_data["player"])
        staff_set(organisation=organisation, by=request.user, player=player, role=payload.validated_data["role"])
        return Response(OrganisationSerializer(organisation).data)

    @extend_schema(request=FederationInputSerializer, responses={200: OrganisationSerializer})
    @action(detail=True, methods=["post"], url_path="federation")
    def federation(self, request: Request, slug: str) -> Response:
        """Say which federation the club belongs to (owners; null: none): the federation's seasons that take
        their member clubs' events may then take its events."""
        payload = FederationInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        chosen = payload.validated_data["federation"]
        federation = get_object_or_404(Organisation, slug=chosen) if chosen else None
        organisation = clubs_services.club_federation_set(
            organisation=self.get_object(), by=request.user, federation=federation
        )
        return Response(OrganisationSerializer(organisation).data)

    @extend_schema(methods=["get"], responses=LicenceSerializer(many=True))
    @extend_schema(methods=["post"], request=LicencesInputSerializer, responses={200: LicencesImportedSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=ApiPages, filter_backends=[])
    def licences(self, request: Request, slug: str) -> Response:
        """A federation's licences (its staff): read them, or import a CSV (columns handle, number,
        valid_from, valid_until, club, category): whole or not at all, each bad row named by line and field."""
        federation = self.get_object()
        require_staff(user=request.user, organisation=federation)
        if request.method == "POST":
            payload = LicencesInputSerializer(data=request.data)
            payload.is_valid(raise_exception=True)
            stored = licences_import(federation=federation, by=request.user, text=payload.validated_data["csv"])
            return Response(LicencesImportedSerializer({"stored": stored}).data)
        return paged(request, licences_of(federation=federation), many(LicenceSerializer), self)

    @extend_schema(request=None, responses={200: OrganisationSerializer})
    @action(detail=True, methods=["delete"], url_path=r"staff/(?P<handle>[^/]+)")
    def staff_remove(self, request: Request, slug: str, handle: str) -> Response:
        """Remove a person from the staff (owners; the last owner stays)."""
        organisation = self.get_object()
        clubs_services.staff_remove(
            organisation=organisation, by=request.user, player=get_object_or_404(Player, handle=handle)
        )
        return Response(OrganisationSerializer(organisation).data)

    @extend_schema(request=MembershipInputSerializer, responses={201: MembershipSerializer})
    @action(detail=True, methods=["post"])
    def members(self, request: Request, slug: str) -> Response:
        """Enrol a player as a member from `joined_on` (today when left out) (its staff)."""
        payload = MembershipInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        player = get_object_or_404(Player, handle=payload.validated_data["player"])
        membership = membership_add(
            organisation=self.get_object(), by=request.user, player=player,
            joined_on=payload.validated_data.get("joined_on"),
        )  # fmt: skip
        return Response(MembershipSerializer(membership).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=LeaveInputSerializer, responses={200: MembershipSerializer})
    @action(detail=True, methods=["post"], url_path=r"members/(?P<handle>[^/]+)/leave")
    def member_leave(self, request: Request, slug: str, handle: str) -> Response:
        """End a membership on `left_on` (today when left out) (the player or its staff)."""
        payload = LeaveInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        membership = membership_end(
            organisation=self.get_object(), by=request.user, player=get_object_or_404(Player, handle=handle),
            left_on=payload.validated_data.get("left_on"),
        )  # fmt: skip
        return Response(MembershipSerializer(membership).data)
