"""Document in one place what every operation shares: the error answers, the Idempotency-Key of every POST,
partial updates that say nothing of what they do not send, bodies that refuse unknown fields, CSV exports as
operations of their own."""

import copy
import re
from typing import Any

from django.conf import settings

from config import versioning

ERRORS = {
    "400": "Malformed or refused input: `{code, detail, field}`, with `errors` when a form had several problems.",
    "401": "Not authenticated.",
    "403": "Authenticated but not allowed (`code` says why).",
    "404": "No such object.",
    "409": "The object's state does not allow this now (`code` says why).",
    "413": "The body is too large.",
    "429": "Too many requests; retry later.",
    "503": "The database was lost under the request for a moment (`database_unavailable`): send it again after "
    "`Retry-After` seconds (a POST with the same Idempotency-Key, which makes the retry safe).",
}
NOT_MODIFIED = {
    "description": "Not modified: the copy whose ETag was sent in `If-None-Match` still holds (anonymous reads, "
    "docs/api.md). No body."
}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "Any unique string (a UUID): a repeat of this request with the same key within 24 hours gets the "
    "first answer again (header `Idempotent-Replayed: true`) instead of being done twice (docs/api.md).",
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[ -~]+$"},
}
POST_ERRORS = {
    "422": "The Idempotency-Key was used before for a different request (`idempotency_key_reused`).",
}
RATE_LIMIT_HEADERS = {
    "RateLimit-Limit": "The requests allowed in the window of the limit nearest to being reached (docs/api.md).",
    "RateLimit-Remaining": "The requests left in that window.",
    "RateLimit-Reset": "Seconds until that window has room again.",
}
WHOLE_EXPORT_DROPS = ("format", "page", "page_size")  # a CSV export is every row, whatever the JSON's pages
BODY_ERRORS = {"415": "The body's media type is not one the operation reads (JSON, form or multipart)."}
ERROR_BODY = {
    "type": "object",
    "description": "Every error answer (config/exceptions.py): the first problem, and all of them for invalid input.",
    "required": ["code", "detail"],
    "properties": {
        "code": {"type": "string", "description": "Stable, for programs: e.g. `wrong_event_status`, `required`."},
        "detail": {"type": "string", "description": "The problem in words."},
        "field": {"type": "string", "description": "The field at fault, as a path: `sheet.seats[0].player`."},
        "errors": {"type": "object", "additionalProperties": True, "description": "Each field's messages."},
    },
}


VERSION_PARAMETER = {
    "name": versioning.HEADER, "in": "header", "required": False,
    "schema": {"type": "string", "enum": list(versioning.VERSIONS)},
    "description": f"The dated API version to answer in (left out: {versioning.CURRENT}, or a key's or an app's "
    'own, the version of the day it was made; docs/api.md, "Versions and deprecation").',
}  # fmt: skip


def add_error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_BODY
    rates: dict[str, str] = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]  # type: ignore[assignment]
    result["info"]["x-rateLimits"] = dict(rates)  # this install's limits, per scope (docs/api.md, "Rate limits")
    result["info"]["description"] += (
        " Rate limits (per scope): " + ", ".join(f"{k} {v}" for k, v in rates.items()) + "."
        f" This schema describes API version {versioning.CURRENT}; a client pins another by sending the header"
        f" `{versioning.HEADER}` (one of {', '.join(versioning.VERSIONS)})."
    )
    reference = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if path.startswith("/api/"):
                operation.setdefault("parameters", []).append(VERSION_PARAMETER)
            responses = operation.setdefault("responses", {})
            errors = {**ERRORS, **BODY_ERRORS} if "requestBody" in operation else dict(ERRORS)
            if method == "post":
                operation.setdefault("parameters", []).append(IDEMPOTENCY_KEY)
                errors |= POST_ERRORS
            for code, description in errors.items():
                responses.setdefault(code, {"description": description, "content": reference})
            if method == "get" and not _streams(operation):
                responses.setdefault("304", copy.deepcopy(NOT_MODIFIED))
            for code, response in responses.items():
                headers = response.setdefault("headers", {})
                headers[versioning.HEADER] = {"$ref": f"#/components/headers/{versioning.HEADER}"}
                if code[0] in "23" or code == "429":
                    headers.update({name: {"$ref": f"#/components/headers/{name}"} for name in RATE_LIMIT_HEADERS})
    result["components"]["headers"] = {
        **{
            name: {"description": text, "schema": {"type": "integer", "minimum": 0}}
            for name, text in RATE_LIMIT_HEADERS.items()
        },
        versioning.HEADER: {
            "description": f"The dated version the answer is in. This schema describes {versioning.CURRENT}, the "
            'current one; a client pins an older one by sending the header (docs/api.md, "Versions").',
            "schema": {"type": "string"},
        },
    }
    return result


