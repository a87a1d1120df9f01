"""Every write the storage refuses is said on the screen, in the player's language, with
what was kept and how to free space (game/web/model/keeping.py): a finished game's
result (counted once there is space, at the next start at the latest, never twice) and a
preference (it applies until the page is closed). A restore's refused settings and results:
tests/web/test_restore_progress.py; a refused move or new game: test_tabs_and_storage.py."""

from __future__ import annotations

import json
import random

import pytest
from fakebrowser import make_page
from play_kit import make_controller, play_to_end, setup_game
from test_backup import find, texts

from game import save as game_save
from game.web import messages as M
from game.web.model.keeping import UNRECORDED
from game.web.saves import records as R
from game.web.saves.kept_records import load_records
from game.web.saves.sharing import import_text
from game.web.saves.storage import PREFIX, PREFS_KEY, MemoryBackend, StorageError

NAMES = ["Ann", "Bob", "Cy"]
WHO = ["human", "human", "greedy"]


class FullFor(MemoryBackend):
    """A storage that refuses to write the keys in ``full`` until a save is deleted (space
    freed), or for good with ``until_delete=False``."""

    def __init__(self, *full: str, until_delete: bool = True) -> None:
        super().__init__()
        self.full = set(full)
        self.until_delete = until_delete

    def set(self, key: str, value: str) -> None:
        if key in self.full:
            raise StorageError("QuotaExceededError")
        super().set(key, value)

    def remove(self, key: str) -> None:
        super().remove(key)
        if self.until_delete and key.startswith(PREFIX):
            self.full.clear()


def finished_with_records_refused(backend: MemoryBackend):
    c = make_controller(backend)
    setup_game(c, 3, controllers=WHO, names=NAMES)
    play_to_end(c, random.Random(4))
    assert c.screen_name == "final"
    return c


def stored_meta(backend: MemoryBackend, ident: str) -> dict:
    return json.loads(backend.data[PREFIX + ident])["meta"]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_result_the_storage_refuses_is_said_on_the_final_screen(lang):
    backend = FullFor(R.RECORDS_KEY, until_delete=False)
    M.set_language(lang)
    try:
        c = finished_with_records_refused(backend)
        banner = [e for e in find(c.render(), "data-message-id")
                  if e.attrs["data-message-id"] == "storage.result_pending"]
        assert banner and M.t("storage.result_pending") in texts(banner[0])
        assert find(banner[0], "data-action")[0].attrs["data-action"] == "home"  # free space
    finally:
        M.set_language("en")
    assert load_records(c.store) == R.EMPTY
    # the game itself is kept, finished, and marked: its result is still to be counted
    assert game_save.load(backend.data[PREFIX + c.game_id]).state.is_over
    assert isinstance(stored_meta(backend, c.game_id)[UNRECORDED], int)


def test_the_result_is_counted_at_the_next_start_once_there_is_space_and_never_twice():
    backend = FullFor(R.RECORDS_KEY, until_delete=False)
    c = finished_with_records_refused(backend)
    ident = c.game_id
    ended = stored_meta(backend, ident)[UNRECORDED]
    # the next start while still full: nothing counted, nothing broken
    again = make_controller(backend)
    page, _, _ = make_page(again)
    page.start(1024, False)
    assert load_records(backend and again.store) == R.EMPTY
    assert UNRECORDED in stored_meta(backend, ident)
    backend.full.clear()  # space freed outside the page (another site, the browser)
    for _ in range(2):  # two starts: counted once
        later = make_controller(backend)
        page, _, _ = make_page(later)
        page.start(1024, False)
        records = load_records(later.store)
        assert [g.game for g in records.games] == [ident]
        assert records.games[0].ended == ended
    assert UNRECORDED not in stored_meta(backend, ident)
    assert R.person_tally(records, records.person_named("Ann").id).games == 1


def test_the_result_is_counted_as_soon_as_a_delete_frees_space():
    backend = FullFor(R.RECORDS_KEY)
    c = make_controller(backend)
    setup_game(c, 2, controllers=["random", "random"], names=["X", "Y"])
    other = c.game_id
    c.handle("home")
    setup_game(c, 3, controllers=WHO, names=NAMES)
    play_to_end(c, random.Random(4))
    ident = c.game_id
    assert load_records(c.store) == R.EMPTY
    c.handle("home")
    c.handle("delete", {"id": other})
    c.handle("delete", {"id": other, "confirm": "true"})
    assert [g.game for g in load_records(c.store).games] == [ident]
    assert UNRECORDED not in stored_meta(backend, ident)


def test_deleting_the_finished_game_itself_still_counts_its_result():
    backend = FullFor(R.RECORDS_KEY)
    c = finished_with_records_refused(backend)
    ident = c.game_id
    c.handle("home")
    c.handle("delete-finished", {})
    c.handle("delete-finished", {"confirm": "true"})
    assert PREFIX + ident not in backend.data
    assert [g.game for g in load_records(c.store).games] == [ident]


def test_a_file_cannot_ask_to_be_counted():
    """``meta.unrecorded`` is this device's own mark: an imported file's is dropped."""
    backend = FullFor(R.RECORDS_KEY, until_delete=False)
    c = finished_with_records_refused(backend)
    text = backend.data[PREFIX + c.game_id]
    assert UNRECORDED in json.loads(text)["meta"]
    assert UNRECORDED not in import_text(text).meta
    assert UNRECORDED in import_text(text, stored=True).meta  # a backup's own save keeps it


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize(("where", "tap"), [("start", ("language", {"lang": "fr"})),
                                            ("play", ("speed", {})),
                                            ("play", ("sound", {})),
                                            ("start", ("theme", {}))])
def test_a_preference_the_storage_refuses_is_said_on_the_screen(lang, where, tap):
    backend = FullFor(PREFS_KEY, until_delete=False)
    c = make_controller(backend)
    if where == "play":
        setup_game(c, 2, names=["Ann", "Bob"])
    M.set_language(lang)
    c.handle("language", {"value": lang})
    try:
        name, data = tap
        if name == "lang":
            data = {"lang": "de" if lang != "de" else "fr"}
        c.handle(name, data)
        said = c.page.language
        tree = c.render()
        notice = [e for e in find(tree, "data-message-id")
                  if e.attrs["data-message-id"] == "storage.prefs_not_kept"]
        assert c.page.notice == "prefs-not-kept" and notice
        M.set_language(said)
        assert M.t("storage.prefs_not_kept") in texts(notice[0])
        c.handle("rules")  # the next tap: the notice has been read
        assert c.page.notice is None
    finally:
        M.set_language("en")
    assert PREFS_KEY not in backend.data


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_change_of_the_statistics_the_storage_refuses_is_said(lang):
    backend = FullFor()
    c = make_controller(backend)
    setup_game(c, 3, controllers=WHO, names=NAMES)
    play_to_end(c, random.Random(4))
    c.handle("stats")
    before = backend.data[R.RECORDS_KEY]
    ann = load_records(c.store).person_named("Ann")
    backend.full.add(R.RECORDS_KEY)
    M.set_language(lang)
    c.handle("language", {"value": lang})
    try:
        c.handle("stats-rename", {"person": ann.id, "value": "Anna"})
        said = [e for e in find(c.render(), "data-message-id")
                if e.attrs["data-message-id"] == "stats.not_saved"]
        assert said and M.t("stats.not_saved") in texts(said[0])
    finally:
        M.set_language("en")
    assert backend.data[R.RECORDS_KEY] == before
