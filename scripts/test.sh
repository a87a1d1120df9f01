#!/usr/bin/env bash
# THE test command:  scripts/test.sh           (everything; CI runs it as .ci/run)
# The inner loop:    scripts/test.sh --quick   (between commits; see below)
# With pictures:     scripts/test.sh --screenshots   (the same, and screenshots/ written)
#
# Works on a fresh Debian machine (root, or sudo available) and in CI: it first
# installs whatever is missing, then builds the site once, then runs the suites
# and exits non-zero if any failed. Both cores stay busy from the build to the end:
#   0. types and lint                   mypy, ruff check . (beside the build)
#   1. engine, AI and web logic in Pyodide  node tests/pyodide/run.mjs (Python 3.14,
#      WebAssembly): it needs no dist/, so it starts with the build   } these three side
#   2. browser tests on the built site  pytest -m e2e -n 2            } by side, 2 and 3
#      tests/e2e (Debian Chromium, two workers, warm pages)            } once the build is done
#   3. engine and AI on CPython, one after another: pytest tests/engine, tests/ai; and the
#      web logic tests Pyodide cannot run (pytest -m cpython tests/web): game/web only ever
#      runs in Pyodide, where step 1 runs every other one (docs/testing.md)
#   4. the same site in WebKit          pytest tests/browsers/test_webkit.py (WebKitGTK
#      MiniBrowser + WebKitWebDriver + Selenium, under xvfb-run and dbus-run-session)
#   5. the same site in Firefox ESR     pytest tests/browsers/test_firefox.py (WebDriver BiDi)
# Each suite runs under a guard of three times its time on an idle 2-core machine, 10 minutes at least
# (docs/testing.md), printed with it; the summary gives each suite's time beside its guard.
# pytest's exit code 5 ("no tests collected") counts as success for every suite,
# so a suite that is still empty does not break the build.
#
# --quick: types and lint, the engine, AI and web logic suites on CPython (two workers,
# the tests marked `slow` left out) and the browser smoke
# tests (marked `smoke`) on the site already in dist/ (built first only when there is
# none). No installs, no Pyodide, WebKit or Firefox. About a minute; not a substitute
# for the whole command before a change lands.
#
# --screenshots: the browser tests also write their pictures to screenshots/ (phone, tablet,
# every language; to look at), which the plain run leaves out (about 30 s of CPU).
#
# GUARD_FACTOR=N widens every guard to N times the suite's idle time (default 3): for a
# machine known to be far busier than CI's.
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

QUICK=0
for arg in "$@"; do
  case "$arg" in
    --quick) QUICK=1 ;;
    --screenshots) export E2E_SCREENSHOTS=1 ;;
    *) echo "usage: scripts/test.sh [--quick] [--screenshots]" >&2; exit 2 ;;
  esac
done

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
if [ "$QUICK" -eq 1 ]; then
  [ -x .venv/bin/python ] && [ -d node_modules ] || { echo "scripts/test.sh --quick: run scripts/test.sh once first (it installs what the tests need)" >&2; exit 2; }
  PY="$ROOT/.venv/bin/python"
else
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
fi

# ---------------------------------------------------------------- suites
declare -a results=()
failed=0
load() { cut -d' ' -f1-3 /proc/loadavg; }
mmss() { printf '%d min %02d s' $(( $1 / 60 )) $(( $1 % 60 )); }
record() {  # record NAME EXIT-CODE SECONDS GUARD-SECONDS   (exit 5 = no tests collected = ok)
  local name="$1" rc="$2" took="$3" guard="$4" verdict="ok    "
  if [ "$rc" -eq 5 ]; then echo "(no tests collected: counted as success)"; rc=0; fi
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 134 ] || [ "$rc" -eq 137 ]; then
    verdict="KILLED"; failed=1
    echo "!! $name was stopped by its guard ($(mmss "$guard")) with exit $rc: a hang, or a machine far busier than the guard allows"
  elif [ "$rc" -ne 0 ]; then verdict="FAILED"; failed=1; fi
  results+=("$(printf '%s  %-62s %12s  (guard %s)%s' "$verdict" "$name" "$(mmss "$took")" \
    "$(mmss "$guard")" "$([ "$rc" -ne 0 ] && echo "  exit $rc")")")
}

# The tests that failed or ran again, as each pytest's own summary names them, kept per suite
# and printed again at the very end: a long log is often read by its head and tail only, and
# a suite's summary sits in its middle.
declare -a failures=()
note_failures() {  # note_failures NAME LOG
  local lines; lines=$(grep -E '^(FAILED|ERROR|RERUN) ' "$2" | head -n 30 || true)
  if [ -n "$lines" ]; then failures+=("$1:" "$lines"); fi
}
print_failures() {
  if [ "${#failures[@]}" -gt 0 ]; then
    step "Tests that failed or ran again (each suite's summary lines, as above)"
    printf '%s\n' "${failures[@]}"
  fi
}

