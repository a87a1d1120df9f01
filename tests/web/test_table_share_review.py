"""The last table used, sharing and the review, driven through the Controller (effects checked as values):
a new game starts from the last table used, Play alone has hints on and the game menu
switches them; level names are plain words; the share link has Copy and (where the
browser has it) Share; export is in the game menu; the review names the plot of both
moves, its outlines stay at the reviewed step, and the replay's log follows its step."""

from __future__ import annotations

import random

from play_kit import make_controller, play_to_end, setup_game
from test_coach_flow import cheap_levels, finished, serve_review  # noqa: F401  # a fixture

from game.actions import Build
from game.ai import OFFERED
from game.web import messages as M
from game.web.frames.start_frames import setup_frame
from game.web.model.ui_actions import ACTIONS
from game.web.saves.storage import MemoryBackend
from game.web.thinking.coach import hints_on
from game.web.values.effects import CopyText, Download, ShareLink, ShowLogStep
from game.web.values.setup_form import TABLE_PREF


def actions_drawn(tree) -> set[str]:
    return {el.attrs["data-action"] for el in tree.find_all(data_action=True)}


# ------------------------------------------------------------- 25.4 the last table
def test_a_new_game_starts_from_the_last_table_used_even_after_a_reload():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 3, controllers=["human", "search:1", "greedy"], names=["Ada", "B", "C"],
               godzilla="baby", hints="on")
    c.handle("home")
    again = make_controller(backend)  # a reload: only the storage is left
    again.handle("new-game")
    form = setup_frame(again.form)
    assert form.count == 3 and [p.name for p in form.players][0] == "Ada"
    assert [p.controller for p in form.players] == ["human", "search:1", "greedy"]
    assert form.godzilla == "baby" and form.hints is True
    assert again.store.prefs()[TABLE_PREF]["settings"]["players"][1]["controller"] == "search:1"


def test_a_broken_table_pref_gives_the_usual_form():
    backend = MemoryBackend()
    c = make_controller(backend)
    c.store.set_prefs({TABLE_PREF: {"settings": {"players": "nonsense"}, "hints": 3}})
    c.handle("new-game")
    assert setup_frame(c.form).count == 4 and c.page.place == "setup"


def test_play_alone_has_hints_on_and_the_menu_switches_them():
    c = make_controller()
    c.handle("play-alone")
    assert hints_on(c.session.game.meta)
    assert c.frame().play.menu.hints_switch is True
    tree = c.render()
    switch = tree.find(data_hints_switch="true")
    assert switch is not None and switch.attrs["aria-pressed"] == "true"
    c.handle("hints-toggle")
    assert not hints_on(c.session.game.meta) and c.frame().play.menu.hints_switch is False
    assert c.store.load(c.game_id).meta.get("coach") is None  # written: the save says so
    c.handle("hints-toggle")
    assert hints_on(c.session.game.meta)
    c.handle("home")
    c.handle("new-game")  # the next table: one person and three medium computers, hints on
    form = setup_frame(c.form)
    assert [p.controller for p in form.players] == ["human"] + ["search:1"] * 3
    assert form.hints is True


def test_level_names_are_plain_words_in_every_language():
    jargon = ("heurist", "search", "greedy", "random")
    for lang in M.LANGUAGES:
        M.set_language(lang)
        names = [M.level_short_name(level) for level in OFFERED]
        assert len(set(names)) == len(names), names
        assert all(" " not in n and not any(j in n.lower() for j in jargon) for n in names)
    M.set_language("en")
    assert [M.level_short_name(level) for level in OFFERED] == [
        "beginner", "easy", "medium", "expert"]


def test_the_level_select_takes_a_whole_row():
    c = make_controller()
    c.handle("new-game")
    tree = c.render()
    labels = [el for el in tree.walk()
              if el.tag == "label" and el.find(data_field="controller") is not None]
    assert labels and all("wide" in el.attrs["class"].split() for el in labels)


