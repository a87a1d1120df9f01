"""The page's states: frozen values per screen and feature, changed by pure
updates that return the new value (and the effects to run), tested without a browser; the
controller's old attributes are views of them."""

from __future__ import annotations

import ast
import dataclasses
import json
import random
from pathlib import Path

import pytest
from play_kit import make_controller, setup_game, tap_decision

from game.actions import Build
from game.material import Card
from game.web.features import coaching as K
from game.web.features import files as S
from game.web.features import following as F
from game.web.features import navigating as N
from game.web.features import page as P
from game.web.features import playing as T
from game.web.features import rules as R
from game.web.features import saved as Saved
from game.web.features.saved import FRESH
from game.web.frames.frame import CoachMove
from game.web.values.effects import ApplyUpdate, CopyText, Download, Reload, ShowLogStep, WritePref
from game.web.values.setup_form import SetupForm

STATES = (P.Page(), N.Home(), T.OPENED, K.Coaching(), S.CLOSED, FRESH, F.LIVE,
          SetupForm.blank(), SetupForm.blank().players[0])


@pytest.mark.parametrize("state", STATES, ids=lambda s: type(s).__name__)
def test_every_state_is_frozen(state):
    field = dataclasses.fields(state)[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(state, field.name, None)


def test_the_page_moves_shows_the_rules_and_goes_round_the_speeds():
    p = P.Page()
    assert P.moved(p, "setup").place == "setup" and p.place == "start"
    assert R.update(R.CLOSED, R.OpenRules()) == (R.Rules(open=True), ())
    assert R.update(R.Rules(open=True), R.CloseRules()) == (R.CLOSED, ())
    speeds = [p.speed]
    for _ in range(3):
        p = P.speed_cycled(p)
        speeds.append(p.speed)
    assert speeds == ["normal", "fast", "slow", "normal"]
    assert P.Page(instant=True).pace == (0.0, 0.0) and P.Page().pace == P.PACE["normal"]


def test_a_measured_plot_decides_the_overview():
    p = P.Page()
    assert not p.compact
    assert P.measured(p, P.MIN_TAP_PX - 1).compact
    assert not P.measured(p, P.MIN_TAP_PX).compact
    assert P.measured(p, -3).plot_px is None and P.measured(p, "x").plot_px is None


def test_updates_with_effects_return_them_as_values():
    assert P.update_applied(P.Page()) == (P.Page(), [ApplyUpdate()])
    assert P.reload_asked(P.Page()) == (P.Page(), [Reload()])


def test_a_delete_asks_first_and_deletes_on_the_confirming_tap():
    h, delete = N.delete_tapped(N.Home(error=("x", {})), "a", True)
    assert not delete and h.confirm_delete == "a"  # not asked yet: this tap asks
    h, delete = N.delete_tapped(h, "b", True)
    assert not delete and h.confirm_delete == "b"  # another save: asked again
    h, delete = N.delete_tapped(h, "b", True)
    assert delete and h.confirm_delete is None and h.error is None
    assert N.left(N.Home(confirm_delete="c")).confirm_delete is None


def test_the_play_screen_state():
    t = T.update(T.OPENED, T.ToggleMenu())[0]
    assert t.menu_open and not T.update(t, T.ToggleMenu())[0].menu_open
    assert T.menu_closed(t) == T.OPENED and T.menu_closed(T.OPENED) is T.OPENED
    zoomed = T.zoomed(T.OPENED, 3, 12)
    assert zoomed.zoom_at == (3, 12) and T.zoomed_out(zoomed).zoom_at is None
    peeked = T.peek_toggled(zoomed)
    assert peeked.peek and peeked.zoom_at is None
    assert T.update(T.OPENED, T.HidePeek())[0] == T.OPENED
    # a tapped plot is a move, unless inspecting or replaying: then its tower is shown
    assert not F.LIVE.taps_inspect
    assert F.inspect_toggled(F.LIVE).taps_inspect and F.replay_opened(F.LIVE, 3).taps_inspect
    assert T.update(peeked, T.HidePeek())[0].peek is False
    build = Build(Card(0, 0), 0, 0, "red", 1)
    shown = T.update(T.OPENED, T.Preview(build))[0]
    assert shown.preview == build and T.update(shown, T.OpenTable())[0] is T.OPENED


def test_the_whole_game_warning_comes_before_the_file():
    c = make_controller()
    setup_game(c, 2, start="0")
    game = c.session.game
    asked, effects = S.whole_export_tapped(S.CLOSED, False, game, 0.0)
    assert asked.whole_export_asked and effects == []
    done, effects = S.whole_export_tapped(asked, True, game, 0.0)
    assert not done.whole_export_asked and len(effects) == 1
    assert isinstance(effects[0], Download)


def test_a_hint_is_asked_once_per_decision():
    key = ("g", 4, 0)
    k = K.hint_asked(K.Coaching(), key)
    assert k is not None and k.hint_job == key
    assert K.hint_asked(k, key) is None
    move = CoachMove(Build(Card(0, 0), 0, 0, "red", 1), "tallest")
    shown = K.hint_answered(k, key, move)
    assert shown.hint_job is None and K.hint_asked(shown, key) is None
    assert shown.hint_frame(key) is not None and shown.hint_frame(key).shown == move
    assert shown.hint_frame(("g", 5, 0)).shown is None and shown.hint_frame(None) is None


def test_the_door_replaces_the_states_and_never_changes_one():
    c = make_controller()
    before = c.rules
    c.update(R.OpenRules())  # the update replaces the state, never changes it
    assert c.rules.open and not before.open and c.screen_name == "rules"
    with pytest.raises(AttributeError):
        c.rules.open = False  # (frozen)
    c.update(Saved.Refused(("storage.full", {"reason": "x"})))
    assert c.saved.banner == ("storage.full", {"reason": "x"})
    c.update(K.AskHint(("g", 1, 0)))
    assert c.coach.hint_job == ("g", 1, 0)
    c.update(K.HintFailed(("g", 2, 0)))  # not the hint asked: it stays asked
    assert c.coach.hint_job == ("g", 1, 0)
    c.update(K.HintFailed(("g", 1, 0)))
    assert c.coach.hint_job is None
    c.update(R.CloseRules())
    c.update(P.Move("setup"))
    assert c.page.place == "setup" and c.screen_name == "setup"
    setup_game(c, 2, start="0")
    c.handle("menu")
    assert c.table.menu_open and c.table.menu_open
    c.handle("log")  # any other tap closes the menu
    assert not c.table.menu_open and c.table.following.log_open


def test_an_update_makes_a_new_model_and_leaves_the_one_it_was_given():
    """The model is a value, the game at the table included: a tap's update returns a new
    model and a new Session; the ones it was given read as before."""
    c = make_controller()
    setup_game(c, 2, names=["A", "B"], start="0")
    c.handle("reveal")
    model, session = c.model, c.session
    assert session is not None
    log, draft, screen = list(session.game.log), session.draft, session.screen
    meta = json.dumps(session.game.meta, sort_keys=True)
    c.handle("menu")
    assert c.table.menu_open and not model.table.menu_open and c.model is not model
    tap_decision(c, random.Random(1).choice(session.state.legal_actions()))
    assert c.session is not session and len(c.session.game.log) > len(log)
    assert session.game.log == log and session.draft == draft and session.screen == screen
    assert json.dumps(session.game.meta, sort_keys=True) == meta and model.session is session


def test_each_state_has_one_update_that_takes_its_actions_and_returns_its_effects():
    """One door per module: ``update(state, action) -> (state, effects)``,
    the same values as the module's pure functions, the effects as a tuple."""
    p = P.Page()
    assert P.update(p, P.Move("setup")) == (P.moved(p, "setup"), ())
    assert P.update(p, P.Notice("other-tab"))[0].notice == "other-tab"
    assert P.update(p, P.UpdateWaiting())[0].update_ready
    assert not P.update(P.Page(safari_tab=True), P.HideHomeCard())[0].safari_tab
    kept = P.update(p, P.SetPrefs(theme="light", muted=True))[0]
    assert (kept.theme, kept.muted, kept.speed, kept.motion) == ("light", True, p.speed, p.motion)
    assert P.update(p, P.MotionWish(None, True))[0].motion == "off"
    assert P.update(p, P.MotionWish("fast", True))[0].motion == "fast"
    assert P.update(p, P.CycleSpeed())[0].speed == "fast"
    cycled = P.motion_cycled(p)
    assert P.update(p, P.CycleMotion()) == (cycled, (WritePref("motion", cycled.motion),))
    assert P.update(p, P.ToggleSound())[0].muted
    assert P.update(p, P.Measure(P.MIN_TAP_PX - 1))[0].compact
    assert P.update(p, P.TakeUpdate()) == (p, (ApplyUpdate(),))
    assert P.update(p, P.AskReload()) == (p, (Reload(),))
    f, effects = F.update(F.LIVE, F.OpenReplay(30))
    assert f == F.replay_opened(F.LIVE, 30) and effects == (ShowLogStep(29),)
    assert F.update(f, F.ReplayTo(4, 30)) == (F.replay_at(f, 4, 30), (ShowLogStep(4),))
    assert F.update(f, F.CloseReplay()) == (F.replay_closed(f), ())
    assert F.update(F.LIVE, F.ShowEntry(3, (10,))) == (F.entry_shown(F.LIVE, 3, (10,)), ())
    assert F.update(F.LIVE, F.Inspect(1, 2))[0].inspected == (1, 2)
    assert F.update(F.LIVE, F.ToggleInspect())[0].inspecting
    assert F.update(F.LIVE, F.ToggleLog())[0].log_open
    assert F.update(F.LIVE, F.ShowMoment(40, 30)) == (F.replay_at(F.LIVE, 29, 30), ())
    assert F.update(f, F.GoLive()) == (F.live(f), ())
    t = T.OPENED
    assert T.update(t, T.ToggleMenu()) == (dataclasses.replace(t, menu_open=True), ())
    assert T.update(t, T.ZoomIn(2, 7)) == (T.zoomed(t, 2, 7), ())
    assert T.update(T.zoomed(t, 2, 7), T.ZoomOut())[0].zoom_at is None
    assert T.update(t, T.TogglePeek())[0].peek
    followed, effects = T.update(t, T.Follow(F.OpenReplay(5)))
    assert followed.following.replay_step == 4 and effects == (ShowLogStep(4),)


def test_a_tap_goes_through_its_modules_update():
    """The handlers call the door: a tap's effect is the one the update returns."""
    c = make_controller()
    setup_game(c, 2, names=["A", "B"], start="0")
    c.handle("reveal")
    c.handle("replay")
    assert c.table.following.replay_step == len(c.session.story()) - 1
    assert c.take_effects() == [ShowLogStep(c.table.following.replay_step)]
    c.handle("motion")
    assert c.page.motion == P.motion_cycled(P.Page()).motion


def test_the_sharing_and_the_coach_have_one_update_too():
    c = make_controller()
    setup_game(c, 2, names=["A", "B"], start="0")
    game = c.session.game
    s, effects = S.update(S.CLOSED, S.ExportWhole(False, game, 0.0))
    assert s.whole_export_asked and effects == ()
    s, effects = S.update(s, S.ExportWhole(True, game, 0.0))
    assert not s.whole_export_asked and [type(e) for e in effects] == [Download]
    assert S.update(S.CLOSED, S.ShowLink("g=1")) == (S.Sharing(share="g=1"), ())
    copied, effects = S.update(S.Sharing(share="g=1"), S.CopyLink("u#g=1"))
    assert copied.copied and effects == (CopyText("u#g=1"),)
    assert S.update(copied, S.CloseLink()) == (S.CLOSED, ())
    key = ("g", 3, 0)
    k, effects = K.update(K.Coaching(), K.AskHint(key))
    assert k.hint_job == key and effects == ()
    assert K.update(k, K.AskHint(key)) == (k, ())  # asked once
    move = CoachMove(Build(Card(0, 0), 0, 0, "red", 1), "tallest")
    shown, _ = K.update(k, K.HintAnswered(key, move))
    assert shown.hint_shown == (key, move) and shown.hint_job is None
    assert K.update(shown, K.ShowReviewItem(2))[0].review_shown == 2


def test_the_start_screen_has_one_update():
    h, effects = N.update(N.Home(), N.Fail(("start.load_failed", {"reason": "x"})))
    assert h.error == ("start.load_failed", {"reason": "x"}) and effects == ()
    asked, _ = N.update(h, N.TapDelete("a", False))
    assert asked == N.delete_tapped(h, "a", False)[0] and asked.confirm_delete == "a"
    assert N.update(asked, N.TapDelete("a", True))[0] == N.delete_tapped(asked, "a", True)[0]
    assert N.update(asked, N.Leave())[0].confirm_delete is None
    assert N.update(h, N.ShowReport(None)) == (h, ())
    assert N.update(h, N.Fail(None))[0].error is None


def test_the_statistics_have_one_update():
    from game.web.features import statistics as St
    s, effects = St.update(St.CLOSED, St.ShowPerson("p1"))
    assert s == St.Stats(chart="p1") and effects == ()
    asked, _ = St.update(s, St.TapForget("p2", False))
    assert asked == St.forget_tapped(s, "p2", False)[0] and asked.forget == "p2"
    assert St.update(asked, St.TapForget("p2", True))[0] == St.Stats(chart="p1")
    assert St.update(s, St.TapReset(False))[0].reset
    assert St.update(s, St.AskMerge("p1", "p3"))[0].merge == ("p1", "p3")
    assert St.update(s, St.Merged("p3", None))[0] == St.Stats(chart="p3")
    refused = ("stats.not_saved", {})
    assert St.update(asked, St.Told(refused))[0] == St.Stats(chart="p1", error=refused)
    assert St.update(s, St.Close()) == (St.CLOSED, ())


def test_the_storage_state_has_one_update():
    """What the storage holds of the open game changes only by the storage's answers
   : written, refused (the computers waiting or not), settled, tried again."""
    holds = ("g1", 5, "{}")
    written, effects = Saved.update(FRESH, Saved.Written("text", holds))
    assert effects == () and (written.saved_text, written.stored) == ("text", holds)
    full = ("storage.full", {"reason": "x"})
    waiting, _ = Saved.update(written, Saved.Refused(full, wait=True))
    assert waiting.banner == full and waiting.storage_wait and waiting.stored == holds
    assert Saved.update(waiting, Saved.Refused(full))[0].storage_wait  # still waiting
    assert Saved.update(waiting, Saved.Retry())[0] == written
    assert Saved.update(waiting, Saved.Written("new", holds))[0].banner is None
    assert Saved.update(waiting, Saved.Settled())[0].banner is None
    other = ("storage.move_not_saved", {"reason": "x"})
    refused, _ = Saved.update(written, Saved.Refused(other))
    assert Saved.update(refused, Saved.Settled())[0] == refused  # only a full storage's goes
    opened, _ = Saved.update(FRESH, Saved.Opened("t", holds))
    assert (opened.saved_text, opened.stored, opened.banner) == ("t", holds, None)
    assert Saved.update(written, Saved.Failed(("app.error", {"detail": "d"})))[0].banner[0] \
        == "app.error"


STATES = {"page", "rules", "home", "table", "coach", "sharing", "saved", "stats", "form",
          "session", "game_id", "shelf", "model"}


def _state_writes(tree: ast.AST) -> list[tuple[str, int]]:
    """(function, line) of each assignment to an attribute named like one of the states."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                else function
            targets: list[ast.expr] = []
            if isinstance(child, ast.Assign):
                targets = child.targets
            elif isinstance(child, (ast.AugAssign, ast.AnnAssign)):
                targets = [child.target]
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Attribute) and part.attr in STATES:
                        found.append((name, child.lineno))
            visit(child, name)

    visit(tree, "<module>")
    return found


def test_only_the_door_replaces_a_state():
    """Every change of the page's states goes through the door (game/web/model/door.py)
    of the one update: no handler, job or shell sets ``c.page``, ``c.table``,
    ``c.session``... nor a field of them, and only the controller keeps the model an
    update made (its fields are read-only views of it)."""
    web = Path(__file__).resolve().parents[2] / "game" / "web"
    allowed = {("model/controller.py", "__init__"), ("model/controller.py", "keep"),
               ("model/controller.py", "receive"), ("model/update.py", "__init__"),
               ("model/update.py", "take"),  # (what a pure composition made through it)
               ("screens/board_svg.py", "__init__")}  # (the board drawer's own coach marks)
    writes = {(str(path.relative_to(web)), function, line)
              for path in web.rglob("*.py")
              for function, line in _state_writes(ast.parse(path.read_text(encoding="utf-8")))
              if (str(path.relative_to(web)), function) not in allowed}
    assert writes == set()
    found = _state_writes(ast.parse("def f(c):\n    c.table = 1\n    c.x.page, y = 2, 3\n"))
    assert found == [("f", 2), ("f", 3)]  # the check sees what it looks for


GAME_CHANGES = {"reveal", "hide_cards", "select_adjust", "choose_card", "choose_piece",
                "tap_plot", "undo", "confirm", "take_back", "settle", "ack_scoring", "commit"}
"""The Session's methods that change the game at the table."""


def _game_changes(tree: ast.AST) -> list[int]:
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in GAME_CHANGES and "session" in ast.unparse(node.func.value)]


