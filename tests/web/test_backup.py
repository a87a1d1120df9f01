"""Back up every game to one file and restore it (game/web/saves/backup.py): the round trip, a
restore that never overwrites a game silently, and hostile files that change nothing."""

from __future__ import annotations

import json
import random

import pytest
from play_kit import make_controller, play_computers, setup_game

from game import save as game_save
from game.errors import SaveError
from game.web import messages as M
from game.web.features.navigating import ALLOWED_PREFS
from game.web.saves.backup import (
    FORMAT,
    MAX_BACKUP_CHARS,
    backup_data,
    backup_name,
    backup_text,
    restore,
)
from game.web.saves.storage import PREFIX, PREFS_KEY, MemoryBackend, SaveStore
from game.web.screens.vdom import El

CPUS = ["greedy", "random", "random"]


def table(moves: tuple[int, ...] = (6, 0), backend: MemoryBackend | None = None):
    """A controller whose store holds one all-computer game per entry of ``moves``, each
    played that many moves (0: just dealt), and a kept speed."""
    c = make_controller(backend)
    for i, count in enumerate(moves):
        setup_game(c, 3, controllers=CPUS, names=[f"A{i}", f"B{i}", f"C{i}"], deal=i + 1)
        play_computers(c, limit=count)
        c.handle("home")
    c.handle("speed")  # "normal" -> "fast": kept in the preferences
    return c


def stored(store: SaveStore) -> dict[str, str]:
    return dict(store.backend.data)  # type: ignore[attr-defined]


def logs(store: SaveStore) -> dict[str, list]:
    return {i: json.loads(store.raw(i))["log"] for i in store.ids()}


def texts(tree: El) -> str:
    out: list[str] = []

    def walk(node):
        if isinstance(node, El):
            for child in node.children:
                walk(child)
        elif node is not None:
            out.append(str(node))
    walk(tree)
    return " ".join(out)


def find(tree: El, attr: str) -> list[El]:
    found = []

    def walk(node):
        if isinstance(node, El):
            if attr in node.attrs:
                found.append(node)
            for child in node.children:
                walk(child)
    walk(tree)
    return found


# --------------------------------------------------------------- round trip
def test_a_backup_restored_in_an_empty_browser_brings_back_every_game_and_the_settings():
    c = table()
    text = backup_text(c.store, 1795305600.0)
    data = json.loads(text)
    assert data["format"] == FORMAT and data["version"] == 1
    assert [g["id"] for g in data["games"]] == c.store.ids()
    assert data["settings"]["speed"] == "fast"
    assert backup_name(1795305600.0) == "manhattan-backup-2026-11-22.json"

    empty = SaveStore(MemoryBackend())
    report = restore(empty, text, ALLOWED_PREFS)
    assert len(report.restored) == 2 and report.skipped == ()
    assert {r.label for r in report.restored} == {"A0, B0, C0", "A1, B1, C1"}
    assert empty.ids() == c.store.ids()  # under the same ids
    assert logs(empty) == logs(c.store)
    assert report.settings == ("speed",) and empty.prefs()["speed"] == "fast"
    for ident in empty.ids():  # each loads, with its table state kept
        assert empty.load(ident).meta.get("ui") == c.store.load(ident).meta.get("ui")


def test_restoring_into_the_same_browser_changes_nothing():
    c = table()
    before = stored(c.store)
    report = restore(c.store, backup_text(c.store, 0), ALLOWED_PREFS)
    assert report.restored == () and {s.why for s in report.skipped} == {"same"}
    assert report.settings == ()
    assert stored(c.store) == before


def test_a_game_that_went_further_here_is_kept():
    c = table(moves=(4,))
    text = backup_text(c.store, 0)
    ident = c.store.ids()[0]
    c.handle("continue-game", {"id": ident})
    play_computers(c, limit=5)
    before = stored(c.store)
    report = restore(c.store, text, ALLOWED_PREFS)
    assert [(s.label, s.why) for s in report.skipped] == [("A0, B0, C0", "further_here")]
    assert stored(c.store) == before


