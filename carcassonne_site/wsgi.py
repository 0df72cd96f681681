"""The WSGI application that Gunicorn serves (``carcassonne_site/gunicorn_conf.py``, ``make run``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcassonne_site.settings")
application = get_wsgi_application()