# Guards: GUARD_FACTOR (3 unless set) times each suite's time on an idle 2-core machine
# with the rest of this command running beside it (docs/testing.md, "Time"): a suite in this
# layout shares the two cores with three others, so these are about twice its time alone. A
# hang fails the run instead of eating CI's 90 minutes, and a machine twice as slow or busy
# still passes. After 5 minutes in one test, pytest prints every thread's stack
# (faulthandler_timeout).
declare -A IDLE=(  # seconds, measured (docs/testing.md, "Time")
  [types]=90 [lint]=10 [build]=150 [pyodide]=1000 [chromium]=1300 [engine]=120 [ai]=90
  [web]=90 [webkit]=180 [firefox]=120 [quick-cpython]=100 [quick-chromium]=60
)
GUARD_FACTOR="${GUARD_FACTOR:-3}"
case "$GUARD_FACTOR" in ''|*[!0-9]*) echo "GUARD_FACTOR must be a whole number" >&2; exit 2 ;; esac
# At least 10 minutes: three times a short suite's idle time is a few minutes, which a busy
# machine stretches a foreground CPython suite past (it shares the two cores with three
# others); a hang still ends well within CI's 90 minutes (docs/testing.md, "Guards").
GUARD_FLOOR=600
guard_of() { local g=$(( GUARD_FACTOR * ${IDLE[$1]} )); echo $(( g > GUARD_FLOOR ? g : GUARD_FLOOR )); }
guarded() {  # guarded KEY COMMAND...   (SIGABRT first: faulthandler and pytest print stacks)
  local key="$1"; shift
  timeout --signal=ABRT --kill-after=60 "$(guard_of "$key")" "$@"
}

# A suite in the foreground: its step, its output as it comes, its result.
run_suite() {  # run_suite KEY NAME COMMAND...
  local key="$1" name="$2"; shift 2
  step "$name  [guard $(mmss "$(guard_of "$key")"): ${GUARD_FACTOR}x its idle time, 10 min at least; load $(load)]"
  local rc=0 t0 log; t0=$(date +%s); log=$(mktemp)
  guarded "$key" "$@" 2>&1 | tee "$log" || rc=$?
  note_failures "$name" "$log"; rm -f "$log"
  record "$name" "$rc" $(( $(date +%s) - t0 )) "$(guard_of "$key")"
}

# A suite beside the others: its output held back and printed whole when it ends (so the
# log still reads suite by suite); a line when it starts and a line when it ends.
declare -A beside_pid=() beside_log=() beside_key=() beside_t0=()
start_beside() {  # start_beside KEY NAME COMMAND...
  local key="$1" name="$2"; shift 2
  beside_log[$name]=$(mktemp)
  beside_key[$name]=$key
  beside_t0[$name]=$(date +%s)
  echo "--> started beside: $name  [guard $(mmss "$(guard_of "$key")"); load $(load)]"
  (
    rc=0; t0=$(date +%s)
    guarded "$key" "$@" || rc=$?
    echo "$(( $(date +%s) - t0 ))" >"${beside_log[$name]}.took"
    echo "<-- $name ended after $(( $(date +%s) - t0 )) s (exit $rc; load $(load))" >&2
    exit "$rc"
  ) >"${beside_log[$name]}" 2>&1 &
  beside_pid[$name]=$!
}
finish_beside() {  # finish_beside NAME   (its step, its output, its result)
  local name="$1"
  local rc=0
  wait "${beside_pid[$name]}" || rc=$?
  local took; took=$(cat "${beside_log[$name]}.took" 2>/dev/null || echo $(( $(date +%s) - ${beside_t0[$name]} )))
  rm -f "${beside_log[$name]}.took"
  step "$name  [$(mmss "$took"); guard $(mmss "$(guard_of "${beside_key[$name]}")")]"
  cat "${beside_log[$name]}"; note_failures "$name" "${beside_log[$name]}"; rm -f "${beside_log[$name]}"
  record "$name" "$rc" "$took" "$(guard_of "${beside_key[$name]}")"
}

TYPES="Types (mypy --strict over game/, pyproject.toml)"
LINT="Lint (ruff, pyproject.toml)"
PYTEST=("$PY" -m pytest -p no:cacheprovider)
# A test whose renderer crashed, or whose browser call never returned (tests/e2e/hang_report.py),
# runs once more; -rfER lists the failures and every rerun in the summary (docs/testing.md,
# "Hangs"): any -r replaces pytest's own -rfE, so f and E are always named with it.
E2E_ARGS=(-m e2e -o faulthandler_timeout=300 --reruns 1 --only-rerun "Target crashed"
          --only-rerun "the browser never answered" -rfER)

