"""The frames of the start screen and of the setup form: the public facts of each saved
game, the start screen's state, the form's values (part of the page's :class:`~game.web.
frame.Frame`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..saves.backup import RestoreReport
from ..values.draft import Notice
from ..values.setup_form import SetupForm, controller_id


@dataclass(frozen=True)
class SavedGame:
    """One saved game as the start screen lists it: public facts only."""

    id: str
    updated: float
    size: int = 0
    """Characters stored."""
    newer: bool = False
    """Saved by a newer version of the app: reload to continue (never offered for deletion)."""
    finished: bool = False
    view: bool = False
    """A view (game/public_record.py): replayed, never continued."""
    error: str | None = None
    players: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(name, colours) of each player."""
    round: int = 0
    rounds: int = 0
    phase: str = ""
    winners: tuple[str, ...] = ()


@dataclass(frozen=True)
class StartFrame:
    saves: tuple[SavedGame, ...]
    error: Notice | None
    confirm_delete: str | None
    format_time: Callable[[float], str]
    used: int = 0
    """Characters this app stores in all (saves, preferences)."""
    tutorial: str | None = None
    """The id of a tutorial left unfinished (resumed from the start screen), if any."""
    home_card: bool = False
    """Show how to add the game to the Home Screen, and why (a Safari tab; game.web.runtime.homescreen)."""
    restore: RestoreReport | None = None
    """What the last restored backup brought back and what it skipped (game.web.saves.backup)."""
    restoring: tuple[int, int] | None = None
    """A restore under way: the games of the backup done so far, and in all."""
    theme: str = "auto"
    """The page's colours (the start screen's switch; game.web.features.page.THEMES)."""


@dataclass(frozen=True)
class SetupPlayer:
    name: str
    colours: tuple[str, ...]
    seat: str
    controller: str


@dataclass(frozen=True)
class SetupFrame:
    """The setup form's values at this render."""

    count: int
    players: tuple[SetupPlayer, ...]
    controllers: tuple[str, ...]
    start: str
    rounds: int
    tie_break: bool
    godzilla: str
    progressive: bool
    anti_trust: bool
    secret_selection: bool
    errors: tuple[Notice, ...]
    bad_fields: frozenset[str]
    hints: bool = False
    known_names: tuple[str, ...] = ()
    """The names remembered on this device, the most recent players first: offered on the
    name fields (game.web.saves.records)."""


def setup_frame(form: SetupForm) -> SetupFrame:
    """The form's values as the frozen value the setup screen draws."""
    return SetupFrame(
        count=form.count,
        players=tuple(SetupPlayer(p.name, p.colours, p.seat, controller_id(p.controller))
                      for p in form.players),
        controllers=form.controllers, start=form.start, rounds=form.rounds,
        tie_break=form.tie_break, godzilla=form.godzilla, progressive=form.progressive,
        anti_trust=form.anti_trust, secret_selection=form.secret_selection,
        hints=form.hints, errors=form.errors, bad_fields=form.bad_fields)
