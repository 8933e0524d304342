"""The API's JSON parser: refuses what the database or the parser itself cannot hold, as a 400 naming where.

- nesting deeper than MAX_DEPTH (about 990 levels made the standard parser raise RecursionError: a 500);
- a NUL character in any key or string (PostgreSQL's text and jsonb cannot store it: a 500 at the write).
"""

from typing import Any

from rest_framework.parsers import JSONParser

from config.errors import DomainError

MAX_DEPTH = 32  # a score sheet is 4 levels deep; nothing the API takes comes near this


class SafeJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise _too_deep("") from None
        refuse_unstorable(data)
        return data


def _too_deep(path: str) -> DomainError:
    return DomainError(f"JSON nested more than {MAX_DEPTH} levels deep", "too_deep", field=path or "body")


def refuse_unstorable(data: Any) -> None:
    """Walk the parsed JSON without recursion; raise a DomainError naming the first offending place."""
    pending: list[tuple[Any, str, int]] = [(data, "", 0)]
    while pending:
        value, path, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise _too_deep(path)
        if isinstance(value, str) and "\x00" in value:
            raise DomainError("a NUL character (\\u0000) cannot be stored", "nul_character", field=path or "body")
        if isinstance(value, dict):
            for key, child in value.items():
                where = f"{path}.{key}" if path else str(key)
                if "\x00" in key:
                    raise DomainError("a NUL character (\\u0000) in a key", "nul_character", field=where)
                pending.append((child, where, depth + 1))
        elif isinstance(value, list):
            pending.extend((child, f"{path}[{i}]", depth + 1) for i, child in enumerate(value))
