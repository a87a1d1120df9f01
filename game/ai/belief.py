"""Beliefs about the other players' hidden cards, read from what they built.

Why: the search draws the hidden cards of each determinization from a belief instead of
uniformly (``SearchConfig.beliefs``). A player who had a card for a strong build and built
something weak probably did not hold that card; uniform sampling ignores that.

What the belief knows (all public, :attr:`~game.view.PlayerView.history`): every build and
returned piece of every player, with the card it showed. The cards a build shows are gone
from the hidden cards already (the view's :meth:`~game.view.PlayerView.unseen_cards`); what
is added here is the builds each opponent **passed up**.

* **A model of how players choose** (:func:`decision_table`): at a build decision the
  player takes a build with a chance proportional to ``exp(RATIONALITY x value)`` over the
  builds its hand allows, ``value`` being the search's own fast estimate of a build
  (:func:`game.ai.policy.scored_builds`, relative to the others). So the chance of the
  build actually made, given a hand, is the chosen build's weight over the sum of the
  weights of every build the hand's cards allow: a hand holding a card that opened a much
  better build explains the choice badly. A returned piece (no legal build) says that no
  card of the hand could build at all.
* **Hands back in time.** A player's hand at its last decision was its hand now, less the
  card it drew after that decision, plus the card it played; further back likewise. Which
  card of the hand was drawn last is unknown, each equally likely; so the likelihood of a
  hand now is the mean over those draws of the product of the last ``DECISIONS_READ``
  decisions' chances (computed by memoised recursion over hands as multisets: there are
  495 hands of 4 cards of 9 kinds).
* **The posterior** of each opponent's hand is the uniform deal's chance of that hand (the
  multivariate hypergeometric over the unseen cards) times that likelihood. A
  determinization draws the opponents' hands one after the other from their posteriors
  (a hand the earlier ones left no room for is drawn again, at most ``TRIES`` times, then
  that player's hand is dealt uniformly), then deals the rest as
  :meth:`~game.view.PlayerView.sample_state` does. Drawing the hands one by one from
  their own posteriors is an approximation of the joint posterior (it ignores how one
  player's cards change the other's base rates beyond what is left).

Deterministic and the same in CPython and Pyodide: the weights ``exp(-x)`` come from a table
of powers of a written constant built by multiplication (``x`` cut to eighths), so no
platform's ``exp`` is called; everything else is +, x and / in a fixed order. It decides
from the view only: the real hands are never read. Hidden round pieces (secret selection)
are still drawn uniformly.
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from itertools import combinations_with_replacement
from math import comb

from ..actions import Action, Build, ReturnPiece, Shuffle
from ..errors import IllegalAction
from ..material import CARDS, FULL_DECK, Card
from ..state import BUILD, CHANCE, State, new_state
from ..view import PlayerView
from .policy import scored_builds

RATIONALITY = 2.0
"""Weight of a point of estimated value in the choice model (``exp(RATIONALITY x value)``):
chosen by the prediction check (``scripts/belief_check.py``, docs/ai.md "Beliefs") among
0.5, 1, 2, 4 and 8 on games of the pool, never by matches: sharper models (4, 8) predicted
``greedy``'s and ``majority``'s hands a little better and ``heuristic``'s much worse."""
DECISIONS_READ = 3
"""How many of an opponent's last build decisions are read (older ones say little about
today's hand: a card drawn since was not there)."""
RETURN_WITH_BUILD = 0.001
"""Chance given to a returned piece by a hand that could have built (the rules forbid it;
not 0, so a view no hand explains still has a belief)."""
TRIES = 8
"""Draws of a hand before it is dealt uniformly (the earlier opponents' hands left no room)."""

_EIGHTHS = 8
_STEP = 0.8824969025845955
"""exp(-1/8), written out: the table below is its powers, built by multiplication."""
_POWERS: list[float] = [1.0]
for _ in range(40 * _EIGHTHS):
    _POWERS.append(_POWERS[-1] * _STEP)

Hand = tuple[int, ...]
"""A hand as a multiset of card indices (``CARDS.index``), sorted."""
CARD_INDEX = {card: i for i, card in enumerate(CARDS)}


def _weight(gap: float) -> float:
    """``exp(-gap)`` for ``gap >= 0``, to the eighth below, from the table."""
    i = int(gap * _EIGHTHS)
    return _POWERS[i] if i < len(_POWERS) else _POWERS[-1]


class Reading:
    """What one decision of an opponent says about its hand: for a build, each card's sum of
    build weights (``weights[i]``: 0 when card ``i`` allowed no build); for a returned piece,
    which cards could have built (the same list, any value > 0). ``card``: the card played."""

    __slots__ = ("card", "weights", "returned")

    def __init__(self, card: int, weights: list[float], returned: bool) -> None:
        self.card = card
        self.weights = weights
        self.returned = returned

    def chance(self, hand: Hand) -> float:
        """The likelihood of this decision for a hand held at it (up to a constant factor
        shared by all hands)."""
        if self.returned:
            return RETURN_WITH_BUILD if any(self.weights[i] for i in set(hand)) else 1.0
        total = 0.0
        for i in sorted(set(hand)):
            total += self.weights[i]
        return 1.0 / total