def test_the_backups_copy_that_went_further_brings_the_game_here_up_to_date():
    backend = MemoryBackend()
    c = table(moves=(4,), backend=backend)
    early = dict(backend.data)  # this browser as it was
    ident = c.store.ids()[0]
    c.handle("continue-game", {"id": ident})
    play_computers(c, limit=5)
    c.handle("home")
    text = backup_text(c.store, 0)
    later = logs(c.store)[ident]

    other = SaveStore(MemoryBackend(early))
    report = restore(other, text, ALLOWED_PREFS)
    assert [(r.label, r.updated) for r in report.restored] == [("A0, B0, C0", True)]
    assert logs(other)[ident] == later
    revision = json.loads(other.raw(ident))["meta"]["revision"]
    assert revision > json.loads(early[PREFIX + ident])["meta"]["revision"]


def test_a_different_game_under_the_same_id_is_kept_and_the_backups_one_skipped():
    c = table(moves=(3,))
    ident = c.store.ids()[0]
    data = backup_data(c.store, 0)
    other = make_controller()  # another game, stored under the backup game's id
    setup_game(other, 3, controllers=CPUS, names=["X", "Y", "Z"], deal=42)
    theirs = other.store.raw(other.store.ids()[0])
    backend = MemoryBackend({PREFIX + ident: theirs})
    report = restore(SaveStore(backend), json.dumps(data), ALLOWED_PREFS)
    assert [s.why for s in report.skipped] == ["differs"]
    assert backend.data[PREFIX + ident] == theirs


def test_a_damaged_save_here_under_the_same_id_is_kept():
    c = table(moves=(2,))
    ident = c.store.ids()[0]
    backend = MemoryBackend({PREFIX + ident: '{"format": "manhattan-save", "log": 7}'})
    report = restore(SaveStore(backend), backup_text(c.store, 0), ALLOWED_PREFS)
    assert [s.why for s in report.skipped] == ["damaged_here"]
    assert backend.data[PREFIX + ident] == '{"format": "manhattan-save", "log": 7}'


def test_a_backup_keeps_a_save_that_does_not_load_and_its_restore_skips_it_with_the_reason():
    c = table(moves=(2,))
    c.store.backend.set(PREFIX + "broken-1", "{not json")
    data = backup_data(c.store, 0)
    assert {"id": "broken-1", "text": "{not json"} in data["games"]
    empty = SaveStore(MemoryBackend())
    report = restore(empty, json.dumps(data), ALLOWED_PREFS)
    assert len(report.restored) == 1
    assert [(s.why, s.problem, s.label) for s in report.skipped] == [("invalid", "not_json", "")]
    assert "broken-1" not in empty.ids()


def test_a_hand_edited_game_is_skipped_with_its_reason_and_the_others_restored():
    c = table(moves=(6, 3))
    data = backup_data(c.store, 0)
    edited = data["games"][0]["save"]
    edited["log"][2] = {"type": "select", "colour": "blue", "pieces": [9, 9, 9, 9]}
    data["games"].append({"id": "../../etc", "save": {"format": "manhattan-save", "version": 99}})
    data["games"].append("not a game")
    report = restore(SaveStore(MemoryBackend()), json.dumps(data), ALLOWED_PREFS)
    assert len(report.restored) == 1
    assert [(s.number, s.why, s.problem) for s in report.skipped] == [
        (1, "invalid", "refused_step"), (3, "invalid", "newer_version"), (4, "invalid", "not_a_save")]


def test_an_unusual_id_is_not_used_as_a_key():
    c = table(moves=(1,))
    data = backup_data(c.store, 0)
    data["games"][0]["id"] = "x" * 300
    empty = SaveStore(MemoryBackend())
    restore(empty, json.dumps(data), ALLOWED_PREFS)
    assert len(empty.ids()) == 1 and empty.ids()[0] != "x" * 300


