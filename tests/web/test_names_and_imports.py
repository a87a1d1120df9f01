"""Names and imported text: bidirectional controls and lone surrogates are
stripped where a name is typed, refused in files and links, and neutralised in saves stored
before the rule (they still load); every name on the page is isolated (``<bdi>``); an
imported ``meta`` keeps only known fields of bounded size; an empty file has its own message.
"""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from pathlib import Path

import pytest
from play_kit import make_controller, opened_with, play_to_end, setup_game

from game import save as game_save
from game.errors import SaveError
from game.settings import BIDI_CONTROLS, neutralise_name
from game.web import messages as M
from game.web.saves.backup import backup_text
from game.web.saves.sharing import LINK_KEY, export_text, import_text
from game.web.saves.storage import META_LIMITS, PREFIX, MemoryBackend
from game.web.screens.announce import news

RLO = "\u202e"
CONTROLS = sorted(BIDI_CONTROLS) + ["\ud800", "\udfff"]


def finished(names=("Anna", "Ben", "Cleo")):
    c = make_controller()
    setup_game(c, 3, controllers=["human", "greedy", "random"], names=list(names), start="0",
               deal=11)
    play_to_end(c, random.Random(3))
    return c


def with_name(text: str, index: int, name: str) -> str:
    data = json.loads(text)
    data["settings"]["players"][index]["name"] = name
    return json.dumps(data)


def link_of(text: str) -> str:
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"))).decode().rstrip("=")
    return "#" + LINK_KEY + packed


def stored_prefixed(c) -> dict[str, str]:
    return {k: v for k, v in c.store.backend.data.items() if k.startswith(PREFIX)}


# ------------------------------------------------------------------ typed names
@pytest.mark.parametrize("control", CONTROLS)
def test_a_typed_name_loses_its_bidi_controls_and_lone_surrogates(control):
    c = make_controller()
    setup_game(c, 2, names=[control + "Anna" + control, "Ben"], start="0")
    assert c.session.settings.players[0].name == "Anna"


def test_a_name_of_bidi_controls_only_is_an_empty_name_in_the_form():
    c = make_controller()
    c.handle("new-game")
    c.handle("field", {"field": "name", "player": "0", "value": RLO + "\u2066"})
    c.handle("setup-start")
    assert c.page.place == "setup"
    assert ("setup.error.name_empty", {"player": M.t("setup.player", n=1)}) in c.form.errors


# ------------------------------------------------------------- files and links
@pytest.mark.parametrize("control", CONTROLS)
def test_a_file_or_link_with_such_a_name_is_refused_and_nothing_is_stored(control):
    c = finished()
    text = with_name(export_text(c.session.game), 1, "B" + control + "en")
    before = stored_prefixed(c)
    c.handle("import-file", {"text": text})
    assert c.page.place == "start" and c.home.error[0] == "share.import_failed"
    assert c.home.error[1]["reason"] == M.reason(SaveError("", "damaged"))
    assert stored_prefixed(c) == before
    with pytest.raises(SaveError, match="player name"):
        import_text(text)
    d = opened_with(hash=link_of(text))
    assert d.page.place == "start" and d.home.error[0] == "share.import_failed"
    assert d.store.ids() == []


# ------------------------------------------------------- saves from before the rule
def old_save_with_rlo() -> tuple[MemoryBackend, str]:
    """A browser's storage holding a game stored before names were checked for controls:
    player 0 is called "\u202eAnna"."""
    c = finished()
    ident = c.game_id
    backend = c.store.backend
    backend.data[PREFIX + ident] = with_name(backend.data[PREFIX + ident], 0, RLO + "Anna")
    return backend, ident


def test_an_old_save_with_a_bidi_name_still_loads_with_the_name_neutralised():
    backend, ident = old_save_with_rlo()
    c = make_controller(backend)
    [entry] = c.store.entries()
    assert entry.error is None and entry.game.settings.players[0].name == "Anna"
    c.handle("continue-game", {"id": ident})
    assert c.page.place == "play" and c.session.settings.players[0].name == "Anna"
    tree = c.render()
    assert not any(ch in tree.text() for ch in BIDI_CONTROLS)
    assert PREFIX + ident in backend.data  # kept, never deleted


