"""Errors the engine raises. Each names the rule it enforces so a UI can explain it."""

from __future__ import annotations

from typing import Any


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


class SaveError(ValueError):
    """A save or position that cannot be read or does not replay through the rules."""


class ReplayError(SaveError):
    """A logged step the rules refuse while a game is replayed (:meth:`Game.replay`).

    ``step`` counts from 1, as people count the lines of a log; ``kind`` is the step's type
    in the save format (None when the step is refused for where it stands rather than what
    it is)."""

    def __init__(self, step: int, kind: str | None, reason: str) -> None:
        where = f"step {step}" if kind is None else f"step {step} ({kind})"
        super().__init__(f"{where}: {reason}")
        self.step = step
        self.kind = kind
        self.reason = reason
