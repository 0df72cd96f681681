# Everyday commands. `make run` and `make test` each set up everything they need first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
# `make run LAN=1` serves the phones on the local network too. Only the server is told, so that
# the setup steps (migrate, collectstatic) need no SECRET_KEY.
LAN ?= 0
unexport LAN

.PHONY: setup static run dev test test-fast test-browser test-database lint format bench load phones felt pictures messages compilemessages browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: $(BIN)/python requirements.txt requirements-dev.txt
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $@

setup: $(VENV)/.installed compilemessages
	$(BIN)/python manage.py migrate --noinput -v 0

# Static files gathered into staticfiles/, gzipped and named by a hash of their content.
static: $(VENV)/.installed
	HASHED_STATIC=1 $(BIN)/python manage.py collectstatic --noinput --clear -v 0

# The production server (Gunicorn, DEBUG off). Without a SECRET_KEY of yours, each run makes up
# a fresh one: the site keeps nothing signed (no logins, no sessions) that must outlive a restart.
run: setup static
	@SECRET_KEY="$${SECRET_KEY:-$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')}" \
	  HASHED_STATIC=1 LAN=$(LAN) PORT=$(PORT) $(BIN)/gunicorn -c python:carcassonne_site.gunicorn_conf

# Django's development server: DEBUG on, reloads on every change, static files from the sources.
dev: setup
	DEBUG=1 $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Debian's Chromium for the browser tests and Noto fonts for rendered text (needs root).
browser:
	@command -v chromium >/dev/null 2>&1 && fc-list | grep -q "Noto Sans CJK" || \
	  (apt-get update -q && apt-get install -y -q chromium fonts-noto-cjk fonts-noto-core)

# The current axe-core, beside the one axe-playwright-python ships (4.4.3): the accessibility
# tests run both. Pinned by version and checksum; from the npm registry.
AXE_VERSION := 4.14.1
AXE_SHA256 := e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745
AXE := $(VENV)/axe-core-$(AXE_VERSION).min.js
$(AXE): $(BIN)/python
	curl -fsSL -o $(VENV)/axe-core.tgz https://registry.npmjs.org/axe-core/-/axe-core-$(AXE_VERSION).tgz
	echo "$(AXE_SHA256)  $(VENV)/axe-core.tgz" | sha256sum -c --quiet
	tar -xzf $(VENV)/axe-core.tgz -C $(VENV) package/axe.min.js
	mv $(VENV)/package/axe.min.js $@ && rmdir $(VENV)/package && rm $(VENV)/axe-core.tgz

# Two tiers, fast first: the engine, pictures, views and services, then the pages in Chromium.
# `make test-fast` or `make test-browser` runs one; `make test-database` the tests that open the
# database (CI runs them again on PostgreSQL). One file: `.venv/bin/pytest tests/engine/test_river.py`.
PYTEST := DJANGO_ALLOW_ASYNC_UNSAFE=true $(BIN)/pytest -n auto

test: setup browser lint $(AXE)
	$(PYTEST) -m "not browser"
	AXE_CURRENT=$(AXE) $(PYTEST) -m browser

test-fast: setup lint
	$(PYTEST) -m "not browser"

test-browser: setup browser $(AXE)
	AXE_CURRENT=$(AXE) $(PYTEST) -m browser

test-database: setup
	$(PYTEST) -m "database and not browser"

lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: setup
	$(BIN)/python -m benchmarks.engine
	$(BIN)/python -m benchmarks.requests

# 20 games entered at once against the production server, on SQLite and then PostgreSQL.
load: setup static
	$(BIN)/python -m benchmarks.load

# Twenty phones following one game on the production server: the cost of a check, the delay of a move.
phones: setup static
	$(BIN)/python -m benchmarks.phones

# A whole game copied on a slow phone (CPU ×4, 400 ms, 400 kbit/s) in Chromium: requests a turn,
# lay tap to updated board, the first open's bytes. `make felt TILES=30` copies fewer tiles.
TILES ?= 126
felt: setup static browser
	$(BIN)/python -m benchmarks.felt --tiles $(TILES)

# Board and fields pictures on 72 and 126 tiles: bytes and time to draw, encode and serve (cached, 304).
pictures: setup
	$(BIN)/python -m benchmarks.pictures

messages: $(VENV)/.installed
	$(BIN)/python manage.py makemessages -l en -l zh_Hant -l zh_Hans -l fa --no-obsolete --no-location -i ".venv/*"

compilemessages: $(VENV)/.installed
	@if ls locale/*/LC_MESSAGES/django.po >/dev/null 2>&1; then \
	  $(BIN)/python manage.py compilemessages -v 0 -i ".venv"; fi

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
