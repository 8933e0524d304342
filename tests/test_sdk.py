"""The SDK (issue 56, item 5; sdk/): what a generated client cannot write, against a live server: every page
of a list by following `next`, a write retried with one Idempotency-Key done once, a webhook's signature as
the service signs it, a stream resumed from Last-Event-ID under uvicorn; and the TypeScript types generated
from the served schema, with the example bot, compiling under tsc --strict."""

import json
import os
import subprocess
import time
from pathlib import Path

import pytest
from boomerang_sdk import paging, retry, streams, webhooks
from boomerang_sdk.session import session
from django.test import Client

from tests.factories import EventFactory, PlayerFactory
from tests.test_deployed_topology import deployed  # noqa: F401 (the uvicorn fixture)
from tournaments.integrations.services.webhooks import signature
from tournaments.live.models import StreamMessage
from tournaments.models import Registration
from tournaments.services.accounts import token_for_login

pytestmark = pytest.mark.django_db(transaction=True)
TYPESCRIPT = Path(__file__).resolve().parents[1] / "sdk" / "typescript"


def test_every_page_of_a_list_is_read_by_following_next(live_server) -> None:
    made = {EventFactory(game="boomerang-usa").pk for _ in range(5)}
    with session(live_server.url) as client:
        read = [event["id"] for event in paging.every(client, "/api/events/", {"game": "boomerang-usa",
                                                                                 "page_size": 2})]  # fmt: skip
    assert sorted(read) == sorted(made)  # three pages of 2, 2 and 1, each row once


def test_a_write_retried_with_one_key_is_done_once(live_server) -> None:
    event = EventFactory()
    player = PlayerFactory()
    with session(live_server.url, token_for_login(user=player.user)) as client:
        first = retry.post(client, f"/api/events/{event.pk}/registrations/", {}, key="bot-42")
        again = retry.post(client, f"/api/events/{event.pk}/registrations/", {}, key="bot-42")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert Registration.objects.filter(event=event, player=player).count() == 1


def test_a_webhook_signature_is_checked_as_the_service_signs_it() -> None:
    body = json.dumps({"type": "ping", "data": {}})
    now = int(time.time())
    header = signature(["new-secret", "old-secret"], now, body)  # two during a rotation's day
    assert webhooks.verified("old-secret", header, body.encode())
    assert webhooks.verified("new-secret", header, body.encode())
    assert not webhooks.verified("other", header, body.encode())
    assert not webhooks.verified("new-secret", header, body.encode() + b" ")  # a changed body
    assert not webhooks.verified("new-secret", signature(["new-secret"], now - 301, body), body.encode())  # replay
    assert not webhooks.verified("new-secret", "garbage", body.encode())


@pytest.mark.services
def test_a_stream_resumes_after_the_last_id_received_under_uvicorn(deployed: int) -> None:  # noqa: F811
    event = EventFactory()
    sent = [StreamMessage.objects.create(event_id=event.pk, kind="table.verified", data={"n": n}) for n in range(3)]
    with session(f"http://127.0.0.1:{deployed}") as client:
        resumed = streams.messages(client, f"/api/events/{event.pk}/stream/", last_event_id=str(sent[0].pk))
        received = [next(resumed), next(resumed)]
        resumed.close()
    assert [(m.id, m.kind, m.data) for m in received] == [(str(s.pk), s.kind, s.data) for s in sent[1:]]


def test_the_typescript_types_and_the_bot_compile_under_strict(tmp_path: Path) -> None:
    if not (TYPESCRIPT / "node_modules" / ".bin" / "tsc").exists():
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("the TypeScript tools are required here: npm ci --prefix sdk/typescript")
        pytest.skip("needs the TypeScript tools: npm ci --prefix sdk/typescript (.ci/run installs them)")
    schema = tmp_path / "schema.json"
    schema.write_bytes(Client().get("/api/schema/", {"format": "json"}).content)
    workdir = tmp_path / "ts"
    workdir.mkdir()
    for name in ("bot.ts", "tsconfig.json"):
        (workdir / name).write_text((TYPESCRIPT / name).read_text())
    bin_ = TYPESCRIPT / "node_modules" / ".bin"
    generated = subprocess.run([str(bin_ / "openapi-typescript"), str(schema), "-o", str(workdir / "schema.d.ts")],
                               capture_output=True, text=True, check=False)  # fmt: skip
    assert generated.returncode == 0, generated.stdout + generated.stderr
    compiled = subprocess.run([str(bin_ / "tsc"), "--noEmit", "-p", str(workdir)], capture_output=True, text=True,
                              check=False)  # fmt: skip
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    (workdir / "bot.ts").write_text((TYPESCRIPT / "bot.ts").read_text().replace("first.points", "first.pointz"))
    broken = subprocess.run([str(bin_ / "tsc"), "--noEmit", "-p", str(workdir)], capture_output=True, text=True,
                            check=False)  # fmt: skip
    assert broken.returncode != 0  # the types are checked: a field the schema does not have fails
    assert "pointz" in broken.stdout
