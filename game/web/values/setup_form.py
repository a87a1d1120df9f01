"""The new-game form as a frozen value, its one update and its validation
into engine :class:`Settings`.

:func:`update` is the form's one door: ``(form, action) -> (form, effects)``, its actions
the small frozen values :class:`SetCount`, :class:`SetField` and :class:`Relabel` (the
taps ``setup-count`` and ``field``, a change of language); the form asks nothing of the
browser, so its effects are the empty tuple. :func:`validated` checks the form when the game
is started and returns it with its errors marked.

Errors are catalogue ids with parameters, so the screen can show them in any language; the
fields they concern are named so the screen can mark them. Who plays a seat is read from
the select's value (or the earlier game's settings) once: None for a person, else a
:class:`~game.ai.Level`; the frame and the settings get its id back (:func:`controller_id`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
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
from .. import messages

ONE_COLOUR_DEFAULTS = ("blue", "red", "yellow", "purple")
TWO_COLOUR_DEFAULTS = (("blue", "red"), ("yellow", "purple"))
OPTION_FLAGS = ("tie_break", "progressive", "anti_trust", "secret_selection", "hints")
ALONE_LEVEL = SEARCH_1
"""The computer level of "Play alone" (medium: quick on a phone, not a pushover)."""
HUMAN = "human"
"""A person's ``PlayerSpec.controller`` (and the select's value for one)."""
TABLE_PREF = "table"
"""The preference that keeps the last table used: a new game starts from it."""


def controller_id(level: Level | None) -> str:
    """What the settings and the select hold for a seat: ``"human"`` or the level's id."""
    return HUMAN if level is None else level.id


default_name = messages.default_name
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


Problem = tuple[str, dict[str, Any]]
"""An error of the form: a catalogue id and its parameters."""


@dataclass(frozen=True)
class SeatForm:
    """One seat of the form. ``controller``: None for a person, else the computer's level;
    ``auto``: the name is ours (it follows the level and the language) until typed."""

    name: str
    colours: tuple[str, ...]
    seat: str
    controller: Level | None = None
    auto: bool = True


@dataclass(frozen=True)
class SetupForm:
    """The values of the setup screen. Changing one never loses the others. Made blank by
    :meth:`blank`, like an earlier game by :meth:`from_settings`, like the last table by
    :meth:`from_pref`; changed only by :func:`update` and :func:`validated`."""

    controllers: tuple[str, ...] = (HUMAN,)
    count: int = 4
    players: tuple[SeatForm, ...] = ()
    start: str = "random"
    rounds: int = 4
    tie_break: bool = True
    godzilla: str = "off"
    progressive: bool = False
    anti_trust: bool = False
    secret_selection: bool = False
    hints: bool = False  # not a rule: the save's meta.coach (game.web.thinking.coach)
    errors: tuple[Problem, ...] = ()
    bad_fields: frozenset[str] = frozenset()

    @classmethod
    def blank(cls, controllers: tuple[str, ...] = (HUMAN,)) -> SetupForm:
        """The form of a first visit: four people, the standard game."""
        return counted(cls(controllers), 4)

    @classmethod
    def from_settings(cls, settings: Settings, controllers: tuple[str, ...]) -> SetupForm:
        """A form filled in like an earlier game (for "New game" after a game). A computer
        of a named level the page no longer offers (or never offered: a save made by the
        command line) keeps its level, offered beside the page's for that seat's choice,
        rather than becoming a person."""
        kept = (p.played_by for p in settings.players
                if p.played_by not in controllers and find_level(p.played_by) is not None)
        controllers = tuple(dict.fromkeys((*controllers, *kept)))
        seats = []
        for i, p in enumerate(settings.players):
            level = find_level(p.played_by) if p.played_by in controllers else None
            auto = messages.is_default_name(i, p)  # generated (in any language): follows the language
            seats.append(SeatForm(default_name(i, level) if auto else p.name,
                                  tuple(p.colours), p.seat, level, auto))
        return replace(
            counted(cls(controllers), settings.player_count), players=tuple(seats),
            rounds=settings.round_count,
            start="random" if settings.start_player is None else str(settings.start_player),
            tie_break=settings.tie_break, godzilla=settings.godzilla,
            progressive=settings.progressive, anti_trust=settings.anti_trust,
            secret_selection=settings.secret_selection)

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
        return replace(cls.from_settings(settings, controllers), hints=kept.get("hints") is True)


