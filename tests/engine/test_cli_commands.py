"""``python -m game``: score, moves, replay, selfplay, --help, and malformed input.

Every test runs twice on CPython: through ``game.cli.main`` in-process and as a
``python -m game`` subprocess from the repository root (the ``cli`` fixture, conftest.py);
under Pyodide only the in-process run happens.
"""

from __future__ import annotations

import json
import os

import pytest
from engine_testkit import IN_PYODIDE, REPO, random_game, run_cli_subprocess

from game import save, standard_settings
from game.cli import MAX_GAMES
from game.untrusted import MAX_CHARS


def empty_cities():
    return [[[] for _ in range(9)] for _ in range(6)]


def assert_one_line_error(code, out, err):
    assert code != 0
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    return lines[0]


@pytest.fixture(scope="module")
def finished_game():
    return random_game(standard_settings(3, godzilla="baby", progressive=True), seed="cli")


@pytest.fixture
def save_file(tmp_path, finished_game):
    path = tmp_path / "game.json"
    path.write_text(save.dumps(finished_game), encoding="utf-8")
    return path


# ------------------------------------------------------------------------------ help
def test_help_lists_the_commands(cli):
    code, out, err = cli(["--help"])
    assert code == 0
    for command in ("score", "moves", "replay", "selfplay"):
        assert command in out


@pytest.mark.parametrize("command", ["score", "moves", "replay", "selfplay"])
def test_each_command_has_help(cli, command):
    code, out, err = cli([command, "--help"])
    assert code == 0 and "usage" in out


@pytest.mark.parametrize("args", [[], ["fly"], ["score"], ["selfplay", "--players", "5",
                                                            "--bots", "random"]])
def test_usage_errors_exit_non_zero_without_traceback(cli, args):
    code, out, err = cli(args)
    assert code == 2 and "usage" in err and "Traceback" not in err


# ----------------------------------------------------------------------------- moves
def moves_of(cli, position):
    code, out, err = cli(["moves", "-"], stdin=json.dumps(position))
    assert code == 0, err
    return [(tuple(m["card"]), m["city"], m["plot"], m["floors"]) for m in json.loads(out)]


def test_moves_lists_every_legal_build_for_the_seat(cli):
    cities = empty_cities()
    cities[0][0] = [["red", 3]]
    position = {"colours": ["blue", "red"], "cities": cities,
                "to_move": {"colour": "blue", "seat": "south", "cards": [[0, 0]],
                            "pieces": [1, 2, 4, 2]}}
    result = moves_of(cli, position)
    # From the south edge card (0, 0) marks plot 0. Sydney plot 0 holds red 3: only the
    # 4 gives blue as many floors; the five other cities take each piece size.
    expected = {((0, 0), 0, 0, 4)} | {((0, 0), city, 0, f) for city in range(1, 6)
                                      for f in (1, 2, 4)}
    assert set(result) == expected and len(result) == len(expected)
    position["to_move"]["seat"] = "north"  # the same card marks plot 8 from the north edge
    assert set(moves_of(cli, position)) == {((0, 0), city, 8, f) for city in range(6)
                                            for f in (1, 2, 4)}


def test_moves_with_anti_trust_leaves_out_own_towers(cli):
    cities = empty_cities()
    cities[1][4] = [["blue", 1]]
    position = {"colours": ["blue", "red"], "cities": cities,
                "to_move": {"colour": "blue", "seat": "east", "cards": [[1, 1]],
                            "pieces": [1]}}
    assert ((1, 1), 1, 4, 1) in moves_of(cli, position)
    position["rules"] = {"anti_trust": True}
    result = moves_of(cli, position)
    assert ((1, 1), 1, 4, 1) not in result
    assert len(result) == 5
    position["rules"] = {"anti_trust": False}
    assert len(moves_of(cli, position)) == 6


def test_moves_on_a_safe_tower_and_no_cards_gives_an_empty_list(cli):
    position = {"colours": ["blue"], "cities": empty_cities(),
                "to_move": {"colour": "blue", "seat": "south", "cards": [], "pieces": [1]}}
    assert moves_of(cli, position) == []


