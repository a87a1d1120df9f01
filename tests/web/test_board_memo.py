"""Drawings kept between renders (game/web/screens/memo.py: plots, cities, the board's key,
material rows, the story's lines) draw exactly what a fresh drawing draws: over a whole game
of taps, in every language, in the overview and opened large, with the log open and in a
replay, the page drawn with the kept drawings equals the page drawn with none kept, and
drawing it again changes nothing that was kept."""

from __future__ import annotations

import random
import sys

import pytest
from play_kit import make_controller, play_to_end, setup_game, tap_decision

from game.actions import Build
from game.web.screens import board_svg
from game.web.screens.memo import KEPT, Memo, forget_all
from game.web.screens.vdom import Child, El, s
from game.web.values.answers import BoardMeasured


def forget_kept() -> None:
    """Every drawing the screens keep forgotten: the plots, the cities' ground, the board's
    key, the material rows, and any memo a screen module holds."""
    for name, module in list(sys.modules.items()):
        if name.startswith("game.web.screens."):
            assert all(value in KEPT for value in vars(module).values()
                       if isinstance(value, Memo))  # every memo is one forget_all forgets
    forget_all()


def as_value(node: Child) -> object:
    """A drawn tree as plain values (attributes by name, in any order), kept apart from the
    tree itself: what it was when taken, whatever later drawing does to the tree."""
    if not isinstance(node, El):
        return node
    return (node.tag, node.svg, tuple(sorted(node.attrs.items(), key=lambda item: item[0])),
            tuple(as_value(child) for child in node.children))


def speak(c, lang: str) -> None:
    """The page's language, as the person picks it (a page speaks its model's language,
    whatever the process's)."""
    c.handle("language", {"value": lang})
    assert c.frame().language == lang


def drawn_alike(c) -> None:
    kept = c.render()
    before = as_value(kept)
    forget_kept()
    assert c.render() == kept  # what the kept plots drew is what is drawn afresh
    assert as_value(c.render()) == before  # and drawing again changed nothing that was kept


@pytest.mark.slow
def test_kept_plots_draw_what_a_fresh_drawing_draws():
    c = make_controller()
    setup_game(c, 3, names=["Ann", "Bob", "Cy"], start="0")
    rng = random.Random(8)
    drawn = 0
    try:
        for step in range(90):
            if c.session.state.is_over:
                break
            speak(c, ("en", "de", "fr")[step % 3])
            c.update(BoardMeasured(30 if step % 4 == 0 else 60))  # the overview now and then
            action = rng.choice(c.session.state.legal_actions())
            if c.screen_name == "pass":
                c.handle("reveal")
            elif c.screen_name == "scoring":
                c.handle("continue")
            elif isinstance(action, Build):  # each tap drawn: the card, the piece, the plot
                for name, data in (("card", {"card": f"{action.card.row},{action.card.col}"}),
                                   ("piece", {"floors": str(action.floors),
                                              "colour": action.colour}),
                                   ("plot", {"city": str(action.city),
                                             "plot": str(action.plot)})):
                    c.handle(name, data)
                    drawn_alike(c)
                c.handle("confirm")
            else:
                tap_decision(c, action, rng)
            drawn_alike(c)
            drawn += 1
        assert drawn == 90 and c.session.game.log
    finally:
        forget_kept()


def test_the_log_and_a_replay_draw_what_a_fresh_drawing_draws():
    c = make_controller()
    setup_game(c, 3, names=["Ann", "Bob", "Cy"], start="0")
    try:
        play_to_end(c, random.Random(5), until=lambda c: len(c.session.game.log) >= 40)
        if c.screen_name == "pass":
            c.handle("reveal")
        c.handle("log")
        for lang in ("en", "de", "fr"):
            speak(c, lang)
            assert c.render().find(data_log_open="true") is not None
            drawn_alike(c)
        c.handle("replay")
        for i, step in enumerate((0, 1, 2, 17, 18, 39, 5)):
            speak(c, ("en", "de", "fr")[i % 3])
            c.handle("replay-step", {"step": str(step)})
            assert c.render().find(data_replay_step=step) is not None
            drawn_alike(c)
    finally:
        forget_kept()


def test_a_kept_plot_is_drawn_from_the_memo():
    forget_kept()
    c = make_controller()
    setup_game(c, 2, names=["Ann", "Bob"], start="0")
    c.handle("reveal")
    c.render()
    first = len(board_svg.PLOTS)
    assert first == 54
    c.render()
    assert len(board_svg.PLOTS) == first  # the same 54 plots: nothing drawn anew
    forget_kept()


def test_a_memo_keeps_what_is_asked_for_and_lets_the_rest_go():
    """What every render asks for stays however many new values come; what nobody asks for
    goes; never more than twice the limit is kept."""
    memo: Memo[str] = Memo(limit=8)
    made: list[str] = []

    def ask(key: str) -> str:
        return memo.get(key, lambda: made.append(key) or key.upper())

    for turn in range(40):
        assert [ask(k) for k in ("a", "b", "c")] == ["A", "B", "C"]
        ask(f"once-{turn}")
        assert len(memo) <= 16
    assert made.count("a") == made.count("b") == made.count("c") == 1
    assert "once-0" not in memo.young and "once-0" not in memo.old
    assert ask("once-0") == "ONCE-0" and made.count("once-0") == 2


def test_the_plot_memos_hold_a_hotseat_round_of_boards():
    """Four people see the board each from their own seat, so passing the tablet round asks
    for four boards' plots in turn: each plot memo's generation holds them all, or every
    pass would draw the board anew."""
    for memo in (board_svg.PLOTS, board_svg.NAMES, board_svg.MARKED):
        assert memo.limit >= 4 * 54


def test_another_game_drawn_forgets_the_last_games_drawings():
    """The drawings kept are one game's: a page that draws another game forgets them (an
    earlier game's would only fill the memos to their bound, and the page's heap with
    them); going to the start screen and back to the same game keeps them."""
    from fakebrowser import make_page

    c = make_controller()
    page, _, _ = make_page(c)
    page.start(1024, False)
    setup_game(c, 2, controllers=["human", "greedy"])
    page.render()
    ident = c.game_id
    sentinel = s("g")
    made: list[str] = []

    def make(name: str) -> El:
        made.append(name)
        return sentinel

    board_svg.PLOTS.get("sentinel", lambda: make("first"))
    c.handle("home")
    page.render()
    c.handle("continue-game", {"id": ident})
    page.render()
    board_svg.PLOTS.get("sentinel", lambda: make("after the same game again"))
    setup_game(c, 2, controllers=["human", "greedy"])
    assert c.game_id != ident
    page.render()
    board_svg.PLOTS.get("sentinel", lambda: make("after another game"))
    assert made == ["first", "after another game"]
    assert 0 < len(board_svg.PLOTS) <= board_svg.PLOTS.limit
