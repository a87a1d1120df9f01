"""Saves (docs/save-format.md): the versioned JSON document, replay on load, seeding of chance
outcomes, migrations, and identical replays in another Python process."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from engine_testkit import IN_PYODIDE, REPO, random_game, settings_for

from game import (
    Build,
    Card,
    ChooseStartPlayer,
    Game,
    IllegalAction,
    OrderCities,
    PlaceGodzilla,
    ReturnPiece,
    SaveError,
    Select,
    Settings,
    Shuffle,
    action_from_json,
    action_to_json,
    new_state,
    save,
    standard_settings,
)
from game.actions import is_chance
from game.material import FULL_DECK

OPTION_SETS = [
    (4, {}),
    (4, {"rounds": 6, "godzilla": "godzilla", "secret_selection": True}),
    (3, {"progressive": True, "anti_trust": True, "tie_break": False}),
    (3, {"rounds": 4, "godzilla": "baby", "start_player": 2}),
    (2, {"godzilla": "godzilla", "progressive": True, "anti_trust": True,
         "secret_selection": True}),
]


def test_save_document_fields():
    game = random_game(standard_settings(3), seed=17, stop=lambda g: len(g.log) > 10)
    game.meta["title"] = "Friday"
    data = json.loads(save.dumps(game))
    assert set(data) == {"format", "version", "settings", "seed", "log", "meta"}
    assert data["format"] == "manhattan-save"
    assert data["version"] == save.VERSION == 1
    assert data["seed"] == "17"
    assert data["meta"] == {"title": "Friday"}
    assert data["settings"] == {
        "players": [{"name": f"Player {i + 1}", "colours": [c], "seat": s, "controller": "human"}
                    for i, (c, s) in enumerate([("blue", "south"), ("red", "west"),
                                                ("yellow", "north")])],
        "rounds": 6, "start_player": None, "tie_break": True, "godzilla": "off",
        "progressive": False, "anti_trust": False, "secret_selection": False}
    assert len(data["log"]) == len(game.log)
    assert data["log"][0]["type"] == "shuffle" and len(data["log"][0]["cards"]) == 45
    assert data["log"][1] == {"type": "start_player", "player": game.state.start}


ACTION_SHAPES = [
    (Select("blue", (1, 2, 3, 0)), {"type": "select", "colour": "blue", "pieces": [1, 2, 3, 0]}),
    (Build(Card(0, 2), 5, 2, "red", 3),
     {"type": "build", "card": [0, 2], "city": 5, "plot": 2, "colour": "red", "floors": 3}),
    (ReturnPiece(Card(2, 1), "yellow", 1),
     {"type": "return", "card": [2, 1], "colour": "yellow", "floors": 1}),
    (Shuffle((Card(1, 1), Card(0, 0))), {"type": "shuffle", "cards": [[1, 1], [0, 0]]}),
    (ChooseStartPlayer(3), {"type": "start_player", "player": 3}),
    (PlaceGodzilla(4), {"type": "godzilla", "city": 4}),
    (OrderCities((5, 4, 3, 2, 1, 0)), {"type": "city_order", "order": [5, 4, 3, 2, 1, 0]}),
]


@pytest.mark.parametrize("action, shape", ACTION_SHAPES, ids=lambda x: type(x).__name__)
def test_action_json_shapes(action, shape):
    assert action_to_json(action) == shape
    assert action_from_json(json.loads(json.dumps(shape))) == action


@pytest.mark.parametrize("shape", [
    {"type": "select", "colour": "blue", "pieces": [1, 2, 3]},
    {"type": "select", "colour": "blue", "pieces": [1, 2, 3, True]},
    {"type": "select", "colour": "blue", "pieces": [1, 2, 3, -1]},
    {"type": "select", "colour": 3, "pieces": [1, 2, 3, 0]},
    {"type": "build", "card": [0, 3], "city": 0, "plot": 0, "colour": "red", "floors": 1},
    {"type": "build", "card": [0, 0], "city": 6, "plot": 0, "colour": "red", "floors": 1},
    {"type": "build", "card": [0, 0], "city": 0, "plot": 9, "colour": "red", "floors": 1},
    {"type": "build", "card": [0, 0], "city": 0, "plot": 0, "colour": "red", "floors": 5},
    {"type": "build", "card": [0, 0], "city": "0", "plot": 0, "colour": "red", "floors": 1},
    {"type": "return", "card": "0,0", "colour": "red", "floors": 1},
    {"type": "shuffle", "cards": "all"},
    {"type": "start_player", "player": 4},
    {"type": "godzilla", "city": -1},
    {"type": "city_order", "order": "012345"},
    {"type": "fly"},
    {"colour": "blue"},
    ["select"],
])
def test_malformed_action_json_is_a_save_error(shape):
    with pytest.raises(SaveError):
        action_from_json(shape)


@pytest.mark.parametrize("players, options", OPTION_SETS)
def test_settings_survive_the_json_round_trip(players, options):
    settings = standard_settings(players, **options)
    assert Settings.from_json(json.loads(json.dumps(settings.to_json()))) == settings


@pytest.mark.parametrize("players, options", OPTION_SETS)
def test_loading_a_save_replays_to_an_identical_state(players, options):
    game = random_game(standard_settings(players, **options), seed=f"load-{players}")
    loaded = save.load(save.dumps(game))
    assert loaded.state == game.state
    assert loaded.log == game.log
    assert loaded.settings == game.settings and loaded.seed == game.seed
    # ...and at points along the way (cut after any number of steps).
    rng = random.Random(players)
    for cut in sorted(rng.sample(range(1, len(game.log)), 5)):
        partial = Game(game.settings, game.seed, resolve_chance=False)
        for action in game.log[:cut]:
            partial.state = partial.state.apply(action)
            partial.log.append(action)
        partial._resolve_chance()
        assert save.load(save.dumps(partial)).state == partial.state


def test_a_loaded_game_continues_exactly_like_the_original():
    settings = standard_settings(4, godzilla="baby", progressive=True)
    full = random_game(settings, seed="continue")
    decisions = full.decisions()
    half = Game(settings, "continue")
    for decision in decisions[:len(decisions) // 2]:
        half.play(decision)
    resumed = save.load(save.dumps(half))
    for decision in decisions[len(decisions) // 2:]:
        resumed.play(decision)
    assert resumed.log == full.log
    assert resumed.state == full.state


def test_a_copy_plays_on_apart_from_the_game_it_was_copied_from():
    settings = standard_settings(3)
    full = random_game(settings, seed="copy")
    decisions = full.decisions()
    game = Game(settings, "copy", meta={"note": "x"})
    for decision in decisions[:5]:
        game.play(decision)
    log, state = list(game.log), game.state
    twin = game.copy()
    for decision in decisions[5:10]:
        twin.play(decision)
    twin.meta["note"] = "y"
    assert game.log == log and game.state == state and game.meta == {"note": "x"}
    assert twin.log[:len(log)] == log and len(twin.decisions()) == 10
    assert twin.state == save.load(save.dumps(twin)).state


def test_chance_outcome_k_is_drawn_with_random_seeded_by_seed_slash_k():
    settings = standard_settings(4, godzilla="godzilla", progressive=True)
    game = Game(settings, "table")
    state = new_state(settings)
    chance = [a for a in game.log if is_chance(a)]
    assert len(chance) == 4  # deal, start player, Godzilla, city order
    for k, outcome in enumerate(chance):
        assert outcome == state.sample_chance(random.Random(f"table/{k}"))
        state = state.apply(outcome)
    assert state == game.state
    # The deal is the 45 cards shuffled by random.Random("table/0").shuffle.
    cards = list(FULL_DECK)
    random.Random("table/0").shuffle(cards)
    assert chance[0] == Shuffle(tuple(cards))


def test_a_save_cut_before_a_chance_step_draws_that_outcome_from_the_seed():
    game = random_game(standard_settings(4), seed="reshuffle")
    reshuffles = [i for i, a in enumerate(game.log) if isinstance(a, Shuffle) and i > 0]
    assert reshuffles, "a 4-player game reshuffles the draw pile"
    i = reshuffles[0]
    data = save.to_save(game)
    data["log"] = data["log"][:i]  # ends with the build that needed the reshuffle
    loaded = save.load(data)
    assert loaded.log == game.log[:i + 1]
    expected = new_state(game.settings)
    for action in game.log[:i + 1]:
        expected = expected.apply(action)
    assert loaded.state == expected


def test_a_save_may_record_any_legal_chance_outcome_not_only_the_seeds():
    settings = standard_settings(2, start_player=0)
    data = {"format": "manhattan-save", "version": 1, "settings": settings.to_json(),
            "seed": "x", "log": [action_to_json(Shuffle(tuple(sorted(FULL_DECK))))], "meta": {}}
    game = save.load(data)
    # The deal goes round the table: card i of the shuffle to player i mod 2.
    assert game.state.hands[0] == (Card(0, 0),) * 3 + (Card(0, 1),)
    assert game.state.hands[1] == (Card(0, 0),) * 2 + (Card(0, 1),) * 2
    assert game.state.deck[:3] == (Card(0, 1), Card(0, 1), Card(0, 2))


def test_the_first_illegal_step_is_named_with_its_rule():
    game = random_game(standard_settings(4), seed="bad")
    data = save.to_save(game)
    i = next(k for k, step in enumerate(data["log"]) if step["type"] == "build")
    data["log"][i]["floors"] = 4 if data["log"][i]["floors"] != 4 else 1
    with pytest.raises(SaveError) as error:
        save.load(data)
    # Either the piece is not in that round's supply or (rarely) the floors break the rule.
    assert str(error.value).startswith(f"step {i + 1} (build): ")
    assert "[piece-not-in-supply]" in str(error.value) or "[floor-condition]" in str(error.value)


def test_a_save_too_large_to_be_a_game_is_rejected():
    with pytest.raises(SaveError):
        save.load(" " * (save.MAX_SAVE_BYTES + 1))


def test_deeply_nested_json_is_refused_before_parsing():
    # In Pyodide json.loads on thousands of nested brackets is a fatal stack overflow.
    for text in ("[" * 100000 + "]" * 100000, '{"a":' * 5000 + "1" + "}" * 5000):
        with pytest.raises(SaveError, match="nested"):
            save.load(text)
        with pytest.raises(SaveError, match="nested"):
            save.load(text.encode())


def test_brackets_inside_strings_do_not_count_as_nesting():
    game = random_game(standard_settings(2), seed="brackets", stop=lambda g: len(g.log) > 5)
    game.meta["note"] = "[{" * 500 + '\\"quoted\\" ]'
    loaded = save.load(save.dumps(game))
    assert loaded.meta == game.meta and loaded.state == game.state


def test_names_with_accents_survive_a_save():
    settings = settings_for(["south", "north"], colours=[["blue", "red"], ["yellow", "purple"]])
    settings = Settings(players=tuple(
        type(p)(name, p.colours, p.seat, p.played_by)
        for p, name in zip(settings.players, ["Zoë", "Jürgen"])))
    game = random_game(settings, seed="ü")
    text = save.dumps(game)
    assert "Zoë" in text
    assert save.load(text).state == game.state


def test_game_play_refuses_an_illegal_decision_and_changes_nothing():
    game = Game(standard_settings(3), seed="play")
    state, log = game.state, list(game.log)
    with pytest.raises(IllegalAction):
        game.play(Select(state.settings.colours[state.selecting], (9, 9, 9, 9)))
    with pytest.raises(IllegalAction) as error:
        game.play(Shuffle(FULL_DECK))
    assert error.value.rule == "not-a-decision"
    assert game.state is state and game.log == log


# ------------------------------------------------------------------------ migrations
def downgrade_to_fake_version_1(data):
    """A pretend older format: 'moves' instead of 'log', cards written as "row,col"."""
    old = dict(data, version=1)
    old["moves"] = [dict(step, card=f"{step['card'][0]},{step['card'][1]}")
                    if "card" in step else step for step in old.pop("log")]
    return old


def migrate_fake_1_to_2(data):
    data["log"] = [dict(step, card=[int(x) for x in step["card"].split(",")])
                   if "card" in step else step for step in data.pop("moves")]
    return data


def test_an_older_save_version_is_migrated_on_load(monkeypatch):
    monkeypatch.setattr(save, "VERSION", 2)
    monkeypatch.setattr(save, "MIGRATIONS", {1: migrate_fake_1_to_2})
    game = random_game(standard_settings(3), seed="migrate")
    current = save.to_save(game)
    assert current["version"] == 2
    old = downgrade_to_fake_version_1(current)
    snapshot = json.dumps(old)
    loaded = save.load(json.dumps(old))
    assert loaded.state == game.state
    assert json.dumps(old) == snapshot  # the caller's document is not modified
    assert save.load(old).state == game.state


def test_migrations_are_applied_in_order_one_version_at_a_time(monkeypatch):
    calls = []

    def step(version):
        def migrate(data):
            assert data["version"] == version
            calls.append(version)
            return data
        return migrate

    monkeypatch.setattr(save, "VERSION", 4)
    monkeypatch.setattr(save, "MIGRATIONS", {1: step(1), 2: step(2), 3: step(3)})
    data = save.migrate({"format": "manhattan-save", "version": 1})
    assert calls == [1, 2, 3] and data["version"] == 4
    calls.clear()
    save.migrate({"format": "manhattan-save", "version": 3})
    assert calls == [3]


def test_a_missing_migration_is_a_save_error(monkeypatch):
    monkeypatch.setattr(save, "VERSION", 2)
    monkeypatch.setattr(save, "MIGRATIONS", {})
    data = save.to_save(Game(standard_settings(4), seed=1))
    data["version"] = 1
    with pytest.raises(SaveError, match="no migration from save format 1"):
        save.load(data)


@pytest.mark.parametrize("version", [2, 0, -1, "1", True, None, 1.0])
def test_a_save_from_a_newer_or_unknown_version_is_refused(version):
    data = save.to_save(Game(standard_settings(4), seed=1))
    data["version"] = version
    with pytest.raises(SaveError):
        save.load(data)


# ------------------------------------------------------------- identical in another process
PRODUCER = """
import random, sys
from game import Game, standard_settings, save
settings = standard_settings(4, godzilla="baby", progressive=True, anti_trust=True)
game = Game(settings, seed="cross-process")
rng = random.Random("decisions")
while not game.state.is_over:
    game.play(rng.choice(game.state.legal_actions()))
