"""Every older form of a save still loads, in the engine and in the page, and keeps who
plays each seat (``PlayerSpec.played_by``, stored as the save format's ``"controller"``):

- format version 1 as written now, and by app versions 1 and 2 (no ``meta.app_version`` 3
  fields: no ``meta.coach``, no ``meta.unrecorded``);
- a seat without ``"controller"`` (saves from before computer players: a person);
- the computer levels of earlier versions (``search:3-v1``, ``search:3-v2``);
- a choice in progress in the older one-colour form (``meta.ui.pending``);
- names stored before the bidirectional-controls rule (the page's own storage).

The chain of format migrations is tested with a made-up older version in
tests/engine/test_saves.py (there has been one format version so far)."""

from __future__ import annotations

import copy
import json

import pytest
from play_kit import make_controller, setup_game

from game import save as game_save
from game.settings import PlayerSpec
from game.web.saves.storage import PREFIX, MemoryBackend, SaveStore
from game.web.values.draft import SelectDraft


def current_save() -> dict:
    """A game of two people and a computer, a few decisions in, as the page stores it."""
    c = make_controller()
    setup_game(c, 3, controllers=["human", "greedy", "human"], names=["Ann", "Kim", "Bob"],
               start="0")
    return json.loads(c.store.backend.get(PREFIX + c.game_id))


def app_version(version: int):
    def older(data: dict) -> dict:
        data["meta"]["app_version"] = version
        for key in ("coach", "unrecorded"):
            data["meta"].pop(key, None)
        return data
    return older


def no_controller(data: dict) -> dict:
    for player in data["settings"]["players"]:
        player.pop("controller", None)
    return data


def older_level(level: str):
    def older(data: dict) -> dict:
        data["settings"]["players"][1]["controller"] = level
        return data
    return older


def one_colour_pending(data: dict) -> dict:
    game = game_save.load(data)
    colour = game.settings.players[game.state.current].colours[0]
    data["meta"]["ui"] = {"pending": {"kind": "select", "colour": colour,
                                      "pieces": [1]}}
    return data


def bidi_name(data: dict) -> dict:
    data["settings"]["players"][0]["name"] = "\u202eAnn"
    return data


OLDER = {
    "as written now": lambda data: data,
    "app version 2": app_version(2),
    "app version 1": app_version(1),
    "no controller: people only": no_controller,
    "search:3-v1": older_level("search:3-v1"),
    "search:3-v2": older_level("search:3-v2"),
    "one-colour choice in progress": one_colour_pending,
    "a name from before the bidi rule": bidi_name,
}


def expected_played_by(data: dict) -> list[str]:
    return [p.get("controller", "human") for p in data["settings"]["players"]]


@pytest.mark.parametrize("name", list(OLDER))
def test_an_older_save_loads_in_the_engine_and_the_page(name):
    data = OLDER[name](copy.deepcopy(current_save()))
    game = game_save.load(data, neutralise_names=True)
    assert [p.played_by for p in game.settings.players] == expected_played_by(data)
    assert all(isinstance(p, PlayerSpec) for p in game.settings.players)
    # in the page: stored as an older page left it, opened, played on, stored again
    backend = MemoryBackend()
    backend.set(PREFIX + "old-1", json.dumps(data))
    c = make_controller(backend)
    c.handle("continue-game", {"id": "old-1"})
    assert c.session is not None and c.game_id == "old-1", c.home.error
    assert len(c.session.game.log) == len(data["log"])
    if name == "one-colour choice in progress":
        assert isinstance(c.session.draft, SelectDraft)
    stored = json.loads(SaveStore(backend).raw("old-1") or "{}")
    assert [p.get("controller", "human") for p in stored["settings"]["players"]] \
        == expected_played_by(data)
    reloaded = game_save.load(stored, neutralise_names=True)
    assert [p.played_by for p in reloaded.settings.players] == expected_played_by(data)


def test_who_plays_a_seat_is_written_under_the_save_formats_name():
    game = game_save.load(current_save())
    written = json.loads(game_save.dumps(game))
    assert [p["controller"] for p in written["settings"]["players"]] \
        == ["human", "greedy", "human"]
    assert "played_by" not in json.dumps(written)
