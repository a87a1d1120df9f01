"""The game's words: names of colours, cities, seats and computer levels, piece counts,
why a save was refused, a refused move explained, and the rules help's outline."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from ...ai import Level, find_level
from ...errors import SettingsError
from ...settings import PlayerSpec, Settings
from .catalogue import LANGUAGES, has, known_language, speaking
from .formatting import Said, t

RULES_HELP: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rules.goal.h", ("rules.goal.1",)),
    ("rules.material.h", ("rules.material.1",)),
    ("rules.seats.h", ("rules.seats.1", "rules.seats.2", "rules.seats.3")),
    ("rules.round.h", ("rules.round.1", "rules.round.5", "rules.round.2", "rules.round.3",
                       "rules.round.4")),
    ("rules.scoring.h", ("rules.scoring.1", "rules.scoring.2", "rules.scoring.3")),
    ("rules.two.h", ("rules.two.1",)),
    ("rules.end.h", ("rules.end.1",)),
    ("rules.variants.h", ("rules.variants.1", "rules.variants.2", "rules.variants.3",
                          "rules.variants.4", "rules.variants.5", "rules.variants.6")),
    ("rules.app.h", ("rules.app.1", "rules.app.2", "rules.app.3")),
)
"""The in-app rules help: (heading id, paragraph ids), in order."""


def problem(problem: str, step: int | None = None) -> str:
    """What is wrong with a save, file or link (:data:`game.errors.SaveProblem`), or that the
    browser refused to store (``"storage"``), in the player's language."""
    if problem == "refused_step" and step is not None:
        return t("reason.refused_step", step=step)
    key = "reason." + problem
    return t(key if problem != "refused_step" and has(key) else "reason.damaged")


def reason(error: BaseException) -> Said:
    """Why a save, file, link or write was refused, for the page: the error's ``problem``
    said in the player's language, kept as its message id so that a banner still on screen
    after a change of language says it in the new one. The error's own text
    stays English detail (logs, the command line); it never reaches a German or French
    page."""
    problem = str(getattr(error, "problem", "damaged"))
    step = getattr(error, "step", None)
    if problem == "refused_step" and step is not None:
        return Said("reason.refused_step", {"step": step})
    key = "reason." + problem
    return Said(key if problem != "refused_step" and has(key) else "reason.damaged")


def colour(name: str) -> str:
    return t("colour." + name)


def city(index: int) -> str:
    return t(f"city.{index}")


def seat(name: str) -> str:
    return t("seat." + name)


def controller_label(controller: str) -> str:
    """"Person" or a computer level's name, for the id a seat's settings hold (``random``,
    ``greedy``, ``search:N``, ``heuristic``); an unknown computer id is shown as itself."""
    if controller == "human":
        return t("setup.human")
    level = find_level(controller)
    return level_name(level) if level is not None else t("ai.generic", id=controller)


def level_name(level: Level) -> str:
    """A computer level's name in a list of players ("Computer: medium")."""
    return t(level.name_key) if has(level.name_key) else t("ai.generic", id=level.id)


def level_description(controller: str) -> str | None:
    """What a computer level is measured to be, in plain words, for the setup screen (the
    English is :mod:`game.ai.strength`'s); None for a person or a level without one."""
    level = find_level(controller)  # None for "human", which names no level
    if level is None or not has(level.description_key):
        return None
    return t(level.description_key)


def level_short_name(level: Level) -> str:
    """A computer level's short name ("medium", in "Computer 2 (medium)")."""
    return t(level.short_key) if has(level.short_key) else level.id


def default_name(index: int, level: Level | None) -> str:
    """The name a seat gets until someone types one, in the language in use: "Player 2"
    for a person (None), "Computer 2 (medium)" for a computer."""
    if level is None:
        return t("setup.default_name", n=index + 1)
    return t("setup.cpu_name", n=index + 1, level=level_short_name(level))


EARLIER_CPU_NAMES = {"fr": ("IA {n} ({level})",)}
"""Generated computer names an earlier catalogue gave (stored as shown at setup): still
generated, so they are drawn in the words of today (French says "ordinateur" throughout,
no longer "IA")."""


@lru_cache(maxsize=256)
def _default_names(index: int, controller: str) -> frozenset[str]:
    """Seat ``index``'s default name for ``controller`` in every language (casefolded)."""
    level = None if controller == "human" else find_level(controller)
    if level is None and controller != "human":
        return frozenset()
    names = set()
    for code in LANGUAGES:
        with speaking(known_language(code)):
            names.add(default_name(index, level).casefold())
            if level is not None:
                names.update(form.format(n=index + 1, level=level_short_name(level)).casefold()
                             for form in EARLIER_CPU_NAMES.get(code, ()))
    return frozenset(names)


def is_default_name(index: int, spec: PlayerSpec) -> bool:
    """Whether ``spec``'s name is the one this seat gets by default in some language (a
    generated name: "Computer 4 (medium)", "Computer 4 (mittel)", "Spieler 2"...), not one
    a person typed. Names are stored as shown at setup, so a save of any age is read by
    this recognition; a name that fits another seat or another level is a typed one."""
    return spec.name.casefold() in _default_names(index, spec.played_by)


def player_name(index: int, spec: PlayerSpec) -> str:
    """A player's name as shown now: a generated one in the language in use, a typed one
    as typed."""
    if is_default_name(index, spec):
        return default_name(index, None if spec.played_by == "human"
                            else find_level(spec.played_by))
    return spec.name


def shown_settings(settings: Settings) -> Settings:
    """``settings`` with each generated name in the language in use (:func:`player_name`);
    the same object when nothing changes, or when the names shown would clash."""
    players = tuple(replace(p, name=player_name(i, p)) for i, p in enumerate(settings.players))
    if players == settings.players:
        return settings
    try:
        return replace(settings, players=players)
    except SettingsError:  # e.g. a typed "Spieler 2" beside a generated "Player 2"
        return settings


def pieces_text(counts: tuple[int, ...] | list[int]) -> str:
    parts = [t("pieces.item", count=n, floors=f) for f, n in zip((1, 2, 3, 4), counts) if n]
    return t("pieces.sep").join(parts) if parts else t("pieces.none")


def explain(rule: str, params: dict[str, Any], colour_name: str | None = None) -> tuple[str, dict[str, Any]]:
    """The catalogue id and parameters that explain an IllegalAction to a player."""
    key = "rule." + rule
    if not has(key):
        return "rule.generic", {"rule": rule}
    shown = dict(params)  # words as ids (Said): a notice is drawn in the language of then
    if "owner" in shown and isinstance(shown["owner"], str):
        shown["owner"] = Said("colour." + shown["owner"])
    if isinstance(shown.get("colour"), str):
        shown["colour"] = Said("colour." + shown["colour"])
    elif colour_name is not None:
        shown["colour"] = Said("colour." + colour_name)
    if isinstance(shown.get("city"), int):
        shown["city"] = Said(f"city.{shown['city']}")
    return key, shown

