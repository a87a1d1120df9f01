"""The new-game form as plain data, and its validation into engine :class:`Settings`.

Errors are catalogue ids with parameters, so the screen can show them in any language; the
fields they concern are named so the screen can mark them. Who plays a seat is read from
the select's value (or the earlier game's settings) once: None for a person, else a
:class:`~game.ai.Level`; the frame and the settings get its id back (:func:`controller_id`).
"""

from __future__ import annotations

from typing import Any

from ...ai import Level, find_level
from ...ai.levels import SEARCH_1
from ...errors import SettingsError
from ...material import COLOURS, SEATS
from ...settings import (
    DEFAULT_SEATS,
    GODZILLA_MODES,
    MAX_NAME_LENGTH,
    PlayerSpec,
    Settings,
    name_problem,
    neutralise_name,
)
from .. import messages as M
from ..frames.start_frames import SetupFrame, SetupPlayer

ONE_COLOUR_DEFAULTS = ("blue", "red", "yellow", "purple")
TWO_COLOUR_DEFAULTS = (("blue", "red"), ("yellow", "purple"))
OPTION_FLAGS = ("tie_break", "progressive", "anti_trust", "secret_selection", "hints")
ALONE_LEVEL = SEARCH_1
"""The computer level of "Play alone" (medium: quick on a phone, not a pushover)."""
HUMAN = "human"
"""A person's ``PlayerSpec.controller`` (and the select's value for one)."""
TABLE_PREF = "table"
"""The preference that keeps the last table used (issue 25.4): a new game starts from it."""


def controller_id(level: Level | None) -> str:
    """What the settings and the select hold for a seat: ``"human"`` or the level's id."""
    return HUMAN if level is None else level.id


default_name = M.default_name
"""The name a seat gets until someone types one (:func:`game.web.messages.default_name`)."""


def computer_settings(levels: tuple[Level | None, ...], start_player: int | None = None
                      ) -> Settings:
    """A standard four-player game, seat ``i`` played by ``levels[i]`` (None: a person),
    each with its default name, colour and seat."""
    return Settings(players=tuple(
        PlayerSpec(default_name(i, level), (ONE_COLOUR_DEFAULTS[i],), DEFAULT_SEATS[4][i],
                   controller_id(level))
        for i, level in enumerate(levels)), start_player=start_player)


def play_alone_settings() -> Settings:
    """One person (south) against three computer players, the standard four-player game."""
    return computer_settings((None,) + (ALONE_LEVEL,) * 3)


def table_pref(settings: Settings, hints: bool) -> dict[str, Any]:
    """The table a game was started with, as the preference :data:`TABLE_PREF` keeps it:
    the players (names, colours, seats, who plays), the options and whether hints are on."""
    return {"settings": settings.to_json(), "hints": bool(hints)}


def colours_each(count: int) -> int:
    return 2 if count == 2 else 1


def rounds_choices(count: int) -> tuple[int, ...]:
    return {2: (6,), 3: (6, 4), 4: (4, 6)}[count]


