"""What the page does on the statistics screen's taps and the storage's answers to its
changes (its state and messages: :mod:`game.web.features.statistics`): pure, ``(model,
message) -> (model, effects)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from ..features import page
from ..features.rules import CloseRules
from ..features.statistics import (
    Close,
    ForgetTapped,
    MergeConfirmed,
    Merged,
    Problem,
    RenameTapped,
    ResetTapped,
    StatsClosed,
    StatsOpened,
    StatsTap,
    TapForget,
    TapReset,
    Told,
    forget_tapped,
    reset_tapped,
)
from ..saves.kept_records import FinishedHere, Forget, Merge, Rename, ResetAll
from ..values.answers import RecordsEdited
from ..values.effects import EditRecords
from .door import Stepped, steps
from .model import Model


def tapped(model: Model, tap: StatsTap) -> Stepped:
    """The statistics screen: the tap's change, and the records' changes it asks for."""
    match tap:
        case StatsOpened():
            return steps(model, CloseRules(), page.Move("stats"), Close())
        case StatsClosed():
            return steps(model, page.Move("play" if model.session is not None else "start"),
                         Close())
        case RenameTapped(ident, name):
            return model, (EditRecords(Rename(ident, name)),)
        case MergeConfirmed():
            if model.stats.merge is not None:
                drop, keep = model.stats.merge
                return model, (EditRecords(Merge(keep, drop)),)
        case ForgetTapped(ident, confirmed):
            now = forget_tapped(model.stats, ident, confirmed)[1]
            model, effects = steps(model, TapForget(ident, confirmed))
            return model, effects + ((EditRecords(Forget(ident)),) if now else ())
        case ResetTapped(confirmed):
            now = reset_tapped(model.stats, confirmed)[1]
            model, effects = steps(model, TapReset(confirmed))
            return model, effects + ((EditRecords(ResetAll()),) if now else ())
        case _:
            assert_never(tap)
    return model, ()


def answered(model: Model, answer: RecordsEdited, report: Callable[[str], None]) -> Stepped:
    """The storage's answer to a change of the records: the screen says when it was
    refused (a finished game's result is best effort: a console report)."""
    not_saved: Problem = ("stats.not_saved", {})
    match answer.edit:
        case Rename():
            if answer.refusal is not None:
                refused = "stats.rename_taken" if answer.refusal == "taken" else "stats.rename_bad"
                return steps(model, Told((refused, {})))
            return steps(model, Told(None if answer.saved else not_saved))
        case Merge(keep, _):
            return steps(model, Merged(keep, None if answer.saved else not_saved))
        case Forget() | ResetAll():
            if not answer.saved:
                return steps(model, Told(not_saved))
        case FinishedHere():
            if not answer.saved:
                report("the statistics could not be stored (storage full?): this game is not counted")
        case _:
            assert_never(answer.edit)
    return model, ()
