"""One settings module, driven by environment variables.

Every variable has a default that works with no services: SQLite in the project folder and Celery
tasks run in-process. Setting REDIS_URL (or CELERY_BROKER_URL) sends tasks through Redis to real
workers. A malformed value stops start-up with django-environ's error naming the variable.
"""

import ipaddress
import os
import tomllib
from pathlib import Path

import environ
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy

from config.environment import database, env_bool, env_int, redis_url_of_this_process, secret_key
from config.throttle_rates import throttle_rates

BASE_DIR = Path(__file__).resolve().parent.parent
# The project's version (pyproject.toml), which is also the API's (its schema's info.version; docs/api-changes.md).
VERSION = tomllib.loads((BASE_DIR / "pyproject.toml").read_text())["project"]["version"]

env = environ.Env()
# `make setup` writes a random SECRET_KEY here once; ENV_FILE names another file (or none that exists).
ENV_FILE = Path(os.environ.get("ENV_FILE", BASE_DIR / ".env"))
if ENV_FILE.exists():
    environ.Env.read_env(ENV_FILE)

DEBUG = env_bool("DEBUG", default=False)
SECRET_KEY = secret_key(os.environ.get("SECRET_KEY", ""), DEBUG)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "tournaments",  # the core: players, clubs, events, rounds, tables, seats and their results
    "tournaments.catalogue",
    "tournaments.casual",
    "tournaments.opendata",
    "tournaments.seasons",
    "tournaments.live",
    "tournaments.integrations",
    "tournaments.analysis",
    "tournaments.results",
    "tournaments.stewarding",
    "tournaments.entrants",
    "tournaments.finance",
    "tournaments.archive",
    "tournaments.privacy",
    "tournaments.demo",
    "ratings",
    "ratings.lab",
    "oauth2_provider",  # after the apps, so that their templates of its pages (consent, app registration) win
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.http_caching.RateLimitHeaders",
    "config.versioning.ApiVersion",  # above the ETag's middleware: a 304 says its version and varies by it
    "django.middleware.http.ConditionalGetMiddleware",
    "config.http_caching.CacheControl",
    "config.middleware.RefuseOversizedBodies",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournaments.integrations.api.key_writes.RecordKeyWrites",
    "tournaments.integrations.api.idempotency.IdempotentPosts",  # reads the raw body first: the gate may parse a form
    "config.middleware.RefuseUnstorableInput",
    "config.middleware.ThrottlePages",
    "config.middleware.DatabaseAway",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]

