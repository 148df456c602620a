# `make run` and `make test` work on a fresh machine that has only python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DB ?= riftlog.db
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test install browser postgres bench clean

$(BIN)/riftlog: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(BIN)/riftlog

install: $(BIN)/riftlog

# The demo's tokens scroll away: the organiser's link (printed last, before the server starts) lists the matches and
# gives a new recording link for any of them. HOST=0.0.0.0 serves the venue's network (phones at the tables).
run: install
	$(BIN)/riftlog --db $(DB) demo
	@$(BIN)/riftlog --db $(DB) organiser --url http://$(HOST):$(PORT) > /dev/null
	$(BIN)/riftlog --db $(DB) serve --host $(HOST) --port $(PORT)

browser:
	bash scripts/install-browser.sh

postgres:
	bash scripts/install-postgres.sh

test: install browser postgres
	$(BIN)/python -m pytest

bench: install postgres
	$(BIN)/python benchmarks/bench.py

clean:
	rm -rf $(VENV) $(DB) $(DB)-wal $(DB)-shm $(DB).serve-lock
