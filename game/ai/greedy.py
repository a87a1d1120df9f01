"""The greedy player: the best immediate gain, judged by the board evaluation.

For each legal build it applies the move (on a state sampled from its view: the hidden parts
cannot change where a piece lands, Godzilla's walk or the board) and keeps the one that
maximises its value minus the mean of its opponents' values (so taking a tower from an
opponent counts twice: a point gained and a point denied). Values are those of
:func:`game.ai.evaluate.colour_values`: points if the board were scored now, plus a bonus
for towers made safe. Ties go to the smaller piece, then to the seeded random generator.
"""

from __future__ import annotations

import random

from ..actions import Action, Build, ReturnPiece
from ..state import SELECT, State
from ..view import PlayerView
from . import OnePly
from .evaluate import colour_values, player_values, relative
from .policy import FLOOR_COST
from .selection import ranked_selections


def action_value(state: State, action: Action, player: int) -> float:
    """Relative board value after ``action`` (minus a small cost per floor used)."""
    after = state.apply(action)
    values = player_values(colour_values(after.board, len(state.settings.colours)),
                           state.settings)
    floors = action.floors if isinstance(action, (Build, ReturnPiece)) else 0
    return relative(values, player) - FLOOR_COST * floors


def ranked_actions(view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
    """Every legal decision with its greedy value, best first (ties in a seeded random order)."""
    actions = view.legal_actions()
    if view.phase == SELECT:
        ranked = ranked_selections(view)
        return [(-float(i), a) for i, a in enumerate(ranked)]
    state = view.sample_state(rng)
    scored = [(action_value(state, a, view.player), rng.random(), a) for a in actions]
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [(v, a) for v, _, a in scored]


class GreedyPlayer(OnePly):
    """One-ply lookahead with the board evaluation; chooses pieces by the selection heuristic."""

    id = "greedy"

    def ranked(self, view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        return ranked_actions(view, rng)
