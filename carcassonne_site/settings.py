"""Settings for the Carcassonne rules tutor and scoring assistant.

Defaults suit a laptop: SQLite, DEBUG on. Production sets ``DJANGO_SECRET_KEY``,
``DJANGO_DEBUG=0`` and ``DJANGO_ALLOWED_HOSTS``; ``DATABASE_URL``-style PostgreSQL settings come
from ``POSTGRES_DB`` and friends when set.
"""

import os
import warnings
from pathlib import Path

from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-not-secret-carcassonne")
DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")

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
    "django.middleware.security.SecurityMiddleware",
    # Phones beside the table are often on slow data: board pages shrink about six times.
    # Django's GZip middleware pads its output against BREACH, and CSRF tokens are masked.
    "django.middleware.gzip.GZipMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
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

if os.environ.get("POSTGRES_DB"):
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": os.environ["POSTGRES_DB"],
            "USER": os.environ.get("POSTGRES_USER", ""),
            "PASSWORD": os.environ.get("POSTGRES_PASSWORD", ""),
            "HOST": os.environ.get("POSTGRES_HOST", ""),
            "PORT": os.environ.get("POSTGRES_PORT", ""),
        }
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
            # A file, not memory, so that tests of two phones writing at once see real locking.
            "TEST": {"NAME": BASE_DIR / "test-db.sqlite3"},
        }
    }

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
STATIC_ROOT = BASE_DIR / "staticfiles"

# The JSON API and the board-file import refuse bodies above this size.
DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024
BOARD_FILE_MAX_BYTES = 256 * 1024

# Serve static files straight from the app and project folders; `collectstatic` is for production.
WHITENOISE_USE_FINDERS = True
warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")

SITE_NAME = _("Carcassonne tutor and scorer")
