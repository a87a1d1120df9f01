#!/usr/bin/env python3
"""Write the README's example files, made by playing a game through the engine.

    python3 scripts/make_examples.py        # rewrites examples/save.json and position.json

* ``examples/save.json``: a finished four-player game between computer players
  (``game.save.dumps`` output, so ``python3 -m game replay`` and the browser both load it);
* ``examples/position.json``: the board of that game in the middle of round 2, with the
  player on turn as ``to_move`` (their colour, seat, hand and pieces) and who owns which
  colour as ``players``, for ``python3 -m game score`` and ``moves``.

The files are committed; this script only says how they were made. tests/engine/
test_readme_commands.py checks that the position really is a moment of the saved game.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import Game, PlayerSpec, Settings, save  # noqa: E402
from game.ai import make_player  # noqa: E402
from game.material import PIECE_FLOORS  # noqa: E402
from game.state import BUILD  # noqa: E402

SEED = "readme-example"
PLAYERS = (("Ada", "blue", "south", "greedy"), ("Ben", "red", "west", "greedy"),
           ("Cleo", "yellow", "north", "random"), ("Dev", "purple", "east", "random"))
POSITION_AT = (2, 6)
"""The position is taken in round 2 before the 7th build of that round."""


def position_of(game_state) -> dict:
    """A position (docs/save-format.md, "Positions") for the player on turn in ``state``."""
    settings = game_state.settings
    colours = list(settings.colours)
    player = game_state.current
    [colour] = settings.player_colours[player]
    supply = game_state.supply[colour]
    return {
        "colours": colours,
        "players": {p.name: list(p.colours) for p in settings.players},
        "to_move": {
            "colour": colours[colour],
            "seat": settings.seat_of(player),
            "cards": [card.to_json() for card in game_state.hands[player]],
            "pieces": [f for f, n in zip(PIECE_FLOORS, supply) for _ in range(n)],
        },
        "cities": [[[[colours[c], f] for c, f in game_state.board[city * 9 + plot]]
                    for plot in range(9)] for city in range(6)],
    }


def position_text(position: dict) -> str:
    """JSON laid out like tests/engine/positions: one line per key, one line per city."""
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}"
             for key, value in position.items() if key != "cities"]
    cities = ",\n".join(f"    {json.dumps(city)}" for city in position["cities"])
    return "{\n" + ",\n".join(lines) + ',\n  "cities": [\n' + cities + "\n  ]\n}\n"


def main() -> int:
    settings = Settings(players=tuple(PlayerSpec(name, (colour,), seat, bot)
                                      for name, colour, seat, bot in PLAYERS))
    game = Game(settings, SEED, meta={"note": "made by scripts/make_examples.py"})
    bots = [make_player(p.played_by) for p in settings.players]
    rng = random.Random(f"{SEED}/players")
    position = None
    builds_in_round = 0
    while not game.state.is_over:
        state = game.state
        if state.phase == BUILD and (state.round, builds_in_round) == POSITION_AT:
            position = position_of(state)
        before = state.round
        game.play(bots[state.current].choose(game.view(state.current), rng))
        if state.phase == BUILD:
            builds_in_round = builds_in_round + 1 if game.state.round == before else 0
    assert position is not None
    out = ROOT / "examples"
    out.mkdir(exist_ok=True)
    (out / "save.json").write_text(save.dumps(game) + "\n", encoding="utf-8")
    (out / "position.json").write_text(position_text(position), encoding="utf-8")
    print(f"wrote examples/save.json ({len(game.log)} steps) and examples/position.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