def test_settings_here_win_and_unknown_or_bad_settings_are_ignored():
    c = table(moves=(1,))
    data = backup_data(c.store, 0)
    data["settings"] = {"speed": "warp", "lang": "fr", "home_card": "dismissed", "evil": "x"}
    backend = MemoryBackend({PREFS_KEY: json.dumps({"lang": "de"})})
    report = restore(SaveStore(backend), json.dumps(data), ALLOWED_PREFS)
    assert report.settings == ("home_card",)
    assert json.loads(backend.data[PREFS_KEY]) == {"lang": "de", "home_card": "dismissed"}


def test_a_full_storage_skips_what_does_not_fit_and_loses_nothing():
    c = table(moves=(2,))
    backend = MemoryBackend()
    backend.fail_writes = True
    report = restore(SaveStore(backend), backup_text(c.store, 0), ALLOWED_PREFS)
    assert [s.why for s in report.skipped] == ["storage"] and backend.data == {}


# --------------------------------------------------------------- hostile files
GOOD = json.dumps({"format": FORMAT, "version": 1, "games": []})


@pytest.mark.parametrize(("text", "problem"), [
    ("", "empty"),
    ("   \n", "empty"),
    (b"\xff\xfe\x00", "not_text"),
    ("{this is not json", "not_json"),
    ("[" * 5000 + "]" * 5000, "too_deep"),
    ("x" * (MAX_BACKUP_CHARS + 1), "too_large"),
    (json.dumps({"format": "manhattan-save", "version": 1}), "not_a_backup"),
    (json.dumps([1, 2, 3]), "not_a_backup"),
    (json.dumps({"format": FORMAT, "version": 1, "games": {"a": 1}}), "not_a_backup"),
    (json.dumps({"format": FORMAT, "version": "1", "games": []}), "not_a_backup"),
    (json.dumps({"format": FORMAT, "version": 2, "games": []}), "newer_version"),
    (json.dumps({"format": FORMAT, "version": 1, "games": [{}] * 2001}), "too_large"),
])
def test_a_file_refused_as_a_whole_changes_nothing(text, problem):
    c = table(moves=(1,))
    before = stored(c.store)
    with pytest.raises(SaveError) as caught:
        restore(c.store, text, ALLOWED_PREFS)
    assert caught.value.problem == problem
    assert stored(c.store) == before
    assert M.problem(problem) != M.problem("damaged") or problem == "damaged"


def test_a_backup_with_no_games_restores_nothing():
    report = restore(SaveStore(MemoryBackend()), GOOD, ALLOWED_PREFS)
    assert report.restored == () and report.skipped == ()


# --------------------------------------------------------------- the controller
def test_the_start_screen_offers_backup_and_restore_and_reports_what_happened():
    c = table()
    tree = c.render()
    assert find(tree, "data-backup-tools") and find(tree, "data-restore")
    assert [b.attrs["data-action"] for b in find(tree, "data-action")].count("backup") == 1
    c.handle("backup")
    name, text = c.take_download()
    assert name.startswith("manhattan-backup-") and json.loads(text)["format"] == FORMAT

    fresh = make_controller()
    assert not [b for b in find(fresh.render(), "data-action") if b.attrs["data-action"] == "backup"]
    fresh.handle("restore-file", {"text": text})
    tree = fresh.render()
    report = find(tree, "data-restore-report")
    assert report and report[0].attrs["data-restored-count"] == 2
    assert len(find(tree, "data-save")) == 2
    assert fresh.page.speed == "fast" and find(tree, "data-settings-taken")
    fresh.handle("restore-file", {"text": text})  # again: both skipped, said why
    tree = fresh.render()
    assert [li.attrs["data-skipped"] for li in find(tree, "data-skipped")] == ["same", "same"]
    assert M.t("backup.skip.same") in texts(tree)
    fresh.handle("restore-close")
    assert not find(fresh.render(), "data-restore-report")