# HTTPS=true: the site is served over HTTPS only (production). Redirect, secure cookies, HSTS; behind a
# trusted proxy (TRUSTED_PROXY_COUNT > 0) its X-Forwarded-Proto header tells a request came in over HTTPS.
if env_bool("HTTPS", default=False):
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", default=31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = True
    if env_int("TRUSTED_PROXY_COUNT", default=0) > 0:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASES = {"default": database(env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The pages speak English and French: from Accept-Language, or the switcher in every page's footer.
LANGUAGES = [("en", "English"), ("fr", "Français"), ("de", "Deutsch"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LOGIN_URL = "login"
# Log in with the username or the handle, case-blind (tournaments/auth.py); the log-in throttle counts per
# account whichever name was typed (LOGIN_ACCOUNT_OF). Django's own backend stays listed so that sessions
# opened through it before stay open (a session names the backend that logged it in).
AUTHENTICATION_BACKENDS = ["tournaments.auth.UsernameOrHandleBackend", "django.contrib.auth.backends.ModelBackend"]
LOGIN_ACCOUNT_OF = "tournaments.auth.account_of"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
TIME_ZONE = "UTC"  # stored times; each event shows its own in the event's time zone
# An event created without a time zone gets this one (an IANA name).
EVENT_TIME_ZONE = env.str("EVENT_TIME_ZONE", default="Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))  # collectstatic's folder
# WhiteNoise serves the static files in every mode (`make run` collects and compresses them), no web
# server or CDN needed. After collectstatic they are linked under hashed names and cached for ever;
# before it (tests, a first runserver) under plain names found in the apps (config/storage.py).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.storage.HashedStaticStorage"},
}
# How long a shared cache (a reverse proxy) may answer an anonymous read from its copy (config/http_caching.py).
PUBLIC_CACHE_SECONDS = env_int("PUBLIC_CACHE_SECONDS", default=5)
WHITENOISE_USE_FINDERS = True

# Request bodies larger than this are refused before they reach a view.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=256 * 1024)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "config.authentication.ExpiringTokenAuthentication",
        "tournaments.integrations.key_auth.ApiKeyAuthentication",
        "tournaments.integrations.app_auth.AppTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "config.paging.ApiPages",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "config.exceptions.api_exception_handler",
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "config.negotiation.FormatWinsNegotiation",
    # The API takes JSON (and says so in its schema, so a generated client sends JSON); the entrants CSV is
    # the one upload, also taken as multipart where that endpoint declares it.
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    # Every API read counts against "read_anon" (per address) or "read_user" (per account).
    "DEFAULT_THROTTLE_CLASSES": ["config.throttling.ApiThrottle"],
    # Scopes of config/throttling.py. Rates are per client address (login, signup) or per user.
    "DEFAULT_THROTTLE_RATES": throttle_rates(),  # config/throttle_rates.py
    # The client address of an anonymous request is REMOTE_ADDR unless the server sits behind this many
    # trusted proxies; then it is that many entries from the right of X-Forwarded-For. Never the
    # client's own X-Forwarded-For (which anyone can forge to get a fresh login bucket per guess).
    "NUM_PROXIES": env_int("TRUSTED_PROXY_COUNT", default=0),
}

# Apps that act for players (tournaments/integrations/app_auth.py): OAuth 2 authorization code with PKCE only,
# tokens that expire (an hour) and refresh (thirty days, a new refresh token each time).
OAUTH2_PROVIDER = {
    "PKCE_REQUIRED": True,
    "SCOPES": {  # shown on the consent page in the player's language
        "read": gettext_lazy("Read the events, standings, ratings and your own data"),
        "sheets:write": gettext_lazy("Submit your own score sheets"),
        "registrations:write": gettext_lazy("Register you for events and withdraw your registrations"),
        "casual:write": gettext_lazy("Record your casual games, and confirm or decline those others recorded"),
    },
    "DEFAULT_SCOPES": ["read"],
    "ACCESS_TOKEN_EXPIRE_SECONDS": env.int("OAUTH_ACCESS_TOKEN_SECONDS", default=3600),
    "REFRESH_TOKEN_EXPIRE_SECONDS": env.int("OAUTH_REFRESH_TOKEN_SECONDS", default=30 * 24 * 3600),
    "ROTATE_REFRESH_TOKEN": True,
    "ACCESS_TOKEN_GENERATOR": "tournaments.integrations.app_auth.access_token",
    "REFRESH_TOKEN_GENERATOR": "tournaments.integrations.app_auth.refresh_token",
    "OAUTH2_VALIDATOR_CLASS": "tournaments.integrations.app_auth.ActiveAccountsOnly",  # no token of a closed account
    "ALLOWED_REDIRECT_URI_SCHEMES": ["https"],
    # RFC 9700 (OAuth 2.0 Security Best Current Practice), as django-oauth-toolkit's deploy checks ask: no
    # implicit or password grant, PKCE by S256 only, tokens never in a URL, `iss` in the authorization answer,
    # tokens stored hashed, a replayed refresh token revokes its whole family.
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
    "COMPLIANT_BCP_RFC9700_REFRESH_TOKEN": True,
    "COMPLIANT_BCP_RFC9700_REDIRECT_URI_SCHEME": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    "OAUTH2_SERVER_CLASS": "tournaments.integrations.oauth_views.S256OnlyServer",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Boomerang tournaments and ratings",
    "DESCRIPTION": "Events, verified score sheets, standings and TrueSkill ratings for the Boomerang games.",
    "VERSION": VERSION,
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from the project's own static files (drf-spectacular-sidecar, pinned): no CDN, works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "tournaments.models.GAME_CHOICES",
        "DraftDirectionEnum": "tournaments.models.DRAFT_DIRECTIONS",
        "TableResultStatusEnum": "tournaments.models.TableResult.Status",
        "ScoreSheetStatusEnum": "tournaments.models.ScoreSheet.Status",
        "WebhookDeliveryStatusEnum": "tournaments.integrations.models.WebhookDelivery.Status",
        "EventStatusEnum": "tournaments.models.Event.Status",
        "RegistrationStatusEnum": "tournaments.models.Registration.Status",
        "OrganisationKindEnum": "tournaments.models.Organisation.Kind",
        "DecisionKindEnum": "tournaments.serializers.organisations.DECISION_KINDS",
        "PaymentKindEnum": "tournaments.finance.models.Payment.Kind",
    },
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.openapi.add_error_responses",
        "config.openapi.partial_updates_have_no_defaults",
        "config.openapi.request_bodies_refuse_unknown_fields",
        "config.openapi.csv_exports_are_operations_of_their_own",
        "config.openapi.paged_reads_declare_their_pages",
        "config.openapi_examples.domain_examples",
    ],
}

# The cache holds the API's throttle counters, so with several web processes it must be shared: Redis
# when REDIS_URL is set, else the process's memory (one process in the newcomer's set-up).
REDIS_URL = redis_url_of_this_process(env.str("REDIS_URL", default=""))
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "boomerang",
        }
    }

