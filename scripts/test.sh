#!/usr/bin/env bash
# THE test command:  scripts/test.sh
#
# Works on a fresh Debian machine (root, or sudo available) and in CI: it first
# installs whatever is missing, then builds the site once, then runs the suites
# and exits non-zero if any failed. Two cores are kept busy: a suite marked
# "beside" runs on one core while the others run on the other.
#   0. types and lint                   mypy, ruff check . (beside the build)
#   1. engine, AI and web logic in Pyodide  node tests/pyodide/run.mjs (Python 3.14,
#      WebAssembly; beside 2-6)
#   2. engine tests on CPython          pytest tests/engine
#   3. computer players on CPython      pytest tests/ai
#   4. web UI logic on CPython          pytest tests/web
#   5. the same site in WebKit          pytest tests/browsers/test_webkit.py (WebKitGTK
#      MiniBrowser + WebKitWebDriver + Selenium, under xvfb-run and dbus-run-session)
#   6. the same site in Firefox ESR     pytest tests/browsers/test_firefox.py (WebDriver BiDi)
#   7. browser tests on the built site  pytest -m e2e -n 2 tests/e2e   (Debian Chromium,
#      two workers)
# pytest's exit code 5 ("no tests collected") counts as success for every suite,
# so a suite that is still empty does not break the build.
#
# Installs (each only when missing or out of date, so reruns are fast):
#   apt: chromium (for /usr/bin/chromium), nodejs+npm if absent, python3-venv if needed,
#        webkit2gtk-driver (WebKitWebDriver, MiniBrowser), xvfb, dbus, firefox-esr
#   .venv with requirements-dev.txt;  node_modules via `npm ci` (package-lock.json);
#   .cache/pyodide-wheels: pure wheels from tests/pyodide/requirements-pyodide.txt
# Network: only the package registries (apt, PyPI, npm). Nothing else is fetched.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
export DEBIAN_FRONTEND=noninteractive PIP_DISABLE_PIP_VERSION_CHECK=1