# --------------------------------------------------------------- 25.6 the share link
def test_the_share_link_copies_and_shares_as_effects():
    page = "https://example.org/manhattan/"
    c = finished(params={"fast": "1", "url": page})
    c.handle("share")
    tree = c.render()
    assert {"share-copy", "share-close"} <= actions_drawn(tree)
    assert "share-send" not in actions_drawn(tree)  # no navigator.share here
    url = c.frame().play.menu.share
    assert url.startswith("https://example.org/manhattan/#")
    c.take_effects()
    c.handle("share-copy")
    assert c.take_effects() == [CopyText(url)]
    tree = c.render()
    copy = tree.find(data_action="share-copy")
    assert copy.attrs.get("data-copied") == "true"
    assert tree.find(role="status").children  # "the link is on the clipboard"
    c.handle("share-send")
    assert c.take_effects() == []  # not offered, not done
    # The same game on a page whose browser has a share sheet: Share offered, and done.
    d = make_controller(c.store.backend, params={"fast": "1", "url": page}, web_share=True)
    d.handle("share")
    tree = d.render()
    assert "share-send" in actions_drawn(tree) and d.frame().play.menu.share == url
    d.take_effects()
    d.handle("share-send")
    assert d.take_effects() == [ShareLink(url, M.t("share.share_title"))]
    c.handle("share-close")
    assert c.frame().play.menu.share is None and c.frame().play.menu.share_copied is False
    assert actions_drawn(c.render()) <= set(ACTIONS)


def test_export_is_in_the_game_menu():
    c = make_controller()
    c.handle("play-alone")
    tree = c.render()
    menu = tree.find(id="game-menu")
    assert "export" in {el.attrs["data-action"] for el in menu.find_all(data_action=True)}
    c.handle("menu")
    c.take_effects()
    c.handle("export")
    effects = c.take_effects()
    assert len(effects) == 1 and isinstance(effects[0], Download)
    assert not c.table.menu_open


# ---------------------------------------------------------------------- 25.7 review
def test_the_review_names_the_plot_of_both_moves_and_its_outlines_stay_at_its_step(
        cheap_levels):  # noqa: F811  # the fixture
    c = finished()
    c.handle("review")
    serve_review(c, deep=True)
    items = c.frame().play.review.items
    k = next((i for i, item in enumerate(items) if isinstance(item.best.action, Build)
              and isinstance(item.played.action, Build)), None)
    assert k is not None
    item = items[k]
    played, best = item.played.action, item.best.action
    tree = c.render()
    row = tree.find(data_review_item=k)
    text = row.text()
    for action in (played, best):
        assert M.t(f"plot.compass.{action.plot}") in text and M.city(action.city) in text
    c.handle("review-show", {"item": str(k)})
    assert c.frame().play.table.coach_marks  # at the reviewed moment: outlined
    step = c.frame().play.replay.step
    c.take_effects()
    c.handle("replay-step", {"step": str(step + 1)})
    assert c.take_effects() == [ShowLogStep(step + 1)]
    frame = c.frame().play
    assert frame.table.coach_marks == ()
    assert c.render().find(data_coach=True) is None
    c.handle("replay-step", {"step": str(step)})
    assert c.frame().play.table.coach_marks  # back at its moment


def test_the_replay_log_marks_the_entry_of_its_step():
    c = make_controller()
    setup_game(c, 2, controllers=["greedy", "greedy"])
    play_to_end(c, random.Random(3))
    c.take_effects()
    c.handle("replay")
    count = c.frame().play.replay.count
    assert ShowLogStep(count - 1) in c.take_effects()
    for step in (0, 5, count // 2, count - 1):
        c.handle("replay-step", {"step": str(step)})
        tree = c.render()
        current = [el for el in tree.find_all(aria_current="step")
                   if "log-entry" in el.attrs.get("class", "")]
        assert len(current) == 1, step
        assert current[0].attrs["data-log-step"] <= step
