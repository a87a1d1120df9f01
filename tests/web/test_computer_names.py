"""Computer players get names that say their level by default; a typed name is kept."""

from __future__ import annotations

from webkit import make_controller


def names(c):
    return [p["name"] for p in c.form.players]


def test_default_names_follow_the_level_and_typed_names_stay():
    c = make_controller()
    c.handle("new-game")
    for i, controller in enumerate(["human", "greedy", "greedy", "search:2"]):
        c.handle("field", {"field": "controller", "player": str(i), "value": controller})
    assert names(c) == ["Player 1", "Computer 2 (easy)", "Computer 3 (easy)", "Computer 4 (strong)"]
    c.handle("field", {"field": "controller", "player": "1", "value": "human"})
    c.handle("field", {"field": "name", "player": "3", "value": "Zed"})
    c.handle("field", {"field": "controller", "player": "3", "value": "random"})
    assert names(c) == ["Player 1", "Player 2", "Computer 3 (easy)", "Zed"]
    c.handle("setup-start")
    assert c.screen == "play"
