"""An unfinished game leaves the device in two explicit forms only: its view
("Save as file" and "Share link", from the log, the replay and the results) and, from the
menu behind a warning, the whole game to continue elsewhere. A view opens as a replay and is
never continued; its invented hands are never shown."""

from __future__ import annotations

import base64
import json
import random
import zlib
from collections import Counter

import pytest
from engine_testkit import mentioned_cards
from play_kit import make_controller, opened_with, play_computers, play_to_end, setup_game

from game.actions import Build, ReturnPiece
from game.web import messages as M
from game.web.saves.sharing import LINK_KEY
from game.web.values.effects import CopyText, ShareLink

SEED_MARK = "seed"


PAGE_URL = "https://example.org/manhattan/"


def unfinished(steps: int = 40, count: int = 3, **page):
    """A game under way; ``page``: how the page is made (make_controller's)."""
    c = make_controller(**page)
    setup_game(c, count, controllers=["human", "greedy", "random", "greedy"][:count],
               names=["Ann", "Ben", "Cy", "Di"][:count], start="0")
    play_to_end(c, random.Random(5), until=lambda c: len(c.session.game.log) >= steps)
    assert not c.session.state.is_over
    return c


def link_text(fragment: str) -> str:
    packed = fragment.lstrip("#")[len(LINK_KEY):]
    return zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))).decode()


def assert_no_secret(text: str, c) -> None:
    """The text holds neither the seed nor a shuffle, and names exactly the played cards
    (so no card of a hand or of the pile)."""
    game = c.session.game
    document = json.loads(text)
    assert game.seed not in text and SEED_MARK not in document
    assert "shuffle" not in text
    played = Counter(tuple(a.card) for a in game.log if isinstance(a, (Build, ReturnPiece)))
    assert mentioned_cards(document) == played
    assert any(game.state.hands)  # there were hidden cards to leak


def tap_drawn(c, action: str, **marks) -> None:
    """Tap a button only if the screen draws it (so each path tested is one the page offers)."""
    assert c.render().find(data_action=action, **marks) is not None, (action, marks)
    c.handle(action)


def link_of_url(url: str) -> str:
    """The game a whole address (page, then ``#game=...``) holds, as the file's text."""
    return link_text(url[url.index("#") + 1:])


def every_shared_text(c) -> dict[str, str]:
    """Every file and link an unfinished game offers outside the menu's whole export: the
    game menu's "Save as file", the log's and the replay's "Save as file" and "Share link",
    and what the link's Copy and Share buttons hand to the browser."""
    assert c.params["url"] == PAGE_URL and c.page.web_share  # (Share drawn)
    texts = {}
    tap_drawn(c, "menu")
    tap_drawn(c, "export", data_menu_export="true")
    name, text = c.take_download()
    assert name.endswith("-view.json") and not c.table.menu_open
    texts["menu file"] = text
    for opening in ("log", "replay"):
        tap_drawn(c, "log")  # the replay opens from the log
        if opening == "replay":
            tap_drawn(c, "replay")
        tap_drawn(c, "export")
        name, text = c.take_download()
        assert name.endswith("-view.json")
        texts[f"{opening} file"] = text
        tap_drawn(c, "share")
        texts[f"{opening} link"] = link_text(c.sharing.share)
        c.take_effects()
        tap_drawn(c, "share-copy")
        tap_drawn(c, "share-send")
        copied, shared = c.take_effects()
        assert isinstance(copied, CopyText) and isinstance(shared, ShareLink)
        texts[f"{opening} copied link"] = link_of_url(copied.text)
        texts[f"{opening} shared link"] = link_of_url(shared.url)
        tap_drawn(c, "share-close")
        tap_drawn(c, "replay-close" if opening == "replay" else "log")
    return texts


@pytest.mark.slow
def test_every_file_and_link_of_an_unfinished_game_holds_no_secret():
    for count in (2, 3, 4):
        c = unfinished(steps=30 + 10 * count, count=count,
                       params={"fast": "1", "url": PAGE_URL}, web_share=True)
        texts = every_shared_text(c)
        assert len(texts) == 9
        for where, text in texts.items():
            try:
                assert_no_secret(text, c)
            except AssertionError as error:
                raise AssertionError(where) from error