step() { printf '\n==> %s\n' "$*"; }
sha() { sha256sum "$@" | sha256sum | cut -d' ' -f1; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
APT_UPDATED=0
apt_install() {
  if [ "$APT_UPDATED" -eq 0 ]; then $SUDO apt-get update -qq; APT_UPDATED=1; fi
  $SUDO apt-get install -y -qq "$@" >/dev/null
}

started=$(date +%s)

# ---------------------------------------------------------------- tools
step "System packages"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
python3 -c 'import ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
# WebKit (the iPad's engine) and Firefox for tests/browsers
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
command -v dbus-run-session >/dev/null 2>&1 || missing+=(dbus)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing with apt: ${missing[*]}"
  apt_install "${missing[@]}"
fi
python3 -c 'import sys; assert sys.version_info >= (3, 11), "Python >= 3.11 needed (tomllib)"'
echo "python3 $(python3 -c 'import sys; print(sys.version.split()[0])'), node $(node --version), chromium: /usr/bin/chromium"
echo "WebKitGTK (webkit2gtk-driver) $(dpkg-query -W -f='${Version}' webkit2gtk-driver 2>/dev/null), $(/usr/bin/firefox-esr --version 2>/dev/null)"

step "Python virtualenv (.venv, requirements-dev.txt)"
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
want=$(sha requirements-dev.txt)
if [ "$(cat .venv/.requirements-dev.sha 2>/dev/null)" != "$want" ]; then
  .venv/bin/pip install -q -r requirements-dev.txt
  echo "$want" > .venv/.requirements-dev.sha
else
  echo "up to date"
fi
PY="$ROOT/.venv/bin/python"

step "Runtime from npm (npm ci)"
want=$(sha package.json package-lock.json)
if [ "$(cat node_modules/.package-lock.sha 2>/dev/null)" != "$want" ]; then
  npm ci --no-audit --no-fund
  echo "$want" > node_modules/.package-lock.sha
else
  echo "up to date"
fi

step "Pure-Python wheels for Pyodide (.cache/pyodide-wheels)"
WHEELS=.cache/pyodide-wheels
want=$(sha tests/pyodide/requirements-pyodide.txt)
if [ "$(cat "$WHEELS/.requirements.sha" 2>/dev/null)" != "$want" ]; then
  rm -rf "$WHEELS" && mkdir -p "$WHEELS"
  .venv/bin/pip download -q --no-deps --only-binary=:all: \
    --python-version 3.14 --implementation py --abi none --platform any \
    -d "$WHEELS" -r tests/pyodide/requirements-pyodide.txt
  echo "$want" > "$WHEELS/.requirements.sha"
fi
ls "$WHEELS"

# ---------------------------------------------------------------- suites
declare -a results=()
failed=0
record() {  # record NAME EXIT-CODE   (exit 5 = no tests collected = ok)
  local name="$1" rc="$2"
  if [ "$rc" -eq 5 ]; then echo "(no tests collected: counted as success)"; rc=0; fi
  if [ "$rc" -ne 0 ]; then failed=1; results+=("FAILED  $name (exit $rc)"); else results+=("ok      $name"); fi
}
run_suite() {  # run_suite NAME COMMAND...
  local name="$1"; shift
  step "$name"
  local rc=0
  "$@" || rc=$?
  record "$name" "$rc"
}

# Two cores: a suite that keeps one core busy for minutes runs beside the others, its
# output held back and printed whole when it ends (so the log still reads suite by suite).
declare -A beside_pid=() beside_log=()
start_beside() {  # start_beside NAME COMMAND...
  local name="$1"; shift
  beside_log[$name]=$(mktemp)
  "$@" >"${beside_log[$name]}" 2>&1 &
  beside_pid[$name]=$!
}
finish_beside() {  # finish_beside NAME   (its step, its output, its result)
  local name="$1"
  step "$name"
  local rc=0
  wait "${beside_pid[$name]}" || rc=$?
  cat "${beside_log[$name]}"; rm -f "${beside_log[$name]}"
  record "$name" "$rc"
}

# ---------------------------------------------------------------- build
# Types and lint (one core, half a minute) beside the build (the other core).
start_beside "Types (mypy --strict over game/, pyproject.toml)" "$ROOT/.venv/bin/mypy"
start_beside "Lint (ruff, pyproject.toml)" "$ROOT/.venv/bin/ruff" check .
step "Build the site (scripts/build.py -> dist/)"
"$PY" scripts/build.py
finish_beside "Types (mypy --strict over game/, pyproject.toml)"
finish_beside "Lint (ruff, pyproject.toml)"

# ---------------------------------------------------------------- tests

PYODIDE_SUITE="Engine, computer player and web UI logic tests inside Pyodide (Node, beside the CPython suites)"
start_beside "$PYODIDE_SUITE" node tests/pyodide/run.mjs
run_suite "Engine tests on CPython" "$PY" -m pytest -q tests/engine
run_suite "Computer players on CPython" "$PY" -m pytest -q tests/ai
run_suite "Web UI logic on CPython" "$PY" -m pytest -q tests/web
# The same pass in WebKit and in Firefox (tests/browsers/scenario.py), on the core the
# CPython suites leave free while the Pyodide suite runs on: each under its own
# hang guard (a pass takes 0.5-1 min in WebKit, 15-25 s in Firefox on 2 cores); -rP prints
# each pass's timings and what it saw.
run_suite "Browser pass in WebKit (WebKitGTK MiniBrowser, Xvfb)" timeout --signal=ABRT --kill-after=60 10m \
  xvfb-run -a -s '-screen 0 1280x1024x24' dbus-run-session -- \
  env WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1 \
  "$PY" -m pytest -v -rP -o faulthandler_timeout=300 tests/browsers/test_webkit.py
run_suite "Browser pass in Firefox ESR (WebDriver BiDi, headless)" timeout --signal=ABRT --kill-after=60 6m \
  "$PY" -m pytest -v -rP -o faulthandler_timeout=300 tests/browsers/test_firefox.py

finish_beside "$PYODIDE_SUITE"
# A hang must fail the run, not eat CI's time: after 5 minutes in one test pytest prints
# every thread's stack (faulthandler_timeout); after 45 minutes the suite is aborted.
# A test under which Chromium's renderer crashed is run once more (reported as RERUN);
# any other failure fails the run.
# Two workers (pytest-xdist; a test file stays on one worker), each with its own Chromium
# and its own server on a free port: most of a browser test waits on the page's timers,
# so two take a little over half the time of one. --durations lists the slowest tests.
run_suite "Browser tests (Chromium)" timeout --signal=ABRT --kill-after=60 45m \
  "$PY" -m pytest -v -m e2e -n 2 --dist loadfile -o faulthandler_timeout=300 \
  --reruns 1 --only-rerun "Target crashed" -rR --durations=15 tests/e2e

step "Summary ($(( $(date +%s) - started )) s)"
printf '%s\n' "${results[@]}"
exit "$failed"