# Celery: with no broker configured, tasks run in-process (eagerly) so a newcomer needs no services.
CELERY_BROKER_URL = redis_url_of_this_process(env.str("CELERY_BROKER_URL", default="")) or REDIS_URL
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
if CELERY_TASK_ALWAYS_EAGER:
    # In-process tasks need no broker; naming the in-memory one keeps Celery from looking for AMQP on localhost.
    CELERY_BROKER_URL = "memory://localhost/"
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", default=30)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", default=60)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", default=300),
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Keep the worker's database connection between tasks (Celery's Django fix-up otherwise closes it after
# every task, and a new PostgreSQL connection costs more than a verification); config/celery.py drops
# a connection that is broken or older than DB_CONN_MAX_AGE before each task, as Django does per request.
CELERY_DB_REUSE_MAX = env_int("CELERY_DB_REUSE_MAX", default=1000)
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="boomerang")
# Expensive public pages (a season's, an official list's) are kept this long for anonymous visitors at most;
# their key holds their version, so a changed result shows at once (config/page_cache.py).
PAGE_CACHE_SECONDS = env_int("PAGE_CACHE_SECONDS", default=300)
# A running event's standings and TV screen are rebuilt for visitors once a change, and at least this often;
# meanwhile visitors read the previous copy (config/page_cache.py, live_page).
LIVE_PAGE_SECONDS = max(1, env_int("LIVE_PAGE_SECONDS", default=5))
# A changed live page is rebuilt behind the answer (false: by the first visitor to see it; the tests).
LIVE_PAGES_BEHIND = env_bool("LIVE_PAGES_BEHIND", default=True)
# ...and no sooner than this after its last copy: a championship's tables change its standings several times a
# second, and a build of the TV screen at 500 tables is 0.3 s of CPU (0 in the tests: every change at once).
LIVE_PAGE_REBUILD_SECONDS = max(0.0, env.float("LIVE_PAGE_REBUILD_SECONDS", default=3.0))
# ...nor before its last build took this share of the time since: a slow build (a node short of CPU) waits longer.
LIVE_PAGE_REBUILD_SHARE = min(1.0, max(0.01, env.float("LIVE_PAGE_REBUILD_SHARE", default=0.1)))

# Players check themselves in from the event's day on (in its time zone), this many days earlier at most.
CHECK_IN_DAYS_BEFORE = env_int("CHECK_IN_DAYS_BEFORE", default=0)

# A node's web processes (uvicorn's --workers): each allows its share of a limit while Redis is away.
WEB_PROCESSES = max(1, env_int("WEB_PROCESSES", default=3))
# Requests a web process admits at once, four per pooled connection (config/overload.py, docs/deploy.md).
WEB_MAX_IN_FLIGHT = max(1, env_int("WEB_MAX_IN_FLIGHT", default=4 * env_int("DB_POOL_SIZE", default=8)))

# Webhook deliveries wait on other people's servers: they have a queue of their own, consumed by a worker of
# their own (`celery -A config worker -Q boomerang-webhooks`, docs/deploy.md), never by the one that verifies.
CELERY_WEBHOOK_QUEUE = env.str("CELERY_WEBHOOK_QUEUE", default=f"{CELERY_TASK_DEFAULT_QUEUE}-webhooks")
# The quality lab's reports (minutes for a big pool) likewise: `celery -A config worker -Q boomerang-lab`.
CELERY_LAB_QUEUE = env.str("CELERY_LAB_QUEUE", default=f"{CELERY_TASK_DEFAULT_QUEUE}-lab")
CELERY_TASK_ROUTES = {
    "tournaments.tasks.webhook_deliver_task": {"queue": CELERY_WEBHOOK_QUEUE},
    "tournaments.tasks.webhook_sweep_task": {"queue": CELERY_WEBHOOK_QUEUE},
    "ratings.tasks.pool_quality_task": {"queue": CELERY_LAB_QUEUE},
}

# Webhooks (docs/webhooks.md): https only unless WEBHOOK_ALLOW_HTTP; never to loopback, private, link-local,
# multicast or reserved addresses, except the networks listed here (an intranet install: "10.0.0.0/8,...").
WEBHOOK_ALLOW_HTTP = env_bool("WEBHOOK_ALLOW_HTTP", default=False)
WEBHOOK_ALLOWED_NETWORKS = env.list("WEBHOOK_ALLOWED_NETWORKS", default=[])
try:
    [ipaddress.ip_network(network) for network in WEBHOOK_ALLOWED_NETWORKS]
except ValueError as error:
    raise ImproperlyConfigured(f"WEBHOOK_ALLOWED_NETWORKS: {error}") from None