def test_the_whole_game_leaves_only_from_the_menu_after_a_warning():
    c = unfinished()
    game = c.session.game
    c.handle("log")  # not in the log, nor in the replay
    assert c.render().find(data_log_open="true").find(data_action="export-whole") is None
    c.handle("replay")
    replay = c.render().find(data_replay_step=True)
    assert replay is not None and replay.find(data_action="export-whole") is None
    c.handle("replay-close")
    c.handle("menu")
    tree = c.render()
    menu = tree.find(id="game-menu")
    assert menu.find(data_action="export-whole") is not None
    assert tree.find(data_whole_export=True) is None
    c.handle("export-whole")
    assert c.take_download() is None  # the first tap only warns
    warning = c.render().find(data_whole_export=True)
    assert warning is not None and warning.attrs["role"] == "alertdialog"
    c.handle("export-whole-cancel")
    assert c.render().find(data_whole_export=True) is None and c.take_download() is None
    c.handle("export-whole")
    c.handle("export-whole", {"confirm": "true"})
    name, text = c.take_download()
    assert name.endswith("-all-hands.json")
    data = json.loads(text)
    assert data["seed"] == game.seed and data["log"][0]["type"] == "shuffle"
    assert c.render().find(data_whole_export=True) is None


def test_a_view_opens_as_a_replay_and_is_never_continued():
    c = unfinished()
    c.handle("export")
    _, text = c.take_download()
    d = make_controller()
    d.handle("import-file", {"text": text})
    assert d.page.place == "play" and d.table.following.replay_step is not None
    tree = d.render()
    assert tree.find(data_view_only=True) is not None
    assert tree.find(data_replay_hands=True) is None and tree.find(data_replay_hand=0) is None
    assert tree.find(data_action="export-whole") is None
    for step in (0, 10, d.table.following.replay_step):
        d.handle("replay-step", {"step": str(step)})
        assert d.render().find(data_replay_hand=0) is None
    # its file and link are its view again, nothing invented leaves
    d.handle("export")
    assert d.take_download()[1] == text
    d.handle("export-whole", {"confirm": "true"})
    assert d.take_download() is None
    # leaving the replay leaves the view: there is no game behind it to play on
    d.handle("replay-close")
    assert d.page.place == "start"
    start = d.render()
    ident = d.store.ids()[0]
    button = start.find(data_action="continue-game", data_id=ident)
    assert button is not None and button.text() == "Replay"
    d.handle("continue-game", {"id": ident})
    assert d.page.place == "play" and d.table.following.replay_step is not None


def test_no_computer_plays_on_in_a_view():
    c = make_controller()
    setup_game(c, 2, controllers=["greedy", "greedy"], start="0")
    play_computers(c, limit=30)
    assert not c.session.state.is_over
    c.handle("export")
    d = make_controller()
    d.handle("import-file", {"text": c.take_download()[1]})
    log = list(d.session.game.log)
    assert d.session.screen in ("computer", "scoring")
    assert play_computers(d) == 0 and d.session.game.log == log


def test_a_view_link_opens_its_replay():
    c = unfinished()
    c.handle("share")
    d = opened_with(hash="#" + c.sharing.share)
    assert d.page.place == "play" and d.table.following.replay_step is not None
    assert d.session.game.meta.get("view") is True
    assert len(d.session.story()) == len(c.session.game.log)


def test_a_finished_game_still_leaves_whole():
    c = make_controller()
    setup_game(c, 2, controllers=["human", "greedy"], start="0")
    play_to_end(c, random.Random(2))
    c.handle("export")
    name, text = c.take_download()
    assert not name.endswith("-view.json") and json.loads(text)["seed"] == c.session.game.seed
    assert c.render().find(data_action="export-whole") is None


def test_the_backup_holds_unfinished_games_whole_and_says_so_beside_its_button():
    """The backup (start screen) is for moving this browser's games to another one: it holds
    an unfinished game whole (seed and shuffles), and its note says so next to the button."""
    c = unfinished()
    game = c.session.game
    c.handle("home")
    tools = c.render().find(data_backup_tools=True)
    assert tools is not None and tools.find(data_action="backup") is not None
    assert M.t("backup.hint") in tools.text() and "hands" in M.t("backup.hint")
    c.handle("backup")
    _, text = c.take_download()
    assert game.seed in text and "shuffle" in text
