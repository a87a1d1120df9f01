"""Strength matches: seat rotation and the per-bot summary used for docs/ai.md."""

from __future__ import annotations

import pytest

from game.cli import main
from game.selfplay import selfplay, wilson_interval


def test_rotation_gives_every_bot_every_seat():
    result = selfplay(["greedy", "random", "random"], 6, "rot", {}, rotate=True)
    assert result["by_bot"]["greedy"]["seats"] == 6
    assert result["by_bot"]["random"]["seats"] == 12
    assert sum(result["wins"]) == pytest.approx(6)
    total = sum(b["wins"] for b in result["by_bot"].values())
    assert total == pytest.approx(6)
    # Existing fields stay as they were.
    for key in ("games", "players", "bots", "options", "wins", "win_rate", "mean_score",
                "seconds", "games_per_second", "decisions_per_second"):
        assert key in result


def test_without_rotation_seat_zero_is_bot_zero():
    result = selfplay(["greedy", "random"], 2, "fixed", {})
    assert result["by_bot"]["greedy"]["wins"] == result["wins"][0]


def test_wilson_interval():
    low, high = wilson_interval(50, 100)
    assert low < 0.5 < high and high - low == pytest.approx(0.19, abs=0.01)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0


def test_cli_runs_matches_with_rotation(capsys):
    assert main(["selfplay", "--bots", "greedy,random,random,random", "--games", "1"]) == 0
    assert main(["selfplay", "--bots", "random,greedy", "--games", "2", "--rotate"]) == 0
    out = capsys.readouterr().out
    assert '"by_bot"' in out and '"rotate": true' in out
    assert main(["selfplay", "--bots", "nobody,random", "--games", "1"]) == 1


def test_jobs_do_not_change_the_results():
    one = selfplay(["heuristic", "greedy", "random"], 3, "jobs", {}, rotate=True)
    two = selfplay(["heuristic", "greedy", "random"], 3, "jobs", {}, rotate=True, jobs=2)
    for key in ("wins", "mean_score"):
        assert one[key] == two[key]
    for bot in one["by_bot"]:
        for key in ("wins", "mean_margin", "points_per_round", "big_pieces_per_round"):
            assert one["by_bot"][bot][key] == two["by_bot"][bot][key]
    assert len(one["by_bot"]["greedy"]["points_per_round"]) == 6


def test_winner_margin_is_the_winners_lead_over_the_others_mean():
    result = selfplay(["heuristic", "heuristic", "random"], 4, "wm", {}, rotate=True)
    heuristic = result["by_bot"]["heuristic"]
    # random never wins against heuristic here, so every win is heuristic's
    assert result["by_bot"]["random"]["wins"] == 0
    assert result["by_bot"]["random"]["margin_in_wins"] is None
    assert heuristic["wins"] == pytest.approx(4)
    assert result["winner_margin"] == pytest.approx(heuristic["margin_in_wins"], abs=0.01)
    assert heuristic["margin_in_wins"] > heuristic["mean_margin"] > 0
