"""Fixtures for the WebKit and Firefox pass (tests/browsers/): see docs/testing.md.

Separate from tests/e2e (Chromium through Playwright), so that suite is unaffected; run
with ``pytest tests/browsers/test_webkit.py`` under Xvfb and ``tests/browsers/test_firefox.py``
(scripts/test.sh does both, after the Chromium suite).

* ``site``: dist/ served by scripts/serve.py's handler (the production headers of
  netlify.toml) on 127.0.0.1, a free port, one server per test module, with three additions for
  the tests: an ``offline`` switch (every connection is then closed without an answer, the
  open keep-alive ones included, as a network that is gone), the HTTP error statuses it
  sent, and a ``report-uri`` added to the Content-Security-Policy (enforcement unchanged)
  whose reports it keeps: violations in workers too, and before any page listener.
* ``prepared_game``: the localStorage of a fixed game (fixed deal) made with the UI's own
  controller in CPython: two people and two computer players, at the first selection.
* ``webkit``/``firefox``: a driver on a fresh profile, closed after the test module.
"""

from __future__ import annotations

import functools
import json
import threading
from pathlib import Path

import pytest
import serve  # scripts/serve.py (on the path through pyproject.toml)
from drivers import FirefoxDriver, WebKitDriver


def pytest_configure(config):
    # Selenium 4.51's own call into its deprecated API (not ours).
    config.addinivalue_line("filterwarnings",
                            "ignore:setting remote_server_addr:DeprecationWarning")


ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CSP_REPORT_PATH = "/__csp-report"


class TestSiteHandler(serve.SiteHandler):
    rules = serve.load_header_rules()

    def handle_one_request(self):
        if self.server.offline:
            self.server.refused += 1
            self.close_connection = True
            return
        super().handle_one_request()

    def parse_request(self):
        ok = super().parse_request()
        if ok and self.server.offline:  # a keep-alive connection opened before: drop it too
            self.server.refused += 1
            self.close_connection = True
            return False
        if ok:
            self.server.requests.append(self.command + " " + self.path)
        return ok

    def send_response(self, code, message=None):
        if code >= 400:
            self.server.http_errors.append("%d %s" % (code, self.path))
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if keyword.lower() == "content-security-policy":
            value = "%s; report-uri %s" % (value, CSP_REPORT_PATH)
        super().send_header(keyword, value)

    def do_POST(self):
        if self._url_path() != CSP_REPORT_PATH:
            self.send_error(405)
            return
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace")
        self.server.csp_reports.append(body)
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()


class TestSite:
    def __init__(self, directory: Path) -> None:
        handler = functools.partial(TestSiteHandler, directory=str(directory))
        self.server = serve.SiteServer(("127.0.0.1", 0), handler)
        self.server.offline = False
        self.server.refused = 0
        self.server.requests = []
        self.server.http_errors = []
        self.server.csp_reports = []
        self.thread = threading.Thread(target=self.server.serve_forever, name="test-site",
                                       daemon=True)
        self.thread.start()
        self.url = "http://127.0.0.1:%d/" % self.server.server_address[1]

    @property
    def offline(self) -> bool:
        return self.server.offline

    @offline.setter
    def offline(self, value: bool) -> None:
        self.server.offline = value

    def problems(self) -> list[str]:
        out = ["HTTP error: %s" % e for e in self.server.http_errors]
        out += ["CSP violation report: %s" % r for r in self.server.csp_reports]
        return out

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def site():
    if not (DIST / "index.html").is_file() or not (DIST / "sw.js").is_file():
        pytest.exit("dist/ is not built: run `python3 scripts/build.py` (scripts/test.sh does)", 2)
    served = TestSite(DIST)
    yield served
    served.close()


PLAYERS = ["Ann", "Bob", "Chiara", "Dev"]
CONTROLLERS = ["human", "human", "search:1", "search:1"]
DEAL = 5


@pytest.fixture(scope="session")
def prepared_game() -> dict:
    """localStorage of a new game with a fixed deal: Ann and Bob (people) against two
    computer players, Ann to select first."""
    from play_kit import make_controller, setup_game  # tests/web/play_kit.py: the web test kit

    from game.web.saves.storage import MemoryBackend

    backend = MemoryBackend()
    controller = make_controller(backend)
    setup_game(controller, 4, controllers=CONTROLLERS, names=PLAYERS, start="0", deal=DEAL)
    data = dict(backend.data)
    assert json.loads(data["manhattan:save:" + data["manhattan:current"]])["log"]
    return data


@pytest.fixture(scope="module")
def webkit():
    driver = WebKitDriver()
    yield driver
    driver.close()


@pytest.fixture(scope="module")
def firefox():
    driver = FirefoxDriver()
    yield driver
    driver.close()
