"""How the schema describes the integrations' authentication: player apps (OAuth 2) and organisations' API
keys. Imported by the URL conf, as config/schema.py is, and for the same reason."""

from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension

from config.schema import bearer_scheme


class AppTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The schema declares the OAuth 2 authorization server, so a generated client (or a tool) finds it."""

    target_class = "tournaments.integrations.app_auth.AppTokenAuthentication"
    name = "playerApps"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        site = settings.SITE_URL
        return {
            "type": "oauth2",
            "description": "An app acting for a player, with their consent (authorization code with PKCE, S256): "
            'docs/api.md, "Apps that act for players".',
            "flows": {
                "authorizationCode": {
                    "authorizationUrl": f"{site}/o/authorize/",
                    "tokenUrl": f"{site}/o/token/",
                    "refreshUrl": f"{site}/o/token/",
                    "scopes": {scope: str(text) for scope, text in settings.OAUTH2_PROVIDER["SCOPES"].items()},
                }
            },
        }


class ApiKeyScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "tournaments.integrations.key_auth.ApiKeyAuthentication"
    name = "apiKey"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return bearer_scheme("An organisation's API key (`bk_...`), held to its scopes and its events (docs/api.md).")
