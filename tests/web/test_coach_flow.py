"""The coach in the UI logic: the "hints" setup option and its save, a
hint on the board for the person holding the device only, hints used in the final
standings, the post-game review (two passes, progress, cancel, a decision on the board).

The background loop (``Jobs.run_coach``, game/web/runtime/jobs.py; tests/web/test_jobs.py) is
played here by ``serve``: the same controller calls, answered by
:func:`game.web.thinking.coach.compute` (the worker's code)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from play_kit import make_controller, play_computers, play_to_end, setup_game, tap_decision

import game.web.thinking.review as R
from game.actions import Build, is_chance
from game.ai import STRONGEST, parse_level
from game.ai.explain import reason_for
from game.ai.levels import HEURISTIC
from game.web import messages
from game.web.frames.frame import PassFrame, ReplayFrame
from game.web.model.ui_actions import ACTIONS
from game.web.saves.storage import MemoryBackend
from game.web.thinking.coach import COACH_META, Answer, compute, hints_asked, hints_on
from game.web.values.answers import HintComputed, ReviewAnswered, ReviewDue

CHEAP = parse_level("search[iterations=12;root_width=4;inner_width=2;select_width=3]")


@pytest.fixture
def cheap_levels(monkeypatch):
    """The strongest level's place taken by a tiny search (the real one needs ~0.5 s a
    decision in CPython): the flow is under test here, not the search."""
    import game.web.thinking.coach as coach
    monkeypatch.setattr(coach, "STRONGEST", CHEAP)
    monkeypatch.setattr(R, "STRONGEST", CHEAP)


def serve_hint(c) -> None:
    request = c.hint_request()
    assert request is not None
    c.update(HintComputed(None, request, compute(request)))


def actions_drawn(tree) -> set[str]:
    return {el.attrs["data-action"] for el in tree.find_all(data_action=True)}


def to_person_turn(c) -> None:
    for _ in range(50):
        if c.screen_name == "pass":
            c.handle("reveal")
        elif c.screen_name == "scoring":
            c.handle("continue")
        elif c.session.screen == "computer":
            play_computers(c, limit=1)
        else:
            return


def test_hints_are_off_by_default_and_old_saves_have_none():
    c = make_controller()
    setup_game(c, 2, controllers=["human", "greedy"])
    assert not hints_on(c.session.game.meta)
    to_person_turn(c)
    tree = c.render()
    assert "hint" not in actions_drawn(tree)
    c.handle("hint")  # refused quietly: the game has no hints
    assert c.hint_request() is None
    assert not tree.find_all(data_hints_used=True)


def test_a_hint_for_the_person_on_turn_is_shown_on_the_board(cheap_levels):
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 3, controllers=["human", "greedy", "greedy"], hints=True)
    assert hints_on(c.session.game.meta)
    to_person_turn(c)
    rng = random.Random(3)
    shown_kinds = set()
    for _ in range(12):  # several decisions: selections and builds
        to_person_turn(c)
        if c.session.state.is_over:
            break
        tree = c.render()
        assert "hint" in actions_drawn(tree)
        c.handle("hint")
        assert c.render().find(data_hint_busy="true") is not None
        request = c.hint_request()
        assert request.level == CHEAP and request.view == c.session.turn_view()
        serve_hint(c)
        tree = c.render()
        text = tree.find(data_hint_reason=True)
        assert text is not None and text.text().strip()
        shown = c.hint_frame().shown
        shown_kinds.add(type(shown.action).__name__)
        assert shown.action in c.session.turn_view().legal_actions()
        if isinstance(shown.action, Build):
            a = shown.action
            plot = tree.find(data_city=a.city, data_plot=a.plot)
            assert plot.attrs.get("data-coach") == "hint"
            card = tree.find(data_hint="true", data_card=f"{a.card.row},{a.card.col}")
            assert card is not None
            assert any(p.attrs.get("data-floors") == a.floors
                       for p in tree.find_all(data_action="piece", data_hint="true"))
        tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
        # the next decision starts without a hint
        to_person_turn(c)
        assert c.hint_frame() is None or c.hint_frame().shown is None
    assert shown_kinds >= {"Select", "Build"}
    stored = json.loads(backend.data[next(k for k in backend.data if "save:" in k)])
    assert stored["meta"][COACH_META]["hints"] is True
    assert stored["meta"][COACH_META]["asked"]["0"] >= 10


def test_two_equally_good_moves_are_both_named_and_outlined(cheap_levels):
    """When the evaluation cannot tell the hint from its runner-up, the hint says "either
    of these is fine" and outlines both plots; each move keeps its own reason."""
    c = make_controller()
    setup_game(c, 2, controllers=["human", "greedy"], hints=True, start="0")
    for _ in range(20):  # to a build decision of the person
        to_person_turn(c)
        builds = [a for a in c.session.state.legal_actions() if isinstance(a, Build)]
        if builds:
            break
        rng = random.Random(3)
        tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
    view = c.session.turn_view()
    first, second = next((a, b) for a in builds for b in builds
                         if (a.city, a.plot) != (b.city, b.plot))
    c.handle("hint")
    request = c.hint_request()
    given = replace(reason_for(view, first), alternative=reason_for(view, second))
    c.update(HintComputed(None, request, Answer(first, hint=given)))
    tree = c.render()
    either = tree.find(data_hint_either=True)
    assert either is not None and either.attrs["data-hint-either"] == given.alternative.reason
    for action in (first, second):
        plot = tree.find(data_city=action.city, data_plot=action.plot)
        assert plot.attrs.get("data-coach") == "hint"
        assert messages.t(f"plot.compass.{action.plot}") in tree.find(data_hint="shown").text()
    assert messages.t("hint.either", move="", reason="").split("(")[0].strip() in either.text()


