"""A move may be taken back until anyone else has seen a consequence of it.

In a hotseat game the person who just confirmed may take their move back on the pass
screen until the next person shows their cards; never across a chance outcome (a deal, a
reshuffle, Godzilla: the engine's ``Game.can_take_back``) nor a scoring. With computers,
the computers do not start until the move is settled ("Done", or the undo window ends in
game/web/runtime/jobs.py). The save after a take-back is the save from before the move.
"""

from __future__ import annotations

import json
import random

import pytest
from play_kit import make_controller, play_computers, setup_game, tap_decision

from game.actions import Build, Select
from game.errors import IllegalAction
from game.match import Game
from game.web import messages as M
from game.web.frames.frame import PlayPage
from game.web.model import computers

NAMES = ["Ann", "Ben", "Cy", "Di"]


def _saved(c) -> dict:
    data = json.loads(c.store.raw(c.game_id))
    data["meta"].pop("updated", None)
    data["meta"].pop("revision", None)
    return data


def _to_build(c, rng: random.Random) -> None:
    """Through the selection to the first person's build (hotseat: pass, reveal)."""
    while c.session.state.phase == "select" or c.session.screen != "turn":
        if c.session.screen == "pass":
            c.handle("reveal")
            continue
        if c.session.screen == "computer":
            play_computers(c, limit=1)
            continue
        action = next(a for a in c.session.state.legal_actions() if isinstance(a, Select))
        tap_decision(c, action, rng)
        c.handle("settle")


def _choose(c, build: Build) -> None:
    """The taps of ``build`` up to Confirm (the draft is saved: "… Confirm?")."""
    c.handle("card", {"card": f"{build.card.row},{build.card.col}"})
    c.handle("piece", {"floors": str(build.floors), "colour": build.colour})
    c.handle("plot", {"city": str(build.city), "plot": str(build.plot)})


def _a_build(c) -> Build:
    return next(a for a in c.session.state.legal_actions() if isinstance(a, Build))


def test_hotseat_move_taken_back_before_the_next_person_reveals():
    c = make_controller()
    setup_game(c, count=2, names=NAMES[:2], deal=3)
    _to_build(c, random.Random(1))
    mover = c.session.state.current
    hand_before = c.session.state.hands[mover]
    build = _a_build(c)
    _choose(c, build)
    saved_before = _saved(c)
    c.handle("confirm")
    assert c.session.screen == "pass" and c.session.state.current != mover
    frame = c.frame()
    assert isinstance(frame, PlayPage) and frame.play.mover == mover
    tree = c.render()
    assert tree.find(**{"data-action": "take-back"}) is not None
    assert _saved(c) != saved_before  # the move was saved
    c.handle("take-back")
    assert c.session.screen == "turn" and c.session.state.current == mover and c.session.revealed == mover
    assert c.session.state.hands[mover] == hand_before  # the drawn card is back on the deck
    assert c.session.pending_actions() == (build,)  # the choice as it was before Confirm
    assert _saved(c) == saved_before  # the save keeps only the final choice
    # a different choice now: the save holds it, not the one taken back
    c.handle("undo")
    other = next(a for a in c.session.state.legal_actions() if isinstance(a, Build) and a != build)
    tap_decision(c, other)
    assert c.session.game.decisions()[-1] == other and build not in c.session.game.decisions()[-1:]
    assert json.loads(c.store.raw(c.game_id))["log"][-1] != saved_before["log"][-1]


def test_no_take_back_after_the_next_person_revealed():
    c = make_controller()
    setup_game(c, count=2, names=NAMES[:2], deal=3)
    _to_build(c, random.Random(1))
    tap_decision(c, _a_build(c))
    c.handle("reveal")
    assert c.session.mover is None and not c.session.can_take_back
    log = list(c.session.game.log)
    c.handle("take-back")
    assert c.session.game.log == log
    assert c.render().find(**{"data-action": "take-back"}) is None


def test_no_take_back_across_a_chance_outcome():
    """The engine refuses: a play followed by a chance outcome (a reshuffle, Godzilla, a
    new round's deal) or a scoring is settled."""
    c = make_controller()
    setup_game(c, count=2, names=NAMES[:2], deal=3)
    game: Game = c.session.game
    rng = random.Random(5)
    found = False
    for _ in range(400):
        if game.state.is_over:
            break
        if game.state.current is None:
            break
        chance = game.chance_count
        scorings = len(game.state.scorings)
        game.play(rng.choice(game.state.legal_actions()))
        if game.chance_count > chance or len(game.state.scorings) > scorings:
            found = True
            assert not game.can_take_back
            with pytest.raises(IllegalAction):
                game.take_back()
            break
        assert game.can_take_back
    assert found


def test_session_refuses_after_a_scoring_or_chance():
    """Through the table: the last build of a round ends in a scoring (public) and a new
    deal (chance): no "Take back my move" is offered."""
    c = make_controller()
    setup_game(c, count=2, names=NAMES[:2], deal=3)
    rng = random.Random(2)
    for _ in range(300):
        if c.session.screen == "pass":
            c.handle("reveal")
            continue
        if c.session.screen != "turn":
            break
        chance, scorings = c.session.game.chance_count, len(c.session.state.scorings)
        tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
        if c.session.game.chance_count > chance or len(c.session.state.scorings) > scorings:
            assert c.session.mover is None
            assert c.render().find(**{"data-action": "take-back"}) is None
            return
        c.handle("settle")
    raise AssertionError("no chance step reached")


