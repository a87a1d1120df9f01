"""Fixtures for the browser (end-to-end) tests.

* The site is built ONCE by scripts/test.sh before pytest starts; tests never rebuild.
* `site_url`: dist/ served by scripts/serve.py on 127.0.0.1, a free port, for the
  whole session, with the production headers from netlify.toml.
* Debian's /usr/bin/chromium driven by pytest-playwright (`page`, `context`,
  `new_context` fixtures), launched with the args from e2e_helpers.
* A guard on EVERY browser context a test creates: the test fails if the browser
  requests anything that is not on the loopback, logs a console error, throws an
  uncaught error, sees an HTTP error status, or reports a CSP violation.
  Mark a test `@pytest.mark.allow_console_errors` when it provokes errors on purpose
  (external requests are never allowed).
* `page` and `context` are, by default, ONE warm page per pytest worker, reused from test
  to test after everything the origin stored is cleared (below, "warm page"). A test about
  what a first visit in a new browser does (the boot, the snapshot, the service worker,
  offline, updates, headers) is marked `first_visit` and gets a second kept page that
  starts each test as a first visit (below, "first visit"); a test that changes what that
  page cannot put back (an init script, the context's options) is marked `fresh_browser`
  and gets a new context of its own.
"""

from __future__ import annotations

import os
from pathlib import Path

import hang_report
import pytest
import serve  # scripts/serve.py (on the path through pyproject.toml)
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, DIST, close_bounded, is_loopback
from ui_driver import restartable


def pytest_configure(config):
    hang_report.start(config)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    hang_report.begin_test(item.nodeid)
    try:
        return (yield)
    finally:
        hang_report.begin_test("")


LONGEST_FIRST = ("test_tabs_and_quota.py", "test_a11y.py", "test_table_second_pass.py",
                 "test_ui_take_back.py", "test_ui_games.py", "test_tutorial_view.py",
                 "test_boot_snapshot.py", "test_update.py", "test_ui_screens.py",
                 "test_ui_every_screen.py", "test_theme.py", "test_coach.py")
"""The files whose tests take longest (20-70 s each at the command's load), dealt out first:
with two workers taking one test at a time, a long test dealt last keeps one worker busy
while the other has nothing left (docs/testing.md, "Time")."""


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(Path(str(item.fspath)).name, len(rank)))


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    if not (DIST / "index.html").is_file() or not (DIST / "sw.js").is_file():
        pytest.exit("dist/ is not built: run `python3 scripts/build.py` (scripts/test.sh does)", 2)
    return DIST