WEBHOOK_DEADLINE_SECONDS = env_int("WEBHOOK_DEADLINE_SECONDS", default=5)  # connect, send and read: one attempt
WEBHOOKS_PER_ORGANISATION = env_int("WEBHOOKS_PER_ORGANISATION", default=10)
WEBHOOK_IN_FLIGHT_PER_ORGANISATION = env_int("WEBHOOK_IN_FLIGHT_PER_ORGANISATION", default=2)
# A failed attempt is retried after this many seconds, doubled at each attempt (10, 20, 40, 80).
WEBHOOK_FIRST_RETRY_SECONDS = env_int("WEBHOOK_FIRST_RETRY_SECONDS", default=10)
# With no broker (tasks run in-process: the embedded default), these tasks run on a background thread of the
# web process instead of inside the request, their countdown honoured, so no delivery slows a request.
TASKS_OFF_THE_REQUEST = env.list("TASKS_OFF_THE_REQUEST", default=["tournaments.tasks.webhook_deliver_task"])

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals_on_one_line": {"()": "config.logfilters.RefusalsWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["refusals_on_one_line"]}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}

# E-mail: on the console unless EMAIL_URL names a server (smtp+tls://user:password@smtp.example.org:587).
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Boomerang tournaments <noreply@localhost>")
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")  # the site, for links in e-mails
# The address phones open from the printed QR codes and links (table slips, the check-in poster); empty: the
# address the organiser's browser used. `make venue` sets it to the laptop's address on the venue's wifi.
PUBLIC_URL = env.str("PUBLIC_URL", default="").rstrip("/")

# An API token is refused this many days after it was issued (0: never); logging in issues a new one.
TOKEN_MAX_AGE_DAYS = env_int("TOKEN_MAX_AGE_DAYS", default=180)

# A POST sent with an Idempotency-Key is answered once: a repeat within this many hours gets the first answer;
# a repeat arriving while the first is under way is told at once to retry (409 with Retry-After).
IDEMPOTENCY_HOURS = env_int("IDEMPOTENCY_HOURS", default=24)

# Ratings: a player is provisional until both hold; inactivity widens sigma once per period.
RATINGS_PROVISIONAL_GAMES = env_int("RATINGS_PROVISIONAL_GAMES", default=5)
RATINGS_PROVISIONAL_SIGMA = env.float("RATINGS_PROVISIONAL_SIGMA", default=4.0)
RATINGS_INACTIVITY_DAYS = env_int("RATINGS_INACTIVITY_DAYS", default=90)
RATINGS_INACTIVITY_SIGMA_STEP = env.float("RATINGS_INACTIVITY_SIGMA_STEP", default=1.0)
# Tables left queued by a broker outage or a lost worker are dispatched again after this long.
SWEEP_AFTER_SECONDS = env_int("SWEEP_AFTER_SECONDS", default=120)
# Pick accuracy (the engine scores every card each hand offered) runs this long after a verdict, so that a
# burst of sheets is verified and rated first and the analyses follow in the quiet after it.
PICK_ACCURACY_DELAY_SECONDS = env_int("PICK_ACCURACY_DELAY_SECONDS", default=60)
# A verification task also takes up to this many tables queued meanwhile, so a worker behind a burst
# pays its database round trips once for many tables (1 verifies one table a task).
VERIFY_BATCH = env_int("VERIFY_BATCH", default=50)
if VERIFY_BATCH < 1:
    raise ImproperlyConfigured(f"VERIFY_BATCH={VERIFY_BATCH} is below 1: give how many tables a task may take")
CELERY_BEAT_SCHEDULE = {
    "ratings-inactivity": {"task": "ratings.tasks.inactivity_widen_task", "schedule": 24 * 60 * 60},
    "ratings-monthly-lists": {
        "task": "ratings.tasks.lists_publish_monthly_task",
        "schedule": crontab(minute=0, hour=3, day_of_month="1"),
    },
    "ratings-quality": {"task": "ratings.tasks.quality_refresh_task", "schedule": crontab(minute=30, hour=2)},
    "tables-sweep": {"task": "tournaments.tasks.table_sweep_task", "schedule": 60},
    "webhooks-sweep": {"task": "tournaments.tasks.webhook_sweep_task", "schedule": 60},  # webhooks.SWEEP_EVERY
    "idempotency-sweep": {"task": "tournaments.tasks.idempotency_sweep_task", "schedule": 60 * 60},
    "stream-sweep": {"task": "tournaments.tasks.stream_sweep_task", "schedule": 60 * 60},
    "guest-emails-forget": {"task": "tournaments.tasks.guest_emails_forget_task", "schedule": 24 * 60 * 60},
    "open-data": {
        "task": "tournaments.opendata.tasks.open_data_make_task",
        "schedule": crontab(minute=0, hour=4, day_of_month="1"),
    },
    "casual-lapse": {"task": "tournaments.casual.tasks.casual_tables_lapse_task", "schedule": 60 * 60},
}
