"""Saves you can trust: revisions across tabs, newer versions, compact finished games.

Two controllers on one memory store are two tabs of one browser: each keeps its own copy
of the game, as the page does, and only the store is shared.
"""

from __future__ import annotations

import json
import random

from play_kit import make_controller, play_to_end, setup_game, tap_decision

from game import save as game_save
from game.web.saves.storage import APP_VERSION, PREFIX, MemoryBackend, SaveStore
from game.web.values.answers import StorageChangedElsewhere


def _stored(backend: MemoryBackend, ident: str) -> dict:
    return json.loads(backend.data[PREFIX + ident])


def _two_tabs():
    backend = MemoryBackend()
    a = make_controller(backend)
    setup_game(a, 2, names=["Ann", "Bob"], start="0")
    b = make_controller(backend)  # the second tab opens the current game
    assert b.game_id == a.game_id
    return backend, a, b


def _play_one_decision(c, rng: random.Random) -> None:
    while c.screen_name in ("pass", "scoring"):
        c.handle("reveal" if c.screen_name == "pass" else "continue")
    tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)


def test_every_write_increments_the_revision():
    backend, a, _ = _two_tabs()
    first = _stored(backend, a.game_id)["meta"]["revision"]
    a.handle("reveal")
    a.handle("select-inc", {"floors": "1"})
    assert _stored(backend, a.game_id)["meta"]["revision"] == first + 2
    assert _stored(backend, a.game_id)["meta"]["app_version"] == APP_VERSION


def test_a_stale_tab_adopts_the_game_and_never_writes_its_copy():
    backend, a, b = _two_tabs()
    rng = random.Random(1)
    for _ in range(3):
        _play_one_decision(a, rng)
    stored = backend.data[PREFIX + a.game_id]
    log = _stored(backend, a.game_id)["log"]
    assert b.handle("rules") is True  # any tap in the stale tab: it adopts, drops the tap
    assert b.page.notice == "other-tab" and not b.rules.open
    assert b.frame().notice == "other-tab"
    assert backend.data[PREFIX + a.game_id] == stored
    assert [game_save.action_to_json(x) for x in b.session.game.log] == log
    b.handle("rules")  # the next action clears the notice and works
    assert b.page.notice is None and b.rules.open


def test_the_storage_event_adopts_without_a_tap():
    backend, a, b = _two_tabs()
    _play_one_decision(a, random.Random(2))
    assert b.update(StorageChangedElsewhere()) is True
    assert len(b.session.game.log) == len(a.session.game.log)
    assert b.update(StorageChangedElsewhere()) is False


class _LateCopy:
    """One tab's view of a shared store that has not yet received another tab's last write:
    Chromium's tab processes each read their own copy of localStorage, which the browser
    brings up to date a few milliseconds after a write in another tab."""

    def __init__(self, shared: MemoryBackend):
        self.shared = shared
        self.late: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.late.get(key, self.shared.get(key))

    def set(self, key: str, value: str) -> None:
        self.late.pop(key, None)
        self.shared.set(key, value)

    def remove(self, key: str) -> None:
        self.late.pop(key, None)
        self.shared.remove(key)

    def keys(self) -> list[str]:
        return self.shared.keys()


def test_two_tabs_moving_in_the_same_instant_end_on_one_game_and_the_other_tab_says_so():
    """Two tabs that move within the milliseconds before a write reaches the other tab both
    find the game unchanged (no check before a write can see a write that has not arrived)
    and both write. The last write stays; the tab whose move was written over learns it
    from the storage event, takes the stored game and shows the other-tab notice: no tab
    goes on with a game the storage does not hold, and none does so silently."""
    backend = MemoryBackend()
    a = make_controller(backend)
    setup_game(a, 2, names=["Ann", "Bob"], start="0")
    late = _LateCopy(backend)
    b = make_controller(late)
    ident = a.game_id
    key = PREFIX + ident
    late.late[key] = backend.data[key]  # a's next write does not reach b in time
    _play_one_decision(a, random.Random(4))
    written_by_a = backend.data[key]
    _play_one_decision(b, random.Random(5))
    assert b.page.notice is None  # b saw no change: its decision was written
    kept = backend.data[key]
    assert kept != written_by_a and _stored(backend, ident)["meta"]["revision"] == \
        json.loads(written_by_a)["meta"]["revision"]
    assert a.update(StorageChangedElsewhere()) is True  # the storage event of b's write
    assert a.page.notice == "other-tab"
    assert [game_save.action_to_json(x) for x in a.session.game.log] == _stored(
        backend, ident)["log"]
    assert backend.data[key] == kept  # adopting writes nothing
    assert b.update(StorageChangedElsewhere()) is False  # b holds what is stored


