# Two commands on a fresh machine: `make play` and `make test`. Everything else is set up here.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One environment, filled as far as each command needs: the base package to play at a terminal,
# the card room's extra to serve it, and the test tools with every extra to test it.
BASE := $(VENV)/.base
PLAY_STAMP := $(VENV)/.play
SERVE_STAMP := $(VENV)/.serve
STAMP := $(VENV)/.installed
# The compiled build (docs/compiled.md): every game's state machine, the rankings, the bots' and
# the analysis' hot paths built with mypyc into a platform wheel in dist/, in a build environment
# of its own made from compile-requirements.txt alone (so the documented recipe is the one tested),
# and installed in its own venv.
BUILD := .venv-build
BUILD_STAMP := $(BUILD)/.installed
WHEEL_STAMP := dist/.wheel
FAST := .venv-fast
FAST_STAMP := $(FAST)/.installed
SOURCES := $(shell find src -name '*.py')

.PHONY: play serve test test-slow test-browser test-compiled lint wheel bench bench-pure clean

$(BASE):
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	touch $(BASE)

$(PLAY_STAMP): pyproject.toml | $(BASE)
	$(BIN)/python -m pip install --quiet -e .
	touch $(PLAY_STAMP)

$(SERVE_STAMP): pyproject.toml | $(BASE)
	$(BIN)/python -m pip install --quiet -e '.[room]'
	touch $(SERVE_STAMP)

$(STAMP): pyproject.toml | $(BASE)
	$(BIN)/python -m pip install --quiet -e '.[test,room,agents,openspiel,cluster,plot]'
	touch $(STAMP)

play: $(PLAY_STAMP)
	$(BIN)/homegame

# The card room: `make serve` on this machine only; `make serve HOST=0.0.0.0` lets the network in.
HOST ?= 127.0.0.1
PORT ?= 8000
serve: $(SERVE_STAMP)
	$(BIN)/homegame serve --host $(HOST) --port $(PORT)

# The browser tests (tests/browser) run only under `make test-browser`: they need chromium.
test: $(STAMP)
	$(BIN)/python -m pytest -m "not slow" -n 2 --ignore=tests/browser

test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow -n 2 --ignore=tests/browser

$(VENV)/.browser: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,room,agents,openspiel,browser]'
	touch $(VENV)/.browser

# axe-core, for the browser tests' accessibility checks only (package.json: the page itself uses no
# npm package): `npm ci` installs exactly the locked version.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

# The browser table played in Debian's chromium (`apt-get install chromium`) through Playwright;
# screenshots and figures go to artifacts/browser/.
test-browser: $(VENV)/.browser node_modules/.package-lock.json
	$(BIN)/python -m pytest tests/browser -m browser -p no:xdist

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks setup.py conftest.py
	$(BIN)/mypy

# The platform wheel, built exactly as docs/compiled.md says, in the build environment; without
# HOMEGAME_COMPILE the same sources build the plain-Python sdist and wheel.
wheel: $(WHEEL_STAMP)

$(BUILD_STAMP): compile-requirements.txt
	rm -rf $(BUILD)
	$(PYTHON) -m venv $(BUILD)
	$(BUILD)/bin/python -m pip install --quiet --upgrade pip
	$(BUILD)/bin/python -m pip install --quiet -r compile-requirements.txt
	touch $(BUILD_STAMP)

$(WHEEL_STAMP): $(BUILD_STAMP) setup.py pyproject.toml $(SOURCES)
	rm -rf build dist/homegame-*.whl
	HOMEGAME_COMPILE=1 $(BUILD)/bin/python -m pip wheel --quiet --no-build-isolation --no-deps --wheel-dir dist .
	touch $(WHEEL_STAMP)

$(FAST_STAMP): $(WHEEL_STAMP)
	rm -rf $(FAST)
	$(PYTHON) -m venv $(FAST)
	$(FAST)/bin/python -m pip install --quiet --upgrade pip
	$(FAST)/bin/python -m pip install --quiet "$$(ls dist/homegame-*-cp*.whl)[test,room,agents,openspiel,bench]"
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
	rm -rf $(VENV) $(FAST) $(BUILD) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache artifacts node_modules
