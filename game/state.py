"""The game state and the rules that move it forward.

A :class:`State` is an immutable-by-convention snapshot: :meth:`State.apply` returns a new
state and leaves the old one untouched, so a user interface can keep history and a search
can branch freely. All fields are tuples, which makes a copy a handful of reference copies.

Chance is an explicit step, as in OpenSpiel: when ``state.phase == "chance"`` nobody decides;
the caller draws an outcome with :meth:`State.sample_chance` (or takes one from a log) and
applies it like any other action. That is what lets a save record every shuffle and replay
identically anywhere.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, Final, Literal

from .actions import (
    Action,
    Build,
    ChooseStartPlayer,
    OrderCities,
    PlaceGodzilla,
    ReturnPiece,
    Select,
    Shuffle,
    is_chance,
)
from .board import EMPTY_BOARD, Board, Tower, floors_needed, floors_of, owner
from .errors import IllegalAction
from .material import (
    CARDS,
    CITIES,
    FULL_DECK,
    HAND_SIZE,
    PIECE_FLOORS,
    PIECES_PER_COLOUR,
    PLOTS_PER_CITY,
    Card,
    card_direction,
    from_grid,
    grid_position,
    plot_for,
)
from .scoring import Scoring, Standing, score_board, standings
from .settings import Settings

Counts = tuple[int, int, int, int]
NO_PIECES: Counts = (0, 0, 0, 0)
FULL_STOCK: Counts = tuple(PIECES_PER_COLOUR)  # type: ignore[assignment]
OPEN_CITIES_IN_FIRST_ROUND = 3

Phase = Literal["chance", "select", "build", "over"]
"""Whose step it is: chance's, a player's (choosing pieces, building), or nobody's (over)."""
CHANCE: Final = "chance"
SELECT: Final = "select"
BUILD: Final = "build"
OVER: Final = "over"
ChanceKind = Literal["deal", "reshuffle", "start_player", "godzilla", "city_order"]
"""The chance steps: the deal and a reshuffle (a :class:`~game.actions.Shuffle`), the start
player, Godzilla's city and the city order (each once, at setup, when the rules ask)."""


def _without(counts: Counts, floors: int) -> Counts:
    i = floors - 1
    return counts[:i] + (counts[i] - 1,) + counts[i + 1:]  # type: ignore[return-value]


def _remove_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def open_cities(city_order: tuple[int, ...] | None, round_number: int) -> tuple[int, ...]:
    """Progressive construction: 3 cities in round 1, one more each later round, in the
    order drawn at setup; ``city_order`` None (the option off) means every city is open."""
    if city_order is None:
        return tuple(range(len(CITIES)))
    count = min(len(CITIES), OPEN_CITIES_IN_FIRST_ROUND + round_number - 1)
    return tuple(sorted(city_order[:count]))


def opening_round(city_order: tuple[int, ...] | None, city: int) -> int:
    """The round in which ``city`` opens: the inverse of :func:`open_cities`, so the two
    cannot disagree (1 for every city when the option is off)."""
    if city_order is None:
        return 1
    return max(1, city_order.index(city) - OPEN_CITIES_IN_FIRST_ROUND + 2)


_BUILD_TABLES: dict[tuple[str, str], tuple[tuple[tuple[Build, ...], ...], ...]] = {}


def _build_table(seat: str, colour: str) -> tuple[tuple[tuple[Build, ...], ...], ...]:
    """All conceivable builds of ``colour`` from ``seat``, indexed [card][city][floors - 1].

    Actions are immutable values, so legal_builds hands out these shared objects instead of
    constructing thousands of identical ones per search.
    """
    table = _BUILD_TABLES.get((seat, colour))
    if table is None:
        table = tuple(
            tuple(tuple(Build(card, city, plot_for(seat, card), colour, floors)
                        for floors in PIECE_FLOORS)
                  for city in range(len(CITIES)))
            for card in CARDS)
        _BUILD_TABLES[(seat, colour)] = table
    return table


