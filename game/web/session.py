"""One game at the table: the engine's :class:`~game.match.Game` plus the state of the user
interface that is not a rule (pending choices, who has the device, acknowledged scorings).

Pure Python, no browser: every tap of the play screen ends up as a method call here, and the
tests drive whole games through these methods. Nothing is committed to the engine before the
player confirms, so "undo" is simply forgetting the pending choice. Everything here is
serialised into ``game.meta["ui"]`` and saved with the game after each change.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from ..actions import Action, Build, ReturnPiece, Select, action_from_json, action_to_json
from ..board import height
from ..errors import IllegalAction, SaveError
from ..match import Game
from ..material import PIECE_FLOORS, PLOTS_PER_CITY, Card
from ..state import BUILD, OVER, SELECT, selections
from ..view import PlayerView, player_view
from . import messages as M

Notice = tuple[str, dict[str, Any]]


def _card(value: Any) -> Card | None:
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 2 for v in value)):
        return Card(value[0], value[1])
    return None


def _int_or_none(value: Any, low: int, high: int) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return None


class Session:
    """A game being played, with the table's UI state."""

    def __init__(self, game: Game):
        self.game = game
        self.notice: Notice | None = None
        self.preview: Action | None = None  # a computer's move being shown before it is made
        ui = game.meta.get("ui")
        ui = ui if isinstance(ui, dict) else {}
        n = game.settings.player_count
        self.revealed: int | None = _int_or_none(ui.get("revealed"), 0, n - 1)
        self.last_human: int | None = _int_or_none(ui.get("last_human"), 0, n - 1)
        self.acked: int = _int_or_none(ui.get("acked"), 0, 99) or 0
        self.pending: dict[str, Any] | None = ui.get("pending") if isinstance(
            ui.get("pending"), dict) else None
        last = ui.get("last_move")
        self.last_move: dict[str, Any] | None = last if isinstance(last, dict) else None
        if self.acked > len(self.state.scorings):
            self.acked = len(self.state.scorings)
        if self.revealed is not None and not self.is_human(self.revealed):
            self.revealed = None
        if self.last_human is not None and not self.is_human(self.last_human):
            self.last_human = None
        if len(self.humans) == 1:
            self.revealed = self.humans[0]
        elif self.revealed is not None and self.revealed != self.state.current:
            self.revealed = None  # only the person on turn may have their cards shown
        self._sanitize_pending()

    # ---------------------------------------------------------------- basics
    @property
    def state(self):
        return self.game.state

    @property
    def settings(self):
        return self.game.settings

    @property
    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.settings.players) if p.controller == "human"]

    def is_human(self, player: int | None) -> bool:
        return player is not None and self.settings.players[player].controller == "human"

    def name(self, player: int) -> str:
        return self.settings.players[player].name

    def colour_names(self, player: int) -> list[str]:
        return [self.settings.colours[c] for c in self.settings.player_colours[player]]

    def ui_meta(self) -> dict[str, Any]:
        return {"revealed": self.revealed, "last_human": self.last_human, "acked": self.acked,
                "pending": self.pending, "last_move": self.last_move}

    def sync_meta(self) -> None:
        self.game.meta["ui"] = self.ui_meta()

    # --------------------------------------------------------------- screens
    @property
    def screen(self) -> str:
        """What the table sees now: ``scoring``, ``final``, ``computer``, ``pass`` or ``turn``."""
        state = self.state
        if len(state.scorings) > self.acked:
            return "scoring"
        if state.phase == OVER:
            return "final"
        current = state.current
        if current is None:
            return "computer"  # a chance step the Game resolves by itself; not reached
        if not self.is_human(current):
            return "computer"
        if self.revealed == current:
            return "turn"
        return "pass"

    @property
    def viewer(self) -> int:
        """Whose edge is at the bottom of the board (and whose view the board shows)."""
        if self.revealed is not None:
            return self.revealed
        if self.screen in ("turn", "pass") and self.state.current is not None:
            return self.state.current
        if self.last_human is not None:
            return self.last_human
        humans = self.humans
        return humans[0] if humans else self.settings.turn_order[0]

    @property
    def show_private(self) -> bool:
        """True when the viewer's hand may be on screen (the viewer holds the device)."""
        return (self.revealed is not None and self.revealed == self.viewer
                and self.screen in ("turn", "computer"))

    def view(self) -> PlayerView:
        return player_view(self.state, self.viewer)

    def visible_supply(self, view: PlayerView) -> list[tuple[int, ...] | None]:
        """Each colour's round supply as the people at the table may see it now."""
        supply = list(view.supply)
        state = self.state
        if self.settings.secret_selection and state.phase == SELECT and not self.show_private:
            for colour in range(len(supply)):
                if colour not in state.select_queue:
                    supply[colour] = None
        return supply

    def reveal(self) -> None:
        if self.screen == "pass":
            self.revealed = self.state.current
            self.notice = None
            self._start_pending()

    def ack_scoring(self) -> None:
        if len(self.state.scorings) > self.acked:
            self.acked += 1
            self._after_change()

    # --------------------------------------------------------------- pending
    def _start_pending(self) -> None:
        """Make sure a human on turn has a pending choice of the right kind."""
        if self.screen != "turn":
            return
        state = self.state
        if state.phase == SELECT:
            colours = self.selection_colours()
            if not (self.pending and self.pending.get("kind") == "select"
                    and self.pending.get("colours") == colours):
                self.pending = {"kind": "select", "colours": colours,
                                "pieces": {name: [0, 0, 0, 0] for name in colours}}
        elif state.phase == BUILD:
            kind = "build" if self.can_build() else "return"
            if not (self.pending and self.pending.get("kind") == kind):
                self.pending = {"kind": kind, "card": None, "colour": None, "floors": None,
                                "city": None}
            colours = self.colour_names(state.current)
            if len(colours) == 1:
                self.pending["colour"] = colours[0]

    def _sanitize_pending(self) -> None:
        """Drop a saved pending choice that no longer fits the game (e.g. a hand-edited save)."""
        pending = self.pending
        if self.screen != "turn":
            self.pending = None
            return
        state = self.state
        if pending is not None:
            kind = pending.get("kind")
            player = state.current
            ok = True
            if kind == "select":
                ok = state.phase == SELECT and self._sanitize_selection(pending)
            elif kind in ("build", "return"):
                card = pending.get("card")
                ok = state.phase == BUILD and kind == ("build" if self.can_build() else "return")
                if ok and card is not None:
                    card = _card(card)
                    ok = card is not None and card in state.hands[player]
                    if ok:
                        pending["card"] = list(card)
                colour = pending.get("colour")
                floors = pending.get("floors")
                if ok and colour is not None:
                    ok = colour in self.colour_names(player)
                if ok and floors is not None:
                    ok = (floors in PIECE_FLOORS and colour is not None and
                          state.supply[state.settings.colour_index(colour)][floors - 1] > 0)
                city = pending.get("city")
                if ok and city is not None:
                    ok = (kind == "build" and (self._pending_build(city) is not None))
                    if not ok:
                        pending["city"] = None
                        ok = True
            else:
                ok = False
            if not ok:
                self.pending = None
        self._start_pending()

    def _sanitize_selection(self, pending: dict[str, Any]) -> bool:
        """True when a saved pending selection fits the colours being chosen now. A save of
        an earlier version (one colour at a time: ``colour`` and a list of ``pieces``) is
        brought to the current form."""
        colours = self.selection_colours()
        pieces = pending.get("pieces")
        if isinstance(pending.get("colour"), str) and isinstance(pieces, list):
            pieces = {pending["colour"]: pieces}
            pending.pop("colour")
        if not isinstance(pieces, dict) or not set(pieces) <= set(colours) or not pieces:
            return False
        state = self.state
        for name, counts in pieces.items():
            index = self.settings.colour_index(name)
            if not (isinstance(counts, list) and len(counts) == 4
                    and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                            for n in counts)
                    and all(n <= have for n, have in zip(counts, state.stock[index]))
                    and sum(counts) <= state.pieces_needed(index)):
                return False
        pending["colours"] = colours
        pending["pieces"] = {name: list(pieces.get(name, [0, 0, 0, 0])) for name in colours}
        return True

    def can_build(self) -> bool:
        return bool(self.state.phase == BUILD and self.state.legal_builds())

    # Selection ---------------------------------------------------------
    # A person chooses the round's pieces for all their colours in one step (two colours in
    # a two-player game): the counts stay pending, and can be changed or undone, until the
    # one Confirm sends a Select per colour to the engine. Colours with a single possible
    # choice are left out: the engine takes those pieces by itself.
    def _selection_run(self) -> list[int]:
        """The colours the person on turn chooses now, in the engine's order: the head of
        the selection queue and the colours of the same player right after it."""
        state = self.state
        if state.phase != SELECT or state.current is None:
            return []
        run = []
        for colour in state.select_queue:
            if self.settings.colour_owner[colour] != state.current:
                break
            run.append(colour)
        return run

    def _only_choice(self, colour: int) -> tuple[int, ...] | None:
        state = self.state
        options = list(itertools.islice(
            selections(state.stock[colour], state.pieces_needed(colour)), 2))
        return options[0] if len(options) == 1 else None

    def selection_colours(self) -> list[str]:
        """Names of the colours the person on turn chooses pieces for now."""
        return [self.settings.colours[c] for c in self._selection_run()
                if self._only_choice(c) is None]

    def forced_selections(self) -> list[tuple[str, tuple[int, ...]]]:
        """(colour, pieces) of this person's colours whose only possible choice the engine
        takes by itself once the others are confirmed."""
        out = []
        for c in self._selection_run():
            only = self._only_choice(c)
            if only is not None:
                out.append((self.settings.colours[c], only))
        return out

    def selection_need(self, colour: str | None = None) -> int:
        """Pieces to choose for ``colour`` (default: the first colour being chosen)."""
        state = self.state
        if colour is None:
            colours = self.selection_colours()
            if not colours:
                return 0
            colour = colours[0]
        return state.pieces_needed(self.settings.colour_index(colour))

    def selection_left(self, colour: str | None = None) -> int:
        """Pieces still to choose for ``colour``, or for all colours of this step."""
        pending = self.pending
        if not pending or pending.get("kind") != "select":
            return 0
        names = pending["colours"] if colour is None else [colour]
        return sum(self.selection_need(name) - sum(pending["pieces"][name]) for name in names
                   if name in pending["pieces"])

    def select_adjust(self, floors: int, delta: int, colour: str | None = None) -> None:
        if self.screen != "turn" or not self.pending or self.pending.get("kind") != "select":
            return
        if floors not in PIECE_FLOORS or delta not in (-1, 1):
            return
        state = self.state
        chosen = self.pending["pieces"]
        i = floors - 1
        if colour is None:  # a tap without a colour: the first colour it can apply to
            names = list(self.pending["colours"])
            fits = [name for name in names if (
                (delta > 0 and sum(chosen[name]) < self.selection_need(name)
                 and chosen[name][i] < state.stock[self.settings.colour_index(name)][i])
                or (delta < 0 and chosen[name][i] > 0))]
            if delta < 0:
                fits.reverse()
            colour = (fits or names or [None])[0]
        if colour not in chosen:
            return
        pieces = chosen[colour]
        need = self.selection_need(colour)
        self.notice = None
        if delta > 0:
            if sum(pieces) >= need:
                self.notice = ("select.too_many", {"need": need})
                return
            if pieces[i] >= state.stock[self.settings.colour_index(colour)][i]:
                self.notice = ("select.none_left", {"floors": floors})
                return
        elif pieces[i] == 0:
            return
        pieces[i] += delta

    def selection_ready(self) -> bool:
        return bool(self.pending and self.pending.get("kind") == "select"
                    and self.pending["colours"] and self.selection_left() == 0)

    def pending_selects(self) -> list[Select]:
        """The Select actions the one Confirm of a complete selection sends, in order."""
        if self.screen != "turn" or not self.selection_ready():
            return []
        return [Select(name, tuple(self.pending["pieces"][name]))  # type: ignore[arg-type]
                for name in self.pending["colours"]]

    # Building ----------------------------------------------------------
    def choose_card(self, card: Card) -> None:
        if self.screen != "turn" or not self.pending or self.pending["kind"] not in (
                "build", "return"):
            return
        if card not in self.state.hands[self.state.current]:
            self.notice = M.explain("card-not-in-hand", {})
            return
        self.pending["card"] = list(card)
        self.pending["city"] = None
        self.notice = None

    def choose_piece(self, colour: str, floors: int) -> None:
        if self.screen != "turn" or not self.pending or self.pending["kind"] not in (
                "build", "return"):
            return
        player = self.state.current
        if colour not in self.colour_names(player):
            self.notice = M.explain("not-your-colour", {"colour": colour})
            return
        ci = self.settings.colour_index(colour)
        if floors not in PIECE_FLOORS or not self.state.supply[ci][floors - 1]:
            self.notice = M.explain("piece-not-in-supply", {"floors": floors, "colour": colour})
            return
        self.pending["colour"] = colour
        self.pending["floors"] = floors
        self.pending["city"] = None
        self.notice = None

    def _pending_build(self, city: int, plot: int | None = None) -> Build | None:
        pending = self.pending or {}
        card = _card(pending.get("card"))
        if card is None or pending.get("floors") is None or pending.get("colour") is None:
            return None
        from ..material import plot_for
        seat = self.settings.seat_of(self.state.current)
        action = Build(card, city, plot_for(seat, card) if plot is None else plot,
                       pending["colour"], pending["floors"])
        try:
            self.state.check(action)
        except IllegalAction:
            return None
        return action

    def targets(self) -> set[tuple[int, int]]:
        """(city, plot) of every legal build for the pending card and piece."""
        pending = self.pending
        if (self.screen != "turn" or not pending or pending.get("kind") != "build"
                or pending.get("card") is None or pending.get("floors") is None):
            return set()
        card = _card(pending["card"])
        return {(b.city, b.plot) for b in self.state.legal_builds()
                if b.card == card and b.floors == pending["floors"]
                and b.colour == pending["colour"]}

    def tap_plot(self, city: int, plot: int) -> None:
        pending = self.pending
        if self.screen != "turn" or not pending:
            return
        if pending["kind"] == "select":
            self.notice = ("select.help", {"need": self.selection_need()})
            return
        if pending["kind"] == "return":
            self.notice = ("build.no_build", {})
            return
        card = _card(pending.get("card"))
        if card is None:
            self.notice = ("build.need_card", {})
            return
        if pending.get("floors") is None or pending.get("colour") is None:
            self.notice = ("build.need_piece", {})
            return
        action = Build(card, city, plot, pending["colour"], pending["floors"])
        try:
            self.state.check(action)
        except IllegalAction as error:
            self.notice = M.explain(error.rule, error.params, pending["colour"])
            return
        pending["city"] = city
        self.notice = ("build.tentative", {"piece": M.t("piece.name", floors=action.floors),
                                           "city": M.city(city)})

    def pending_action(self) -> Action | None:
        """The decision Confirm would commit, or None when the choice is not complete."""
        pending = self.pending
        if self.screen != "turn" or not pending:
            return None
        state = self.state
        if pending["kind"] == "select":
            selects = self.pending_selects()
            return selects[0] if selects else None
        card = _card(pending.get("card"))
        if card is None or pending.get("floors") is None or pending.get("colour") is None:
            return None
        if pending["kind"] == "return":
            return ReturnPiece(card, pending["colour"], pending["floors"])
        city = pending.get("city")
        if city is None:
            return None
        from ..material import plot_for
        return Build(card, city, plot_for(self.settings.seat_of(state.current), card),
                     pending["colour"], pending["floors"])

    def confirm(self) -> bool:
        if self.pending and self.pending.get("kind") == "select":
            return self._confirm_selection()
        action = self.pending_action()
        if action is None:
            return False
        try:
            self.commit(action)
        except IllegalAction as error:
            self.notice = M.explain(error.rule, error.params)
            return False
        return True

    def _confirm_selection(self) -> bool:
        """Send the whole selection (one Select per colour) to the engine, or nothing."""
        selects = self.pending_selects()
        if not selects:
            return False
        player = self.state.current
        probe = self.state
        try:  # all of them are legal in turn, or none is played
            for action in selects:
                if probe.current != player:
                    raise IllegalAction("wrong-colour", "not this person's colour",
                                        colour=action.colour)
                probe = probe.apply(action)
        except IllegalAction as error:
            self.notice = M.explain(error.rule, error.params)
            return False
        before = self.state
        for action in selects:
            self.game.play(action)
        move = describe(before, selects[-1], self.state, player)
        if len(selects) > 1:
            move["selects"] = [action_to_json(a) for a in selects]
        self._committed(player, move)
        return True

    def undo(self) -> None:
        pending = self.pending
        if self.screen != "turn" or not pending:
            return
        self.notice = None
        if pending["kind"] == "select":
            pending["pieces"] = {name: [0, 0, 0, 0] for name in pending["colours"]}
        elif pending.get("city") is not None:
            pending["city"] = None
        else:
            pending["card"] = None
            pending["floors"] = None
            if len(self.colour_names(self.state.current)) > 1:
                pending["colour"] = None

    # --------------------------------------------------------------- commits
    def commit(self, action: Action) -> None:
        """Play a decision for the current player (human on Confirm, or a computer)."""
        before = self.state
        player = before.current
        self.game.play(action)
        self._committed(player, describe(before, action, self.state, player))

    def _committed(self, player: int | None, move: dict[str, Any]) -> None:
        self.last_move = move
        self.pending = None
        self.notice = None
        if self.is_human(player):
            self.last_human = player
        self._after_change()

    def _after_change(self) -> None:
        humans = self.humans
        current = self.state.current
        if len(humans) == 1:
            self.revealed = humans[0]
        elif self.screen == "scoring":
            pass  # public screen; who goes next is decided once it is acknowledged
        elif current is not None and self.is_human(current) and current == self.last_human \
                and current == self.revealed:
            pass  # the same person goes on
        elif current is not None and self.is_human(current) and current == self.last_human:
            self.revealed = current  # only computers played since this person's last turn
        else:
            self.revealed = None
        self._start_pending()

    # -------------------------------------------------------------- computers
    def computer_rng(self) -> random.Random:
        return random.Random(f"{self.game.seed}/ai/{len(self.game.log)}")


def describe(before, action: Action, after, player: int | None) -> dict[str, Any]:
    """What a move did, for the 'last move' line and the board highlight (JSON-able)."""
    move: dict[str, Any] = {"player": player, "action": action_to_json(action)}
    if isinstance(action, Build):
        pos = action.city * PLOTS_PER_CITY + action.plot
        move["pos"] = pos
        if before.godzilla is not None and after.godzilla is not None:
            g = after.godzilla
            if len(after.board[g]) < len(before.board[g]) + (1 if g == pos else 0):
                kind = "destroyed" if not after.board[g] else "ate"
                move["godzilla"] = {"pos": g, "kind": kind}
    if before.deck == () and after.deck != () and isinstance(action, (Build, ReturnPiece)):
        move["reshuffled"] = True
    if len(after.scorings) > len(before.scorings):
        move["round_end"] = True
    return move


def move_action(move: dict[str, Any]) -> Action | None:
    try:
        return action_from_json(move.get("action"))
    except (SaveError, AttributeError):
        return None


def tallest_height(board) -> int:
    return max((height(t) for t in board), default=0)
