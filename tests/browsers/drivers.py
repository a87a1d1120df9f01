"""Two small drivers with one interface, so that one scenario runs in WebKit and Firefox.

* ``WebKitDriver``: WebKitGTK's MiniBrowser through ``WebKitWebDriver`` (WebDriver classic)
  and Selenium's Python binding. MiniBrowser prints no console in automation mode and
  WebDriver classic has no script that runs before the page's own, so the page's errors are
  collected by listeners installed right after every navigation (``GUARD_JS``), the page's
  requests from its performance resource entries.
* ``FirefoxDriver``: Debian's Firefox ESR speaking WebDriver BiDi itself (there is no
  geckodriver here), with a minimal BiDi client over ``websocket-client``: a fresh profile,
  the guard as a preload script (it runs before the page's scripts), console and JavaScript
  errors from ``log.entryAdded``, every request from ``network.beforeRequestSent``.

The interface (what ``scenario.py`` uses): ``goto(url)``, ``reload()``, ``reopen(url)`` (close
the tab, open a new one: same profile), ``evaluate(fn, *args)`` with ``fn`` a JavaScript
function (it may be async; arguments and result go through JSON), ``wait_for(fn, timeout)``
(polls until ``fn()`` is truthy), ``tap(selector)`` (a real pointer press and release at
the element's centre, scrolled into view: WebKit's element click refuses SVG ``<g>``),
``problems()`` (what the guard saw) and ``close()``.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

# ------------------------------------------------------------------ page-side guard

GUARD_JS = r"""
() => {
  if (window.__guard) return;
  const g = window.__guard = {errors: [], console: [], csp: [], resources: [], downloads: []};
  addEventListener("error", (e) => {
    if (e instanceof ErrorEvent) {
      g.errors.push(String(e.message) + " at " + e.filename + ":" + e.lineno);
    } else {
      const what = (e.target && e.target.outerHTML) || e.type;
      g.resources.push("a resource failed to load: " + what.slice(0, 200));
    }
  }, true);
  addEventListener("unhandledrejection", (e) => g.errors.push(
      "unhandled rejection: " + String(e.reason) + " " + String((e.reason && e.reason.stack) || "")));
  document.addEventListener("securitypolicyviolation", (e) => g.csp.push(
      e.violatedDirective + " blocked " + (e.blockedURI || "inline/eval")
      + " at " + e.sourceFile + ":" + e.lineNumber));
  const error = console.error.bind(console);
  console.error = (...args) => { g.console.push(args.map(String).join(" ")); error(...args); };
  // A download (the exported game) is kept in the page instead of being saved to disk.
  const blobs = new Map();
  const createObjectURL = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (obj) => { const url = createObjectURL(obj); blobs.set(url, obj); return url; };
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (this.hasAttribute("download") && blobs.has(this.href)) {
      const entry = {name: this.download, text: null};
      g.downloads.push(entry);
      blobs.get(this.href).text().then((t) => { entry.text = t; });
      return;
    }
    return click.call(this);
  };
}
"""

HARVEST_JS = """
() => {
  const g = window.__guard;
  const requests = performance.getEntriesByType("resource").map((e) => e.name);
  requests.push(location.href);
  if (!g) return {installed: false, errors: [], console: [], csp: [], resources: [], requests};
  return {installed: true, errors: g.errors.splice(0), console: g.console.splice(0),
          csp: g.csp.splice(0), resources: g.resources.splice(0), requests};
}
"""

# The element's centre in the viewport, after scrolling it into view; null when the point
# is covered by something that is not the element or inside it.
CENTRE_JS = """
(selector, index) => {
  const el = document.querySelectorAll(selector)[index];
  if (!el) return {error: "no element " + selector + " #" + index};
  el.scrollIntoView({block: "center", inline: "center"});
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return {error: "zero-sized " + selector};
  const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === el || el.contains(hit)))
    return {error: "the centre of " + selector + " is covered by "
                   + (hit ? hit.outerHTML.slice(0, 120) : "nothing")};
  return {x, y};
}
"""

# Arguments and result cross as JSON text: the same for both protocols.
WRAP_ASYNC = "async (json) => JSON.stringify({value: await (%s)(...JSON.parse(json))})"


class DriverError(AssertionError):
    pass


class Driver:
    """What both drivers share: waits, taps, the guard's harvest."""

    name = "?"

    def __init__(self) -> None:
        # resources: elements whose load failed (an "error" event that is not an exception):
        # reported by the tests, not counted as errors (Firefox fails the boot module's
        # <link rel="modulepreload"> while the module itself loads and runs).
        self.guard = {"errors": [], "console": [], "csp": [], "resources": [], "requests": [],
                      "no_guard": []}

    # implemented by each driver
    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def reopen(self, url: str, closed: Callable[[], None] = lambda: None) -> None:
        """The tab closed and a new one opened at ``url``; ``closed`` runs right after the
        close (a benchmark notes when the old tab's process stopped working)."""
    def close(self) -> None: ...
    def _call(self, wrapped: str, arg: str) -> str: ...
    def _pointer_click(self, x: int, y: int) -> None: ...

    def evaluate(self, fn: str, *args):
        text = self._call(WRAP_ASYNC % fn, json.dumps(list(args)))
        return json.loads(text).get("value")

    def wait_for(self, fn: str, *args, timeout: float = 120, what: str = "") -> object:
        """Poll ``fn(*args)`` until it returns something truthy (its value is returned).
        Errors while a page is being replaced (a navigation, a reload) are retried."""
        deadline = time.monotonic() + timeout
        last_error = None
        while True:
            try:
                value = self.evaluate(fn, *args)
                if value:
                    return value
            except Exception as error:
                last_error = error
            if time.monotonic() > deadline:
                raise DriverError("%s: timed out after %.0f s waiting for %s (last error: %s)"
                                  % (self.name, timeout, what or fn, last_error))
            time.sleep(0.2)

    def tap(self, selector: str, index: int = 0) -> None:
        """A real pointer press and release at the centre of the ``index``-th match."""
        deadline = time.monotonic() + 30
        where = self.evaluate(CENTRE_JS, selector, index)
        while "error" in where and time.monotonic() < deadline:  # not there yet, or covered
            time.sleep(0.2)
            where = self.evaluate(CENTRE_JS, selector, index)
        if "error" in where:
            raise DriverError("%s: cannot tap: %s" % (self.name, where["error"]))
        self._pointer_click(int(where["x"]), int(where["y"]))

    def harvest(self) -> None:
        """Move what the page's guard recorded into ``self.guard`` (before it is lost)."""
        try:
            seen = self.evaluate(HARVEST_JS)
        except Exception:
            return
        if not seen:
            return
        for key in ("errors", "console", "csp", "resources", "requests"):
            self.guard[key] += seen[key]
        if not seen["installed"] and not seen["requests"][-1].startswith("about:"):
            self.guard["no_guard"].append(seen["requests"][-1])

    def problems(self) -> list[str]:
        self.harvest()
        out = ["uncaught error: %s" % e for e in self.guard["errors"]]
        out += ["console error: %s" % e for e in self.guard["console"]]
        out += ["CSP violation: %s" % e for e in self.guard["csp"]]
        out += ["page without the guard: %s" % u for u in self.guard["no_guard"]]
        return out


