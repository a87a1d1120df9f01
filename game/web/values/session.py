"""One game at the table: the engine's :class:`~game.match.Game` plus the state of the user
interface that is not a rule (the draft of the choice in progress, who has the device,
acknowledged scorings).

A value: its one update, :func:`update`, returns a new Session for each action and leaves
the one it was given as it was (the page's model holds Sessions like its other frozen
states). The methods that change a Session are that update's steps, run only on the copy it
makes. Pure Python, no browser: the tests drive whole games through it. The choice in
progress is a typed, immutable :mod:`~game.web.values.draft`; nothing is committed to the
engine before the player confirms. Everything here is serialised into ``game.meta["ui"]``
after each change (:meth:`Session.sync_meta`) and saved with the game. Screens never see a
Session: they draw a :class:`~game.web.frames.frame.Frame` built from it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal, assert_never

from ...actions import Action, Build, ReturnPiece, action_to_json
from ...errors import IllegalAction
from ...match import Game
from ...material import PLOTS_PER_CITY, Card
from ...settings import Settings
from ...state import OVER, State
from ...story import Played, Story
from ...view import PlayerView, player_view
from .. import messages
from ..thinking.coach import count_hint, set_hints
from . import draft
from .last_move import parse_move

Notice = draft.Notice

TableScreen = Literal["pass", "turn", "computer", "scoring", "final"]
"""What the table sees of a game (:attr:`Session.screen`); each has its frame type in
:mod:`game.web.frames.play_frames`, and so has the replay."""


def _int_or_none(value: Any, low: int, high: int) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return None


class Session:
    """A game being played, with the table's UI state."""

    def __init__(self, game: Game):
        self.game = game
        self.notice: Notice | None = None
        ui = game.meta.get("ui")
        ui = ui if isinstance(ui, dict) else {}
        n = game.settings.player_count
        self.revealed: int | None = _int_or_none(ui.get("revealed"), 0, n - 1)
        self.last_human: int | None = _int_or_none(ui.get("last_human"), 0, n - 1)
        self.acked: int = _int_or_none(ui.get("acked"), 0, 99) or 0
        last = ui.get("last_move")
        self.last_move = last if isinstance(last, dict) else None
        if self.acked > len(self.state.scorings) or (
                self.state.is_over and "acked" not in ui):  # a finished game stored compactly
            self.acked = len(self.state.scorings)
        if self.revealed is not None and not self.is_human(self.revealed):
            self.revealed = None
        if self.last_human is not None and not self.is_human(self.last_human):
            self.last_human = None
        if len(self.humans) == 1:
            self.revealed = self.humans[0]
        elif self.revealed is not None and self.revealed != self.state.current:
            self.revealed = None  # only the person on turn may have their cards shown
        self._story: Story | None = None
        self.played: tuple[Played, ...] = ()
        """The plays of the update that made this value (a person's or a computer's
        decision and the chance steps it led to: the sounds)."""
        self.unsettled: _Before | None = None
        """The table as it was before a person's last move, while that move may still be
        taken back (:meth:`take_back`); not saved: a reload settles the move."""
        self.sealed: int | None = None
        """The person whose move just led to a scoring, which no move can be taken back
        over: the sheet says so to them (until it is acknowledged or the game goes on)."""
        self.draft: draft.Draft | None = None
        if self.screen in ("turn", "pass"):
            self.draft = draft.parse_draft(ui.get("pending"), self.turn_view())
        self._start_draft()
        self.notice = draft.standing_notice(self.draft, self.turn_view())
        self.sync_meta()

    def _copy(self) -> Session:
        """A separate value to change (:func:`update`): the game copied, the story's walk
        shared (:meth:`story` walks again when it is ahead of this value's log)."""
        twin = Session.__new__(Session)
        twin.__dict__.update(self.__dict__)
        twin.game = self.game.copy()
        twin.played = ()
        return twin

    # ---------------------------------------------------------------- basics
    @property
    def last_move(self) -> dict[str, Any] | None:
        """The most recent move as saved (``meta.ui.last_move``); :attr:`last_move_value`
        is the same record parsed, once per move rather than once per redraw."""
        return self._last_move

    @last_move.setter
    def last_move(self, move: dict[str, Any] | None) -> None:
        self._last_move = move
        self.last_move_value = parse_move(move)

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def settings(self) -> Settings:
        return self.game.settings

    @property
    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.settings.players) if p.played_by == "human"]

    def is_human(self, player: int | None) -> bool:
        return player is not None and self.settings.players[player].played_by == "human"

    def colour_names(self, player: int) -> list[str]:
        return [self.settings.colours[c] for c in self.settings.player_colours[player]]

    def ui_meta(self) -> dict[str, Any]:
        return {"revealed": self.revealed, "last_human": self.last_human, "acked": self.acked,
                "pending": draft.draft_to_json(self.draft), "last_move": self.last_move}

    def sync_meta(self) -> None:
        self.game.meta["ui"] = self.ui_meta()

    def story(self) -> Story:
        """The game's story (:mod:`game.story`), walked incrementally as the log grows."""
        if self._story is None or len(self._story) > len(self.game.log):
            self._story = Story(self.settings)
        self._story.extend(self.game.log)
        return self._story

    # --------------------------------------------------------------- screens
    @property
    def screen(self) -> TableScreen:
        """What the table sees now."""
        state = self.state
        if len(state.scorings) > self.acked:
            return "scoring"
        if state.phase == OVER:
            return "final"
        current = state.current
        if current is None or not self.is_human(current):
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
        """True when the viewer's hand may be on screen (the viewer holds the device), and
        no move of theirs is still unsettled (the card drawn after it stays hidden until
        it can no longer be taken back)."""
        return (self.revealed is not None and self.revealed == self.viewer
                and self.screen in ("turn", "computer") and self.unsettled is None)

    def view(self) -> PlayerView:
        return player_view(self.state, self.viewer)

    def turn_view(self) -> PlayerView:
        """The view of the player on turn (the draft's steps are judged from it)."""
        current = self.state.current
        return player_view(self.state, current if current is not None else self.viewer)

    def reveal(self) -> None:
        if self.screen == "pass":
            self.unsettled = None  # the next person sees the move's consequences
            self.revealed = self.state.current
            self._start_draft()
            self.notice = draft.standing_notice(self.draft, self.turn_view())

    def hide_cards(self) -> None:
        """Back to the pass-the-device screen (a table of two or more people): the cards
        of the player on turn are hidden until they tap again. The draft is kept."""
        if len(self.humans) >= 2 and self.revealed is not None:
            self.revealed = None
            self.notice = None

    def ack_scoring(self) -> None:
        if len(self.state.scorings) > self.acked:
            self.acked += 1
            self.sealed = None
            self._after_change()

    # ----------------------------------------------------------------- draft
    def _start_draft(self) -> None:
        """A person on turn always has a draft that fits their decision now (kept while the
        device is passed or the cards are hidden: it is theirs, and only shown to them)."""
        if self.screen not in ("turn", "pass"):
            self.draft = None
            return
        view = self.turn_view()
        if self.draft is None or not draft.fits(self.draft, view):
            self.draft = draft.start_draft(view)

    def _step(self, step: draft.Step | IllegalAction, colour: str | None = None) -> None:
        if isinstance(step, IllegalAction):
            self.notice = messages.explain(step.rule, step.params, colour)
            return
        self.draft = step.draft
        self.notice = step.notice

    def select_adjust(self, floors: int, delta: int, colour: str | None = None) -> None:
        if self.screen == "turn" and isinstance(self.draft, draft.SelectDraft):
            self._step(draft.adjust(self.draft, self.turn_view(), floors, delta, colour))

    def choose_card(self, card: Any) -> None:
        if self.screen == "turn" and isinstance(self.draft, draft.BuildDraft):
            self._step(draft.choose_card(self.draft, self.turn_view(), card))

    def choose_piece(self, colour: str, floors: int) -> None:
        if self.screen == "turn" and isinstance(self.draft, draft.BuildDraft):
            self._step(draft.choose_piece(self.draft, self.turn_view(), colour, floors))

    def tap_plot(self, city: int, plot: int) -> None:
        if self.screen == "turn" and self.draft is not None:
            colour = self.draft.colour if isinstance(self.draft, draft.BuildDraft) else None
            self._step(draft.tap_plot(self.draft, self.turn_view(), city, plot), colour)

    def undo(self) -> None:
        if self.screen == "turn" and self.draft is not None:
            self._step(draft.undo(self.draft, self.turn_view()))

    def targets(self) -> frozenset[tuple[int, int]]:
        """(city, plot) of every legal build for the draft's card and piece."""
        if self.screen != "turn":
            return frozenset()
        return draft.targets(self.draft, self.turn_view())

    def pending_actions(self) -> tuple[Action, ...]:
        """The decisions Confirm would commit (empty while the choice is not complete)."""
        if self.screen != "turn":
            return ()
        return draft.actions(self.draft, self.turn_view())

    def confirm(self) -> bool:
        """Send the draft's decisions to the engine: all of them in turn, or none."""
        actions = self.pending_actions()
        if not actions:
            return False
        player = self.state.current
        before = self.state
        try:
            self._record(self.game.play(*actions))  # all of them or none
        except IllegalAction as error:
            self.notice = messages.explain(error.rule, error.params)
            return False
        move = describe(before, actions[-1], self.state, player)
        if len(actions) > 1:
            move["selects"] = [action_to_json(a) for a in actions]
        table = _Before(self.revealed, self.last_human, self.acked, self.draft, self.last_move)
        self._committed(player, move)
        if len(self.state.scorings) > len(before.scorings):
            self.sealed = player
        if self.game.can_take_back and player is not None and self._unseen_by_others(player):
            self.unsettled = table
        return True

    def _unseen_by_others(self, player: int) -> bool:
        """Nobody else has seen a consequence of ``player``'s move yet: the device waits
        to be passed to another person, or the computers wait for the move to settle."""
        current = self.state.current
        return self.screen == "computer" or (self.screen == "pass" and current != player)

    @property
    def can_take_back(self) -> bool:
        """The last person's move may be taken back now (:meth:`take_back`)."""
        return self.unsettled is not None and self.game.can_take_back

    @property
    def mover(self) -> int | None:
        """Whose move may be taken back (None: nobody's)."""
        return self.last_human if self.can_take_back else None

    def settle(self) -> None:
        """The last move can no longer be taken back (the person is done, or the
        computers go on)."""
        self.unsettled = None

    def take_back(self) -> bool:
        """Undo the last person's move before anyone else saw a consequence of it: the
        game (:meth:`Game.take_back`) and the table (the device with them, their choice
        as it was before Confirm) are as they were before it."""
        table = self.unsettled
        if table is None or not self.game.can_take_back:
            return False
        self.game.take_back()
        self.unsettled = None
        self._story = None  # walked again from the shorter log
        self.revealed, self.last_human, self.acked = table.revealed, table.last_human, table.acked
        self.last_move = table.last_move
        self.draft = table.draft
        self._start_draft()
        self.notice = draft.standing_notice(self.draft, self.turn_view())
        return True

    # --------------------------------------------------------------- commits
    def commit(self, action: Action) -> None:
        """Play a decision for the current player (a computer, or a test)."""
        self.unsettled = None
        before = self.state
        player = before.current
        self._record(self.game.play(action))
        self._committed(player, describe(before, action, self.state, player))

    def _record(self, played: Played) -> None:
        """The story takes the steps as played: a move is applied once."""
        self.played += (played,)
        if self._story is not None:
            self._story.record(played)

    def _committed(self, player: int | None, move: dict[str, Any]) -> None:
        self.last_move = move
        self.sealed = None
        self.draft = None
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
        self._start_draft()

    # -------------------------------------------------------------- computers
    def computer_seed(self) -> str:
        """The seed of the computer's decision now (the same wherever it is computed: the
        page's own slices or the thinking worker)."""
        return f"{self.game.seed}/ai/{len(self.game.log)}"

    def computer_rng(self) -> random.Random:
        return random.Random(self.computer_seed())


