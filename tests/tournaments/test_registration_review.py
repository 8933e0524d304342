"""Registration review and the organiser's questions (issue 70, item 3): an event may keep each registration
awaiting an organiser, who approves it (a place, or the waitlist when full), asks a change with a note (the
player answers again) or declines it with a reason, the player told by e-mail in their language; the
organiser's questions (text, choice, yes/no) are answered on registering, refusals naming the question, and
the answers are in the entrants CSV."""

import pytest
from django.core import mail
from django.test import Client

from tests.factories import PlayerFactory
from tournaments.models import Registration
from tournaments.services.clubs import organisation_create, player_notifications_set
from tournaments.services.events import event_create, event_open_registration
from tournaments.services.registration_questions import questions_as_lines, questions_from_lines

pytestmark = pytest.mark.django_db

QUESTIONS = [
    {"label": "Your club", "kind": "text"},
    {"label": "T-shirt size", "kind": "choice", "choices": ["S", "M", "L"]},
    {"label": "Vegetarian meal?", "kind": "yes_no"},
]


def reviewed_event(capacity: int = 8):
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    event = event_create(organiser=owner.user, name="Open", game="boomerang-australia", organisation=club,
                         capacity=capacity, registration_review=True, registration_questions=QUESTIONS)  # fmt: skip
    event_open_registration(event=event, by=owner.user)
    return owner, event


