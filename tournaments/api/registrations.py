"""A registration's own endpoints: check in, withdraw, drop, reinstate, and the organisers' review of it
(approve, ask a change, decline) with the player's answer to a change asked (services/review.py)."""

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from config.errors import NotAllowed
from tournaments.models import Registration
from tournaments.selectors.events import waitlist_position
from tournaments.selectors.permissions import is_organiser
from tournaments.serializers.registrations import (
    AnswersInputSerializer,
    DeclineReasonSerializer,
    NoteInputSerializer,
    RegistrationSerializer,
    ReviewSerializer,
)
from tournaments.services.attendance import registration_reinstate
from tournaments.services.registrations import registration_check_in, registration_withdraw
from tournaments.services.review import (
    registration_approve,
    registration_ask_change,
    registration_decline,
    registration_resubmit,
)


class RegistrationViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Registration.objects.select_related("event", "player")
    serializer_class = RegistrationSerializer

    def retrieve(self, request: Request, pk: str) -> Response:
        return self._answer(self.get_object())

    def _answer(self, registration: Registration) -> Response:
        registration.waitlist_position = waitlist_position(registration=registration)  # type: ignore[attr-defined]
        return Response(RegistrationSerializer(registration).data)

    @extend_schema(request=None, responses={200: RegistrationSerializer})
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, pk: str) -> Response:
        return self._answer(registration_check_in(registration=self.get_object(), by=request.user))

    @extend_schema(request=None, responses={200: RegistrationSerializer})
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str) -> Response:
        return self._answer(registration_withdraw(registration=self.get_object(), by=request.user))

    @extend_schema(request=None, responses={200: RegistrationSerializer})
    @action(detail=True, methods=["post"])
    def reinstate(self, request: Request, pk: str) -> Response:
        """Bring back a dropped player or a no-show (organisers): seated again from the next round."""
        return self._answer(registration_reinstate(registration=self.get_object(), by=request.user))

    @extend_schema(request=None, responses={200: RegistrationSerializer})
    @action(detail=True, methods=["post"])
    def approve(self, request: Request, pk: str) -> Response:
        """Approve a registration awaiting review (organisers): a place, or the waitlist when the event is full;
        409 `not_awaiting_review` for one that is not."""
        return self._answer(registration_approve(registration=self.get_object(), by=request.user))

    @extend_schema(request=NoteInputSerializer, responses={200: ReviewSerializer})
    @action(detail=True, methods=["post"], url_path="ask-change")
    def ask_change(self, request: Request, pk: str) -> Response:
        """Send a registration awaiting review back to its player with a note of what to change (organisers)."""
        payload = NoteInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        asked = registration_ask_change(registration=self.get_object(), by=request.user, **payload.validated_data)
        return Response(ReviewSerializer(asked).data)

    @extend_schema(request=DeclineReasonSerializer, responses={200: ReviewSerializer})
    @action(detail=True, methods=["post"])
    def decline(self, request: Request, pk: str) -> Response:
        """Decline a registration under review, with the reason the player is told (organisers)."""
        payload = DeclineReasonSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        declined = registration_decline(registration=self.get_object(), by=request.user, **payload.validated_data)
        return Response(ReviewSerializer(declined).data)

    @extend_schema(methods=["get"], responses={200: ReviewSerializer})
    @extend_schema(methods=["post"], request=AnswersInputSerializer, responses={200: ReviewSerializer})
    @action(detail=True, methods=["get", "post"])
    def review(self, request: Request, pk: str) -> Response:
        """The registration with its answers and the organisers' note (its player and the organisers), or the
        player's answers again after a change was asked (it then awaits review anew)."""
        registration = self.get_object()
        if request.user.pk != registration.player.user_id and not is_organiser(
            user=request.user, event=registration.event
        ):
            raise NotAllowed(
                "only the registered player and the event's organisers see its answers", "not_your_registration"
            )
        if request.method == "GET":
            return Response(ReviewSerializer(registration).data)
        payload = AnswersInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        again = registration_resubmit(registration=registration, by=request.user, **payload.validated_data)
        return Response(ReviewSerializer(again).data)
