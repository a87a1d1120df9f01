"""The yardstick pool: its players and the benchmark's line-ups."""

from __future__ import annotations

import importlib.util
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from ai_helpers import advance, new_game

from game.ai import OFFERED, POOL, WIDER_POOL, YARDSTICK, decide, make_player
from game.ai.levels import HEURISTIC, Level, parse_level
from game.selfplay import wilson_interval

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_yardstick.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_yardstick", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pool_is_selectable_by_name_but_not_offered_in_the_page():
    assert set(YARDSTICK) <= set(WIDER_POOL) and HEURISTIC in POOL
    assert set(POOL) < set(WIDER_POOL)  # the logged lines' pool is kept as it was measured
    assert not set(WIDER_POOL) & set(OFFERED)  # the setup screen lists OFFERED only
    assert not any(level.offered for level in WIDER_POOL)
    for level in WIDER_POOL:
        assert make_player(level.id).id == level.id


def test_the_yardstick_modules_do_not_use_the_search_evaluation():
    """Written from the rules: no import of the search's evaluation, policy, selection
    heuristic, foresight or ``heuristic``'s threat model."""
    text = (SCRIPT.parents[1] / "game" / "ai" / "yardstick.py").read_text()
    for module in ("evaluate", "policy", "selection", "foresight", "heuristic", "search"):
        assert f".{module} import" not in text and f"ai.{module}" not in text, module


@pytest.mark.parametrize("name", sorted(level.id for level in YARDSTICK))
@pytest.mark.parametrize("n,moves", [(2, 0), (2, 13), (3, 20), (4, 6), (4, 31)])
def test_a_yardstick_player_decides_legally_and_by_its_seed(name, n, moves):
    game = advance(new_game(n, f"yard/{n}/{moves}"), moves)
    view = game.view(game.state.current)
    player = make_player(name)
    decision = decide(player, view, random.Random(1))
    assert decision in game.state.legal_actions()
    assert decide(player, view, random.Random(1)) == decision


RULE_OPTIONS = [
    (4, {}), (3, {}), (2, {}), (4, {"rounds": 6}), (3, {"rounds": 4}),
    (4, {"godzilla": "godzilla"}), (3, {"godzilla": "baby"}),
    (2, {"progressive": True, "anti_trust": True}), (4, {"secret_selection": True}),
    (2, {"secret_selection": True, "godzilla": "baby"}), (3, {"tie_break": False}),
]


@pytest.mark.parametrize("name", ["planner", "defender"])
@pytest.mark.parametrize("n,options", RULE_OPTIONS)
def test_the_new_members_decide_legally_and_by_their_seed_under_every_rule_option(
        name, n, options):
    """The member in every seat of a game under the option (60 decisions): each decision
    is legal (``Game.play`` refuses any other); every sixth, asked again with the same seed,
    is the same (a member that reads anything but its view and its seed differs somewhere
    in ten tries a game; each try costs a whole decision)."""
    game = new_game(n, f"opts/{name}", **options)
    player = make_player(name)
    for k in range(60):
        if game.state.is_over:
            break
        view = game.view(game.state.current)
        decision = decide(player, view, random.Random(k))
        assert decision in game.state.legal_actions()
        if k % 6 == 0:
            assert decide(player, view, random.Random(k)) == decision
        game.play(decision)


@pytest.mark.parametrize("name", ["planner", "defender"])
@pytest.mark.parametrize("n,options,moves", [(4, {}, 9), (2, {}, 17),
                                             (4, {"secret_selection": True}, 1),
                                             (3, {"godzilla": "baby"}, 30)])
def test_the_new_members_do_not_peek(name, n, options, moves):
    """Two full states that differ only in what the player may not know give the same
    decision for the same seed."""
    from game.view import player_view
    game = advance(new_game(n, "peek", **options), moves)
    state = game.state
    me = state.current
    view = player_view(state, me)
    twins = [view.sample_state(random.Random(f"twin/{k}")) for k in range(20)]
    twin = next(t for t in twins if t.hands != state.hands or t.deck != state.deck
                or t.supply != state.supply)
    assert player_view(twin, me) == view
    player = make_player(name)
    for seed in range(3):
        assert decide(player, view, random.Random(seed)) == \
            decide(player, player_view(twin, me), random.Random(seed))


