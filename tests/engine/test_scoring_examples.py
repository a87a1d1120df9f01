"""The scoring examples printed in the rules, rebuilt as positions and scored by the engine,
the CLI's main() and ``python -m game score``. Expected points come from the rules' text."""

from __future__ import annotations

import json

import pytest
from engine_testkit import POSITIONS, load_position

from game.position import score_position

CITY_ORDER = ["Sydney", "Manhattan", "Frankfurt", "Hong Kong", "Sao Paulo", "Cairo"]


def towers_per_city(position):
    """{city index: {colour: towers owned}} read straight from the JSON (owner = top piece)."""
    result = {}
    for i, city in enumerate(position["cities"]):
        counts = {}
        for plot in city:
            if plot:
                counts[plot[-1][0]] = counts.get(plot[-1][0], 0) + 1
        result[i] = counts
    return result


def tallest(position):
    heights = [(sum(f for _, f in plot), i, plot[-1][0])
               for i, city in enumerate(position["cities"]) for plot in city if plot]
    heights.sort(reverse=True)
    assert heights[0][0] > heights[1][0], "the example has a single tallest tower"
    return heights[0][1], heights[0][2]


def totals(result):
    return {colour: points["total"] for colour, points in result.items() if colour != "players"}


# ------------------------------------------------------------- the positions fit the text
def test_platform_example_position_matches_the_printed_table():
    position = load_position("platform_example.json")
    counts = towers_per_city(position)
    table = [(1, 2), (2, 0), (1, 2), (1, 1), (2, 1), (2, 2)]  # blue/white per city 1-6
    for city, (blue, white) in enumerate(table):
        assert (counts[city].get("blue", 0), counts[city].get("white", 0)) == (blue, white)
    assert tallest(position) == (4, "white")  # city 5


def test_1994_example_position_matches_every_sentence():
    position = load_position("rules_1994_example.json")
    counts = towers_per_city(position)
    by_name = {CITY_ORDER[i]: c for i, c in counts.items()}
    assert tallest(position) == (CITY_ORDER.index("Frankfurt"), "blue")
    for city in ("Frankfurt", "Hong Kong"):
        assert by_name[city]["black"] == 2
        others = {c: n for c, n in by_name[city].items() if c != "black"}
        assert len(others) == 2 and set(others.values()) == {1}
    assert by_name["Sydney"] == {"blue": 1}
    assert by_name["Sao Paulo"] == {"red": 1}
    for city in ("Cairo", "Manhattan"):
        best = max(by_name[city].values())
        assert list(by_name[city].values()).count(best) > 1
    total = {c: sum(city.get(c, 0) for city in counts.values())
             for c in ("black", "blue", "red", "green")}
    assert total == {"black": 5, "blue": 3, "red": 4, "green": 4}


def test_2017_example_position_matches_every_sentence():
    position = load_position("rules_2017_example.json")
    counts = towers_per_city(position)

    def majority(city):
        best = max(counts[city].values())
        leaders = [c for c, n in counts[city].items() if n == best]
        return leaders[0] if len(leaders) == 1 else None

    assert [majority(c) for c in range(6)] == ["yellow", "purple", "purple", "blue", None, None]
    total = {c: sum(city.get(c, 0) for city in counts.values())
             for c in ("purple", "blue", "yellow", "orange")}
    assert total == {"purple": 9, "blue": 6, "yellow": 5, "orange": 1}
    assert tallest(position)[1] == "orange"


# ------------------------------------------------------------------ expected points
EXAMPLES = {
    # rules file 002: "Insgesamt hat Weiss also in dieser Runde 15 Punkte gemacht, Blau 13."
    "platform_example.json": {"blue": 13, "white": 15},
    # rules file 001: "Black, 9 points, Blue 8 points, Red 6 points and Green 4 points."
    "rules_1994_example.json": {"blue": 8, "black": 9, "red": 6, "green": 4},
    # rules file 003: 3 for the tallest; majorities 2 each; 1 per building.
    "rules_2017_example.json": {"orange": 3 + 1, "purple": 2 * 2 + 9, "blue": 2 + 6,
                                "yellow": 2 + 5},
    "two_players_summed.json": {"blue": 5, "red": 5, "yellow": 8, "purple": 1},
}
BREAKDOWN = {
    "platform_example.json": {"blue": (0, 4, 9), "white": (3, 4, 8)},  # table "Summe" row
    "rules_1994_example.json": {"blue": (3, 2, 3), "black": (0, 4, 5), "red": (0, 2, 4),
                                "green": (0, 0, 4)},
    "rules_2017_example.json": {"orange": (3, 0, 1), "purple": (0, 4, 9), "blue": (0, 2, 6),
                                "yellow": (0, 2, 5)},
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_printed_example_scores_through_the_engine(name):
    result = score_position(load_position(name))
    assert totals(result) == EXAMPLES[name]
    for colour, (high, majority, towers) in BREAKDOWN.get(name, {}).items():
        assert (result[colour]["tallest"], result[colour]["majorities"],
                result[colour]["towers"]) == (high, majority, towers)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_printed_example_scores_through_the_command_line(cli, name):
    code, out, err = cli(["score", str(POSITIONS / name)])
    assert code == 0 and err == ""
    assert totals(json.loads(out)) == EXAMPLES[name]


def test_players_mapping_sums_each_persons_two_colours(cli):
    code, out, err = cli(["score", str(POSITIONS / "two_players_summed.json")])
    assert code == 0
    result = json.loads(out)
    assert result["players"] == {"Anna": 5 + 5, "Ben": 8 + 1}


def test_score_reads_the_position_from_standard_input(cli):
    text = (POSITIONS / "rules_1994_example.json").read_text(encoding="utf-8")
    code, out, err = cli(["score", "-"], stdin=text)
    assert code == 0 and totals(json.loads(out)) == EXAMPLES["rules_1994_example.json"]


# --------------------------------------------------------- the platform's building example
def moves(cli, position):
    code, out, err = cli(["moves", "-"], stdin=json.dumps(position))
    assert code == 0, err
    return {(tuple(m["card"]), m["city"], m["plot"], m["floors"]) for m in json.loads(out)}


def test_platform_building_example_white_needs_a_two_on_blue_towers(cli):
    position = load_position("platform_moves_example.json")
    result = moves(cli, position)
    # Cards (south seat): bottom-middle -> plot 7, bottom-right -> 8, right-middle -> 5.
    expected = set()
    for card, plot in (((2, 1), 7), ((2, 2), 8), ((1, 2), 5)):
        for city in range(6):
            for floors in (1, 2):
                if (city, plot) == (0, 5) and floors < 2:
                    continue  # blue 2 vs white 0: "2-0=2"
                expected.add((card, city, plot, floors))
    assert result == expected
    assert len(result) == 35
    position["to_move"]["cards"] = [[1, 1]]
    position["to_move"]["pieces"] = [1, 2, 3]
    centre = {(city, floors) for _, city, _, floors in moves(cli, position)}
    assert (0, 1) not in centre and (0, 2) in centre  # "3-1=2"


def test_platform_building_example_tower_nine_to_four_is_safe_from_blue(cli):
    position = load_position("platform_moves_example.json")
    position["to_move"] = {"colour": "blue", "seat": "south", "cards": [[2, 0]],
                           "pieces": [1, 2, 3, 4]}
    result = moves(cli, position)
    assert {(city, plot) for _, city, plot, _ in result} == {(c, 6) for c in range(1, 6)}
