"""Moving around the page: the start screen, the setup, the rules, the game menu, the
language, the saved games, the speed, zooming and the final board (issue 24.1: the page's
handlers, each ``(controller, arguments)``, listed in :data:`game.web.controller.ACTIONS`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import messages as M
from .. import tutorial as T
from ..coach import hints_on
from ..runtime.effects import ApplyUpdate, Reload
from ..setup_form import SetupForm, play_alone_settings
from . import keeping

if TYPE_CHECKING:
    from ..controller import Controller

SPEEDS = ("slow", "normal", "fast")
HOME_CARD = "home_card"  # preference: "dismissed" once the Home Screen card is closed
ALLOWED_PREFS: dict[str, tuple[str, ...]] = {
    "lang": tuple(M.LANGUAGES), "speed": SPEEDS, HOME_CARD: ("dismissed",)}
"""The preferences this app keeps, with their valid values (a restored backup's others are
ignored)."""


def go_home(c: Controller, args: None) -> None:
    c.set_session(None, None)
    c.store.set_current(None)
    c.rules_open = False
    c.confirm_delete = None


def open_rules(c: Controller, args: None) -> None:
    c.rules_open = True


def close_rules(c: Controller, args: None) -> None:
    c.rules_open = False


def toggle_menu(c: Controller, args: None) -> None:
    """Open or close the game menu of the top bar (its tools: log, inspect, speed, hide
    the cards, rules, language, saved games)."""
    c.menu_open = not c.menu_open and c.screen == "play"


def close_menu(c: Controller, args: None) -> None:
    c.menu_open = False


def start_setup(c: Controller, args: None) -> None:
    if c.session is not None:
        c.form = SetupForm.from_settings(c.session.settings, c.controllers)
        c.form.hints = hints_on(c.session.game.meta)
    c.set_session(None, None)
    c.store.set_current(None)
    c.screen = "setup"


def play_alone(c: Controller, args: None) -> None:
    """One tap: one person against three computer players (medium), four-player rules."""
    c.rules_open = False
    c.new_game(play_alone_settings())


def start_tutorial(c: Controller, args: None) -> None:
    """The first-game tutorial: resumed where it was left, else a new one (fixed seed)."""
    c.rules_open = False
    ident = c.tutorial_id()
    if ident is not None and c.open_game(ident):
        return
    c.new_game(T.settings(), seed=T.SEED)
    assert c.session is not None
    c.session.game.meta[T.META] = "on"
    keeping.persist(c)


def keep_tutorial(c: Controller, args: None) -> None:
    """Keep the tutorial's game: from now on it is listed as a saved game."""
    if c.session is not None and c.session.game.meta.get(T.META) == "on":
        c.session.game.meta[T.META] = "kept"


def set_language(c: Controller, code: str) -> None:
    """Speak ``code`` from now on, on any screen (a running game goes on), and keep the
    choice for the next visit."""
    M.set_language(code)
    prefs = c.store.prefs()
    prefs["lang"] = M.current_language()
    c.store.set_prefs(prefs)
    c.form.relabel()


def continue_game(c: Controller, ident: str) -> None:
    c.start_error = None
    c.open_game(ident)


def delete_game(c: Controller, args: tuple[str, bool]) -> None:
    ident, confirmed = args
    if c.confirm_delete == ident and confirmed:
        c.store.delete(ident)
        c.confirm_delete = None
        if c.start_error is not None:
            c.start_error = None
    else:
        c.confirm_delete = ident


def delete_finished(c: Controller, confirmed: bool) -> None:
    """Free space: delete every finished game, after a second, confirming tap."""
    if not confirmed:
        c.confirm_delete = "finished"
        return
    for entry in c.entries():
        if entry.game is not None and entry.game.state.is_over:
            c.store.delete(entry.id)
    c.confirm_delete = None
    c.start_error = None


def dismiss_home_card(c: Controller, args: None) -> None:
    prefs = c.store.prefs()
    prefs[HOME_CARD] = "dismissed"
    c.store.set_prefs(prefs)
    c.safari_tab = False  # gone now, even when the storage refuses to keep the choice


def apply_update(c: Controller, args: None) -> None:
    """Switch to the waiting new version (the browser layer activates it and reloads;
    the open game is in the storage and reopens)."""
    c.effects.append(ApplyUpdate())


def request_reload(c: Controller, args: None) -> None:
    """The page reloads itself."""
    c.effects.append(Reload())


def cycle_speed(c: Controller, args: None) -> None:
    c.speed = SPEEDS[(SPEEDS.index(c.speed) + 1) % len(SPEEDS)]
    prefs = c.store.prefs()
    prefs["speed"] = c.speed
    c.store.set_prefs(prefs)


def toggle_peek(c: Controller, args: None) -> None:
    c.peek = not c.peek
    c.zoom_at = None


def zoom_in(c: Controller, city: int) -> bool:
    if not (0 <= city < 6 and c.zoom_allowed()) or c.session is None:
        return False
    c.zoom_at = (city, len(c.session.game.log))
    return True


def zoom_out(c: Controller, args: None) -> None:
    c.zoom_at = None
