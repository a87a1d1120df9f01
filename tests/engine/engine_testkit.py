"""Helpers for building game situations through the engine's public API.

Games are steered by choosing the chance outcomes (the deal, the start player, Godzilla's city,
the city order) and then the players' decisions, exactly as a save replays them. Nothing here
knows a rule beyond what the test using it states.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from game import (
    Build,
    Card,
    ChooseStartPlayer,
    OrderCities,
    PlaceGodzilla,
    ReturnPiece,
    Select,
    Settings,
    Shuffle,
    State,
    new_state,
    plot_for,
)
from game.material import FULL_DECK, HAND_SIZE
from game.settings import PlayerSpec
from game.state import selections

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
POSITIONS = HERE / "positions"
IN_PYODIDE = sys.platform == "emscripten" or os.environ.get("MANHATTAN_NO_SUBPROCESS") == "1"
"""True under Pyodide (no processes): subprocess tests are skipped and the command line is
tested through ``game.cli.main`` only. ``MANHATTAN_NO_SUBPROCESS=1`` does the same in CPython."""
PROPERTY_GAMES = int(os.environ.get("MANHATTAN_PROPERTY_GAMES", "25"))
"""Random games per property test (per player count). Raise it for a long run."""

CENTRE = Card(1, 1)


def card_for(seat: str, plot: int) -> Card:
    """The card that marks ``plot`` for a player at ``seat``."""
    [card] = [Card(r, c) for r in range(3) for c in range(3) if plot_for(seat, Card(r, c)) == plot]
    return card


def settings_for(seats: Iterable[str], colours: Iterable[Iterable[str]] | None = None,
                 **options) -> Settings:
    """Settings with one player per seat, in the order given, named after the seat."""
    seats = list(seats)
    if colours is None:
        palette = ["blue", "red", "yellow", "purple"]
        each = 2 if len(seats) == 2 else 1
        colours = [palette[i * each:(i + 1) * each] for i in range(len(seats))]
    players = tuple(PlayerSpec(seat.capitalize(), tuple(cs), seat)
                    for seat, cs in zip(seats, colours))
    return Settings(players=players, **options)


def deal_order(settings: Settings, hands: dict[int, list[Card]] | None = None,
               top: Iterable[Card] = ()) -> tuple[tuple[Card, ...], dict[int, list[Card]]]:
    """A shuffle of all 45 cards dealing ``hands`` (player -> up to 4 cards) and putting ``top`` on
    top of the draw pile; unspecified hands and the rest of the pile come from the unused
    cards. The engine deals the first 4n cards round the table (card i to player i mod n);
    :func:`deal` checks that the hands came out as asked."""
    n = settings.player_count
    hands = {p: list(h) for p, h in (hands or {}).items()}
    pool = Counter(FULL_DECK)
    wanted = [c for h in hands.values() for c in h] + list(top)
    pool.subtract(wanted)
    if any(v < 0 for v in pool.values()):
        raise ValueError("asked for more copies of a card than the 45 cards hold")
    rest = sorted(pool.elements())
    for p in range(n):
        while len(hands.setdefault(p, [])) < HAND_SIZE:
            hands[p].append(rest.pop(0))
    dealt = [hands[i % n][i // n] for i in range(HAND_SIZE * n)]
    return tuple(dealt + list(top) + rest), hands


def deal(settings: Settings, hands: dict[int, list[Card]] | None = None,
         top: Iterable[Card] = (), start: int = 0, godzilla_city: int = 0,
         city_order: Iterable[int] = (0, 1, 2, 3, 4, 5)) -> State:
    """The state after every setup chance step, with the chosen outcomes."""
    cards, full_hands = deal_order(settings, hands, top)
    state = new_state(settings)
    outcomes = {"deal": Shuffle(cards), "start_player": ChooseStartPlayer(start),
                "godzilla": PlaceGodzilla(godzilla_city),
                "city_order": OrderCities(tuple(city_order))}
    while state.phase == "chance":
        state = state.apply(outcomes[state.chance])
    for p, hand in full_hands.items():
        assert sorted(state.hands[p]) == sorted(hand), "the deal did not give the asked hands"
    return state


def select(state: State, choices: dict[str, tuple[int, int, int, int]] | None = None) -> State:
    """Make the selections of the current selection phase: ``choices`` by colour name, the
    rest take their smallest pieces."""
    choices = choices or {}
    while state.phase == "select":
        name = state.settings.colours[state.selecting]
        if name in choices:
            pieces = choices[name]
        else:
            pieces = max(a.pieces for a in state.legal_actions())  # most 1-floor pieces
        state = state.apply(Select(name, pieces))
    return state


def build(state: State, city: int, floors: int, colour: str | None = None,
          plot: int | None = None, card: Card | None = None) -> State:
    """The current player plays a card and builds; ``plot`` picks a card in hand marking it."""
    return state.apply(build_action(state, city, floors, colour, plot, card))


def build_action(state: State, city: int, floors: int, colour: str | None = None,
                 plot: int | None = None, card: Card | None = None) -> Build:
    player = state.current
    assert player is not None and state.phase == "build", (state.phase, player)
    seat = state.settings.seat_of(player)
    if card is None:
        hand = state.hands[player]
        if plot is None:
            card = hand[0]
        else:
            matching = [c for c in hand if plot_for(seat, c) == plot]
            assert matching, f"no card in hand {hand} marks plot {plot} from {seat}"
            card = matching[0]
    if colour is None:
        colour = state.settings.colours[state.settings.player_colours[player][0]]
    return Build(card, city, plot_for(seat, card), colour, floors)


def return_piece(state: State, card: Card, colour: str, floors: int) -> State:
    return state.apply(ReturnPiece(card, colour, floors))


def pieces_of(state: State, colour: str) -> tuple[int, int, int, int]:
    return state.supply[state.settings.colours.index(colour)]


def floors_on_board(state: State, colour: int) -> int:
    return sum(f for tower in state.board for c, f in tower if c == colour)


def stock_floors(counts: tuple[int, ...]) -> int:
    return sum(n * f for n, f in zip(counts, (1, 2, 3, 4)))


def play_first_legal(state: State, until=lambda s: s.is_over, chance=None) -> State:
    """Play the first legal decision (and the given or first sampled chance outcome) until
    ``until(state)``."""
    import random
    rng = random.Random(0)
    while not until(state):
        if state.phase == "chance":
            state = state.apply(chance(state) if chance else state.sample_chance(rng))
        else:
            state = state.apply(state.legal_actions()[0])
    return state


def board_from(towers: dict[tuple[int, int], list[tuple[int, int]]]) -> tuple:
    """A board (54 towers) from {(city, plot): [(colour, floors), ...bottom up]}."""
    board = [()] * 54
    for (city, plot), pieces in towers.items():
        board[city * 9 + plot] = tuple(pieces)
    return tuple(board)


def load_position(name: str) -> dict:
    return json.loads((POSITIONS / name).read_text(encoding="utf-8"))



def random_game(settings: Settings, seed, stop=None):
    """A Game (chance from ``seed``) played with uniformly random legal decisions until over
    or until ``stop(game)``."""
    import random

    from game import Game
    game = Game(settings, seed)
    rng = random.Random(f"{seed}/decisions")
    while not game.state.is_over and not (stop and stop(game)):
        game.play(rng.choice(game.state.legal_actions()))
    return game


def states_of(game) -> list[State]:
    """Every state the game went through, replaying its log from the start."""
    state = new_state(game.settings)
    states = [state]
    for action in game.log:
        state = state.apply(action)
        states.append(state)
    return states


def same_plot_game(settings: Settings, start: int = 0, choices=None, plot: int = 0,
                   **deal_options) -> State:
    """A game after selection in which every player holds the four copies of the card that
    marks ``plot`` from their seat, and draws the fifth copy with their first draw."""
    n = settings.player_count
    cards = {p: card_for(settings.seat_of(p), plot) for p in range(n)}
    order = list(settings.turn_order)
    i = order.index(start)
    order = order[i:] + order[:i]
    top = [cards[p] for p in order]
    state = deal(settings, hands={p: [cards[p]] * 4 for p in range(n)}, top=top, start=start,
                 **deal_options)
    return select(state, choices)


def run_cli_inprocess(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """``python -m game ARGS`` run in this process through ``game.cli.main``: (exit code,
    stdout, stderr). argparse exits (``--help``, usage errors) become their exit codes."""
    import contextlib
    import io

    from game.cli import main
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(args)
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def run_cli_subprocess(args: list[str], stdin: str | None = None,
                       env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """``python -m game ARGS`` in a new Python process started from the repository root."""
    import subprocess
    full_env = dict(os.environ)
    full_env.pop("PYTHONPATH", None)
    full_env.update(env or {})
    proc = subprocess.run([sys.executable, "-m", "game", *args], input=stdin, text=True,
                          capture_output=True, cwd=REPO, env=full_env, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


def redeal_hidden(state: State, viewer: int, rng) -> State:
    """The same state with everything the viewer cannot see drawn anew: the other hands and
    the deck dealt differently and, under secret selection, other colours' hidden choices."""
    hidden = [c for p, h in enumerate(state.hands) if p != viewer for c in h] + list(state.deck)
    rng.shuffle(hidden)
    hands, k = [], 0
    for p, hand in enumerate(state.hands):
        if p == viewer:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[k:k + len(hand)])))
            k += len(hand)
    other = state.copy()
    object.__setattr__(other, "hands", tuple(hands))
    object.__setattr__(other, "deck", tuple(hidden[k:]))
    if state.settings.secret_selection and state.phase == "select":
        mine = state.settings.player_colours[viewer]
        stock, supply = list(other.stock), list(other.supply)
        for colour in range(len(stock)):
            if colour not in mine and colour not in state.select_queue:
                before = tuple(s + n for s, n in zip(stock[colour], supply[colour]))
                choice = rng.choice(list(selections(before, sum(supply[colour]))))
                supply[colour] = choice
                stock[colour] = tuple(b - n for b, n in zip(before, choice))
        object.__setattr__(other, "stock", tuple(stock))
        object.__setattr__(other, "supply", tuple(supply))
    return other


def mentioned_cards(document: object) -> Counter[tuple[int, int]]:
    """Every card named anywhere in a JSON document (a card is a [row, col] pair under a
    "card" or "cards" key)."""
    found: Counter[tuple[int, int]] = Counter()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "card":
                    found[tuple(item)] += 1  # type: ignore[arg-type]
                elif key == "cards":
                    found.update(tuple(c) for c in item)  # type: ignore[union-attr]
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(document)
    return found
