"""The log's overlay and the files a game leaves as: one Close per overlay (the link's box
inside the log hides with its own word), and every download says what it saved, an
unfinished game's file that it is a view, until the next tap."""

from __future__ import annotations

import random

import pytest
from play_kit import make_controller, setup_game, tap_decision

from game.web import messages as M
from game.web.frames.frame import Downloaded
from game.web.values.effects import Download

CLOSE_WORDS = ("story.close", "rules.close")


def texts_of_buttons(el) -> list[str]:
    return [b.text().strip() for b in el.walk() if b.tag == "button"]


def played(c, moves: int) -> None:
    rng = random.Random(2)
    for _ in range(moves):
        if c.screen_name == "pass":
            c.handle("reveal")
        elif c.screen_name == "scoring":
            c.handle("continue")
        else:
            tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
    if c.screen_name == "pass":  # the table in view
        c.handle("reveal")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_log_with_the_link_open_has_one_close(lang):
    M.set_language(lang)
    c = make_controller()
    setup_game(c, 3, names=["Ann", "Bob", "Cy"])
    played(c, 12)
    c.handle("log")
    c.handle("share")
    drawer = c.render().find(data_log_open="true")
    assert drawer is not None and drawer.find(data_share_link="true") is not None
    closes = [t for t in texts_of_buttons(drawer) if t in {M.t(k) for k in CLOSE_WORDS}]
    assert closes == [M.t("story.close")]
    assert M.t("share.hide") in texts_of_buttons(drawer)
    # the log's entries in the box that opens at its end, in the game's order
    scroll = drawer.find(data_log_scroll="true")
    steps = [int(e.attrs["data-log-step"]) for e in scroll.find_all(data_log_step=True)]
    assert steps and steps == sorted(steps)
    M.set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_download_says_what_it_saved(lang):
    M.set_language(lang)
    c = make_controller()
    setup_game(c, 3, names=["Ann", "Bob", "Cy"])
    played(c, 12)

    def offered(action: str, data=None) -> tuple[Download, Downloaded, str]:
        c.handle(action, data)
        downloads = [e for e in c.take_effects() if isinstance(e, Download)]
        assert len(downloads) == 1
        notice = c.page.notice
        assert isinstance(notice, Downloaded) and notice.name == downloads[0].name
        banner = c.render().find(data_downloaded=notice.what)
        assert banner is not None and downloads[0].name in banner.text()
        return downloads[0], notice, banner.text()

    _, notice, text = offered("export")  # an unfinished game: its view
    assert notice.what == "view" and text == M.t("files.downloaded.view", name=notice.name)
    c.handle("menu")  # the next tap: the notice is gone
    assert c.page.notice is None and c.render().find(data_downloaded=True) is None
    c.handle("export-whole")
    c.take_effects()
    _, notice, _ = offered("export-whole", {"confirm": "true"})
    assert notice.what == "whole"
    c.handle("home")
    _, notice, text = offered("backup")
    assert notice.what == "backup" and text == M.t("files.downloaded.backup", name=notice.name)
    M.set_language("en")


def test_a_finished_games_file_is_the_whole_game():
    from test_coach_flow import finished

    c = finished()
    c.handle("export")
    assert any(isinstance(e, Download) for e in c.take_effects())
    assert c.page.notice == Downloaded("game", c.page.notice.name)
    assert c.render().find(data_downloaded="game") is not None
