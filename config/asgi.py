"""The ASGI application (production: `uvicorn config.asgi:application`, docs/deploy.md): the live streams
(tournaments/live/asgi.py) beside Django, every other request to Django."""

import os
from typing import Any

import django
from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
if not settings.configured:  # this process is the ASGI server's (not a test's that imports this module)
    os.environ.setdefault("ASGI", "true")  # connections from a pool, given back each request (config/environment.py)
django_application = get_asgi_application()

from config.overload import InFlightGate, refuse_overloaded  # noqa: E402
from tournaments.live.asgi import is_stream, stream_app  # noqa: E402  (after Django is set up)

django.setup(set_prefix=False)
gate = InFlightGate()  # this process's requests in flight (config/overload.py)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if is_stream(scope):
        await stream_app(scope, receive, send)
    elif scope["type"] != "http":
        await django_application(scope, receive, send)
    elif not gate.enter():
        await refuse_overloaded(send)
    else:
        try:
            await django_application(scope, receive, send)
        finally:
            gate.leave()