def time_of_day(seconds: float) -> str:
    """A wall-clock time as HH:MM:SS.mmm UTC: a browser's log entries carry epoch times, and
    the pass's report gives its own start in the same form, so an error can be placed."""
    return time.strftime("%H:%M:%S", time.gmtime(seconds)) + ".%03d UTC" % (seconds % 1 * 1000)


# ------------------------------------------------------------------ WebKit

def minibrowser() -> str:
    found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))
    if not found:
        raise DriverError("MiniBrowser not found: apt-get install webkit2gtk-driver")
    return str(found[0])


WORKER_SETTLED_JS = ("() => ['ready', 'resting'].includes("
                     "document.documentElement.getAttribute('data-ai-worker'))")
"""The page's thinking worker is up, or none is wanted (the start screen, the final
standings: it comes when a game wants it): no worker's boot in flight either way. What the
browser pass and the benchmarks wait for before they measure a page or leave it."""


IPAD_JIT_POOL_BYTES = 64 << 20
"""JavaScriptCore's executable memory on iOS arm64: a fixed pool of 64 MB. WebKitGTK on
x86-64 reserves more by default; the pass and the benchmarks run under the iPad's limit
(``JSC_jitMemoryReservationSize`` in the web process's environment, which inherits the
driver's), so a page that needed more JIT code than an iPad allows would show it here."""


