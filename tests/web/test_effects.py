"""Effects as data (game/web/values/effects.py): a tap's consequences outside the page's drawing
are values the controller hands to the browser shell, in order, each once."""

from __future__ import annotations

from play_kit import make_controller, setup_game

from game.web.values.effects import Download, Reload


def test_a_download_is_an_effect_taken_once():
    c = make_controller()
    setup_game(c, 2, start="0")
    c.handle("export")
    [effect] = c.take_effects()
    assert isinstance(effect, Download) and effect.name.endswith("-view.json")
    assert c.take_effects() == []


def test_a_reload_is_asked_for_as_an_effect():
    c = make_controller()
    c.handle("reload")
    assert c.take_effects() == [Reload()]
