"""The `Idempotency-Key` header on every POST of the API, and the `_idempotency_key` field the pages' forms
carry (confirm.js adds one to a form when it is first sent, so a double tap or a resend is done once):
tournaments/integrations/services/idempotency.py says what it promises. A middleware, so that every POST view has it
without being written for it.

An answer that shows a secret once (a webhook's secret, an API key: `Cache-Control: no-store`) is not kept:
a repeat is told so (409 `secret_shown_once`) instead of being shown the secret again or making another. An
answer that sets a cookie (a log-in, a language) is not kept either: a replay could not set it, so a repeat is
done again."""

from collections.abc import Callable

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.db import InterfaceError, OperationalError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from config.authentication import TOKEN_READ, token_key_of
from config.errors import DomainError
from config.exceptions import error_body
from config.middleware import database_unavailable, overloaded, waited_for_the_database
from tournaments.integrations.services import idempotency

HEADER = "Idempotency-Key"
FORM_FIELD = "_idempotency_key"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
KEY_LENGTH = 255
# Answers a retry should redo rather than repeat: the server failed, the caller was throttled, not known, or
# not allowed yet (a page's form whose CSRF token had expired is sent again once the page is fresh).
RETRYABLE = {401, 403, 429}


class IdempotentPosts:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = _key_of(request)
        if key is None:
            return self.get_response(request)
        if not key or len(key) > KEY_LENGTH or not key.isascii() or not key.isprintable():
            return _refused(
                DomainError(
                    format_lazy(
                        gettext_lazy("an {header} is 1 to {key_length} printable ASCII characters"),
                        header=HEADER,
                        key_length=KEY_LENGTH,
                    ),
                    "invalid_idempotency_key",
                    HEADER,
                )
            )
        credentials = _credentials(request)
        if credentials is None:  # nothing tells this caller from another: a key would let them meet
            return self.get_response(request)
        try:
            return self._done_once(request, idempotency.caller_of(credentials), key)
        except DomainError as refusal:
            return _refused(refusal)
        except (OperationalError, InterfaceError) as error:
            if waited_for_the_database(error):  # the key's transaction never started (SQLite's write lock)
                return overloaded(request)
            return database_unavailable(request)  # the commit of the write and its answer failed

    def _done_once(self, request: HttpRequest, caller: str, key: str) -> HttpResponse:
        """In the key's transaction: the first answer again for a repeat, else the request done once."""
        fingerprint = idempotency.fingerprint_of("POST", request.get_full_path(), _content(request))
        with idempotency.holding(caller=caller, key=key):
            token_key = token_key_of(request.headers.get("Authorization", ""))
            claim = idempotency.idempotent_claim(caller=caller, key=key, fingerprint=fingerprint, token_key=token_key)
            if claim.first is not None:
                return _replayed(claim.first)
            if claim.token is not None:  # the authentication takes it rather than read it again
                setattr(request, TOKEN_READ, claim.token)
            return self._answer_once(request, claim)

    def _answer_once(self, request: HttpRequest, claim: idempotency.Claim) -> HttpResponse:
        """Inside the key's transaction: do the request; keep its answer, or roll back a failure's writes."""
        response = self.get_response(request)
        if response.status_code >= 500:
            transaction.set_rollback(True)
            return response
        if transaction.get_rollback():  # the view failed after writing (a service with no savepoint of its own):
            return response  # its writes are undone with the key's transaction, and its answer is not kept

        if response.status_code in RETRYABLE or response.streaming or _sets_cookies(response):
            idempotency.idempotent_release(claim=claim)
            return response
        if "no-store" in response.get("Cache-Control", ""):
            answer = SECRET_SHOWN_ONCE
        else:
            answer = idempotency.StoredAnswer(response.status_code, response.get("Content-Type", ""),
                                              response.content, response.get("Location", ""))  # fmt: skip
        idempotency.idempotent_record(claim=claim, answer=answer)
        return response


def _replayed(first: idempotency.StoredAnswer) -> HttpResponse:
    replay = HttpResponse(first.body, status=first.status_code, content_type=first.content_type)
    if first.location:
        replay["Location"] = first.location
    replay["Idempotent-Replayed"] = "true"
    return replay


SECRET_SHOWN_ONCE = idempotency.StoredAnswer(
    409, "application/json",
    b'{"code": "secret_shown_once", "detail": "this request was done; its answer held a secret shown once, '
    b'so it is not shown again: list what it made to find it", "field": "Idempotency-Key"}',
)  # fmt: skip


def _sets_cookies(response: HttpResponse) -> bool:
    """Whether the answer sets a cookie a replay could not: any but the flash messages' (a replay of a form's
    redirect without its "Saved." loses nothing)."""
    return bool(set(response.cookies) - {CookieStorage.cookie_name})


def _key_of(request: HttpRequest) -> str | None:
    """The key a POST carries: the API's header, or a page form's field."""
    if request.method != "POST":
        return None
    if request.path.startswith("/api/"):
        return request.headers.get(HEADER)
    if request.content_type in FORM_TYPES:
        request.body  # noqa: B018  (read whole first: the fingerprint needs it after the form is parsed)
        return request.POST.get(FORM_FIELD)
    return None


def _content(request: HttpRequest) -> bytes:
    """What a request says: its body, or a form's fields (a multipart body differs by its boundary alone, so
    an upload retried with its key is the same request: the API's as the pages')."""
    if request.content_type != "multipart/form-data" and (
        request.path.startswith("/api/") or request.content_type not in FORM_TYPES
    ):
        return request.body
    files = sorted((name, [(f.name, f.size) for f in uploads]) for name, uploads in request.FILES.lists())
    return repr((sorted(request.POST.lists()), files)).encode()


def _credentials(request: HttpRequest) -> str | None:
    """Who asks: the credential of the Authorization header (a token however its scheme is written: `Token`,
    `token`, `Bearer`), else the signed-in session's user, else an anonymous browser's own CSRF cookie (a
    page's form); None for an anonymous call with none of these (its key is not kept: nobody could tell
    its repeat from a stranger's)."""
    if authorization := request.headers.get("Authorization"):
        scheme, _space, credential = authorization.strip().partition(" ")
        if scheme.lower() in ("token", "bearer") and credential.strip():
            return f"credential:{credential.strip()}"
        return f"authorization:{authorization}"
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    if browser := request.COOKIES.get(settings.CSRF_COOKIE_NAME):
        return f"browser:{browser}"
    return None


def _refused(refusal: DomainError) -> HttpResponse:
    answer = JsonResponse(error_body(refusal.code, str(refusal.message), refusal.field), status=refusal.http_status)
    if isinstance(refusal, idempotency.KeyInUse):
        answer["Retry-After"] = str(refusal.retry_after)
    return answer
