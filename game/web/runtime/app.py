"""The page in plain Python: everything between the browser and the controller except
touching the browser itself. Events come in as the browser's objects, typed by their protocols
(game/web/runtime/js_types.py); they become taps (game/web/runtime/events.py) sent through
:meth:`Controller.handle`; what a tap asks for comes back as effects, run by the one
interpreter (game/web/runtime/interpreter.py); the frame is drawn
(game/web/runtime/drawing.py); the background jobs (game/web/runtime/jobs.py) reach the
browser through this page. The browser itself is a :class:`Browser`: the shell's
(game/web/shell/browser.py) or a fake one (tests/web/test_page.py), so all of it runs
under plain pytest.
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from collections.abc import Awaitable, Callable, Iterable
from typing import Protocol

from ...save import MAX_SAVE_BYTES
from .. import messages
from ..features.playing import BoardKey, ZoomOut, board_shown
from ..model.controller import Controller, Message
from ..saves.backup import MAX_BACKUP_CHARS
from ..saves.sharing import is_link
from ..screens import memo
from ..screens.dispatch import render_page
from ..values.answers import (
    BoardMeasured,
    FrameFailed,
    LinkOpened,
    PageBroke,
    StartFailed,
    StorageChangedElsewhere,
    StorageOff,
    UpdateFound,
)
from ..values.effects import (
    LEAVES_PAGE,
    TIMER_NAMES,
    Announce,
    AskPersistence,
    CountPending,
    Effect,
    ForgetLink,
    KeepBootScreen,
    Think,
    TimerName,
)
from ..values.session import HideCards
from . import events
from .boot_screen import entry, next_start_screen
from .dom import build
from .drawing import Drawing, focusable
from .focus import NAVIGABLE, nearest
from .interpreter import EffectPort, Interpreter
from .jobs import Jobs
from .js_types import (
    Document,
    DomElement,
    DomEvent,
    File,
    FormEvent,
    JsObject,
    KeyboardEvent,
    PointerEvent,
    StorageEvent,
    present,
)


class Browser(EffectPort, Protocol):
    """The browser as the page needs it: the effects' port and a few facts and services."""

    def options(self, values: dict[str, object]) -> JsObject:
        """``values`` as a JavaScript object (``to_js``), for a DOM call's options."""
        ...

    def inner_width(self) -> int: ...

    def location_hash(self) -> str: ...

    def worker_ready(self) -> bool: ...

    def ask_worker(self, text: str) -> Awaitable[str]: ...

    def perf_now(self) -> float: ...

    def sleep(self, seconds: float) -> Awaitable[None]: ...

    def warn(self, text: str) -> None:
        """``console.warn``."""
        ...

    def error(self, text: str) -> None:
        """``console.error``."""
        ...


