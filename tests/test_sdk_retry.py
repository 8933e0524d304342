"""The SDK's `retry.post` sends a write again, with its one Idempotency-Key, when the service says nothing was
saved (503 `overloaded`) or that the key's first sending is still under way (409 with Retry-After), instead
of handing those answers back (issue 65; issue 67, item 8). The server's side is scripted here: what the
service answers is tested in tests/test_overload.py and tests/tournaments/integrations/test_idempotency.py."""

import httpx
import pytest
from boomerang_sdk import retry

pytestmark = pytest.mark.embedded


def _scripted(answers: list[httpx.Response]) -> tuple[httpx.Client, list[httpx.Request]]:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return answers[len(seen) - 1]

    return httpx.Client(transport=httpx.MockTransport(answer), base_url="http://service"), seen


def test_an_overloaded_503_and_a_key_in_use_409_are_sent_again_with_the_same_key() -> None:
    client, seen = _scripted([
        httpx.Response(503, json={"code": "overloaded"}, headers={"Retry-After": "0"}),
        httpx.Response(409, json={"code": "idempotency_key_in_use"}, headers={"Retry-After": "0"}),
        httpx.Response(202, json={"id": 7}),
    ])  # fmt: skip
    answer = retry.post(client, "/api/seats/1/sheets/", {"data": {}}, key="pad-1")
    assert answer.status_code == 202
    assert [request.headers["Idempotency-Key"] for request in seen] == ["pad-1"] * 3


def test_a_409_without_retry_after_is_a_refusal_handed_back_at_once() -> None:
    client, seen = _scripted([httpx.Response(409, json={"code": "round_not_started"})])
    assert retry.post(client, "/api/seats/1/sheets/", {"data": {}}).status_code == 409
    assert len(seen) == 1