def test_the_scoring_sheet_says_why_the_last_build_cannot_be_taken_back():
    """The last build of a round goes straight to the scoring: the sheet says, in one line
    to that person, that the move cannot be taken back; the next screen no longer does."""
    c = make_controller()
    setup_game(c, count=2, names=NAMES[:2], deal=3)
    rng = random.Random(2)
    for _ in range(300):
        if c.session.screen == "pass":
            c.handle("reveal")
            continue
        assert c.session.screen == "turn"
        mover, scorings = c.session.state.current, len(c.session.state.scorings)
        tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
        if len(c.session.state.scorings) > scorings:
            break
        c.handle("settle")
    assert c.session.screen == "scoring" and mover is not None
    line = c.render().find(data_sealed=str(mover))
    assert line is not None and line.text() == M.t("undo.sealed", name=NAMES[mover])
    assert c.render().find(**{"data-action": "take-back"}) is None
    c.handle("continue")
    assert c.render().find(data_sealed=True) is None


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_take_back_and_the_in_turn_undo_are_different_words(lang):
    """Beside each other on a table's screens, the in-turn Undo (the piece just placed)
    and taking back a confirmed move share no word."""
    M.set_language(lang)
    try:
        undo = M.t("play.undo").casefold()
        take_back = M.t("undo.button").casefold()
        assert undo not in take_back
        assert not set(undo.split()) & set(take_back.split())
    finally:
        M.set_language("en")


def test_with_computers_they_wait_for_the_move_to_settle():
    c = make_controller()
    setup_game(c, count=2, names=NAMES[:2], controllers=["human", "greedy"], deal=3)
    _to_build(c, random.Random(1))
    mover = c.session.state.current
    build = _a_build(c)
    _choose(c, build)
    saved_before = _saved(c)
    c.handle("confirm")
    assert c.session.screen == "computer" and c.session.mover == mover
    assert computers.computer_key(c) is None  # the computer waits
    assert computers.settle_key(c) is not None
    assert not c.session.show_private  # the drawn card stays hidden until the move settles
    tree = c.render()
    assert tree.find(**{"data-action": "take-back"}) is not None
    assert tree.find(**{"data-action": "settle"}) is not None
    c.handle("take-back")
    assert c.session.screen == "turn" and c.session.pending_actions() == (build,)
    assert _saved(c) == saved_before
    c.handle("confirm")
    log = len(c.session.game.log)
    c.handle("settle")
    assert c.session.mover is None and computers.computer_key(c) is not None
    play_computers(c, limit=1)
    assert len(c.session.game.log) > log


@pytest.mark.cpython(
    reason="Pyodide's event loop cannot run to completion under Node (no stack switching)")
def test_the_jobs_settle_after_the_window(monkeypatch):
    import asyncio

    from game.web.runtime.jobs import Jobs

    c = make_controller(params={})  # paced as the page is (the speed: "normal")
    setup_game(c, count=2, names=NAMES[:2], controllers=["human", "greedy"], deal=3)
    _to_build(c, random.Random(1))
    tap_decision(c, _a_build(c))
    assert (c.page.instant, c.page.speed) == (False, "normal")
    slept: list[float] = []

    class Port:
        def worker_ready(self): return False
        async def ask_worker(self, text): raise AssertionError
        def render(self): pass
        def mark(self, name, value): pass
        def carry_out(self): pass
        def perf_now(self): return 0.0
        async def sleep(self, seconds):
            slept.append(seconds)
        def warn(self, text): pass
        def report(self): raise

    log = len(c.session.game.log)

    async def run():
        jobs = Jobs(c, Port())
        jobs.kick()
        await jobs._computers

    asyncio.run(run())
    assert slept and slept[0] == computers.UNDO_SECONDS["normal"] > 0
    assert c.session.mover is None and len(c.session.game.log) > log  # settled, then the computer moved


@pytest.mark.parametrize(("computers_seated", "lang", "expected"), [
    (1, "en", "The computer replies"), (3, "en", "The computers reply"),
    (1, "de", "Der Computer antwortet"), (3, "de", "Die Computer antworten"),
    (1, "fr", "L’ordinateur répond"), (3, "fr", "Les ordinateurs répondent"),
])
def test_the_wait_before_the_computers_says_one_or_many(computers_seated, lang, expected):
    """The wait says "The computers reply…" only when more than one computer plays."""
    from game.web import messages as M

    c = make_controller()
    count = computers_seated + 1
    setup_game(c, count=count, names=NAMES[:count],
               controllers=["human"] + ["greedy"] * computers_seated, deal=3)
    _to_build(c, random.Random(1))
    tap_decision(c, _a_build(c))
    assert c.session.screen == "computer" and c.session.mover is not None
    c.handle("language", {"value": lang})
    try:
        text = c.render().find(**{"class": "take-back-text"}).text()
    finally:
        M.set_language("en")
    assert expected in text