def test_log_sentences_about_such_a_player_keep_their_order():
    """"Anna chose 3×1, 1×2" must not turn into "2×1 ,1×3": the text holds no control,
    the name is in its own <bdi>, and the numbers come after it, as in the catalogue."""
    backend, ident = old_save_with_rlo()
    c = make_controller(backend)
    c.handle("continue-game", {"id": ident})
    c.handle("replay")  # the game's log beside the board
    lines = list(c.render().find_all(data_message_id="story.selected"))
    assert lines
    for line in lines:
        text = line.text()
        assert not any(ch in text for ch in BIDI_CONTROLS)
        story = [el for el in line.find_all() if el.attrs.get("class") == "story-text"][0]
        names = [child for child in story.children if getattr(child, "tag", None) == "bdi"]
        assert len(names) == 1 and names[0].text() in ("Anna", "Ben", "Cleo")


def test_a_backup_of_such_a_save_restores_it_neutralised():
    backend, ident = old_save_with_rlo()
    c = make_controller(backend)
    text = backup_text(c.store, 0)
    d = make_controller()
    d.handle("restore-file", {"text": text})
    assert [r.label for r in d.home.restore_report.restored]
    [entry] = d.store.entries()
    assert entry.game.settings.players[0].name == "Anna"


def test_neutralise_name_strips_only_what_turns_text():
    assert neutralise_name("\u202eאבי 3\u2069") == "אבי 3"
    assert neutralise_name("Zoë \ud83d") == "Zoë "
    assert neutralise_name("Zoë 😀") == "Zoë 😀"


# ------------------------------------------------------------- every name isolated
CSS = (Path(__file__).resolve().parents[2] / "assets" / "css" / "app.css").read_text("utf-8")
ISOLATED_CLASSES = ("seat-name",)
"""Names drawn in SVG (which has no <bdi>): isolated by the stylesheet."""


def test_the_stylesheet_isolates_names_drawn_without_bdi():
    for cls in ISOLATED_CLASSES + ("pname",):
        rules = re.findall(r"[^}]*\." + cls + r"\b[^{]*\{([^}]*)\}", CSS)
        assert any("unicode-bidi: isolate" in rule for rule in rules), cls


def test_every_player_name_on_the_final_screen_and_in_the_log_is_in_a_bdi():
    c = finished(names=("Anna", "Ben", "Cleo"))
    for screen in ("final", "replay"):
        if screen == "replay":
            c.handle("replay")
        tree = c.render()
        bdis = [el for el in tree.find_all() if el.tag == "bdi"]
        assert bdis and {el.text() for el in bdis} <= {"Anna", "Ben", "Cleo"}
        # No name outside a bdi: take the bdis' text out and no name is left.
        for el in tree.find_all():
            if el.tag == "bdi" or el.attrs.get("class") in ISOLATED_CLASSES:
                continue
            for child in el.children:
                if isinstance(child, str):
                    assert not any(n in child for n in ("Anna", "Ben", "Cleo")), (el, child)


# --------------------------------------------------------------------- meta sizes
@pytest.mark.slow
def test_an_imported_files_meta_keeps_known_fields_within_their_limits():
    c = finished()
    data = json.loads(export_text(c.session.game))
    data["log"] = data["log"][:-1]  # another game than the one stored
    data["meta"] = {"junk": "x" * 1_000_000, "coach": {"hints": True, "junk": "y" * 900_000},
                    "tutorial": "z" * 10_000, "app": "manhattan-web", "created": 1795305600}
    text = json.dumps(data)
    assert len(text) > 1_900_000
    before = set(c.store.ids())
    c.handle("import-file", {"text": text})
    [ident] = set(c.store.ids()) - before
    stored = c.store.backend.data[PREFIX + ident]
    assert len(stored) < 30_000
    meta = json.loads(stored)["meta"]
    assert "junk" not in meta and "coach" not in meta and "tutorial" not in meta
    assert meta["app"] == "manhattan-web" and meta["created"] == 1795305600
    for key, value in meta.items():
        assert len(json.dumps(value, ensure_ascii=False)) <= META_LIMITS[key]
    assert game_save.load(stored).log == import_text(text).log


def test_a_link_s_meta_is_bounded_too():
    c = finished()
    data = json.loads(export_text(c.session.game))
    data["meta"] = {"ui": {"junk": "x" * 100_000}}
    d = opened_with(hash=link_of(json.dumps(data)))
    assert d.page.place == "play"
    [ident] = d.store.ids()
    assert len(d.store.backend.data[PREFIX + ident]) < 30_000


