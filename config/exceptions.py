"""Domain errors and model validation errors mapped to HTTP, in one place."""

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import exception_handler

from config.errors import DomainError


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Answer domain errors and model validation errors as 4xx with a code and the field; errors are JSON
    even when a CSV export was asked for."""
    request = context.get("request")
    if request is not None and getattr(getattr(request, "accepted_renderer", None), "format", None) == "csv":
        request.accepted_renderer, request.accepted_media_type = JSONRenderer(), "application/json"
    if isinstance(exc, DomainError):
        body = {"code": exc.code, "detail": exc.message}
        if exc.field:
            body["field"] = exc.field
        return Response(body, status=exc.http_status)
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        return Response({"code": "invalid", "detail": detail}, status=status.HTTP_400_BAD_REQUEST)
    return exception_handler(exc, context)
