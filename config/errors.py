"""The one domain error base: a message for people, a stable code for programs, the field at fault."""

from collections.abc import Callable


class DomainError(Exception):
    """A request the domain refuses (HTTP 400 unless a subclass says otherwise)."""

    http_status = 400

    def __init__(self, message: str, code: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field


class NotAllowed(DomainError):
    http_status = 403


class Conflict(DomainError):
    http_status = 409


class NotFound(DomainError):
    http_status = 404


# How a refusal reads in the request's language: (code, English message) -> text. The tournaments app
# registers its table of translated refusals at start-up (TournamentsConfig.ready); English needs none.
_translate_refusal: Callable[[str, str], str] | None = None


def register_refusal_translation(translate: Callable[[str, str], str]) -> None:
    global _translate_refusal
    _translate_refusal = translate


def refusal_text(code: str, message: str, language: str | None) -> str:
    """The refusal's message in `language` where one is known, else the message as the service wrote it."""
    if _translate_refusal is None or not language or language.startswith("en"):
        return message
    return str(_translate_refusal(code, message))