# ---------------------------------------------------------------------------- replay
def test_replay_of_a_valid_save_prints_the_standings(cli, save_file, finished_game):
    code, out, err = cli(["replay", str(save_file)])
    assert code == 0 and err == ""
    result = json.loads(out)
    state = finished_game.state
    assert result["over"] is True
    assert result["round"] == 6
    assert result["steps"] == len(finished_game.log)
    assert result["scores"] == dict(zip(finished_game.settings.colours, state.scores))
    names = [p.name for p in finished_game.settings.players]
    assert [(s["player"], s["points"], s["rank"], s["winner"]) for s in result["standings"]] == \
        [(names[s.player], s.points, s.rank, s.winner) for s in state.standings()]
    ranks = [s["rank"] for s in result["standings"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    points = [s["points"] for s in result["standings"]]
    assert points == sorted(points, reverse=True)
    assert result["standings"][0]["winner"] is True


def test_replay_reads_standard_input(cli, save_file):
    code, out, err = cli(["replay", "-"], stdin=save_file.read_text(encoding="utf-8"))
    assert code == 0 and json.loads(out)["over"] is True


def test_replay_of_a_game_in_progress(cli, tmp_path):
    game = random_game(standard_settings(4), seed="half", stop=lambda g: g.state.round == 3)
    path = tmp_path / "half.json"
    path.write_text(save.dumps(game), encoding="utf-8")
    code, out, err = cli(["replay", str(path)])
    result = json.loads(out)
    assert code == 0 and result["over"] is False and result["round"] == 3


def corrupt(save_file, change):
    data = json.loads(save_file.read_text(encoding="utf-8"))
    index = change(data["log"])
    save_file.write_text(json.dumps(data), encoding="utf-8")
    return index + 1  # steps are numbered from 1


def first(log, kind):
    return next(i for i, step in enumerate(log) if step["type"] == kind)


def test_corrupted_save_names_the_first_illegal_step_and_why(cli, save_file):
    def wrong_plot(log):
        i = first(log, "build")
        log[i]["plot"] = (log[i]["plot"] + 1) % 9
        return i
    step = corrupt(save_file, wrong_plot)
    line = assert_one_line_error(*cli(["replay", str(save_file)]))
    assert f"step {step} (build)" in line and "[plot-mismatch]" in line
    assert "marks plot" in line


@pytest.mark.parametrize("change, rule", [
    (lambda log: (log.__setitem__(first(log, "select"), {**log[first(log, "select")],
                                                         "pieces": [4, 4, 0, 0]}),
                  first(log, "select"))[1], "selection-count"),
    (lambda log: (log.__setitem__(first(log, "build"), {**log[first(log, "build")],
                                                        "colour": "green"}),
                  first(log, "build"))[1], "not-your-colour"),
    (lambda log: (log.insert(first(log, "build"), dict(log[first(log, "build")])),
                  first(log, "build") + 1)[1], None),
])
def test_corrupted_save_reports_the_rule_broken(cli, save_file, change, rule):
    step = corrupt(save_file, change)
    line = assert_one_line_error(*cli(["replay", str(save_file)]))
    assert f"step {step}" in line
    if rule:
        assert f"[{rule}]" in line


def test_save_with_a_chance_outcome_where_a_player_decides_is_rejected(cli, save_file):
    def extra_shuffle(log):
        i = first(log, "select")
        log.insert(i, {"type": "start_player", "player": 0})
        return i
    step = corrupt(save_file, extra_shuffle)
    line = assert_one_line_error(*cli(["replay", str(save_file)]))
    assert f"step {step}" in line and "chance" in line


def test_save_with_a_decision_before_the_deal_is_rejected(cli, save_file):
    def drop_deal(log):
        del log[0]
        return 0
    corrupt(save_file, drop_deal)
    line = assert_one_line_error(*cli(["replay", str(save_file)]))
    assert "step 1" in line


# -------------------------------------------------------------------------- selfplay
def test_selfplay_prints_a_json_summary(cli):
    code, out, err = cli(["selfplay", "--bots", "random", "--players", "3", "--games", "2",
                          "--seed", "s", "--anti-trust", "--godzilla", "baby"])
    assert code == 0, err
    summary = json.loads(out)
    for key in ("games", "players", "bots", "options", "wins", "win_rate", "mean_score",
                "seconds", "games_per_second", "decisions_per_second"):
        assert key in summary, key
    assert summary["games"] == 2 and summary["players"] == 3
    assert summary["bots"] == ["random"] * 3
    assert len(summary["wins"]) == len(summary["win_rate"]) == len(summary["mean_score"]) == 3
    assert abs(sum(summary["wins"]) - 2) < 1e-6  # ties split the win
    assert summary["options"]["anti_trust"] is True
    assert summary["options"]["godzilla"] == "baby"


def test_selfplay_is_reproducible_from_its_seed(cli):
    args = ["selfplay", "--bots", "random,random", "--games", "2", "--seed", "r"]
    first_run = json.loads(cli(args)[1])
    second_run = json.loads(cli(args)[1])
    assert first_run["mean_score"] == second_run["mean_score"]
    assert first_run["wins"] == second_run["wins"]


@pytest.mark.parametrize("args", [
    ["--bots", "random,random", "--players", "3"],
    ["--bots", "random", "--players", "2", "--games", "0"],
    ["--bots", "random", "--players", "2", "--games", "-5"],
    ["--bots", "random", "--players", "2", "--games", str(MAX_GAMES + 1)],
    ["--bots", "random", "--players", "2", "--games", "1" + "0" * 30],
    ["--bots", "nobody", "--players", "2", "--games", "1"],
    ["--bots", "random", "--players", "2", "--rounds", "4", "--games", "1"],
])
def test_selfplay_bad_options_give_a_one_line_error(cli, args):
    assert_one_line_error(*cli(["selfplay", *args]))


# --------------------------------------------------------------------- malformed input
def position_with(**changes):
    position = {"colours": ["blue", "red"], "cities": empty_cities()}
    position.update(changes)
    return position


def with_plot(pieces):
    cities = empty_cities()
    cities[2][3] = pieces
    return position_with(cities=cities)


MALFORMED_POSITIONS = {
    "not json": "{colours: blue",
    "empty": "",
    "top-level list": "[]",
    "too deep": "[" * 100000 + "]" * 100000,
    "colours not a list": json.dumps(position_with(colours="blue")),
    "no colours": json.dumps(position_with(colours=[])),
    "colour twice": json.dumps(position_with(colours=["blue", "blue"])),
    "colour not text": json.dumps(position_with(colours=[1, 2])),
    "five cities": json.dumps(position_with(cities=empty_cities()[:5])),
    "cities not a list": json.dumps(position_with(cities={"a": 1})),
    "eight plots": json.dumps(position_with(cities=[[[]] * 8] + empty_cities()[1:])),
    "plot not a list": json.dumps(with_plot("blue")),
    "piece not a pair": json.dumps(with_plot([["blue"]])),
    "piece of 5 floors": json.dumps(with_plot([["blue", 5]])),
    "piece of 0 floors": json.dumps(with_plot([["blue", 0]])),
    "floors as text": json.dumps(with_plot([["blue", "2"]])),
    "floors as boolean": json.dumps(with_plot([["blue", True]])),
    "floors fractional": json.dumps(with_plot([["blue", 1.5]])),
    "floors as a float equal to 1": json.dumps(with_plot([["blue", 1.0]])),
    "unknown colour": json.dumps(with_plot([["pink", 1]])),
    "colour as list": json.dumps(with_plot([[["blue"], 1]])),
    "players not a mapping": json.dumps(position_with(players=["blue"])),
    "player with unknown colour": json.dumps(position_with(players={"Ann": ["pink"]})),
    "player colours not a list": json.dumps(position_with(players={"Ann": "blue"})),
    "player colour twice": json.dumps(position_with(players={"Ann": ["blue", "blue"]})),
    "colour of two players": json.dumps(position_with(players={"Ann": ["blue"],
                                                               "Ben": ["blue", "red"]})),
}


@pytest.mark.parametrize("name", sorted(MALFORMED_POSITIONS))
def test_malformed_position_gives_a_one_line_error(cli, tmp_path, name):
    path = tmp_path / "position.json"
    path.write_text(MALFORMED_POSITIONS[name], encoding="utf-8")
    assert_one_line_error(*cli(["score", str(path)]))


@pytest.mark.parametrize("name", ["not json", "top-level list", "unknown colour"])
def test_malformed_position_on_standard_input_gives_a_one_line_error(cli, name):
    assert_one_line_error(*cli(["score", "-"], stdin=MALFORMED_POSITIONS[name]))


def to_move_position(**to_move):
    base = {"colour": "blue", "seat": "south", "cards": [[0, 0]], "pieces": [1]}
    base.update(to_move)
    return position_with(to_move=base)


MALFORMED_MOVES = {
    "no to_move": position_with(),
    "to_move not an object": position_with(to_move=["blue"]),
    "unknown colour": to_move_position(colour="pink"),
    "colour not text": to_move_position(colour=["blue"]),
    "unknown seat": to_move_position(seat="middle"),
    "cards not a list": to_move_position(cards="0,0"),
    "card out of range": to_move_position(cards=[[3, 0]]),
    "card as boolean": to_move_position(cards=[[True, 0]]),
    "card with three numbers": to_move_position(cards=[[0, 0, 0]]),
    "piece of 5 floors": to_move_position(pieces=[5]),
    "piece size as a float": to_move_position(pieces=[1.0, 2]),
    "piece size as boolean": to_move_position(pieces=[True]),
    "card as floats": to_move_position(cards=[[1.0, 0.0]]),
    "card as text": to_move_position(cards=["0,0"]),
    "pieces not a list": to_move_position(pieces=1),
    "unknown rule": {**to_move_position(), "rules": {"godzilla": True}},
    "rule not boolean": {**to_move_position(), "rules": {"anti_trust": "yes"}},
    "rules not an object": {**to_move_position(), "rules": ["anti_trust"]},
}


@pytest.mark.parametrize("name", sorted(MALFORMED_MOVES))
def test_malformed_moves_input_gives_a_one_line_error(cli, name):
    assert_one_line_error(*cli(["moves", "-"], stdin=json.dumps(MALFORMED_MOVES[name])))


def save_with(finished_game, **changes):
    data = save.to_save(finished_game)
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


def settings_with(finished_game, **changes):
    settings = save.to_save(finished_game)["settings"]
    settings.update(changes)
    return settings


MALFORMED_SAVES = {
    "not json": lambda g: "{format",
    "too deep": lambda g: "[" * 100000 + "]" * 100000,
    "not utf-8": lambda g: "",  # replaced by bytes in the test
    "json list": lambda g: "[1, 2]",
    "wrong format": lambda g: save_with(g, format="chess-save"),
    "no version": lambda g: save_with(g, version=KeyError),
    "newer version": lambda g: save_with(g, version=99),
    "version as text": lambda g: save_with(g, version="1"),
    "no settings": lambda g: save_with(g, settings=KeyError),
    "unknown colour": lambda g: save_with(g, settings=settings_with(
        g, players=[{"name": "A", "colours": ["pink"], "seat": "south"},
                    {"name": "B", "colours": ["red"], "seat": "west"},
                    {"name": "C", "colours": ["blue"], "seat": "north"}])),
    "rounds as a fraction": lambda g: save_with(g, settings=settings_with(g, rounds=6.0)),
    "start player as boolean": lambda g: save_with(g, settings=settings_with(
        g, start_player=True)),
    "unknown setting": lambda g: save_with(g, settings=settings_with(g, speed=2)),
    "player name empty": lambda g: save_with(g, settings=settings_with(
        g, players=[{"name": " ", "colours": ["blue"], "seat": "south"}] * 3)),
    "no seed": lambda g: save_with(g, seed=KeyError),
    "seed as list": lambda g: save_with(g, seed=[1]),
    "meta not an object": lambda g: save_with(g, meta="x"),
    "log not a list": lambda g: save_with(g, log={"type": "select"}),
    "log step not an object": lambda g: save_with(g, log=["select"]),
    "unknown step type": lambda g: save_with(g, log=[{"type": "teleport"}]),
    "shuffle of non-cards": lambda g: save_with(g, log=[{"type": "shuffle", "cards": [[9, 9]]}]),
    "shuffle short": lambda g: save_with(g, log=[{"type": "shuffle", "cards": [[0, 0]]}]),
}


@pytest.mark.parametrize("name", sorted(MALFORMED_SAVES))
def test_malformed_save_gives_a_one_line_error(cli, tmp_path, finished_game, name):
    path = tmp_path / "save.json"
    if name == "not utf-8":
        path.write_bytes(b'{"format": "manhattan-save", "seed": "\xff"}')
    else:
        path.write_text(MALFORMED_SAVES[name](finished_game), encoding="utf-8")
    assert_one_line_error(*cli(["replay", str(path)]))


@pytest.mark.parametrize("command", ["score", "moves", "replay"])
def test_missing_file_gives_a_one_line_error(cli, tmp_path, command):
    line = assert_one_line_error(*cli([command, str(tmp_path / "nowhere.json")]))
    assert "nowhere.json" in line


@pytest.mark.parametrize("command", ["score", "replay"])
def test_directory_instead_of_a_file_gives_a_one_line_error(cli, tmp_path, command):
    assert_one_line_error(*cli([command, str(tmp_path)]))


@pytest.mark.parametrize("command", ["score", "replay"])
def test_file_that_is_not_utf8_gives_a_one_line_error(cli, tmp_path, command):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"colours": ["bl\xe9"]}')
    assert_one_line_error(*cli([command, str(path)]))


@pytest.mark.parametrize("command", ["score", "moves", "replay"])
def test_empty_standard_input_gives_a_one_line_error(cli, command):
    assert_one_line_error(*cli([command, "-"], stdin=""))


def test_a_position_too_large_is_refused_before_it_is_read_whole(cli, tmp_path):
    path = tmp_path / "huge.json"
    path.write_text('{"colours": ["blue"], "pad": "' + "x" * MAX_CHARS + '"}', encoding="utf-8")
    line = assert_one_line_error(*cli(["score", str(path)]))
    assert "too large" in line and "huge.json" in line


# ------------------------------------------- names the output cannot encode as they are
LONE = "\ud800"  # a lone surrogate: valid in JSON text ("\\ud800"), not encodable as UTF-8


# Names and colours are checked: a lone surrogate, a bidirectional control or an
# unknown colour is one `error:` line, never printed back as data.
BAD_NAMES = {"lone surrogate": "Ann" + LONE, "two surrogates": "Bea\udfff" + LONE,
             "right-to-left override": "\u202eAnna", "isolate": "An\u2067na",
             "right-to-left mark": "Anna\u200f", "arabic letter mark": "\u061cAnna"}


@pytest.mark.parametrize("colour", ["wh" + LONE + "ite", "pink", "White", "\u202ewhite"])
def test_score_refuses_a_colour_that_is_not_a_game_colour(cli, colour):
    position = position_with(colours=["blue", colour])
    position["cities"][0][0] = [[colour, 2]]
    line = assert_one_line_error(*cli(["score", "-"], stdin=json.dumps(position)))
    assert "unknown colour" in line and LONE not in line


@pytest.mark.parametrize("name", sorted(BAD_NAMES))
def test_score_refuses_a_player_name_with_a_surrogate_or_a_bidi_control(cli, name):
    position = position_with(players={BAD_NAMES[name]: ["blue"], "Zoë": ["red"]})
    line = assert_one_line_error(*cli(["score", "-"], stdin=json.dumps(position)))
    assert "player" in line and LONE not in line


def test_score_with_good_names_still_prints_them_as_they_are(cli):
    position = position_with(colours=["blue", "white"], players={"Ann": ["blue"],
                                                                 "Zoë": ["white"]})
    position["cities"][0][0] = [["white", 2]]
    code, out, err = cli(["score", "-"], stdin=json.dumps(position))
    assert code == 0 and err == ""
    assert json.loads(out)["players"] == {"Ann": 0, "Zoë": 6}  # tallest, majority, tower
    assert "Zoë" in out


@pytest.mark.parametrize("colour", ["wh" + LONE + "ite", "pink"])
def test_moves_refuses_a_colour_that_is_not_a_game_colour(cli, colour):
    position = to_move_position(colour=colour)
    position["colours"] = ["blue", colour]
    assert_one_line_error(*cli(["moves", "-"], stdin=json.dumps(position)))


@pytest.mark.parametrize("name", sorted(BAD_NAMES))
def test_replay_refuses_a_player_name_with_a_surrogate_or_a_bidi_control(cli, tmp_path,
                                                                         finished_game, name):
    data = save.to_save(finished_game)
    data["settings"]["players"][1]["name"] = BAD_NAMES[name]
    path = tmp_path / "names.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # ASCII: the surrogates are escaped
    line = assert_one_line_error(*cli(["replay", str(path)]))
    assert "player name" in line


def test_replay_refuses_a_colour_with_a_lone_surrogate(cli, tmp_path, finished_game):
    data = save.to_save(finished_game)
    data["settings"]["players"][1]["colours"] = ["wh" + LONE + "ite"]
    path = tmp_path / "colour.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = assert_one_line_error(*cli(["replay", str(path)]))
    assert "unknown colour" in line


# Text on the command line itself: bytes that are not UTF-8 reach Python as lone surrogates
# ("surrogateescape"; the subprocess run passes them as the bytes b"\xff").
ARGV_LONE = "\udcff"


@pytest.mark.parametrize("args", [
    ["selfplay", "--bots", "random" + ARGV_LONE, "--players", "2", "--games", "1"],
    ["selfplay", "--bots", "random", "--players", "2", "--games", "1", "--seed", "s" + ARGV_LONE],
])
def test_selfplay_refuses_arguments_that_are_not_text(cli, args):
    line = assert_one_line_error(*cli(args))
    assert "not valid text" in line and ARGV_LONE not in line


@pytest.mark.parametrize("command", ["score", "moves", "replay"])
def test_a_file_name_that_is_not_text_gives_a_one_line_error(cli, tmp_path, command):
    line = assert_one_line_error(*cli([command, str(tmp_path / ("wh" + ARGV_LONE + "ite.json"))]))
    assert "\\udcff" in line and ARGV_LONE not in line  # escaped, printable


# ------------------------------------------------------------- standard input closed
def test_replay_with_standard_input_closed_in_process(monkeypatch):
    import io

    from game.cli import main
    monkeypatch.setattr("sys.stdin", None)  # what Python gives a process started with <&-
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    assert main(["replay", "-"]) == 1
    assert err.getvalue() == "error: cannot read standard input: it is closed\n"


@pytest.mark.skipif(IN_PYODIDE, reason="needs a subprocess")
@pytest.mark.parametrize("command", ["replay", "score", "moves"])
def test_standard_input_closed_gives_a_one_line_error(command):
    """``python -m game replay - <&-``: file descriptor 0 closed before Python starts."""
    import os
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "game", command, "-"], cwd=REPO,
                          capture_output=True,
                          text=True, timeout=120, preexec_fn=lambda: os.close(0))
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr)
    assert "standard input" in proc.stderr