if [ "$QUICK" -eq 1 ]; then
  # ------------------------------------------------------------ the inner loop
  start_beside types "$TYPES" "$ROOT/.venv/bin/mypy"
  start_beside lint "$LINT" "$ROOT/.venv/bin/ruff" check .
  if [ ! -f dist/index.html ] || [ ! -f dist/sw.js ]; then
    run_suite build "Build the site (no dist/ yet: scripts/build.py -> dist/)" "$PY" scripts/build.py
  fi
  run_suite quick-cpython "Engine, AI and web logic on CPython (quick: two workers, not slow)" \
    "${PYTEST[@]}" -q -n 2 -m "not slow" tests/engine tests/ai tests/web
  finish_beside "$TYPES"
  finish_beside "$LINT"
  run_suite quick-chromium "Browser smoke tests (Chromium, the dist/ already built)" \
    "${PYTEST[@]}" -q -m "e2e and smoke" "${E2E_ARGS[@]:2}" tests/e2e
  step "Summary, quick ($(mmss $(( $(date +%s) - started ))), load $(load))"
  printf '%s\n' "${results[@]}"
  print_failures
  exit "$failed"
fi

# ---------------------------------------------------------------- build
# The Pyodide suite (which needs no dist/) from the start, beside the build; types and lint
# beside them.
PYODIDE_SUITE="Engine, computer player and web UI logic tests inside Pyodide (Node)"
start_beside pyodide "$PYODIDE_SUITE" node tests/pyodide/run.mjs
start_beside types "$TYPES" "$ROOT/.venv/bin/mypy"
start_beside lint "$LINT" "$ROOT/.venv/bin/ruff" check .
run_suite build "Build the site (scripts/build.py -> dist/)" "$PY" scripts/build.py
finish_beside "$TYPES"
finish_beside "$LINT"

# ---------------------------------------------------------------- tests
# From here to the end every core is busy: the Chromium suite (two workers) starts beside
# the Pyodide suite; the CPython suites and the WebKit and Firefox passes run in the
# foreground meanwhile, one after another. The Chromium suite is the longest: its tests are
# dealt out one at a time (--dist load --maxschedchunk 1: a worker holds the test it runs
# and the next; without it the first quarter goes out in two chunks of 22), the files of
# the longest tests first (tests/e2e/conftest.py), so neither worker idles at the end;
# --durations lists its slowest tests.
CHROMIUM_SUITE="Browser tests (Chromium, two workers)"
# A browser call that waits 120 s, or a test that runs 5 minutes, is reported as it happens
# (tests/e2e/hang_report.py); the reports are printed again after the summary, since a long
# log is often read by its head and tail only.
hang_log_made=0
if [ -z "${E2E_HANG_LOG:-}" ]; then E2E_HANG_LOG=$(mktemp); hang_log_made=1; fi
export E2E_HANG_LOG
start_beside chromium "$CHROMIUM_SUITE" \
  "${PYTEST[@]}" -v -n 2 --dist load --maxschedchunk 1 --durations=15 "${E2E_ARGS[@]}" tests/e2e
run_suite engine "Engine tests on CPython" "${PYTEST[@]}" -q tests/engine
run_suite ai "Computer players on CPython" "${PYTEST[@]}" -q tests/ai
run_suite web "Web UI logic on CPython (the tests Pyodide cannot run)" "${PYTEST[@]}" -q -m cpython tests/web
# The same pass in WebKit and in Firefox (tests/browsers/scenario.py); -rfEP prints each
# pass's timings and what it saw, and the failures.
run_suite webkit "Browser pass in WebKit (WebKitGTK MiniBrowser, Xvfb)" \
  xvfb-run -a -s '-screen 0 1280x1024x24' dbus-run-session -- \
  env WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1 \
  "${PYTEST[@]}" -v -rfEP -o faulthandler_timeout=300 tests/browsers/test_webkit.py
run_suite firefox "Browser pass in Firefox ESR (WebDriver BiDi, headless)" \
  "${PYTEST[@]}" -v -rfEP -o faulthandler_timeout=300 tests/browsers/test_firefox.py
finish_beside "$PYODIDE_SUITE"
finish_beside "$CHROMIUM_SUITE"

step "Summary ($(mmss $(( $(date +%s) - started ))), load $(load))"
printf '%s\n' "${results[@]}"
print_failures
if [ -s "$E2E_HANG_LOG" ]; then
  step "Browser tests that waited long (tests/e2e/hang_report.py, $E2E_HANG_LOG)"
  cat "$E2E_HANG_LOG"
fi
if [ "$hang_log_made" -eq 1 ]; then rm -f "$E2E_HANG_LOG"; fi
exit "$failed"
