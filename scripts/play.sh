#!/usr/bin/env bash
# THE run command:  scripts/play.sh [PORT]
#
# Installs what is missing (Node/npm via apt, the runtime via `npm ci`), builds
# the site into dist/ and serves it on http://127.0.0.1:PORT/ (default 8000)
# with the same headers as production (scripts/serve.py reads netlify.toml).
# Stop with Ctrl+C. The build runs every time, so edits show after a restart.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PORT="${1:-${PORT:-8000}}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

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

PY=python3
if [ -x .venv/bin/python ]; then PY=.venv/bin/python; fi
"$PY" -c 'import sys; assert sys.version_info >= (3, 11), "Python >= 3.11 needed"'

echo "==> building dist/"
"$PY" scripts/build.py

echo
echo "Manhattan is at:  http://127.0.0.1:${PORT}/"
echo
exec "$PY" scripts/serve.py "$PORT"