def test_a_deletion_in_one_tab_is_respected_in_the_other():
    backend, a, b = _two_tabs()
    ident = a.game_id
    a.handle("home")
    a.handle("delete", {"id": ident})
    a.handle("delete", {"id": ident, "confirm": "true"})
    assert PREFIX + ident not in backend.data
    b.handle("reveal")
    assert PREFIX + ident not in backend.data  # not brought back by the stale tab
    assert b.session is None and b.page.place == "start"
    assert b.home.error == ("storage.deleted_elsewhere", {})


def test_a_save_of_a_newer_version_is_never_written_nor_offered_for_deletion():
    backend, a, b = _two_tabs()
    data = _stored(backend, a.game_id)
    data["meta"]["app_version"] = APP_VERSION + 1
    data["meta"]["revision"] += 1
    text = json.dumps(data)
    backend.data[PREFIX + a.game_id] = text
    b.handle("reveal")
    assert backend.data[PREFIX + a.game_id] == text
    assert b.session is None and b.home.error == ("storage.newer_app", {})
    tree = b.render()
    item = tree.find(data_save=a.game_id)
    assert item is not None and item.attrs.get("data-newer") == "true"
    assert item.find(data_action="reload") is not None
    assert item.find(data_action="delete") is None


def test_an_older_save_without_revision_loads_and_goes_on():
    backend, a, _ = _two_tabs()
    data = _stored(backend, a.game_id)
    for key in ("revision", "app_version"):
        data["meta"].pop(key)
    data["meta"]["from_an_old_tool"] = {"kept": "no"}
    backend.data[PREFIX + a.game_id] = json.dumps(data)
    c = make_controller(backend)
    _play_one_decision(c, random.Random(3))
    stored = _stored(backend, a.game_id)
    assert stored["meta"]["revision"] >= 1
    assert "from_an_old_tool" not in stored["meta"]  # unknown fields are dropped


def test_finished_games_are_stored_compactly_and_can_be_deleted_together():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["Ann", "Bob"], controllers=["random", "random"], start="0")
    play_to_end(c, random.Random(5))
    stored = _stored(backend, c.game_id)
    assert "ui" not in stored["meta"]
    finished = c.game_id
    c.handle("home")
    setup_game(c, 3, start="0")
    c.handle("home")
    tree = c.render()
    assert int(tree.find(data_storage_used=True).attrs["data-storage-used"]) > 0
    assert all(int(el.attrs["data-save-size"]) > 0 for el in tree.find_all(data_save_size=True))
    c.handle("delete-finished", {})
    assert PREFIX + finished in backend.data  # the first tap only asks
    c.handle("delete-finished", {"confirm": "true"})
    assert PREFIX + finished not in backend.data
    assert len(SaveStore(backend).ids()) == 1


def test_reopening_a_game_of_people_shows_the_pass_screen_and_cards_can_be_hidden():
    backend, a, b = _two_tabs()
    assert b.screen_name == "pass"
    a.handle("reveal")
    assert a.screen_name == "play" and a.render().find(data_hand=True) is not None
    a.handle("hide-cards")
    assert a.screen_name == "pass" and a.render().find(data_hand=True) is None
    # One person against computers: nothing to hide from.
    c = make_controller(MemoryBackend())
    setup_game(c, 2, names=["Ann", "Bob"], controllers=["human", "random"], start="0")
    assert c.screen_name == "play"
    assert c.render().find(data_action="hide-cards") is None
