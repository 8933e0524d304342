"""The core's admin, one module per context; TournamentsConfig.ready imports them, which registers their
pages (each app above the core registers its own, in its admin.py)."""
