"""Errors the engine raises. Each names the rule it enforces so a UI can explain it."""

from __future__ import annotations

from typing import Any, Literal


class IllegalAction(ValueError):
    """An action the rules forbid in this state. The state is left unchanged.

    ``rule`` is a stable identifier (e.g. ``"floor-condition"``) that a user interface maps
    to its own message catalogue; ``params`` carries the numbers that message needs;
    ``str(error)`` is a plain English sentence for logs and the command line.
    """

    def __init__(self, rule: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.rule = rule
        self.params = params


class SettingsError(ValueError):
    """Settings that do not describe a playable game (wrong player count, seats, names...)."""


SaveProblem = Literal["damaged", "missing", "too_large", "not_text", "not_json", "too_deep",
                      "not_a_save", "newer_version", "refused_step", "unfinished", "bad_link",
                      "empty", "not_a_backup"]
"""What is wrong with a save, file or link, for the people at the table: the page says it in
their language (``reason.<problem>`` in the catalogue); the message is the detail, in English,
for maintainers and the command line."""


class SaveError(ValueError):
    """A save or position that cannot be read or does not replay through the rules."""

    def __init__(self, message: str, problem: SaveProblem = "damaged") -> None:
        super().__init__(message)
        self.problem: SaveProblem = problem


class ReplayError(SaveError):
    """A logged step the rules refuse while a game is replayed (:meth:`Game.replay`).

    ``step`` counts from 1, as people count the lines of a log; ``kind`` is the step's type
    in the save format (None when the step is refused for where it stands rather than what
    it is)."""

    def __init__(self, step: int, kind: str | None, reason: str) -> None:
        where = f"step {step}" if kind is None else f"step {step} ({kind})"
        super().__init__(f"{where}: {reason}", "refused_step")
        self.step = step
        self.kind = kind
        self.reason = reason
