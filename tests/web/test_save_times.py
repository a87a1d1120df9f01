"""Save times on the start screen are the person's local time, not UTC."""

from __future__ import annotations

import random
import time

import pytest
from play_kit import SavingController, make_controller, setup_game

from game.web.model.controller import Controller
from game.web.saves.storage import MemoryBackend, SaveStore
from game.web.screens.start import iso_utc, local_time_text
from game.web.values.answers import StorageChangedElsewhere

STAMP = 1705320000.0  # 2024-01-15 12:00:00 UTC


def controller(backend, **kwargs) -> Controller:
    c = SavingController(SaveStore(backend, clock=lambda: STAMP, rng=random.Random(1)),
                   {"fast": "1"}, clock=lambda: STAMP, **kwargs)
    c.boot()
    return c


def test_the_start_screen_shows_save_times_with_the_given_formatter():
    backend = MemoryBackend()
    seen = []

    def fmt(ts):
        seen.append(ts)
        return "15 Jan 2024, 17:30"

    c = controller(backend, format_time=fmt)
    setup_game(c, 2, names=["Ann", "Bob"])
    c.handle("home")
    tree = c.render()
    when = tree.find(data_updated=int(STAMP))
    assert when is not None and when.tag == "time"
    assert when.text() == "15 Jan 2024, 17:30"
    assert when.attrs["datetime"] == "2024-01-15T12:00:00Z"  # machine-readable, UTC
    assert seen == [STAMP]
    line = tree.find(data_save=c.game_id).text()
    assert "saved 15 Jan 2024, 17:30" in line
    assert "{" not in line


def test_a_failing_formatter_falls_back_to_the_pure_one():
    backend = MemoryBackend()

    def broken(ts):
        raise RuntimeError("no Intl here")

    c = controller(backend, format_time=broken)
    setup_game(c, 2, names=["Ann", "Bob"])
    c.handle("home")
    assert c.render().find(data_updated=int(STAMP)).text() == local_time_text(STAMP)


def test_a_save_without_a_time_shows_none():
    backend = MemoryBackend()
    c = controller(backend)
    setup_game(c, 2, names=["Ann", "Bob"])
    key = next(k for k in backend.data if k.startswith("manhattan:save:"))
    ident = c.game_id
    c.handle("home")
    backend.data[key] = backend.data[key].replace(f'"updated":{int(STAMP)}', '"updated":null')
    c.update(StorageChangedElsewhere())  # (as the storage event of the tab that wrote it)
    c.carry_out_saves()
    tree = c.render()
    assert tree.find(data_updated=True) is None
    item = tree.find(data_save=ident)
    assert item is not None and "saved" not in item.text()


@pytest.mark.cpython(reason="needs time.tzset")
@pytest.mark.skipif(not hasattr(time, "tzset"), reason="needs time.tzset")
def test_the_default_formatter_uses_the_local_time_zone(monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Kolkata")  # UTC+05:30, no daylight saving
    time.tzset()
    try:
        assert local_time_text(STAMP) == "2024-01-15 17:30"
        assert iso_utc(STAMP) == "2024-01-15T12:00:00Z"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_the_clock_is_looked_up_when_called(monkeypatch):
    """A controller and a store made before a test fixes ``time.time`` follow it (a default
    bound at import once made a deal depend on the wall clock)."""
    c = SavingController(SaveStore(MemoryBackend()), {"fast": "1"})  # the page's own clock
    monkeypatch.setattr("time.time", lambda: 1_700_000_000.0)
    assert c.clock() == 1_700_000_000.0 and c.store.clock() == 1_700_000_000.0


def test_a_test_pages_own_deals_are_the_same_on_every_run():
    """A game the page seeds itself (a rematch, a game alone) deals from the page's clock and
    its chance; a test page's are fixed, so such a test plays the same game every time."""
    seeds = []
    for _ in range(2):
        c = make_controller()
        setup_game(c, 2, deal=None)
        first = c.session.game.seed
        seeds.append((first, c.env.entropy.random()))
    assert seeds[0] == seeds[1]
