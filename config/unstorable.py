"""Text that cannot be stored or parsed, found and named: NUL characters, lone surrogates, deep nesting."""

import json
import re
from collections.abc import Iterable
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.errors import DomainError

MAX_DEPTH = 32  # a score sheet is 4 levels deep; nothing the API takes comes near this
# In a JSON body a NUL or a lone surrogate can only arrive as an escape (a raw one is not JSON, or not
# UTF-8): a body without these escapes needs its depth checked, not every string.
UNSTORABLE_ESCAPES = re.compile(rb"\\u(0000|d[89a-f][0-9a-f]{2})", re.IGNORECASE)


def refuse_in_text(where: str, text: str) -> None:
    """Raise a DomainError naming `where` if the text holds a NUL character or a lone surrogate."""
    if "\x00" in text:
        raise DomainError("a NUL character (\\u0000) cannot be stored", "nul_character", field=where or "body")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise DomainError(
            "a lone surrogate (\\ud800-\\udfff without its pair) is not text and cannot be stored",
            "lone_surrogate",
            field=printable(where) or "body",
        ) from None


def printable(text: str) -> str:
    """The text with any lone surrogate written as its escape (`\\udfff`), so an answer can name it."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def refuse_in_pairs(pairs: Iterable[tuple[str, list[str]]]) -> None:
    """Query-string or form fields: each name and each value."""
    for name, values in pairs:
        refuse_in_text(name, name)
        for value in values:
            refuse_in_text(name, value)


def refuse_in_upload(name: str, upload: Any) -> None:
    """An uploaded file: every upload this service takes is text (a CSV), so a NUL byte is refused naming
    the field; the file is rewound for the view."""
    for chunk in upload.chunks():
        if b"\x00" in chunk:
            raise DomainError("the file holds a NUL character (\u0000): it is not text", "nul_character", field=name)
    upload.seek(0)


def refuse_in_json(body: bytes) -> None:
    """A JSON body: too deep, or any key or string refused by refuse_in_text. Malformed JSON is left to the
    view's parser, which names it."""
    try:
        data = json.loads(body)
    except RecursionError:
        raise _too_deep("") from None
    except ValueError:
        return
    if UNSTORABLE_ESCAPES.search(body) is not None:
        _walk(data)
    elif _deeper_than_allowed(data):
        raise _too_deep("")


def _too_deep(path: str) -> DomainError:
    return DomainError(
        format_lazy(gettext_lazy("JSON nested more than {max_depth} levels deep"), max_depth=MAX_DEPTH),
        "too_deep",
        field=path or "body",
    )


def _deeper_than_allowed(data: Any) -> bool:
    """Whether anything stands more than MAX_DEPTH levels down (as _walk counts), without recursion or paths:
    the common case, a body with no escape that could hide a NUL or a lone surrogate."""
    level: list[Any] = [data]
    for _ in range(MAX_DEPTH + 1):
        level = [
            child
            for value in level
            if isinstance(value, dict | list)
            for child in (value.values() if isinstance(value, dict) else value)
        ]
        if not level:
            return False
    return True


def _walk(data: Any) -> None:
    """Without recursion, so any depth the parser produced is walked safely; names the first offending place."""
    pending: list[tuple[Any, str, int]] = [(data, "", 0)]
    while pending:
        value, path, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise _too_deep(path)
        if isinstance(value, str):
            refuse_in_text(path, value)
        elif isinstance(value, dict):
            for key, child in value.items():
                where = f"{path}.{key}" if path else str(key)
                refuse_in_text(where, key)
                pending.append((child, where, depth + 1))
        elif isinstance(value, list):
            pending.extend((child, f"{path}[{i}]", depth + 1) for i, child in enumerate(value))
