"""The floor a sheet POST is measured against (issue 30, item 1): the site as served, plus one bare
token-authenticated DRF view that validates a body of the same size and inserts one row. Served only by
bench/e2e.py's gunicorn (DJANGO_SETTINGS_MODULE=bench.floor.settings), never by the site itself."""
