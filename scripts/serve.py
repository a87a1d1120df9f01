#!/usr/bin/env python3
"""Serve the built site (dist/) on 127.0.0.1 the way Netlify would.

Why not `python -m http.server`: the runtime only boots with the right MIME types
(`.wasm` must be application/wasm, `.mjs` JavaScript), and the tests must see the
production Content-Security-Policy and caching headers. So this server reads the
`[[headers]]` rules of netlify.toml (the single source of truth) with tomllib and
applies them with Netlify's path matching, on top of an explicit MIME table.

Command line:  python3 scripts/serve.py [PORT] [--dir DIST] [--verbose]   (default 8000)
As a module (tests, benchmarks):

    from serve import start_server
    url, server = start_server()        # port 0: a free port, served from a thread
    ...
    server.shutdown()
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
import threading
import tomllib
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NETLIFY_TOML = ROOT / "netlify.toml"

# Explicit types: never rely on the machine's /etc/mime.types.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".toml": "application/toml; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}
DEFAULT_TYPE = "application/octet-stream"


def for_regexp(for_path: str) -> re.Pattern:
    """Netlify's matching of a [[headers]] `for` path (as in @netlify/headers-parser).

    `*` alone is a catch-all for the rest of the path (slashes included),
    `*` inside a part matches anything, `:name` matches one path segment.
    """
    parts = []
    for part in filter(None, (p.rstrip() for p in for_path.split("/"))):
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        elif "*" in part:
            parts.append(part.replace("*", "(.*)"))
        else:
            parts.append(re.escape(part))
    return re.compile("^/" + "/".join(parts) + "/?$", re.I)


def load_header_rules(netlify_toml: Path = NETLIFY_TOML) -> list:
    """[(compiled for-regexp, for-path, {header: value}), ...] in file order."""
    with open(netlify_toml, "rb") as fh:
        config = tomllib.load(fh)
    rules = []
    for rule in config.get("headers", []):
        rules.append((for_regexp(rule["for"]), rule["for"], dict(rule.get("values", {}))))
    return rules


def headers_for(rules: list, url_path: str) -> dict:
    """Headers for a request path; later rules override earlier ones (Netlify CLI)."""
    out = {}
    for regexp, _, values in rules:
        if regexp.match(url_path):
            out.update(values)
    return out


def overlapping_headers(rules: list, url_paths: list) -> list:
    """(url path, header, [for, for]) where two rules set the same header name.

    Production Netlify may combine such duplicates; we keep rules disjoint so the
    result never depends on that. Used by the tests.
    """
    problems = []
    for url_path in url_paths:
        seen = {}
        for regexp, for_path, values in rules:
            if regexp.match(url_path):
                for name in values:
                    seen.setdefault(name.lower(), []).append(for_path)
        problems += [(url_path, name, fors) for name, fors in seen.items() if len(fors) > 1]
    return problems


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files from `directory` with explicit MIME types and netlify.toml headers."""

    protocol_version = "HTTP/1.1"  # keep-alive, like a real server
    rules: list = []
    verbose = False
    extensions_map = dict(MIME_TYPES, **{"": DEFAULT_TYPE})

    def guess_type(self, path):
        configured = headers_for(self.rules, self._url_path()).get("Content-Type")
        if configured:
            return configured
        return MIME_TYPES.get(Path(str(path)).suffix.lower(), DEFAULT_TYPE)

    def _url_path(self) -> str:
        return self.path.split("?", 1)[0].split("#", 1)[0]

    def send_header(self, keyword, value):
        if keyword.lower() == "content-type":
            keyword = "Content-Type"  # http.server writes "Content-type"
        super().send_header(keyword, value)

    def end_headers(self):
        for name, value in headers_for(self.rules, self._url_path()).items():
            if name.lower() != "content-type":  # already sent by send_head via guess_type
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format, *args):
        if self.verbose:
            super().log_message(format, *args)


def make_server(port: int = 0, directory: Path = DIST, host: str = "127.0.0.1", verbose: bool = False):
    directory = Path(directory)
    if not (directory / "index.html").is_file():
        raise SystemExit("%s has no index.html: build first (python3 scripts/build.py)" % directory)
    handler_class = type(
        "Handler", (SiteHandler,), {"rules": load_header_rules(), "verbose": verbose}
    )
    handler = functools.partial(handler_class, directory=str(directory))
    ThreadingHTTPServer.daemon_threads = True
    return ThreadingHTTPServer((host, port), handler)


def start_server(port: int = 0, directory: Path = DIST, verbose: bool = False):
    """Start serving in a daemon thread; return (base URL ending in '/', server)."""
    server = make_server(port, directory, verbose=verbose)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, real_port = server.server_address[:2]
    return "http://%s:%d/" % (host, real_port), server


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Serve dist/ with the netlify.toml headers.")
    parser.add_argument("port", nargs="?", type=int, default=8000)
    parser.add_argument("--dir", default=str(DIST), help="directory to serve (default dist/)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    server = make_server(args.port, Path(args.dir), verbose=args.verbose)
    host, port = server.server_address[:2]
    print("Serving %s at http://%s:%d/  (Ctrl+C to stop)" % (args.dir, host, port), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