def test_threat_model_charges_reachable_towers_only():
    """A tower of this player's an opponent can take this round (a piece big enough in its
    supply, a chance of the card) costs expected points; one nobody can ever take (a lead
    of 8 floors) costs nothing; chances and attention are probabilities."""
    from game.ai.yardstick import _Threats
    from game.board import EMPTY_BOARD
    from game.state import BUILD
    game = advance(new_game(2, "threats"), 30)
    assert game.state.phase == BUILD
    view = game.view(game.state.current)
    threats = _Threats(view, view.board)
    assert all(0.0 <= c <= 1.0 for q in threats.others for c in threats.chance[q])
    assert all(0.0 < a <= 1.0 for a in threats.attention.values())
    mine = view.settings.player_colours[view.player][0]
    colours = len(view.settings.colours)

    def loss(tower):
        board = list(EMPTY_BOARD)
        board[4] = tower  # the centre plot of the first city: every seat's centre card
        return threats.expected_loss(tuple(board), 1.0, 1.0, None, colours)
    assert loss(((mine, 1),)) > 0.0
    assert loss(((mine, 4), (mine, 4))) == 0.0


def test_mixed_lines_seat_every_member_everywhere():
    bench = _bench()
    for players in (2, 3, 4):
        period = players * len(POOL)
        seats: Counter[tuple[int, str]] = Counter()
        for g in range(period):
            others = bench.line_opponents("mixed", [level.id for level in POOL], players, g)
            assert len(others) == players - 1
            ids = others[:]
            ids.insert(g % players, "subject")
            seats.update((seat, i) for seat, i in enumerate(ids))
        counts = {k: v for k, v in seats.items() if k[1] != "subject"}
        assert len(set(counts.values())) == 1  # every member in every other seat equally
        assert len(counts) == players * len(POOL)
    assert bench.line_opponents("threat", [level.id for level in POOL], 3, 5) == ["threat", "threat"]


def test_summary_counts_wins_and_margins():
    bench = _bench()
    records = [{"subject": "s", "line": "mixed", "players": 2, "seed": "x", "game": g,
                "seat": g % 2, "ids": ["s", "heuristic"] if g % 2 == 0 else ["threat", "s"],
                "win": w, "margin": m, "seconds": 1.0, "decisions": 2, "wall": 1.0,
                "load": [1.0, 2.0]}
               for g, (w, m) in enumerate([(1.0, 4.0), (0.0, -2.0), (0.5, 0.0), (1.0, 2.0)])]
    rows = bench.summarize(records, split=True)
    mixed = rows[0]
    assert mixed["line"] == "mixed" and mixed["games"] == 4 and mixed["wins"] == 2.5
    assert mixed["wilson95"] == [round(x, 4) for x in wilson_interval(2.5, 4)]
    assert mixed["mean_margin"] == 1.0 and mixed["cpu_s_per_decision"] == 0.5
    assert {r["line"] for r in rows} == {"mixed", "mixed[heuristic]", "mixed[threat]"}
    assert "| `s` | 2 | mixed | - | 4 | 2.5 | 62.5% |" in bench.table(rows)
    assert bench.summarize(records + records[:2])[0]["games"] == 4  # a game counts once


def test_a_lines_code_is_its_sources_and_its_own_levels(monkeypatch):
    """A line's games are kept together while nothing that plays them changes: another
    level's configuration does not change its code, its own levels' do, and of those only
    what they play at the line's table size."""
    bench = _bench()
    pool = ["heuristic", "threat", "majority"]
    line = bench.code_digest("search:3", "search:2", pool, 4)
    assert line == bench.code_digest("search:3", "search:2", ["random"], 4)  # not its pool
    assert line != bench.code_digest("search:3", "search:1", pool, 4)
    assert line != bench.code_digest("search[iterations=600]", "search:2", pool, 4)
    mixed = bench.code_digest("search:3", "mixed", pool, 4)
    assert mixed != bench.code_digest("search:3", "mixed", pool[:2], 4)

    base = (("iterations", 10),)
    levels = {"fast": Level("s", "search", base, ((4, (("inner_ranking", "fast"),)),)),
              "careful": Level("s", "search", base, ((4, (("inner_ranking", "heuristic"),)),))}
    codes = {}
    for name, level in levels.items():
        monkeypatch.setattr(bench, "parse_level",
                            lambda level_id, level=level: level if level_id == "s" else parse_level(level_id))
        codes[name] = {n: bench.code_digest("s", "heuristic", pool, n) for n in (2, 3, 4)}
    assert codes["fast"][4] != codes["careful"][4]  # changed at four players
    assert codes["fast"][2] == codes["careful"][2] and codes["fast"][3] == codes["careful"][3]


def test_a_run_plays_only_the_games_its_log_lacks(tmp_path, monkeypatch):
    bench = _bench()
    played = []

    def play_one(subject, line, pool, players, seed, g, code):
        played.append(g)
        return {"subject": subject, "line": line, "players": players, "seed": seed,
                "game": g, "seat": g % players, "ids": [subject, line], "points": [1, 0],
                "win": 1.0, "margin": 1.0, "seconds": 0.1, "decisions": 1, "wall": 0.1,
                "load": [None, None], "pool": pool, "code": code}
    monkeypatch.setattr(bench, "play_one", play_one)
    log = tmp_path / "log.jsonl"
    args = ["--subject", "greedy", "--lines", "random", "--players", "2", "--seed", "t",
            "--log", str(log)]
    bench.main([*args, "--games", "2"])
    bench.main([*args, "--games", "3"])
    assert played == [0, 1, 2]
    assert len(log.read_text().splitlines()) == 3
    stale = {**json.loads(log.read_text().splitlines()[0]), "game": 3, "code": "stale"}
    with log.open("a") as f:
        f.write(json.dumps(stale) + "\n")  # game 3 of other code: not this line's game
    bench.main([*args, "--games", "4"])
    assert played == [0, 1, 2, 3]