def test_a_hint_is_only_for_the_person_holding_the_device(cheap_levels):
    """Two people: the hint asked by one is not in the other's frame, not on the pass
    screen, and a late answer for an earlier decision is dropped."""
    c = make_controller()
    setup_game(c, 2, names=["Ann", "Bob"], hints=True, start="0")
    to_person_turn(c)
    ann = c.session.state.current
    c.handle("hint")
    request = c.hint_request()
    answer = compute(request)
    c.handle("hide-cards")  # Ann hides her cards: the pass screen, no hint anywhere
    assert c.screen_name == "pass"
    assert c.hint_request() is None and isinstance(c.frame().play, PassFrame)  # no hint in it
    c.update(HintComputed(None, request, answer))
    assert c.coach.hint_shown is None
    c.handle("reveal")
    serve_hint(c)
    assert c.frame().play.hint.shown is not None
    rng = random.Random(1)
    while c.session.state.current == ann:  # Ann's decision(s)
        tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
    assert isinstance(c.frame().play, PassFrame)  # the pass screen for Bob: no hint
    c.handle("reveal")
    frame = c.frame().play
    assert frame.hint is not None and frame.hint.shown is None
    assert not c.render().find_all(data_coach=True)
    c.update(HintComputed(None, request, answer))  # Ann's old answer arrives late: ignored
    assert c.frame().play.hint.shown is None


def test_the_final_standings_say_who_asked_for_hints(cheap_levels):
    c = make_controller()
    setup_game(c, 2, controllers=["human", "random"], hints=True)
    to_person_turn(c)
    for _ in range(2):
        c.handle("hint")
        serve_hint(c)
        rng = random.Random(5)
        tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
        to_person_turn(c)
    play_to_end(c, random.Random(2))
    tree = c.render()
    assert c.frame().play.hints_used == (2, 0)
    line = tree.find(data_hints_player=0)
    assert line is not None and line.attrs["data-hints"] == 2
    assert tree.find(data_hints_player=1) is None


