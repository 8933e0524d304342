"""A button's action on a page, wherever its app lives: the service runs; its refusal becomes a message in the
reader's language, its success the sentence given; then back to the event's page."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from config.errors import DomainError
from tournaments.text import refusal


def run_then_back(request: HttpRequest, event_id: int, action: Callable[[], Any], done: str) -> HttpResponse:
    try:
        action()
    except DomainError as error:
        messages.error(request, refusal(error.code, error.message))
    else:
        messages.success(request, done)
    return redirect("event", event_id=event_id)
