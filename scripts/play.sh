#!/usr/bin/env bash
# THE run command:  scripts/play.sh [PORT]
#
# Installs what is missing (Node/npm via apt, the runtime via `npm ci`), builds
# the site into dist/ and serves it on http://127.0.0.1:PORT/ with the same headers
# as production (scripts/serve.py reads netlify.toml). Without PORT: 8000, or the
# next free port if 8000 is taken (it says which). A PORT given and taken: one-line
# error and exit status 1, before anything is built.
# Stop with Ctrl+C. The build runs every time, so edits show after a restart.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PORT="${1:-${PORT:-}}"   # empty: 8000, or the next free port when 8000 is taken
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

PY=python3
if [ -x .venv/bin/python ]; then PY=.venv/bin/python; fi
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "error: Python >= 3.11 is needed ($PY is $("$PY" -V 2>&1))" >&2
  exit 1
fi

# A port that was asked for and is taken: say so now, not after the build.
if [ -n "$PORT" ]; then
  "$PY" scripts/serve.py --check "$PORT" || exit 1
fi

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "==> installing nodejs and npm with apt"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >/dev/null
fi

want=$(sha256sum package.json package-lock.json | sha256sum | cut -d' ' -f1)
if [ "$(cat node_modules/.package-lock.sha 2>/dev/null)" != "$want" ]; then
  echo "==> npm ci"
  npm ci --no-audit --no-fund
  echo "$want" > node_modules/.package-lock.sha
fi

echo "==> building dist/"
"$PY" scripts/build.py

echo
# serve.py prints the address ("Manhattan is at: ..."), and picks another port if 8000 is taken.
exec "$PY" scripts/serve.py ${PORT:+"$PORT"}
