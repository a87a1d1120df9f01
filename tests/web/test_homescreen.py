"""The Home Screen card: shown in a Safari tab on an iPhone or iPad only (game/web/runtime/homescreen.py),
until dismissed, and the dismissal is kept."""

from __future__ import annotations

import pytest
from play_kit import SavingController, make_controller

from game.web.model.controller import Controller
from game.web.runtime.homescreen import show_home_screen_card
from game.web.saves.storage import MemoryBackend, SaveStore

IPHONE_SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
                 "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")
IPAD_SAFARI_MOBILE = ("Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 "
                      "(KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1")
IPAD_DESKTOP_MODE = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
                     "(KHTML, like Gecko) Version/18.3 Safari/605.1.15")  # also a Mac's
IPHONE_CHROME = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
                 "(KHTML, like Gecko) CriOS/122.0.6261.89 Mobile/15E148 Safari/604.1")
IPHONE_FIREFOX = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
                  "(KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15")
IPAD_EDGE = ("Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
             "Gecko) Version/17.0 EdgiOS/122.0.2365.86 Mobile/15E148 Safari/605.1.15")
ANDROID_CHROME = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like "
                  "Gecko) Chrome/122.0.6261.90 Mobile Safari/537.36")
MAC_CHROME = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like "
              "Gecko) Chrome/122.0.0.0 Safari/537.36")
WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:124.0) Gecko/20100101 Firefox/124.0"
LINUX_WEBKITGTK = ("Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like "
                   "Gecko) Version/17.0 Safari/605.1.15")


@pytest.mark.parametrize(("agent", "touch"), [
    (IPHONE_SAFARI, 5), (IPAD_SAFARI_MOBILE, 5), (IPAD_DESKTOP_MODE, 5),
])
def test_a_safari_tab_on_an_iphone_or_ipad_gets_the_card(agent, touch):
    assert show_home_screen_card(agent, None, False, touch)
    assert show_home_screen_card(agent, False, False, touch)


@pytest.mark.parametrize(("standalone", "display"), [(True, False), (None, True), (True, True)])
def test_the_home_screen_app_itself_never_gets_it(standalone, display):
    for agent in (IPHONE_SAFARI, IPAD_DESKTOP_MODE):
        assert not show_home_screen_card(agent, standalone, display, 5)


@pytest.mark.parametrize(("agent", "touch"), [
    (IPAD_DESKTOP_MODE, 0),  # a Mac: no touch screen
    (IPHONE_CHROME, 5), (IPHONE_FIREFOX, 5), (IPAD_EDGE, 5),
    (ANDROID_CHROME, 5), (MAC_CHROME, 0), (MAC_CHROME, 5), (WINDOWS_FIREFOX, 10),
    (LINUX_WEBKITGTK, 0), ("", 0), ("Safari", 5),
])
def test_other_browsers_never_get_it(agent, touch):
    assert not show_home_screen_card(agent, None, False, touch)


def _has_card(c: Controller) -> bool:
    start = c.frame().start
    return start is not None and start.home_card and "data-home-card=true" in repr_tree(c)


def repr_tree(c: Controller) -> str:
    out: list[str] = []

    def walk(node):
        if hasattr(node, "attrs"):
            out.extend(f"{k}={v}" for k, v in node.attrs.items())
            for child in node.children:
                walk(child)
    walk(c.render())
    return " ".join(out)


def test_the_card_is_on_the_start_screen_until_dismissed_and_stays_dismissed():
    backend = MemoryBackend()
    c = SavingController(SaveStore(backend), {"fast": "1"}, safari_tab=True)
    c.boot()
    assert _has_card(c)
    assert "data-action=home-card-dismiss" in repr_tree(c)
    c.handle("home-card-dismiss")
    assert not _has_card(c)
    again = SavingController(SaveStore(backend), {"fast": "1"}, safari_tab=True)
    again.boot()
    assert not _has_card(again)


def test_no_card_outside_safari():
    c = make_controller()
    assert not _has_card(c)
