"""Every API error in one shape: {code, detail, field}, plus `errors` (DRF's per-field detail) when the
input had several problems. Domain errors, model validation errors and DRF's own exceptions alike."""

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils import translation
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import exception_handler

from config.errors import DomainError, refusal_text
from config.throttling import ApiThrottle


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Answer domain errors and validation errors as 4xx with a code and the field; errors are JSON
    even when a CSV export was asked for."""
    request = context.get("request")
    if request is not None and getattr(getattr(request, "accepted_renderer", None), "format", None) == "csv":
        request.accepted_renderer, request.accepted_media_type = JSONRenderer(), "application/json"
    if isinstance(exc, DomainError):
        message = refusal_text(exc.code, exc.message, translation.get_language())
        return Response(error_body(exc.code, message, exc.field), status=exc.http_status)
    if isinstance(exc, DjangoValidationError):
        errors = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        return _validation_answer(errors, {})
    if isinstance(exc, Http404):  # DRF converts these itself, but into its own shape: convert first
        # get_object_or_404's "No Event matches the given query." is English whatever the reader's language:
        # DRF's own "Not found." is translated, and the path already names what was looked for.
        english_only = bool(exc.args) and str(exc.args[0]).endswith("matches the given query.")
        exc = exceptions.NotFound() if english_only else exceptions.NotFound(*exc.args)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    elif isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed) and request is not None:
        exc = _counted(exc, request, context.get("view"))
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        return _validation_answer(exc.detail, exc.get_codes(), response)
    if isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        response.data = error_body(codes if isinstance(codes, str) else exc.default_code, str(exc.detail))
    return response


def _counted(exc: exceptions.APIException, request: Any, view: Any) -> exceptions.APIException:
    """A refused credential counts in its address's bucket, as any anonymous request does: its answer tells
    the limit (RateLimit-*), and guessing tokens past it is a 429."""
    throttle = ApiThrottle()
    return exc if throttle.allow_request(request, view) else exceptions.Throttled(throttle.wait())


def error_body(code: str, detail: str, field: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"code": code, "detail": detail}
    if field:
        body["field"] = field
    return body


def _validation_answer(errors: Any, codes: Any, response: Response | None = None) -> Response:
    """The first problem as {code, detail, field}; every problem kept under `errors`."""
    field, message = _first_problem(errors)
    code = _first_problem(codes)[1] if codes else "invalid"
    body = error_body(code if isinstance(code, str) and code != "invalid" else "invalid", message, field)
    body["errors"] = errors if isinstance(errors, dict) else {"non_field_errors": errors}
    if response is None:
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    response.data = body
    return response


def _first_problem(errors: Any, path: str = "") -> tuple[str | None, str]:
    """Walk DRF's nested detail to the first message: ('seats[0].player', 'This field is required.')."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            if value:
                where = path if key in ("non_field_errors", "__all__") else (f"{path}.{key}" if path else str(key))
                return _first_problem(value, where)
    elif isinstance(errors, list):
        for index, value in enumerate(errors):
            if isinstance(value, str):
                return path or None, value
            if value:
                return _first_problem(value, f"{path}[{index}]")
    return path or None, str(errors)
