from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularSwaggerView

from config import schema, views
from tournaments.api.asyncapi import asyncapi_view
from tournaments.integrations import (
    oauth_views,
    schema_extensions,  # noqa: F401  (registers how the schema shows its auth)
)
from tournaments.pages import account

# Django tries a path against the routes in order: the results' first (every player posting their sheet).
API_APPS = (
    "results",
    "live",
    "catalogue",
    "casual",
    "opendata",
    "analysis",
    "integrations",
    "seasons",
    "finance",
    "stewarding",
    "entrants",
    "archive",
    "privacy",
)
PAGE_APPS = (
    "results",
    "entrants",
    "integrations",
    "seasons",
    "stewarding",
    "finance",
    "catalogue",
    "casual",
    "opendata",
    "analysis",
    "privacy",
)

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    # The API first: Django tries the patterns in order, and a sheet POST should not walk every page's.
    path("api/ratings/", include("ratings.urls")),
    # Each app routes its own; the core's last (its /api/players/<handle>/ takes what no other route took).
    *(path("api/", include(f"tournaments.{app}.api_urls")) for app in API_APPS),
    path("api/", include("tournaments.urls")),
    path("api/schema/", schema.SchemaView.as_view(), name="schema"),
    path("api/asyncapi.json", asyncapi_view, name="asyncapi"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    *(path("", include(f"tournaments.{app}.urls")) for app in PAGE_APPS),
    path("", include("tournaments.pages.urls")),
    # The footer's language switcher carries no CSRF token, so a page without other forms is the same for
    # every reader and a proxy may keep it (config/http_caching.py); a forged switch only changes a language.
    path("i18n/setlang/", account.language_switch, name="set_language"),
    path("o/", include("tournaments.integrations.oauth_urls")),
    path(".well-known/oauth-authorization-server", oauth_views.authorization_server, name="oauth-metadata"),
    path("admin/", admin.site.urls),
]

handler400 = "config.views.bad_request_answer"
handler404 = "config.views.not_found"
handler500 = "config.views.server_error_answer"
