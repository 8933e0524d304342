"""The one domain error base: a message for people, a stable code for programs, the field at fault."""

from collections.abc import Callable

from django.utils.functional import Promise


class DomainError(Exception):
    """A request the domain refuses (HTTP 400 unless a subclass says otherwise). `message` may be lazy (a
    message with values, marked for translation: `format_lazy(gettext_lazy(...), ...)`): it is then read in
    the language active where it is shown, the request's (English to an English reader, as written)."""

    http_status = 400

    def __init__(self, message: str | Promise, code: str, field: str | None = None) -> None:
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
_translate_refusal: Callable[[str, str | Promise], str] | None = None


def register_refusal_translation(translate: Callable[[str, str | Promise], str]) -> None:
    global _translate_refusal
    _translate_refusal = translate


def refusal_text(code: str, message: str | Promise, language: str | None) -> str:
    """The refusal's message in `language` where one is known, else the message as the service wrote it."""
    if _translate_refusal is None or not language or language.startswith("en"):
        return str(message)
    return str(_translate_refusal(code, message))
