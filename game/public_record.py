"""A *view* of a game: what every player at the table has seen, as a file that replays.

An unfinished game leaves the device in one of two forms. Its save (:mod:`game.save`) holds
the seed and every shuffle, so every hand and the draw order: it is for continuing the game
elsewhere. Its **view** holds only what the whole table has seen: the settings, every
decision shown to everybody (builds and returned pieces with the card played, selections
once they are revealed) and the public chance outcomes (start player, Godzilla's city, the
city order). It holds no seed and no shuffle, so nothing in it tells or regenerates a card
that has not been played.

A view is replayed through the rules like a save. The rules need every hand, so
:func:`load_view` deals *invented* cards: the deck of each shuffle is made up so that each
card was in its player's hand when it was played, each returned piece was returned from a
hand with no buildable card, and every other card lies where nothing contradicts it. The
invention depends on the view alone (two games with the same public story give the same
view and the same invented deal), so it tells nothing about the real hands; and the game it
makes is marked (``meta["view"]``) so that it is only ever replayed, never continued.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Build, ReturnPiece, Shuffle, action_to_json
from .errors import IllegalAction, ReplayError, SaveError
from .match import Game
from .material import CARDS, FULL_DECK, HAND_SIZE, Card
from .save import format_version, parsed_settings, parsed_steps
from .settings import Settings
from .state import State, new_state
from .untrusted import parse_json
from .view import public_history

FORMAT = "manhattan-view"
VERSION = 1
VIEW_SEED = "view"
"""The seed of a game made from a view: it has no real one (and draws nothing from it)."""
META = "view"
"""``game.meta[META]`` is true for a game made from a view: replay only, never continued."""
ATTEMPTS = 400
"""Tries at inventing a deal before a view is called impossible. Each try is a greedy pass
that may undo at most :data:`STEPS_PER_ATTEMPT` choices, the first two in a fixed order,
the others in a seeded random order. Over 10,000 random games at random moments, 97.5 % of
the views needed one try and none more than 68 (docs/save-format.md); a view no deal fits
(made by hand) costs the 400 tries, a few seconds."""
STEPS_PER_ATTEMPT = 150
"""Steps the invention of a deal may take before the view is called impossible (a real
game's view needs about one per played card)."""


def is_view_game(game: Game) -> bool:
    return game.meta.get(META) is True


def public_steps(game: Game) -> list[Action]:
    """The game's steps that the whole table has seen, in order: no shuffle, and under secret
    selection none of the choices of a selection still in progress."""
    return list(public_history(game.log, game.state))


def to_view(game: Game) -> dict[str, Any]:
    """The view document of ``game`` (a dict ready for JSON)."""
    return {"format": FORMAT, "version": VERSION, "settings": game.settings.to_json(),
            "log": [action_to_json(a) for a in public_steps(game)]}


def dumps_view(game: Game) -> str:
    return json.dumps(to_view(game), separators=(",", ":"), ensure_ascii=False)


def is_view(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == FORMAT


def load_view(data: Any) -> Game:
    """The game a view replays to, with an invented deal (``meta["view"]`` set). Raises
    :class:`~game.errors.SaveError` saying what is wrong with a bad or impossible view."""
    if isinstance(data, (str, bytes)):
        data = parse_json(data, "the view")
    if not is_view(data):
        raise SaveError(f"not a Manhattan view (format should be {FORMAT!r})", "not_a_save")
    format_version(data, VERSION, "view")
    settings = parsed_settings(data.get("settings"))
    raw_log = data.get("log")
    if not isinstance(raw_log, list):
        raise SaveError("the view has no log of moves")
    steps: list[Action] = []
    for number, action in enumerate(parsed_steps(raw_log), start=1):
        if isinstance(action, Shuffle):
            raise SaveError(f"step {number}: a view holds no shuffle")
        steps.append(action)
    return replay_view(settings, steps)


def replay_view(settings: Settings, steps: Sequence[Action]) -> Game:
    """The game these public steps make, its shuffles invented (see the module's text)."""
    deal = _Deal.plan(settings, steps)
    deal.returns.update(_public_replay(settings, steps, deal))
    log = deal.invent()
    try:
        game = Game.replay(settings, VIEW_SEED, log, {META: True})
    except ReplayError as error:  # every step passed the patched replay: a bug if reached
        raise SaveError(f"the view does not replay: {error}") from None
    if len(game.log) != len(log):
        raise SaveError("the view stops before the game is set up")
    return game


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class _Slot:
    """One position of one shuffle: who draws it and when (the number of public steps
    before the draw; -1 for the deal). Its card is decided by :meth:`_Deal.invent`."""

    segment: int
    index: int
    player: int
    drawn: int


@dataclass(frozen=True)
class _Play:
    step: int
    player: int
    card: Card


@dataclass
class _Deal:
    """Who draws which position of which shuffle, which card each play needs, and what
    each shuffle holds. Draws do not depend on the cards (a hand is refilled after each
    play; an empty pile is the played cards reshuffled), so all of it follows from the
    public steps; only the cards in the slots are invented.

    A returned piece adds a condition: the hand it was returned from held no buildable
    card. So a slot drawn before a return and played after it (or never) must not hold a
    card buildable at that return. ``returns`` holds, per return's public step, its player
    and the cards buildable then (from the patched replay, :func:`_public_replay`)."""

    sizes: list[int]
    capacity: list[Counter[Card]]
    slots: list[_Slot]
    plays: list[_Play]
    shuffle_after: list[int]
    """The public steps after which a reshuffle comes (the deal comes before the first)."""
    steps: Sequence[Action]
    returns: dict[int, tuple[int, frozenset[Card]]] = field(default_factory=dict)

    @classmethod
    def plan(cls, settings: Settings, steps: Sequence[Action]) -> _Deal:
        n = settings.player_count
        dealt = HAND_SIZE * n
        slots = [_Slot(0, i, i % n, -1) for i in range(dealt)]
        sizes, capacity = [len(FULL_DECK)], [Counter(FULL_DECK)]
        plays: list[_Play] = []
        shuffle_after: list[int] = []
        pointer, since = dealt, Counter[Card]()
        for step, action in enumerate(steps):
            if not isinstance(action, (Build, ReturnPiece)):
                continue
            if action.colour not in settings.colours:
                raise SaveError(f"step {step + 1}: no player has the colour {action.colour!r}")
            player = settings.colour_owner[settings.colours.index(action.colour)]
            plays.append(_Play(step, player, action.card))
            since[action.card] += 1
            if pointer == sizes[-1]:
                sizes.append(sum(since.values()))
                capacity.append(since)
                shuffle_after.append(step)
                pointer, since = 0, Counter()
            slots.append(_Slot(len(sizes) - 1, pointer, player, step))
            pointer += 1
        return cls(sizes, capacity, slots, plays, shuffle_after, steps)

    def forbidden(self, slot: _Slot, before: float) -> frozenset[Card]:
        """The cards ``slot`` may not hold if its card is played at public step ``before``
        (``inf``: never played in the view)."""
        out: frozenset[Card] = frozenset()
        for step, (player, cards) in self.returns.items():
            if player == slot.player and slot.drawn < step < before:
                out |= cards
        return out

    def _later_returns(self, slot: _Slot) -> frozenset[int]:
        return frozenset(step for step, (player, _) in self.returns.items()
                         if player == slot.player and slot.drawn < step)

    def invent(self) -> list[Action]:
        """The steps with invented shuffles that agree with every play and return."""
        decks = self._decks()
        shuffles = [Shuffle(tuple(c for c in deck if c is not None)) for deck in decks]
        log: list[Action] = [shuffles[0]]
        after = iter(zip(self.shuffle_after, shuffles[1:]))
        pending = next(after, None)
        for step, action in enumerate(self.steps):
            log.append(action)
            if pending is not None and pending[0] == step:
                log.append(pending[1])
                pending = next(after, None)
        return log

    def _decks(self) -> list[list[Card]]:
        """Each shuffle's cards (see :meth:`_search`), or SaveError when no try finds them."""
        for attempt in range(ATTEMPTS):
            try:
                return self._search(attempt)
            except _OutOfBudget:
                continue
        raise SaveError("the view does not replay: no deal gives each player the cards "
                        "they played and returned")

    def _search(self, attempt: int) -> list[list[Card]]:
        """One try: a depth-first search, with a small budget, over the slots each play may
        come from (drawn before it, by its player, with room for the card in its shuffle,
        allowed by the returns in between; one slot of each interchangeable kind), in the
        order of ``attempt``; at its end the unplayed cards must fit the slots left.
        Raises :class:`_OutOfBudget` when the budget runs out first."""
        capacity = [Counter(c) for c in self.capacity]
        used: dict[int, Card] = {}
        budget = [STEPS_PER_ATTEMPT]
        rng = random.Random(attempt)
        by_player: dict[int, list[int]] = {}
        for number, slot in enumerate(self.slots):
            by_player.setdefault(slot.player, []).append(number)

        decks: list[list[Card]] = []
        later: dict[tuple[str, object], list[_Play]] = {}
        for play in self.plays:
            later.setdefault(("card", play.card), []).append(play)
            later.setdefault(("player", play.player), []).append(play)

        def servable(play: _Play) -> bool:
            for number in by_player.get(play.player, []):
                slot = self.slots[number]
                if slot.drawn >= play.step:
                    return False
                if number not in used and capacity[slot.segment][play.card] \
                        and play.card not in self.forbidden(slot, play.step):
                    return True
            return False

        def viable(k: int, play: _Play) -> bool:
            """Every later play of this card or this player still has a slot to come from
            (a necessary condition, cheap enough to check at each step)."""
            return all(servable(p) for key in (("card", play.card), ("player", play.player))
                       for p in later[key] if p.step > play.step)

        def place(k: int) -> bool:
            if k == len(self.plays):
                filled = self._fill(used, capacity)
                if filled is None:
                    return False
                decks.extend(filled)
                return True
            play = self.plays[k]
            tried: set[tuple[int, frozenset[int]]] = set()
            options: list[int] = []
            for number in by_player.get(play.player, []):
                slot = self.slots[number]
                if slot.drawn >= play.step:
                    break
                kind = (slot.segment, self._later_returns(slot))
                if number in used or kind in tried or not capacity[slot.segment][play.card] \
                        or play.card in self.forbidden(slot, play.step):
                    continue
                tried.add(kind)
                options.append(number)
            # A slot held through returned pieces is the hardest to fill: it goes first to a
            # card those returns allow.
            if attempt == 0:  # then the longest-held card first
                options.sort(key=lambda n: (-len(self._later_returns(self.slots[n])),
                                            self.slots[n].drawn))
            elif attempt == 1:  # then the shuffle with the most copies left, the newest first
                options.sort(key=lambda n: (-len(self._later_returns(self.slots[n])),
                                            -capacity[self.slots[n].segment][play.card],
                                            -self.slots[n].drawn))
            else:
                rng.shuffle(options)
            for number in options:
                slot = self.slots[number]
                budget[0] -= 1
                if budget[0] < 0:
                    return False
                used[number] = play.card
                capacity[slot.segment][play.card] -= 1
                if viable(k, play) and place(k + 1):
                    return True
                del used[number]
                capacity[slot.segment][play.card] += 1
            return False

        if not place(0):
            raise _OutOfBudget
        return decks

    def _fill(self, used: dict[int, Card], left: list[Counter[Card]]) -> list[list[Card]] | None:
        """The shuffles with the played cards in their slots and the cards nobody played in
        the others, none where a return forbids it (a bipartite matching, so a fit is found
        whenever one exists); None when they do not fit."""
        decks: list[list[Card | None]] = [[None] * size for size in self.sizes]
        free: list[list[_Slot]] = [[] for _ in self.sizes]
        for number, slot in enumerate(self.slots):
            if number in used:
                decks[slot.segment][slot.index] = used[number]
            else:
                free[slot.segment].append(slot)
        out: list[list[Card]] = []
        for segment, deck in enumerate(decks):
            units = sorted(left[segment].elements())
            if len(units) != deck.count(None):
                raise SaveError("the view does not replay: its shuffles do not add up")
            match = _match([self.forbidden(slot, float("inf")) for slot in free[segment]], units)
            if match is None:
                return None
            for slot, unit in zip(free[segment], match):
                deck[slot.index] = units[unit]
            taken = set(match)
            rest = iter(u for i, u in enumerate(units) if i not in taken)
            out.append([card if card is not None else next(rest) for card in deck])
        return out


def _public_replay(settings: Settings, steps: Sequence[Action],
                   deal: _Deal) -> dict[int, tuple[int, frozenset[Card]]]:
    """Check every public step by the rules, with each hand patched so that the card played
    is in it (the board, supplies and cities do not depend on the hands), and return the
    cards buildable at each returned piece, so that the deal is invented knowing every
    return at once. An illegal step raises :class:`~game.errors.ReplayError` (numbered in
    the view's log) before any deal is searched for."""
    returns: dict[int, tuple[int, frozenset[Card]]] = {}
    state = new_state(settings).apply(Shuffle(tuple(sorted(FULL_DECK))))
    reshuffles = set(deal.shuffle_after)
    for step, action in enumerate(steps):
        player = state.current
        if isinstance(action, (Build, ReturnPiece)) and player is not None:
            hand = state.hands[player]
            if isinstance(action, ReturnPiece):
                returns[step] = (player, frozenset(
                    c for c in CARDS if _buildable(state, player, c)))
                patched = (action.card,) * len(hand)
            else:
                patched = hand if action.card in hand else (action.card, *hand[1:])
            state = state.replace(hands=tuple(
                patched if p == player else h for p, h in enumerate(state.hands)))
        try:
            state = state.apply(action)
        except IllegalAction as error:
            raise ReplayError(step + 1, action_to_json(action)["type"],
                              f"{error} [{error.rule}]") from None
        if step in reshuffles:
            state = state.apply(Shuffle(tuple(sorted(c for pile in state.played for c in pile))))
    return returns


def _buildable(state: State, player: int, card: Card) -> bool:
    """A build exists for ``player`` holding only ``card`` (the board, supply and cities of
    ``state``)."""
    probe = state.copy()
    probe.hands = tuple((card,) if p == player else h for p, h in enumerate(state.hands))
    return bool(probe.legal_builds())


def _match(forbidden: list[frozenset[Card]], units: list[Card]) -> list[int] | None:
    """For each slot (its forbidden cards), a distinct unit not forbidden there (Kuhn's
    augmenting paths); None when no such choice exists."""
    owner: dict[int, int] = {}

    def augment(slot: int, seen: set[int]) -> bool:
        for unit, card in enumerate(units):
            if card in forbidden[slot] or unit in seen:
                continue
            seen.add(unit)
            if unit not in owner or augment(owner[unit], seen):
                owner[unit] = slot
                return True
        return False

    for slot in range(len(forbidden)):
        if not augment(slot, set()):
            return None
    chosen = [0] * len(forbidden)
    for unit, slot in owner.items():
        chosen[slot] = unit
    return chosen