@pytest.mark.parametrize("data", [{"text": "{oops"}, {"text": ""}, {"too_large": "true"}])
def test_a_bad_backup_file_is_explained_in_the_players_language(data):
    c = table(moves=(1,))
    c.handle("language", {"value": "de"})
    before = stored(c.store)
    M.set_language("de")
    try:
        c.handle("restore-file", data)
        tree = c.render()
        error = [e for e in find(tree, "data-message-id") if e.attrs["id"] == "load-error"]
        assert error and error[0].attrs["data-message-id"] == "backup.restore_failed"
        assert "Sicherung" in texts(error[0])
    finally:
        M.set_language("en")
    assert stored(c.store) == before


def test_each_skip_reason_has_words_in_every_language():
    for lang in ("en", "de", "fr"):
        M.set_language(lang)
        try:
            for why in ("same", "further_here", "differs", "damaged_here", "newer_here", "storage"):
                assert M.has("backup.skip." + why)
            for problem in ("empty", "not_a_backup"):
                assert M.problem(problem) != M.problem("damaged")
        finally:
            M.set_language("en")


def test_a_finished_game_round_trips_too():
    c = make_controller()
    setup_game(c, 3, controllers=CPUS, deal=9)
    play_computers(c)
    game = c.session.game
    assert game.state.is_over
    empty = SaveStore(MemoryBackend())
    restore(empty, backup_text(c.store, 0), ALLOWED_PREFS)
    again = empty.load(empty.ids()[0])
    assert again.log == game.log
    assert game_save.to_save(again)["settings"] == game_save.to_save(game)["settings"]


def test_random_corruptions_never_raise_anything_but_a_save_error():
    c = table(moves=(3,))
    text = backup_text(c.store, 0)
    rng = random.Random(5)
    for _ in range(60):
        chars = list(text)
        for _ in range(rng.randrange(1, 6)):
            chars[rng.randrange(len(chars))] = rng.choice('{}[]",:0x ')
        target = SaveStore(MemoryBackend())
        try:
            report = restore(target, "".join(chars), ALLOWED_PREFS)
        except SaveError:
            assert target.ids() == []
            continue
        assert len(report.restored) + len(report.skipped) <= 1


# ------------------------------------------------------- times and words of a restore
def test_restored_games_keep_their_own_save_times():
    """Each game restored (new here, or a copy here brought up to date) keeps the save time
    the backup holds for it, not the time of the restore."""
    c = table(moves=(6, 0, 4))
    times = {i: json.loads(c.store.raw(i))["meta"]["updated"] for i in c.store.ids()}
    assert len(set(times.values())) >= 1
    ids = c.store.ids()
    backup = json.loads(backup_text(c.store, 0))
    for k, game in enumerate(backup["games"]):  # three different days
        game["save"]["meta"]["updated"] = 1_700_000_000 + k * 86_400
    text = json.dumps(backup)
    later = SaveStore(MemoryBackend(), clock=lambda: 1_800_000_000.0)
    restore(later, text, ALLOWED_PREFS)
    got = {i: json.loads(later.raw(i))["meta"]["updated"] for i in later.ids()}
    assert got == {ident: 1_700_000_000 + k * 86_400 for k, ident in enumerate(ids)}
    assert [e.updated for e in later.entries()] != [1_800_000_000.0] * 3


def test_the_restore_report_names_the_players_in_the_language_in_use():
    """A backup of a game set up in German ("Computer 2 (leicht)") restored on an English
    page: the report says "Computer 2 (easy)"; a typed name stays as typed."""
    M.set_language("de")
    try:
        c = make_controller()
        setup_game(c, 3, controllers=["human", "greedy", "random"], names=None, deal=1)
        c.handle("home")
        german = [p.name for p in c.session.settings.players] if c.session else None
        text = backup_text(c.store, 0)
    finally:
        M.set_language("en")
    d = make_controller()
    d.handle("restore-file", {"text": text})
    report = d.render().find(data_restore_report="true")
    said = texts(report)
    assert "Computer 2 (easy)" in said and "Player 1" in said, said
    assert "leicht" not in said and "Spieler" not in said, (german, said)
