"""The first-game tutorial: a fixed deal, lessons that follow what the person does, left and
resumed, not listed as a saved game unless kept."""

from __future__ import annotations

import random

from play_kit import make_controller, play_computers, tap_decision

from game.web import messages as M


def lessons_until(c, stop, limit=400):
    seen = []
    rng = random.Random(5)
    for _ in range(limit):
        lesson = c.frame().tutorial
        if lesson and (not seen or seen[-1] != lesson[0]):
            seen.append(lesson[0])
        if stop(c):
            break
        name = c.screen_name
        if name == "scoring":
            c.handle("continue")
        elif c.session.screen == "computer":
            play_computers(c, limit=1)
        elif c.session.state.phase == "select":
            tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
        else:
            draft = c.session.draft
            action = rng.choice(c.session.state.legal_actions())
            if getattr(draft, "card", None) is None:
                c.handle("card", {"card": f"{action.card.row},{action.card.col}"})
            elif draft.floors is None:
                c.handle("piece", {"colour": action.colour, "floors": str(action.floors)})
            elif draft.city is None and hasattr(action, "city"):
                legal = sorted(c.frame().play.table.targets)
                city, plot = legal[0] if legal else (action.city, action.plot)
                c.handle("plot", {"city": str(city), "plot": str(plot)})
                if c.session.draft.city is None:  # no target for this piece: start over
                    c.handle("undo")
                    c.handle("undo")
            else:
                c.handle("confirm")
    return seen


def test_the_tutorial_teaches_by_doing_and_is_the_same_deal_every_time():
    M.set_language("en")
    c = make_controller()
    assert c.render().find(data_action="tutorial") is not None
    c.handle("tutorial")
    assert c.session.game.seed == "tutorial-1"
    first_hand = c.session.state.hands[0]
    seen = lessons_until(c, lambda c: c.screen_name == "scoring")
    for step in ("tutorial.select", "tutorial.card", "tutorial.piece", "tutorial.plot",
                 "tutorial.confirm", "tutorial.watch", "tutorial.scoring"):
        assert step in seen, (step, seen)
    tree = c.render()
    assert tree.find(data_tutorial="tutorial.scoring") is not None
    d = make_controller()
    d.handle("tutorial")
    assert d.session.state.hands[0] == first_hand


def test_a_takeover_lesson_comes_up():
    c = make_controller()
    c.handle("tutorial")
    seen = lessons_until(c, lambda c: c.session.state.round > 2)
    assert "tutorial.takeover" in seen, seen


def test_left_and_resumed_and_listed_only_when_kept():
    c = make_controller()
    c.handle("tutorial")
    c.handle("select-inc", {"floors": "1"})
    log = len(c.session.game.log)
    ident = c.game_id
    c.handle("home")
    start = c.frame().start
    assert start.saves == () and start.tutorial == ident  # not listed, but resumable
    assert c.render().find(data_action="tutorial").text() == M.t("start.tutorial_resume")
    c.handle("tutorial")
    assert c.game_id == ident and len(c.session.game.log) == log
    c.handle("tutorial-keep")
    assert c.frame().tutorial_kept
    c.handle("home")
    assert [s.id for s in c.frame().start.saves] == [ident]
    assert c.frame().start.tutorial is None


def test_the_closing_lesson_is_said_once_after_the_first_scoring():
    """"You know the game now" follows the first scoring and does not come back after the
    later ones (the game is played to its end)."""
    c = make_controller()
    c.handle("tutorial")
    seen = lessons_until(c, lambda c: c.session.screen == "final", limit=3000)
    assert c.session.screen == "final"
    assert seen.count("tutorial.done") == 1, seen
    assert seen.count("tutorial.scoring") >= 3, seen  # a scoring after every round
    assert seen.index("tutorial.done") > seen.index("tutorial.scoring")


def test_the_tutorial_speaks_of_taps_not_keys():
    """The tutorial is played on phones too: its lessons name taps; keys are for the
    keyboard help (a11y), which says "with a keyboard"."""
    keys = ("arrow", "Escape", "Enter", "Pfeiltaste", "flèche", "Échap", "Entrée")
    for lang in ("en", "de", "fr"):
        for key, text in M.catalogue(lang).items():
            if key.startswith("tutorial."):
                assert not any(word in str(text) for word in keys), (lang, key, text)
