"""A restore in slices, its report on the start screen (game/web/features/files.py,
game/web/runtime/jobs.py, game/web/screens/keep.py): the games of a backup are restored one
at a time, the page given back between two and its progress drawn; the report then says
what became of the backup's results and of its settings, in the player's language."""

from __future__ import annotations

import asyncio
import json

import pytest
from play_kit import SavingController, make_controller, restore_step, run_restore
from test_backup import find, table, texts
from test_backup_records import GOOD, NOW, document, result, seat
from test_jobs import FakeBrowser

from game.web import messages as M
from game.web.runtime.jobs import Jobs
from game.web.saves.backup import FORMAT, backup_text
from game.web.saves.kept_records import load_records
from game.web.saves.storage import MemoryBackend, SaveStore


def plain_controller(backend: MemoryBackend | None = None) -> SavingController:
    """A controller as the page holds it: its taps' storage effects carried out, its jobs
    the test's to run."""
    c = SavingController(SaveStore(backend or MemoryBackend(), clock=lambda: NOW),
                         {"fast": "1"}, clock=lambda: NOW)
    c.restores_at_once = False
    c.boot()
    return c


def five_games() -> str:
    return backup_text(table(moves=(3, 0, 5, 1, 2)).store, NOW)


@pytest.mark.cpython(reason="Pyodide's event loop cannot run to completion under Node (no "
                            "stack switching); the same restore is driven step by step below")
def test_a_restore_runs_one_game_at_a_time_and_shows_how_far_it_is():
    text = five_games()
    c = plain_controller()
    c.handle("restore-file", {"text": text})
    assert c.home.restoring is not None and c.home.restoring.total == 5
    progress = find(c.render(), "data-restoring")
    assert progress and progress[0].attrs["data-restoring"] == 0
    assert progress[0].attrs["data-restore-total"] == 5
    assert not find(c.render(), "data-restore")  # no second restore meanwhile
    port = FakeBrowser(c)
    seen: list[int] = []
    port.on_sleep = lambda seconds: seen.append(c.home.restoring.done if c.home.restoring else -1)
    jobs = Jobs(c, port)

    async def scenario() -> None:
        jobs.kick()
        for _ in range(1000):
            if jobs.idle:
                return
            await asyncio.sleep(0)
        raise AssertionError("the restore never ended")

    asyncio.run(scenario())
    assert seen == [1, 2, 3, 4]  # the page given back after each game but the last
    assert port.renders >= 2 and not port.reports
    assert c.home.restoring is None
    tree = c.render()
    assert not find(tree, "data-restoring")
    assert find(tree, "data-restore-report")[0].attrs["data-restored-count"] == 5
    assert len(find(tree, "data-save")) == 5


def test_the_page_stays_usable_while_a_restore_runs():
    """A tap between two games of the restore is answered (here: the rules), and the
    restore goes on where it was."""
    c = plain_controller()
    c.handle("restore-file", {"text": five_games()})
    assert restore_step(c)
    c.handle("rules")
    assert c.rules.open and c.home.restoring.done == 1
    c.handle("restore-file", {"text": five_games()})  # a file chosen meanwhile: not read
    assert c.home.restoring.done == 1
    while restore_step(c):
        pass
    assert len(c.home.restore_report.restored) == 5


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_report_counts_the_results_added_skipped_and_refused_with_the_reason(lang):
    c = make_controller(MemoryBackend())
    c.store.clock = lambda: NOW
    text = json.dumps({"format": FORMAT, "version": 1, "games": [], "records": document(
        result("g1", *GOOD), result("g1", *GOOD),
        *(result(f"x{i}", seat("Ann", 999_999_999_999, 1, True),
                 seat("Bob", -999_999_999_999, 1, True), ended=999_999_999_999)
          for i in range(3)),
        result("late", *GOOD, ended=NOW + 10))})
    M.set_language(lang)
    try:
        c.handle("language", {"value": lang})
        c.handle("restore-file", {"text": text})
        tree = c.render()
        assert find(tree, "data-results-added")[0].attrs["data-results-added"] == 1
        assert find(tree, "data-results-skipped")[0].attrs["data-results-skipped"] == 1
        refused = {li.attrs["data-refused"]: li.attrs["data-refused-count"]
                   for li in find(tree, "data-refused")}
        assert refused == {"points": 3, "future": 1}
        words = texts(find(tree, "data-restore-report")[0])
        assert M.t("backup.results_added", count=1) in words
        assert M.t("records.refused.points") in words and M.t("records.refused.future") in words
        assert M.t("backup.restored_none") in words
    finally:
        M.set_language("en")
    assert [g.game for g in load_records(c.store).games] == ["g1"]


def test_a_full_storage_during_a_restore_is_said_and_nothing_crashes():
    """The issue's case: a restore whose settings cannot be stored said "The settings were
    taken from the backup" and raised KeyError: 'lang'. Now it says what was not kept."""
    source = table(moves=(2,))
    text = json.loads(backup_text(source.store, NOW))
    text["settings"] = {"lang": "de", "speed": "fast"}
    text["records"] = document(result("g1", *GOOD))
    backend = MemoryBackend()
    c = make_controller(backend)
    c.store.clock = lambda: NOW
    backend.fail_writes = True
    c.handle("restore-file", {"text": json.dumps(text)})
    tree = c.render()
    assert M.current_language() == "en"
    assert not find(tree, "data-settings-taken")
    assert find(tree, "data-settings-not-stored")
    assert find(tree, "data-results-not-stored")[0].attrs["data-results-not-stored"] == 1
    assert [li.attrs["data-skipped"] for li in find(tree, "data-skipped")] == ["storage"]
    words = texts(tree)
    assert M.t("backup.settings_not_stored") in words
    assert M.t("backup.results_not_stored", count=1) in words
    assert M.t("backup.settings_taken") not in words


def test_restore_run_at_once_in_the_tests_is_the_jobs_loop():
    c = plain_controller()
    c.handle("restore-file", {"text": five_games()})
    assert run_restore(c) == 4 and c.home.restoring is None
