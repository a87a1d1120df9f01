"""The page's colours and the animations following the device live.

The colours go round the device's setting, light and dark from the game menu and the start
screen, are kept in the preferences like the animations, come back with a backup, and are
said on ``<html data-theme>`` (assets/css/app.css reads it). The device's wish for reduced
motion is followed while the page is open, until the person has chosen for themselves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fakebrowser import FakeBrowser, FakeDocument
from play_kit import make_controller

from game.web import messages as M
from game.web.features.navigating import ALLOWED_PREFS
from game.web.features.page import THEMES, Page, kept_theme, motion_wish_changed, theme_cycled
from game.web.saves.backup import backup_text
from game.web.saves.storage import MemoryBackend, SaveStore

ROOT = Path(__file__).resolve().parents[2]


def test_the_colours_go_round_the_devices_light_dark():
    p = Page()
    assert p.theme == "auto"
    seen = []
    for _ in THEMES:
        p = theme_cycled(p)
        seen.append(p.theme)
    assert seen == ["light", "dark", "auto"]


@pytest.mark.parametrize(("kept", "theme"), [
    (None, "auto"), ("light", "light"), ("dark", "dark"), ("auto", "auto"), ("pink", "auto"),
    (1, "auto")])
def test_the_colours_start_from_the_choice_kept_else_the_devices(kept, theme):
    assert kept_theme(kept) == theme
    store = SaveStore(MemoryBackend())
    if kept is not None:
        store.set_prefs({"theme": kept})
    from game.web.model.controller import Controller
    assert Controller(store).page.theme == theme


def test_the_switch_is_in_the_game_menu_and_on_the_start_screen_and_kept():
    backend = MemoryBackend()
    c = make_controller(backend)
    start = c.render().find(**{"class": "start-tools"}).find(data_action="theme")
    assert start.attrs["data-theme-button"] == "auto"
    assert start.text() == "Theme: as on the device"
    c.handle("theme")
    assert c.render().find(data_action="theme").attrs["data-theme-button"] == "light"
    c.handle("play-alone")
    c.handle("menu")
    menu = c.render().find(id="game-menu")
    assert menu.find(data_action="theme").text() == "Theme: light"
    c.handle("theme")
    assert c.page.theme == "dark" and c.table.menu_open  # goes round: the menu stays open
    assert make_controller(backend).page.theme == "dark"  # the page loaded again


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_switch_speaks_every_language(lang):
    M.set_language(lang)
    try:
        texts = {M.t("play.theme", theme=M.t(f"play.theme.{t}")) for t in THEMES}
        english = {t: M.catalogue("en")[f"play.theme.{t}"] for t in THEMES}
        assert all(M.catalogue(lang)[f"play.theme.{t}"] != english[t] for t in THEMES)
    finally:
        M.set_language("en")
    assert len(texts) == 3


def test_the_colours_come_back_with_a_backup():
    c = make_controller()
    c.handle("theme")  # light
    text = backup_text(c.store, 0)
    other = make_controller()
    assert other.page.theme == "auto"
    other.handle("restore-file", {"text": text})
    assert other.page.theme == "light"
    assert "theme" in ALLOWED_PREFS


def test_the_page_root_says_the_colours():
    from game.web.runtime.app import App as WebPage
    c = make_controller()
    doc = FakeDocument()
    page = WebPage(c, doc, doc.createElement("div"), FakeBrowser())
    page.render()
    assert doc.documentElement.getAttribute("data-theme") == "auto"
    c.handle("theme")
    page.render()
    assert doc.documentElement.getAttribute("data-theme") == "light"
    assert doc.documentElement.getAttribute("data-motion") == "normal"


def test_a_render_sets_on_html_only_what_changed():
    """Chromium restyles every element of the page whenever `<html lang>` is set, to the value
    it already has too (a game restyled 300,000 elements, against 20,000 so)."""
    from game.web.runtime.app import App as WebPage
    c = make_controller()
    doc = FakeDocument()
    page = WebPage(c, doc, doc.createElement("div"), FakeBrowser())
    page.render()
    html = doc.documentElement
    sets: list[str] = []
    plain_set = html.setAttribute

    def recorded_set(name: str, value: str) -> None:
        sets.append(name)
        plain_set(name, value)

    html.setAttribute = recorded_set
    page.render()
    c.handle("rules")
    page.render()
    assert sets == []
    c.handle("rules-close")
    c.handle("new-game")  # the setup: thinking may be asked for soon
    page.render()
    assert sets == ["data-thinking"]
    c.handle("theme")
    page.render()
    assert sets == ["data-thinking", "data-theme"]
    c.handle("language", {"value": "de"})
    page.render()
    assert sets == ["data-thinking", "data-theme", "lang"] and html.getAttribute("lang") == "de"


@pytest.mark.parametrize(("kept", "reduced", "motion"), [
    (None, True, "off"), (None, False, "normal"), ("fast", True, "fast"), ("off", False, "off")])
def test_the_devices_wish_for_less_motion_is_followed_live_until_a_choice_is_kept(
        kept, reduced, motion):
    start = Page(motion="normal" if reduced else "off")
    assert motion_wish_changed(start, kept, reduced).motion == motion


def test_the_stylesheet_has_one_light_palette_for_the_switch_and_the_device():
    """The light colours are written twice in app.css (for ``data-theme="light"`` and, inside
    ``prefers-color-scheme: light``, for the device's setting): the two must be the same."""
    css = (ROOT / "assets" / "css" / "app.css").read_text(encoding="utf-8")
    chosen = re.search(r'html\[data-theme="light"\] \{(.*?)\}', css, re.S)
    device = re.search(r'@media \(prefers-color-scheme: light\) \{\s*'
                       r'html:not\(\[data-theme="dark"\]\) \{(.*?)\}', css, re.S)
    assert chosen and device
    assert chosen.group(1).split() == device.group(1).split()
    names = set(re.findall(r"(--[\w-]+):", chosen.group(1)))
    dark = re.search(r":root \{(.*?)\}", css, re.S)
    assert dark and names <= set(re.findall(r"(--[\w-]+):", dark.group(1)))
    assert len(names) >= 20
