"""The browser shell: the one place that touches ``pyscript`` (with
game/web/shell/main.py, which wires the page's events). Its objects get their protocols
here (game/web/runtime/js_types.py), and :class:`ShellBrowser` is the page's
:class:`~game.web.runtime.app.Browser`: the effects' port and the few facts and services
the page asks of the browser. Everything else runs in CPython (game/web/runtime/)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from pyscript import document as js_document
from pyscript import window as js_window
from pyscript.ffi import create_proxy as js_create_proxy
from pyscript.ffi import to_js as js_to_js

from .. import messages
from ..runtime.drawing import show_within
from ..runtime.homescreen import show_home_screen_card
from ..runtime.js_types import (
    Clipboard,
    DateTimeFormat,
    Document,
    FormControl,
    JsCallback,
    JsObject,
    StorageManager,
    ThinkingWorker,
    WebShare,
    Window,
    present,
)
from ..values.effects import TIMER_NAMES, SoundKind, TimerName

document: Document = js_document
window: Window = js_window
create_proxy: Callable[[Callable[..., None]], JsCallback] = js_create_proxy
to_js: Callable[[dict[str, object]], JsObject] = js_to_js


def time_formatter() -> Callable[[float], str] | None:
    """Save times in the browser's own time zone, in the form of the language in use
    (``Intl.DateTimeFormat``: the browser's own locale when it speaks the game's language,
    "en-GB" 15 Jan 2024, 17:30, "en-US" Jan 15, 2024, 5:30 PM); None if the browser lacks it."""
    formats: dict[str, DateTimeFormat] = {}

    def formatter(lang: str) -> DateTimeFormat:
        if lang not in formats:
            tags = [str(t) for t in languages() if str(t).lower().split("-")[0] == lang]
            formats[lang] = window.Intl.DateTimeFormat.new(
                (tags or [lang])[0], to_js({"dateStyle": "medium", "timeStyle": "short"}))
        return formats[lang]

    try:
        formatter(messages.current_language())
    except Exception:
        return None
    return lambda ts: str(formatter(messages.current_language()).format(window.Date.new(ts * 1000)))


def web_share() -> bool:
    """The browser offers its share sheet (``navigator.share``)."""
    try:
        return present(getattr(window.navigator, "share", None))
    except Exception:
        return False


def safari_tab() -> bool:
    """A Safari tab on an iPhone or iPad, not the Home Screen app (game.web.runtime.homescreen)."""
    try:
        nav = window.navigator
        standalone: bool | None = getattr(nav, "standalone", None)
        display = bool(window.matchMedia("(display-mode: standalone)").matches)
        touch: int | None = getattr(nav, "maxTouchPoints", 0)
        return show_home_screen_card(str(nav.userAgent), standalone is True, display,
                                     int(touch) if present(touch) else 0)
    except Exception:  # a browser that cannot say: no card
        return False


def reduced_motion() -> bool:
    """The device asks for as little motion as possible (``prefers-reduced-motion``)."""
    try:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


def languages() -> list[str]:
    """The browser's preferred languages, best first (``navigator.languages``)."""
    try:
        found = [str(code) for code in window.navigator.languages]
        return found or [str(window.navigator.language)]
    except Exception:
        return []


def url_params() -> dict[str, str]:
    """?fast=, ?lang=, ?replay=, ?restart=, a shared game's link (#game=...) and the page's address."""
    params: dict[str, str] = {}
    try:
        search = window.URLSearchParams.new(window.location.search)
        for key in ("fast", "lang", "replay", "restart"):
            value = search.get(key)
            if present(value):
                params[key] = str(value)
        params["hash"] = str(window.location.hash or "")
        params["url"] = str(window.location.origin) + str(window.location.pathname)
    except Exception:
        pass
    return params