# ------------------------------------------------------------------- --jobs and CPUs
def test_selfplay_jobs_beyond_the_cpus_are_lowered_with_a_note(cli):
    """Clamped rather than refused: a script written on a big machine still runs on a
    small one (the note says so); the summary's ``jobs`` is the number of processes used."""
    from game.selfplay import cpu_count
    code, out, err = cli(["selfplay", "--bots", "random", "--players", "2", "--games", "3",
                          "--jobs", "100000"])
    assert code == 0, err
    assert 1 <= json.loads(out)["jobs"] <= cpu_count()
    assert err.startswith("note: --jobs 100000 is more than the ") and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_selfplay_never_starts_more_processes_than_cpus_or_games(monkeypatch):
    import game.selfplay
    monkeypatch.setattr(game.selfplay, "cpu_count", lambda: 2)
    assert game.selfplay.selfplay(["random", "random"], 3, "j", {}, jobs=100_000)["jobs"] == 2
    assert game.selfplay.selfplay(["random", "random"], 1, "j", {}, jobs=100_000)["jobs"] == 1


@pytest.mark.skipif(IN_PYODIDE, reason="needs a subprocess")
def test_an_output_that_is_not_unicode_gets_ascii_json():
    position = position_with(players={"Zoë": ["blue"], "Ben": ["red"]})
    code, out, err = run_cli_subprocess(["score", "-"], stdin=json.dumps(position),
                                        env={"PYTHONIOENCODING": "ascii"})
    assert code == 0, err
    assert json.loads(out)["players"]["Zoë"] == 0 and "\\u00eb" in out


