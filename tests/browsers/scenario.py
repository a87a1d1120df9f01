"""The end-to-end pass, written once, run in WebKit and in Firefox (drivers.py).

On a fresh profile: a cold first visit makes the boot snapshot; then a fixed game (two
people, two computer players) is put in localStorage and every later start must restore
the snapshot: the second visit, a reload and three reopens (a tab closed, a new one
opened). The game always reopens behind the pass screen, never showing a hand. Ann and Bob
each select pieces and build by real pointer taps (the plot is an SVG ``<g>``); the
computer players' turns are thought by the worker. Then export (the download caught in the
page) and import (a File through the file input), a language switch, and an offline
reload served by the service worker. Throughout: no uncaught error, no console error, no
CSP violation, no HTTP error, nothing requested outside the loopback.

The snapshot restores are checked apart (``check_restores``, its own test), so a browser
that loses its snapshot (WebKit can) still has the rest of the pass checked.
"""

from __future__ import annotations

import json
import time
from urllib.parse import urlsplit

from drivers import WORKER_SETTLED_JS, time_of_day

FAST = "?fast=1"
BOOT_TIMEOUT = 300  # a cold WebKit boot on a loaded 2-core machine: tens of seconds
THINK_TIMEOUT = 300

STATE_JS = """
() => {
  const html = document.documentElement, app = document.getElementById("app");
  const q = (s) => document.querySelector(s);
  return {ready: html.dataset.ready === "true", snapshot: html.dataset.bootSnapshot || null,
          stored: html.dataset.bootSnapshotStored || null, worker: html.dataset.aiWorker || null,
          lang: html.lang, screen: app ? app.dataset.screen || null : null,
          turn: q("[data-turn]") ? +q("[data-turn]").dataset.turn : null,
          phase: q(".play") ? q(".play").dataset.phase : null,
          hand: document.querySelectorAll("[data-hand] [data-card]").length,
          think: app ? app.dataset.thinkSource || null : null};
}
"""

SAVE_JS = """
() => {
  const id = localStorage.getItem("manhattan:current");
  const text = id && localStorage.getItem("manhattan:save:" + id);
  return text ? JSON.parse(text) : null;
}
"""

SAVES_JS = """
() => Object.keys(localStorage).filter((k) => k.startsWith("manhattan:save:"))
             .map((k) => JSON.parse(localStorage.getItem(k)))
"""

# Same condition as tests/e2e/ui_driver.wait_for_person: a person has something to do.
PERSON_JS = """
() => {
  const app = document.getElementById("app");
  const s = app && app.dataset.screen;
  if (s === "pass" || s === "scoring" || s === "final") return s;
  return s === "play" && !!document.querySelector('.panel [data-action="confirm"]') && s;
}
"""

SW_JS = """
async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  return !!(reg && reg.active && reg.active.state === "activated" && navigator.serviceWorker.controller);
}
"""

IMPORT_JS = """
(name, text) => {
  const input = document.querySelector("input[data-import]");
  const files = new DataTransfer();
  files.items.add(new File([text], name, {type: "application/json"}));
  input.files = files.files;
  input.dispatchEvent(new Event("change", {bubbles: true}));
  return input.files.length;
}
"""

LANGUAGE_JS = """
(code) => {
  const select = document.querySelector('select[data-action="language"]');
  select.value = code;
  select.dispatchEvent(new Event("change", {bubbles: true}));
  return true;
}
"""

LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


