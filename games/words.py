"""Marks English words the pages translate (game names, pad labels) without importing Django: the
translation catalogue's extractor (`makemessages`) finds every `gettext_noop("...")` call."""


def gettext_noop(message: str) -> str:
    return message
