"""The OpenAPI schema as served: built once a process, and how it describes config's authentication
(drf-spectacular registers an extension when its class is defined). Imported by the URL conf only:
drf-spectacular's machinery costs a process ~0.2 s to import, which a worker or a command need not pay."""

from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.http import HttpResponse
from django.utils.translation import get_language
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SCHEMA_KWARGS, SpectacularAPIView
from rest_framework.request import Request

# (language, format) -> the schema's answer as first rendered (its bytes, content type and file name): the site's
# languages, JSON and YAML.
_BUILT: dict[tuple[str, str], tuple[bytes, str, str]] = {}


class SchemaView(SpectacularAPIView):
    """The schema, built and rendered once a process for each language and format, and answered from
    then on: building and rendering it cost ~0.37 s of CPU for 2.3 MB (rendering alone 0.08 s), which any
    address could otherwise ask for at the anonymous read limit, 300 times a minute. It changes with the code
    (a deploy starts new processes) and the settings (a change of them, as a test's override makes, clears
    what was built)."""

    @extend_schema(**SCHEMA_KWARGS)  # as the view it stands in for: left out of the schema it serves
    def get(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:
        key = self._kept_as(request)
        if key is None:  # a version or a language the site does not name: built as asked, not kept
            return super().get(request, *args, **kwargs)  # type: ignore[no-untyped-call,no-any-return]
        if key not in _BUILT:
            first = super().get(request, *args, **kwargs)  # type: ignore[no-untyped-call]
            built = self.finalize_response(request, first, *args, **kwargs)
            built.render()
            _BUILT[key] = (built.content, built["Content-Type"], built["Content-Disposition"])
        content, content_type, disposition = _BUILT[key]
        answer = HttpResponse(content, content_type=content_type)
        answer["Content-Disposition"] = disposition
        return answer

    def _kept_as(self, request: Request) -> tuple[str, str] | None:
        """(language, format) of an answer worth keeping, or None for one asked with drf-spectacular's
        `version` parameter or a `lang` the site does not offer: kept, any string would keep another 2.3 MB."""
        language = request.GET.get("lang")
        if request.GET.get("version") or (language and language not in dict(settings.LANGUAGES)):
            return None
        return language or get_language(), self.perform_content_negotiation(request, force=True)[0].format


def _forget_built(**_kwargs: object) -> None:
    _BUILT.clear()


setting_changed.connect(_forget_built, dispatch_uid="schema-forget-built")


class TokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The schema declares a person's token as HTTP bearer, so generated clients send it as `Bearer`."""

    target_class = "config.authentication.ExpiringTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return bearer_scheme(
            "A person's token (POST /api/auth/token/): `Authorization: Bearer <token>`; "
            "`Token <token>` is accepted too."
        )


def bearer_scheme(description: str) -> dict[str, str]:
    """An HTTP bearer credential, as the schema declares it (generated clients then send `Bearer <credential>`)."""
    return {"type": "http", "scheme": "bearer", "description": description}
