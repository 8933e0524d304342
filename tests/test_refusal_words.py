"""The service's own refusals in the reader's language (issue 67, item 18: French requests got English in some
of them): every refusal a service raises with one fixed message has its words in tournaments/text.py, which
the pages and the API (by `Accept-Language`) both read; a refusal whose message carries values (a count, a
name) keeps the service's English, with its code."""

import ast
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from tests.factories import EventFactory

ROOT = Path(__file__).resolve().parents[1]
REFUSALS = {"DomainError", "Conflict", "NotAllowed", "NotFound", "Gone", "TooLarge"}


def _constant(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _refusal(node: ast.AST) -> tuple[str | None, str | None]:
    """(code, message) of a refusal raised here, (None, None) for any other node; a message built from values
    is None."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in REFUSALS):
        return None, None
    keywords = {k.arg: k.value for k in node.keywords}
    code = _constant(keywords.get("code", node.args[1] if len(node.args) > 1 else None))
    return code, _constant(node.args[0] if node.args else keywords.get("message"))


def fixed_refusals() -> dict[str, set[str | None]]:
    """Each refusal code raised in the project: its messages (None for one built from values)."""
    found: dict[str, set[str | None]] = {}
    for folder in ("tournaments", "ratings", "config"):
        for path in (ROOT / folder).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                code, message = _refusal(node)
                if code:
                    found.setdefault(code, set()).add(message)
    return found


def test_every_refusal_with_a_fixed_message_has_words_in_every_language() -> None:
    from tournaments.text import _refusals

    fixed = {code for code, messages in fixed_refusals().items() if len(messages) == 1 and None not in messages}
    assert len(fixed) > 40
    assert sorted(fixed - set(_refusals())) == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "Nommez une table de la manche en cours."), ("de", "Nenne einen Tisch der aktuellen Runde."),
     ("es", "Indica una mesa de la ronda en curso."), ("en", "name a table of the round at hand")],
)  # fmt: skip
def test_an_api_refusal_speaks_the_requests_language(language: str, words: str) -> None:
    event = EventFactory(game="boomerang-australia")
    organiser = APIClient()
    organiser.force_authenticate(event.organisers.get())
    answer = organiser.post(f"/api/events/{event.pk}/messages/", {"text": "hi", "audience": "table", "table": 9},
                            format="json", HTTP_ACCEPT_LANGUAGE=language)  # fmt: skip
    assert (answer.status_code, answer.json()["code"]) == (400, "unknown_table")
    assert answer.json()["detail"] == words


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "l’adresse 'owls' est déjà prise"), ("de", "die Adresse 'owls' ist vergeben"),
     ("es", "la dirección 'owls' ya está ocupada"), ("en", "the address 'owls' is taken")],
)  # fmt: skip
def test_a_refusal_carrying_a_value_speaks_the_requests_language_too(language: str, words: str) -> None:
    """Issue 67, item 18's rest: a refusal whose message names a value (a handle, a number, an address) is
    written for translation where it is raised, its values filled in the reader's language; English as
    before."""
    from tests.factories import UserFactory

    first, second = APIClient(), APIClient()
    first.force_authenticate(UserFactory())
    second.force_authenticate(UserFactory())
    assert first.post("/api/organisations/", {"slug": "owls", "name": "Owls"}, format="json").status_code == 201
    answer = second.post("/api/organisations/", {"slug": "owls", "name": "Other owls"}, format="json",
                         HTTP_ACCEPT_LANGUAGE=language)  # fmt: skip
    assert (answer.status_code, answer.json()["code"]) == (409, "slug_taken")
    assert answer.json()["detail"] == words


def english_only_refusals() -> list[str]:
    """Refusals raised with a message the code formats in English (an f-string or `.format`), so no reader's
    language can reach it: each must be `format_lazy(gettext_lazy("... {value} ..."), value=...)` instead."""
    found = []
    for folder in ("tournaments", "ratings", "config"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if not (isinstance(node, ast.Call) and node.args):
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                message = node.args[0]
                formatted = isinstance(message, ast.JoinedStr) or (
                    isinstance(message, ast.Call) and getattr(message.func, "attr", None) == "format"
                )
                if name in REFUSALS | {"ValidationError"} and formatted:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            found += [f"{path.relative_to(ROOT)}:{line}" for line in _english_messages_named(path)]
    return found


def _english_messages_named(path: Path) -> list[int]:
    """`message = f"..."` (or `detail`): a refusal's words formatted in English before it is raised."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.JoinedStr)
        and any(getattr(target, "id", None) in ("message", "detail") for target in node.targets)
    ]  # fmt: skip


def test_no_refusal_formats_its_message_in_english() -> None:
    """Issue 67, item 18's last rest: about fifty refusals carrying values (a column, a count, the choices)
    were English whatever the reader's language."""
    assert english_only_refusals() == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "un pseudo : 2 à 40 caractères : lettres de l’alphabet latin"),
     ("de", "ein Spielername: 2 bis 40 Zeichen: Buchstaben des lateinischen Alphabets"),
     ("es", "un alias: de 2 a 40 caracteres: letras del alfabeto latino"),
     ("en", "a handle is 2-40 characters: letters of the Latin alphabet")],
)  # fmt: skip
def test_a_refusal_whose_value_is_words_reads_them_in_the_language_too(language: str, words: str) -> None:
    """The handle's rule is itself words: it is filled in the reader's language, not English inside French."""
    body = {"username": "newcomer", "password": "correct-horse-battery", "handle": "x"}
    answer = APIClient().post("/api/players/", body, format="json", HTTP_ACCEPT_LANGUAGE=language)
    assert (answer.status_code, answer.json()["field"]) == (400, "handle")
    assert answer.json()["detail"].startswith(words)