def api(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def post(player, url: str, body: dict | None = None, **headers):
    return api(player).post(url, body or {}, content_type="application/json", **headers)


def test_a_reviewed_registration_waits_then_is_approved_and_the_player_is_told_in_their_language(
    django_capture_on_commit_callbacks,
) -> None:
    owner, event = reviewed_event()
    zoe = PlayerFactory()
    zoe_client = api(zoe)  # a log-in keeps the language it was made in: hers is set after it
    player_notifications_set(player=zoe, by=zoe.user, seated=True, rejected=True, finished=True, language="fr")
    answers = {"your-club": "Owls", "t-shirt-size": "M", "vegetarian-meal": True}
    sent = zoe_client.post(f"/api/events/{event.pk}/registrations/", {"answers": answers},
                           content_type="application/json")  # fmt: skip
    assert sent.status_code == 201, sent.content
    assert sent.json()["status"] == "awaiting"
    queue = api(owner).get(f"/api/events/{event.pk}/review/").json()["results"]
    assert [(row["player"], row["answers"]) for row in queue] == [(zoe.handle, answers)]
    assert zoe_client.get(f"/api/events/{event.pk}/review/").status_code == 403
    registration = Registration.objects.get(player=zoe)
    with django_capture_on_commit_callbacks(execute=True):
        approved = api(owner).post(f"/api/registrations/{registration.pk}/approve/")
    assert approved.status_code == 200, approved.content
    assert approved.json()["status"] == "registered"
    assert [message.to for message in mail.outbox] == [[zoe.user.email]]
    assert "votre inscription est acceptée" in mail.outbox[0].subject
    again = api(owner).post(f"/api/registrations/{registration.pk}/approve/")
    assert (again.status_code, again.json()["code"]) == (409, "not_awaiting_review")


def test_a_change_asked_returns_to_the_player_who_answers_again_and_a_decline_says_why(
    django_capture_on_commit_callbacks,
) -> None:
    owner, event = reviewed_event()
    ann = PlayerFactory()
    answers = {"your-club": "", "t-shirt-size": "S", "vegetarian-meal": False}
    post(ann, f"/api/events/{event.pk}/registrations/", {"answers": answers})
    registration = Registration.objects.get(player=ann)
    with django_capture_on_commit_callbacks(execute=True):
        asked = post(owner, f"/api/registrations/{registration.pk}/ask-change/", {"note": "Name your club, please"})
    assert (asked.status_code, asked.json()["status"], asked.json()["review_note"]) == (
        200, "changes", "Name your club, please")  # fmt: skip
    assert "Name your club, please" in mail.outbox[-1].body
    assert api(PlayerFactory()).get(f"/api/registrations/{registration.pk}/review/").status_code == 403
    assert (
        api(ann).get(f"/api/registrations/{registration.pk}/review/").json()["review_note"] == "Name your club, please"
    )
    answered = post(ann, f"/api/registrations/{registration.pk}/review/", {"answers": {**answers, "your-club": "Owls"}})
    assert (answered.status_code, answered.json()["status"]) == (200, "awaiting")
    with django_capture_on_commit_callbacks(execute=True):
        declined = post(owner, f"/api/registrations/{registration.pk}/decline/", {"reason": "Members only tonight"})
    assert declined.json()["status"] == "declined"
    assert "Members only tonight" in mail.outbox[-1].body
    listed = api(owner).get(f"/api/events/{event.pk}/registrations/").json()["results"]
    assert ann.handle not in [row["player"] for row in listed]  # declined: between the player and the organisers
    refused = post(ann, f"/api/events/{event.pk}/registrations/", {"answers": answers})
    assert refused.status_code == 409  # a declined player does not register again by themselves


def test_approval_gives_the_waitlist_when_the_event_is_full_and_a_pending_one_takes_no_place() -> None:
    owner, event = reviewed_event(capacity=2)
    players = [PlayerFactory() for _ in range(3)]
    answers = {"t-shirt-size": "L"}
    for player in players:
        post(player, f"/api/events/{event.pk}/registrations/", {"answers": answers})
    assert event.registrations.filter(status__in=Registration.HOLDS_A_PLACE).count() == 0
    statuses = []
    for player in players:
        registration = Registration.objects.get(player=player)
        statuses.append(api(owner).post(f"/api/registrations/{registration.pk}/approve/").json()["status"])
    assert statuses == ["registered", "registered", "waitlisted"]


def test_answers_are_checked_naming_the_question() -> None:
    _owner, event = reviewed_event()
    ann = PlayerFactory()
    cases = [
        ({"t-shirt-size": "XXL"}, "answers.t-shirt-size"),
        ({}, "answers.t-shirt-size"),  # a choice is always answered
        ({"t-shirt-size": "S", "vegetarian-meal": "yes"}, "answers.vegetarian-meal"),
        ({"t-shirt-size": "S", "shoe-size": "42"}, "answers.shoe-size"),
    ]
    for answers, field in cases:
        answer = post(ann, f"/api/events/{event.pk}/registrations/", {"answers": answers})
        assert (answer.status_code, answer.json()["field"]) == (400, field), answers
    assert not Registration.objects.filter(player=ann).exists()


def test_the_questions_are_checked_naming_the_question_and_written_one_a_line_on_the_form() -> None:
    owner = PlayerFactory()
    club = organisation_create(by=owner.user, slug="owls", name="Owls")
    bad = [{"label": "Size", "kind": "choice", "choices": ["only one"]}]
    created = post(
        owner,
        "/api/events/",
        {"name": "Open", "game": "boomerang-australia", "organisation": club.slug, "registration_questions": bad},
    )
    assert (created.status_code, created.json()["field"]) == (400, "registration_questions[0].choices")
    lines = "text: Your club\ntext*: Licence number\nyes/no: Vegetarian meal?\nchoice: T-shirt size: S, M, L"
    questions = questions_from_lines(lines)
    assert [(q["id"], q["kind"], q["required"]) for q in questions] == [
        ("your-club", "text", False), ("licence-number", "text", True), ("vegetarian-meal", "yes_no", True),
        ("t-shirt-size", "choice", True)]  # fmt: skip
    assert questions_as_lines(questions) == lines


def test_an_organisers_own_registration_of_a_player_is_taken_without_review() -> None:
    owner, event = reviewed_event()
    ann = PlayerFactory()
    answer = post(owner, f"/api/events/{event.pk}/registrations/", {"player": ann.handle})
    assert answer.json()["status"] == "registered"


def test_the_entrants_csv_has_a_column_an_answer_for_organisers_only() -> None:
    import csv
    import io

    owner, event = reviewed_event()
    ann = PlayerFactory()
    post(ann, f"/api/events/{event.pk}/registrations/", {"answers": {"your-club": "=cmd", "t-shirt-size": "S"}})
    assert api(ann).get(f"/api/events/{event.pk}/entrants/", {"format": "csv"}).status_code == 403
    answer = api(owner).get(f"/api/events/{event.pk}/entrants/", {"format": "csv"})
    rows = list(csv.DictReader(io.StringIO(answer.content.decode())))
    assert [(r["player"], r["status"], r["answers.your-club"], r["answers.t-shirt-size"], r["answers.vegetarian-meal"])
            for r in rows] == [(ann.handle, "awaiting", "'=cmd", "S", "no")]  # fmt: skip
    page = api(owner).get(f"/events/{event.pk}/review/").content.decode()
    assert ann.handle in page
    assert "=cmd" in page


def test_an_organisers_import_is_taken_without_review_even_for_a_player_who_had_withdrawn() -> None:
    from tournaments.entrants.services import entrants_import
    from tournaments.services.registrations import registration_withdraw

    owner, event = reviewed_event()
    ann, bob = PlayerFactory(), PlayerFactory()
    registration = registration_create_taken(event, ann, owner)
    registration_withdraw(registration=registration, by=ann.user)
    entrants_import(event=event, by=owner.user, text=f"handle\n{ann.handle}\n{bob.handle}\n")
    statuses = dict(event.registrations.values_list("player__handle", "status"))
    assert statuses == {ann.handle: "registered", bob.handle: "registered"}


def registration_create_taken(event, player, owner):
    answer = post(owner, f"/api/events/{event.pk}/registrations/", {"player": player.handle})
    return Registration.objects.get(pk=answer.json()["id"])


def test_an_organisers_team_is_taken_without_review_and_a_players_own_team_awaits_it() -> None:
    owner, event = reviewed_event()
    event.team_size = 2
    event.save(update_fields=["team_size"])
    ann, bob, cat = PlayerFactory(), PlayerFactory(), PlayerFactory()
    made = post(owner, f"/api/events/{event.pk}/teams/", {"name": "Owls A", "players": [ann.handle, bob.handle]})
    assert made.status_code == 201, made.content
    answers = {"your-club": "", "t-shirt-size": "L", "vegetarian-meal": True}
    alone = post(cat, f"/api/events/{event.pk}/teams/", {"name": "Cats", "players": [cat.handle], "answers": answers})
    assert alone.status_code == 201, alone.content
    statuses = dict(event.registrations.values_list("player__handle", "status"))
    assert statuses == {ann.handle: "registered", bob.handle: "registered", cat.handle: "awaiting"}
    assert Registration.objects.get(player=cat).answers == answers


def test_an_organisers_import_approves_a_player_awaiting_review_and_tells_them(
    django_capture_on_commit_callbacks,
) -> None:
    from tournaments.entrants.services import entrants_import

    owner, event = reviewed_event()
    ann = PlayerFactory()
    answers = {"your-club": "Owls", "t-shirt-size": "S", "vegetarian-meal": False}
    assert post(ann, f"/api/events/{event.pk}/registrations/", {"answers": answers}).json()["status"] == "awaiting"
    with django_capture_on_commit_callbacks(execute=True):
        entrants_import(event=event, by=owner.user, text=f"handle\n{ann.handle}\n")
    registration = Registration.objects.get(event=event, player=ann)
    assert (registration.status, registration.answers) == ("registered", answers)  # the answers kept
    assert [message.to for message in mail.outbox] == [[ann.user.email]]


def test_a_player_cannot_register_again_while_awaiting_review() -> None:
    _owner, event = reviewed_event()
    ann = PlayerFactory()
    answers = {"your-club": "Owls", "t-shirt-size": "S", "vegetarian-meal": False}
    assert post(ann, f"/api/events/{event.pk}/registrations/", {"answers": answers}).status_code == 201
    again = post(ann, f"/api/events/{event.pk}/registrations/", {"answers": answers})
    assert again.status_code == 409, again.content
    assert again.json()["code"] == "already_registered"
