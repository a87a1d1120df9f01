#!/usr/bin/env python3
"""Serve the built site (dist/) on 127.0.0.1 the way Netlify would.

Why not `python -m http.server`: the runtime only boots with the right MIME types
(`.wasm` must be application/wasm, `.mjs` JavaScript), and the tests must see the
production Content-Security-Policy and caching headers. So this server reads the
`[[headers]]` rules of netlify.toml (the single source of truth) with tomllib and
applies them with Netlify's path matching, on top of an explicit MIME table.

Command line:  python3 scripts/serve.py [PORT] [--dir DIST] [--verbose] [--check]

Without PORT it serves on 8000, or, when 8000 is taken, on the next free port (it says
so). A PORT that is given and taken is a one-line error and exit status 1. `--check`
only tries the port and exits (scripts/play.sh runs it before building).
As a module (tests, benchmarks):

    from serve import start_server
    url, server = start_server()        # port 0: a free port, served from a thread
    ...
    server.shutdown()
"""

from __future__ import annotations

import argparse
import base64
import errno
import functools
import hashlib
import re
import socket
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
DEFAULT_PORT = 8000
FALLBACK_PORTS = range(DEFAULT_PORT + 1, DEFAULT_PORT + 10)
"""Tried in order when the default port is taken; then any free port."""


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


_INLINE_STYLE = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.S | re.I)


def inline_style_hashes(html: str) -> list:
    """The CSP source ('sha256-...') of every inline <style> element of ``html``, in order
    (the one in <noscript> included: it is applied when scripting is off). A change to the
    page's inline CSS changes its hash: netlify.toml's style-src must list the new one
    (tests/e2e/test_headers.py says which)."""
    return ["'sha256-%s'" % base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest())
            .decode("ascii") for css in _INLINE_STYLE.findall(html)]


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


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_port = False  # never share a port with a server already running there

    def handle_error(self, request, client_address):
        """A browser that leaves a page while a file is still coming (a test moving on, a
        player closing the tab) hangs up: nothing went wrong here, so nothing is printed."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(port: int = 0, directory: Path = DIST, host: str = "127.0.0.1", verbose: bool = False):
    directory = Path(directory)
    if not (directory / "index.html").is_file():
        raise SystemExit("%s has no index.html: build first (python3 scripts/build.py)" % directory)
    handler_class = type(
        "Handler", (SiteHandler,), {"rules": load_header_rules(), "verbose": verbose}
    )
    handler = functools.partial(handler_class, directory=str(directory))
    return SiteServer((host, port), handler)


def start_server(port: int = 0, directory: Path = DIST, verbose: bool = False):
    """Start serving in a daemon thread; return (base URL ending in '/', server)."""
    server = make_server(port, directory, verbose=verbose)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, real_port = server.server_address[:2]
    return "http://%s:%d/" % (host, real_port), server


class PortError(Exception):
    """The port cannot be served on (taken, or not allowed); a one-line reason."""


def bind_free_port(host: str, port: int) -> None:
    """Raise PortError if a server could not listen on ``host:port`` now."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as http.server does
        probe.bind((host, port))
        probe.listen(1)
    except OSError as error:
        raise PortError(_port_problem(port, error)) from None
    finally:
        probe.close()


def _port_problem(port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return "port %d is already in use (another server?)" % port
    if error.errno == errno.EACCES:
        return "port %d needs special rights (use a port above 1023)" % port
    return "cannot listen on port %d: %s" % (port, error.strerror or error)


def serve_on(port: int | None, directory: Path, verbose: bool = False):
    """A server on ``port``; with ``port=None``, on DEFAULT_PORT or the first free fallback.
    Returns (server, note) where note says why another port was chosen (or is None).
    Raises PortError when the given port cannot be used."""
    if port is not None:
        try:
            return make_server(port, directory, verbose=verbose), None
        except OSError as error:
            raise PortError(_port_problem(port, error)) from None
    for candidate in [DEFAULT_PORT, *FALLBACK_PORTS, 0]:
        try:
            server = make_server(candidate, directory, verbose=verbose)
        except OSError:
            continue
        chosen = server.server_address[1]
        note = None if chosen == DEFAULT_PORT else (
            "port %d is in use, so serving on port %d instead" % (DEFAULT_PORT, chosen))
        return server, note
    raise PortError("no free port")  # pragma: no cover - port 0 always gets one


def free_port_near(port: int, host: str = "127.0.0.1") -> int:
    """A port a server could listen on now: the first free one of the next ten after
    ``port``, else any free port (what the error suggests instead of a taken one)."""
    for candidate in range(port + 1, min(port + 11, 65536)):
        try:
            bind_free_port(host, candidate)
        except PortError:
            continue
        return candidate
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])
    finally:
        probe.close()


def _port_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port is a number from 1 to 65535, not %r" % text)
    return value


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Serve dist/ with the netlify.toml headers.")
    parser.add_argument("port", nargs="?", type=_port_number, default=None,
                        help="port (default %d, or the next free one when it is taken)"
                             % DEFAULT_PORT)
    parser.add_argument("--dir", default=str(DIST), help="directory to serve (default dist/)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    parser.add_argument("--check", action="store_true",
                        help="only check that PORT is free (exit status 1 with the reason)")
    args = parser.parse_args(argv)
    try:
        if args.check:
            if args.port is not None:
                bind_free_port("127.0.0.1", args.port)
            return 0
        server, note = serve_on(args.port, Path(args.dir), verbose=args.verbose)
    except PortError as error:
        suggestion = (" (choose another: scripts/play.sh %d is free)" % free_port_near(args.port)
                      if args.port else "")
        print("error: %s%s" % (error, suggestion), file=sys.stderr)
        return 1
    if note:
        print(note, flush=True)
    host, port = server.server_address[:2]
    print("Manhattan is at:  http://%s:%d/   (serving %s; Ctrl+C to stop)" % (host, port, args.dir),
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
