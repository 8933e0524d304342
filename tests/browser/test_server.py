"""Issue 68, item 2: the browser tests' server is uvicorn serving config.asgi, the path production runs."""

import urllib.request

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_browser_tests_server_is_uvicorn_serving_the_deployed_asgi_app(live_server) -> None:
    with urllib.request.urlopen(f"{live_server.url}/healthz", timeout=10) as answer:
        assert answer.status == 200
        assert answer.headers["server"] == "uvicorn"
    from tests.asgi_server import AsgiLiveServer

    assert isinstance(live_server, AsgiLiveServer)
    assert live_server.server.config.app.__module__ == "config.asgi"