def _streams(operation: dict[str, Any]) -> bool:
    answers = operation.get("responses", {}).get("200", {}).get("content", {})
    return "text/event-stream" in answers


def partial_updates_have_no_defaults(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """A PATCH changes only what it sends: its body's schema (`Patched...`) carries no default, which a generated
    client would otherwise fill in and send (editing a draft's venue set its `rounds_planned` back to 4)."""
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        if name.startswith("Patched"):
            for field in schema.get("properties", {}).values():
                field.pop("default", None)
    return result


def request_bodies_refuse_unknown_fields(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """A request body refuses a field it does not know (config/serializers.py): its schema says so, so that a
    generated client and a fuzzer know it too."""
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request") and schema.get("type") == "object":
            schema["additionalProperties"] = False
    return result


def csv_exports_are_operations_of_their_own(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """A read that also answers CSV (`?format=csv`) is declared as two operations: the JSON one, and its twin
    at `<path>.csv` answering `text/csv` alone, so a generated client types each answer once (a Python client
    parsed the CSV as JSON; TypeScript typed `Standing[] | string`). The router serves `.csv` suffixes of its
    views; the other views route theirs (tournaments/analysis/api_urls.py)."""
    paths = result.get("paths", {})
    for path, item in list(paths.items()):
        read = item.get("get")
        content = (read or {}).get("responses", {}).get("200", {}).get("content", {})
        if "text/csv" not in content:
            continue
        if path.endswith(".csv"):
            read["responses"]["200"]["content"] = {"text/csv": {"schema": {"type": "string"}}}
            read["parameters"] = [p for p in read.get("parameters", []) if p.get("name") not in WHOLE_EXPORT_DROPS]
            read["operationId"] = re.sub(r"\W", "_", read["operationId"])
            continue
        csv = content.pop("text/csv")
        read["parameters"] = [
            p for p in read.get("parameters", []) if p.get("name") not in WHOLE_EXPORT_DROPS
        ]  # the twin's now
        twin_path = path.rstrip("/") + ".csv"
        if twin_path not in paths:
            twin = copy.deepcopy(read)
            twin["operationId"] = f"{read['operationId']}_csv"
            twin["responses"]["200"] = {"content": {"text/csv": csv}, "description": "The same rows as CSV."}
            twin["parameters"] = [p for p in twin.get("parameters", []) if p.get("name") not in WHOLE_EXPORT_DROPS]
            paths[twin_path] = {"get": twin}
    return result


PAGE_PARAMETERS = [
    {"name": "page", "in": "query", "required": False, "schema": {"type": "integer"},
     "description": "A page number within the paginated result set."},
    {"name": "page_size", "in": "query", "required": False, "schema": {"type": "integer", "minimum": 1, "maximum": 200},
     "description": "Results per page: 50 unless given; more than 200 is read as 200."},
]  # fmt: skip


def paged_reads_declare_their_pages(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Every read that answers a page declares `page` and `page_size` (the server honours both). drf-spectacular
    declares them only on a collection's own list, not on an action such as a leaderboard or standings, so a
    generated client could read no page past the first."""
    for operations in result.get("paths", {}).values():
        operation = operations.get("get")
        if operation is None:
            continue
        answer = operation.get("responses", {}).get("200", {}).get("content", {}).get("application/json", {})
        if not answer.get("schema", {}).get("$ref", "").startswith("#/components/schemas/Paginated"):
            continue
        declared = {parameter["name"] for parameter in operation.setdefault("parameters", [])}
        operation["parameters"] += [copy.deepcopy(p) for p in PAGE_PARAMETERS if p["name"] not in declared]
    return result
