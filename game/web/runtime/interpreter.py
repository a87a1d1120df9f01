"""The one effect interpreter: every effect an update returns (game/web/values/effects.py)
is carried out here, in order, against an :class:`EffectPort`: the real browser in the
shell (game/web/shell/browser.py), a fake one in the tests (tests/web/test_interpreter.py).

Two kinds are plain Python and need no browser: the storage effects are the storage port's
(:class:`~game.web.runtime.storing.Storing`, on the controller's ``SaveStore``: the only
code that writes to the storage), whose answers go back to the controller as messages
(:meth:`Controller.receive`), and :class:`Think` starts the background jobs
(``Jobs.kick``). Everything else is one call of the port.

Two rules of order: a tap queues its Save first, and the page carries out the storage
effects before it draws (:meth:`Interpreter.save_first`), so a refused write is on the
screen the tap draws, and it is written before a download, a reload or a computer's
thinking could lose it; the effects an answer asks for run next, before the rest of the
batch. A Save the storage refuses takes the move back: the sounds of that move, later in
the same batch, are dropped.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol, assert_never

from ..values.answers import SaveConflicted, SaveRefused
from ..values.effects import (
    STORAGE_EFFECTS,
    Announce,
    ApplyUpdate,
    AskPersistence,
    CancelTimer,
    CopyText,
    Download,
    Effect,
    ForgetLink,
    ReadShelf,
    Reload,
    ShareLink,
    ShowBoard,
    ShowLogStep,
    Sound,
    SoundKind,
    Think,
    Timer,
    TimerName,
)
from .storing import Storing

if TYPE_CHECKING:
    from ..model.controller import Controller


class EffectPort(Protocol):
    """What the effects need of the browser. Each call is final: the port absorbs what
    the browser refuses (an old browser, a blocked history) and never raises for it."""

    def download(self, name: str, text: str) -> None:
        """Offer a file (a Blob behind a link clicked once)."""
        ...

    def reload(self) -> None:
        """``location.reload()``."""
        ...

    def apply_update(self) -> None:
        """Activate the waiting service worker and reload (assets/boot.js)."""
        ...

    def forget_link(self, url: str) -> None:
        """``history.replaceState(null, "", url)`` (fires no ``hashchange``)."""
        ...

    def show_board(self) -> None:
        """Scroll ``#board`` into view."""
        ...

    def copy_text(self, text: str) -> None:
        """``navigator.clipboard.writeText(text)``; refused: select the share field."""
        ...

    def share_link(self, url: str, title: str) -> None:
        """``navigator.share({url, title})`` (a cancelled sheet is no error)."""
        ...

    def show_log_step(self, step: int) -> None:
        """Scroll the log's own box to its current entry (``.log-list
        [aria-current="step"]``, drawn for ``step``), if there is one; nothing else moves."""
        ...

    def announce(self, text: str) -> None:
        """Put ``text`` in the live region ``#announcer``."""
        ...

    def start_timer(self, name: TimerName, delay_ms: int | None) -> None:
        """Call the page's ``on_timer(name)`` after ``delay_ms`` (None: the next animation
        frame); a timer of that name already running is replaced."""
        ...

    def cancel_timer(self, name: TimerName) -> None:
        """Stop the timer ``name`` if it runs."""
        ...

    def ask_persistence(self) -> None:
        """``navigator.storage.persist()``, its answer on ``<html data-storage-persist>``."""
        ...

    def play_sound(self, kind: SoundKind) -> None:
        """``window.manhattanSound(kind)`` (assets/sound.js)."""
        ...


class Interpreter:
    """Runs effects for one page: its controller (the store port), the port, the jobs."""

    def __init__(self, controller: Controller, port: EffectPort, think: Callable[[], None]) -> None:
        self.controller = controller
        self.port = port
        self.think = think
        self.storing = Storing(controller.store, controller.due_write)

    def run(self, effects: Iterable[Effect]) -> None:
        """Carry out ``effects`` in order."""
        self.after_saves(effects, draw=False)

    def save_first(self, effects: Iterable[Effect]) -> list[Effect]:
        """Carry out the storage effects among ``effects`` now (before the tap is drawn),
        with what their answers ask for, and return the others, in order, to run after
        the drawing."""
        return self.after_saves(effects, draw=True)

    def after_saves(self, effects: Iterable[Effect], draw: bool) -> list[Effect]:
        """Run ``effects`` in order (with ``draw``, only the storage's; the rest is
        returned). The effects of a storage answer run next; the sounds of a move whose
        Save the storage refused are dropped."""
        kept = True
        rest: list[Effect] = []
        queue = deque(effects)
        while queue:
            effect = queue.popleft()
            if isinstance(effect, ReadShelf) and any(isinstance(e, ReadShelf) for e in queue):
                continue  # read once, after the batch's writes
            if isinstance(effect, STORAGE_EFFECTS):
                answer = self.storing.run(effect)
                if answer is None:
                    continue
                if isinstance(answer, (SaveConflicted, SaveRefused)):
                    kept = False  # the move was taken back, or another tab's game adopted
                queue.extendleft(reversed(self.controller.receive(answer)))
            elif isinstance(effect, Sound) and not kept:
                continue  # the move was taken back: it makes no sound
            elif draw:
                rest.append(effect)
            else:
                self.one(effect)
        return rest

    def one(self, effect: Effect) -> None:
        port = self.port
        if isinstance(effect, STORAGE_EFFECTS):
            self.after_saves([effect], draw=False)
        elif isinstance(effect, Think):
            self.think()
        elif isinstance(effect, Announce):
            port.announce(effect.text)
        elif isinstance(effect, Timer):
            port.start_timer(effect.name, effect.delay_ms)
        elif isinstance(effect, CancelTimer):
            port.cancel_timer(effect.name)
        elif isinstance(effect, Download):
            port.download(effect.name, effect.text)
        elif isinstance(effect, Reload):
            port.reload()
        elif isinstance(effect, ApplyUpdate):
            port.apply_update()
        elif isinstance(effect, ForgetLink):
            port.forget_link(effect.url)
        elif isinstance(effect, AskPersistence):
            port.ask_persistence()
        elif isinstance(effect, ShowBoard):
            port.show_board()
        elif isinstance(effect, CopyText):
            port.copy_text(effect.text)
        elif isinstance(effect, ShareLink):
            port.share_link(effect.url, effect.title)
        elif isinstance(effect, ShowLogStep):
            port.show_log_step(effect.step)
        elif isinstance(effect, Sound):
            port.play_sound(effect.kind)
        else:
            assert_never(effect)
