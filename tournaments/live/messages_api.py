"""The organisers' word to the room over the API (`/api/events/{id}/messages/`): each recipient's own stream
carries it (tournaments/live/services.py, `room_message_send`)."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from config.paging import ApiPages, many, paged
from tournaments.app_actions import EventActions
from tournaments.live.services import room_message_send
from tournaments.selectors.permissions import require_organiser
from tournaments.serializers.events import RoomMessageInputSerializer, RoomMessageSerializer


class EventMessagesViewSet(EventActions):
    @extend_schema(methods=["get"], responses=RoomMessageSerializer(many=True))
    @extend_schema(methods=["post"], request=RoomMessageInputSerializer, responses={201: RoomMessageSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=ApiPages, filter_backends=[])
    def messages(self, request: Request, pk: str) -> Response:
        """The organisers' word to the room (organisers): POST sends it to everyone registered, one table of
        the round at hand or the waitlist, each recipient's own stream carrying it (`your.message`); at most
        10 every ten minutes (409 `too_many_messages`). GET lists what was sent, newest first."""
        event = self.get_object()
        require_organiser(user=request.user, event=event)
        if request.method == "GET":
            return paged(request, event.room_messages.all(), many(RoomMessageSerializer), self)
        payload = RoomMessageInputSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        message = room_message_send(event=event, by=request.user, **payload.validated_data)
        return Response(RoomMessageSerializer(message).data, status=status.HTTP_201_CREATED)