def test_paired_compares_the_same_deals_only():
    bench = _bench()

    def record(game, win, margin, seed="x"):
        return {"subject": "s", "line": "mixed", "players": 2, "seed": seed, "game": game,
                "win": win, "margin": margin}
    before = [record(0, 1.0, 5.0), record(1, 0.0, -3.0), record(2, 0.5, 0.0),
              record(3, 1.0, 9.0)]
    after = [record(0, 1.0, 7.0), record(1, 1.0, 1.0), record(2, 0.0, -2.0),
             record(3, 1.0, 1.0, seed="other")]  # another deal: not paired
    (row,) = bench.paired(before, after)
    assert row["games"] == 3 and row["wins_before"] == 1.5 and row["wins_after"] == 2.0
    assert row["only_before"] == 0.5 and row["only_after"] == 1.0
    assert row["margin_change"] == round((2.0 + 4.0 - 2.0) / 3, 2)


def test_paired_sets_two_subjects_side_by_side_and_one_code_of_a_log():
    """Another subject on the same deals is paired with the first (its row names both); a
    log holding a deal under two codes is refused until one code is named."""
    bench = _bench()

    def record(game, win, subject="s", code="old"):
        return {"subject": subject, "line": "mixed", "players": 4, "seed": "x", "game": game,
                "win": win, "margin": win, "code": code}
    log = [record(0, 1.0), record(1, 0.0), record(0, 0.0, code="new"), record(1, 0.0, code="new")]
    other = [record(0, 0.0, "s-beliefs", "b"), record(1, 1.0, "s-beliefs", "b")]
    with pytest.raises(ValueError, match=r"\(4, 'mixed', 'x', 0\) twice .*LOG@CODE"):
        bench.paired(log, other)
    (row,) = bench.paired(bench.of_code(log, "new"), other)
    assert (row["subject_before"], row["subject_after"]) == ("s", "s-beliefs")
    assert row["codes_before"] == ["new"] and row["codes_after"] == ["b"]
    assert row["wins_before"] == 0.0 and row["wins_after"] == 1.0
    (row,) = bench.paired(bench.of_code(log, "old"), other)
    assert row["wins_before"] == 1.0 and row["only_before"] == 1.0 and row["only_after"] == 1.0


@pytest.mark.slow
def test_a_members_line_takes_over_the_two_player_mixed_games_that_seated_it(tmp_path,
                                                                          monkeypatch):
    """At two players, game g of the mixed line against member X is game g of X's line:
    the copy is the game a run of X's line would play (checked by playing it again with cheap
    levels), and X's line then plays only the games the mixed line did not seat X in."""
    bench = _bench()
    pool = ["random", "greedy"]
    mixed_code = bench.code_digest("heuristic", "mixed", pool, 2)
    mixed = [bench.play_one("heuristic", "mixed", pool, 2, "adopt", g, mixed_code)
             for g in range(4)]  # games 0, 1 seat random; 2, 3 greedy
    stale = {**mixed[0], "game": 5, "code": "stale"}  # another version's game: not taken
    three = {**mixed[1], "players": 3, "game": 6}  # at three players: not one member's game
    code = bench.code_digest("heuristic", "greedy", pool, 2)
    copies = bench.adopted([*mixed, stale, three], "greedy", code, mixed_code)
    assert [c["game"] for c in copies] == [2, 3]
    for copy in copies:
        again = bench.play_one("heuristic", "greedy", pool, 2, "adopt", copy["game"], code)
        assert {**again, "adopted": "mixed", "wall": 0, "load": 0, "seconds": 0} == {
            **copy, "wall": 0, "load": 0, "seconds": 0}

    played = []
    real_play_one = bench.play_one

    def play_one(*args):
        played.append(args[5])
        return real_play_one(*args)
    monkeypatch.setattr(bench, "play_one", play_one)
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in mixed))
    args = ["--subject", "heuristic", "--pool", "random,greedy", "--lines", "greedy",
            "--players", "2", "--seed", "adopt", "--log", str(log), "--games", "5"]
    bench.main(args)
    assert played == [0, 1, 4]
    bench.main(args)  # the copies are in the log now: neither played nor copied again
    assert played == [0, 1, 4]
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert sorted(r["game"] for r in lines if r["line"] == "greedy") == [0, 1, 2, 3, 4]