class ShellBrowser:
    """The real browser behind the page's :class:`~game.web.runtime.app.Browser`."""

    def __init__(self, on_timer: Callable[[TimerName], None]) -> None:
        self.on_timer = on_timer
        self.timers: dict[TimerName, int] = {}
        # JavaScript proxies of the timers' callbacks, kept alive for the page's lifetime
        self.callbacks = {name: create_proxy(lambda *_, n=name: self.fire(n))
                          for name in TIMER_NAMES}

    def fire(self, name: TimerName) -> None:
        self.timers.pop(name, None)
        self.on_timer(name)

    def start_timer(self, name: TimerName, delay_ms: int | None) -> None:
        self.cancel_timer(name)
        if delay_ms is None:
            window.requestAnimationFrame(self.callbacks[name])
        else:
            self.timers[name] = window.setTimeout(self.callbacks[name], delay_ms)

    def cancel_timer(self, name: TimerName) -> None:
        if name in self.timers:
            window.clearTimeout(self.timers.pop(name))

    def download(self, name: str, text: str) -> None:
        blob = window.Blob.new([text], to_js({"type": "application/json"}))
        link = document.createElement("a")
        link.href = window.URL.createObjectURL(blob)
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()

    def reload(self) -> None:
        window.location.reload()

    def apply_update(self) -> None:
        window.manhattanApplyUpdate()  # assets/boot.js: activate the new worker, reload

    def forget_link(self, url: str) -> None:
        try:
            window.history.replaceState(None, "", url)
        except Exception:
            pass

    def show_board(self) -> None:
        try:  # (a phone: the board is above the panel that was just used)
            board = document.getElementById("board")
            if present(board):
                board.scrollIntoView(to_js({"block": "nearest"}))  # none if in view
        except Exception:
            pass

    def copy_text(self, text: str) -> None:
        asyncio.ensure_future(self._copy(text))

    async def _copy(self, text: str) -> None:
        """The clipboard, else the share field selected (the person copies it); the
        outcome on ``<html data-copied>``: ``clipboard`` | ``selected`` (tests)."""
        html = document.documentElement
        try:
            clipboard: Clipboard | None = getattr(window.navigator, "clipboard", None)
            if not present(clipboard):
                raise RuntimeError("no clipboard")
            await clipboard.writeText(text)
            html.setAttribute("data-copied", "clipboard")
        except Exception:
            field: FormControl | None = document.documentElement.querySelector(  # type: ignore[assignment]  # an <input>
                "[data-share-url]")
            if present(field):
                field.focus()
                field.select()
            html.setAttribute("data-copied", "selected")

    def share_link(self, url: str, title: str) -> None:
        asyncio.ensure_future(self._share(url, title))

    async def _share(self, url: str, title: str) -> None:
        try:
            share: WebShare | None = getattr(window.navigator, "share", None)
            if present(share):
                await share(to_js({"url": url, "title": title}))
        except Exception:
            pass  # cancelled by the person, or refused: the link stays shown to copy

    def show_log_step(self, step: int) -> None:
        try:
            show_within(document.documentElement, ".log-list", '[aria-current="step"]')
        except Exception:
            pass

    def announce(self, text: str) -> None:
        announcer = document.getElementById("announcer")
        if present(announcer):
            announcer.textContent = text

    def ask_persistence(self) -> None:
        asyncio.ensure_future(self._persist())

    async def _persist(self) -> None:
        """The answer on ``<html data-storage-persist>``: ``granted`` | ``refused`` |
        ``unsupported`` | ``failed`` (tests); never an error for the person."""
        html = document.documentElement
        try:
            storage: StorageManager | None = getattr(window.navigator, "storage", None)
            if not present(storage) or not present(getattr(storage, "persist", None)):
                html.setAttribute("data-storage-persist", "unsupported")
                return
            already = present(getattr(storage, "persisted", None)) and bool(await storage.persisted())
            granted = already or bool(await storage.persist())
            html.setAttribute("data-storage-persist", "granted" if granted else "refused")
        except Exception:
            html.setAttribute("data-storage-persist", "failed")

    def play_sound(self, kind: SoundKind) -> None:
        try:  # assets/sound.js (silent until the person has touched the page)
            window.manhattanSound(kind)
        except Exception:  # no sound.js, no Web Audio: the game goes on in silence
            pass

    def options(self, values: dict[str, object]) -> JsObject:
        return to_js(values)

    def inner_width(self) -> int:
        return int(window.innerWidth)

    def location_hash(self) -> str:
        return str(window.location.hash or "")

    def worker_ready(self) -> bool:
        ai: ThinkingWorker | None = getattr(window, "manhattanAi", None)
        return present(ai) and str(ai.state) in ("ready", "resting", "waking")

    async def ask_worker(self, text: str) -> str:
        """The thinking worker's answer (``window.manhattanAi``); a rejected promise raises."""
        ai: ThinkingWorker | None = getattr(window, "manhattanAi", None)
        if not present(ai):
            raise RuntimeError("no thinking worker")
        return str(await ai.ask(text))

    def perf_now(self) -> float:
        return float(window.performance.now())

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    def warn(self, text: str) -> None:
        window.console.warn(text)

    def error(self, text: str) -> None:
        window.console.error(text)
