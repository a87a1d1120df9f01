"""Hints and post-game review: the AI side. One evaluation answers both (the review's best is
the hint, a followed hint is never a mistake), a difference counts only beyond the
evaluation's own noise, and the same view gets the same answer in CPython and in Pyodide
(this file also runs there: ``node tests/pyodide/run.mjs -q tests/ai -k explain``)."""

from __future__ import annotations

import random
import typing
from dataclasses import replace

import pytest
from ai_helpers import advance, new_game

from game.actions import action_to_json
from game.ai import STRONGEST, parse_level
from game.ai.explain import (
    MIN_POINTS,
    SAMPLES,
    VERDICTS,
    Comparison,
    Evaluation,
    Reason,
    Verdict,
    hint,
    reason_for,
    review,
    view_seed,
)
from game.ai.heuristic import ranked_heuristic
from game.ai.levels import HEURISTIC
from game.view import player_view

SMALL = parse_level("search[iterations=20;root_width=4;inner_width=3;select_width=3;depth=6]")
REASONS = set(typing.get_args(Reason))

POSITIONS = [(4, 6, {}), (4, 0, {}), (2, 30, {}), (3, 40, {"godzilla": "baby"}), (3, 13, {})]


def _view(n, moves, options, seed="hint"):
    game = advance(new_game(n, seed, **options), moves)
    return game.view(game.state.current)


@pytest.mark.parametrize("n,moves,options", POSITIONS)
def test_hint_is_legal_with_a_known_reason(n, moves, options):
    view = _view(n, moves, options)
    result = hint(view, level=SMALL)
    assert result.action in view.legal_actions()
    assert result.reason in REASONS
    assert result.city is None or 0 <= result.city < 6
    assert set(result.to_json()) == {"reason", "city", "city_name"}
    if result.alternative is not None:
        assert result.alternative.action in view.legal_actions()
        assert result.alternative.action != result.action
        assert result.alternative.alternative is None


def test_every_build_has_a_reason():
    view = _view(4, 30, {}, "reasons")
    for action in view.legal_actions():
        assert reason_for(view, action).reason in REASONS


@pytest.mark.parametrize("n,moves,options", POSITIONS)
def test_one_voice_the_reviews_best_is_the_hint_and_a_followed_hint_is_no_mistake(
        n, moves, options):
    view = _view(n, moves, options)
    given = hint(view, level=SMALL)
    followed = review(view, given.action, level=SMALL)
    assert followed.best == given.action and followed.verdict == "best"
    assert followed.points_lost == 0 and not followed.costly
    # the same reason in both sentences: the review's best is described as the hint was
    assert followed.best_reason == replace(given, alternative=None)
    for played in view.legal_actions()[:6]:
        other = review(view, played, level=SMALL)
        assert other.best == given.action
        assert other.played_reason == reason_for(view, played)
    if given.alternative is not None:  # "either of these is fine": the review agrees
        assert not review(view, given.alternative.action, level=SMALL).costly


def test_the_evaluation_depends_on_the_view_alone():
    """A hidden difference the player cannot see (another hand, another deck order) gives
    the same view, so the same seed and the same answer; another view another seed."""
    game = advance(new_game(4, "twin"), 9)
    state, me = game.state, game.state.current
    view = player_view(state, me)
    twin = view.sample_state(random.Random(5))
    assert twin.hands != state.hands
    assert player_view(twin, me) == view
    assert view_seed(player_view(twin, me)) == view_seed(view)
    assert hint(player_view(twin, me), level=SMALL) == hint(view, level=SMALL)
    assert view_seed(player_view(state, (me + 1) % 4)) != view_seed(view)


def test_a_difference_counts_only_beyond_the_noise():
    assert Comparison(0.0, 0.0).verdict == "good_choice"
    assert Comparison(-3.0, 0.5).verdict == "good_choice"   # the played move did better
    assert Comparison(1.9, 1.0).verdict == "good_choice"    # within two standard errors
    assert Comparison(0.05, 0.0).verdict == "good_choice"   # sure but negligible
    assert Comparison(2.5, 1.0).verdict == "slightly_better"
    assert Comparison(4.5, 1.0).verdict == "clearly_better"
    assert set(typing.get_args(Verdict)) == set(VERDICTS)


def test_paired_values_are_common_determinizations():
    """Both decisions are played out on the same sampled states: a decision against itself
    differs by exactly nothing, and every comparison uses :data:`SAMPLES` pairs."""
    view = _view(4, 14, {}, "review")
    evaluation = Evaluation(view, SMALL)
    for _ in evaluation.steps():
        pass
    worst = ranked_heuristic(view, random.Random(0))[-1][1]
    assert len(evaluation.values(worst)) == SAMPLES
    assert evaluation.compare(evaluation.best).points == 0
    again = Evaluation(view, SMALL)
    assert again.values(worst) == evaluation.values(worst)


def test_the_worst_move_is_clearly_costly_and_the_quick_pass_never_decides():
    view = _view(4, 14, {}, "review")
    ranked = ranked_heuristic(view, random.Random(0))
    worst = ranked[-1][1]
    bad = review(view, worst, level=SMALL)
    assert bad.played == worst and bad.best != worst
    assert bad.costly == (bad.points_lost >= MIN_POINTS and bad.points_lost > 2 * bad.error)
    quick = review(view, worst, level=HEURISTIC)
    assert quick.points_lost > 0 and not quick.costly and quick.error == 0


# Recorded in CPython; Pyodide (the page and its worker) must give exactly the same.
SAME_EVERYWHERE = {"same/2": (2, 30), "same/3": (3, 14), "same/4": (4, 9)}
EXPECTED: dict[str, tuple[str, dict[str, object], tuple[float, float]]] = {
    "same/2": ("1b0378cba7fd1dd8ccf0452eb86ca24b",
               {"type": "build", "card": [2, 1], "city": 2, "plot": 1, "colour": "yellow",
                "floors": 2}, (16.23, 1.93)),
    "same/3": ("9b129a0476f1dd4257fb8581c80f9885",
               {"type": "build", "card": [1, 0], "city": 5, "plot": 3, "colour": "blue",
                "floors": 2}, (4.38, 0.0)),
    "same/4": ("f0bfb5552d88f4d493fe7e6d1710c250",
               {"type": "build", "card": [2, 1], "city": 2, "plot": 7, "colour": "blue",
                "floors": 3}, (6.68, 1.28)),
}
"""seed -> (the view's seed, the hint, the heuristic's worst move's loss and standard error),
recorded in CPython 3.11 with ``search:3``; the same in Pyodide (the same digest, the same
search, the same paired playouts). The digest reads the view's field names too: renaming a
field of the view or its settings changes every answer, and these are recorded again."""


@pytest.mark.parametrize("seed", sorted(SAME_EVERYWHERE))
def test_the_strongest_evaluation_is_the_same_in_every_interpreter(seed):
    n, moves = SAME_EVERYWHERE[seed]
    view = _view(n, moves, {}, seed)
    given = hint(view, level=STRONGEST)
    worst = ranked_heuristic(view, random.Random(0))[-1][1]
    judged = review(view, worst, level=STRONGEST)
    got = (view_seed(view), action_to_json(given.action),
           (judged.points_lost, judged.error))
    assert got == EXPECTED[seed], got
    assert judged.costly  # the heuristic's worst move, clearly beyond the noise
