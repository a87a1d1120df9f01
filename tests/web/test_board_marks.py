"""The board's marks on a plot never hide what the tower says.

The last move's outline (and any other ring: a change since your turn, a target, Godzilla's
next plot) is drawn under the tower's labels: the height badge, the owner's chip and the
floor chips (a colour's cue and "4"), so a colour's cue stays readable on the tower that just changed."""

from __future__ import annotations

import random

from play_kit import make_controller, setup_game, tap_decision

from game.actions import Build
from game.web.screens.svg_pieces import LABELS

RINGS = {"last-ring", "changed-ring", "target-ring", "focus-ring", "destroyed-flash"}


def order_in(plot):
    """The plot's drawing in paint order: (class, text) of each element."""
    return [(str(el.attrs.get("class", "")), el.text() if el.tag == "text" else "")
            for el in plot.walk()]


def played_until_a_tower_was_built_on():
    """A game with computers' builds until the last move went on a tower already standing."""
    c = make_controller()
    setup_game(c, 4, names=["Ann", "Bob", "Cy", "Dee"], start="0")
    rng = random.Random(4)
    for _ in range(400):
        s = c.session
        if c.screen_name == "pass":
            c.handle("reveal")
            continue
        if c.screen_name == "scoring":
            c.handle("continue")
            continue
        actions = s.state.legal_actions()
        on_tower = [a for a in actions if isinstance(a, Build)
                    and s.state.board[a.city * 9 + a.plot]]
        action = rng.choice(on_tower) if on_tower and rng.random() < .7 else rng.choice(actions)
        tap_decision(c, action, rng)
        tree = c.render()
        for plot in tree.find_all(data_last_of=True):
            if int(plot.attrs.get("data-height", 0)) > 1:
                return c, tree, plot
    raise AssertionError("no build on a tower")


def test_the_floor_chips_are_drawn_above_the_last_move_outline():
    _, _, plot = played_until_a_tower_was_built_on()
    drawn = order_in(plot)
    classes = [cls for cls, _ in drawn]
    rings = [i for i, cls in enumerate(classes) if set(cls.split()) & RINGS]
    assert any("last-ring" in classes[i] for i in rings)
    labels = classes.index(LABELS)
    assert max(rings) < labels, drawn  # every ring first, the labels over them
    floor_texts = [i for i, (cls, _) in enumerate(drawn) if "floor-text" in cls]
    assert floor_texts and min(floor_texts) > labels
    # each floor chip shows its colour's cue, then a number
    for i in floor_texts:
        text = drawn[i][1]
        assert "cue" in drawn[i - 1][0].split() and text.isdigit(), (drawn[i - 1], text)
    # nothing after the labels but the marks that belong on top (the medal, the coach's)
    after = [cls for cls, _ in drawn[labels + 1:]]
    assert not set(" ".join(after).split()) & RINGS