@pytest.mark.parametrize("coach", [5, "on", [], {"hints": "yes"}, {"hints": True, "asked": []},
                                   {"hints": True, "asked": {"0": -3, "1": "x", "9": 2}}])
def test_a_strange_coach_entry_in_a_save_never_breaks_it(coach):
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, controllers=["human", "greedy"])
    key = next(k for k in backend.data if "save:" in k)
    data = json.loads(backend.data[key])
    data["meta"][COACH_META] = coach
    backend.data[key] = json.dumps(data)
    c2 = make_controller(backend)
    assert c2.session is not None
    meta = c2.session.game.meta
    assert hints_asked(meta, 2) in ((0, 0),)
    to_person_turn(c2)
    c2.render()
    c2.handle("hint")  # counting never breaks on a strange entry
    assert hints_asked(c2.session.game.meta, 2)[0] in (0, 1)


def test_new_game_and_rematch_keep_the_hints_option():
    c = make_controller()
    setup_game(c, 2, controllers=["human", "random"], hints=True)
    play_to_end(c, random.Random(4))
    c.handle("rematch")
    assert hints_on(c.session.game.meta)
    c.handle("new-game")
    assert c.form.hints is True
    assert c.render().find(data_field="hints").attrs.get("checked") is True


# ------------------------------------------------------------------ the review
def finished(controllers=("human", "greedy", "greedy"), seed=6, **page):
    """A game played to its end; ``page``: how the page is made (make_controller's)."""
    c = make_controller(**page)
    setup_game(c, len(controllers), controllers=list(controllers))
    play_to_end(c, random.Random(seed))
    assert c.screen_name == "final"
    return c


def serve_review(c, deep: bool, limit: int = 10_000) -> int:
    served = 0
    while c.review_running and served < limit:
        c.update(ReviewDue(deep))
        request = c.review_request()
        if request is None:
            break
        c.update(ReviewAnswered(c.coach.review, request, compute(request)))
        served += 1
    return served


def test_the_quick_pass_alone_never_calls_a_decision_costly():
    """Without the worker only the quick pass runs: it picks candidates, it judges none."""
    c = finished()
    tree = c.render()
    assert "review" in actions_drawn(tree)
    c.handle("review")
    assert c.screen_name == "review"
    tree = c.render()
    progress = tree.find(data_review_progress=True)
    assert progress is not None and progress.attrs["data-review-total"] > 0
    assert "review-cancel" in actions_drawn(tree)
    serve_review(c, deep=False)
    review = c.frame().play.review
    assert review.state == "done" and review.deep is False
    assert any(r.points_lost >= R.MIN_POINTS for r in c.coach.review.quick.values())
    assert review.items == () and review.good == 0
    tree = c.render()
    assert tree.find(data_review_deep="false") is not None
    assert tree.find(data_review_none="true") is not None
    assert actions_drawn(tree) <= set(ACTIONS)


def test_the_deep_pass_lists_only_decisions_costly_beyond_the_noise(cheap_levels):
    c = finished()
    c.handle("review")
    serve_review(c, deep=True)
    review = c.frame().play.review
    assert review.state == "done" and review.deep is True
    game = c.session.game
    assert review.items and len(review.items) <= 3
    deep = c.coach.review.deep
    assert review.good == len(deep) - sum(1 for r in deep.values() if r.costly)
    assert all(item.player == 0 for item in review.items)
    assert [i.points for i in review.items] == sorted((i.points for i in review.items),
                                                      reverse=True)
    tree = c.render()
    for k, item in enumerate(review.items):
        assert not is_chance(game.log[item.step])
        assert item.played.action == game.log[item.step]
        assert item.best.action != item.played.action
        assert item.points > 2 * item.error and item.verdict in ("slightly_better",
                                                                  "clearly_better")
        row = tree.find(data_review_item=k)
        assert row.attrs["data-review-verdict"] == item.verdict
        assert messages.t(f"review.{item.verdict}", move="", reason="").split(":")[0] \
            in row.text()
        assert "±" in row.text()
    assert len(tree.find_all(data_review_item=True)) == len(review.items)
    if review.good:
        assert tree.find(data_review_good=review.good) is not None
    assert actions_drawn(tree) <= set(ACTIONS)