def test_only_the_sessions_update_changes_the_game():
    """The game at the table changes only through its one update
    (``game.web.values.session.update``, reached through the door): no handler, job or
    page calls a Session's changing methods itself."""
    web = Path(__file__).resolve().parents[2] / "game" / "web"
    found = {str(path.relative_to(web)): lines for path in sorted(web.rglob("*.py"))
             if str(path.relative_to(web)) != "values/session.py"
             and (lines := _game_changes(ast.parse(path.read_text(encoding="utf-8"))))}
    assert found == {}
    assert _game_changes(ast.parse("c.session.confirm()\nsession.reveal()\n")) == [1, 2]


def test_everything_that_happens_to_the_page_goes_through_its_one_update():
    """A tap (parsed by the action table), the storage's and the jobs' answers and the
    browser's events are typed messages for ``Controller.update``; the runtime and the shell
    never step the page's states themselves."""
    from typing import get_args

    from game.web.values import answers

    assert set(answers.ANSWERS) == set(get_args(answers.StorageAnswer)) | set(
        get_args(answers.JobAnswer))
    web = Path(__file__).resolve().parents[2] / "game" / "web"
    stepped = {}
    for folder in ("runtime", "shell"):
        for path in sorted((web / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "step"
                        and ast.unparse(node.func.value) in ("c", "controller",
                                                             "self.controller", "page.controller")):
                    stepped.setdefault(str(path.relative_to(web)), []).append(node.lineno)
    assert stepped == {}
