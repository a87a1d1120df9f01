"""Game settings: who plays which colours from which seat, and which rule options are on.

Settings are immutable and validated on construction, so every other module can trust them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import SettingsError
from .material import COLOURS, PIECES_PER_COLOUR, SEATS

MAX_NAME_LENGTH = 24
GODZILLA_MODES = ("off", "godzilla", "baby")
DEFAULT_SEATS: dict[int, tuple[str, ...]] = {
    2: ("south", "north"),
    3: ("south", "west", "north"),
    4: ("south", "west", "north", "east"),
}


BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
"""Characters that change the direction of the text around them (embeddings, overrides,
isolates, marks). A name that begins with U+202E (right-to-left override) turns every
sentence it is put in backwards ("chose 3x1, 1x2" shows as "2x1 ,1x3"), so names never hold
them: refused in settings (files, links), stripped where people type (:func:`neutralise_name`)."""

NameProblem = Literal["empty", "long", "control", "bidi", "surrogate"]
"""Why a text cannot be a player name (the setup form says it in the player's language)."""


def _is_lone_surrogate(ch: str) -> bool:
    return 0xD800 <= ord(ch) <= 0xDFFF


def name_problem(text: str) -> NameProblem | None:
    """What is wrong with ``text`` (already trimmed, single spaces) as a player name: the one
    rule for names, used by :class:`Settings` and by the page's setup form."""
    if not text:
        return "empty"
    if len(text) > MAX_NAME_LENGTH:
        return "long"
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text):
        return "control"
    if any(ch in BIDI_CONTROLS for ch in text):
        return "bidi"
    if any(_is_lone_surrogate(ch) for ch in text):
        return "surrogate"
    return None


def neutralise_name(text: str) -> str:
    """``text`` without bidirectional controls and lone surrogates (nothing else changes).
    Used where a name is typed (the setup form) and for saves stored before names were
    checked for them (they still load, the name shown without the controls)."""
    return "".join(ch for ch in text if ch not in BIDI_CONTROLS and not _is_lone_surrogate(ch))


_NAME_PROBLEMS: dict[NameProblem, str] = {
    "empty": "a player name cannot be empty",
    "long": f"a player name can have at most {MAX_NAME_LENGTH} characters",
    "control": "a player name cannot contain control characters",
    "bidi": "a player name cannot contain bidirectional control characters (U+202E and the like)",
    "surrogate": "a player name cannot contain lone surrogates (text that is not Unicode)",
}


def clean_name(name: Any) -> str:
    """A player name as shown to people: trimmed text, single spaces, length-limited, no
    control characters, no bidirectional controls, no lone surrogates."""
    if not isinstance(name, str):
        raise SettingsError("a player name must be text")
    text = " ".join(name.split())
    problem = name_problem(text)
    if problem is not None:
        raise SettingsError(_NAME_PROBLEMS[problem])
    return text


@dataclass(frozen=True)
class PlayerSpec:
    """One person at the table. ``played_by`` is ``"human"`` or a computer player's level
    id; the rules ignore it, but it travels with saves (as ``"controller"``, the save
    format's name for it) so a game resumes with the same opponents."""

    name: str
    colours: tuple[str, ...]
    seat: str
    played_by: str = "human"


