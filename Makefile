# `make run` and `make test` work on a fresh machine that has only python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DB ?= riftlog.db
HOST ?= 127.0.0.1
PORT ?= 5000
URL ?=

.PHONY: run test install browser postgres bench clean

$(BIN)/riftlog: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(BIN)/riftlog

install: $(BIN)/riftlog

# Run again, it keeps the database: the demo is recorded only where it is missing, and the organiser's link (printed
# last, before the server starts: it lists the matches and gives a new recording link for any of them) is the same
# every time, so a bookmark of it keeps working (`riftlog organiser --reissue` makes a new one). HOST=0.0.0.0 serves
# the venue's network (phones at the tables); URL=http://ADDRESS:PORT (or the proxy's https://...) names the address
# phones reach it at, for the links on the table cards, when it is not this machine's own.
run: install
	$(BIN)/riftlog --db $(DB) demo
	-@$(BIN)/riftlog --db $(DB) organiser --url $(or $(URL),http://$(HOST):$(PORT)) > /dev/null
	$(BIN)/riftlog --db $(DB) serve --host $(HOST) --port $(PORT) $(if $(URL),--url $(URL))

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