def selections(stock: Counts, need: int) -> Iterator[Counts]:
    """Every way to take ``need`` pieces from ``stock`` (counts of 1-4-floor pieces)."""
    for a in range(min(stock[0], need) + 1):
        for b in range(min(stock[1], need - a) + 1):
            for c in range(min(stock[2], need - a - b) + 1):
                d = need - a - b - c
                if d <= stock[3]:
                    yield (a, b, c, d)


class State:
    """Everything about a game at one moment. Create the first one with :func:`new_state`."""

    __slots__ = (
        "settings", "phase", "chance", "setup_queue", "round", "start", "current",
        "select_queue", "board", "hands", "deck", "played", "stock", "supply", "removed",
        "scores", "scorings", "godzilla", "city_order", "drawing",
    )

    settings: Settings
    phase: Phase
    chance: ChanceKind | None
    """The pending chance step (None when a player decides or the game is over)."""
    setup_queue: tuple[ChanceKind, ...]
    round: int
    start: int | None
    current: int | None
    """The player whose decision it is (None during chance steps and after the end)."""
    select_queue: tuple[int, ...]
    board: Board
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    """The draw pile, top card first."""
    played: tuple[tuple[Card, ...], ...]
    """Each player's played pile, most recent last; public."""
    stock: tuple[Counts, ...]
    supply: tuple[Counts, ...]
    removed: tuple[int, ...]
    """Floors of each colour out of the game (returned to the box or destroyed by Godzilla)."""
    scores: tuple[int, ...]
    scorings: tuple[Scoring, ...]
    godzilla: int | None
    city_order: tuple[int, ...] | None
    drawing: int | None

    # ----------------------------------------------------------------- basics
    @classmethod
    def from_fields(cls, **fields: object) -> State:
        """A state with exactly these fields; every slot must be given (a missing one is a
        KeyError here rather than an AttributeError somewhere later)."""
        state = object.__new__(cls)
        for name in cls.__slots__:
            setattr(state, name, fields[name])
        return state

    def replace(self, **changes: object) -> State:
        """A copy with some fields changed (``dataclasses.replace`` for this slotted class);
        an unknown field name is a TypeError, as it would be for a dataclass."""
        unknown = set(changes) - set(State.__slots__)
        if unknown:
            raise TypeError(f"State has no field {', '.join(sorted(unknown))}")
        new = self.copy()
        for name, value in changes.items():
            object.__setattr__(new, name, value)
        return new

    def copy(self) -> State:
        new = object.__new__(State)
        for name in State.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        return new

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in State.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key()[1:])

    def __repr__(self) -> str:
        return (f"<State round {self.round} phase {self.phase} current {self.current} "
                f"scores {self.scores}>")

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def selecting(self) -> int | None:
        """The colour whose pieces are being chosen, during the selection phase."""
        return self.select_queue[0] if self.phase == SELECT else None

    def colour_name(self, colour: int) -> str:
        return self.settings.colours[colour]

    def player_points(self) -> list[int]:
        """Each player's total so far (a two-player person's colours summed)."""
        return [sum(self.scores[c] for c in cs) for cs in self.settings.player_colours]

    def open_cities(self) -> tuple[int, ...]:
        """Cities open for building this round (all unless progressive construction is on)."""
        return open_cities(self.city_order, self.round)

    def pieces_needed(self, colour: int) -> int:
        """How many pieces ``colour`` takes this round (all that is left if fewer remain)."""
        return min(self.settings.pieces_per_round, sum(self.stock[colour]))

    def standings(self) -> tuple[Standing, ...]:
        """Players ranked by points with the tie-break applied (meaningful once over)."""
        return standings(self.player_points(), self.settings.player_colours, self.board,
                         self.settings.tie_break)

    # ------------------------------------------------------------ decisions
    def legal_actions(self) -> list[Action]:
        """Every decision the player to move may take (empty during chance and at the end)."""
        if self.phase == SELECT:
            colour = self.select_queue[0]
            name = self.colour_name(colour)
            return [Select(name, counts)
                    for counts in selections(self.stock[colour], self.pieces_needed(colour))]
        if self.phase == BUILD:
            builds = self.legal_builds()
            if builds:
                return builds  # type: ignore[return-value]
            return self._returns()  # type: ignore[return-value]
        return []

    def legal_builds(self) -> list[Build]:
        """Every legal build for the player to move (this is the hot path of any search)."""
        player = self.current
        assert player is not None
        seat = self.settings.seat_of(player)
        anti_trust = self.settings.anti_trust
        cities = self.open_cities()
        board = self.board
        godzilla = self.godzilla
        colours = [(c, _build_table(seat, self.colour_name(c)),
                    [i for i, n in enumerate(self.supply[c]) if n])
                   for c in self.settings.player_colours[player]]
        builds: list[Build] = []
        for card in sorted(set(self.hands[player])):
            plot = plot_for(seat, card)
            card_index = card.row * 3 + card.col
            for city in cities:
                pos = city * PLOTS_PER_CITY + plot
                if pos == godzilla:
                    continue
                tower = board[pos]
                top = tower[-1][0] if tower else None
                for colour, table, sizes in colours:
                    if top is None or top == colour:
                        if anti_trust and top == colour:
                            continue
                        need = 0
                    else:
                        need = 0
                        for c, floors in tower:
                            if c == top:
                                need += floors
                            elif c == colour:
                                need -= floors
                    options = table[card_index][city]
                    for i in sizes:
                        if i >= need - 1:
                            builds.append(options[i])
        return builds

    def _returns(self) -> list[ReturnPiece]:
        player = self.current
        assert player is not None
        return [ReturnPiece(card, self.colour_name(c), f)
                for card in sorted(set(self.hands[player]))
                for c in self.settings.player_colours[player]
                for f, n in zip(PIECE_FLOORS, self.supply[c]) if n]

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` naming the rule ``action`` breaks; do nothing if legal."""
        self.copy()._apply(action)

    def apply(self, action: Action) -> State:
        """The state after ``action``; raises :class:`IllegalAction` and changes nothing if
        the action is not legal here."""
        new = self.copy()
        new._apply(action)
        return new

    # ---------------------------------------------------------------- chance
    def sample_chance(self, rng: random.Random) -> Action:
        """Draw an outcome for the pending chance step."""
        kind = self.chance
        if kind == "deal":
            cards = list(FULL_DECK)
            rng.shuffle(cards)
            return Shuffle(tuple(cards))
        if kind == "reshuffle":
            cards = [c for pile in self.played for c in pile]
            rng.shuffle(cards)
            return Shuffle(tuple(cards))
        if kind == "start_player":
            return ChooseStartPlayer(rng.randrange(self.settings.player_count))
        if kind == "godzilla":
            return PlaceGodzilla(rng.randrange(len(CITIES)))
        if kind == "city_order":
            order = list(range(len(CITIES)))
            rng.shuffle(order)
            return OrderCities(tuple(order))
        raise IllegalAction("no-chance", "there is no chance step pending")

    # ------------------------------------------------------------- mutation
    def _apply(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalAction("game-over", "the game is over")
        if self.phase == CHANCE:
            if not is_chance(action):
                raise IllegalAction("chance-pending",
                                    f"a chance step ({self.chance}) must happen first",
                                    chance=self.chance)
            self._apply_chance(action)
            return
        if is_chance(action):
            raise IllegalAction("not-chance", "no chance step is pending; a player must decide")
        if isinstance(action, Select):
            self._select(action)
        elif isinstance(action, Build):
            self._build(action)
        elif isinstance(action, ReturnPiece):
            self._return_piece(action)
        else:
            raise IllegalAction("unknown-action", f"not an action: {action!r}")

    def _colour_of_current(self, name: str) -> int:
        player = self.current
        assert player is not None
        colours = self.settings.player_colours[player]
        for c in colours:
            if self.settings.colours[c] == name:
                return c
        raise IllegalAction("not-your-colour",
                            f"{name} is not a colour of {self.settings.players[player].name}",
                            colour=name)

    def _apply_chance(self, action: Action) -> None:
        kind = self.chance
        expected = {"deal": Shuffle, "reshuffle": Shuffle, "start_player": ChooseStartPlayer,
                    "godzilla": PlaceGodzilla, "city_order": OrderCities}[kind]  # type: ignore
        if not isinstance(action, expected):
            raise IllegalAction("wrong-chance", f"the pending chance step is {kind}", chance=kind)
        if isinstance(action, Shuffle):
            pool = FULL_DECK if kind == "deal" else [c for pile in self.played for c in pile]
            if Counter(action.cards) != Counter(pool):
                raise IllegalAction("bad-shuffle",
                                    "a shuffle must contain exactly the cards being shuffled")
            if kind == "deal":
                self._deal(action.cards)
            else:
                self.deck = action.cards
                self.played = ((),) * self.settings.player_count
                drawer = self.drawing
                self.drawing = None
                assert drawer is not None
                self.current = drawer
                self._draw(drawer)
                self._next_turn()
            return
        if isinstance(action, ChooseStartPlayer):
            if not 0 <= action.player < self.settings.player_count:
                raise IllegalAction("bad-start-player", "no such player")
            self.start = action.player
        elif isinstance(action, PlaceGodzilla):
            if not 0 <= action.city < len(CITIES):
                raise IllegalAction("bad-city", "no such city")
            self.godzilla = action.city * PLOTS_PER_CITY + 4
        elif isinstance(action, OrderCities):
            if sorted(action.order) != list(range(len(CITIES))):
                raise IllegalAction("bad-city-order", "the city order must name each city once")
            self.city_order = tuple(action.order)
        self._continue_setup()

    def _deal(self, cards: tuple[Card, ...]) -> None:
        n = self.settings.player_count
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            hands[i % n].append(cards[i])
        self.hands = tuple(tuple(sorted(h)) for h in hands)
        self.deck = cards[HAND_SIZE * n:]
        self._continue_setup()

    def _continue_setup(self) -> None:
        self.setup_queue = self.setup_queue[1:]
        if self.setup_queue:
            self.chance = self.setup_queue[0]
            return
        self.chance = None
        self._begin_round()

    def _begin_round(self) -> None:
        order = self.settings.turn_order
        assert self.start is not None
        i = order.index(self.start)
        players = order[i:] + order[:i]
        self.select_queue = tuple(c for p in players for c in self.settings.player_colours[p])
        self._advance_selection()

    def _advance_selection(self) -> None:
        while self.select_queue:
            colour = self.select_queue[0]
            options = list(itertools.islice(
                selections(self.stock[colour], self.pieces_needed(colour)), 2))
            if len(options) == 1:
                self._take(colour, options[0])
                continue
            self.phase = SELECT
            self.current = self.settings.colour_owner[colour]
            return
        self.phase = BUILD
        self.current = self.start
        if not self._has_supply(self.start):  # type: ignore[arg-type]
            self._next_turn()

    def _take(self, colour: int, counts: Counts) -> None:
        self.stock = self._replace(self.stock, colour,
                                   tuple(s - n for s, n in zip(self.stock[colour], counts)))
        self.supply = self._replace(self.supply, colour, counts)
        self.select_queue = self.select_queue[1:]

    @staticmethod
    def _replace(items: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
        return items[:index] + (value,) + items[index + 1:]

    def _select(self, action: Select) -> None:
        if self.phase != SELECT:
            raise IllegalAction("not-selection-phase", "pieces are chosen only at the start of a round")
        colour = self._colour_of_current(action.colour)
        if colour != self.select_queue[0]:
            raise IllegalAction("wrong-colour", f"choose pieces for "
                                f"{self.colour_name(self.select_queue[0])} first",
                                colour=self.colour_name(self.select_queue[0]))
        need = self.pieces_needed(colour)
        if len(action.pieces) != len(PIECE_FLOORS) or any(n < 0 for n in action.pieces):
            raise IllegalAction("selection-shape", "give a count for each piece size")
        if sum(action.pieces) != need:
            raise IllegalAction("selection-count", f"choose exactly {need} pieces",
                                need=need, chosen=sum(action.pieces))
        for floors, n, have in zip(PIECE_FLOORS, action.pieces, self.stock[colour]):
            if n > have:
                raise IllegalAction("selection-stock",
                                    f"only {have} piece(s) of {floors} floor(s) are left",
                                    floors=floors, left=have)
        self._take(colour, tuple(action.pieces))  # type: ignore[arg-type]
        self._advance_selection()

    def _check_turn(self, card: Card, colour_name: str, floors: int) -> int:
        if self.phase != BUILD:
            raise IllegalAction("not-building-phase", "pieces are placed in the building phase")
        colour = self._colour_of_current(colour_name)
        if card not in self.hands[self.current]:  # type: ignore[index]
            raise IllegalAction("card-not-in-hand", f"card {card} is not in your hand",
                                card=str(card))
        if floors not in PIECE_FLOORS or not self.supply[colour][floors - 1]:
            raise IllegalAction("piece-not-in-supply",
                                f"no {floors}-floor piece of {colour_name} is left this round",
                                floors=floors, colour=colour_name)
        return colour

    def _build(self, action: Build) -> None:
        colour = self._check_turn(action.card, action.colour, action.floors)
        player = self.current
        assert player is not None
        seat = self.settings.seat_of(player)
        if not 0 <= action.city < len(CITIES):
            raise IllegalAction("bad-city", "no such city")
        plot = plot_for(seat, action.card)
        if action.plot != plot:
            raise IllegalAction("plot-mismatch",
                                f"from the {seat} seat card {action.card} marks plot {plot}",
                                plot=plot)
        if action.city not in self.open_cities():
            raise IllegalAction("city-closed", f"{CITIES[action.city]} is not open yet",
                                city=action.city)
        pos = action.city * PLOTS_PER_CITY + plot
        if pos == self.godzilla:
            raise IllegalAction("godzilla-plot", "nobody may build where Godzilla stands")
        tower = self.board[pos]
        top = owner(tower)
        if self.settings.anti_trust and top == colour:
            raise IllegalAction("anti-trust", "anti-trust: you may not build on a tower you own")
        need = floors_needed(tower, colour)
        if action.floors < need:
            raise IllegalAction(
                "floor-condition",
                f"{action.colour} needs at least {need} floors here "
                f"({self.colour_name(top)} has {floors_of(tower, top)}, "  # type: ignore[arg-type]
                f"{action.colour} has {floors_of(tower, colour)})",
                need=need, owner=self.colour_name(top),  # type: ignore[arg-type]
                owner_floors=floors_of(tower, top), own_floors=floors_of(tower, colour))  # type: ignore[arg-type]
        self._play_card(player, action.card)
        self.supply = self._replace(self.supply, colour, _without(self.supply[colour], action.floors))
        self.board = self._replace(self.board, pos, tower + ((colour, action.floors),))
        if self.godzilla is not None:
            self._move_godzilla(seat, action.card)
        self._finish_turn(player)

    def _return_piece(self, action: ReturnPiece) -> None:
        colour = self._check_turn(action.card, action.colour, action.floors)
        player = self.current
        assert player is not None
        if self.legal_builds():
            raise IllegalAction("build-possible",
                                "a piece may only be returned when no legal build exists")
        self._play_card(player, action.card)
        self.supply = self._replace(self.supply, colour, _without(self.supply[colour], action.floors))
        self.removed = self._replace(self.removed, colour, self.removed[colour] + action.floors)
        self._finish_turn(player)

    def _play_card(self, player: int, card: Card) -> None:
        self.hands = self._replace(self.hands, player, _remove_card(self.hands[player], card))
        self.played = self._replace(self.played, player, self.played[player] + (card,))

    def _move_godzilla(self, seat: str, card: Card) -> None:
        assert self.godzilla is not None
        pos = godzilla_target(self.godzilla, seat, card)
        moved = pos != self.godzilla
        self.godzilla = pos
        tower = self.board[pos]
        if not tower:
            return
        if self.settings.godzilla == "godzilla":
            if moved:
                self._destroy(pos, tower)
        else:  # baby Godzilla eats the top piece, also when standing still
            self._destroy(pos, tower[-1:])

    def _destroy(self, pos: int, pieces: Tower) -> None:
        removed = list(self.removed)
        for colour, floors in pieces:
            removed[colour] += floors
        self.removed = tuple(removed)
        tower = self.board[pos]
        self.board = self._replace(self.board, pos, tower[:len(tower) - len(pieces)])

    def _finish_turn(self, player: int) -> None:
        if not self.deck:
            self.phase = CHANCE
            self.chance = "reshuffle"
            self.drawing = player
            self.current = None  # nobody decides during a chance step
            return
        self._draw(player)
        self._next_turn()

    def _draw(self, player: int) -> None:
        if self.deck:
            self.hands = self._replace(self.hands, player,
                                       tuple(sorted(self.hands[player] + (self.deck[0],))))
            self.deck = self.deck[1:]
        self.phase = BUILD

    def _has_supply(self, player: int) -> bool:
        return any(sum(self.supply[c]) for c in self.settings.player_colours[player])

    def _next_turn(self) -> None:
        player = self.current
        assert player is not None
        for _ in range(self.settings.player_count):
            player = self.settings.next_player(player)
            if self._has_supply(player):
                self.current = player
                return
        self._end_round()

    def _end_round(self) -> None:
        scoring = score_board(self.board, len(self.settings.colours))
        self.scorings = self.scorings + (scoring,)
        self.scores = tuple(s + c.total for s, c in zip(self.scores, scoring.colours))
        if self.round == self.settings.round_count:
            self.phase = OVER
            self.current = None
            return
        self.round += 1
        self.start = self.settings.next_player(self.start)  # type: ignore[arg-type]
        self._begin_round()


def godzilla_target(godzilla: int, seat: str, card: Card) -> int:
    """Where Godzilla goes from board position ``godzilla`` when ``card`` is played from
    ``seat``: one plot in the card's direction on the wrapping 9 x 6 grid (the centre card:
    it stays). The one place this rule is written (the UI's preview asks it too)."""
    drow, dcol = card_direction(seat, card)
    row, col = grid_position(*divmod(godzilla, PLOTS_PER_CITY))
    city, plot = from_grid(row + drow, col + dcol)
    return city * PLOTS_PER_CITY + plot


def new_state(settings: Settings) -> State:
    """The state before the deal: its first step is the chance step that shuffles the cards."""
    n = settings.player_count
    k = len(settings.colours)
    setup: list[ChanceKind] = ["deal"]
    if settings.start_player is None:
        setup.append("start_player")
    if settings.godzilla != "off":
        setup.append("godzilla")
    if settings.progressive:
        setup.append("city_order")
    return State.from_fields(
        settings=settings, phase=CHANCE, chance="deal", setup_queue=tuple(setup), round=1,
        start=settings.start_player, current=None, select_queue=(), board=EMPTY_BOARD,
        hands=((),) * n, deck=(), played=((),) * n, stock=(FULL_STOCK,) * k,
        supply=(NO_PIECES,) * k, removed=(0,) * k, scores=(0,) * k, scorings=(),
        godzilla=None, city_order=None, drawing=None)
