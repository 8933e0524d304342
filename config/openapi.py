"""Document the error answers every operation can give, in one place."""

from typing import Any

ERRORS = {
    "400": "Malformed or refused input: `{code, detail, field}`, with `errors` when a form had several problems.",
    "401": "Not authenticated.",
    "403": "Authenticated but not allowed (`code` says why).",
    "404": "No such object.",
    "409": "The object's state does not allow this now (`code` says why).",
    "413": "The body is too large.",
    "429": "Too many requests; retry later.",
}
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


def add_error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_BODY
    reference = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            errors = {**ERRORS, **BODY_ERRORS} if "requestBody" in operation else ERRORS
            for code, description in errors.items():
                responses.setdefault(code, {"description": description, "content": reference})
    return result
