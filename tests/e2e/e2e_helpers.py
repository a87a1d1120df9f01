"""Helpers shared by the browser tests (and scripts/bench_web.py).

Import them in a test module with `from e2e_helpers import wait_ready, screenshot`.
"""

from __future__ import annotations

import itertools
import os
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
SCREENSHOTS = ROOT / "screenshots"  # gitignored

# Debian's Chromium: `playwright install` cannot download browsers here.
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Any name lookup except the loopback fails at once: nothing can come from outside.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
    # The pages of one site in one context share a renderer process (as a browser short of
    # memory shares them), so a tab a test opens beside another, or after closing the game's
    # while another page of the site stays, reuses the runtime that process already
    # compiled: about 2 s of CPU instead of 4-6 s for a start in a process of its own
    # (docs/testing.md, "One process per site"). Each context keeps its own processes.
    "--process-per-site",
] + ([os.environ["E2E_JS_FLAGS"]] if os.environ.get("E2E_JS_FLAGS") else [])

# Named viewport sizes for screenshots and layout checks.
VIEWPORTS = {
    "phone": {"width": 390, "height": 844},
    "tablet-portrait": {"width": 768, "height": 1024},
    "tablet-landscape": {"width": 1024, "height": 768},
}
SIZES = {**VIEWPORTS, "ipad-portrait": {"width": 820, "height": 1180},
         "ipad-landscape": {"width": 1180, "height": 820}}
"""Every named size: the three above (which the layout checks go through) and an iPad's."""
ISSUE_SIZES = ("phone", "ipad-portrait", "ipad-landscape")
"""The three sizes the screenshots are looked at in (390x844, 820x1180, 1180x820)."""

LEAN = "snapshot=0&aiworker=off"
"""The page's test switches for a start that runs one interpreter instead of three.

A first visit in a fresh browser context (what almost every test is) boots the page's
interpreter, then a worker that makes the memory snapshot (a second interpreter) and then
the thinking worker (a third, restored from that snapshot). `?snapshot=0` makes no snapshot
and `?aiworker=off` starts no worker (the page thinks itself), so a page start costs about
a third less CPU (3.9 s instead of 5.6 s measured in Chromium, docs/testing.md): the
Chromium suite is CPU-bound on two shared cores. ui_driver.FAST_LEAN (with ``?fast=1``) is
what `open_app` and `load_into` use by default.

NOT for tests about what it leaves out, which keep the full first visit (ui_driver.FAST or
the bare URL): the boot and the snapshot (test_boot, test_boot_snapshot, test_kept_screen),
the thinking worker and the coach with and without it (test_think_worker, test_coach:
anything that waits for ``data-ai-worker="ready"`` or reads ``data-think-source="worker"``),
the service worker, offline and healing (test_offline_heal, the offline link in
test_ui_story), updates (test_update) and the headers (test_headers)."""

# Two shared cores boot Pyodide in ~3 s; leave a wide margin for a loaded CI machine.
READY_TIMEOUT_MS = 60_000

LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
NETWORK_SCHEMES = {"http", "https", "ws", "wss", "ftp"}


def is_loopback(url: str) -> bool:
    """True for loopback URLs and for URLs that never leave the browser (data:, blob:, about:)."""
    parts = urlsplit(url)
    if parts.scheme not in NETWORK_SCHEMES:
        return True
    host = (parts.hostname or "").lower()
    return host in LOOPBACK_HOSTS or host.startswith("127.")


def wait_ready(page, timeout: int = READY_TIMEOUT_MS) -> None:
    """Wait until the UI marks the page ready: <html data-ready="true">."""
    page.wait_for_selector('html[data-ready="true"]', state="attached", timeout=timeout)


def wait_service_worker(page, timeout: int = 30_000) -> None:
    """Wait until the service worker is activated, controls the page (so its precache
    is complete) and also answers navigations.

    Chromium serves navigations through a just-activated worker only some 0-1 s after
    `navigator.serviceWorker.controller` is set; an offline reload inside that window
    fails. So a second page navigates to a small precached file until the response
    says it came from the service worker.

    The probe page is closed without Playwright's unbounded wait for Chromium to
    confirm: a plain `close()` of a page whose document the service worker served
    sometimes never returned (no CPU in use), which hung the offline tests,
    test_update and bench_boot's offline mode (and CI, twice). The wait for the page
    to be gone is bounded instead.
    """
    page.wait_for_function(
        """async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            return !!(reg && reg.active && reg.active.state === "activated"
                      && navigator.serviceWorker.controller);
        }""",
        timeout=timeout,
        polling=200,
    )
    probe_url = page.evaluate("new URL('./assets/icons/icon.svg', location.href).href")
    probe = page.context.new_page()
    try:
        deadline = time.monotonic() + timeout / 1000
        for attempt in itertools.count(1):
            response = probe.goto("%s?sw-probe=%d" % (probe_url, attempt), wait_until="commit")
            if response is not None and response.from_service_worker:
                return
            if time.monotonic() > deadline:
                raise TimeoutError("the service worker never answered a navigation")
            probe.wait_for_timeout(100)
    finally:
        close_bounded(probe, page)