@dataclass(frozen=True)
class _Before:
    """The table's state before a person's move (what :meth:`Session.take_back` restores)."""

    revealed: int | None
    last_human: int | None
    acked: int
    draft: draft.Draft | None
    last_move: dict[str, Any] | None


def describe(before: State, action: Action, after: State, player: int | None) -> dict[str, Any]:
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



# ------------------------------------------------------------------ the game's one update
# Every change of the game at the table is one of these values, carried out by
# :func:`update` (reached only through the model's one door, game/web/model/door.py):
# a person's taps on the table, a computer's decision, the device passed, the options of
# the save's ``meta``.

@dataclass(frozen=True)
class Reveal:
    """The person on turn took the device: their cards shown."""


@dataclass(frozen=True)
class HideCards:
    """Back to the pass-the-device screen (a table of two or more people)."""


@dataclass(frozen=True)
class AdjustSelection:
    floors: int
    delta: int
    colour: str | None


@dataclass(frozen=True)
class ChooseCard:
    card: Card


@dataclass(frozen=True)
class ChoosePiece:
    """A piece of ``floors`` floors in ``colour`` (None: the player's first colour)."""

    colour: str | None
    floors: int


@dataclass(frozen=True)
class TapPlot:
    city: int
    plot: int


@dataclass(frozen=True)
class Confirm:
    """The choice in progress sent to the engine, all or none."""


