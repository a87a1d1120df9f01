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

from game.web import messages
from game.web.model.controller import Controller
from game.web.runtime.app import App
from game.web.runtime.js_types import EventTarget, JsCallback, present
from game.web.saves.storage import MemoryBackend, SaveStore
from game.web.screens.start import local_time_text
from game.web.shell.browser import (
    LocalStorageBackend,
    ShellBrowser,
    create_proxy,
    document,
    languages,
    reduced_motion,
    safari_tab,
    time_formatter,
    url_params,
    web_share,
    window,
)
from game.web.values.answers import MotionWishChanged

LISTENERS: list[JsCallback] = []  # JavaScript proxies kept alive for the page's lifetime


def make_page() -> App:
    root = document.getElementById("app")
    if not present(root):
        raise RuntimeError("the page has no #app element")
    params = url_params()
    backend: LocalStorageBackend | MemoryBackend
    try:
        backend = LocalStorageBackend(window.localStorage)
        backend.get("manhattan:probe")
        storage_ok = True
    except Exception:
        backend, storage_ok = MemoryBackend(), False
    # The language before anything is drawn or made (the setup form's default names):
    # ?lang=, else the choice kept from an earlier visit, else the browser's languages.
    kept = SaveStore(backend).prefs().get("lang")
    messages.set_language(messages.pick_language(params.get("lang"), kept if isinstance(kept, str) else None,
                                   languages()))
    format_time = time_formatter()
    browser = ShellBrowser(lambda name: page.on_timer(name))
    try:  # the game this tab shows, kept across a reload and apart from the other tabs'
        tab: LocalStorageBackend | None = LocalStorageBackend(window.sessionStorage)
    except Exception:
        tab = None
    controller = Controller(SaveStore(backend, tab=tab), params,
                            format_time=format_time or local_time_text,
                            report=browser.warn, safari_tab=safari_tab(),
                            reduced_motion=reduced_motion(), web_share=web_share())
    page = App(controller, document, root, browser, storage_ok, format_time)
    return page


def follow_motion_wish(page: App, reduced: bool) -> None:
    """The device's wish for reduced motion changed: followed while no choice is kept."""
    page.controller.update(MotionWishChanged(reduced))
    page.render()


def start(page: App) -> None:
    def listen(target: EventTarget, kind: str, handler: Callable[..., None]) -> None:
        LISTENERS.append(create_proxy(handler))
        target.addEventListener(kind, LISTENERS[-1])

    for kind, handler in (("click", page.on_click), ("change", page.on_change),
                          ("input", page.on_input), ("keydown", page.on_key),
                          ("pointerdown", page.on_pointer_down),
                          ("pointermove", page.on_pointer_move),
                          ("pointerup", page.on_pointer_end),
                          ("pointercancel", page.on_pointer_end),
                          ("contextmenu", page.on_context_menu)):
        listen(page.root, kind, handler)
    for kind, handler in (("resize", page.on_resize), ("storage", page.on_storage),
                          ("hashchange", page.on_hash_change),
                          ("manhattan:update-ready", page.on_update_ready),
                          ("pagehide", page.on_page_hide)):
        listen(window, kind, handler)
    listen(document, "visibilitychange", page.on_visibility)
    wish = window.matchMedia("(prefers-reduced-motion: reduce)")
    listen(wish, "change", lambda _: follow_motion_wish(page, bool(wish.matches)))
    page.start(int(window.innerWidth), bool(getattr(window, "manhattanUpdateWaiting", False)))
    document.documentElement.setAttribute("data-ready", "true")
    window.performance.mark("app:ready")  # scripts/bench_tablet_boot.py


app = make_page()
asyncio.get_event_loop().call_soon(start, app)
