"""Every write made with an API key is recorded with the key and the answer (ApiKeyWrite)."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from tournaments.integrations.services.api_keys import api_key_write_record

SAFE = ("GET", "HEAD", "OPTIONS")


class RecordKeyWrites:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        key = getattr(request, "api_key", None)
        if key is not None and request.method not in SAFE:
            api_key_write_record(key=key, method=request.method or "", path=request.path,
                                          status_code=response.status_code)  # fmt: skip
        return response