@dataclass(frozen=True)
class UndoStep:
    """The last step of the choice in progress undone (nothing is committed yet)."""


@dataclass(frozen=True)
class TakeBack:
    """The last person's move taken back, while nobody else saw a consequence of it."""


@dataclass(frozen=True)
class Settle:
    """The last person's move stays."""


@dataclass(frozen=True)
class AckScoring:
    pass


@dataclass(frozen=True)
class Commit:
    """A computer's decision played."""

    action: Action


@dataclass(frozen=True)
class SetMeta:
    """One option of the save's ``meta`` (the tutorial's mark, ...) set to ``value`` (None:
    taken off)."""

    key: str
    value: Any


@dataclass(frozen=True)
class SetHints:
    """Hints allowed or not (the hints asked so far are forgotten when switched off)."""

    on: bool


@dataclass(frozen=True)
class Stamp:
    """The game's ``meta`` as the storage wrote it (with its bookkeeping: times, revision;
    without what it does not keep), so the next write keeps the game's creation time and a
    file or link of the game holds what the save holds. The table's state is written in
    again after it (as after every action)."""

    meta: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class CountHint:
    """A hint asked by ``player`` (counted in the final standings)."""

    player: int


SessionAction = (Reveal | HideCards | AdjustSelection | ChooseCard | ChoosePiece | TapPlot
                 | Confirm | UndoStep | TakeBack | Settle | AckScoring | Commit | SetMeta
                 | SetHints | CountHint | Stamp)


