"""The one domain error and its mapping to HTTP."""

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler


class DomainError(Exception):
    """A request the domain refuses: a message for people and a stable code for programs."""

    http_status = status.HTTP_400_BAD_REQUEST

    def __init__(self, message: str, code: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field


class NotAllowed(DomainError):
    http_status = status.HTTP_403_FORBIDDEN


class Conflict(DomainError):
    http_status = status.HTTP_409_CONFLICT


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Answer domain errors and model validation errors as 4xx with a code and the field."""
    if isinstance(exc, DomainError):
        body = {"code": exc.code, "detail": exc.message}
        if exc.field:
            body["field"] = exc.field
        return Response(body, status=exc.http_status)
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        return Response({"code": "invalid", "detail": detail}, status=status.HTTP_400_BAD_REQUEST)
    return exception_handler(exc, context)
