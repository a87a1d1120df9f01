"""What the page does on the statistics screen's taps and the storage's answers to its
changes (its state and messages: :mod:`game.web.features.statistics`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from ..features import page
from ..features.rules import CloseRules
from ..features.statistics import (
    Close,
    Effects,
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

if TYPE_CHECKING:
    from .holder import Holder


def tapped(c: Holder, tap: StatsTap) -> Effects:
    """The statistics screen: the tap's change, and the records' changes it asks for."""
    match tap:
        case StatsOpened():
            c.step(CloseRules(), page.Move("stats"), Close())
        case StatsClosed():
            c.step(page.Move("play" if c.session is not None else "start"), Close())
        case RenameTapped(ident, name):
            return (EditRecords(Rename(ident, name)),)
        case MergeConfirmed():
            if c.stats.merge is not None:
                drop, keep = c.stats.merge
                return (EditRecords(Merge(keep, drop)),)
        case ForgetTapped(ident, confirmed):
            now = forget_tapped(c.stats, ident, confirmed)[1]
            c.step(TapForget(ident, confirmed))
            return (EditRecords(Forget(ident)),) if now else ()
        case ResetTapped(confirmed):
            now = reset_tapped(c.stats, confirmed)[1]
            c.step(TapReset(confirmed))
            return (EditRecords(ResetAll()),) if now else ()
        case _:
            assert_never(tap)
    return ()


def answered(c: Holder, answer: RecordsEdited) -> Effects:
    """The storage's answer to a change of the records: the screen says when it was
    refused (a finished game's result is best effort: a console report)."""
    not_saved: Problem = ("stats.not_saved", {})
    match answer.edit:
        case Rename():
            if answer.refusal is not None:
                refused = "stats.rename_taken" if answer.refusal == "taken" else "stats.rename_bad"
                c.step(Told((refused, {})))
            else:
                c.step(Told(None if answer.saved else not_saved))
        case Merge(keep, _):
            c.step(Merged(keep, None if answer.saved else not_saved))
        case Forget() | ResetAll():
            if not answer.saved:
                c.step(Told(not_saved))
        case FinishedHere():
            if not answer.saved:
                c.report("the statistics could not be stored (storage full?): this game is not counted")
        case _:
            assert_never(answer.edit)
    return ()
