"""The one domain error base: a message for people, a stable code for programs, the field at fault."""


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