# --------------------------------------------------------------- output closed early
@pytest.mark.skipif(IN_PYODIDE, reason="needs a subprocess")
def test_output_closed_early_gives_a_one_line_error_not_a_traceback():
    """``python -m game ... | head -c 1``: the reader is gone before the command writes."""
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, "-m", "game", "moves", "-"], cwd=REPO,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()  # no reader left: the command's first write fails (EPIPE)
    position = to_move_position(cards=[[0, 0], [1, 1]], pieces=[1, 2, 3, 4])
    _, err = proc.communicate(json.dumps(position).encode(), timeout=120)
    err = err.decode()
    assert proc.returncode == 1, err
    assert "Traceback" not in err and "Exception ignored" not in err
    assert err.strip().splitlines() == [
        "error: the output was closed before it was all written (broken pipe)"]


def test_output_closed_early_in_process(monkeypatch):
    import io

    from game.cli import main

    class ClosedPipe(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

    err = io.StringIO()
    monkeypatch.setattr("sys.stdout", ClosedPipe())
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(position_with())))
    assert main(["score", "-"]) == 1
    assert err.getvalue() == "error: the output was closed before it was all written (broken pipe)\n"


# ------------------------------------------------------- output closed or full
@pytest.mark.skipif(IN_PYODIDE, reason="needs a subprocess")
@pytest.mark.parametrize("command", ["replay", "score"])
def test_standard_output_closed_ends_silently_with_status_1(command):
    """``python -m game replay examples/save.json >&-``: nowhere to write, no traceback."""
    import os
    import subprocess
    import sys
    source = "examples/save.json" if command == "replay" else "examples/position.json"
    proc = subprocess.run([sys.executable, "-m", "game", command, source], cwd=REPO,
                          capture_output=False, stderr=subprocess.PIPE, text=True,
                          timeout=120, preexec_fn=lambda: os.close(1))
    assert proc.returncode == 1
    assert proc.stderr == ""


