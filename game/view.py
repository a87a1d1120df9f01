"""What one player may know, and full states consistent with it (for hidden-information search).

A :class:`PlayerView` holds the public board, the viewer's own hand, everyone's played cards,
the pieces chosen (unless secret selection hides them for now), stocks and scores. It holds
no other hand and not the draw pile's order, so anything that decides from a view cannot peek.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .actions import Action, Select, Shuffle
from .board import Board
from .errors import IllegalAction
from .material import FULL_DECK, Card
from .scoring import Scoring
from .settings import Settings
from .state import (
    BUILD,
    NO_PIECES,
    SELECT,
    ChanceKind,
    Counts,
    Phase,
    State,
    open_cities,
    opening_round,
    selections,
)

HIDDEN_FIELDS = ("hands", "deck", "stock", "supply")
"""The :class:`State` fields a view holds only in part: its own hand, the pile's size, stocks
and supplies as secret selection allows. Every other field of a state is public."""
SHARED_FIELDS = tuple(name for name in State.__slots__ if name not in HIDDEN_FIELDS)
"""The State fields a view copies as they are (derived, so a new State field is public by
default and must be listed in HIDDEN_FIELDS to be kept from views)."""


@dataclass(frozen=True)
class PlayerView:
    player: int
    settings: Settings
    phase: Phase
    chance: ChanceKind | None
    setup_queue: tuple[ChanceKind, ...]
    round: int
    start: int | None
    current: int | None
    select_queue: tuple[int, ...]
    board: Board
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    played: tuple[tuple[Card, ...], ...]
    stock: tuple[Counts, ...]
    """Pieces not yet taken, per colour. Under secret selection a colour whose choice is
    still hidden shows its stock from before the choice."""
    supply: tuple[Counts | None, ...]
    """This round's pieces per colour; None while secret selection hides them."""
    removed: tuple[int, ...]
    scores: tuple[int, ...]
    scorings: tuple[Scoring, ...]
    godzilla: int | None
    city_order: tuple[int, ...] | None
    drawing: int | None
    history: tuple[Action, ...] = ()
    """What the whole table has seen happen, in order, when the caller gives it
    (:meth:`game.match.Game.view` with ``history=True``; :func:`public_history`): every
    decision (a build shows its card) and the public chance outcomes, never a shuffle nor a
    selection still secret. Empty when not given: only a player that reads the others'
    past decisions (the search's beliefs, :mod:`game.ai.belief`) needs it."""

    def open_cities(self) -> tuple[int, ...]:
        return open_cities(self.city_order, self.round)

    def opening_round(self, city: int) -> int:
        """The round in which ``city`` opens (progressive construction; 1 when off)."""
        return opening_round(self.city_order, city)

    @property
    def my_turn(self) -> bool:
        return self.current == self.player and self.phase in (SELECT, BUILD)

    def legal_actions(self) -> list[Action]:
        """The viewer's legal decisions (empty when it is not the viewer's turn).

        They depend only on the board, the viewer's hand and the viewer's pieces, so a state
        with the hidden parts left empty gives exactly the same list.
        """
        if not self.my_turn:
            return []
        return self._decision_state().legal_actions()

    def check(self, action: Action) -> None:
        """Raise :class:`~game.errors.IllegalAction` naming the rule ``action`` breaks, as
        the engine would for the real state; do nothing if it is legal. Only the viewer's
        own decisions can be judged (anything else is the rule ``not-your-turn``)."""
        if not self.my_turn:
            raise IllegalAction("not-your-turn", "it is not this player's turn",
                                player=self.player)
        self._decision_state().check(action)

    def outcome(self, action: Action) -> State:
        """The state right after the viewer's own decision ``action``, as far as the view
        knows it: the board and Godzilla exactly, hidden parts empty. Raises
        :class:`~game.errors.IllegalAction` like :meth:`check`. (For previews.)"""
        if not self.my_turn:
            raise IllegalAction("not-your-turn", "it is not this player's turn",
                                player=self.player)
        return self._decision_state().apply(action)

    def pieces_needed(self, colour: int) -> int:
        """How many pieces ``colour`` takes this round (public: it follows from the stock,
        with a secretly chosen supply counted back into the stock as the view does)."""
        return min(self.settings.pieces_per_round, sum(self.stock[colour]))

    def _decision_state(self) -> State:
        """A state with the hidden parts left empty: the viewer's decisions depend only on
        the board, the viewer's hand and the viewer's pieces, so it judges them exactly."""
        hands = tuple(self.hand if p == self.player else () for p in range(len(self.hand_sizes)))
        supply = tuple(NO_PIECES if s is None else s for s in self.supply)
        return self._state(hands, (), self.stock, supply)

    def unseen_cards(self) -> list[Card]:
        """The cards the viewer cannot see: other hands and the draw pile, as a multiset."""
        unseen = Counter(FULL_DECK)
        unseen.subtract(self.hand)
        for pile in self.played:
            unseen.subtract(pile)
        return sorted(unseen.elements())

    def sample_state(self, rng: random.Random,
                     given: Mapping[int, tuple[Card, ...]] | None = None) -> State:
        """A full state that agrees with everything in this view, hidden parts drawn at random.
        ``given``: other players' hands already drawn (by a belief, from the unseen cards);
        the rest of the unseen cards are shuffled into the other hands and the draw pile."""
        unseen = self.unseen_cards()
        if given:
            left = Counter(unseen)
            for cards in given.values():
                left.subtract(cards)
            if min(left.values(), default=0) < 0:
                raise ValueError("the given hands hold cards the viewer knows are elsewhere")
            unseen = sorted(left.elements())
        rng.shuffle(unseen)
        hands: list[tuple[Card, ...]] = []
        k = 0
        for p, size in enumerate(self.hand_sizes):
            if p == self.player:
                hands.append(self.hand)
            elif given and p in given:
                hands.append(tuple(sorted(given[p])))
            else:
                hands.append(tuple(sorted(unseen[k:k + size])))
                k += size
        deck = tuple(unseen[k:])
        stock = list(self.stock)
        supply: list[Counts] = []
        for colour, chosen in enumerate(self.supply):
            if chosen is None:
                options = list(selections(stock[colour], min(self.settings.pieces_per_round,
                                                             sum(stock[colour]))))
                chosen = rng.choice(options)
                stock[colour] = tuple(s - n for s, n in zip(stock[colour], chosen))  # type: ignore
            supply.append(chosen)
        return self._state(tuple(hands), deck, tuple(stock), tuple(supply))

    def _state(self, hands: tuple[tuple[Card, ...], ...], deck: tuple[Card, ...],
               stock: tuple[Counts, ...], supply: tuple[Counts, ...]) -> State:
        """A State with this view's public fields and the given values for the hidden ones."""
        public = {name: getattr(self, name) for name in SHARED_FIELDS}
        return State.from_fields(hands=hands, deck=deck, stock=stock, supply=supply, **public)


