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


OUTLINES = {"target-ring", "coach-ring", "focus-ring", "last-ring", "changed-ring", "godzilla-next"}


def outlines_on(plot) -> set[tuple[str, object, object]]:
    """The outlines drawn on a plot, one per place (the dashes of several players' last
    builds share one outline)."""
    out = set()
    for el in plot.walk():
        cls = set(str(el.attrs.get("class", "")).split())
        if cls & OUTLINES:
            out.add((el.tag, el.attrs.get("x", el.attrs.get("cx")), el.attrs.get("width")))
    return out


def test_a_plot_never_shows_more_than_two_outlines():
    """Through a game of four people, after every move: no plot carries more than two
    outlines, even where it is a target, changed since your turn and someone's last build
    at once (such a plot is met: the test would see a third)."""
    c = make_controller()
    setup_game(c, 4, names=["Ann", "Bob", "Cy", "Dee"], start="0")
    rng = random.Random(7)
    crowded = 0
    for _ in range(160):
        if c.screen_name == "pass":
            c.handle("reveal")
            continue
        if c.screen_name == "scoring":
            c.handle("continue")
            continue
        if c.screen_name == "final":
            break
        s = c.session
        builds = [a for a in s.state.legal_actions() if isinstance(a, Build)]
        if builds:
            on_tower = [a for a in builds if s.state.board[a.city * 9 + a.plot]]
            action = rng.choice(on_tower or builds)
            # card and piece chosen: the targets are drawn with the other marks
            c.handle("card", {"card": f"{action.card.row},{action.card.col}"})
            c.handle("piece", {"floors": str(action.floors), "colour": action.colour})
            for plot in c.render().find_all(data_legal="true"):
                marks = {"data-changed", "data-last-of"} & set(plot.attrs)
                crowded += len(marks) == 2
                assert len(outlines_on(plot)) <= 2, plot.attrs
            c.handle("plot", {"city": str(action.city), "plot": str(action.plot)})
            c.handle("confirm")
        else:
            tap_decision(c, rng.choice(s.state.legal_actions()), rng)
        for plot in c.render().find_all(data_action="plot"):
            assert len(outlines_on(plot)) <= 2, plot.attrs
    assert crowded


def test_the_tallest_medal_is_a_crown_and_a_shared_one_differs_in_outline():
    """The medal's shape is no colour's cue (palette.SHAPE: circle, square, triangle...):
    a crown; the shared medal differs from the sole one in its outline (a square-cornered
    frame, not a disc) and its drawing (an equals sign), not only in fill."""
    from game.web.screens import palette
    from game.web.screens.svg_pieces import tallest_medal

    sole, shared = tallest_medal(0, 0, True), tallest_medal(0, 0, False)
    assert sole.attrs["data-medal"] == "crown" and "crown" not in palette.SHAPE.values()
    assert [e.tag for e in sole.walk() if "tallest-medal" in str(e.attrs.get("class"))] == ["circle"]
    assert [e.tag for e in shared.walk() if "tallest-medal" in str(e.attrs.get("class"))] == ["rect"]
    assert any(e.attrs.get("class") == "tallest-equal" for e in shared.walk())
    assert not any(e.attrs.get("class") == "tallest-equal" for e in sole.walk())


KEYED = {
    "cue": "colour", "seat-cue": "colour", "height-badge": "height", "height-text": "height",
    "floor-text": "floors", "chip-text": "floors", "lock-body": "safe", "lock-shackle": "safe",
    "tallest-mark": "tallest", "tallest-medal": "tallest", "tallest-peak": "tallest",
    "tallest-tie": "tallest-tie", "tallest-equal": "tallest-tie", "city-majority": "majority",
    "majority-text": "majority", "majority-none": "majority-none", "target-ring": "target",
    "pending": "pending", "last-ring": "last", "changed-ring": "changed",
    "focus-ring": "focus", "godzilla": "godzilla", "godzilla-ring": "godzilla",
    "godzilla-foot": "godzilla", "godzilla-next": "godzilla_next", "closed-veil": "closed",
    "closed-text": "closed", "coach-ring": "coach", "coach-ring-hint": "coach",
    "coach-mark-hint": "coach", "current": "start",
}
"""Each class of a mark on the board and the row of the board's key that explains it."""
GROUND = {"board", "board-bg", "city-block", "city-name", "closed", "has-legal", "hit",
          "city-hit", "city", "tile", "lot", "plot", "legal", "last", "tower-shadow",
          "top-piece", "ghost-piece", "tower-labels", "seat-label", "seat-name",
          "destroyed-flash", "inspected", "changed", "focus", "coach-hint"}
"""What the board draws that is not a mark to explain: its ground, the plots and towers
themselves, the hooks of a mark drawn by another element, a flash that fades."""


def test_the_key_explains_every_mark_the_board_draws():
    """Through a game with Godzilla and progressive construction, each board drawn (with a
    card and a piece chosen, so the targets show): every class it draws is a mark whose row
    is in the key beside it, or the board's ground; a new mark without a row fails here."""
    c = make_controller()
    setup_game(c, 4, names=["Ann", "Bob", "Cy", "Dee"], start="0", godzilla="godzilla",
               progressive="true")
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(200):
        if c.screen_name == "pass":
            c.handle("reveal")
            continue
        if c.screen_name == "scoring":
            c.handle("continue")
            continue
        if c.screen_name == "final":
            break
        s = c.session
        action = rng.choice(s.state.legal_actions())
        if isinstance(action, Build):
            c.handle("card", {"card": f"{action.card.row},{action.card.col}"})
            c.handle("piece", {"floors": str(action.floors), "colour": action.colour})
            c.handle("plot", {"city": str(action.city), "plot": str(action.plot)})
            tree = c.render()
            board = next(e for e in tree.walk()
                         if e.tag == "svg" and "board" in str(e.attrs.get("class")).split())
            rows = {str(e.attrs["data-key"]) for e in tree.walk() if "data-key" in e.attrs}
            drawn = {cls for e in board.walk() for cls in str(e.attrs.get("class", "")).split()}
            assert not drawn - KEYED.keys() - GROUND, drawn - KEYED.keys() - GROUND
            assert {KEYED[cls] for cls in drawn & KEYED.keys()} <= rows, drawn
            seen |= drawn
            c.handle("confirm")
        else:
            tap_decision(c, action, rng)
    # the game met the marks the key is about
    assert {"target-ring", "pending", "last-ring", "lock-body", "godzilla-next",
            "closed-veil", "tallest-mark"} <= seen, sorted(seen)