def decision_table(state: State, action: Action, rationality: float = RATIONALITY) -> Reading:
    """The reading of ``action`` taken by the player to move in ``state`` (whose hand is
    ignored: every card is tried)."""
    player = state.current
    assert player is not None
    hands = tuple(CARDS if p == player else h for p, h in enumerate(state.hands))
    full = state.replace(hands=hands)
    weights = [0.0] * len(CARDS)
    card = CARD_INDEX[action.card] if isinstance(action, (Build, ReturnPiece)) else 0
    if isinstance(action, ReturnPiece):
        for build in full.legal_builds():
            weights[CARD_INDEX[build.card]] = 1.0
        return Reading(card, weights, True)
    scored = scored_builds(full, player)
    if not scored:
        return Reading(card, weights, True)
    best = max(s[0] for s in scored)
    for value, build_card, _, _, _ in scored:
        weights[CARD_INDEX[build_card]] += _weight(rationality * (best - value))
    return Reading(card, weights, False)


def replay(view: PlayerView) -> list[tuple[int, State, Action]] | None:
    """Every build decision in the view's history as (player, public state before it,
    decision), the hidden parts made up (each hand is the card played and nothing else; the
    draw pile never runs out). None when the history does not lead to the view's board
    (not given, or not this game's)."""
    settings = view.settings
    state = new_state(settings).apply(Shuffle(FULL_DECK))
    out: list[tuple[int, State, Action]] = []
    for action in view.history:
        if isinstance(action, Shuffle):
            continue
        if state.phase == CHANCE and state.chance == "reshuffle":
            state = state.apply(Shuffle(tuple(c for pile in state.played for c in pile)))
        try:
            if isinstance(action, (Build, ReturnPiece)) and state.phase == BUILD:
                player = state.current
                assert player is not None
                state = state.replace(hands=tuple((action.card,) if p == player else h
                                                  for p, h in enumerate(state.hands)),
                                      deck=FULL_DECK)
                out.append((player, state, action))
            state = state.apply(action)
        except IllegalAction:  # a history that does not fit this game: no belief
            return None
    if state.board != view.board or state.round != view.round:
        return None
    return out


def _hands(size: int, unseen: list[int]) -> list[tuple[Hand, int]]:
    """Every hand of ``size`` cards the unseen cards can make, with its number of ways."""
    out = []
    for hand in combinations_with_replacement(range(len(CARDS)), size):
        ways = 1
        for i, n in Counter(hand).items():
            ways *= comb(unseen[i], n)
        if ways:
            out.append((hand, ways))
    return out


def _likelihood(hand: Hand, readings: list[Reading], memo: list[dict[Hand, float]],
                j: int = 0) -> float:
    """The chance of the decisions ``readings[j:]`` (most recent first) for the hand held
    right after decision ``j``'s draw: the mean over which card was drawn."""
    if j == len(readings):
        return 1.0
    cached = memo[j].get(hand)
    if cached is not None:
        return cached
    reading = readings[j]
    total = 0.0
    size = len(hand)
    seen: set[int] = set()
    for k, drawn in enumerate(hand):
        if drawn in seen:
            continue
        seen.add(drawn)
        copies = hand.count(drawn)
        before = tuple(sorted(hand[:k] + hand[k + 1:] + (reading.card,)))
        total += copies * reading.chance(before) * _likelihood(before, readings, memo, j + 1)
    value = total / size
    memo[j][hand] = value
    return value


class Belief:
    """The posterior of every opponent's hand given the view (see the module docstring)."""

    def __init__(self, view: PlayerView, rationality: float = RATIONALITY,
                 decisions: int = DECISIONS_READ) -> None:
        self.view = view
        unseen_counts = Counter(CARD_INDEX[c] for c in view.unseen_cards())
        self.unseen = [unseen_counts[i] for i in range(len(CARDS))]
        history = replay(view) or []
        self.readings: dict[int, list[Reading]] = {}
        for q in range(view.settings.player_count):
            if q == view.player:
                continue
            mine = [(state, action) for p, state, action in history if p == q]
            self.readings[q] = [decision_table(state, action, rationality)
                                for state, action in reversed(mine[max(0, len(mine) - decisions):])]
        self.tables: dict[int, tuple[list[Hand], list[float]]] = {}
        cache: dict[int, list[tuple[Hand, int]]] = {}
        for q, readings in self.readings.items():
            size = view.hand_sizes[q]
            if size not in cache:
                cache[size] = _hands(size, self.unseen)
            memo: list[dict[Hand, float]] = [{} for _ in readings]
            hands, cumulative = [], []
            total = 0.0
            for hand, ways in cache[size]:
                weight = ways * _likelihood(hand, readings, memo) if size else 1.0
                if weight > 0:
                    total += weight
                    hands.append(hand)
                    cumulative.append(total)
            self.tables[q] = (hands, cumulative)

    def distribution(self, player: int) -> list[tuple[Hand, float]]:
        """Each hand ``player`` may hold with its belief probability (summing to 1)."""
        hands, cumulative = self.tables[player]
        total = cumulative[-1]
        out, before = [], 0.0
        for hand, c in zip(hands, cumulative):
            out.append((hand, (c - before) / total))
            before = c
        return out

    def draw_hands(self, rng: random.Random) -> dict[int, tuple[Card, ...]]:
        """One hand per opponent, drawn from the posteriors in player order."""
        left = list(self.unseen)
        given: dict[int, tuple[Card, ...]] = {}
        for q in sorted(self.tables):
            hands, cumulative = self.tables[q]
            if not hands:
                continue
            for _ in range(TRIES):
                hand = hands[bisect.bisect_right(cumulative, rng.random() * cumulative[-1])]
                need = Counter(hand)
                if all(left[i] >= n for i, n in need.items()):
                    for i, n in need.items():
                        left[i] -= n
                    given[q] = tuple(CARDS[i] for i in hand)
                    break
        return given

    def sample_state(self, rng: random.Random) -> State:
        """A determinization: the opponents' hands from the belief, the rest as
        :meth:`~game.view.PlayerView.sample_state` deals it."""
        return self.view.sample_state(rng, self.draw_hands(rng))