def close_bounded(closing, waiting, seconds: float = 10, attempts: int = 3) -> None:
    """Close page ``closing`` without Playwright's unbounded wait for Chromium to confirm,
    then wait (a bounded while, on page ``waiting``, which lets Playwright's events in)
    until it is gone: a following set_offline() or storage wipe could reach it otherwise.
    Chromium can acknowledge a close that races a navigation's commit and drop it, so a page
    still open after ``seconds`` is asked again (the workaround proposed upstream)."""
    for _ in range(attempts):
        closing.close(run_before_unload=True)
        deadline = time.monotonic() + seconds
        while not closing.is_closed() and time.monotonic() < deadline:
            waiting.wait_for_timeout(50)
        if closing.is_closed():
            return


# Two animation frames: the page handles a resize at its next frame (it draws the whole board
# again to measure it), so after two the drawing for the new size is on screen.
SETTLE_JS = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"""


SETTLED_JS = """async () => {
  // Two frames (a resize or a media change is handled by then, and its redraw drawn), then
  // every running animation that ends has ended, then no box scrolls any more (a smooth
  // scroll) for two frames in a row. A box that moves fires "scroll" before the next frame's
  // callbacks (at the document or at the box, which a capturing listener on the document
  // hears): listening costs nothing, where reading every box's position each frame forces
  // a style and layout pass over the whole page.
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  let moved = false;
  const onScroll = () => { moved = true; };
  document.addEventListener("scroll", onScroll, {capture: true, passive: true});
  try {
    await frame();
    await frame();
    // (an attention cue, a "cue-" animation, moves and reveals nothing: not waited for)
    const ending = document.getAnimations().filter((a) => a.playState === "running"
        && !String(a.animationName || "").startsWith("cue-")
        && Number.isFinite(a.effect && a.effect.getComputedTiming().endTime));
    await Promise.all(ending.map((a) => a.finished.catch(() => null)));
    moved = false;
    for (let still = 0, tries = 0; still < 2 && tries < 600; tries++) {
      await frame();
      still = moved ? 0 : still + 1;
      moved = false;
    }
  } finally {
    document.removeEventListener("scroll", onScroll, {capture: true});
  }
}"""


def settle(page) -> None:
    """Wait until the page has drawn what it was just asked and stopped moving: two animation
    frames, the end of every running animation that ends (a drop-in, a fade; not an attention
    cue such as the legal plots' pulse), then two frames
    without any box scrolling. What a fixed sleep used to guess at."""
    page.evaluate(SETTLED_JS)


def resize(page, viewport: dict) -> None:
    """Set the viewport and wait until the page has drawn itself for the new size.

    Without the wait a test can act on the drawing for the old size and then see it replaced
    (a phone's city view turned back into the overview under its finger)."""
    page.set_viewport_size(viewport)
    page.evaluate(SETTLE_JS)


SHOTS = os.environ.get("E2E_SCREENSHOTS") == "1"
"""Whether the browser tests write their pictures (``scripts/test.sh --screenshots``). They
are for people to look at, and writing them (capture, PNG, file) cost about 30 s of CPU in a
whole run; everything else a test does around a picture (each size drawn and settled) it
does either way."""


def save_screenshot(target, path: Path, always: bool = False, **options) -> Path | None:
    """``target`` (a page, or a locator's element) saved as ``path`` when pictures are asked
    for (:data:`SHOTS`), or ``always``; the path written, else None."""
    if not (SHOTS or always):
        return None
    path.parent.mkdir(exist_ok=True)
    target.screenshot(path=str(path), **options)
    return path


def screenshot(page, name: str, sizes=tuple(VIEWPORTS), always: bool = False) -> list:
    """At each named viewport size: the page drawn and settled, and screenshots/<name>-<size>.png
    saved when pictures are asked for (:func:`save_screenshot`); the paths written."""
    paths = []
    for size in sizes:
        resize(page, SIZES[size])
        settle(page)
        path = save_screenshot(page, SCREENSHOTS / f"{name}-{size}.png", always)
        if path is not None:
            paths.append(path)
    return paths
