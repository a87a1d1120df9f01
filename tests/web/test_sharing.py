"""Sharing without a server: export/import of a save file, a finished game's link, and
hostile files and links (a clear message, nothing stored or overwritten)."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from play_kit import make_controller, opened_with, play_to_end, setup_game

from game import save as game_save
from game.errors import SaveError
from game.web.saves.sharing import LINK_KEY, export_name, export_text, from_fragment, import_text
from game.web.saves.storage import PREFIX, MemoryBackend


def finished():
    c = make_controller()
    setup_game(c, 3, controllers=["human", "greedy", "random"], names=["Zoë", "B b", "C"],
               start="0")
    play_to_end(c, random.Random(3))
    return c


def test_export_then_import_gives_the_identical_game():
    c = finished()
    game = c.session.game
    again = import_text(export_text(game))
    assert again.log == game.log and again.settings == game.settings
    assert again.seed == game.seed and again.state == game.state
    assert export_name(game, 1795305600.0) == "manhattan-2026-11-22-zoe-bb-c.json"


def test_the_controller_imports_as_a_new_game_and_opens_a_finished_ones_replay():
    c = finished()
    before = set(c.store.ids())
    c.handle("export")
    name, text = c.take_download()
    assert name.startswith("manhattan-") and name.endswith(".json")
    # Exported with an extra move taken back: another game, so it is stored as a new one.
    data = json.loads(text)
    data["log"] = data["log"][:-1]
    c.handle("import-file", {"text": json.dumps(data)})
    assert len(set(c.store.ids()) - before) == 1 and before <= set(c.store.ids())
    assert c.session.game.log == game_save.load(data).log


def test_opening_the_same_link_or_file_again_opens_the_copy_already_kept():
    c = finished()
    c.handle("share")
    fragment = "#" + c.sharing.share
    c.handle("export")
    _, text = c.take_download()
    backend = MemoryBackend()
    for _ in range(2):  # the page opened with the link twice, on the same storage
        d = opened_with(backend, hash=fragment)
        assert d.page.place == "play" and d.table.following.replay_step is not None
    assert len(d.store.ids()) == 1
    kept = d.game_id
    d.handle("import-file", {"text": text})
    assert d.store.ids() == [kept] and d.game_id == kept
    assert d.table.following.replay_step == len(d.session.game.log) - 1


def test_the_link_round_trip():
    c = finished()
    c.handle("share")
    fragment = c.sharing.share
    assert fragment.startswith(LINK_KEY) and len(fragment) < 20000
    assert from_fragment("#" + fragment).log == c.session.game.log
    d = opened_with(hash="#" + fragment)
    assert d.page.place == "play" and d.table.following.replay_step is not None


def test_an_unfinished_games_link_holds_its_view_never_the_whole_game():
    c = make_controller()
    setup_game(c, 3, start="0")
    c.handle("share")
    assert c.sharing.share is not None
    shared = from_fragment("#" + c.sharing.share)
    assert shared.meta.get("view") is True and shared.seed != c.session.game.seed
    packed = base64.urlsafe_b64encode(zlib.compress(export_text(c.session.game).encode()))
    with pytest.raises(SaveError, match="finished"):
        from_fragment(LINK_KEY + packed.decode())


BOMB = base64.urlsafe_b64encode(zlib.compress(b"[" * 10_000_000)).decode()


@pytest.mark.parametrize("text", [
    "", "not json", "[" * 100_000, json.dumps({"format": "other"}), "{" + " " * 3_000_000 + "}",
])
def test_hostile_files_are_refused_and_nothing_is_stored(text):
    c = finished()
    before = dict(c.store.backend.data) if hasattr(c.store, "backend") else None
    ids = c.store.ids()
    c.handle("import-file", {"text": text})
    assert c.page.place == "start" and c.home.error[0] == "share.import_failed"
    assert c.store.ids() == ids
    if before is not None:
        assert {k: v for k, v in c.store.backend.data.items() if k.startswith(PREFIX)} == \
            {k: v for k, v in before.items() if k.startswith(PREFIX)}


def test_a_tampered_file_is_refused_naming_the_step():
    c = finished()
    data = json.loads(export_text(c.session.game))
    data["log"][20] = {"type": "build", "card": [0, 0], "city": 0, "plot": 0,
                       "colour": "blue", "floors": 4}
    with pytest.raises(SaveError):
        import_text(json.dumps(data))


@pytest.mark.parametrize("fragment", [
    "game=", "game=!!!", "game=" + base64.urlsafe_b64encode(b"plain").decode(),
    "game=" + BOMB, "game=" + "A" * 500_000, "nothing",
])
def test_hostile_links_are_refused(fragment):
    with pytest.raises(SaveError):
        from_fragment(fragment)
    d = opened_with(hash="#" + fragment)
    assert d.page.place == "start"
    if fragment.startswith("game="):
        assert d.home.error[0] == "share.import_failed"


def test_a_finished_games_replay_shows_every_hand_and_an_unfinished_ones_none():
    c = finished()
    story = c.session.story()
    c.handle("replay")
    for step in (10, 40, len(story) - 1):
        c.handle("replay-step", {"step": str(step)})
        tree = c.render()
        hands = story.states[step + 1].hands
        for p, hand in enumerate(hands):
            row = tree.find(data_replay_hand=p)
            assert row is not None
            assert row.attrs["data-cards"] == " ".join(f"{k.row},{k.col}" for k in hand)
        assert any(hands)  # mid-game steps hold cards
        assert tree.find(data_action="share") is not None  # a finished game's link
    d = make_controller()
    setup_game(d, 3, start="0")
    play_to_end(d, random.Random(4), until=lambda c: len(c.session.game.log) >= 30)
    assert not d.session.state.is_over
    d.handle("log")
    d.handle("replay")
    tree = d.render()
    assert d.table.following.replay_step is not None
    assert tree.find(data_replay_hands=True) is None and tree.find(data_replay_hand=0) is None
    assert tree.find(data_action="share") is not None  # its view's link
