"""The browser tests' server: uvicorn serving `config.asgi` in a thread of the test process, the path
production runs (issue 68, item 2; deploy/boomerang-web.service), in place of pytest-django's WSGI live
server. Its requests reach the test database as the test's own do (the tests using it are transactional:
pytest-django's live-server helper asks for that)."""

import threading
import time

from django.test.utils import modify_settings

from tests.workers import free_port


class AsgiLiveServer:
    """What pytest-django's `live_server` gives (`url`, `str()`, `+`), served by uvicorn."""

    def __init__(self, host: str = "localhost") -> None:
        import uvicorn

        from config.asgi import application

        self.host, self.port = host, free_port()
        config = uvicorn.Config(application, host=host, port=self.port, log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        # pytest-django's helper enables these for each test that uses the server.
        self._live_server_modified_settings = modify_settings(ALLOWED_HOSTS={"append": host})
        self.thread = threading.Thread(target=self.server.run, name="uvicorn", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start for the browser tests")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop serving, and end the database connections its request threads kept open (each thread of
        Django's ASGI handler holds its own), so that the test database can be dropped. A live stream a test left
        open (a browser's page, a client's read) would hold uvicorn's graceful shutdown until its next heartbeat:
        the session's end does not wait for it (it cost the last test of a worker 10 s, the join's bound)."""
        from django.db import connection

        self.server.force_exit = True
        self.server.should_exit = True
        self.thread.join(timeout=10)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def __str__(self) -> str:
        return self.url

    def __add__(self, other: str) -> str:
        return f"{self}{other}"