class App:
    """The page in the browser, in plain Python: its events in, its effects out, its
    drawing, its background jobs."""

    def __init__(self, controller: Controller, document: Document, root: DomElement,
                 browser: Browser, storage_ok: bool = True,
                 format_time: Callable[[float], str] | None = None) -> None:
        self.controller = controller
        self.document = document
        self.root = root
        self.browser = browser
        self.storage_ok = storage_ok
        self.format_time = format_time
        self.drawing = Drawing(document, root, browser.options)
        self.jobs = Jobs(controller, self)  # computer turns, hints, the review
        self.interpreter = Interpreter(controller, browser, self.jobs.kick)
        self.press = events.NO_PRESS
        self.resize = events.Resize()
        self.persist_asked = False
        self.last_render_ms = 0.0
        self.building: BoardKey | None = None  # the building turn last drawn (board_shown)
        self.game_drawn: str | None = None  # the last game at the table drawn
        self.stopped = False

    # ---------------------------------------------------------------- start
    def start(self, width: int, update_waiting: bool) -> None:
        """The first drawing: the game booted (a link opened, the last game reopened)."""
        c = self.controller
        try:
            # a result the storage refused last time, counted now
            self.run([CountPending(c.clock())])
        except Exception:  # never in the way of the start
            self.report()
        try:
            c.boot()
        except Exception:  # never a blank page: fall back to the start screen
            self.report()
            c.update(StartFailed())
        self.store_queued()
        if not self.storage_ok:
            c.update(StorageOff())
        if c.params.get("hash", "").startswith("#game="):
            self.run([ForgetLink(c.params.get("url", ""))])
        self.resize = events.Resize(width)
        if update_waiting:  # found before Python started
            c.update(UpdateFound())
        self.render()
        self.run(self.after_change())

    def stop(self) -> None:
        """This page is done: its jobs and timers are cancelled, and nothing that still
        reaches it (a job's last step, a timer that fired, an answer on its way) draws,
        stores or runs an effect any more. The shell then builds a new page in its place
        (its developer option ``restart``: the browser tests' page started afresh without a
        reload)."""
        self.stopped = True
        self.jobs.stop()
        for name in TIMER_NAMES:
            self.browser.cancel_timer(name)

    def run(self, effects: Iterable[Effect]) -> None:
        if not self.stopped:
            self.interpreter.run(effects)

    def store_queued(self) -> None:
        """Carry out the storage effects the controller queued outside a tap (opening the
        last game at the start, adopting another tab's); the others stay queued."""
        c = self.controller
        c.put_back(self.interpreter.save_first(c.take_effects()))

    def after_change(self) -> list[Effect]:
        """After a tap or an outside change: the jobs look for work, and once the game is in
        use (a game is stored) the browser is asked, once a page, to keep the storage."""
        if self.persist_asked or not self.controller.store.ids():
            return [Think()]
        self.persist_asked = True
        return [AskPersistence(), Think()]

    # --------------------------------------------------------------- events
    def dispatch(self, tap: events.Tap | None, render: bool = True) -> None:
        """A tap or a change of the page (its ``data-action`` and arguments), parsed by the
        action table into its message and carried out (:meth:`carry`)."""
        if tap is not None:
            action, data = tap
            self.carry(lambda: self.controller.handle(action, data), render)

    def send(self, message: Message, render: bool = True) -> None:
        """A message of the page's own (not a tap's) carried out as a tap is."""
        self.carry(lambda: self.controller.update(message), render)

    def carry(self, update: Callable[[], bool], render: bool = True) -> None:
        """The update, then its storage effects before the drawing, the drawing, the rest
        of its effects and the jobs."""
        if self.stopped:
            return
        started = time.perf_counter()
        try:
            redraw = update()
        except Exception:
            self.report()
            redraw = True
        self.root.setAttribute("data-handle-ms", f"{(time.perf_counter() - started) * 1000:.1f}")
        effects = self.controller.take_effects()
        if any(isinstance(e, LEAVES_PAGE) for e in effects):
            self.run(effects)  # the page goes: nothing else to draw
            return
        rest = self.interpreter.save_first(effects)  # stored before it is drawn
        if redraw and render:
            self.render()
        self.run(rest + self.after_change())

    def on_click(self, event: DomEvent) -> None:
        self.press, swallowed = events.clicked(self.press)
        if not swallowed:  # (else the end of a long press: the inspector is open already)
            self.dispatch(events.click(event.target, self.controller.table.menu_open))

    def on_key(self, event: KeyboardEvent) -> None:
        c = self.controller
        undo = self.root.querySelector('[data-action="undo"]:not([disabled])')
        escape = events.Escape(c.table.menu_open, c.rules.open, c.zoomed_city is not None, present(undo))
        tap, prevent, move = events.key(str(event.key), event.target, escape)
        if prevent:
            event.preventDefault()
        if move is not None:
            self.move_focus(*move)
        self.dispatch(tap)

    def move_focus(self, el: DomElement, step: tuple[int, int]) -> None:
        """Focus the plot (or city) next to ``el`` in the arrow's direction on screen: the
        board is turned for each seat, so geometry, not numbering, decides."""
        svg = el.closest("svg")
        if not present(svg):
            return

        def centre(node: DomElement) -> tuple[float, float]:
            box = node.getBoundingClientRect()
            return box.left + box.width / 2, box.top + box.height / 2

        nodes = svg.querySelectorAll(NAVIGABLE)
        found = nearest(centre(el), step, [centre(nodes.item(i)) for i in range(int(nodes.length))])
        if found is not None:
            for i in range(int(nodes.length)):
                focusable(nodes.item(i)).setAttribute("tabindex", "-1")
            chosen = focusable(nodes.item(found))
            chosen.setAttribute("tabindex", "0")
            chosen.focus()

    def on_change(self, event: FormEvent) -> None:
        el = event.target
        for kind, read in (("data-import", self.read_import), ("data-restore", self.read_restore)):
            if el.hasAttribute(kind):  # a file chosen: read it, then check it
                chosen = el.files
                if present(chosen) and int(chosen.length) > 0:
                    asyncio.ensure_future(read(chosen.item(0)))
                if kind == "data-restore":
                    el.value = ""  # the same file may be chosen again
                return
        for tap in events.change(el):
            self.dispatch(tap)

    def on_input(self, event: FormEvent) -> None:
        self.dispatch(events.typed(event.target), render=False)

    async def read_import(self, file: File) -> None:
        """The chosen file's text to the controller (``import-file``); a file far larger
        than any game is refused without being read."""
        await self._read(file, "import-file", MAX_SAVE_BYTES)

    async def read_restore(self, file: File) -> None:
        """A backup file's text (``restore-file``), refused unread when far too large."""
        await self._read(file, "restore-file", MAX_BACKUP_CHARS * 4)  # UTF-8: 4 bytes a char

    async def _read(self, file: File, action: str, limit: float) -> None:
        if float(file.size) > limit:
            self.dispatch((action, {"too_large": "true"}))
            return
        text = await file.text()
        self.dispatch((action, {"text": str(text)}))

    def on_pointer_down(self, event: PointerEvent) -> None:
        primary = str(event.pointerType) != "mouse" or int(event.button) == 0
        self.press, effects = events.pointer_down(self.press, events.plot_at(event.target),
                                             primary, float(event.clientX), float(event.clientY))
        self.run(effects)

    def on_pointer_move(self, event: PointerEvent) -> None:
        self.press, effects = events.pointer_move(self.press, float(event.clientX), float(event.clientY))
        self.run(effects)

    def on_pointer_end(self, event: PointerEvent) -> None:
        self.press, effects = events.pointer_end(self.press)
        self.run(effects)

    def on_context_menu(self, event: PointerEvent) -> None:
        prevent, tap = events.context_menu(self.press, events.plot_at(event.target))
        if prevent:
            event.preventDefault()
        self.dispatch(tap)

    def on_timer(self, name: TimerName) -> None:
        if self.stopped:
            return
        if name == "long-press":
            self.press, tap = events.long_press(self.press)
            self.dispatch(tap)
            return
        self.resize, changed = events.frame_due(self.resize, self.browser.inner_width())
        if changed:  # turned or resized: show the whole board to measure it
            self.controller.update(ZoomOut())
        self.render()

    def on_resize(self, event: DomEvent) -> None:
        self.resize, effects = events.resized(self.resize)
        self.run(effects)

    def on_storage(self, event: StorageEvent) -> None:
        """Another tab wrote or deleted a save: adopt the open game if it changed there."""
        key = event.key
        if present(key) and not str(key).startswith("manhattan:"):
            return
        try:
            redraw = self.controller.update(StorageChangedElsewhere())
        except Exception:
            self.report()
            redraw = True
        self.store_queued()
        if redraw:
            self.render()
            self.run([Think()])

    def on_hash_change(self, event: DomEvent) -> None:
        """A share link pasted into this tab's address bar (only the ``#`` part changes, so
        the page is not loaded again): opened exactly as a link at start."""
        fragment = self.browser.location_hash()
        if not is_link(fragment):
            return
        try:
            self.controller.update(LinkOpened(fragment))
            self.store_queued()
        except Exception:
            self.report()
        self.run([ForgetLink(self.controller.params.get("url", ""))])
        self.render()
        self.run([*self.controller.take_effects(), Think()])  # the replay's log step shown

    def on_update_ready(self, event: DomEvent) -> None:
        """The service worker of a new version is installed and waiting (assets/boot.js)."""
        self.controller.update(UpdateFound())
        self.render()

    def on_visibility(self, event: DomEvent) -> None:
        """Leaving the tab (the device may change hands): hide the cards of a game of two
        or more people behind the pass-the-device screen, and keep the next start's screen."""
        if str(self.document.visibilityState) == "hidden":
            self.send(HideCards())
            self.keep_boot_screen()

    def on_page_hide(self, event: DomEvent) -> None:
        """Leaving the page: keep its next screen, unless the page went hidden first."""
        if str(self.document.visibilityState) != "hidden":
            self.keep_boot_screen()

    def keep_boot_screen(self) -> None:
        """Keep what the next start of the page will show, for assets/boot.js to draw
        before Python runs (game/web/runtime/boot_screen.py). Optional: any failure (storage full,
        an unreadable save) only leaves the next start with the loading screen."""
        if not self.storage_ok:
            return
        backend = self.controller.store.backend
        try:
            page = self.controller.page
            found = next_start_screen(backend, self.format_time, page.safari_tab,
                                      self.controller.store.tab, page.plot_px, page.language)
            kept = None
            if found is not None:
                screen, tree, game, revision = found
                kept = entry(screen, str(build(self.document, tree).outerHTML), game, revision,
                             page.language)
            self.run([KeepBootScreen(None if kept is None else json.dumps(kept))])
        except Exception as error:
            self.browser.warn("boot screen not kept: " + str(error))

    # -------------------------------------------------------------- drawing
    def render(self, measure: bool = True) -> None:
        """Draw the page (:meth:`draw`, which only reads the model), then hand back what the
        drawing found out, as messages: a frame that could not be built (the start screen
        instead) and the size a plot of the whole board measures (an overview on a phone:
        drawn again)."""
        if self.stopped:
            return
        if not self.draw():
            self.controller.update(FrameFailed())
            self.draw()
        if measure and self.measure_board():
            self.draw()

    def draw(self) -> bool:
        """The model drawn: its frame, the element tree, the DOM patched, the focus found
        again, the news read out. It reads the model and changes nothing of it. False (and
        nothing drawn) when the frame could not be built."""
        started = time.perf_counter()
        c = self.controller
        if c.game_id is not None and c.game_id != self.game_drawn:
            memo.forget_all()  # another game: the last one's drawings are not drawn again
            self.game_drawn = c.game_id
        try:
            frame = c.frame()
            tree = render_page(frame)
        except Exception:
            self.report()
            return False
        d = self.drawing
        focus = d.focus_key()
        d.draw(tree)
        try:  # after a redraw: <html lang data-*>, the focus back, news read out
            html = self.document.documentElement
            wanted = "wanted" if self.jobs.worker_wanted else "idle"
            for name, value in (("lang", frame.language), ("data-thinking", wanted),
                                *c.page.html_data):
                # Only a change is set: Chromium restyles the whole page on any `lang` set,
                # the same value too (data-*: assets/css/app.css, assets/sound.js, and the
                # thinking worker's client in scripts/boot.template.mjs).
                if html.getAttribute(name) != value:
                    html.setAttribute(name, value)
            d.restore_focus(focus)
            with messages.speaking(frame.language):
                text = d.announcement(frame)
            if text:
                self.run([Announce(text)])
            self.building, effects = board_shown(self.building, frame)
            self.run(effects)
        except Exception:  # accessibility extras must never break drawing
            self.browser.warn(traceback.format_exc())
        root = self.root
        root.setAttribute("data-screen", c.screen_name)
        if c.page.notice is not None:
            root.setAttribute("data-notice", str(c.page.notice))
        else:
            root.removeAttribute("data-notice")
        root.setAttribute("data-busy", "true" if self.jobs.busy else "false")
        self.last_render_ms = (time.perf_counter() - started) * 1000
        root.setAttribute("data-render-ms", f"{self.last_render_ms:.1f}")
        return True

    def measure_board(self) -> bool:
        """Tell the controller how large a plot of the whole board is on screen; True when
        that switched the board between overview and direct taps."""
        try:
            px = self.drawing.plot_px()
            return px is not None and self.controller.update(BoardMeasured(px))
        except Exception:  # measuring is a refinement: never break drawing for it
            return False

    # ------------------------------------------------- the jobs' BrowserPort
    def worker_ready(self) -> bool:
        return self.browser.worker_ready()

    def ask_worker(self, text: str) -> Awaitable[str]:
        return self.browser.ask_worker(text)

    def carry_out(self) -> None:
        self.run(self.controller.take_effects())

    def mark(self, name: str, value: str) -> None:
        if not self.stopped:
            self.root.setAttribute(name, value)

    def perf_now(self) -> float:
        return self.browser.perf_now()

    def sleep(self, seconds: float) -> Awaitable[None]:
        return self.browser.sleep(seconds)

    def warn(self, text: str) -> None:
        """A console warning (also where the controller reports a malformed UI action)."""
        self.browser.warn(text)

    def report(self) -> None:
        """The exception being handled: to the console and, in short, to a banner."""
        detail = traceback.format_exc()
        self.browser.error(detail)
        self.controller.update(PageBroke(detail.strip().splitlines()[-1]))


