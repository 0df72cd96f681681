# Everyday commands. `make run` and `make test` each set up everything they need first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup run test lint format bench messages compilemessages browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: $(BIN)/python requirements.txt requirements-dev.txt
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $@

setup: $(VENV)/.installed compilemessages
	$(BIN)/python manage.py migrate --noinput -v 0

run: setup
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# Debian's Chromium for the browser tests and Noto fonts for rendered text (needs root).
browser:
	@command -v chromium >/dev/null 2>&1 && fc-list | grep -q "Noto Sans CJK" || \
	  (apt-get update -q && apt-get install -y -q chromium fonts-noto-cjk fonts-noto-core)

test: setup browser lint
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(BIN)/pytest -n auto

lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: setup
	$(BIN)/python -m benchmarks.engine
	$(BIN)/python -m benchmarks.requests

messages: $(VENV)/.installed
	$(BIN)/python manage.py makemessages -l en -l zh_Hant -l zh_Hans -l fa --no-obsolete --no-location -i ".venv/*"

compilemessages: $(VENV)/.installed
	@if ls locale/*/LC_MESSAGES/django.po >/dev/null 2>&1; then \
	  $(BIN)/python manage.py compilemessages -v 0 -i ".venv"; fi

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
