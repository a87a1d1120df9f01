"""The browser layer: DOM events in, drawn screens out, computer turns paced with asyncio.

Thin on purpose: all decisions are in :class:`~game.web.controller.Controller` (pure Python).
One delegated listener per event type on ``#app`` reads the ``data-*`` attributes of the
tapped element; proxies are kept on the instance so they are never garbage collected.
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from collections.abc import Callable
from typing import Any, cast

from pyscript import document as js_document
from pyscript import window as js_window
from pyscript.ffi import create_proxy as js_create_proxy
from pyscript.ffi import to_js as js_to_js

from ..save import MAX_SAVE_BYTES
from . import layout
from . import messages as M
from .backup import MAX_BACKUP_CHARS
from .boot_screen import BOOT_SCREEN_KEY, entry, next_start_screen
from .controller import Controller
from .dom import build, patch, replace_children
from .effects import ApplyUpdate, Download, Effect, Reload, ShowBoard
from .features import files, keeping
from .focus import ARROWS, NAVIGABLE, focus_selectors, nearest
from .frame import Frame
from .homescreen import show_home_screen_card
from .jobs import Jobs
from .js_types import (
    DateTimeFormat,
    Document,
    DomElement,
    DomEvent,
    DomNode,
    File,
    FormEvent,
    JsCallback,
    JsObject,
    KeyboardEvent,
    PointerEvent,
    Storage,
    StorageEvent,
    StorageManager,
    SvgElement,
    ThinkingWorker,
    Window,
    present,
)
from .screens.announce import News, fresh, news
from .screens.page import render_page
from .sharing import is_link
from .storage import MemoryBackend, SaveStore, StorageError
from .vdom import El

# Where the browser enters: pyscript has no type information, so its objects are given
# their protocols here (game/web/js_types.py) and every use below is checked against them.
document: Document = js_document
window: Window = js_window
create_proxy: Callable[[Callable[..., None]], JsCallback] = js_create_proxy
to_js: Callable[[dict[str, object]], JsObject] = js_to_js


class LocalStorageBackend:
    """localStorage behind the storage interface; write failures become StorageError."""

    def __init__(self, storage: Storage) -> None:
        self.ls = storage

    def get(self, key: str) -> str | None:
        value = self.ls.getItem(key)
        return str(value) if present(value) else None

    def set(self, key: str, value: str) -> None:
        try:
            self.ls.setItem(key, value)
        except Exception as error:  # QuotaExceededError, SecurityError
            raise StorageError(str(error)) from None

    def remove(self, key: str) -> None:
        self.ls.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.ls.key(i)) for i in range(int(self.ls.length))]


def browser_time_formatter() -> Callable[[float], str] | None:
    """Save times in the browser's own time zone, in the form of the language in use
    (``Intl.DateTimeFormat``), e.g. "15 Jan 2024, 17:30" / "15.01.2024, 17:30"; None if the
    browser lacks it (the pure formatter is used)."""
    formats: dict[str, DateTimeFormat] = {}

    def locale_for(lang: str) -> str:
        """The browser's own locale when it speaks the game's language ("en-GB" gives
        15 Jan 2024, 17:30, "en-US" Jan 15, 2024, 5:30 PM), else the language itself."""
        try:
            for tag in window.navigator.languages:
                if str(tag).lower().split("-")[0] == lang:
                    return str(tag)
        except Exception:
            pass
        return lang

    def formatter(lang: str) -> DateTimeFormat:
        if lang not in formats:
            formats[lang] = window.Intl.DateTimeFormat.new(
                locale_for(lang), to_js({"dateStyle": "medium", "timeStyle": "short"}))
        return formats[lang]

    try:
        formatter(M.current_language())
    except Exception:
        return None

    def format_time(ts: float) -> str:
        return str(formatter(M.current_language()).format(window.Date.new(ts * 1000)))

    return format_time


def safari_tab() -> bool:
    """A Safari tab on an iPhone or iPad, not the Home Screen app (game.web.homescreen)."""
    try:
        nav = window.navigator
        standalone: bool | None = getattr(nav, "standalone", None)
        display = bool(window.matchMedia("(display-mode: standalone)").matches)
        touch: int | None = getattr(nav, "maxTouchPoints", 0)
        return show_home_screen_card(str(nav.userAgent), standalone is True, display,
                                     int(touch) if present(touch) else 0)
    except Exception:  # a browser that cannot say: no card
        return False


def browser_languages() -> list[str]:
    """The browser's preferred languages, best first (``navigator.languages``)."""
    try:
        found = [str(code) for code in window.navigator.languages]
        return found or [str(window.navigator.language)]
    except Exception:
        return []


