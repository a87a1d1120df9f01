"""Following the game on screen (game/web/following.py): pure updates of one frozen value."""

from __future__ import annotations

import dataclasses

import pytest

from game.web.features import following as F


def test_the_value_is_frozen_and_each_update_returns_a_new_one():
    f = F.LIVE
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.log_open = True  # type: ignore[misc]
    opened = F.log_toggled(f)
    assert opened.log_open and not f.log_open


def test_a_log_entry_outlines_its_plots_live_and_moves_the_replay():
    live = F.entry_shown(F.log_toggled(F.LIVE), 4, (10, 11))
    assert live.focus == (10, 11) and not live.log_open and live.replay_step is None
    replay = F.entry_shown(F.replay_at(F.LIVE, 9, 20), 4, (10, 11))
    assert replay.replay_step == 4 and replay.focus == (10, 11)


def test_the_replay_opens_at_the_last_step_and_stays_inside_the_log():
    f = F.replay_opened(F.inspected_at(F.log_toggled(F.LIVE), 1, 4), 30)
    assert f.replay_step == 29 and not f.log_open and f.inspected is None
    assert F.replay_at(f, 99, 30).replay_step == 29 and F.replay_at(f, -3, 30).replay_step == 0
    assert F.replay_at(F.log_toggled(f), 5, 30).log_open  # stepping keeps the drawer
    closed = F.replay_closed(F.inspected_at(f, 2, 2))
    assert closed.replay_step is None and closed.inspected is None and closed.focus == ()
    assert F.live(F.inspected_at(f, 2, 2)).inspected == (2, 2)


def test_leaving_inspect_mode_closes_the_inspector():
    f = F.inspected_at(F.inspect_toggled(F.LIVE), 3, 5)
    assert f.inspecting and f.inspected == (3, 5)
    assert F.inspect_toggled(f) == F.LIVE
    assert F.inspector_closed(f).inspected is None and F.inspector_closed(f).inspecting
