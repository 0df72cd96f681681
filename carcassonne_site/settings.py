"""Settings for the Carcassonne rules tutor and scoring assistant, read from the environment.

With nothing set, the site runs for this machine alone: SQLite in ``db.sqlite3``, DEBUG off,
static files served from the source folders. The variables (README, "Settings"):

- ``DEBUG=1``: Django's debug pages (``make dev``). Never on a server others can reach.
- ``SECRET_KEY``: required as soon as the site answers to any name but this machine's own.
- ``ALLOWED_HOSTS``: comma-separated host names (default ``127.0.0.1,localhost,[::1]``).
- ``LAN=1``: also answer to this machine's address on the local network (``make run LAN=1``).
- ``SITE_URL``: the address players reach the site at, for the links and QR codes it hands out.
- ``CLIENT_IP_HEADER``: behind a reverse proxy, the header holding the client's address
  (``HTTP_X_REAL_IP``), which the rate limits count by; ``RATE_LIMIT_CREATE``, ``RATE_LIMIT_API``
  their rates (``30/m``, ``60/m``); ``RATE_LIMITS=0`` turns them off.
- ``DATABASE_URL``: ``postgres://user:password@host:5432/name`` or ``sqlite:////path/file``.
- ``HTTPS=1``: behind an HTTPS reverse proxy: redirects, HSTS, secure cookies, trusted origins.
- ``HASHED_STATIC=1``: serve what ``collectstatic`` gathered, compressed, under hashed names.
- ``STATIC_ROOT``: where ``collectstatic`` puts them (default ``staticfiles/`` here).
"""

import os
import warnings
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from carcassonne_site import environment

BASE_DIR = Path(__file__).resolve().parent.parent

# A value the site cannot use ends the process with one line naming the variable (environment.py).
environment.report_briefly()

DEBUG = environment.flag("DEBUG")

ALLOWED_HOSTS = environment.hosts("ALLOWED_HOSTS", environment.LOCAL_HOSTS)
LAN = environment.flag("LAN")
# The address phones use to reach the site, for the links and QR codes the board page hands out
# (say https://carcassonne.example.org); unset, the address the page was opened at.
SITE_URL = environment.site_url("SITE_URL")
if LAN:
    ALLOWED_HOSTS += [host for host in environment.lan_hosts() if host not in ALLOWED_HOSTS]
# Others can reach the site: no debug pages, and a key nobody can guess, unless told otherwise.
REACHABLE = not environment.only_local(ALLOWED_HOSTS)
ALLOW_INSECURE = environment.flag("ALLOW_INSECURE")
_others = ", ".join(h for h in ALLOWED_HOSTS if h not in environment.LOCAL_HOSTS)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if REACHABLE:
        raise ImproperlyConfigured(
            f"SECRET_KEY is not set, and the site would answer to {_others}. "
            "Set SECRET_KEY to a long random string and keep it secret, for example the output of: "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
    # The site answers only to this machine's own names, so this key never guards a site that
    # others browse to; the site signs nothing that outlives a request anyway (no logins, no sessions).
    SECRET_KEY = environment.FALLBACK_SECRET_KEY
elif REACHABLE and not ALLOW_INSECURE and (weakness := environment.weakness(SECRET_KEY)):
    raise ImproperlyConfigured(
        f"SECRET_KEY is too weak for a site that answers to {_others}: {weakness}. Use the output of "
        "python3 -c 'import secrets; print(secrets.token_urlsafe(50))', or set ALLOW_INSECURE=1."
    )
if DEBUG and REACHABLE and not ALLOW_INSECURE:
    raise ImproperlyConfigured(
        f"DEBUG=1, and the site would answer to {_others}: its debug pages show code and settings to "
        "anyone. Set DEBUG=0 (make run does), or ALLOW_INSECURE=1 to start anyway."
    )

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "carcassonne_site",
    "scorer",
    "tutorial",
]

MIDDLEWARE = [
    # The phones' "has the game moved on?" answered first and cheaply (scorer/state_check.py).
    "scorer.state_check.StateCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files leave here, before GZip: whitenoise sends its own precompressed copies, and
    # GZip would otherwise squeeze pictures and fonts a second time for nothing.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Phones beside the table are often on slow data: board pages shrink about six times.
    # Django's GZip middleware pads its output against BREACH, and CSRF tokens are masked.
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",
    # Last, so that it is the first to see a view's exception: a database that cannot be written
    # or reached is answered in the client's own format, never with a bare 500.
    "carcassonne_site.middleware.DatabaseTroubleMiddleware",
]

ROOT_URLCONF = "carcassonne_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csrf",
                "carcassonne_site.context_processors.site",
            ],
        },
    },
]

WSGI_APPLICATION = "carcassonne_site.wsgi.application"

try:
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
            # Each server thread keeps its PostgreSQL connection instead of opening one per request.
            conn_max_age=600,
            conn_health_checks=True,
        )
    }
