"""One table of UI actions: every data-action drawn has an entry; anything else is refused."""

from __future__ import annotations

import json
import random

import pytest
from play_kit import (
    SavingController,
    computer_moved,
    make_controller,
    play_computers,
    play_to_end,
    setup_game,
    tap_decision,
)

from game.actions import Build
from game.web.model import computers
from game.web.model.ui_actions import ACTIONS
from game.web.saves import records as R
from game.web.saves.backup import backup_text
from game.web.saves.storage import PREFIX, MemoryBackend, SaveStore
from game.web.values.answers import (
    BoardMeasured,
    ComputerMoved,
    ComputerPreviewed,
    ReviewAnswered,
    ReviewDue,
    UpdateFound,
)
from game.web.values.effects import ApplyUpdate


def _drawn_actions(tree) -> set[str]:
    return ({el.attrs["data-action"] for el in tree.find_all(data_action=True)}
            | {el.attrs["data-change"] for el in tree.find_all(data_change=True)})


@pytest.mark.slow
def test_every_drawn_action_is_in_the_table_and_every_entry_is_drawn_somewhere():
    drawn: set[str] = set()
    for count, controllers in ((2, ["human", "human"]), (4, ["human", "random", "human", "greedy"])):
        c = make_controller()
        drawn.update(_drawn_actions(c.render()))
        c.handle("rules")
        drawn.update(_drawn_actions(c.render()))
        c.handle("rules-close")
        setup_game(c, count, controllers=controllers, start="0")

        def collect(controller, name):
            drawn.update(_drawn_actions(controller.render()))
            if controller.compact is False and name == "play":
                controller.update(BoardMeasured(30.0))
                drawn.update(_drawn_actions(controller.render()))
                controller.update(BoardMeasured(80.0))

        play_to_end(c, random.Random(count), on_step=collect)
        c.handle("peek")
        drawn.update(_drawn_actions(c.render()))
        c.handle("log")  # following the game: the log drawer, the inspector, the replay
        drawn.update(_drawn_actions(c.render()))
        c.handle("log-show", {"log-step": "5"})
        c.handle("inspect-mode")
        c.handle("plot", {"city": "1", "plot": "4"})
        drawn.update(_drawn_actions(c.render()))
        c.handle("replay")
        drawn.update(_drawn_actions(c.render()))
        c.handle("share")
        drawn.update(_drawn_actions(c.render()))
        c.handle("replay-close")
        c.handle("peek")
    # Continue on another device: the warning with its two answers.
    c = make_controller()
    setup_game(c, 2, controllers=["human", "greedy"], start="0")
    c.handle("export-whole")
    drawn.update(_drawn_actions(c.render()))
    # The coach: a game with hints (the hint button), the review with its progress and
    # Cancel, then its list and one decision on the board.
    from game.web.thinking.coach import compute
    c = make_controller(safari_tab=True)  # a Safari tab: the Home Screen card, below
    setup_game(c, 2, controllers=["human", "greedy"], hints=True, start="0")
    for _ in range(5):
        if c.screen_name == "pass":
            c.handle("reveal")
    drawn.update(_drawn_actions(c.render()))
    play_to_end(c, random.Random(9))
    c.handle("review")
    drawn.update(_drawn_actions(c.render()))
    while c.review_running:  # with a worker: the deep pass judges, its items are drawn
        c.update(ReviewDue(True))
        request = c.review_request()
        if request is None:
            break
        c.update(ReviewAnswered(c.coach.review, request, compute(request)))
    drawn.update(_drawn_actions(c.render()))
    c.handle("review-show", {"item": "0"})
    drawn.update(_drawn_actions(c.render()))
    c.handle("home")
    drawn.update(_drawn_actions(c.render()))
    newer = json.loads(c.store.backend.data[PREFIX + c.store.ids()[0]])
    newer["meta"]["app_version"] = 99  # a save from a newer version of the app
    c.store.backend.data[PREFIX + "newer-0001"] = json.dumps(newer)
    drawn.update(_drawn_actions(c.render()))
    # (a Safari tab: the Home Screen card); a restored backup's report
    c.handle("restore-file", {"text": backup_text(c.store, 0)})
    drawn.update(_drawn_actions(c.render()))
    c.update(UpdateFound())  # a new version of the site is waiting
    c.handle("tutorial")  # the tutorial's coach: keep this game, leave
    drawn.update(_drawn_actions(c.render()))
    # Storage full while computers play: the banner's "Try again".
    c = make_controller()
    setup_game(c, 2, controllers=["random", "random"], start="0")
    c.store.backend.fail_writes = True
    play_computers(c)
    drawn.update(_drawn_actions(c.render()))
    # The statistics: people kept, a merge, a forget and a reset waiting for confirmation.
    c = make_controller()
    c.store.backend.data[R.RECORDS_KEY] = R.records_text(R.Records(
        (R.Person("p1", "Ann"), R.Person("p2", "Bob")),
        (R.GameResult("g", 1.0, (R.SeatResult("Ann", 50, 1, True, "p1"),
                                 R.SeatResult("Bob", 40, 2, False, "p2"))),)))
    c.handle("stats")
    drawn.update(_drawn_actions(c.render()))
    for action, data in (("stats-merge-ask", {"person": "p2", "value": "p1"}),
                         ("stats-forget", {"person": "p2"}), ("stats-reset", {})):
        c.handle(action, data)
        drawn.update(_drawn_actions(c.render()))
    unknown = drawn - set(ACTIONS)
    assert not unknown, f"drawn but not in the table: {unknown}"
    # "field" comes from change/input events, "zoom-out" from a resize, "inspect-plot" from
    # a long press on a plot; the rest are taps. "share-send" is drawn only where the browser
    # has a share sheet (tests/web/test_table_share_review.py draws it).
    never_drawn = set(ACTIONS) - drawn - {"field", "zoom-out", "setup-count", "setup-start",
                                          "new-game", "rematch", "delete", "continue-game",
                                          "zoom", "speed", "import-file", "restore-file",
                                          "inspect-plot",
                                          "menu-close", "share-send"}
    assert not never_drawn, f"in the table but never drawn: {never_drawn}"