# ------------------------------------------------------------------ the actions

@dataclass(frozen=True)
class SetCount:
    """The number of players (the tap ``setup-count``)."""

    count: int


@dataclass(frozen=True)
class SetField:
    """One field changed (the change ``field``): a seat's (``player``) or the game's."""

    field: str
    value: Any
    player: int | None = None


@dataclass(frozen=True)
class Relabel:
    """The language changed to ``language``: names nobody typed follow it."""

    language: str


@dataclass(frozen=True)
class ShowProblem:
    """A problem that is not the form's own (the storage refused the game)."""

    problem: Problem


@dataclass(frozen=True)
class Fill:
    """The form replaced: filled in like the open game or the last table used, or with its
    problems marked by :func:`validated` ("Start the game")."""

    form: SetupForm


SetupAction = SetCount | SetField | Relabel | ShowProblem | Fill
"""Everything that changes the form."""


def update(form: SetupForm, action: SetupAction) -> tuple[SetupForm, tuple[()]]:
    """The form's one update: the new form, and its effects: none (the form asks nothing
    of the browser, and its type says so, so a caller may drop them)."""
    if isinstance(action, SetCount):
        return counted(form, action.count), ()
    if isinstance(action, SetField):
        return _field_set(form, action.field, action.value, action.player), ()
    if isinstance(action, ShowProblem):
        return with_problem(form, action.problem), ()
    if isinstance(action, Fill):
        return action.form, ()
    with messages.speaking(action.language):
        return _relabelled(form), ()


# ------------------------------------------------------------------ pure updates

def counted(form: SetupForm, count: int) -> SetupForm:
    """The form for ``count`` players: each seat keeps who plays it and a typed name, and
    gets its colours and seat by default; the rounds and the start follow the count."""
    if count not in (2, 3, 4):
        return form
    old = form.players
    players = []
    for i in range(count):
        prev = old[i] if i < len(old) else None
        colours = TWO_COLOUR_DEFAULTS[i] if count == 2 else (ONE_COLOUR_DEFAULTS[i],)
        controller = prev.controller if prev is not None else None
        auto = prev.auto if prev is not None else True
        name = default_name(i, controller) if auto or prev is None else prev.name
        players.append(SeatForm(name, colours, DEFAULT_SEATS[count][i], controller, auto))
    rounds = form.rounds
    if count != len(old) or rounds not in rounds_choices(count):
        rounds = rounds_choices(count)[0]  # the standard count for this table
    start = form.start if form.start == "random" or int(form.start) < count else "random"
    return replace(form, count=count, players=tuple(players), rounds=rounds, start=start,
                   errors=(), bad_fields=frozenset())


def _field_set(form: SetupForm, field: str, value: Any, player: int | None) -> SetupForm:
    """One field changed. Colours and seats swap with the player who had them."""
    if player is not None:
        if not 0 <= player < form.count:
            return form
        return replace(form, players=_seat_set(form, form.players[player], player, field, value))
    if field == "count":
        return counted(form, int(value))
    if field == "start":
        if value == "random" or (str(value).isdigit() and int(value) < form.count):
            return replace(form, start=str(value))
    elif field == "rounds":
        if str(value).isdigit() and int(value) in rounds_choices(form.count):
            return replace(form, rounds=int(value))
    elif field == "godzilla":
        if value in GODZILLA_MODES:
            return replace(form, godzilla=value)
    elif field in OPTION_FLAGS:
        flags: dict[str, Any] = {field: bool(value) and value not in ("false", "0", "off")}
        return replace(form, **flags)
    return form