@pytest.fixture(scope="session")
def site_url(dist_dir):
    """Base URL (ending in '/') of dist/ served like production."""
    url, server = serve.start_server(port=0, directory=dist_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A device set to dark colours (Playwright's pages are light unless told): the page
    follows the device, and the tests and screenshots made for the dark page
    stay as they were; tests/e2e/test_theme.py asks for the light one
    (``page.emulate_media(color_scheme="light")``)."""
    return {**browser_context_args, "color_scheme": "dark"}


# ------------------------------------------------------------------ guard

CSP_REPORTER = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline/eval")
                + " at " + e.sourceFile + ":" + e.lineNumber);
});
"""

GUARD_KEY = pytest.StashKey()


class BrowserGuard:
    """Records what the watched browser contexts did that a healthy page never does."""

    def __init__(self):
        self.requests = []  # every URL requested (page and service worker)
        self.external = []
        self.console_errors = []
        self.page_errors = []
        self.http_errors = []

    def watch(self, context) -> None:
        context.add_init_script(CSP_REPORTER)
        context.on("request", self._on_request)
        context.on("console", self._on_console)
        context.on("weberror", lambda err: self.page_errors.append(str(err.error)))
        context.on("response", self._on_response)

    def _on_request(self, request):
        self.requests.append(request.url)
        if not is_loopback(request.url):
            self.external.append(request.url)

    def _on_console(self, message):
        if message.type == "error":
            self.console_errors.append(message.text)

    def _on_response(self, response):
        if response.status >= 400:
            self.http_errors.append("%d %s" % (response.status, response.url))

    def problems(self, allow_errors: bool = False) -> list:
        out = ["request outside the loopback: %s" % u for u in self.external]
        if not allow_errors:
            out += ["console error: %s" % t for t in self.console_errors]
            out += ["uncaught error: %s" % t for t in self.page_errors]
            out += ["HTTP error: %s" % t for t in self.http_errors]
        return out


@pytest.fixture
def browser_guard(request) -> BrowserGuard:
    guard = BrowserGuard()
    request.node.stash[GUARD_KEY] = guard
    return guard


@pytest.fixture
def new_context(new_context, browser_guard):
    """pytest-playwright's context factory, with every context watched by the guard."""

    def make(**kwargs):
        context = new_context(**kwargs)
        browser_guard.watch(context)
        return context

    return make


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Fail the test (not only its teardown) when the guard saw a problem."""
    result = yield
    guard = item.stash.get(GUARD_KEY, None)
    if guard is not None:
        allow = item.get_closest_marker("allow_console_errors") is not None
        problems = guard.problems(allow_errors=allow)
        if problems:
            raise AssertionError("browser guard:\n  " + "\n  ".join(problems))
    return result


# ------------------------------------------------------------------ warm page
#
# A page start in a new browser context compiles Pyodide's WebAssembly again and starts the
# interpreter cold: about 4.4 s of CPU on this machine. The same page navigated again after
# its origin's storage is cleared reuses the renderer process, whose engine keeps the compiled
# module: about 1.7 s (docs/testing.md, "The warm page"). So every test that only needs a
# clean origin shares one page per pytest worker. Between tests the page is parked on a
# same-origin file that starts nothing, and everything the origin can keep is wiped: local
# and session storage, IndexedDB, Cache Storage (the boot snapshot too), service workers;
# the viewport, emulated media, offline mode and any extra pages go back to their defaults.
# What stays is the browser's HTTP cache and compiled code: what a returning visitor has.

WARM_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's default, as a new context has
PARK = "manifest.webmanifest"  # same origin, served by the site, starts nothing


class GuardSwitch:
    """The warm context's events, passed on to the guard of the test now running."""

    def __init__(self) -> None:
        self.current: BrowserGuard | None = None

    def attach(self, context) -> None:
        context.add_init_script(CSP_REPORTER)
        for event in ("request", "console", "response"):
            context.on(event, lambda item, event=event: self._pass(event, item))
        context.on("weberror", lambda err: self._pass("weberror", err))

    def _pass(self, event: str, item) -> None:
        guard = self.current
        if guard is None:
            return
        if event == "request":
            guard._on_request(item)
        elif event == "console":
            guard._on_console(item)
        elif event == "response":
            guard._on_response(item)
        else:
            guard.page_errors.append(str(item.error))


class WarmPage:
    """One context and one page kept for a worker's whole run (see above); with
    ``first_visit``, one whose every test starts as a first visit (below)."""

    def __init__(self, browser, context_args: dict, site_url: str,
                 first_visit: bool = False, init_script: str | None = None) -> None:
        self.first_visit = first_visit
        self.site_url = site_url
        self.origin = site_url.rstrip("/")
        self.browser, self.context_args, self.init_script = browser, context_args, init_script
        self._new_context()
        self.color_scheme = context_args.get("color_scheme", "light")

    def _new_context(self) -> None:
        self.context = self.browser.new_context(**self.context_args)
        # A switch of its own: a context left behind keeps its listeners, and its switch
        # (no test's guard any more) drops what they still hear.
        self.switch = GuardSwitch()
        self.switch.attach(self.context)
        if self.init_script is not None:  # a file's own holder (below, "a file's own context")
            self.context.add_init_script(self.init_script)
        self.crashed = False
        self.page = self._new_page()
        self.stuck_calls_seen = hang_report.WATCH.stuck_calls

    def _new_page(self):
        page = self.context.new_page()
        page.on("crash", lambda _: setattr(self, "crashed", True))
        return page

    def reset(self) -> None:
        """Back to a clean origin on the same page (same renderer process); a page that a
        test closed or whose renderer crashed is replaced by a new one (its next start is
        cold), so one crash fails one test, not every later test of the worker."""
        self.switch.current = None
        if hang_report.WATCH.stuck_calls != self.stuck_calls_seen:
            # A browser call never returned since (hang_report): its page or context may not
            # answer again, so both are left for new ones; their pages are asked to close
            # without waiting for it (a close could wait as long), the context is left open.
            for stale in self.context.pages:
                stale.close(run_before_unload=True)
            self._new_context()
        self.context.set_offline(False)
        if self.crashed and not self.page.is_closed():
            self.page.close()
        if self.page.is_closed():
            self.crashed = False
            self.page = self._new_page()
        for other in self.context.pages:
            if other != self.page:
                close_bounded(other, self.page)
        page = self.page
        if self.first_visit:
            self.context.unroute_all(behavior="ignoreErrors")
            page.unroute_all(behavior="ignoreErrors")
        # The game opened with the developer option restart stays (stopped: it writes
        # nothing more) for the next open_app to start afresh in place; else the page parks.
        stays = not self.first_visit and restartable(page, self.site_url)
        if stays:
            page.evaluate("() => window.manhattanRestart.stop()")
        else:
            page.goto("about:blank")
        self._devtools(page, "Storage.clearDataForOrigin",
                       {"origin": self.origin, "storageTypes": "all"})
        if not stays:
            page.goto(self.site_url + PARK)
        page.evaluate("() => { sessionStorage.clear(); localStorage.clear(); }")
        if self.first_visit:  # the parking file's too
            self._devtools(page, "Network.clearBrowserCache")
        page.set_viewport_size(WARM_VIEWPORT)
        page.emulate_media(media="screen", color_scheme=self.color_scheme,
                           reduced_motion="no-preference", forced_colors="none")

    def _devtools(self, page, method: str, params: dict | None = None) -> None:
        """One Chrome DevTools Protocol command for ``page``'s browser."""
        cdp = self.context.new_cdp_session(page)
        try:
            cdp.send(method, params)
        finally:
            cdp.detach()

    def close(self) -> None:
        try:
            self.context.close()
        except hang_report.BrowserCallHung:
            pass  # reported; at the run's end a context that never closes costs nothing more


# ------------------------------------------------------------------ first visit
#
# A test about what a first visit does (the boot, the snapshot, the thinking worker's start,
# the service worker, offline, updates) needs a browser that has never seen the site. Its
# page is kept too, apart from the warm one: between tests it is parked, its routes are
# removed, and besides everything the origin keeps (as above) the browser's HTTP cache is
# emptied, so every file comes from the server and the service worker installs anew. What a
# new browser would not have is only in the renderer's memory: the compiled WebAssembly,
# which makes the start about 3 s of CPU cheaper and changes nothing the page does
# (docs/testing.md, "First visits"). A test that adds an init script or needs other context
# options gets a kept context of its own (``own_context``, below) or, when it must not share
# one with other tests (another origin's service worker, say), a new context
# (``fresh_browser``).


@pytest.fixture(scope="session")
def warm_page_holder(browser, browser_context_args, site_url):
    holder = WarmPage(browser, browser_context_args, site_url)
    yield holder
    holder.close()


@pytest.fixture(scope="session")
def first_visit_holder(browser, browser_context_args, site_url):
    holder = WarmPage(browser, browser_context_args, site_url, first_visit=True)
    yield holder
    holder.close()


def _fresh(request) -> bool:
    """A ``fresh_browser`` test; or every test with E2E_FRESH_BROWSERS=1 (the suite as it ran
    before the kept pages, for measuring the two side by side)."""
    return (request.node.get_closest_marker("fresh_browser") is not None
            or os.environ.get("E2E_FRESH_BROWSERS") == "1")


def _holder(request) -> WarmPage:
    first = request.node.get_closest_marker("first_visit") is not None
    return request.getfixturevalue("first_visit_holder" if first else "warm_page_holder")


def lend(holder: WarmPage, browser_guard, request) -> WarmPage:
    """``holder`` reset for the test now running, its events reported to that test's guard."""
    holder.reset()
    holder.switch.current = browser_guard
    request.addfinalizer(lambda: setattr(holder.switch, "current", None))
    return holder


@pytest.fixture
def context(request, new_context, browser_guard):
    """The warm context, or the first visit's (a new one for a ``fresh_browser`` test)."""
    if _fresh(request):
        return new_context()
    return lend(_holder(request), browser_guard, request).context


# ------------------------------------------------------------------ a file's own context
#
# A test that needs other context options (a user agent, touch) or an init script of its own
# still need not pay for a new context each time: ``own_context(init_script=..., **options)``
# gives a kept context with those, made once per worker and reset like the first visit's
# before each use. Its page is parked between uses and stays open while the test opens and
# closes tabs of its own beside it; with the browser's one process per site (``e2e_helpers``)
# that keeps the renderer, and the runtime it compiled, alive for those tabs.


@pytest.fixture(scope="session")
def own_holders(browser):
    """(Needs ``browser`` to close its contexts before the browser goes.)"""
    holders: dict[str, WarmPage] = {}
    yield holders
    for holder in holders.values():
        holder.close()


@pytest.fixture
def own_context(own_holders, browser, browser_context_args, site_url, browser_guard, request):
    def lend_own(init_script: str | None = None, **options) -> WarmPage:
        key = repr((init_script, sorted(options.items())))
        if key not in own_holders:
            own_holders[key] = WarmPage(browser, {**browser_context_args, **options}, site_url,
                                        first_visit=True, init_script=init_script)
        return lend(own_holders[key], browser_guard, request)
    return lend_own


@pytest.fixture
def page(request, context):
    """The warm page or the first visit's, clean (a new page in a new context for a
    ``fresh_browser`` test)."""
    if _fresh(request):
        return context.new_page()
    return _holder(request).page
