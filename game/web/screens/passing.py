"""The pass screen (the device goes to the next person: no board, no hand) and "Undo my
move", which it shares with a computer's turn. Drawn from :class:`PassFrame` and
:class:`ComputerFrame` only."""

from __future__ import annotations

from .. import messages
from ..frames.frame import ComputerFrame, PassFrame
from .common import button, chips, language_select, said
from .story import digest_block
from .vdom import El, h


def take_back_block(screen: PassFrame | ComputerFrame) -> El | None:
    """ "Take back my move" while the last person's move may be taken back (on the pass screen
    until the next person shows their cards; before the computers reply, with "Done")."""
    mover = screen.mover
    if mover is None:
        return None
    name = screen.table.name(mover)
    computer = isinstance(screen, ComputerFrame)
    done = button(messages.t("undo.done"), "settle", cls="btn primary") if computer else None
    computers = sum(spec.played_by != "human" for spec in screen.table.settings.players)
    waiting = "undo.waiting_one" if computers == 1 else "undo.waiting"
    return h("div", {"class": "take-back", "data-take-back": mover},
             h("p", {"class": "take-back-text"},
               said(waiting if computer else "undo.pass", name=name)),
             h("div", {"class": "take-back-buttons"},
               h("button", {"type": "button", "class": "btn secondary take-back-button",
                             "data-action": "take-back"},
                 # one flex item: the words, then the name in its brackets, never broken
                 h("span", {}, messages.t("undo.button"), " ",
                   h("span", {"class": "take-back-who"}, said("undo.button_who", name=name)))),
               done))


def render_pass(screen: PassFrame) -> El:
    """The device passes to the person on turn: whose turn, the digest since their last
    one, "Take back my move"; no board and no hand."""
    f = screen.table
    current = f.view.current
    assert current is not None  # the pass screen is for a person on turn
    spec = f.settings.players[current]
    return h("div", {"class": "pass", "data-screen": "pass", "data-turn": current},
             h("button", {"type": "button", "class": "pass-card", "data-action": "reveal",
                           "data-reveal": current},
               h("span", {"class": "pass-chips"}, chips(spec.colours)),
               h("span", {"class": "pass-heading"}, said("pass.heading", name=spec.name)),
               h("span", {"class": "pass-seat"},
                 said("pass.seat", name=spec.name, seat=messages.seat(spec.seat))),
               h("span", {"class": "pass-privacy"}, messages.t("pass.privacy")),
               h("span", {"class": "btn primary big pass-tap"},
                 # one flex item: the button's layout never parts (or squeezes) the name
                 h("span", {}, said("pass.tap", name=spec.name)))),
             take_back_block(screen),
             digest_block(f),
             h("div", {"class": "pass-tools"},
               button(messages.t("play.rules"), "rules", cls="btn small ghost"),
               language_select(show_label=False),
               button(messages.t("play.exit"), "home", cls="btn small ghost")))