IPAD_RAM_BYTES = 4 << 30
"""The memory JavaScriptCore sizes its collections by (``JSC_forceRAMSize``): an iPad's, 4 GB
(the iPad of the 10th generation; every iPad under 16 GB sizes them alike). On a machine of
16 GB or more JavaScriptCore grows a heap about fourfold before it collects (here a bare
Pyodide page's 76 MB heap collected first at 308 MB), under that twofold (155 MB): run with
the machine's own RAM, a page's garbage would pile up twice as high as on an iPad
(docs/performance.md, "What a render allocates")."""


def jit_pool_kib(pid: int) -> tuple[int, int] | None:
    """(size, resident) in KiB of a WebKit web process's JIT pool: its anonymous mappings
    that are writable and executable at once (JavaScriptCore's executable allocator splits
    its reservation into a few of them), or None when there is none (the process is gone,
    or runs without the JIT). WebKitGTK's default pool on x86-64 is about 1 GiB."""
    found: tuple[int, int] | None = None
    size = 0
    anonymous_rwx = False
    try:
        with open(f"/proc/{pid}/smaps") as smaps:
            for line in smaps:
                fields = line.split()
                if "-" in fields[0] and not fields[0].endswith(":"):
                    start, end = (int(x, 16) for x in fields[0].split("-"))
                    size = (end - start) >> 10
                    anonymous_rwx = fields[1].startswith("rwx") and len(fields) == 5
                elif fields[0] == "Rss:" and anonymous_rwx:
                    kib = int(fields[1])
                    found = (size, kib) if found is None else (found[0] + size, found[1] + kib)
    except OSError:
        return None
    return found


def process_environment(pid: int) -> dict[str, str]:
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            raw = f.read().split(b"\0")
    except OSError:
        return {}
    return dict(entry.decode(errors="replace").split("=", 1) for entry in raw if b"=" in entry)