def _seat_set(form: SetupForm, spec: SeatForm, player: int, field: str, value: Any
              ) -> tuple[SeatForm, ...]:
    players = form.players
    if field == "name":
        # Bidirectional controls and lone surrogates are stripped as typed: a name never
        # turns the sentences it is put in (the engine's rule, neutralised here).
        name = neutralise_name(str(value))[:MAX_NAME_LENGTH * 4]
        return _with(players, player, replace(spec, name=name, auto=False))
    if field in ("colour0", "colour1"):
        k = int(field[-1])
        if value not in COLOURS or k >= len(spec.colours):
            return players
        old = spec.colours[k]
        swapped = tuple(replace(other, colours=tuple(old if c == value else c
                                                     for c in other.colours))
                        for other in players)
        mine = swapped[player]
        return _with(swapped, player, replace(
            mine, colours=tuple(value if j == k else c for j, c in enumerate(mine.colours))))
    if field == "seat":
        if value not in SEATS:
            return players
        swapped = tuple(replace(other, seat=spec.seat) if other.seat == value else other
                        for other in players)
        return _with(swapped, player, replace(swapped[player], seat=value))
    if field == "controller":
        level = find_level(str(value))
        if value in form.controllers and (value == HUMAN or level is not None):
            name = default_name(player, level) if spec.auto else spec.name
            return _with(players, player, replace(spec, controller=level, name=name))
    return players


def _with(players: tuple[SeatForm, ...], i: int, spec: SeatForm) -> tuple[SeatForm, ...]:
    return players[:i] + (spec,) + players[i + 1:]


def _relabelled(form: SetupForm) -> SetupForm:
    """Names nobody typed follow the language (after a language switch)."""
    return replace(form, players=tuple(
        replace(spec, name=default_name(i, spec.controller)) if spec.auto else spec
        for i, spec in enumerate(form.players)))


def with_problem(form: SetupForm, problem: Problem) -> SetupForm:
    """The form showing one problem that is not its own (the storage refused the game)."""
    return replace(form, errors=(problem,))


# ------------------------------------------------------------------ validation

def validated(form: SetupForm) -> tuple[SetupForm, Settings | None]:
    """Settings for the engine, or None; the form returned with its ``errors`` and
    ``bad_fields`` filled in (emptied when it is valid)."""
    errors: list[Problem] = []
    bad: set[str] = set()
    names: list[str] = []
    for i, spec in enumerate(form.players):
        label = messages.t("setup.player", n=i + 1)
        text = " ".join(spec.name.split())
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
    colours = [c for spec in form.players for c in spec.colours]
    for c in set(colours):
        if colours.count(c) > 1:
            errors.append(("setup.error.colour_twice", {"colour": messages.colour(c)}))
            bad.add("colours")
    seats = [spec.seat for spec in form.players]
    for seat in set(seats):
        if seats.count(seat) > 1:
            errors.append(("setup.error.seat_twice", {"seat": messages.seat(seat)}))
            bad.add("seats")
    if errors:
        return replace(form, errors=tuple(errors), bad_fields=frozenset(bad)), None
    try:
        settings = Settings(
            players=tuple(PlayerSpec(names[i], spec.colours, spec.seat,
                                     controller_id(spec.controller))
                          for i, spec in enumerate(form.players)),
            rounds=form.rounds,
            start_player=None if form.start == "random" else int(form.start),
            tie_break=form.tie_break, godzilla=form.godzilla,
            progressive=form.progressive, anti_trust=form.anti_trust,
            secret_selection=form.secret_selection)
    except SettingsError as error:
        other: Problem = ("setup.error.other", {"detail": str(error)})
        return replace(form, errors=(other,), bad_fields=frozenset()), None
    return replace(form, errors=(), bad_fields=frozenset()), settings
