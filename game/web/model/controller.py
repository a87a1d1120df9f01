"""The holder of the page's model: it keeps the current
:class:`~game.web.model.model.Model`, hands each message to the one update
(:func:`game.web.model.update.update`), keeps the model that comes back and queues its
effects for the interpreter (:meth:`Controller.take_effects`). It changes nothing itself.

Two entry points of messages: :meth:`Controller.handle` for taps (the table of
:mod:`game.web.model.ui_actions` parses each into its typed message) and
:meth:`Controller.update` for everything else (the storage's answers to its effects, the
background jobs' answers, the browser's events; :mod:`game.web.values.answers`). The
attributes the browser shell, the jobs and the tests read (``page``, ``session``,
``screen_name``, ``hint_request()``...) are the current model's.

The page (:mod:`game.web.runtime.app`) turns DOM events into ``handle`` calls, draws
:meth:`Controller.render`, runs the effects it asks for and its background jobs
(:mod:`game.web.runtime.jobs`). Everything a player can do is therefore testable in CPython.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ...ai import OFFERED, ComputerPlayer
from ...match import Game
from .. import messages
from ..features.page import MIN_TAP_PX, PACE, Page, default_motion, is_speed, kept_theme
from ..features.sounds import SOUND_PREF
from ..frames.frame import Frame
from ..saves.storage import SaveStore, now
from ..screens.dispatch import render_page
from ..screens.start import local_time_text
from ..screens.vdom import El
from ..values.answers import StorageAnswer
from ..values.effects import Download, Effect, Save
from ..values.setup_form import SetupForm
from . import framing, keeping
from .env import Env
from .model import SCREEN_OF_TABLE, Model, ReadsModel
from .ui_actions import ACTIONS
from .update import Message, Updated, boot, update

__all__ = ["MIN_TAP_PX", "PACE", "SCREEN_OF_TABLE", "Controller", "Message", "computer_ids"]


def computer_ids() -> tuple[str, ...]:
    return tuple(level.id for level in OFFERED)


class Controller(ReadsModel):
    """The page's model between two messages, what its updates read besides it, and the
    effects asked for since the shell last took them."""

    def __init__(self, store: SaveStore, params: Mapping[str, str] | None = None,
                 clock: Callable[[], float] | None = None,
                 format_time: Callable[[float], str] = local_time_text,
                 report: Callable[[str], None] | None = None, safari_tab: bool = False,
                 reduced_motion: bool = False, web_share: bool = False,
                 language: str | None = None, entropy: random.Random | None = None):
        params = MappingProxyType(dict(params or {}))  # (fixed for the page's life)
        controllers = ("human",) + computer_ids()
        # The clock is looked up when called (``now``), so a test that fixes time.time fixes
        # it here too, whenever this object was made.
        self.env = Env(store=store, params=params, clock=clock if clock is not None else now,
                       format_time=format_time,  # a save time as the person's local time
                       report=report or _report_to_stderr,  # the browser passes console.warn
                       controllers=controllers, computer_players={},
                       entropy=entropy if entropy is not None else random.Random())
        prefs = store.prefs()
        speed = prefs.get("speed")
        # The language the page opens in (the shell's pick: ?lang=, the kept choice, the
        # browser's), else the one spoken around it (the command line's, a test's).
        language = messages.known_language(
            language if language is not None else messages.current_language())
        self.model = Model(
            page=Page(language=language, speed=speed if is_speed(speed) else "normal",
                      motion=default_motion(prefs.get("motion"), reduced_motion),
                      theme=kept_theme(prefs.get("theme")),
                      muted=prefs.get(SOUND_PREF) == "off",
                      instant=params.get("fast") in ("1", "true", "yes"),
                      safari_tab=safari_tab, web_share=web_share),
            form=_blank_form(controllers, language))
        self.effects: list[Effect] = []
        """What the browser shell must do (game/web/values/effects.py), taken after each
        message."""

    # ------------------------------------------------------------- messages
    def boot(self) -> None:
        """The page's start: a shared link opened, else the game asked for or the last one
        reopened, else the start screen."""
        self.keep(boot(self.env, self.model))

    def update(self, message: Message) -> bool:
        """The one update (:func:`game.web.model.update.update`) of ``message``: the model
        it makes kept, its effects queued. True when the page must be drawn again though
        its sender would not draw."""
        return self.keep(update(self.env, self.model, message))

    def keep(self, updated: Updated) -> bool:
        self.model = updated.model
        self.effects.extend(updated.effects)
        return updated.redraw

    def handle(self, action: str, data: Mapping[str, Any] | None = None) -> bool:
        """Apply one tap or change through the table of UI actions
        (:data:`game.web.model.ui_actions.ACTIONS`).
        Returns True to draw again. What the tap asks of the outside world is queued
        (:meth:`take_effects`), first the Save of a game it changed: the interpreter writes
        it before the drawing, a download, a reload or a computer's thinking. Unknown
        or malformed: nothing changes, reported through the report."""
        entry = ACTIONS.get(action)
        if entry is None:
            self.env.report(f"unknown UI action {action!r}")
            return False
        try:
            tap = entry.parse(data or {})
        except (TypeError, ValueError, KeyError) as error:
            self.env.report(f"malformed UI action {action!r} {dict(data or {})!r}: {error}")
            return False
        adopted = self.update(tap)
        return adopted or entry.redraws(data or {})

    def receive(self, answer: StorageAnswer) -> list[Effect]:
        """The storage's answer to one of the page's storage effects, through the one
        update; the effects it asks for are returned for the interpreter to run next."""
        updated = update(self.env, self.model, answer)
        self.model = updated.model
        return list(updated.effects)

    def due_write(self, save: Save) -> tuple[str, Game] | None:
        """The open game to write for ``save``: None when the game holds something else
        now (a newer Save follows) or holds what is stored already."""
        model = self.model
        if model.session is None or model.game_id is None:
            return None
        if keeping.contents(model) == save.holds != model.saved.stored:
            return model.game_id, model.session.game
        return None

    # -------------------------------------------------------------- effects
    def take_effects(self) -> list[Effect]:
        """The effects asked for since the last call, in order (the shell runs them)."""
        effects, self.effects = self.effects, []
        return effects

    def put_back(self, effects: list[Effect]) -> None:
        """Effects taken and not run yet (the storage's ran first), queued again before
        any asked for since."""
        self.effects[:0] = effects

    def take_download(self) -> tuple[str, str] | None:
        """The first file asked for since the last call, as (name, text); the other effects
        are kept (for tests, which read a download without a browser)."""
        for effect in self.effects:
            if isinstance(effect, Download):
                self.effects.remove(effect)
                return effect.name, effect.text
        return None

    # ------------------------------------------------------------- drawing
    def frame(self) -> Frame:
        """Everything this render draws, as one frozen value (game/web/model/framing.py)."""
        return framing.frame(self.model, self.env.format_time, self.env.params.get("url", ""))

    def render(self) -> El:
        return render_page(self.frame())

    # --------------------------------------------- what the update reads besides the model
    @property
    def store(self) -> SaveStore:
        return self.env.store

    @property
    def params(self) -> Mapping[str, str]:
        return self.env.params

    @property
    def clock(self) -> Callable[[], float]:
        return self.env.clock

    @property
    def report(self) -> Callable[[str], None]:
        return self.env.report

    @property
    def controllers(self) -> tuple[str, ...]:
        return self.env.controllers

    @property
    def computer_players(self) -> dict[str, ComputerPlayer]:
        return self.env.computer_players


def _blank_form(controllers: tuple[str, ...], language: str) -> SetupForm:
    """The setup form as it opens, its default names in ``language``."""
    with messages.speaking(language):
        return SetupForm.blank(controllers)


def _report_to_stderr(text: str) -> None:
    print(text, file=sys.stderr)