class WebKitDriver(Driver):
    name = "webkit"

    def __init__(self, width: int = 1024, height: int = 768) -> None:
        super().__init__()
        from selenium import webdriver

        if not os.environ.get("DISPLAY"):
            raise DriverError("WebKit needs a display: run under xvfb-run -a "
                              "-s '-screen 0 1280x1024x24' dbus-run-session -- ...")
        os.environ.setdefault("WEBKIT_DISABLE_DMABUF_RENDERER", "1")
        os.environ.setdefault("LIBGL_ALWAYS_SOFTWARE", "1")
        os.environ.setdefault("JSC_jitMemoryReservationSize", str(IPAD_JIT_POOL_BYTES))
        os.environ.setdefault("JSC_forceRAMSize", str(IPAD_RAM_BYTES))
        options = webdriver.WebKitGTKOptions()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        service = webdriver.WebKitGTKService(executable_path=shutil.which("WebKitWebDriver")
                                             or "/usr/bin/WebKitWebDriver")
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(180)
        self.driver.set_page_load_timeout(180)
        self.driver.set_window_rect(0, 0, width, height)

    def web_processes(self) -> list[int]:
        """The web processes (``WebKitWebProcess``: the page and its workers) this driver's
        browser runs now."""
        root = self.driver.service.process.pid
        parents: dict[int, int] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as f:
                        parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    pass

        def under_root(pid: int) -> bool:
            for _ in range(64):
                if pid == root:
                    return True
                pid = parents.get(pid, 0)
                if pid <= 1:
                    return False
            return False

        found = []
        for pid in parents:
            try:
                with open(f"/proc/{pid}/comm") as f:
                    name = f.read().strip()
            except OSError:
                continue
            if name.startswith("WebKitWebProces") and under_root(pid):
                found.append(pid)
        return sorted(found)

    def _after_navigation(self) -> None:
        self.evaluate(GUARD_JS)

    def goto(self, url: str) -> None:
        self.harvest()
        self.driver.get(url)
        self._after_navigation()

    def reload(self) -> None:
        self.harvest()
        self.driver.refresh()
        self._after_navigation()

    def reopen(self, url: str, closed: Callable[[], None] = lambda: None) -> None:
        self.harvest()
        old = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        new = self.driver.current_window_handle
        self.driver.switch_to.window(old)
        self.driver.close()
        closed()
        self.driver.switch_to.window(new)
        self.driver.get(url)
        self._after_navigation()

    def _call(self, wrapped: str, arg: str) -> str:
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "(%s)(arguments[0]).then(done,"
            " (e) => done(JSON.stringify({error: String(e && (e.stack || e))})));"
            % wrapped, arg)

    def evaluate(self, fn: str, *args):
        result = json.loads(self._call(WRAP_ASYNC % fn, json.dumps(list(args))))
        if "error" in result:
            raise DriverError("webkit: script failed: %s" % result["error"])
        return result.get("value")

    def _pointer_click(self, x: int, y: int) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(x, y)
        actions.pointer_action.click()
        actions.perform()

    def close(self) -> None:
        try:
            self.driver.quit()
        except Exception:
            pass


# ------------------------------------------------------------------ Firefox (BiDi)

FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")

# A quiet browser for automation: nothing of Firefox's own goes out (and if it tried, every
# non-loopback address goes to a closed proxy port on the loopback and fails at once).
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.newtabpage.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.blockedURIs.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.dns.disablePrefetch": True,
    "network.prefetch-next": False,
    "network.http.speculative-parallel-limit": 0,
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": 9,
    "network.proxy.no_proxies_on": "localhost, 127.0.0.1",
    "network.proxy.allow_hijacking_localhost": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "browser.download.useDownloadDir": True,
    "browser.download.always_ask_before_handling_new_types": False,
}


