"""The one guard for outside JSON (``game.untrusted``) and the one card parser (``Card``).

Saves, positions and the command line go through them; no engine module parses JSON or
cards on its own (checked on the source, so a second copy fails here).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from engine_testkit import REPO

from game import Card, save
from game.errors import SaveError
from game.material import CARDS
from game.position import legal_moves
from game.untrusted import MAX_CHARS, MAX_DEPTH, check_nesting, parse_json

ENGINE = sorted((REPO / "game").glob("*.py"))  # the engine only: not game/ai, not game/web


# ----------------------------------------------------------------------------- guard
def test_parse_json_accepts_what_saves_and_positions_look_like():
    text = json.dumps({"a": [[[["blue", 1]]]], "b": "[[[[{{{{"})
    assert parse_json(text) == json.loads(text)
    assert parse_json(text.encode("utf-8")) == json.loads(text)


def test_nesting_up_to_the_limit_passes_and_one_more_is_refused():
    check_nesting("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    with pytest.raises(SaveError, match="nested more than"):
        check_nesting("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    with pytest.raises(SaveError, match="nested more than"):
        parse_json('{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1))


def test_brackets_inside_strings_do_not_count():
    text = json.dumps(["[" * 1000, '\\"[' * 100, "{" * 1000])
    assert parse_json(text)[0] == "[" * 1000


@pytest.mark.parametrize("text, reason", [
    (" " * (MAX_CHARS + 1), "too large"),
    (b"\xff", "not UTF-8"),
    ("{nope", "not valid JSON"),
    ("", "not valid JSON"),
    (None, "missing"),
    ("[" * 100_000 + "]" * 100_000, "nested"),
])
def test_parse_json_refuses_with_a_reason(text, reason):
    with pytest.raises(SaveError, match=reason) as error:
        parse_json(text, "position.json")
    if text is not None and reason != "nested":
        assert str(error.value).startswith("position.json ")


def test_saves_use_the_guard():
    assert save.check_nesting is check_nesting
    with pytest.raises(SaveError, match="the save is too large"):
        save.load(" " * (MAX_CHARS + 1))
    with pytest.raises(SaveError, match="nested"):
        save.load("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


def _calls(path: Path, name: str) -> list[int]:
    """Lines of ``path`` that call ``<anything>.name(...)`` or ``name(...)``."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if called == name:
                lines.append(node.lineno)
    return lines


def test_only_the_guard_calls_json_loads_in_the_engine():
    offenders = {p.name: _calls(p, "loads") for p in ENGINE if p.name != "untrusted.py"}
    assert {name: lines for name, lines in offenders.items() if lines} == {}


# ------------------------------------------------------------------------------ cards
@pytest.mark.parametrize("card", CARDS, ids=str)
def test_a_card_reads_back_what_it_writes(card):
    assert Card.from_json(card.to_json()) == card
    assert Card.from_json(json.loads(json.dumps(card.to_json()))) == card
    assert Card.parse(str(card)) == card
    assert Card.from_json(tuple(card)) == card


@pytest.mark.parametrize("value", [
    [3, 0], [0, -1], [0], [0, 0, 0], [True, 0], [0, False], [1.0, 0], [0, 2.0], ["0", "1"],
    "0,1", None, {"row": 0, "col": 1}, [[0], [1]],
])
def test_card_from_json_refuses_anything_else(value):
    with pytest.raises(SaveError, match=r"a card must be \[row, col\] with numbers 0-2"):
        Card.from_json(value)


@pytest.mark.parametrize("text", ["3,0", "0,1,2", "0;1", "", "01", "1.0,2", "１,２", "-0,1",
                                  [0, 1], None])
def test_card_parse_refuses_anything_else(text):
    with pytest.raises(SaveError, match="a card must be written row,col"):
        Card.parse(text)


def test_card_parse_allows_spaces_around_the_numbers():
    assert Card.parse(" 2 , 0 ") == Card(2, 0)


def test_positions_and_saves_read_cards_through_the_card_parser(monkeypatch):
    calls = []
    real = Card.from_json.__func__

    def spy(cls, value):
        calls.append(value)
        return real(cls, value)

    monkeypatch.setattr(Card, "from_json", classmethod(spy))
    cities = [[[] for _ in range(9)] for _ in range(6)]
    legal_moves({"colours": ["blue"], "cities": cities,
                 "to_move": {"colour": "blue", "seat": "south", "cards": [[2, 1]], "pieces": [1]}})
    assert calls == [[2, 1]]
    save.load((REPO / "examples" / "save.json").read_text(encoding="utf-8"))
    assert len(calls) > 45  # the deal is a shuffle of 45 cards


def test_no_engine_module_builds_cards_from_raw_values():
    """Only material.py (the parser) turns numbers into a Card; others get Cards from it."""
    offenders = {p.name: _calls(p, "Card") for p in ENGINE if p.name != "material.py"}
    assert {name: lines for name, lines in offenders.items() if lines} == {}