def test_a_reviewed_decision_is_shown_on_the_board_of_its_moment(cheap_levels):
    c = finished()
    c.handle("review")
    serve_review(c, deep=True)
    items = c.frame().play.review.items
    assert items, "this game's review finds no costly decision to show"
    k = next((i for i, item in enumerate(items) if isinstance(item.best.action, Build)), 0)
    c.handle("review-show", {"item": str(k)})
    frame = c.frame().play
    assert isinstance(frame, ReplayFrame) and frame.replay.step == items[k].step - 1
    tree = c.render()
    assert tree.find(data_review_shown=k) is not None
    marks = dict(frame.table.coach_marks)
    if isinstance(items[k].best.action, Build):
        best = items[k].best.action
        assert marks[best.city * 9 + best.plot] == "best"
        assert tree.find(data_city=best.city, data_plot=best.plot).attrs["data-coach"] == "best"
    assert frame.table.view.hand == ()  # the replay shows no hand
    assert actions_drawn(tree) <= set(ACTIONS)
    c.handle("review-back")
    assert c.screen_name == "review"
    c.handle("review-close")
    assert c.screen_name == "final"
    c.handle("review")  # done once: shown again at once
    assert c.frame().play.review.state == "done"


def test_the_deep_pass_asks_the_strongest_level_about_the_worst_candidates(cheap_levels):
    c = finished()
    c.handle("review")
    levels = []
    while c.review_running:
        c.update(ReviewDue(True))
        request = c.review_request()
        if request is None:
            break
        levels.append(request.level)
        c.update(ReviewAnswered(c.coach.review, request, compute(request)))
    job = c.coach.review
    quick = len(job.decisions)
    assert levels[:quick] == [HEURISTIC] * quick
    assert 0 < len(levels) - quick <= R.DEEP_CANDIDATES
    assert set(levels[quick:]) == {CHEAP}
    review = c.frame().play.review
    assert review.deep is True and review.done == review.total == len(levels)


def test_cancel_and_leaving_stop_the_review():
    c = finished()
    c.handle("review")
    assert serve_review(c, deep=False, limit=3) == 3
    c.handle("review-cancel")
    assert c.frame().play.review.state == "cancelled"
    assert c.render().find(data_review_cancelled="true") is not None
    assert c.review_request() is None and not c.review_running
    c.handle("review")  # asked again: a new review starts
    assert c.review_running
    serve_review(c, deep=False, limit=2)
    job = c.coach.review
    c.handle("home")  # leaving the screen cancels it: its answers are no longer wanted
    assert job.running and c.coach.review is None and not c.review_wanted(job)


def test_no_review_without_people():
    c = finished(controllers=("greedy", "random"))
    assert "review" not in actions_drawn(c.render())
    c.handle("review")
    assert c.coach.review is None


def test_the_strongest_level_is_the_default_of_hints_and_review():
    import game.web.thinking.coach as coach
    assert coach.STRONGEST == R.STRONGEST == STRONGEST


def test_the_review_job_is_a_value_each_step_a_new_one():
    """The review held by the coach's frozen state never changes in place: each step is a
    new job of the same serial, put in the state by the page's update."""
    import dataclasses

    c = finished()
    c.handle("review")
    job = c.coach.review
    assert dataclasses.fields(job) and job.__dataclass_params__.frozen
    with pytest.raises(dataclasses.FrozenInstanceError):
        job.state = "done"
    c.update(ReviewDue(False))
    request = c.review_request()
    c.update(ReviewAnswered(job, request, compute(request)))
    after = c.coach.review
    assert after is not job and after.serial == job.serial
    assert len(after.quick) == 1 and len(job.quick) == 0
