"""The installable, offline-first site (docs/offline.md): the web app manifest, the service worker at the
root scope, and the page shown for a page never visited when there is no network."""

import hashlib
import json
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _

# What the phone keeps from the first visit: the stylesheet, the scripts and the icons.
STATIC_FILES = (
    "boomerang/site.css", "boomerang/confirm.js", "boomerang/live.js", "boomerang/offline.js",
    "boomerang/pad.js", "boomerang/pad-state.js", "boomerang/tv.js", "boomerang/icon-192.png",
    "boomerang/icon-512.png",
)  # fmt: skip


@lru_cache(maxsize=1)
def static_version() -> str:
    """A digest of the static files' contents and the project's version: it names the worker's cache."""
    digest = hashlib.sha256(settings.VERSION.encode())
    for name in STATIC_FILES:
        found = finders.find(name)
        digest.update(name.encode())
        if found:
            with open(found if isinstance(found, str) else found[0], "rb") as handle:
                digest.update(handle.read())
    return digest.hexdigest()[:16]


def service_worker(request: HttpRequest) -> HttpResponse:
    context = {
        "version": static_version(), "static_files": json.dumps([static(name) for name in STATIC_FILES]),
        "static_prefix": settings.STATIC_URL, "offline_url": reverse("offline"),
    }  # fmt: skip
    response = render(request, "offline/service-worker.js", context, content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"  # a browser checks for a new worker on every visit
    return response


def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {"src": static("boomerang/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("boomerang/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
    ]
    described = {
        "name": _("Boomerang tournaments"), "short_name": "Boomerang", "start_url": "/", "scope": "/",
        "display": "standalone", "background_color": "#f9f6f1", "theme_color": "#1e2233", "icons": icons,
    }  # fmt: skip
    return JsonResponse(described, content_type="application/manifest+json")


def offline(request: HttpRequest) -> HttpResponse:
    """Shown by the worker for a page this phone never opened while there is no network."""
    return render(request, "pages/offline.html")


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page links: the site's icon, not a 404 on every page. Its
    address is read at each request (a collected, hashed name in production), never when the URLs load."""
    return redirect(static("boomerang/icon-192.png"))
