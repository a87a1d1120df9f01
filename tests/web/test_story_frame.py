"""The story in the frame: Godzilla's preview is the engine's outcome, the inspector's
numbers are the engine's, the digest follows the person on turn."""

from __future__ import annotations

import random

from play_kit import make_controller, setup_game, tap_decision

from game.actions import Build
from game.board import floors_needed
from game.material import MAX_PIECE
from game.state import godzilla_target


def to_build_turn(c, rng, want=lambda c: True):
    for _ in range(400):
        s = c.session
        if c.screen_name == "pass":
            c.handle("reveal")
        elif c.screen_name == "scoring":
            c.handle("continue")
        elif s.screen == "turn" and s.state.phase == "build" and want(c):
            return
        elif s.screen == "turn":
            tap_decision(c, rng.choice(s.state.legal_actions()))
    raise AssertionError("no build turn reached")


def test_godzilla_preview_is_what_the_engine_then_does():
    c = make_controller()
    setup_game(c, 3, start="0", godzilla="baby")
    rng = random.Random(4)
    checked = 0
    for _ in range(12):
        to_build_turn(c, rng)
        state = c.session.state
        builds = [a for a in state.legal_actions() if isinstance(a, Build)]
        if not builds:
            break
        build = rng.choice(builds)
        c.handle("card", {"card": f"{build.card.row},{build.card.col}"})
        seat = c.session.settings.seat_of(state.current)
        preview = c.frame().play.table.godzilla_preview
        early = preview
        assert preview.target == godzilla_target(state.godzilla, seat, build.card)
        c.handle("piece", {"floors": str(build.floors), "colour": build.colour})
        c.handle("plot", {"city": str(build.city), "plot": str(build.plot)})
        preview = c.frame().play.table.godzilla_preview
        removed = sum(state.removed)
        c.handle("confirm")
        after = c.session.state
        assert after.godzilla == preview.target
        assert sum(after.removed) - removed == sum(f for _, f in preview.destroys)
        if build.city * 9 + build.plot != preview.target:  # known once the card is chosen
            assert early.destroys == preview.destroys
        checked += 1
    assert checked >= 5


def test_inspector_numbers_and_build_answer_are_the_engines():
    c = make_controller()
    setup_game(c, 4, start="0")
    rng = random.Random(5)
    to_build_turn(c, rng, want=lambda c: c.session.state.round >= 2)
    state = c.session.state
    c.handle("inspect-mode")
    for pos, tower in enumerate(state.board):
        city, plot = divmod(pos, 9)
        c.handle("plot", {"city": str(city), "plot": str(plot)})
        ins = c.frame().play.table.inspector
        assert (ins.city, ins.plot, ins.height) == (city, plot, sum(f for _, f in tower))
        legal = [a for a in state.legal_actions()
                 if isinstance(a, Build) and (a.city, a.plot) == (city, plot)]
        assert (ins.build == "yes") == bool(legal)
        if legal:
            assert ins.smallest == min(a.floors for a in legal)
        for name, need in ins.threats:
            n = floors_needed(tower, state.settings.colour_index(name))
            assert need == (None if n > MAX_PIECE else max(n, 1))
    assert c.session.draft is not None and c.session.draft.city is None  # nothing was built


def test_the_digest_is_for_the_person_on_turn_and_marks_their_changed_plots():
    c = make_controller()
    setup_game(c, 3, start="0")
    rng = random.Random(6)
    to_build_turn(c, rng, want=lambda c: c.session.state.round >= 2)
    story = c.frame().play.table.story
    player = c.session.state.current
    assert story.digest_for == player
    assert story.marked == frozenset(p for e in c.session.story().since_last_turn(player)
                                     for p in e.positions)
