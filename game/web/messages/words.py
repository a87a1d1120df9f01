"""The game's words: names of colours, cities, seats and computer levels, piece counts,
why a save was refused, a refused move explained, and the rules help's outline."""

from __future__ import annotations

from typing import Any

from ...ai import Level, find_level
from .catalogue import has
from .formatting import t

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


def reason(error: BaseException) -> str:
    """Why a save, file, link or write was refused, for the page: the error's ``problem``
    said in the player's language. The error's own text stays English detail (logs, the
    command line); it never reaches a German or French page."""
    return problem(str(getattr(error, "problem", "damaged")), getattr(error, "step", None))


def colour(name: str) -> str:
    return t("colour." + name)


def letter(name: str) -> str:
    return t("letter." + name)


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


def level_short_name(level: Level) -> str:
    """A computer level's short name ("medium", in "Computer 2 (medium)")."""
    return t(level.short_key) if has(level.short_key) else level.id


def pieces_text(counts: tuple[int, ...] | list[int]) -> str:
    parts = [t("pieces.item", count=n, floors=f) for f, n in zip((1, 2, 3, 4), counts) if n]
    return t("pieces.sep").join(parts) if parts else t("pieces.none")


def explain(rule: str, params: dict[str, Any], colour_name: str | None = None) -> tuple[str, dict[str, Any]]:
    """The catalogue id and parameters that explain an IllegalAction to a player."""
    key = "rule." + rule
    if not has(key):
        return "rule.generic", {"rule": rule}
    shown = dict(params)
    if "owner" in shown and isinstance(shown["owner"], str):
        shown["owner"] = colour(shown["owner"])
    if isinstance(shown.get("colour"), str):
        shown["colour"] = colour(shown["colour"])
    elif colour_name is not None:
        shown["colour"] = colour(colour_name)
    if isinstance(shown.get("city"), int):
        shown["city"] = city(shown["city"])
    return key, shown

