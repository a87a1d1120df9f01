"""Positions for the command line: a board described in JSON, scored or searched for moves.

A position is ``{"colours": [...], "cities": [city x 6]}``; a city is 9 plots (numbered as in
RULES.md), a plot is a list of pieces from the bottom up, a piece is ``[colour, floors]``.
"""

from __future__ import annotations

import reprlib
from typing import Any

from .board import Board, Tower
from .errors import SaveError, SettingsError
from .material import CITIES, COLOURS, PIECE_FLOORS, PLOTS_PER_CITY, SEATS, Card
from .scoring import Scoring, score_board
from .settings import PlayerSpec, Settings, clean_name
from .state import BUILD, NO_PIECES, State, new_state


def _fail(message: str) -> SaveError:
    return SaveError(message)


def _is_floors(value: Any) -> bool:
    """A piece size: a whole number 1-4 (``True`` and ``1.0`` compare equal to 1 but are not
    piece sizes)."""
    return type(value) is int and value in PIECE_FLOORS


def parse_colours(data: dict[str, Any]) -> tuple[str, ...]:
    colours = data.get("colours")
    if (not isinstance(colours, list) or not colours or len(colours) > len(COLOURS)
            or not all(isinstance(c, str) and c for c in colours)):
        raise _fail(f"'colours' must be a list of 1 to {len(COLOURS)} colour names")
    for c in colours:
        if c not in COLOURS:
            raise _fail(f"unknown colour {_shown(c)}; choose from {', '.join(COLOURS)}")
    if len(set(colours)) != len(colours):
        raise _fail("'colours' names a colour twice")
    return tuple(colours)


def _shown(text: str) -> str:
    """``text`` quoted for an error message, lone surrogates and the like escaped (the
    message must be printable; ``ascii`` keeps it one line)."""
    short = text if len(text) <= 40 else text[:40] + "..."
    return repr(short) if short.isprintable() else ascii(short)


def parse_player_name(name: str) -> str:
    """A player name of a position, checked by the engine's one rule for names
    (:func:`game.settings.clean_name`: no control or bidirectional characters, no lone
    surrogates, 1-24 characters). Returned as given."""
    try:
        clean_name(name)
    except SettingsError as error:
        raise _fail(f"player {_shown(name)}: {error}") from None
    return name


def parse_board(data: Any) -> tuple[tuple[str, ...], Board]:
    if not isinstance(data, dict):
        raise _fail("a position must be a JSON object")
    colours = parse_colours(data)
    cities = data.get("cities")
    if not isinstance(cities, list) or len(cities) != len(CITIES):
        raise _fail(f"'cities' must be a list of {len(CITIES)} cities")
    board: list[Tower] = []
    for i, city in enumerate(cities):
        if not isinstance(city, list) or len(city) != PLOTS_PER_CITY:
            raise _fail(f"city {i} must be a list of {PLOTS_PER_CITY} plots")
        for p, plot in enumerate(city):
            if not isinstance(plot, list):
                raise _fail(f"city {i} plot {p} must be a list of pieces")
            tower = []
            for piece in plot:
                if (not isinstance(piece, list) or len(piece) != 2
                        or piece[0] not in colours or not _is_floors(piece[1])):
                    raise _fail(f"city {i} plot {p}: a piece must be [colour, floors] with a "
                                f"colour from 'colours' and 1-4 floors, "
                                f"not {reprlib.repr(piece)}")
                tower.append((colours.index(piece[0]), piece[1]))
            board.append(tuple(tower))
    return colours, tuple(board)