@pytest.mark.parametrize("action, data", [
    ("no-such-thing", {}),
    ("on_confirm", {}),
    ("plot", {"city": "x", "plot": "1"}),
    ("plot", {"city": "9", "plot": "1"}),
    ("plot", {}),
    ("card", {"card": "7,7"}),
    ("card", {"card": "nonsense"}),
    ("select-inc", {"floors": "5"}),
    ("piece", {"floors": "2", "colour": 3}),
    ("zoom", {"zoom": "-1"}),
    ("inspect-plot", {"city": "6", "plot": "0"}),
    ("inspect-plot", {"city": "1"}),
    ("setup-count", {"value": "12"}),
    ("delete", {}),
])
def test_unknown_or_malformed_actions_change_nothing_and_are_reported(action, data):
    backend = MemoryBackend()
    reports: list[str] = []
    c = SavingController(SaveStore(backend, rng=random.Random(1)), {"fast": "1"}, report=reports.append)
    c.boot()
    setup_game(c, 2, names=["Ann", "Bob"], start="0")
    c.handle("reveal")
    before_store = dict(backend.data)
    before_frame = c.frame()
    assert c.handle(action, data) is False
    assert c.frame() == before_frame
    assert backend.data == before_store
    assert len(reports) == 1 and action in reports[0]


def test_a_well_formed_action_is_parsed_into_typed_arguments():
    c = make_controller()
    setup_game(c, 2, names=["Ann", "Bob"], start="0")
    c.handle("reveal")
    first = c.session.colour_names(0)[0]
    assert c.handle("select-inc", {"floors": "3", "colour": first}) is True
    saved = json.loads(c.store.backend.data[PREFIX + c.game_id])
    assert saved["meta"]["ui"]["pending"]["pieces"][first] == [0, 0, 1, 0]


def test_the_update_offer_never_covers_a_computers_move_preview():
    c = make_controller()
    setup_game(c, 2, names=["Ann", "Bob"], controllers=["random", "human"], start="0")
    c.update(UpdateFound())
    rng = random.Random(3)
    while True:  # up to the computer's first build (only builds are previewed)
        if computers.computer_to_move(c):
            gen = computers.computer_thinking(c)
            try:
                while True:
                    next(gen)
            except StopIteration as done:
                action = done.value
            if isinstance(action, Build):
                break
            computer_moved(c, action)
        elif c.session.unsettled is not None:
            c.handle("settle")  # the person's move stays: the computer goes on
        else:
            if c.screen_name == "pass":
                c.handle("reveal")
            tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
    key = computers.computer_key(c)
    c.update(ComputerPreviewed(key, action))
    assert c.render().find(data_update_ready="true") is None
    c.update(ComputerMoved(key, action))
    c.take_effects()  # (the move's sound: the page runs it at once)
    assert c.render().find(data_update_ready="true") is not None
    c.handle("apply-update")
    assert c.take_effects() == [ApplyUpdate()]