class SetupForm:
    """The values of the setup screen. Changing one never loses the others."""

    def __init__(self, controllers: tuple[str, ...] = ("human",)):
        self.controllers = controllers
        self.count = 4
        self.players: list[dict[str, Any]] = []
        self.start = "random"
        self.rounds = 4
        self.tie_break = True
        self.godzilla = "off"
        self.progressive = False
        self.anti_trust = False
        self.secret_selection = False
        self.hints = False  # not a rule: the save's meta.coach (game.web.thinking.coach)
        self.errors: list[tuple[str, dict[str, Any]]] = []
        self.bad_fields: set[str] = set()
        self.set_count(4)

    # ------------------------------------------------------------- editing
    def set_count(self, count: int) -> None:
        if count not in (2, 3, 4):
            return
        old = self.players
        self.count = count
        self.players = []
        for i in range(count):
            prev = old[i] if i < len(old) else {}
            if count == 2:
                colours = list(TWO_COLOUR_DEFAULTS[i])
            else:
                colours = [ONE_COLOUR_DEFAULTS[i]]
            controller: Level | None = prev.get("controller")
            auto = prev.get("auto", True)
            self.players.append({
                "name": default_name(i, controller) if auto else prev["name"],
                "colours": colours,
                "seat": DEFAULT_SEATS[count][i],
                "controller": controller,  # None: a person
                "auto": auto,  # the name is ours (follows level and language) until typed
            })
        if count != len(old) or self.rounds not in rounds_choices(count):
            self.rounds = rounds_choices(count)[0]  # the standard count for this table
        if self.start != "random" and int(self.start) >= count:
            self.start = "random"
        self.errors = []
        self.bad_fields = set()

    def set_field(self, field: str, value: Any, player: int | None = None) -> None:
        """Change one field. Colours and seats swap with the player who had them."""
        if player is not None:
            if not 0 <= player < self.count:
                return
            spec = self.players[player]
            if field == "name":
                # Bidirectional controls and lone surrogates are stripped as typed: a name
                # never turns the sentences it is put in (the engine's rule, neutralised here).
                spec["name"] = neutralise_name(str(value))[:MAX_NAME_LENGTH * 4]
                spec["auto"] = False
            elif field in ("colour0", "colour1"):
                k = int(field[-1])
                if value not in COLOURS or k >= len(spec["colours"]):
                    return
                old = spec["colours"][k]
                for other in self.players:
                    for j, c in enumerate(other["colours"]):
                        if c == value:
                            other["colours"][j] = old
                spec["colours"][k] = value
            elif field == "seat":
                if value not in SEATS:
                    return
                old = spec["seat"]
                for other in self.players:
                    if other["seat"] == value:
                        other["seat"] = old
                spec["seat"] = value
            elif field == "controller":
                level = find_level(str(value))
                if value in self.controllers and (value == HUMAN or level is not None):
                    spec["controller"] = level
                    if spec.get("auto"):
                        spec["name"] = default_name(player, level)
            return
        if field == "count":
            self.set_count(int(value))
        elif field == "start":
            if value == "random" or (str(value).isdigit() and int(value) < self.count):
                self.start = str(value)
        elif field == "rounds":
            if str(value).isdigit() and int(value) in rounds_choices(self.count):
                self.rounds = int(value)
        elif field == "godzilla":
            if value in GODZILLA_MODES:
                self.godzilla = value
        elif field in OPTION_FLAGS:
            setattr(self, field, bool(value) and value not in ("false", "0", "off"))

    def relabel(self) -> None:
        """Names nobody typed follow the language (called after a language switch)."""
        for i, spec in enumerate(self.players):
            if spec.get("auto"):
                spec["name"] = default_name(i, spec["controller"])

    # ---------------------------------------------------------- validation
    def frame(self) -> SetupFrame:
        """The form's values as the frozen value the setup screen draws."""
        return SetupFrame(
            count=self.count,
            players=tuple(SetupPlayer(str(p["name"]), tuple(p["colours"]), str(p["seat"]),
                                      controller_id(p["controller"])) for p in self.players),
            controllers=tuple(self.controllers), start=str(self.start), rounds=self.rounds,
            tie_break=self.tie_break, godzilla=self.godzilla, progressive=self.progressive,
            anti_trust=self.anti_trust, secret_selection=self.secret_selection,
            hints=self.hints, errors=tuple(self.errors), bad_fields=frozenset(self.bad_fields))

    def validate(self) -> Settings | None:
        """Settings for the engine, or None with ``errors`` and ``bad_fields`` filled in."""
        errors: list[tuple[str, dict[str, Any]]] = []
        bad: set[str] = set()
        names: list[str] = []
        for i, spec in enumerate(self.players):
            label = M.t("setup.player", n=i + 1)
            raw = spec["name"] if isinstance(spec["name"], str) else ""
            text = " ".join(raw.split())
            problem = name_problem(text)  # the engine's one rule for names
            if problem == "empty":
                errors.append(("setup.error.name_empty", {"player": label}))
            elif problem == "long":
                errors.append(("setup.error.name_long", {"player": label, "max": MAX_NAME_LENGTH}))
            elif problem is not None:  # control characters (the rest is stripped as typed)
                errors.append(("setup.error.name_control", {"player": label}))
            if problem is not None:
                bad.add(f"name-{i}")
            names.append(text)
        seen: dict[str, int] = {}
        for i, name in enumerate(names):
            if not name:
                continue
            key = name.casefold()
            if key in seen:
                errors.append(("setup.error.name_twice", {"name": name}))
                bad.update({f"name-{i}", f"name-{seen[key]}"})
            else:
                seen[key] = i
        colours = [c for spec in self.players for c in spec["colours"]]
        for c in set(colours):
            if colours.count(c) > 1:
                errors.append(("setup.error.colour_twice", {"colour": M.colour(c)}))
                bad.add("colours")
        seats = [spec["seat"] for spec in self.players]
        for seat in set(seats):
            if seats.count(seat) > 1:
                errors.append(("setup.error.seat_twice", {"seat": M.seat(seat)}))
                bad.add("seats")
        if errors:
            self.errors, self.bad_fields = errors, bad
            return None
        try:
            settings = Settings(
                players=tuple(PlayerSpec(names[i], tuple(spec["colours"]), spec["seat"],
                                         controller_id(spec["controller"]))
                              for i, spec in enumerate(self.players)),
                rounds=self.rounds,
                start_player=None if self.start == "random" else int(self.start),
                tie_break=self.tie_break, godzilla=self.godzilla,
                progressive=self.progressive, anti_trust=self.anti_trust,
                secret_selection=self.secret_selection)
        except SettingsError as error:
            self.errors, self.bad_fields = [("setup.error.other", {"detail": str(error)})], set()
            return None
        self.errors, self.bad_fields = [], set()
        return settings

    @classmethod
    def from_settings(cls, settings: Settings, controllers: tuple[str, ...]) -> SetupForm:
        """A form filled in like an earlier game (for "New game" after a game)."""
        form = cls(controllers)
        form.set_count(settings.player_count)
        for i, p in enumerate(settings.players):
            level = find_level(p.controller) if p.controller in controllers else None
            auto = M.is_default_name(i, p)  # generated (in any language): follows the language
            form.players[i] = {"name": default_name(i, level) if auto else p.name,
                               "colours": list(p.colours), "seat": p.seat,
                               "controller": level, "auto": auto}
        form.rounds = settings.round_count
        form.start = "random" if settings.start_player is None else str(settings.start_player)
        form.tie_break = settings.tie_break
        form.godzilla = settings.godzilla
        form.progressive = settings.progressive
        form.anti_trust = settings.anti_trust
        form.secret_selection = settings.secret_selection
        return form

    @classmethod
    def from_pref(cls, kept: Any, controllers: tuple[str, ...]) -> SetupForm | None:
        """A form filled in like the last table used (:func:`table_pref`), or None when the
        preference is missing or not a table this version can start (untrusted: it comes
        from the storage or an old version)."""
        if not isinstance(kept, dict):
            return None
        try:
            settings = Settings.from_json(kept.get("settings"))
        except (SettingsError, TypeError, ValueError):
            return None
        form = cls.from_settings(settings, controllers)
        form.hints = kept.get("hints") is True
        return form
