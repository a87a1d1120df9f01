"""The scoring sheet lets the table look at the board, the top bar names the
round being scored, the first turn's digest reads naturally, "by points" is said once, and
a reload draws the pending "… Confirm?" sentence again."""

from __future__ import annotations

import random

from play_kit import make_controller, play_computers, play_to_end, setup_game, tap_decision

from game.actions import Build
from game.web import messages as M
from game.web.saves.storage import MemoryBackend

CPUS = ["human", "greedy", "greedy"]


def _to_scoring(c) -> None:
    play_to_end(c, random.Random(3), until=lambda c: c.session.screen == "scoring")


def test_scoring_sheet_shows_the_board_and_the_round_scored():
    c = make_controller()
    setup_game(c, count=3, names=["Ann", "Ben", "Cy"], controllers=CPUS, deal=2)
    _to_scoring(c)
    assert c.session.state.round == 2  # the engine has begun the next round
    tree = c.render()
    assert tree.find(**{"data-screen": "scoring"}) is not None
    assert tree.find(**{"class": "tb-round", "data-round": 1}) is not None
    assert tree.find(**{"data-action": "peek"}) is not None
    c.handle("peek")
    tree = c.render()
    assert tree.find(**{"data-screen": "scoring"}) is None
    assert tree.find(**{"id": "board"}) is not None
    assert tree.find(**{"class": "btn primary big peek-back"}) is not None
    c.handle("peek")
    assert c.render().find(**{"data-screen": "scoring"}) is not None
    c.handle("peek")
    c.handle("continue")  # from the board too the scores are acknowledged once
    assert not c.table.peek and c.session.screen != "scoring"


def test_first_turn_digest_reads_naturally():
    c = make_controller()
    setup_game(c, count=2, names=["Ann", "Ben"], deal=3)
    c.handle("reveal")
    frame = c.frame()
    story = frame.play.table.story
    assert story.first_turn
    digest = c.render().find(**{"class": "digest"})  # the start player drawn, no count
    assert digest is not None and digest.text().startswith(M.t("story.digest_first"))
    assert M.t("story.digest_heading", count=1) not in digest.text()
    tap_decision(c, c.session.state.legal_actions()[0])
    c.handle("settle")
    c.handle("reveal")  # the second person: one move before their first turn
    tree = c.render()
    digest = tree.find(**{"class": "digest"})
    assert digest is not None
    assert digest.text().startswith(M.t("story.digest_first"))


def test_by_points_said_once():
    c = make_controller()
    setup_game(c, count=3, names=["Ann", "Ben", "Cy"],
               controllers=["greedy", "greedy", "greedy"], deal=4)
    play_computers(c)
    assert c.session.screen == "final"
    tree = c.render()
    notes = tree.find_all(**{"data-message-id": "final.by_points"})
    decided = tree.find_all(**{"class": "decided"})
    by_points = [st for st in c.session.state.standings() if st.decided_by == "points"]
    assert len(notes) == (1 if by_points else 0)
    assert len(decided) == len(c.session.state.standings()) - len(by_points)


def test_reload_keeps_the_pending_confirm_sentence():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, count=2, names=["Ann", "Ben"], controllers=["human", "greedy"], deal=3)
    rng = random.Random(1)
    while c.session.state.phase == "select" or c.session.screen != "turn":
        if c.session.screen == "computer":
            c.handle("settle")
            play_computers(c, limit=1)
        else:
            tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
    build = next(a for a in c.session.state.legal_actions() if isinstance(a, Build))
    c.handle("card", {"card": f"{build.card.row},{build.card.col}"})
    c.handle("piece", {"floors": str(build.floors), "colour": build.colour})
    c.handle("plot", {"city": str(build.city), "plot": str(build.plot)})
    notice = c.session.notice
    assert notice is not None and notice[0] == "build.tentative"
    again = make_controller(backend)
    if again.session is None:
        again.handle("continue-game", {"id": c.game_id})
    assert again.session is not None and again.session.notice == notice
    assert again.frame().play.table.notice == notice


def test_every_switch_in_the_game_menu_says_its_state():
    """Each switch of the game menu (a button with aria-pressed, the log aside: it opens an
    overlay that shows itself) says whether it is on or off in its own words ("Sound: on",
    "Hints: off"), in every language: its text differs between the two states."""
    for lang in ("en", "de", "fr"):
        M.set_language(lang)
        c = make_controller()
        c.handle("play-alone")

        def switches(c=c) -> dict[str, tuple[str, str]]:
            menu = c.render().find(id="game-menu")
            return {str(b.attrs["data-action"]): (str(b.attrs["aria-pressed"]), b.text().strip())
                    for b in menu.walk() if b.tag == "button" and "aria-pressed" in b.attrs
                    and b.attrs["data-action"] != "log"}

        before = switches()
        assert {"sound", "inspect-mode", "hints-toggle"} <= set(before), before
        for action in before:
            c.handle(action)
        after = switches()
        for action, (pressed, text) in before.items():
            assert after[action][0] != pressed and after[action][1] != text, (lang, action)
        assert before["sound"][1] == M.t("play.sound_on")
    M.set_language("en")