@pytest.mark.skipif(IN_PYODIDE or not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["replay", "examples/save.json"],
                                  ["selfplay", "--bots", "random", "--players", "2",
                                   "--games", "1"]])
def test_a_full_output_device_gives_one_error_line(args):
    """``python -m game replay examples/save.json > /dev/full``: ENOSPC when written."""
    import subprocess
    import sys
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "game", *args], cwd=REPO, stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.splitlines() == ["error: cannot write the output: No space left on device"]


def test_standard_output_closed_in_process(monkeypatch):
    import io

    from game.cli import main
    err = io.StringIO()
    monkeypatch.setattr("sys.stdout", None)  # what Python gives a process started with >&-
    monkeypatch.setattr("sys.stderr", err)
    assert main(["replay", str(REPO / "examples" / "save.json")]) == 1
    assert err.getvalue() == ""


def test_a_full_output_in_process(monkeypatch):
    import errno
    import io

    from game.cli import main

    class Full(io.StringIO):
        def flush(self):
            raise OSError(errno.ENOSPC, "No space left on device")

    err = io.StringIO()
    monkeypatch.setattr("sys.stdout", Full())
    monkeypatch.setattr("sys.stderr", err)
    assert main(["replay", str(REPO / "examples" / "save.json")]) == 1
    assert err.getvalue() == "error: cannot write the output: No space left on device\n"
