"""PyScript entry point: start the page in ``#app`` and mark it ready.

The shell's half of the page: the storage, the language and the browser's facts, one
delegated listener per event type (on ``#app``, else the window or the document), whose
proxies are kept for the page's lifetime. What the events mean is decided in
:class:`game.web.runtime.app.App`, in plain Python.

The first render runs in a task of its own, after the one that imports the interface
(on a first visit both run at the runtime's baseline tier: together they made one task
of a few hundred ms)."""

import asyncio
from collections.abc import Callable
from typing import Any

from game.web import messages
from game.web.model.controller import Controller
from game.web.runtime.app import App
from game.web.runtime.js_types import EventTarget, JsCallback, present
from game.web.runtime.web_storage import WebStorageBackend
from game.web.saves.storage import MemoryBackend, SaveStore
from game.web.screens.start import local_time_text
from game.web.shell.browser import (
    ShellBrowser,
    create_proxy,
    document,
    languages,
    reduced_motion,
    safari_tab,
    time_formatter,
    to_js,
    url_params,
    web_share,
    window,
)
from game.web.values.answers import MotionWishChanged

LISTENERS: list[JsCallback] = []  # JavaScript proxies kept alive for the page's lifetime
PAGES: list[App] = []  # the page now on screen (one; the developer option restart replaces it)


def make_page() -> App:
    root = document.getElementById("app")
    if not present(root):
        raise RuntimeError("the page has no #app element")
    params = url_params()
    backend: WebStorageBackend | MemoryBackend
    try:
        backend = WebStorageBackend(window.localStorage)
        backend.get("manhattan:probe")
        storage_ok = True
    except Exception:
        backend, storage_ok = MemoryBackend(), False
    # The language before anything is drawn or made (the setup form's default names):
    # ?lang=, else the choice kept from an earlier visit, else the browser's languages.
    kept = SaveStore(backend).prefs().get("lang")
    language = messages.pick_language(params.get("lang"), kept if isinstance(kept, str) else None,
                                      languages())
    format_time = time_formatter()
    browser = ShellBrowser(lambda name: page.on_timer(name))
    try:  # the game this tab shows, kept across a reload and apart from the other tabs'
        tab: WebStorageBackend | None = WebStorageBackend(window.sessionStorage)
    except Exception:
        tab = None
    controller = Controller(SaveStore(backend, tab=tab), params,
                            format_time=format_time or local_time_text,
                            report=browser.warn, safari_tab=safari_tab(),
                            reduced_motion=reduced_motion(), web_share=web_share(),
                            language=language)
    page = App(controller, document, root, browser, storage_ok, format_time)
    return page


def follow_motion_wish(reduced: bool) -> None:
    """The device's wish for reduced motion changed: followed while no choice is kept."""
    PAGES[-1].controller.update(MotionWishChanged(reduced))
    PAGES[-1].render()


def listen(root: EventTarget) -> None:
    """One listener per event type for the page's lifetime, each passing its event on to
    the page now on screen."""
    def on(target: EventTarget, kind: str, handler: Callable[[App, Any], None]) -> None:
        def follow(event: Any) -> None:
            if not PAGES[-1].stopped:
                handler(PAGES[-1], event)
        LISTENERS.append(create_proxy(follow))
        target.addEventListener(kind, LISTENERS[-1])

    for kind, handler in (("click", App.on_click), ("change", App.on_change),
                          ("input", App.on_input), ("keydown", App.on_key),
                          ("pointerdown", App.on_pointer_down),
                          ("pointermove", App.on_pointer_move),
                          ("pointerup", App.on_pointer_end),
                          ("pointercancel", App.on_pointer_end),
                          ("contextmenu", App.on_context_menu)):
        on(root, kind, handler)
    for kind, handler in (("resize", App.on_resize), ("storage", App.on_storage),
                          ("hashchange", App.on_hash_change),
                          ("manhattan:update-ready", App.on_update_ready),
                          ("pagehide", App.on_page_hide)):
        on(window, kind, handler)
    on(document, "visibilitychange", App.on_visibility)
    wish = window.matchMedia("(prefers-reduced-motion: reduce)")
    on(wish, "change", lambda _, __: follow_motion_wish(bool(wish.matches)))


def start(page: App) -> None:
    PAGES[:] = [page]
    page.start(int(window.innerWidth), bool(getattr(window, "manhattanUpdateWaiting", False)))
    document.documentElement.setAttribute("data-ready", "true")
    window.performance.mark("app:ready")  # scripts/bench_tablet_boot.py


def offer_restart() -> None:
    """The developer option ``restart=1`` (docs/testing.md): ``manhattanRestart.stop()``
    stops the page (App.stop), ``manhattanRestart.start()`` starts a new one from the
    storage and the address as they are then: a browser test's page started afresh in a
    tenth of a reload's time."""
    hook = {"stop": create_proxy(lambda: PAGES[-1].stop()),
            "start": create_proxy(lambda: start(make_page()))}
    window.manhattanRestart = to_js(hook)


def first_start() -> None:
    listen(FIRST.root)
    start(FIRST)
    if url_params().get("restart") == "1":
        offer_restart()


FIRST = make_page()
asyncio.get_event_loop().call_soon(first_start)