sys.stdout.write(save.dumps(game))
"""

REPLAYER = """
import json, sys
from game import Game, save
loaded = save.load(sys.stdin.read())
again = Game(loaded.settings, loaded.seed)
for decision in loaded.decisions():
    again.play(decision)
state = loaded.state
print(json.dumps({"same_log": again.log == loaded.log, "scores": list(state.scores),
                  "board": [[list(p) for p in t] for t in state.board],
                  "hands": [[list(c) for c in h] for h in state.hands],
                  "removed": list(state.removed)}))
"""


def run_python(code, stdin=None, hash_seed="0"):
    import os
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    env.pop("PYTHONPATH", None)
    proc = subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True,
                          text=True, cwd=REPO, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.skipif(IN_PYODIDE, reason="Pyodide cannot start processes")
def test_a_save_made_in_another_process_replays_to_the_same_state_here():
    text = run_python(PRODUCER, hash_seed="1")
    here = Game(standard_settings(4, godzilla="baby", progressive=True, anti_trust=True),
                seed="cross-process")
    rng = random.Random("decisions")
    while not here.state.is_over:
        here.play(rng.choice(here.state.legal_actions()))
    assert text == save.dumps(here)  # same seed, same decisions: the same save, byte for byte
    assert save.load(text).state == here.state


@pytest.mark.skipif(IN_PYODIDE, reason="Pyodide cannot start processes")
def test_a_save_made_here_replays_identically_in_another_process():
    game = random_game(standard_settings(3, godzilla="godzilla", secret_selection=True),
                       seed="other-process")
    for hash_seed in ("2", "3"):
        result = json.loads(run_python(REPLAYER, stdin=save.dumps(game), hash_seed=hash_seed))
        state = game.state
        assert result["same_log"] is True  # the seed draws the same chance outcomes there
        assert result["scores"] == list(state.scores)
        assert result["board"] == [[list(p) for p in t] for t in state.board]
        assert result["hands"] == [[list(c) for c in h] for h in state.hands]
        assert result["removed"] == list(state.removed)


def test_the_fast_save_text_is_exactly_the_json_of_the_save():
    """``dumps`` joins cached step texts; it must equal plain ``json.dumps`` of the save."""
    import json
    import random

    from game.match import Game
    from game.settings import PlayerSpec, Settings
    for count in (2, 3, 4):
        seats = ("south", "west", "north", "east")[:count]
        colours = ((("blue", "red"), ("yellow", "purple")) if count == 2 else
                   tuple((c,) for c in ("blue", "red", "yellow", "green")[:count]))
        settings = Settings(players=tuple(PlayerSpec(f'Pläyer {i} "q"', colours[i], seats[i])
                                          for i in range(count)), godzilla="baby")
        game = Game(settings, f"fast-{count}", meta={"note": "é ✓", "n": [1, 2]})
        rng = random.Random(count)
        while not game.state.is_over:
            assert save.dumps(game) == json.dumps(save.to_save(game), separators=(",", ":"),
                                                  ensure_ascii=False)
            for _ in range(rng.randrange(1, 30)):
                if game.state.is_over:
                    break
                game.play(rng.choice(game.state.legal_actions()))
        assert save.dumps(game) == json.dumps(save.to_save(game), separators=(",", ":"),
                                              ensure_ascii=False)
        assert save.load(save.dumps(game)).log == game.log
