"""Strict reading of JSON-shaped input: every fault names its field and the reason."""

from collections.abc import Mapping
from typing import Any


class MalformedInput(ValueError):
    """Input that is not a well-formed sheet or edition file (the verdict's exit code 2)."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


def type_name(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(value), "a number")


def expect_object(
    value: Any, field: str, required: frozenset[str], optional: frozenset[str] = frozenset()
) -> Mapping[str, Any]:
    """Return `value` if it is an object with every required key and no unknown key."""
    if not isinstance(value, dict):
        raise MalformedInput(field, f"expected an object, got {type_name(value)}")
    keys = value.keys()
    if required <= keys and (keys - required) <= optional:
        return value
    for key in sorted(required - value.keys()):
        raise MalformedInput(_join(field, key), "is required")
    for key in sorted(value.keys() - required - optional):
        raise MalformedInput(_join(field, key), "is not a known field")
    return value


def expect_list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise MalformedInput(field, f"expected a list, got {type_name(value)}")
    return value


def expect_str(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise MalformedInput(field, f"expected a string, got {type_name(value)}")
    if not value.strip():
        raise MalformedInput(field, "must not be empty")
    return value


def expect_str_list(value: Any, field: str) -> tuple[str, ...]:
    """A list of non-empty strings; the fast path checks the whole list at once."""
    items = expect_list(value, field)
    if all(type(item) is str and item.strip() for item in items):
        return tuple(items)
    return tuple(expect_str(item, f"{field}[{i}]") for i, item in enumerate(items))


def expect_optional_str(value: Any, field: str) -> str | None:
    return None if value is None else expect_str(value, field)


def expect_int(value: Any, field: str, minimum: int | None = 0, maximum: int | None = None) -> int:
    """Return an integer (booleans and floats are refused) within the bounds."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(field, f"expected a whole number, got {type_name(value)}")
    if minimum is not None and value < minimum:
        raise MalformedInput(field, f"must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise MalformedInput(field, f"must be at most {maximum}, got {value}")
    return value


def expect_optional_int(value: Any, field: str, minimum: int | None = 0) -> int | None:
    return None if value is None else expect_int(value, field, minimum)


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key
