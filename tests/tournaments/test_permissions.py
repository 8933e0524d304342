"""Who may do what: every write endpoint against six kinds of caller.

"allowed" means the request gets past the permission check (it may still be refused for the state the
object is in, with a 409); "refused" means 403, or 401 for an anonymous caller.
"""

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.tournaments.helpers import register_and_check_in
from tournaments.models import Event
from tournaments.services.rounds import event_start

pytestmark = pytest.mark.django_db
ROLES = ["anonymous", "player", "seated_player", "organiser", "other_organiser", "admin"]


@pytest.fixture
def world() -> dict[str, Any]:
    event = EventFactory()
    register_and_check_in(event, [PlayerFactory() for _ in range(8)])
    round_ = event_start(event=event, by=event.organisers.get())
    table = round_.tables.order_by("number").first()
    seat = table.seats.order_by("position").first()
    draft = EventFactory(status="draft", organisers=[event.organisers.get()])
    return {
        "event": event, "draft": draft, "round": round_, "table": table, "seat": seat,
        "other_seat": round_.tables.order_by("number").last().seats.first(),
        "registration": event.registrations.get(player=seat.player),
        "users": {
            "player": PlayerFactory().user, "seated_player": seat.player.user, "organiser": event.organisers.get(),
            "other_organiser": EventFactory(status="draft").organisers.get(),
            "admin": UserFactory(is_staff=True, is_superuser=True),
        },
    }  # fmt: skip


Request = Callable[[dict[str, Any]], tuple[str, dict[str, Any]]]
ENDPOINTS: dict[str, tuple[Request, set[str]]] = {
    "create an event": (lambda w: ("/api/events/", {"name": "x", "game": "boomerang-usa"}),
                        {"player", "seated_player", "organiser", "other_organiser", "admin"}),
    "open registration": (lambda w: (f"/api/events/{w['draft'].pk}/open-registration/", {}), {"organiser", "admin"}),
    "start the event": (lambda w: (f"/api/events/{w['draft'].pk}/start/", {}), {"organiser", "admin"}),
    "seat the next round": (lambda w: (f"/api/events/{w['event'].pk}/next-round/", {}), {"organiser", "admin"}),
    "start a round": (lambda w: (f"/api/rounds/{w['round'].pk}/start/", {}), {"organiser", "admin"}),
    "register someone else": (lambda w: (f"/api/events/{w['draft'].pk}/registrations/",
                                         {"player": w["seat"].player.handle}), {"organiser", "admin"}),
    "submit a seat's sheet": (lambda w: (f"/api/seats/{w['seat'].pk}/sheets/", {"data": {}}),
                              {"seated_player", "organiser", "admin"}),
    "submit a table's score pad": (lambda w: (f"/api/tables/{w['table'].pk}/sheets/", {"seats": []}),
                                   {"seated_player", "organiser", "admin"}),
    "swap seats": (lambda w: ("/api/seats/swap/", {"seat_a": w["seat"].pk, "seat_b": w["other_seat"].pk}),
                   {"organiser", "admin"}),
    "override a table": (lambda w: (f"/api/tables/{w['table'].pk}/override/", {"reason": "r"}), {"organiser", "admin"}),
    "re-verify a table": (lambda w: (f"/api/tables/{w['table'].pk}/reverify/", {}), {"organiser", "admin"}),
    "check a player in": (lambda w: (f"/api/registrations/{w['registration'].pk}/check-in/", {}),
                          {"seated_player", "organiser", "admin"}),
    "drop a player": (lambda w: (f"/api/registrations/{w['registration'].pk}/drop/", {}),
                      {"seated_player", "organiser", "admin"}),
}  # fmt: skip


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("endpoint", list(ENDPOINTS))
def test_the_permission_matrix(world: dict[str, Any], endpoint: str, role: str) -> None:
    build, allowed = ENDPOINTS[endpoint]
    Event.objects.filter(pk=world["draft"].pk).update(status="draft")
    url, body = build(world)
    client = APIClient()
    if role != "anonymous":
        client.force_authenticate(world["users"][role])
    status = client.post(url, body, format="json").status_code
    if role in allowed:
        assert status not in (401, 403), f"{role} was refused {endpoint}"
        assert status < 500
    else:
        assert status == (401 if role == "anonymous" else 403), f"{role} got {status} for {endpoint}"
