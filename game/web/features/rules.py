"""The rules help, over whatever screen is open (the rules screen's own state).

The rules can be opened from the start screen, the setup screen, the game menu and the
statistics; closing them shows the screen below again as it was, so their state is only
whether they are open (:class:`Rules`), apart from :class:`~game.web.features.page.Page`'s
place. What they show is fixed (game/web/screens/rules_help.py draws every picture from the
engine). Their one door is :func:`update`; leaving a screen closes them (the taps of
:mod:`game.web.features.navigating` and :mod:`game.web.features.statistics`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never


@dataclass(frozen=True)
class Rules:
    open: bool = False


CLOSED = Rules()


@dataclass(frozen=True)
class OpenRules:
    pass


@dataclass(frozen=True)
class CloseRules:
    pass


RulesAction = OpenRules | CloseRules


def update(r: Rules, action: RulesAction) -> tuple[Rules, tuple[()]]:
    """The rules' one update: open or closed; they ask nothing of the browser."""
    match action:
        case OpenRules():
            return Rules(open=True), ()
        case CloseRules():
            return CLOSED, ()
        case _:
            assert_never(action)
