"""The page (game/web/runtime/app.py) on a fake document and a fake browser: the events
become taps, the taps' effects are carried out by the fake browser, the frame is patched
into the fake DOM with the focus found again and the news read out, a resize and a long
press wait for their timers. Everything the browser shell does apart from calling the
browser, in CPython."""

from __future__ import annotations

import json

import pytest
from fakebrowser import FakeEvent, make_page
from play_kit import make_controller, play_computers, setup_game

from game.web.features.playing import ZoomIn
from game.web.runtime.boot_screen import BOOT_SCREEN_KEY
from game.web.saves.storage import MemoryBackend
from game.web.values.answers import BoardMeasured


def game_page(backend: MemoryBackend | None = None, params: dict[str, str] | None = None):
    c = make_controller(backend, params)
    setup_game(c, 2, names=["Ann", "Bob"], start="0")
    page, document, browser = make_page(c)
    page.start(1024, False)
    if c.screen_name == "pass":
        page.dispatch(("reveal", {}))
    return c, page, document, browser


def test_the_start_draws_the_page_and_a_click_acts():
    c = make_controller()
    page, document, browser = make_page(c)
    page.start(1024, False)
    root = page.root
    assert root.getAttribute("data-screen") == "start"
    assert document.documentElement.getAttribute("lang") == "en"
    assert browser.done == []  # nothing stored: no persistence asked yet
    button = root.querySelector('[data-action="new-game"]')
    page.on_click(FakeEvent(button))
    assert c.screen_name == "setup" and root.getAttribute("data-screen") == "setup"
    assert root.hasAttribute("data-handle-ms") and root.hasAttribute("data-render-ms")


def test_persistence_is_asked_once_when_a_game_is_stored():
    c, page, document, browser = game_page()
    assert browser.kinds().count("ask-persistence") == 1
    page.dispatch(("menu", {}))
    page.dispatch(("menu-close", {}))
    assert browser.kinds().count("ask-persistence") == 1


def test_the_news_is_read_out_once():
    c, page, document, browser = game_page()
    said = [entry[1] for entry in browser.done if entry[0] == "announce"]
    assert said, "the turn is announced"
    browser.done.clear()
    page.render()
    assert "announce" not in browser.kinds()  # nothing new


def test_a_long_press_opens_the_inspector_and_its_click_does_nothing_else():
    c, page, document, browser = game_page()
    plot = page.root.querySelector("svg.board [data-city][data-plot]")
    city, number = int(plot.getAttribute("data-city")), int(plot.getAttribute("data-plot"))
    page.on_pointer_down(FakeEvent(plot, x=20, y=20))
    assert browser.timers == {"long-press": 550}
    page.on_timer("long-press")
    assert c.table.following.inspected == (city, number)
    handled = page.root.getAttribute("data-handle-ms")
    page.on_pointer_end(FakeEvent(plot))
    page.root.setAttribute("data-handle-ms", "x")
    page.on_click(FakeEvent(plot))  # the end of the press: swallowed
    assert page.root.getAttribute("data-handle-ms") == "x" and handled is not None
    event = FakeEvent(plot)
    page.on_context_menu(event)  # a right click opens it too
    assert event.prevented and c.table.following.inspected == (city, number)


def test_a_moved_finger_is_no_long_press():
    c, page, document, browser = game_page()
    plot = page.root.querySelector("svg.board [data-city][data-plot]")
    page.on_pointer_down(FakeEvent(plot, x=20, y=20))
    page.on_pointer_move(FakeEvent(plot, x=60, y=20))
    assert browser.timers == {} and ("cancel-timer", "long-press") in browser.done


def test_a_resize_redraws_at_the_next_frame_and_a_new_width_shows_the_whole_board():
    c, page, document, browser = game_page()
    page.on_resize(FakeEvent(None))
    page.on_resize(FakeEvent(None))
    assert browser.kinds().count("timer") == 1 and browser.timers == {"resize": None}
    c.update(ZoomIn(2, len(c.session.game.log)))
    page.on_timer("resize")  # the same width: drawn again, the zoom kept
    assert c.table.zoom_at is not None
    browser.width = 390
    page.on_resize(FakeEvent(None))
    page.on_timer("resize")
    assert c.table.zoom_at is None and page.resize.width == 390


def test_escape_closes_the_menu():
    c, page, document, browser = game_page()
    page.dispatch(("menu", {}))
    assert c.table.menu_open
    event = FakeEvent(page.root, key="Escape")
    page.on_key(event)
    assert not c.table.menu_open and event.prevented


def test_the_focus_is_found_again_after_the_page_is_drawn_afresh():
    c, page, document, browser = game_page()
    menu = page.root.querySelector('[data-action="menu"]')
    menu.focus()
    page.drawing.tree = None  # the next drawing replaces every node
    page.render()
    again = document.activeElement
    assert again is not menu and again.getAttribute("data-action") == "menu"
    assert page.root.contains(again)


def test_a_refused_save_is_on_the_page():
    backend = MemoryBackend()
    c, page, document, browser = game_page(backend)
    backend.fail_writes = True
    plus = page.root.querySelector('[data-action="select-inc"]')
    page.on_click(FakeEvent(plus))
    assert page.root.querySelector('[data-message-id="storage.full"]') is not None