# --------------------------------------------------------------------- empty file
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("text", ["", "   \n"])
def test_an_empty_file_is_reported_as_empty_not_as_too_large(lang, text):
    M.set_language(lang)
    try:
        c = make_controller()
        c.handle("import-file", {"text": text})
        assert c.home.error == ("share.import_failed", {"reason": M.Said("reason.empty")})
        assert str(c.home.error[1]["reason"]) == M.problem("empty")
        assert M.problem("empty") != M.problem("too_large")
        c.handle("import-file", {"too_large": "true"})
        assert c.home.error == ("share.import_failed", {"reason": M.Said("reason.too_large")})
        assert c.store.ids() == []
    finally:
        M.set_language("en")


def names_outside_bdi(tree, names) -> list:
    found = []
    for el in tree.find_all():
        if el.tag == "bdi" or el.attrs.get("class") in ISOLATED_CLASSES:
            continue
        for child in el.children:
            if isinstance(child, str) and any(n in child for n in names):
                found.append((el, child))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_no_screen_of_a_whole_game_shows_a_name_outside_a_bdi(lang):
    """Every screen of a four-player game (pass, turn, computer, scoring, final, start),
    the digests and last moves included."""
    names = ("Xaver", "Quirin", "Yukiko", "Wanja")
    M.set_language(lang)
    try:
        c = make_controller()
        setup_game(c, 4, controllers=["human", "greedy", "human", "random"], names=list(names),
                   start="0", deal=3)
        seen: set[str] = set()

        def check(controller, screen):
            seen.add(screen)
            tree = controller.render()
            assert not names_outside_bdi(tree, names), (screen, names_outside_bdi(tree, names))

        play_to_end(c, random.Random(5), on_step=check)
        c.handle("home")
        check(c, "start")
        assert {"pass", "play", "final", "start"} <= seen, seen
    finally:
        M.set_language("en")


def test_the_statistics_screen_isolates_every_name_in_a_sentence():
    """The records' people by name: in the tables, the pairs and the chart's
    heading each name is in a bdi; a button or an option whose whole text is one name is a
    box of its own, which isolates it already."""
    names = ("Xaver", "Quirin", "Yukiko")
    c = make_controller()
    setup_game(c, 3, controllers=["human", "greedy", "human"], names=list(names), start="0",
               deal=3)
    play_to_end(c, random.Random(5))
    c.handle("home")
    c.handle("stats")
    assert c.page.place == "stats"
    tree = c.render()
    chart = tree.find(**{"class": "stats-chart"})
    [heading] = [el for el in chart.walk() if el.tag == "h2"]
    assert [el.text() for el in heading.walk() if el.tag == "bdi"] == [names[0]]
    whole_names = [(el, text) for el, text in names_outside_bdi(tree, names)
                   if not (el.tag in ("button", "option") and text in names)]
    assert whole_names == []


@pytest.mark.slow
def test_screen_reader_texts_isolate_every_name():
    """What only a screen reader hears (the live region's news, the board's accessible name)
    cannot hold a ``<bdi>``: each name in it sits between FIRST STRONG ISOLATE and POP
    DIRECTIONAL ISOLATE, over a whole game."""
    names = ("Xaver", "Quirin", "Yukiko", "Wanja")
    c = make_controller()
    setup_game(c, 4, controllers=["human", "greedy", "human", "random"], names=list(names),
               start="0", deal=3)
    heard: list[str] = []

    def check(controller, screen):
        frame = controller.frame()
        texts = [text for _, text in news(frame)]
        tree = controller.render()
        texts += [el.attrs["aria-label"] for el in tree.walk()
                  if "board" in str(el.attrs.get("class", "")).split()
                  and "aria-label" in el.attrs]
        for text in texts:
            bare = re.sub("\u2068[^\u2068\u2069]*\u2069", "", text)
            assert not [n for n in names if n in bare], (screen, text)
        heard.extend(texts)

    play_to_end(c, random.Random(5), on_step=check)
    assert any(f"\u2068{names[0]}\u2069" in text for text in heard)
    assert sum(any(n in text for n in names) for text in heard) > 20
