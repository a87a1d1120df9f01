"""The computer players' turns: who is to move, the decision asked of the
thinking worker (or thought out on the page in slices), and the move committed. The
scheduling (one move at a time, the pace, stale answers dropped by their key) is
game/web/runtime/jobs.py's; these are the questions it asks and the one way a move is played.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ...actions import Action
from ...ai import ComputerPlayer, Level, find_level, think
from ...ai.levels import RANDOM
from ...public_record import is_view_game
from ...view import player_view
from ..thinking.coach import Request, hints_on

if TYPE_CHECKING:
    from .holder import Players, Reading


def computer_to_move(c: Reading) -> bool:
    """A computer is on turn and the last person's move is settled (the computers never
    start while it may still be taken back)."""
    return (playable(c) and c.session is not None and c.session.unsettled is None
            and c.session.screen == "computer" and c.session.state.current is not None)


def settle_key(c: Reading) -> tuple[str, int] | None:
    """The person's move the computers wait for (game id, log length) while it may still
    be taken back; None when there is none (game/web/runtime/jobs.py settles it after
    :data:`UNDO_SECONDS`)."""
    session = c.session
    if (not playable(c) or session is None or c.game_id is None or session.unsettled is None
            or session.screen != "computer"):
        return None
    return c.game_id, len(session.game.log)


UNDO_SECONDS = {"slow": 8.0, "normal": 5.0, "fast": 3.0}
"""How long a person may take their move back before the computers reply (by speed; the
instant pace of the tests does not wait)."""


def undo_seconds(c: Reading) -> float:
    return 0.0 if c.page.instant else UNDO_SECONDS.get(c.page.speed, 5.0)


def auto_continue(c: Reading) -> bool:
    """A table of computers only goes on after a scoring by itself."""
    return (playable(c) and c.session is not None
            and c.session.screen == "scoring" and not c.session.humans)


def computer_key(c: Reading) -> tuple[str, int, int] | None:
    """The computer decision due now, as (game id, log length, player on turn); None
    when no computer is to move. A decision thought out in the background is played
    only while this key holds (game/web/runtime/jobs.py)."""
    session = c.session
    if not computer_to_move(c) or session is None or c.game_id is None:
        return None
    current = session.state.current
    assert current is not None  # computer_to_move
    return c.game_id, len(session.game.log), current


def continue_key(c: Reading) -> tuple[str, int] | None:
    """The scoring a table of computers goes on from by itself (game id, log length);
    None when there is none (game/web/runtime/jobs.py)."""
    if not auto_continue(c) or c.session is None or c.game_id is None:
        return None
    return c.game_id, len(c.session.game.log)


def playable(c: Reading) -> bool:
    """A game is on screen that may go on: not a view (its hands are invented), not
    waiting for storage space (a computer's move could not be stored)."""
    return (c.page.place == "play" and c.session is not None and not c.rules.open
            and not c.saved.storage_wait and not is_view_game(c.session.game))


def thinking_wanted(c: Reading) -> bool:
    """The thinking worker may be asked soon: a game at the table goes on with a computer
    or hints in it, a game is being set up, or the review is open. Only then does the tab
    hold a worker (scripts/boot.template.mjs): its whole interpreter is a third of a tab's
    memory at rest, and what its thinking grew stays until it goes."""
    if c.coach.review_open or c.page.place == "setup":
        return True
    session = c.session
    return (c.page.place == "play" and session is not None and not session.state.is_over
            and not is_view_game(session.game)
            and (len(session.humans) < len(session.settings.players)
                 or hints_on(session.game.meta)))


def computer_level(c: Reading) -> Level:
    """The level of the computer on turn, read from the save's id (a save naming a level
    this version lacks plays randomly)."""
    session = c.session
    assert session is not None and session.state.current is not None
    return find_level(session.settings.players[session.state.current].played_by) or RANDOM


def computer_player(c: Players) -> ComputerPlayer:
    """The player of the computer on turn, made once per level."""
    level = computer_level(c)
    if level.id not in c.computer_players:
        c.computer_players[level.id] = level.make()
    return c.computer_players[level.id]


def computer_thinking(c: Players) -> Generator[None, None, Action]:
    """The computer on turn deciding in slices (the one loop: :func:`game.ai.think`)."""
    session = c.session
    assert session is not None and session.state.current is not None
    view = player_view(session.state, session.state.current)
    return think(computer_player(c), view, session.computer_rng())


def computer_request(c: Reading) -> Request:
    """The computer on turn's decision as a request for the thinking worker: its own
    view only, its level and the decision's seed (see :mod:`game.web.thinking.coach`)."""
    session = c.session
    assert session is not None and session.state.current is not None
    view = player_view(session.state, session.state.current)
    return Request("decide", view, computer_level(c), session.computer_seed())





