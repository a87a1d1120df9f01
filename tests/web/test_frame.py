"""The UI seam: screens draw one frozen frame, never the session, the state or the match.

Checked two ways: the screens' imports (AST, so hidden information has no path to them) and
the frame's contents (a frame made for a player holds no other player's hand, and no hand at
all while the device is passed).
"""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest
from play_kit import make_controller, play_to_end, setup_game, tap_decision

from game.material import Card
from game.view import PlayerView
from game.web.frames.frame import (
    ComputerFrame,
    FinalFrame,
    Frame,
    MenuFrame,
    PassFrame,
    PlayPage,
    ReplayFrame,
    ScoringFrame,
    SetupPage,
    StartPage,
    TableFrame,
    TurnFrame,
)

WEB = Path(__file__).resolve().parents[2] / "game" / "web"
DRAWING = sorted((WEB / "screens").glob("*.py"))  # the board and its pieces too
FORBIDDEN = {"session", "state", "match", "controller", "storage", "save"}


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names.add(module.split(".")[-1])
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name.split(".")[-1] for alias in node.names)
    return names


@pytest.mark.parametrize("path", DRAWING, ids=lambda p: p.name)
def test_screens_and_the_board_import_neither_session_state_nor_match(path):
    assert not (_imported_modules(path) & FORBIDDEN), path.name


def test_the_import_check_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from ..session import Session\nfrom ...state import BUILD\n")
    assert _imported_modules(bad) & FORBIDDEN == {"session", "state"}


def _hands_in(value, seen=None) -> list[tuple[Card, ...]]:
    """Every tuple of cards anywhere inside a frame (dataclasses, tuples, dicts)."""
    out: list[tuple[Card, ...]] = []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            out.extend(_hands_in(getattr(value, field.name)))
    elif isinstance(value, (tuple, list, frozenset)):
        if value and all(isinstance(v, Card) for v in value):
            out.append(tuple(value))
        else:
            for v in value:
                out.extend(_hands_in(v))
    elif isinstance(value, dict):
        for v in value.values():
            out.extend(_hands_in(v))
    return out


def _check_frame(c, frame: Frame) -> None:
    assert dataclasses.is_dataclass(frame)
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.screen = "x"  # type: ignore[misc]
    if not isinstance(frame, PlayPage):
        return
    play = frame.play
    table = play.table
    state = c.session.state
    played = {tuple(pile) for pile in state.played}
    hands = [h for h in _hands_in(play) if h not in played]
    allowed = {tuple(state.hands[table.viewer])} if table.show_private else set()
    for hand in hands:  # (another hand may equal the viewer's: 4 copies of each card)
        assert hand in allowed or hand == (), (play.kind, hand)
    # The viewer's view carries no other hand, and the draw pile only as a number.
    assert isinstance(table.view, PlayerView)
    assert table.view.player == table.viewer
    assert isinstance(table.view.deck_size, int)
    if not table.show_private:
        assert table.view.hand == ()


@pytest.mark.slow
@pytest.mark.parametrize("count", [2, 3, 4])
def test_a_frame_holds_no_other_players_hand_through_a_whole_game(count):
    c = make_controller()
    setup_game(c, count, start="0")
    seen = set()

    def check(controller, name):
        frame = controller.frame()
        _check_frame(controller, frame)
        if isinstance(frame, PlayPage):
            seen.add(frame.play.kind)

    play_to_end(c, random.Random(count), on_step=check)
    assert {"pass", "turn", "scoring", "final"} <= seen


def test_a_frame_is_built_once_per_render_and_is_immutable():
    c = make_controller()
    setup_game(c, 3, controllers=["human", "greedy", "random"], start="0")
    frame = c.frame()
    assert isinstance(frame, PlayPage) and isinstance(frame.play, TurnFrame)
    assert frame.play.kind == "turn"  # one person: no pass screen
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.play.table.viewer = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.play.draft = None  # type: ignore[misc]
    assert c.render() == c.render()
    action = c.session.state.legal_actions()[0]
    tap_decision(c, action)
    assert c.frame() != frame


def test_each_screen_family_has_its_own_frame_type():
    """The frame is a tagged union: the start screen, the setup and a game each have
    their own frame type, with exactly their own part."""
    c = make_controller()
    start = c.frame()
    assert isinstance(start, StartPage) and start.kind == "start" and start.screen == "start"
    assert not hasattr(start, "play") and not hasattr(start, "setup")
    c.handle("new-game")
    setup = c.frame()
    assert isinstance(setup, SetupPage) and setup.kind == "setup" and setup.screen == "setup"
    assert not hasattr(setup, "start") and not hasattr(setup, "banner")
    c.handle("rules")
    assert c.frame().screen == "rules" and c.frame().rules_open
    c.handle("rules-close")
    setup_game(c, 2, start="0")
    play = c.frame()
    assert isinstance(play, PlayPage) and play.kind == "play" and play.screen == "pass"
    assert not hasattr(play, "start")


FRAME_OF = {"pass": PassFrame, "turn": TurnFrame, "computer": ComputerFrame,
            "scoring": ScoringFrame, "final": FinalFrame, "replay": ReplayFrame}
OWN_FIELDS = {
    PassFrame: {"kind", "table", "mover"},
    TurnFrame: {"kind", "table", "menu", "draft", "confirmable", "selection", "hint"},
    ComputerFrame: {"kind", "table", "menu", "mover"},
    ScoringFrame: {"kind", "table", "menu", "acked", "peek", "sealed"},
    FinalFrame: {"kind", "table", "menu", "standings", "hints_used", "review", "peek", "sealed"},
    ReplayFrame: {"kind", "table", "menu", "replay", "review"},
}


@pytest.mark.slow
def test_each_game_screen_has_its_own_frame_type_with_only_its_fields():
    """A game's frame is one frozen type per screen (a tagged union); the
    table's facts are a common value each holds, the rest is the screen's own: no draft
    outside a turn, no menu on the pass screen, a review only at the end or in the replay.
    The drawn ``data-mode`` is the frame's tag."""
    c = make_controller()
    setup_game(c, 3, controllers=["human", "human", "greedy"], start="0")
    kinds: dict[str, type] = {}

    def check(controller, name):
        frame = controller.frame()
        assert isinstance(frame, PlayPage)
        play = frame.play
        kinds[play.kind] = type(play)
        assert type(play) is FRAME_OF[controller.session.screen]
        assert {f.name for f in dataclasses.fields(play)} == OWN_FIELDS[type(play)]
        assert isinstance(play.table, TableFrame)
        assert isinstance(getattr(play, "menu", None), MenuFrame) != isinstance(play, PassFrame)
        mode = controller.render().find(data_screen="play")
        if mode is not None:
            assert mode.attrs["data-mode"] == play.kind

    play_to_end(c, random.Random(4), on_step=check)
    c.handle("replay")
    frame = c.frame()
    assert isinstance(frame, PlayPage) and isinstance(frame.play, ReplayFrame)
    assert c.render().find(data_screen="play").attrs["data-mode"] == "replay"
    assert {f.name for f in dataclasses.fields(frame.play)} == OWN_FIELDS[ReplayFrame]
    assert set(kinds) == {"pass", "turn", "computer", "scoring", "final"}
    assert all(kinds[k] is FRAME_OF[k] for k in kinds)