def score_position(data: Any) -> dict[str, Any]:
    """Points per colour for a scoring of the position (and per player when players are given)."""
    colours, board = parse_board(data)
    scoring: Scoring = score_board(board, len(colours))
    result: dict[str, Any] = {
        name: {"tallest": s.tallest, "majorities": s.majorities, "towers": s.towers,
               "total": s.total}
        for name, s in zip(colours, scoring.colours)}
    players = data.get("players")
    if players is not None:
        if not isinstance(players, dict):
            raise _fail("'players' must map names to lists of colours")
        totals = {}
        taken: set[str] = set()
        for name, owned in players.items():
            parse_player_name(name)
            if not isinstance(owned, list) or not all(c in colours for c in owned):
                raise _fail(f"player {name!r}: colours must be listed in 'colours'")
            if taken.intersection(owned) or len(set(owned)) != len(owned):
                raise _fail(f"player {name!r}: a colour belongs to one player, once")
            taken.update(owned)
            totals[name] = sum(result[c]["total"] for c in owned)
        result["players"] = totals
    return result


def legal_moves(data: Any) -> list[dict[str, Any]]:
    """Every legal build for the player described by ``to_move`` in the position."""
    colours, board = parse_board(data)
    to_move = data.get("to_move")
    if not isinstance(to_move, dict):
        raise _fail("'to_move' must describe the player to move")
    colour = to_move.get("colour")
    if colour not in colours:
        raise _fail("'to_move.colour' must be one of 'colours'")
    seat = to_move.get("seat")
    if seat not in SEATS:
        raise _fail(f"'to_move.seat' must be one of {', '.join(SEATS)}")
    raw_cards = to_move.get("cards")
    if not isinstance(raw_cards, list):
        raise _fail("'to_move.cards' must be a list of [row, col] with numbers 0-2")
    try:
        cards = [Card.from_json(c) for c in raw_cards]
    except SaveError as error:
        raise _fail(f"'to_move.cards': {error}") from None
    pieces = to_move.get("pieces")
    if not isinstance(pieces, list) or not all(_is_floors(p) for p in pieces):
        raise _fail("'to_move.pieces' must be a list of piece sizes, whole numbers 1-4")
    rules = data.get("rules", {})
    if not isinstance(rules, dict) or not all(isinstance(v, bool) for v in rules.values()):
        raise _fail("'rules' must map rule names to true/false")
    unknown = set(rules) - {"anti_trust"}
    if unknown:
        raise _fail(f"unknown rule option(s): {', '.join(sorted(unknown))}")
    state = _position_state(colours, board, colour, seat, cards, pieces,
                            rules.get("anti_trust", False))
    moves = {(b.card, b.city, b.plot, b.floors) for b in state.legal_builds()}
    return [{"card": list(card), "city": city, "plot": plot, "floors": floors}
            for card, city, plot, floors in sorted(moves)]


def _position_state(colours: tuple[str, ...], board: Board, colour: str, seat: str,
                    cards: list[Card], pieces: list[int], anti_trust: bool) -> State:
    """A building-phase state in which the described player is to move on this board.

    Building legality depends only on the board, the hand and the round's pieces, so the
    other players are placeholders (the position's colours are mapped onto their colours).
    """
    others = [s for s in SEATS if s != seat]
    players = [PlayerSpec("To move", ("blue",), seat)] + [
        PlayerSpec(f"Other {i}", (c,), others[i - 1])
        for i, c in enumerate(("red", "yellow", "purple"), start=1)]
    try:
        settings = Settings(players=tuple(players), anti_trust=anti_trust, start_player=0)
    except SettingsError as error:  # pragma: no cover - fixed, valid settings
        raise _fail(str(error)) from None
    mover = colours.index(colour)
    # Map position colours onto game colour indices: the mover is 0, every other colour is
    # a distinct "other" owner. The engine only compares owners for equality, so extra
    # indices beyond the four game colours are harmless for legality.
    remap = {mover: 0}
    next_index = 1
    for c in range(len(colours)):
        if c != mover:
            remap[c] = next_index
            next_index += 1
    supply = [0, 0, 0, 0]
    for p in pieces:
        supply[p - 1] += 1
    return new_state(settings).replace(
        phase=BUILD, chance=None, setup_queue=(), start=0, current=0,
        board=tuple(tuple((remap[c], f) for c, f in tower) for tower in board),
        hands=(tuple(sorted(cards)), (), (), ()),
        supply=(tuple(supply), NO_PIECES, NO_PIECES, NO_PIECES))
