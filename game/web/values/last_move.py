"""The last move as the table saw it (or a computer's move being previewed), kept in the
save's table state (``meta.ui.last_move``) and read back by :func:`parse_move`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...actions import Action, Select, action_from_json
from ...errors import SaveError


@dataclass(frozen=True)
class LastMove:
    """The most recent move (or a computer's move being previewed), as the table saw it."""

    player: int
    action: Action
    selects: tuple[Select, ...] = ()
    pos: int | None = None
    godzilla: tuple[int, str] | None = None
    """Godzilla's plot and ``"destroyed"`` or ``"ate"``, when the move fed it."""
    reshuffled: bool = False
    preview: bool = False


def parse_move(move: Any, preview: bool = False) -> LastMove | None:
    """The saved last-move record (``meta.ui.last_move``) as a value; None if unusable."""
    if not isinstance(move, dict) or not isinstance(move.get("player"), int):
        return None
    try:
        action = action_from_json(move.get("action"))
        selects = tuple(a for a in (action_from_json(raw) for raw in move.get("selects") or ())
                        if isinstance(a, Select))
    except (SaveError, AttributeError, TypeError):
        return None
    g = move.get("godzilla")
    godzilla = None
    if isinstance(g, dict) and isinstance(g.get("pos"), int):
        godzilla = (g["pos"], "destroyed" if g.get("kind") == "destroyed" else "ate")
    pos = move.get("pos")
    return LastMove(move["player"], action, selects, pos if isinstance(pos, int) else None,
                    godzilla, bool(move.get("reshuffled")), preview)
