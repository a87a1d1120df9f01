"""The first-game tutorial: a short guided game that teaches by doing.

One person (south, start player) against three easy computer players, always the same deal
(a fixed seed), so the first cards and towers are the same for everyone. The tutorial is an
ordinary saved game whose ``meta["tutorial"]`` is ``"on"``: it can be left (it is saved like
any game) and resumed from the start screen, and it is not listed among the saved games
unless the person keeps it (``"kept"``, then it is an ordinary game that still shows its
lessons). The lesson for each moment is worked out here from the session (the step of the
draft, whether a take-over is possible now, a scoring) and shown by the page as a catalogue
message (``tutorial.*``).
"""

from __future__ import annotations

from typing import Any

from ...actions import Build
from ...ai.levels import GREEDY
from ...board import owner
from ...material import PLOTS_PER_CITY
from ...settings import Settings
from ...state import SELECT
from ..values.draft import BuildDraft
from ..values.session import Session
from ..values.setup_form import computer_settings

META = "tutorial"
SEED = "tutorial-1"
LEVEL = GREEDY
"""The computer players of the tutorial: easy, and quick on any device."""


def settings() -> Settings:
    return computer_settings((None,) + (LEVEL,) * 3, start_player=0)


def takeover_possible(session: Session) -> bool:
    """Whether the person on turn could build on a tower of another colour now."""
    view = session.turn_view()
    mine = set(view.settings.player_colours[view.player])
    for action in view.legal_actions():
        if isinstance(action, Build):
            top = owner(view.board[action.city * PLOTS_PER_CITY + action.plot])
            if top is not None and top not in mine:
                return True
    return False


def lesson(session: Session) -> tuple[str, dict[str, Any]] | None:
    """The lesson for this moment of the tutorial's game: (message id, parameters)."""
    screen = session.screen
    state = session.state
    if screen == "final":
        return ("tutorial.final", {})
    if screen == "scoring":
        return ("tutorial.scoring", {})
    if screen == "computer":
        return ("tutorial.watch", {})
    if screen != "turn":
        return None
    if state.phase == SELECT:
        if len(state.scorings) == 1:  # said once, after the first scoring; then play on
            return ("tutorial.done", {})
        if state.scorings:
            return None
        return ("tutorial.select", {"need": state.settings.pieces_per_round})
    draft = session.draft
    if not isinstance(draft, BuildDraft):
        return None
    if draft.kind == "return":
        return ("tutorial.return", {})
    if draft.city is not None:
        return ("tutorial.confirm", {})
    if draft.card is None:
        if takeover_possible(session):
            return ("tutorial.takeover", {})
        return ("tutorial.card", {})
    if draft.floors is None:
        return ("tutorial.piece", {})
    return ("tutorial.plot", {})
