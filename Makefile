# Every target sets up .venv from requirements.txt first, so a fresh machine needs only Python 3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: secret setup run venue test test-js lint format typecheck check worker webhooks lab beat bench clean messages sdk

# uv (pinned in requirements.txt) installs the rest: 5-8 s against pip's 45 s on a clean clone (it fetches in
# parallel and leaves the bytecode to be compiled as modules are first imported).
$(STAMP): requirements.txt
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet "$$(grep -o '^uv==[0-9.]*' requirements.txt)"
	$(BIN)/uv pip install --quiet --python $(BIN)/python -r requirements.txt
	touch $(STAMP)

# A random SECRET_KEY in .env, written once (settings refuse to start without one unless DEBUG=true).
secret: $(STAMP)
	@grep -qs '^SECRET_KEY=' .env || echo "SECRET_KEY=$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')" >> .env

setup: $(STAMP) secret

# `make run PORT=8123` serves on another port; the links in e-mails and on slips follow it (SITE_URL).
PORT ?= 8000
run: $(STAMP) secret
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	SITE_URL=$${SITE_URL:-http://127.0.0.1:$(PORT)} $(BIN)/python manage.py bootstrap --port $(PORT)
	SITE_URL=$${SITE_URL:-http://127.0.0.1:$(PORT)} \
		$(BIN)/uvicorn config.asgi:application --host 127.0.0.1 --port $(PORT)  # as deploy/ serves it: ASGI

# An event at a venue without internet: this laptop serves the phones on the venue's wifi, and the printed
# QR codes carry its address there (docs/venue.md). VENUE_IP: the laptop's address on that network.
VENUE_IP ?= $(shell hostname -I 2>/dev/null | awk '{print $$1}')
venue: $(STAMP) secret
	@test -n "$(VENUE_IP)" || { echo "no network address found: give it, e.g. make venue VENUE_IP=192.168.1.20"; exit 1; }
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python manage.py bootstrap --no-demo --port $(PORT)
	@echo "Phones on this wifi open http://$(VENUE_IP):$(PORT)/ (print the slips and the poster from that address too)"
	@echo "The embedded SQLite database (WAL, immediate writes) holds a club's night; for a championship's crowd"
	@echo "(hundreds of phones, several web processes) run PostgreSQL: DATABASE_URL=postgres://... (docs/venue.md)"
	ALLOWED_HOSTS=$(VENUE_IP),127.0.0.1,localhost PUBLIC_URL=http://$(VENUE_IP):$(PORT) SITE_URL=http://$(VENUE_IP):$(PORT) \
		$(BIN)/uvicorn config.asgi:application --host 0.0.0.0 --port $(PORT)

# The suite on every core (pytest-xdist; a test database and a Redis database per worker). One file, at once:
# `make test TEST_WORKERS=0 PYTEST_ARGS=tests/games/test_usa.py`. `--dist loadgroup` hands the tests out one
# at a time in the suite's order (longest first: tests/durations.py); xdist's default `load` gives each worker
# a quarter of its share up front, so the longest tests all went to the first worker while the other idled.
TEST_WORKERS ?= auto
test: $(STAMP) secret
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

# The score pad's state logic (tournaments/static/boomerang/pad-state.js), with Node's built-in runner.
test-js:
	node --test tests/js/*.test.js

lint: $(STAMP) secret
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

typecheck: $(STAMP) secret
	$(BIN)/mypy

check: lint typecheck test-js test

worker: $(STAMP) secret
	$(BIN)/celery -A config worker -Q boomerang --loglevel=info --concurrency=2

# Webhook deliveries have their own queue and worker, so a slow receiver never delays a verification.
webhooks: $(STAMP) secret
	$(BIN)/celery -A config worker -Q boomerang-webhooks --pool=threads --concurrency=8 --loglevel=info

# The quality lab's nightly reports: their own queue and worker, so a big pool's minutes never hold a verification.
lab: $(STAMP) secret
	$(BIN)/celery -A config worker -Q boomerang-lab --concurrency=1 --loglevel=info

beat: $(STAMP) secret
	$(BIN)/celery -A config beat --loglevel=info

bench: $(STAMP) secret
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache

# After changing a marked string: the catalogues gather it (translate it in each .po), then compile them (both
# the .po and the .mo are committed; tests/tournaments/test_french_pages.py fails on a string left out).
messages: $(STAMP)
	$(BIN)/python manage.py makemessages -l fr -l de -l es --no-location
	$(BIN)/python manage.py compilemessages -l fr -l de -l es

# The SDK's generated halves from the schema this code serves: the typed Python client (openapi-python-client)
# beside sdk/python/boomerang_sdk, and the TypeScript types (openapi-typescript) checked with tsc --strict.
sdk: $(STAMP) secret
	$(BIN)/python manage.py spectacular --format openapi-json --file sdk/schema.json
	$(BIN)/openapi-python-client generate --path sdk/schema.json --meta none --overwrite --output-path sdk/python/boomerang_client
	npm ci --prefix sdk/typescript --no-audit --no-fund --loglevel=error
	cd sdk/typescript && SCHEMA=../schema.json npm run --silent generate && npm run --silent check
