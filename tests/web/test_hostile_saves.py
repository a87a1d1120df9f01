"""Hostile text in localStorage: reported and kept, never parsed in a way that can kill the
runtime (in Pyodide, json.loads on thousands of nested brackets overflows the JavaScript stack:
a fatal error, not an exception)."""

from __future__ import annotations

import json

import pytest
from play_kit import make_controller, setup_game

from game import save as game_save
from game.errors import SaveError
from game.web.saves.storage import PREFIX, PREFS_KEY, MemoryBackend, SaveStore, parse_json

DEPTH = 50_000
DEEP_ARRAY = "[" * DEPTH + "]" * DEPTH
# A save-shaped document whose save time nests deeply: the start screen reads that field
# of a save that does not load (to sort the list).
DEEP_META = ('{"format":"manhattan-save","version":1,"meta":{"updated":'
             + "[" * DEPTH + "1" + "]" * DEPTH + "}}")


@pytest.fixture
def json_spy(monkeypatch):
    """Record every json.loads of text nested deeper than saves may be."""
    deep_calls = []
    real_loads = json.loads

    def loads(text, *args, **kwargs):
        if isinstance(text, str):
            try:
                game_save.check_nesting(text)
            except SaveError:
                deep_calls.append(len(text))
                raise AssertionError("json.loads on deeply nested text") from None
        return real_loads(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", loads)
    return deep_calls


@pytest.mark.parametrize("text", [DEEP_ARRAY, DEEP_META, '{"a":' * DEPTH + "1" + "}" * DEPTH])
def test_deeply_nested_save_is_reported_and_kept(json_spy, text):
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["Ann", "Bob"])
    good = c.game_id
    backend.data[PREFIX + "deep"] = text
    backend.data["manhattan:current"] = "deep"
    c2 = make_controller(backend)
    # The app comes up on the start screen with the reason, the good game still listed.
    assert c2.screen_name == "start"
    tree = c2.render()
    error = tree.find(id="load-error")
    assert error is not None and "nested" in error.text()
    item = tree.find(data_save="deep")
    assert item is not None and item.find(data_broken="true") is not None
    assert "nested" in item.text()
    assert tree.find(data_save=good).find(data_action="continue-game") is not None
    assert backend.data[PREFIX + "deep"] == text  # kept byte for byte
    assert json_spy == []
    # The good game still opens; the broken one can be deleted by hand.
    c2.handle("continue-game", {"id": good})
    assert c2.screen_name in ("pass", "play")
    c2.handle("home")
    c2.handle("delete", {"id": "deep"})
    c2.handle("delete", {"id": "deep", "confirm": "true"})
    assert PREFIX + "deep" not in backend.data


def test_deeply_nested_prefs_fall_back_to_the_defaults(json_spy):
    backend = MemoryBackend({PREFS_KEY: DEEP_ARRAY})
    c = make_controller(backend)
    assert c.page.speed == "normal"
    c.handle("speed")  # a new choice replaces the hostile text
    assert json.loads(backend.data[PREFS_KEY]) == {"speed": "fast"}
    assert json_spy == []


def test_parse_json_refuses_hostile_text():
    with pytest.raises(SaveError, match="nested"):
        parse_json(DEEP_ARRAY)
    with pytest.raises(SaveError, match="too large"):
        parse_json(" " * (game_save.MAX_SAVE_BYTES + 1))
    with pytest.raises(SaveError):
        parse_json("{not json")
    with pytest.raises(SaveError):
        parse_json(None)
    assert parse_json('{"a": [1, "[[[["]}') == {"a": [1, "[[[["]}


@pytest.mark.parametrize("updated", ["NaN", "Infinity", "-1", "1e400", "true", '"soon"',
                                     "99999999999999"])
def test_odd_save_times_do_not_break_the_list(updated):
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["Ann", "Bob"])
    key = PREFIX + c.game_id
    text = backend.data[key]
    data = json.loads(text)
    stamp = json.dumps(data["meta"]["updated"])
    odd = text.replace('"updated":' + stamp, '"updated":' + updated)
    assert odd != text
    backend.data[key] = odd
    backend.data[PREFIX + "broken"] = odd.replace('"seed"', '"seedless"')
    store = SaveStore(backend)
    entries = store.entries()
    assert {e.updated for e in entries} == {0.0}
    c2 = make_controller(backend)
    c2.handle("home")
    tree = c2.render()
    assert tree.find(data_save=c.game_id).find(data_action="continue-game") is not None
    assert tree.find(data_save="broken").find(data_broken="true") is not None
