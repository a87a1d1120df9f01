"""Five whole games played through the page (tests/web/whole_games.py) draw exactly what
they drew when the record was taken: every drawing, every effect asked of the browser and
what the storage holds, after every event. The page's code may change shape; what a player
sees may not.

To take the record afresh (only when a change of what players see is meant):
``RECORD_DRAWN=1 .venv/bin/python -m pytest -q tests/web/test_whole_games_drawn.py``.
``DRAWN_DUMP=DIR`` writes each game's full drawings to ``DIR/<game>.txt`` to compare two
versions with ``diff``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from whole_games import GAMES, record

RECORD = Path(__file__).parent / "data" / "whole_games_drawn.json"

pytestmark = [pytest.mark.slow,
              pytest.mark.cpython(reason="whole games drawn: CPython's run is the record's")]


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_draws_what_it_drew(name: str) -> None:
    r = record(name)
    digests = r.digests()
    dump = os.environ.get("DRAWN_DUMP")
    if dump:
        Path(dump).mkdir(parents=True, exist_ok=True)
        (Path(dump) / f"{name}.txt").write_text("\n".join(r.lines))
    kept = json.loads(RECORD.read_text()) if RECORD.exists() else {}
    if os.environ.get("RECORD_DRAWN"):
        kept[name] = digests
        RECORD.parent.mkdir(exist_ok=True)
        RECORD.write_text(json.dumps(kept, indent=0, sort_keys=True) + "\n")
        return
    assert name in kept, "no record: take it with RECORD_DRAWN=1"
    want = kept[name]
    for i, (got, expected) in enumerate(zip(digests, want)):
        assert got == expected, f"{name}: step {i} differs: {r.lines[i][:300]}"
    assert len(digests) == len(want), f"{name}: {len(digests)} steps, the record has {len(want)}"
    assert r.browser.errors == [] and not any("Error" in w for w in r.browser.warnings)
