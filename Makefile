# Two commands on a fresh machine: `make play` and `make test`. Everything else is set up here.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled build (see setup.py): the engine's hot modules built with mypyc, in its own venv.
FAST := .venv-fast
FAST_STAMP := $(FAST)/.installed
SOURCES := $(shell find src -name '*.py')

.PHONY: play serve test test-slow test-browser test-compiled lint bench bench-pure clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,room,agents,openspiel,cluster]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/homegame

# The card room: `make serve` on this machine only; `make serve HOST=0.0.0.0` lets the network in.
HOST ?= 127.0.0.1
PORT ?= 8000
serve: $(STAMP)
	$(BIN)/homegame serve --host $(HOST) --port $(PORT)

# The browser tests (tests/browser) run only under `make test-browser`: they need chromium.
test: $(STAMP)
	$(BIN)/python -m pytest -m "not slow" -n 2 --ignore=tests/browser

test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow -n 2 --ignore=tests/browser

$(VENV)/.browser: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,room,agents,openspiel,browser]'
	touch $(VENV)/.browser

# The browser table played in Debian's chromium (`apt-get install chromium`) through Playwright;
# screenshots and figures go to artifacts/browser/.
test-browser: $(VENV)/.browser
	$(BIN)/python -m pytest tests/browser -m browser -p no:xdist

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks setup.py conftest.py
	$(BIN)/mypy

$(FAST_STAMP): pyproject.toml setup.py $(SOURCES)
	$(PYTHON) -m venv $(FAST)
	$(FAST)/bin/python -m pip install --quiet --upgrade pip
	$(FAST)/bin/python -m pip install --quiet 'setuptools>=77' wheel mypy numpy  # mypyc type-checks what the compiled modules import
	rm -rf build
	HOMEGAME_COMPILE=1 $(FAST)/bin/python -m pip install --quiet --no-build-isolation '.[test,room,agents,openspiel,bench]'
	touch $(FAST_STAMP)

# The test suite against the compiled build (tests/ only: doctests would import the sources).
test-compiled: $(FAST_STAMP)
	$(FAST)/bin/python -m pytest tests -m "not slow" -n 2 -p no:cacheprovider --ignore=tests/browser

bench: $(FAST_STAMP)
	$(FAST)/bin/python -m benchmarks

$(VENV)/.bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,room,agents,openspiel,bench]'
	touch $(VENV)/.bench

bench-pure: $(VENV)/.bench
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) $(FAST) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache artifacts