class BiDi:
    """A WebDriver BiDi connection: commands by id, events into a list (thread-safe)."""

    def __init__(self, url: str) -> None:
        import websocket  # websocket-client

        self.ws = websocket.create_connection(url, timeout=None, suppress_origin=True)
        self.next_id = 0
        self.lock = threading.Lock()
        self.waiting: dict[int, queue.Queue] = {}
        self.events: list[dict] = []
        self.closed = False
        self.reader = threading.Thread(target=self._read, name="bidi-reader", daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                text = self.ws.recv()
            except Exception:
                break
            if not text:
                break
            message = json.loads(text)
            if message.get("type") == "event":
                self.events.append(message)
            elif "id" in message:
                box = self.waiting.pop(message["id"], None)
                if box is not None:
                    box.put(message)
        self.closed = True
        for box in list(self.waiting.values()):
            box.put({"type": "error", "error": "closed", "message": "connection closed"})

    def send(self, method: str, params: dict, timeout: float = 180) -> dict:
        with self.lock:
            self.next_id += 1
            ident = self.next_id
            box: queue.Queue = queue.Queue()
            self.waiting[ident] = box
            self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        try:
            reply = box.get(timeout=timeout)
        except queue.Empty:
            raise DriverError("firefox: no answer to %s in %.0f s" % (method, timeout)) from None
        if reply.get("type") == "error":
            raise DriverError("firefox: %s: %s: %s" % (method, reply.get("error"),
                                                       reply.get("message")))
        return reply["result"]

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:
            pass


class FirefoxDriver(Driver):
    name = "firefox"

    def __init__(self, width: int = 1024, height: int = 768) -> None:
        super().__init__()
        self.width, self.height = width, height
        self.profile = tempfile.mkdtemp(prefix="manhattan-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as prefs:
            for key, value in FIREFOX_PREFS.items():
                prefs.write("user_pref(%s, %s);\n" % (json.dumps(key), json.dumps(value)))
        self.log = open(os.path.join(self.profile, "firefox.log"), "w+")
        env = dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1", MOZ_HEADLESS="1")
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile,
             "--remote-debugging-port", "0", "--remote-allow-hosts", "127.0.0.1",
             "about:blank"],
            # same process group as pytest: scripts/test.sh's `timeout` ends it with the run
            stdout=self.log, stderr=subprocess.STDOUT, env=env)
        url = self._bidi_url(timeout=90)
        self.bidi = BiDi(url + "/session")
        self.bidi.send("session.new", {"capabilities": {"alwaysMatch": {
            "acceptInsecureCerts": False, "unhandledPromptBehavior": {"default": "dismiss"}}}})
        self.bidi.send("session.subscribe", {"events": [
            "log.entryAdded", "network.beforeRequestSent", "network.responseCompleted"]})
        self.bidi.send("script.addPreloadScript", {"functionDeclaration": GUARD_JS})
        self.context = self.bidi.send("browsingContext.getTree", {})["contexts"][0]["context"]
        self._viewport()

    def _bidi_url(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        pattern = re.compile(r"WebDriver BiDi listening on (ws://\S+)")
        while time.monotonic() < deadline:
            self.log.seek(0)
            found = pattern.search(self.log.read())
            if found:
                return found.group(1)
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        self.log.seek(0)
        raise DriverError("firefox did not start its BiDi server:\n" + self.log.read()[-3000:])

    def _viewport(self) -> None:
        self.bidi.send("browsingContext.setViewport", {
            "context": self.context, "viewport": {"width": self.width, "height": self.height}})

    def goto(self, url: str) -> None:
        self.harvest()
        self.bidi.send("browsingContext.navigate",
                       {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.harvest()
        self.bidi.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def reopen(self, url: str, closed: Callable[[], None] = lambda: None) -> None:
        self.harvest()
        new = self.bidi.send("browsingContext.create", {"type": "tab"})["context"]
        self.bidi.send("browsingContext.close", {"context": self.context})
        closed()
        self.context = new
        self._viewport()
        self.goto(url)

    def _call(self, wrapped: str, arg: str) -> str:
        result = self.bidi.send("script.callFunction", {
            "functionDeclaration": wrapped, "awaitPromise": True,
            "target": {"context": self.context},
            "arguments": [{"type": "string", "value": arg}]})
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise DriverError("firefox: script failed: %s" % details.get("text"))
        return result["result"]["value"]

    def _pointer_click(self, x: int, y: int) -> None:
        self.bidi.send("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0}]}]})

    def problems(self) -> list[str]:
        out = super().problems()
        for event in self.bidi.events:
            if event["method"] == "log.entryAdded":
                entry = event["params"]
                if entry.get("level") == "error":
                    out.append("%s error (log.entryAdded, %s, at %s): %s" % (
                        entry.get("type"), entry.get("source", {}).get("realm", "?"),
                        time_of_day(entry.get("timestamp", 0) / 1000), entry.get("text")))
            elif event["method"] == "network.beforeRequestSent":
                self.guard["requests"].append(event["params"]["request"]["url"])
            elif event["method"] == "network.responseCompleted":
                status = event["params"]["response"].get("status", 0)
                if status >= 400:
                    out.append("HTTP error: %d %s" % (status, event["params"]["request"]["url"]))
        self.bidi.events.clear()
        return out

    def close(self) -> None:
        try:
            self.bidi.send("session.end", {}, timeout=10)
        except Exception:
            pass
        self.bidi.close()
        if self.process.poll() is None:  # its content processes end with it
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)