def public_history(log: Sequence[Action], state: State) -> tuple[Action, ...]:
    """The steps of ``log`` (a game's, ending in ``state``) that the whole table has seen:
    no shuffle, and under secret selection none of the choices of a selection still in
    progress."""
    steps = [a for a in log if not isinstance(a, Shuffle)]
    if state.settings.secret_selection and state.phase == SELECT:
        while steps and isinstance(steps[-1], Select):
            steps.pop()
    return tuple(steps)


def player_view(state: State, player: int, history: tuple[Action, ...] = ()) -> PlayerView:
    """What ``player`` may know about ``state`` (``history``: :attr:`PlayerView.history`)."""
    settings = state.settings
    stock = list(state.stock)
    supply: list[Counts | None] = list(state.supply)
    if settings.secret_selection and state.phase == SELECT:
        mine = settings.player_colours[player]
        for colour in range(len(settings.colours)):
            if colour not in mine and colour not in state.select_queue:
                stock[colour] = tuple(s + n for s, n in zip(stock[colour], state.supply[colour]))  # type: ignore
                supply[colour] = None
    public = {name: getattr(state, name) for name in SHARED_FIELDS}
    return PlayerView(
        player=player, hand=state.hands[player], hand_sizes=tuple(len(h) for h in state.hands),
        deck_size=len(state.deck), stock=tuple(stock), supply=tuple(supply), history=history,
        **public)