def update(before: Session, action: SessionAction) -> Session:
    """The game at the table after ``action``, a new value (``before`` stays as it was);
    its :attr:`Session.played` are the plays ``action`` made."""
    session = before._copy()
    _apply(session, action)
    session.sync_meta()
    return session


def _apply(session: Session, action: SessionAction) -> None:
    """``action`` carried out on ``session``, the copy :func:`update` made for it."""
    match action:
        case Reveal():
            session.reveal()
        case HideCards():
            session.hide_cards()
        case AdjustSelection(floors, delta, colour):
            session.select_adjust(floors, delta, colour)
        case ChooseCard(card):
            session.choose_card(card)
        case ChoosePiece(colour, floors):
            current = session.state.current
            if current is not None:
                session.choose_piece(colour or session.colour_names(current)[0], floors)
        case TapPlot(city, plot):
            session.tap_plot(city, plot)
        case Confirm():
            session.confirm()
        case UndoStep():
            session.undo()
        case TakeBack():
            session.take_back()
        case Settle():
            session.settle()
        case AckScoring():
            session.ack_scoring()
        case Commit(decision):
            session.commit(decision)
        case SetMeta(key, None):
            session.game.meta.pop(key, None)
        case SetMeta(key, value):
            session.game.meta[key] = value
        case SetHints(on):
            set_hints(session.game.meta, on)
        case CountHint(player):
            count_hint(session.game.meta, player)
        case Stamp(meta):
            session.game.meta = dict(meta)
        case _:
            assert_never(action)
