"""The `Idempotency-Key` header on every POST of the API (tournaments/services/idempotency.py says what it
promises). A middleware, so that every POST view has it without being written for it."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from config.errors import DomainError
from config.exceptions import error_body
from tournaments.services import idempotency

HEADER = "Idempotency-Key"
KEY_LENGTH = 255
# Answers a retry should redo rather than repeat: the server failed, the caller was throttled or not known.
RETRYABLE = {401, 429}


class IdempotentPosts:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = request.headers.get(HEADER)
        if key is None or request.method != "POST" or not request.path.startswith("/api/"):
            return self.get_response(request)
        if not key or len(key) > KEY_LENGTH or not key.isascii() or not key.isprintable():
            return _refused(DomainError(f"an {HEADER} is 1 to {KEY_LENGTH} printable ASCII characters",
                                        "invalid_idempotency_key", HEADER))  # fmt: skip
        caller = idempotency.caller_of(_credentials(request))
        fingerprint = idempotency.fingerprint_of(request.method, request.get_full_path(), request.body)
        try:
            first = idempotency.idempotent_claim(caller=caller, key=key, fingerprint=fingerprint)
        except DomainError as refusal:
            return _refused(refusal)
        if first is not None:
            replay = HttpResponse(first.body, status=first.status_code, content_type=first.content_type)
            replay["Idempotent-Replayed"] = "true"
            return replay
        return self._answer_once(request, caller, key)

    def _answer_once(self, request: HttpRequest, caller: str, key: str) -> HttpResponse:
        try:
            response = self.get_response(request)
        except BaseException:
            idempotency.idempotent_release(caller=caller, key=key)
            raise
        if response.status_code >= 500 or response.status_code in RETRYABLE or response.streaming:
            idempotency.idempotent_release(caller=caller, key=key)
            return response
        answer = idempotency.StoredAnswer(response.status_code, response.get("Content-Type", ""), response.content)
        idempotency.idempotent_record(caller=caller, key=key, answer=answer)
        return response


def _credentials(request: HttpRequest) -> str:
    """Who asks: the Authorization header (a token), else the signed-in session's user, else anonymous."""
    if authorization := request.headers.get("Authorization"):
        return f"authorization:{authorization}"
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return "anonymous"


def _refused(refusal: DomainError) -> HttpResponse:
    return JsonResponse(error_body(refusal.code, refusal.message, refusal.field), status=refusal.http_status)