def test_a_download_and_a_reload_are_the_browsers():
    c, page, document, browser = game_page()
    page.dispatch(("export", {}))
    assert [e[0] for e in browser.done if e[0] == "download"] == ["download"]
    browser.done.clear()
    page.root.setAttribute("data-render-ms", "x")
    page.dispatch(("reload", {}))
    assert browser.done == [("reload",)]
    assert page.root.getAttribute("data-render-ms") == "x"  # the page goes: not drawn


def test_leaving_the_tab_keeps_the_next_starts_screen():
    backend = MemoryBackend()
    c, page, document, browser = game_page(backend)
    document.visibilityState = "hidden"
    page.on_visibility(FakeEvent(None))
    kept = json.loads(backend.data[BOOT_SCREEN_KEY])
    assert kept["game"] == c.game_id and "<" in kept["html"]


def test_a_pasted_link_opens_and_is_forgotten():
    c, page, document, browser = game_page(params={"fast": "1", "url": "https://example.org/"})
    page.dispatch(("share", {}))
    fragment = "#" + (c.sharing.share or "").split("#")[-1]
    browser.hash = "#nothing"
    page.on_hash_change(FakeEvent(None))
    assert "forget-link" not in browser.kinds()
    browser.hash = fragment
    page.on_hash_change(FakeEvent(None))
    assert ("forget-link", "https://example.org/") in browser.done
    assert c.screen_name in ("play", "pass") and c.session is not None
    assert c.take_effects() == []  # what opening the link asked (its log step) was carried out


@pytest.mark.slow
def test_every_building_turn_brings_the_board_into_view_in_hotseat_too(monkeypatch):
    """The board comes into view when a person's building turn is drawn, however
    it came (a pass screen in hotseat, a confirmed selection, a computer's move), and again
    when the piece is chosen; never on a selection, a pass screen or a computer's turn."""
    import random

    from play_kit import tap_decision

    from game.actions import Build

    c = make_controller()
    setup_game(c, 4, names=["Ann", "Bob", "Cy", "Dee"],
               controllers=["human", "human", "greedy", "human"], start="0")
    page, document, browser = make_page(c)
    monkeypatch.setattr(page.jobs, "_spawn", lambda job: job.close())  # computers: below
    page.start(390, False)
    rng = random.Random(4)
    build_turns = shown = zooms = 0
    while c.session.state.round == 1 or c.session.state.phase != "select":
        browser.done.clear()
        if c.screen_name == "pass":
            page.dispatch(("reveal", {}))
        elif c.screen_name == "scoring":
            page.dispatch(("continue", {}))
        elif c.session.screen == "computer":
            play_computers(c, limit=1)
            page.render()
        elif c.session.state.phase == "build":
            build_turns += 1
            build = next(a for a in c.session.state.legal_actions() if isinstance(a, Build))
            page.dispatch(("card", {"card": f"{build.card.row},{build.card.col}"}))
            assert "show-board" not in browser.kinds()
            page.dispatch(("piece", {"floors": str(build.floors), "colour": build.colour}))
            assert browser.kinds().count("show-board") == 1  # the plots are on the board
            browser.done.clear()
            c.update(BoardMeasured(30.0))  # a phone's overview: the city opens large
            if c.handle("zoom", {"zoom": str(build.city)}) is not False:
                c.handle("zoom-out")
                page.dispatch(("zoom", {"zoom": str(build.city)}))
                assert browser.kinds().count("show-board") == 1  # its header in view too
                assert c.zoomed_city == build.city
                zooms += 1
                browser.done.clear()
            page.dispatch(("plot", {"city": str(build.city), "plot": str(build.plot)}))
            page.dispatch(("confirm", {}))
        else:
            tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
            page.render()
        building = (c.screen_name == "play" and c.session.screen == "turn"
                    and c.session.state.phase == "build")
        shown += building
        assert ("show-board" in browser.kinds()) == building, (c.screen_name, browser.done)
    assert build_turns >= 12 and shown == build_turns and zooms >= 1


def test_a_stopped_page_draws_stores_and_runs_nothing_and_a_new_one_starts_from_the_storage():
    """The developer option ``restart`` (the browser tests' page started afresh in place)
    stops the page on screen before the next starts: nothing that still reaches the old one
    (a tap's event, a timer, a job's last step) may change the storage or the drawing."""
    backend = MemoryBackend()
    c, page, document, browser = game_page(backend)
    page.on_resize(FakeEvent(page.root))  # a resize timer pending
    assert "resize" in browser.timers
    page.stop()
    assert browser.timers == {}
    stored, drawn, done = dict(backend.data), page.root.outerHTML, list(browser.done)
    page.dispatch(("menu", {}))
    page.on_timer("resize")
    page.on_timer("long-press")
    page.render()
    page.mark("data-busy", "true")
    page.carry_out()
    assert not c.table.menu_open
    assert (backend.data, page.root.outerHTML, browser.done) == (stored, drawn, done)
    again, page2, document2, _ = make_page_from(backend)
    page2.start(1024, False)
    assert again.session.game.log == c.session.game.log
    assert page2.root.getAttribute("data-screen") == "pass"  # reopened: the hands hidden


def make_page_from(backend: MemoryBackend):
    c = make_controller(backend)
    page, document, browser = make_page(c)
    return c, page, document, browser
