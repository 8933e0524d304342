"""How the schema describes config's authentication (drf-spectacular registers an extension when its class is
defined). Imported by the URL conf, beside the schema's views: drf-spectacular's machinery costs a process
~0.2 s to import, which a worker or a command, never building the schema, need not pay."""

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class TokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The schema declares a person's token as HTTP bearer, so generated clients send it as `Bearer`."""

    target_class = "config.authentication.ExpiringTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A person's token (POST /api/auth/token/): `Authorization: Bearer <token>`; "
            "`Token <token>` is accepted too.",
        }
