# L5R Rules Codex. `make serve` and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve test test-fast build check scenarios bench offline clean browser node_modules fuzz cardpool lint

# The virtualenv is rebuilt whenever the project's pins change. requirements.lock lists every package with the
# sha256 of each file PyPI serves for it (scripts/hash_requirements.py), installed in pip's hash-checking mode: a
# file that is not the one locked is refused. Nothing is resolved (--no-deps): the lock is the whole set. Then the
# project itself, editable, with neither dependencies nor build isolation (pip refuses an editable install in
# hash-checking mode; the lock's setuptools builds it); `pip check` stops here when the lock misses a dependency.
PIP := $(BIN)/python -m pip --disable-pip-version-check
$(STAMP): pyproject.toml requirements.lock
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --require-hashes --no-deps -r requirements.lock
	$(PIP) install --quiet --no-deps --no-build-isolation -e .
	@problems=$$($(PIP) check) || { echo "$$problems" >&2; \
	  echo "make: the pins of requirements.lock do not fit together: lock what is named above, then run" \
	    "python3 scripts/hash_requirements.py" >&2; exit 1; }
	@touch $(STAMP)

# `make serve ADDR=0.0.0.0:8000` serves on every network interface, so a phone on the same network can open it
# (the address to type is printed first); the default is this machine only.
ADDR ?= 127.0.0.1:8000
serve: $(STAMP)
	@$(BIN)/python scripts/serve_address.py "$(ADDR)"
	$(BIN)/mkdocs serve --dev-addr "$(ADDR)" --livereload --watch data --watch l5r --watch hooks

build: $(STAMP)
	$(BIN)/mkdocs build --strict --site-dir site

check: $(STAMP)
	$(BIN)/l5r check

# The card pool: the pinned commit's files (l5r/cardpool/manifest.json), downloaded from GitHub, verified and
# installed in the user cache folder, where every command and build then finds it. `make cardpool FROM=PATH-or-URL`
# takes a checkout, a folder holding sets/ and set_info.yaml, a .tar.gz/.zip archive or a mirror's URL instead.
# When the download fails, the second line gives make's spelling of `--from`.
cardpool: $(STAMP)
	@$(BIN)/l5r cardpool fetch $(if $(FROM),--from "$(FROM)") || { status=$$?; \
	  $(if $(FROM),,[ $$status -ne 2 ] || echo "make cardpool: with a copy of the pool, give it with make cardpool FROM=PATH-or-URL" >&2;) \
	  exit $$status; }

# Every ```scenario fence in docs/ and every `examples:` list in data/, run against the rules engine.
scenarios: $(STAMP)
	$(BIN)/l5r scenarios run docs data

# After adding records, record their anchors in data/anchors.lock (the tests check it is current). The build
# fails when a locked anchor disappears without a redirect in data/redirects.yml.
.PHONY: lock
lock: $(STAMP)
	$(BIN)/python scripts/update_anchor_lock.py

# The tests run on every core (pytest-xdist; TEST_JOBS=1 for one process). A test file stays on one worker, and
# the workers share one site build and one offline build (tests/conftest.py `shared_once`). Files are handed out
# in collection order, the longest first (tests/conftest.py `_LONG_FIRST`), not xdist's most-tests-first.
# `make test-fast`: the developer's quick loop, without the browser tier (marked `browser`: the tests that drive
# Chromium, and the offline copy's file checks, which share its build) and the end-to-end tier (marked `endtoend`:
# the tests that run a whole build, server or install of their own: builds compared under another engine, setting
# or edit, `mkdocs serve`, progress on a terminal, pip and pipx installs). Every generated test stays in it.
TEST_JOBS ?= auto
PYTEST := $(BIN)/pytest -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder
# The tests keep Python's compiled files, even where the calling shell sets PYTHONDONTWRITEBYTECODE (some machines
# do): without them every worker compiles every test module again at every run, through pytest's assertion
# rewriting (collection: 5.9 CPU-seconds a worker without them, 2.5 with them), and every `l5r` and `mkdocs` process
# of the run compiles the package. They are written to __pycache__ folders, which git ignores.
test test-fast: export PYTHONDONTWRITEBYTECODE :=
test: $(STAMP) browser node_modules lint
	$(PYTEST)

# The quick loop walks a stable sample of each pool's titles that keeps every shape of title (tests/poolwalk.py),
# and runs the fuzz targets with a quarter of their budget (tests/fuzz/conftest.py); `make test`, which CI runs,
# walks every title. `make test-fast POOL_WALK=every` walks every title here too.
POOL_WALK ?= sample
test-fast: $(STAMP) node_modules lint
	L5R_FUZZ_PROFILE=quick $(PYTEST) -m "not browser and not endtoend" --pool-walk=$(POOL_WALK)

# The code itself, before the tests: ruff's bug-finding rules and its layout over every Python file, and mypy over
# the package (all configured in pyproject.toml). Zero findings, or the run stops here.
lint: $(STAMP)
	$(BIN)/ruff check --quiet .
	$(BIN)/ruff format --check --quiet .
	$(BIN)/mypy

# Browser tests drive Debian's chromium-headless-shell (Chromium's headless build: a quarter less CPU a page than
# chromium, tests/conftest.py `chromium_binary`) and fall back on chromium; install both when the machine lacks them.
browser:
	@bash scripts/ensure_debian.sh /usr/bin/chromium chromium fonts-dejavu-core
	@bash scripts/ensure_debian.sh /usr/lib/chromium/chromium-headless-shell chromium-headless-shell

# The fuzz tests with a large budget: 10,000 fresh random cases per target (L5R_FUZZ_EXAMPLES to change it),
# bounded to an hour in all; Hypothesis prints each target's case count and time. `make test` runs the same
# targets with a small fixed budget. A target may take longer than the suite's 10 minutes a test (the differential's
# 10,000 lists through both checkers took 7.5 on a 2-core machine, over 9 with another run beside it): half an hour.
# Python's own tracebacks: pytest's could not show one failure of a target's (a frame without a line number).
fuzz: $(STAMP)
	L5R_FUZZ_PROFILE=fuzz timeout 3600 $(BIN)/pytest tests/fuzz -q -p no:cacheprovider --timeout 1800 --tb=native \
	  --hypothesis-show-statistics

bench: $(STAMP)
	$(BIN)/python scripts/bench.py

clean:
	rm -rf site dist .pytest_cache .l5r-cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

# Pinned browser-side packages (package.json, package-lock.json): axe-core for the browser tests and the
# iframe-worker shim the offline copy vendors. `npm ci` runs again whenever the pins change.
NPM_STAMP := node_modules/.installed
node_modules: $(NPM_STAMP)
$(NPM_STAMP): package.json package-lock.json
	@bash scripts/ensure_debian.sh npm nodejs npm
	npm ci --no-audit --no-fund --loglevel=error
	@touch $(NPM_STAMP)

# The offline copy (works from file://, no network), zipped into dist/ with the build date in its name.
offline: $(STAMP) node_modules
	$(BIN)/python scripts/build_offline.py
