"""The README's command-line examples run as written, and its example files are what they say.

Every line of a ``sh`` block in README.md that starts with ``python3 -m game`` is run from the
repository root (in-process and as a subprocess, the ``cli`` fixture), so a renamed file or
option in the README fails here. ``selfplay`` plays one game only when
``MANHATTAN_README_SELFPLAY=1`` (one game of ``search:2`` takes ~10 s of CPU); otherwise its
options are checked without playing.
"""

from __future__ import annotations

import json
import os
import re
import shlex

import pytest
from engine_testkit import REPO

from game import new_state, save
from game.ai import make_player
from game.cli import build_parser
from game.position import legal_moves
from game.state import BUILD

README = REPO / "README.md"
EXAMPLES = REPO / "examples"
PLAY_SELFPLAY = os.environ.get("MANHATTAN_README_SELFPLAY") == "1"


def readme_commands(text: str) -> list[list[str]]:
    """The ``python3 -m game`` command lines of the ``sh`` blocks, as argument lists
    (without ``python3 -m game``; trailing ``# comments`` dropped)."""
    commands = []
    for block in re.findall(r"^```sh\n(.*?)^```", text, flags=re.M | re.S):
        for line in block.splitlines():
            if line.startswith("python3 -m game"):
                words = shlex.split(line, comments=True)
                assert words[:3] == ["python3", "-m", "game"], line
                commands.append(words[3:])
    return commands


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))


def test_the_readme_block_is_found():
    names = [args[0] for args in COMMANDS]
    assert {"--help", "score", "moves", "replay", "selfplay"} <= set(names), names


def test_the_parser_would_notice_a_missing_file():
    # The test below is only as good as this parsing: a file the README names that does not
    # exist must make a command fail.
    [args] = readme_commands("```sh\npython3 -m game replay examples/nowhere.json  # x\n```\n")
    assert args == ["replay", "examples/nowhere.json"]


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a) for a in COMMANDS])
def test_readme_command_runs_as_written(cli, monkeypatch, args):
    monkeypatch.chdir(REPO)  # the README says: run them from the repository root
    if args[0] == "selfplay":
        options = build_parser().parse_args(args)
        for bot in options.bots.split(","):
            make_player(bot)  # an unknown id raises
        if not PLAY_SELFPLAY:
            return
        games = args.index("--games")
        args = args[:games + 1] + ["1"] + args[games + 2:]
    code, out, err = cli(args)
    assert code == 0, err
    assert err == ""
    if args[0] != "--help":
        json.loads(out)
        assert out.count("\n") == 1  # one line of JSON


def test_example_save_is_a_finished_game_between_computer_players():
    game = save.load((EXAMPLES / "save.json").read_text(encoding="utf-8"))
    assert game.state.is_over
    assert len(game.settings.players) == 4
    assert all(p.played_by != "human" for p in game.settings.players)
    assert save.dumps(game) + "\n" == (EXAMPLES / "save.json").read_text(encoding="utf-8")


def test_example_position_is_a_moment_of_the_example_game():
    """The position's board and player to move occur in the saved game, and ``moves`` lists
    exactly the engine's legal builds at that moment."""
    position = json.loads((EXAMPLES / "position.json").read_text(encoding="utf-8"))
    game = save.load((EXAMPLES / "save.json").read_text(encoding="utf-8"))
    settings = game.settings
    colours = list(settings.colours)
    assert position["colours"] == colours
    assert position["players"] == {p.name: list(p.colours) for p in settings.players}
    state = new_state(settings)
    found = None
    for action in game.log:
        if state.phase == BUILD:
            board = [[[[colours[c], f] for c, f in state.board[city * 9 + plot]]
                      for plot in range(9)] for city in range(6)]
            mover = state.current
            if (board == position["cities"]
                    and colours[settings.player_colours[mover][0]] == position["to_move"]["colour"]):
                found = state
                break
        state = state.apply(action)
    assert found is not None, "the example position does not occur in the example game"
    to_move = position["to_move"]
    assert to_move["seat"] == settings.seat_of(found.current)
    assert sorted(map(tuple, to_move["cards"])) == sorted(found.hands[found.current])
    builds = {(tuple(b.card), b.city, b.plot, b.floors) for b in found.legal_builds()}
    listed = {(tuple(m["card"]), m["city"], m["plot"], m["floors"]) for m in legal_moves(position)}
    assert listed == builds and listed