def _url_params() -> dict[str, str]:
    params: dict[str, str] = {}
    try:
        search = window.URLSearchParams.new(window.location.search)
        for key in ("fast", "lang", "replay"):
            value = search.get(key)
            if present(value):
                params[key] = str(value)
        # a shared game's link (#game=...) and the page's address for making such links
        params["hash"] = str(window.location.hash or "")
        params["url"] = str(window.location.origin) + str(window.location.pathname)
    except Exception:
        pass
    return params


def _focusable(el: DomElement) -> DomElement:
    """The element that takes the focus for ``el``: a plot's named cell, else ``el``."""
    inner = el.querySelector(":scope > [tabindex]")
    return inner if present(inner) and not el.hasAttribute("tabindex") else el


LONG_PRESS_MS = 550
LONG_PRESS_SLOP = 12  # CSS px a finger may move and still be pressing


class App:
    def __init__(self) -> None:
        root = document.getElementById("app")
        if not present(root):
            raise RuntimeError("the page has no #app element")
        self.root = root
        params = _url_params()
        backend: LocalStorageBackend | MemoryBackend
        try:
            backend = LocalStorageBackend(window.localStorage)
            backend.get("manhattan:probe")
            self.storage_ok = True
        except Exception:
            backend = MemoryBackend()
            self.storage_ok = False
        # The language before anything is drawn or made (the setup form's default names):
        # ?lang=, else the choice kept from an earlier visit, else the browser's languages.
        kept = SaveStore(backend).prefs().get("lang")
        M.set_language(M.pick_language(params.get("lang"), kept if isinstance(kept, str)
                                       else None, browser_languages()))
        format_time = browser_time_formatter()
        self._format_time = format_time
        report = self.warn
        if format_time is None:
            self.controller = Controller(SaveStore(backend), params, report=report,
                                         safari_tab=safari_tab())
        else:
            self.controller = Controller(SaveStore(backend), params, format_time=format_time,
                                         report=report, safari_tab=safari_tab())
        self._persist_asked = False
        self._news: News = ()
        self._proxies: list[JsCallback] = []  # JavaScript proxies kept alive for the page's lifetime
        self.jobs = Jobs(self.controller, self)  # computer turns, hints, the review
        self.last_render_ms = 0.0
        self._tree: El | None = None   # the element tree now on the page, and its DOM node
        self._node: DomNode | None = None
        self._resize_pending = False
        self._width: int | None = None
        # A long press on a plot opens its inspector (touch has no hover): the plot pressed,
        # where the press began, the pending timer, and the click that ends it, swallowed.
        self._press: tuple[dict[str, Any], float, float] | None = None
        self._press_timer: int | None = None
        self._swallow_click = False
        self._on_long_press = create_proxy(self.on_long_press)

    # ---------------------------------------------------------------- start
    def start(self) -> None:
        try:
            self.controller.boot()
        except Exception:  # never a blank page: fall back to the start screen
            self.report()
            self.controller.screen = "start"
        if not self.storage_ok:
            self.controller.start_error = ("start.storage_unavailable", {})
        if self.controller.params.get("hash", "").startswith("#game="):
            self._forget_link()
        self.render()
        for kind, handler in (("click", self.on_click), ("change", self.on_change),
                              ("input", self.on_input), ("keydown", self.on_key),
                              ("pointerdown", self.on_pointer_down),
                              ("pointermove", self.on_pointer_move),
                              ("pointerup", self.on_pointer_end),
                              ("pointercancel", self.on_pointer_end),
                              ("contextmenu", self.on_context_menu)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            self.root.addEventListener(kind, proxy)
        self._width = window.innerWidth
        self._on_frame = create_proxy(self.on_frame)
        resize = create_proxy(self.on_resize)
        self._proxies.extend([self._on_frame, resize])
        window.addEventListener("resize", resize)
        storage = create_proxy(self.on_storage)
        visibility = create_proxy(self.on_visibility)
        self._proxies.extend([storage, visibility])
        window.addEventListener("storage", storage)
        link = create_proxy(self.on_hash_change)
        self._proxies.append(link)
        window.addEventListener("hashchange", link)
        update = create_proxy(self.on_update_ready)
        self._proxies.append(update)
        window.addEventListener("manhattan:update-ready", update)
        if getattr(window, "manhattanUpdateWaiting", False):  # found before Python started
            self.controller.update_ready = True
            self.render()
        document.addEventListener("visibilitychange", visibility)
        keep = create_proxy(self.on_page_hide)
        self._proxies.append(keep)
        window.addEventListener("pagehide", keep)
        document.documentElement.setAttribute("data-ready", "true")
        window.performance.mark("app:ready")  # scripts/bench_tablet_boot.py
        self.ask_persistence()
        self.kick()

    # --------------------------------------------------------------- events
    @staticmethod
    def _data(el: DomElement) -> dict[str, Any]:
        data: dict[str, Any] = {}
        attrs = el.attributes
        for i in range(int(attrs.length)):
            attr = attrs.item(i)
            name = str(attr.name)
            if name.startswith("data-"):
                data[name[5:]] = str(attr.value)
        return data

    # A long press (LONG_PRESS_MS without moving more than LONG_PRESS_SLOP px) on a plot of
    # the board opens the inspector of that tower; the click that ends the press does
    # nothing else. A right click (or a browser's own long-press menu) does the same.
    def _plot_at(self, event: DomEvent) -> dict[str, Any] | None:
        try:
            el = event.target.closest("svg.board [data-city][data-plot]")
        except Exception:  # a text node or the document has no closest()
            return None
        if not present(el):
            return None
        return {"city": str(el.getAttribute("data-city")),
                "plot": str(el.getAttribute("data-plot"))}

    def on_pointer_down(self, event: PointerEvent) -> None:
        self._swallow_click = False
        self._cancel_press()
        plot = self._plot_at(event)
        if plot is None or (str(event.pointerType) == "mouse" and int(event.button) != 0):
            return
        self._press = (plot, float(event.clientX), float(event.clientY))
        self._press_timer = window.setTimeout(self._on_long_press, LONG_PRESS_MS)

    def on_pointer_move(self, event: PointerEvent) -> None:
        if self._press is not None:
            _, x, y = self._press
            if abs(float(event.clientX) - x) + abs(float(event.clientY) - y) > LONG_PRESS_SLOP:
                self._cancel_press()

    def on_pointer_end(self, event: PointerEvent) -> None:
        self._cancel_press()

    def _cancel_press(self) -> None:
        if self._press_timer is not None:
            window.clearTimeout(self._press_timer)
        self._press_timer = None
        self._press = None

    def on_long_press(self, *args: object) -> None:
        press, self._press, self._press_timer = self._press, None, None
        if press is None:
            return
        self._swallow_click = True
        self.dispatch("inspect-plot", press[0])

    def on_context_menu(self, event: PointerEvent) -> None:
        plot = self._plot_at(event)
        if plot is None:
            return
        event.preventDefault()
        if self._press is not None or self._swallow_click:  # the long press handles it
            return
        self.dispatch("inspect-plot", plot)

    def on_click(self, event: DomEvent) -> None:
        if self._swallow_click:  # the end of a long press: the inspector is open already
            self._swallow_click = False
            return
        target = event.target
        try:  # a text node or the document has no closest()
            el = target.closest("[data-action]")
        except Exception:
            return
        if not present(el) and self.controller.menu_open and \
                not present(target.closest(".tb-menu")):
            self.dispatch("menu-close", {})  # a tap outside the open game menu closes it
            return
        if not present(el) or el.hasAttribute("disabled"):
            return
        if str(el.tagName) == "SELECT":  # a chooser acts on change, not on click
            return
        data = self._data(el)
        action = data.pop("action", "")
        self.dispatch(action, data)

    def on_key(self, event: KeyboardEvent) -> None:
        """Keyboard play: Enter or Space acts on a focused plot or city (buttons do so by
        themselves), the arrow keys move between plots as they lie on screen, Escape closes
        the game menu or the rules, else takes back the tentative step."""
        key = str(event.key)
        target = event.target
        try:
            el = target.closest("[data-action]")
        except Exception:
            return
        on_board = present(el) and el.matches(NAVIGABLE) and not target.matches("button")
        # a control drawn as role="button" (a log entry) acts on Enter or Space as a button
        role_button = (present(el) and target.hasAttribute("data-action")
                       and target.getAttribute("role") == "button" and not target.matches("button"))
        if key in ("Enter", " ") and present(el) and (on_board or role_button):
            event.preventDefault()
            data = self._data(el)
            self.dispatch(data.pop("action", ""), data)
        elif key in ARROWS and present(el) and on_board:
            event.preventDefault()
            self._move_focus(el, ARROWS[key])
        elif key == "Escape":
            c = self.controller
            if c.menu_open:
                event.preventDefault()
                self.dispatch("menu-close", {})
            elif c.rules_open:
                self.dispatch("rules-close", {})
            elif c.zoomed_city is not None:
                self.dispatch("zoom-out", {})
            elif present(self.root.querySelector('[data-action="undo"]:not([disabled])')):
                event.preventDefault()
                self.dispatch("undo", {})

    def _move_focus(self, el: DomElement, step: tuple[int, int]) -> None:
        """Focus the plot (or city) next to ``el`` in the arrow's direction on screen: the
        board is turned for each seat, so geometry, not numbering, decides."""
        svg = el.closest("svg")
        if not present(svg):
            return

        def centre(node: DomElement) -> tuple[float, float]:
            box = node.getBoundingClientRect()
            return box.left + box.width / 2, box.top + box.height / 2

        nodes = svg.querySelectorAll(NAVIGABLE)
        found = nearest(centre(el), step, [centre(nodes.item(i))
                                           for i in range(int(nodes.length))])
        if found is not None:
            for i in range(int(nodes.length)):
                _focusable(nodes.item(i)).setAttribute("tabindex", "-1")
            chosen = _focusable(nodes.item(found))
            chosen.setAttribute("tabindex", "0")
            chosen.focus()

    def on_change(self, event: FormEvent) -> None:
        el = event.target
        if el.hasAttribute("data-import"):  # a game file chosen: read it, then check it
            files = el.files
            if present(files) and int(files.length) > 0:
                asyncio.ensure_future(self.read_import(files.item(0)))
            return
        if el.hasAttribute("data-restore"):  # a backup chosen: read it, then restore it
            files = el.files
            if present(files) and int(files.length) > 0:
                asyncio.ensure_future(self.read_restore(files.item(0)))
            el.value = ""  # the same file may be chosen again
            return
        if el.hasAttribute("data-slider"):  # a slider: its action, its value as "step"
            self.dispatch(str(el.getAttribute("data-slider")), {"step": str(el.value)})
        if el.getAttribute("data-action") == "language":
            self.dispatch("language", {"value": str(el.value)})
            return
        if not el.hasAttribute("data-field"):
            return
        data = self._data(el)
        data["value"] = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
        data["committed"] = "true"  # a name is final when the field is left: redraw then
        self.dispatch("field", data)

    async def read_import(self, file: File) -> None:
        """The chosen file's text to the controller (``import-file``); a file far larger
        than any game is refused without being read."""
        if float(file.size) > MAX_SAVE_BYTES:
            self.dispatch("import-file", {"too_large": "true"})
            return
        text = await file.text()
        self.dispatch("import-file", {"text": str(text)})

    async def read_restore(self, file: File) -> None:
        """A backup file's text to the controller (``restore-file``); a file far larger than
        any backup is refused without being read."""
        if float(file.size) > MAX_BACKUP_CHARS * 4:  # UTF-8: at most 4 bytes a character
            self.dispatch("restore-file", {"too_large": "true"})
            return
        text = await file.text()
        self.dispatch("restore-file", {"text": str(text)})

    def ask_persistence(self) -> None:
        """Once the game is in use (a game is stored), ask the browser to keep this site's
        storage (``navigator.storage.persist()``: Safari and others may otherwise evict it).
        Asked once per page; absence and refusal are silent. The answer is on ``<html>``
        as ``data-storage-persist`` = ``granted`` | ``refused`` | ``unsupported`` |
        ``failed`` (tests)."""
        if self._persist_asked or not self.controller.store.ids():
            return
        self._persist_asked = True
        asyncio.ensure_future(self._persist())

    async def _persist(self) -> None:
        html = document.documentElement
        try:
            storage: StorageManager | None = getattr(window.navigator, "storage", None)
            if not present(storage) or not present(getattr(storage, "persist", None)):
                html.setAttribute("data-storage-persist", "unsupported")
                return
            already = present(getattr(storage, "persisted", None)) and bool(await storage.persisted())
            granted = already or bool(await storage.persist())
            html.setAttribute("data-storage-persist", "granted" if granted else "refused")
        except Exception:  # never an error for the person: the games are stored anyway
            html.setAttribute("data-storage-persist", "failed")

    def deliver_download(self, download: Download) -> None:
        """A file the controller offers (an exported game, a backup): handed to the browser."""
        name, text = download.name, download.text
        blob = window.Blob.new([text], to_js({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()

    def on_input(self, event: FormEvent) -> None:
        el = event.target
        if el.getAttribute("data-field") != "name":
            return
        data = self._data(el)
        data["value"] = str(el.value)
        self.dispatch("field", data, render=False)

    def on_resize(self, event: DomEvent) -> None:
        """The board's size may change: draw again at the next frame (at most once)."""
        if not self._resize_pending:
            self._resize_pending = True
            window.requestAnimationFrame(self._on_frame)

    def on_frame(self, timestamp: float | None = None) -> None:
        self._resize_pending = False
        width = window.innerWidth
        if width != self._width:  # turned or resized: show the whole board to measure it
            self._width = width
            self.controller.handle("zoom-out")
        self.render()

    def on_storage(self, event: StorageEvent) -> None:
        """Another tab wrote or deleted a save: adopt the open game if it changed there."""
        key = event.key
        if present(key) and not str(key).startswith("manhattan:"):
            return
        try:
            redraw = keeping.external_change(self.controller)
        except Exception:
            self.report()
            redraw = True
        if redraw:
            self.render()
            self.kick()

    def _forget_link(self) -> None:
        """Take a shared game's link out of the address once opened: a reload must not
        import it again (``replaceState`` fires no ``hashchange``)."""
        try:
            window.history.replaceState(None, "", self.controller.params.get("url", ""))
        except Exception:
            pass

    def on_hash_change(self, event: DomEvent) -> None:
        """A share link pasted into this tab's address bar (only the ``#`` part changes, so
        the page is not loaded again): opened exactly as a link at start
        (``game.web.features.files.open_link``)."""
        fragment = str(window.location.hash or "")
        if not is_link(fragment):
            return
        try:
            files.open_link(self.controller, fragment)
        except Exception:
            self.report()
        self._forget_link()
        self.render()
        self.kick()

    def on_update_ready(self, event: DomEvent) -> None:
        """The service worker of a new version is installed and waiting (assets/boot.js)."""
        self.controller.update_ready = True
        self.render()

    def on_visibility(self, event: DomEvent) -> None:
        """Coming back to the tab (the device may have changed hands): hide the cards of a
        game of two or more people behind the pass-the-device screen."""
        if str(document.visibilityState) == "hidden":
            self.dispatch("hide-cards", {})
            self.keep_boot_screen()

    def on_page_hide(self, event: DomEvent) -> None:
        """Leaving the page: keep its next screen, unless the page went hidden first (its
        ``visibilitychange`` already did, and nothing has happened since)."""
        if str(document.visibilityState) != "hidden":
            self.keep_boot_screen()

    def keep_boot_screen(self) -> None:
        """Keep what the next start of the page will show, for assets/boot.js to draw
        before Python runs (game/web/boot_screen.py). Optional: any failure (storage full,
        an unreadable save) only leaves the next start with the loading screen."""
        if not self.storage_ok:
            return
        backend = self.controller.store.backend
        try:
            found = next_start_screen(backend, self._format_time, self.controller.safari_tab)
            kept = None
            if found is not None:
                screen, tree, game, revision = found
                kept = entry(screen, str(build(document, tree).outerHTML), game, revision)
            if kept is None:
                backend.remove(BOOT_SCREEN_KEY)
            else:
                backend.set(BOOT_SCREEN_KEY, json.dumps(kept))
        except Exception as error:
            window.console.warn("boot screen not kept: " + str(error))

    def dispatch(self, action: str, data: dict[str, Any], render: bool = True) -> None:
        started = time.perf_counter()
        try:
            redraw = self.controller.handle(action, data)
        except Exception:
            self.report()
            redraw = True
        self.root.setAttribute("data-handle-ms", f"{(time.perf_counter() - started) * 1000:.1f}")
        effects = self.controller.take_effects()
        if any(isinstance(e, (Reload, ApplyUpdate)) for e in effects):
            self.run(effects)  # the page goes: nothing else to draw
            return
        if redraw and render:
            self.render()
        self.run(effects)
        self.ask_persistence()
        self.kick()

    def run(self, effects: list[Effect]) -> None:
        """Carry out what the controller asked for (game/web/effects.py), in order."""
        for effect in effects:
            if isinstance(effect, Download):
                self.deliver_download(effect)
            elif isinstance(effect, Reload):
                window.location.reload()
            elif isinstance(effect, ApplyUpdate):
                window.manhattanApplyUpdate()  # assets/boot.js: activate the new worker, reload
            elif isinstance(effect, ShowBoard):
                try:  # (a phone: the board is above the panel that was just used)
                    board = document.getElementById("board")
                    if present(board):
                        board.scrollIntoView(to_js({"block": "start"}))
                except Exception:
                    pass

    # -------------------------------------------------------------- drawing
    def render(self, measure: bool = True) -> None:
        started = time.perf_counter()
        try:
            frame = self.controller.frame()
            tree = render_page(frame)
        except Exception:
            self.report()
            self.controller.session = None
            self.controller.screen = "start"
            frame = self.controller.frame()
            tree = render_page(frame)
        focus = self._focus_key()
        try:
            if self._tree is None or self._node is None:
                self._node = replace_children(document, self.root, tree)
            else:
                self._node = patch(document, self._node, self._tree, tree)
        except Exception:  # the page was changed behind our back: draw it afresh
            self._node = replace_children(document, self.root, tree)
        self._tree = tree
        self._after_draw(focus, frame)
        self.root.setAttribute("data-screen", self.controller.screen_name)
        if self.controller.notice is not None:
            self.root.setAttribute("data-notice", self.controller.notice)
        else:
            self.root.removeAttribute("data-notice")
        self.root.setAttribute("data-busy", "true" if self.jobs.busy else "false")
        self.last_render_ms = (time.perf_counter() - started) * 1000
        self.root.setAttribute("data-render-ms", f"{self.last_render_ms:.1f}")
        if measure and self._measure_board():
            self.render(measure=False)

    # ------------------------------------------------- focus, language, news
    def _focus_key(self) -> list[str] | None:
        """Selectors that find the focused control again after a redraw, most exact first."""
        try:
            el = document.activeElement
            if not present(el) or not self.root.contains(el) or el == self.root:
                return None
            if not el.hasAttribute("data-action") and not el.hasAttribute("data-field"):
                el = el.closest("[data-action]")  # a plot's focusable cell
                if not present(el):
                    return None
            return focus_selectors(self._data(el), present(el.closest(".tb-menu")))
        except Exception:
            return None

    def _after_draw(self, focus: list[str] | None, frame: Frame) -> None:
        """After a redraw: ``<html lang>``, focus back where it was, news read out."""
        try:
            document.documentElement.setAttribute("lang", M.current_language())
            if focus:
                active = document.activeElement
                if not present(active) or not self.root.contains(active) or \
                        active.hasAttribute("disabled") or present(active.closest("[hidden]")):
                    for selector in focus:
                        el = self.root.querySelector(selector)
                        if present(el) and not el.hasAttribute("disabled") and \
                                not present(el.closest("[hidden]")):
                            el = _focusable(el)
                            if el.getAttribute("tabindex") == "-1":
                                el.setAttribute("tabindex", "0")
                            el.focus(to_js({"preventScroll": True}))
                            break
            items = news(frame)
            text = fresh(self._news, items)
            self._news = items
            announcer = document.getElementById("announcer")
            if text and present(announcer):
                announcer.textContent = text
        except Exception:  # accessibility extras must never break drawing
            window.console.warn(traceback.format_exc())

    def _measure_board(self) -> bool:
        """Tell the controller how large a plot of the whole board is on screen (CSS px);
        True when that switched the board between overview and direct taps."""
        try:
            svg = cast("SvgElement | None",  # the selector finds an <svg>
                       self.root.querySelector('svg.board[data-board-view="full"]'))
            if not present(svg):
                return False
            box = svg.getBoundingClientRect()
            view = svg.viewBox.baseVal
            if not box.width or not view.width or not view.height:
                return False
            scale = min(box.width / view.width, box.height / view.height)
            return self.controller.set_board_plot_px(layout.PLOT * scale)
        except Exception:  # measuring is a refinement: never break drawing for it
            return False

    # ------------------------------------------------- background jobs
    # The browser's side of game/web/jobs.py (its BrowserPort): computer turns, hints and
    # the review are scheduled there, in pure Python.
    def kick(self) -> None:
        self.jobs.kick()

    def worker_ready(self) -> bool:
        ai: ThinkingWorker | None = getattr(window, "manhattanAi", None)
        return present(ai) and str(ai.state) == "ready"

    async def ask_worker(self, text: str) -> str:
        """The thinking worker's answer (``assets``: the boot module's
        ``window.manhattanAi``); a rejected promise raises."""
        ai: ThinkingWorker | None = getattr(window, "manhattanAi", None)
        if not present(ai):
            raise RuntimeError("no thinking worker")
        return str(await ai.ask(text))

    def mark(self, name: str, value: str) -> None:
        self.root.setAttribute(name, value)

    @staticmethod
    def perf_now() -> float:
        return float(window.performance.now())

    @staticmethod
    async def sleep(seconds: float) -> None:
        await asyncio.sleep(seconds)

    @staticmethod
    def warn(text: str) -> None:
        """A console warning (also where the controller reports a malformed UI action)."""
        window.console.warn(text)

    def report(self) -> None:
        """The exception being handled: to the console and, in short, to a banner."""
        detail = traceback.format_exc()
        window.console.error(detail)
        self.controller.banner = ("app.error", {"detail": detail.strip().splitlines()[-1]})