def is_loopback(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https", "ws", "wss", "ftp"}:
        return True  # data:, blob:, about: never leave the browser
    host = (parts.hostname or "").lower()
    return host in LOOPBACK_HOSTS or host.startswith("127.")


class Pass:
    def __init__(self, driver, site, game: dict) -> None:
        self.d = driver
        self.site = site
        self.game = game
        self.url = site.url + FAST
        self.started = time.monotonic()
        self.wall_started = time.time()  # to place a browser's timestamped log entries
        self.timings: list[tuple[str, float]] = []
        self.starts: list[tuple[str, str | None]] = []  # (how, data-boot-snapshot)
        self.finished = False

    # ------------------------------------------------------------ helpers
    def mark(self, what: str) -> None:
        self.timings.append((what, time.monotonic() - self.started))

    def state(self) -> dict:
        return self.d.evaluate(STATE_JS)

    def wait_ready(self, how: str) -> dict:
        self.d.wait_for("() => document.documentElement.dataset.ready === 'true'",
                        timeout=BOOT_TIMEOUT, what="%s: <html data-ready>" % how)
        state = self.state()
        self.starts.append((how, state["snapshot"]))
        self.mark("%s: ready (snapshot %s)" % (how, state["snapshot"]))
        return state

    def wait_worker(self, how: str) -> None:
        """Wait until the page's thinking worker has started, or none is wanted (no load in
        flight either way); also before leaving a page. A tab
        closed or reloaded while the worker still loads Pyodide is a player's right and
        harms nothing, but Firefox logs the aborted load in the departing page as an error
        ("error loading dynamically imported module", or "A ServiceWorker intercepted the
        request and encountered an unexpected error"): about one pass in twenty under
        load, when the next start followed "snapshot stored" or a reopen at once. The pass
        checks starts, not that race, so it leaves a page only once no worker is loading."""
        self.d.wait_for(WORKER_SETTLED_JS, timeout=BOOT_TIMEOUT,
                        what="%s: <html data-ai-worker=ready|resting>" % how)

    def wait_screen(self, name: str, timeout: float = 60) -> dict:
        self.d.wait_for("(n) => { const a = document.getElementById('app');"
                        " return !!a && a.dataset.screen === n; }", name,
                        timeout=timeout, what="screen " + name)
        return self.state()

    def wait_person(self, timeout: float = THINK_TIMEOUT) -> dict:
        self.d.wait_for(PERSON_JS, timeout=timeout, what="a person's turn")
        return self.state()

    def log_length(self) -> int:
        return len(self.d.evaluate(SAVE_JS)["log"])

    def behind_pass_screen(self, how: str, turn: int) -> None:
        state = self.wait_screen("pass")
        assert state["turn"] == turn, (how, state)
        assert state["hand"] == 0, "%s: a hand is shown behind the pass screen" % how

    # ------------------------------------------------------------ a person's steps
    def reveal(self, turn: int) -> None:
        self.d.tap('[data-action="reveal"]')
        state = self.wait_screen("play")
        assert state["hand"] > 0, "the hand is not shown after the reveal: %s" % state

    def select(self) -> None:
        """Choose the pieces with the + buttons (the first one enabled each time), confirm."""
        before = self.log_length()
        for _ in range(30):
            left = self.d.evaluate("() => +document.querySelector('[data-select-left]')"
                                   ".dataset.selectLeft")
            if left == 0:
                break
            self.d.tap("[data-select-inc]:not([disabled])")
            self.d.wait_for("(n) => +document.querySelector('[data-select-left]')"
                            ".dataset.selectLeft < n", left, timeout=30, what="one piece fewer")
        else:
            raise AssertionError("the selection never completed")
        self.d.tap('[data-action="confirm"]:not([disabled])')
        self.d.wait_for("(n) => { const id = localStorage.getItem('manhattan:current');"
                        " return JSON.parse(localStorage.getItem('manhattan:save:' + id))"
                        ".log.length > n; }", before, timeout=30, what="the selection saved")

    def build(self) -> dict:
        """A card, a piece, a highlighted plot (an SVG <g>), Confirm: all by taps."""
        before = self.log_length()
        cards = self.d.evaluate("() => document.querySelectorAll('[data-action=\"card\"]').length")
        pieces = self.d.evaluate("() => document.querySelectorAll('[data-action=\"piece\"]').length")
        assert cards and pieces, "no card or piece to tap"
        if self.d.evaluate("() => !!document.querySelector('[data-no-build=\"true\"]')"):
            self.d.tap('[data-action="card"]')
            self.d.tap('[data-action="piece"]')
            self.d.tap('[data-action="confirm"]:not([disabled])')
            move = {"returned": True}
        else:
            for card in range(cards):
                self.d.tap('[data-action="card"]', card)
                for piece in range(pieces):
                    self.d.tap('[data-action="piece"]', piece)
                    legal = self.d.evaluate(
                        "() => Array.from(document.querySelectorAll('[data-legal=\"true\"]'),"
                        " (el) => [+el.dataset.city, +el.dataset.plot, +el.dataset.height])")
                    if legal:
                        break
                if legal:
                    break
            assert legal, "no card and piece gave a highlighted plot"
            city, plot, height = legal[0]
            self.d.tap('[data-legal="true"]')
            pending = self.d.wait_for("() => { const p = document.querySelector("
                                      "'[data-pending=\"true\"]');"
                                      " return p && [+p.dataset.city, +p.dataset.plot]; }",
                                      timeout=30, what="the tentative piece")
            assert pending == [city, plot], (pending, city, plot)
            self.d.tap('[data-action="confirm"]:not([disabled])')
            move = {"city": city, "plot": plot, "height": height}
        self.d.wait_for("(n) => { const id = localStorage.getItem('manhattan:current');"
                        " return JSON.parse(localStorage.getItem('manhattan:save:' + id))"
                        ".log.length > n; }", before, timeout=30, what="the build saved")
        return move

    def computers(self, turn: int, before: int, moves: int) -> None:
        """The two computer players move (in the worker); then it is ``turn``'s pass screen.
        ``before`` is the log's length after the person's step, counted from the length
        read before it: the computers may have moved by the time that step is seen stored."""
        self.wait_person()
        self.behind_pass_screen("after the computer players", turn)
        state = self.state()
        assert state["think"] == "worker", "computer moves not thought in the worker: %s" % state
        assert self.log_length() >= before + moves, (self.log_length(), before, moves)

    # ------------------------------------------------------------ the pass
    def run(self) -> None:
        d = self.d
        # 1. first visit: a cold boot that makes the snapshot
        d.goto(self.url)
        first = self.wait_ready("first visit")
        assert first["screen"] == "start", first
        d.wait_for("() => document.documentElement.dataset.bootSnapshotStored",
                   timeout=BOOT_TIMEOUT, what="data-boot-snapshot-stored")
        assert self.state()["stored"] == "stored", self.state()
        self.mark("first visit: snapshot stored")
        # a fixed game in the site's storage (this origin, this profile)
        d.evaluate("(data) => { for (const [k, v] of Object.entries(data))"
                   " localStorage.setItem(k, v); return true; }", self.game)

        # 2. second visit: the game behind Ann's pass screen
        self.wait_worker("first visit")
        d.goto(self.url)
        self.wait_ready("second visit")
        self.behind_pass_screen("second visit", 0)
        self.wait_worker("second visit")
        self.mark("thinking worker ready")

        # 3. the selection: Ann and Bob by taps, then the computer players in the worker
        self.reveal(0)
        assert self.state()["phase"] == "select"
        self.select()
        self.behind_pass_screen("after Ann's selection", 1)
        self.reveal(1)
        before = self.log_length()
        self.select()
        self.computers(turn=0, before=before + 1, moves=2)
        self.mark("selections made (2 by taps, 2 in the worker)")

        # 4. a whole turn each by taps, then the computer players build
        self.reveal(0)
        assert self.state()["phase"] == "build", self.state()
        self.build()
        self.behind_pass_screen("after Ann's build", 1)
        self.reveal(1)
        before = self.log_length()
        self.build()
        self.computers(turn=0, before=before + 1, moves=2)
        self.mark("a round of builds (2 by taps, 2 in the worker)")
        saved = d.evaluate(SAVE_JS)

        # 5. reload: behind the pass screen, the same game
        self.wait_worker("before the reload")
        d.reload()
        self.wait_ready("reload")
        self.behind_pass_screen("reload", 0)
        assert d.evaluate(SAVE_JS)["log"] == saved["log"]

        # 6. three reopens: the tab closed, a new one opened on the site
        for n in (1, 2, 3):
            self.wait_worker("before reopen %d" % n)
            d.reopen(self.url)
            self.wait_ready("reopen %d" % n)
            self.behind_pass_screen("reopen %d" % n, 0)

        # 7. export: the game log's "Save as file" gives the view (what the table has seen:
        # no seed, no shuffle); the menu's "Continue on another device", after its warning,
        # the whole game. The downloads are caught in the page.
        self.reveal(0)
        d.tap('[data-action="menu"]')
        d.tap('[data-action="log"]')
        d.tap('[data-action="export"]:not([data-menu-export])')
        view = d.wait_for("() => { const x = window.__guard.downloads[0];"
                          " return x && x.text !== null && x; }", timeout=30,
                          what="the exported view")
        assert view["name"].startswith("manhattan-") and view["name"].endswith("-view.json")
        shown = json.loads(view["text"])
        assert shown["format"] == "manhattan-view" and "seed" not in shown
        assert "shuffle" not in view["text"], "the view holds a shuffle"
        d.tap('.log-drawer [data-action="log"]')  # the drawer's Close
        d.wait_for("() => !document.querySelector('.log-drawer')", timeout=30, what="log closed")
        d.tap('[data-action="menu"]')
        d.tap('[data-action="export-whole"]')
        d.tap('[data-whole-export] [data-confirm="true"]')
        download = d.wait_for("() => { const x = window.__guard.downloads[1];"
                              " return x && x.text !== null && x; }", timeout=30,
                              what="the exported game")
        assert download["name"].endswith("-all-hands.json")
        exported = json.loads(download["text"])
        assert exported["log"] == saved["log"], "the exported game is not the game"
        self.mark("exported")

        # 8. import into a site that no longer has it: a new game, the same log
        d.tap('[data-action="menu"]')
        d.tap('[data-action="home"]')
        self.wait_screen("start")
        d.evaluate("() => { for (const k of Object.keys(localStorage))"
                   " if (k.startsWith('manhattan:save:') || k === 'manhattan:current')"
                   " localStorage.removeItem(k); return true; }")
        d.evaluate(IMPORT_JS, download["name"], download["text"])
        self.behind_pass_screen("import", 0)
        saves = d.evaluate(SAVES_JS)
        assert len(saves) == 1 and saves[0]["log"] == saved["log"], "the import did not store the game"
        self.mark("imported")

        # 9. a language switch (kept for the next start)
        english = d.evaluate("() => document.querySelector('[data-action=\"reveal\"]').textContent")
        d.evaluate(LANGUAGE_JS, "de")
        d.wait_for("() => document.documentElement.lang === 'de' && document.querySelector("
                   "'select[data-action=\"language\"]').dataset.language === 'de'",
                   timeout=30, what="German")
        german = d.evaluate("() => document.querySelector('[data-action=\"reveal\"]').textContent")
        assert german != english, (english, german)
        self.behind_pass_screen("language switch", 0)
        self.mark("language switched")

        # 10. offline: the server gone, a reload comes from the service worker
        d.wait_for(SW_JS, timeout=120, what="the service worker in control")
        self.wait_worker("before the offline reload")
        served = len(self.site.server.requests)
        self.site.offline = True
        try:
            d.reload()
            state = self.wait_ready("offline reload")
            assert len(self.site.server.requests) == served, "served while offline"
            assert state["lang"] == "de", state
            self.behind_pass_screen("offline reload", 0)
            self.reveal(0)
        finally:
            self.site.offline = False

        # the guard, then the snapshot restores (last, see the module's docstring)
        problems = d.problems() + self.site.problems()
        problems += ["request outside the loopback: %s" % u
                     for u in d.guard["requests"] if not is_loopback(u)]
        assert not problems, "%s:\n  %s" % (d.name, "\n  ".join(problems))
        self.finished = True

    def check_restores(self) -> None:
        """The first visit made the snapshot; every later start restored it (the second
        visit, the reload, three reopens, the offline reload)."""
        assert self.starts and self.starts[0][1] == "made", self.starts
        later = self.starts[1:]
        assert len(later) >= 6 or self.finished, (
            "%s: the pass stopped after %d starts: %s" % (self.d.name, len(self.starts), self.starts))
        not_restored = [(how, snap) for how, snap in later if snap != "restored"]
        assert not not_restored, "%s: the boot snapshot was not restored on %d of %d starts: %s" % (
            self.d.name, len(not_restored), len(later), not_restored)

    def report(self) -> str:
        lines = ["%s pass from %s, %d starts: %s" % (
            self.d.name, time_of_day(self.wall_started), len(self.starts),
            ", ".join("%s=%s" % s for s in self.starts))]
        lines += ["  %6.1f s  %s" % (t, what) for what, t in self.timings]
        if self.d.guard["resources"]:
            lines.append("  resource load failures (not counted as errors): %s"
                         % sorted(set(self.d.guard["resources"])))
        outside = sorted({u for u in self.d.guard["requests"] if not is_loopback(u)})
        lines.append("  %d distinct URLs requested, %d outside the loopback; %d served, %d refused"
                     " while offline" % (len(set(self.d.guard["requests"])), len(outside),
                                         len(self.site.server.requests), self.site.server.refused))
        return "\n".join(lines)


PROVOKE_JS = """
() => {
  console.error("guard self-test: console");
  setTimeout(() => { throw new Error("guard self-test: uncaught"); }, 0);
  Promise.reject(new Error("guard self-test: rejection"));
  const img = new Image();
  img.src = "http://guard-self-test.invalid/blocked.png";  // img-src 'self': blocked by the CSP
  document.body.appendChild(img);
  return true;
}
"""


def check_guard(driver, site) -> None:
    """The guard is not blind: errors provoked on purpose in a page of the site are all
    seen (console error, uncaught error, unhandled rejection, CSP violation, CSP report).
    The blocked image never leaves the browser: the CSP stops it before any request."""
    driver.goto(site.url + FAST)
    driver.wait_for("() => document.documentElement.dataset.ready === 'true'",
                    timeout=BOOT_TIMEOUT, what="<html data-ready>")
    driver.problems()  # what came before is the pass's business
    reports = len(site.server.csp_reports)
    driver.evaluate(PROVOKE_JS)
    driver.wait_for("() => !!window.__guard && window.__guard.errors.length >= 2"
                    " && window.__guard.csp.length >= 1", timeout=30, what="the provoked errors")
    deadline = time.monotonic() + 30
    while len(site.server.csp_reports) == reports and time.monotonic() < deadline:
        time.sleep(0.1)
    seen = "\n".join(driver.problems())
    for expected in ("console error: guard self-test: console", "guard self-test: uncaught",
                     "guard self-test: rejection", "CSP violation: img-src"):
        assert expected in seen, "%s: the guard missed %r; it saw:\n%s" % (driver.name, expected, seen)
    new_reports = site.server.csp_reports[reports:]
    assert any("guard-self-test.invalid" in r for r in new_reports), new_reports
    del site.server.csp_reports[reports:]