@dataclass(frozen=True)
class Settings:
    """Everything that is fixed for a whole game.

    ``rounds`` is 4 or 6; ``None`` means the standard count for the number of players
    (4 players: 4 rounds; 3 and 2 players: 6 rounds). Pieces per round follow from it
    (24 pieces per colour spread over the rounds).
    """

    players: tuple[PlayerSpec, ...]
    rounds: int | None = None
    start_player: int | None = None
    tie_break: bool = True
    godzilla: str = "off"
    progressive: bool = False
    anti_trust: bool = False
    secret_selection: bool = False
    # Derived, filled in __post_init__:
    colours: tuple[str, ...] = field(init=False)
    colour_owner: tuple[int, ...] = field(init=False)
    player_colours: tuple[tuple[int, ...], ...] = field(init=False)
    turn_order: tuple[int, ...] = field(init=False)
    round_count: int = field(init=False)
    pieces_per_round: int = field(init=False)

    def __post_init__(self) -> None:
        players = tuple(self.players)
        object.__setattr__(self, "players", players)
        n = len(players)
        if n not in DEFAULT_SEATS:
            raise SettingsError("Manhattan is played by 2, 3 or 4 players")
        names = [p.name for p in players]
        for p in players:
            if clean_name(p.name) != p.name:
                raise SettingsError(f"player name {p.name!r} has surrounding or repeated spaces")
            if not isinstance(p.played_by, str) or not p.played_by or len(p.played_by) > 32:
                raise SettingsError("a player's controller must be a short text")
        if len({name.casefold() for name in names}) != n:
            raise SettingsError("two players cannot have the same name")
        colours_each = 2 if n == 2 else 1
        colours: list[str] = []
        for p in players:
            if len(p.colours) != colours_each:
                raise SettingsError(
                    f"with {n} players each player plays {colours_each} colour(s); "
                    f"{p.name} has {len(p.colours)}")
            for c in p.colours:
                if c not in COLOURS:
                    raise SettingsError(f"unknown colour {c!r}; choose from {', '.join(COLOURS)}")
                if c in colours:
                    raise SettingsError(f"colour {c} is taken twice")
                colours.append(c)
        seats = [p.seat for p in players]
        for s in seats:
            if s not in SEATS:
                raise SettingsError(f"unknown seat {s!r}; seats are {', '.join(SEATS)}")
        if len(set(seats)) != n:
            raise SettingsError("every player must sit at a different edge of the board")
        rounds = self.rounds if self.rounds is not None else (4 if n == 4 else 6)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds not in (4, 6):
            raise SettingsError("a game has 4 or 6 rounds")
        if n == 2 and rounds != 6:
            raise SettingsError("the two-player game has 6 rounds")
        if self.start_player is not None and not (
                isinstance(self.start_player, int) and not isinstance(self.start_player, bool)
                and 0 <= self.start_player < n):
            raise SettingsError(f"start player must be a player number from 0 to {n - 1}")
        if self.godzilla not in GODZILLA_MODES:
            raise SettingsError(f"godzilla must be one of {', '.join(GODZILLA_MODES)}")
        for flag in ("tie_break", "progressive", "anti_trust", "secret_selection"):
            if not isinstance(getattr(self, flag), bool):
                raise SettingsError(f"{flag} must be true or false")
        owner = tuple(i for i, p in enumerate(players) for _ in p.colours)
        per_player: list[tuple[int, ...]] = []
        k = 0
        for p in players:
            per_player.append(tuple(range(k, k + len(p.colours))))
            k += len(p.colours)
        order = tuple(sorted(range(n), key=lambda i: SEATS.index(players[i].seat)))
        object.__setattr__(self, "colours", tuple(colours))
        object.__setattr__(self, "colour_owner", owner)
        object.__setattr__(self, "player_colours", tuple(per_player))
        object.__setattr__(self, "turn_order", order)
        object.__setattr__(self, "rounds", rounds)  # None -> the count, so a save compares equal
        object.__setattr__(self, "round_count", rounds)
        object.__setattr__(self, "pieces_per_round", sum(PIECES_PER_COLOUR) // rounds)

    @property
    def player_count(self) -> int:
        return len(self.players)

    def seat_of(self, player: int) -> str:
        return self.players[player].seat

    def next_player(self, player: int) -> int:
        """The next player clockwise (by seat)."""
        order = self.turn_order
        return order[(order.index(player) + 1) % len(order)]

    def colour_index(self, colour: str) -> int:
        try:
            return self.colours.index(colour)
        except ValueError:
            raise SettingsError(f"colour {colour!r} is not in this game") from None

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [
                {"name": p.name, "colours": list(p.colours), "seat": p.seat,
                 "controller": p.played_by}
                for p in self.players
            ],
            "rounds": self.round_count,
            "start_player": self.start_player,
            "tie_break": self.tie_break,
            "godzilla": self.godzilla,
            "progressive": self.progressive,
            "anti_trust": self.anti_trust,
            "secret_selection": self.secret_selection,
        }

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            raise SettingsError("settings must be an object")
        known = {"players", "rounds", "start_player", "tie_break", "godzilla", "progressive",
                 "anti_trust", "secret_selection"}
        unknown = set(data) - known
        if unknown:
            raise SettingsError(f"unknown setting(s): {', '.join(sorted(map(str, unknown)))}")
        raw_players = data.get("players")
        if not isinstance(raw_players, list):
            raise SettingsError("settings need a list of players")
        players = []
        for raw in raw_players:
            if not isinstance(raw, dict):
                raise SettingsError("each player must be an object")
            colours = raw.get("colours")
            if not isinstance(colours, list) or not all(isinstance(c, str) for c in colours):
                raise SettingsError("a player's colours must be a list of colour names")
            players.append(PlayerSpec(
                name=clean_name(raw.get("name")), colours=tuple(colours),
                seat=raw.get("seat"),  # type: ignore[arg-type]  # checked by __post_init__
                played_by=raw.get("controller", "human")))
        kwargs = {k: data[k] for k in known - {"players"} if k in data}
        return cls(players=tuple(players), **kwargs)


def standard_settings(player_count: int, names: list[str] | None = None,
                      **options: Any) -> Settings:
    """Settings with default colours and seats for a quick game (tests, the CLI, bots)."""
    if player_count not in DEFAULT_SEATS:
        raise SettingsError("Manhattan is played by 2, 3 or 4 players")
    names = names or [f"Player {i + 1}" for i in range(player_count)]
    each = 2 if player_count == 2 else 1
    palette = COLOURS
    players = tuple(
        PlayerSpec(name=names[i], colours=tuple(palette[i * each:(i + 1) * each]),
                   seat=DEFAULT_SEATS[player_count][i])
        for i in range(player_count))
    return Settings(players=players, **options)