except ValueError as error:  # an unknown scheme, a port that is no number
    shown = environment.without_password(os.environ.get("DATABASE_URL", ""))
    raise ImproperlyConfigured(
        f"DATABASE_URL={shown!r}: expected postgres://user:password@host:5432/name or "
        f"sqlite:////absolute/path.sqlite3 ({str(error).split('.')[0]})."
    ) from None
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # opening an SQLite file costs nothing
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        # A commit waits for the disk only at checkpoints (a crash of the server loses nothing; a
        # power cut at worst the last move). WAL mode, in which readers never wait for the writer,
        # is set in the file by carcassonne_site.database.use_wal: asked of every connection here,
        # it would fail every request, reads too, on a read-only file not yet in WAL mode.
        "init_command": "PRAGMA synchronous=NORMAL;",
        **DATABASES["default"].get("OPTIONS", {}),
    }
    _folder = Path(DATABASES["default"]["NAME"]).parent
    if DATABASES["default"]["NAME"] != ":memory:" and not _folder.is_dir():
        raise ImproperlyConfigured(
            f"DATABASE_URL={os.environ.get('DATABASE_URL')!r}: the folder {_folder} does not exist; "
            "create it, or name an SQLite file in a folder that does."
        )
    # A file, not memory, so that tests of two phones writing at once see real locking; beside the
    # site's own file, so that two checkouts (or two DATABASE_URLs) test side by side.
    _test_folder = BASE_DIR if DATABASES["default"]["NAME"] == ":memory:" else _folder
    DATABASES["default"]["TEST"] = {"NAME": _test_folder / "test-db.sqlite3"}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("zh-hant", "繁體中文"),
    ("zh-hans", "简体中文"),
    ("fa", "فارسی"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")

HASHED_STATIC = environment.flag("HASHED_STATIC")
if HASHED_STATIC:
    # What `collectstatic` gathered: gzipped, and named by content so browsers keep them for ever.
    STATICFILES_BACKEND = "whitenoise.storage.CompressedManifestStaticFilesStorage"
else:
    # Development and tests read the source folders, so there is nothing to collect first.
    STATICFILES_BACKEND = "django.contrib.staticfiles.storage.StaticFilesStorage"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": STATICFILES_BACKEND},
}
WHITENOISE_USE_FINDERS = not HASHED_STATIC
warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")

# The JSON API and the board-file import refuse bodies above this size.
# A pasted board up to 16 times the board limit still reaches the form, which then refuses it in
# the reader's language and keeps the text; beyond that Django refuses the request (error_pages).
DATA_UPLOAD_MAX_MEMORY_SIZE = 4 * 1024 * 1024
BOARD_FILE_MAX_BYTES = 256 * 1024
CSRF_FAILURE_VIEW = "carcassonne_site.error_pages.csrf_failure"

# Counters of the rate limits (scorer.limits) live in the database, so every server
# process counts the same requests (docs/hosting.md); `migrate` creates their table.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # A counter the database cannot read or keep lets the request through (database.py).
    "limits": {"BACKEND": "carcassonne_site.database.TolerantDatabaseCache", "LOCATION": "rate_limits"},
    # Board pictures by the game's move digest (scorer/pictures.py), shared by every server process.
    # About 100-200 kB each: the oldest go first past a few hundred, and none outlives a week.
    "pictures": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "board_pictures",
        "TIMEOUT": 7 * 24 * 3600,
        "OPTIONS": {"MAX_ENTRIES": 400, "CULL_FREQUENCY": 4},
    },
}
RATELIMIT_USE_CACHE = "limits"
RATELIMIT_VIEW = "carcassonne_site.error_pages.rate_limited"
RATELIMIT_ENABLE = environment.flag("RATE_LIMITS", True)
# A count the database cannot keep (disk full, read-only) lets the request through.
RATELIMIT_FAIL_OPEN = True
# Behind a reverse proxy every request comes from the proxy: name the header it puts the
# client's address in (e.g. HTTP_X_REAL_IP), or one address's limit would cover the world.
CLIENT_IP_HEADER = environment.header("CLIENT_IP_HEADER")
RATE_LIMITS = {
    "create": environment.rate("RATE_LIMIT_CREATE", "30/m"),
    "api": environment.rate("RATE_LIMIT_API", "60/m"),
}

# Sent on every response, whatever the deployment.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Nothing inline, nothing from elsewhere: every script, style, font and picture is our own file.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

SILENCED_SYSTEM_CHECKS = [
    # The database cache adds to a counter by reading and writing it, so two requests at the same
    # instant may count once: a limit a shade loose, never a request wrongly refused. A shared
    # memcached or Redis would be exact, but a second server to run is too much for a game night.
    "django_ratelimit.E003",
]

HTTPS = environment.flag("HTTPS")
# Read whatever HTTPS says, so that a value it cannot use is noticed before the day it is used.
_HSTS_SECONDS = environment.number("HSTS_SECONDS", 365 * 24 * 3600, 0, 10 * 365 * 24 * 3600)
if HTTPS:
    # Behind a reverse proxy that ends TLS and says so in X-Forwarded-Proto (docs/hosting.md).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = _HSTS_SECONDS
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    CSRF_TRUSTED_ORIGINS = environment.words(
        "CSRF_TRUSTED_ORIGINS",
        tuple(
            f"https://*{host}" if host.startswith(".") else f"https://{host}"
            for host in ALLOWED_HOSTS
            if host != "*" and host not in environment.LOCAL_HOSTS
        ),
    )
    SILENCED_SYSTEM_CHECKS += [
        # HSTS preload asks browser makers to hard-code HTTPS for the whole registered domain, which
        # only that domain's owner can decide and which takes months to undo; a club hosting on a
        # subdomain must not promise it by default, so the header never carries "preload".
        "security.W021",
    ]

# Django prints a failed request only under DEBUG; a server's errors (5xx, a refused Host) belong
# in its log whatever DEBUG says. Refused moves and missing pages are the players' business.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "loggers": {"django": {"handlers": ["stderr"], "level": "ERROR", "propagate": False}},
}

SITE_NAME = _("Carcassonne tutor and scorer")
