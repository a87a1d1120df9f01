"""The statistics screen (issue 26.1): the people who play on this device and the results of
the games finished here (:mod:`game.web.saves.records`), and managing them: rename, merge,
forget, reset all.

The screen's own state is one frozen :class:`Stats` value (the person whose scores the
chart shows, a merge or a forget or the reset waiting for its confirmation, the last
refusal) changed by the pure functions below. The records themselves are never held here:
each change reads them fresh from the storage and writes them back at once
(:func:`~game.web.saves.records.update_records`), so another tab's game is never lost. The
handlers, each ``(controller, arguments)``, are listed in
:data:`game.web.model.ui_actions.ACTIONS`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...errors import SettingsError
from ..saves import records as R
from ..saves.kept_records import reset_records, update_records
from . import page as P
from .navigating import paged

if TYPE_CHECKING:
    from ..model.controller import Controller


@dataclass(frozen=True)
class Stats:
    chart: str | None = None
    """The person whose scores the chart shows (None: the most recent player)."""
    merge: tuple[str, str] | None = None
    """(drop, keep): a merge waiting for its confirmation."""
    forget: str | None = None
    """The person a forget waits to be confirmed for."""
    reset: bool = False
    """Reset all waits for its confirmation."""
    error: tuple[str, dict[str, Any]] | None = None
    """Why the last change was refused (a catalogue id)."""


CLOSED = Stats()


def merge_asked(s: Stats, drop: str, keep: str | None) -> Stats:
    return replace(CLOSED, chart=s.chart, merge=(drop, keep) if keep and keep != drop else None)


def forget_tapped(s: Stats, ident: str, confirmed: bool) -> tuple[Stats, bool]:
    """The first tap asks, the second (confirmed, same person) forgets."""
    if confirmed and s.forget == ident:
        return replace(CLOSED, chart=None if s.chart == ident else s.chart), True
    return replace(CLOSED, chart=s.chart, forget=ident), False


def reset_tapped(s: Stats, confirmed: bool) -> tuple[Stats, bool]:
    if confirmed and s.reset:
        return CLOSED, True
    return replace(CLOSED, chart=s.chart, reset=True), False


# ------------------------------------------------------------------ the handlers

def open_stats(c: Controller, args: None) -> None:
    """From the start screen or the final standings (whose game stays open behind)."""
    paged(c, P.ShowRules(False), P.Move("stats"))
    c.stats = CLOSED


def close_stats(c: Controller, args: None) -> None:
    paged(c, P.Move("play" if c.session is not None else "start"))
    c.stats = CLOSED


def show_person(c: Controller, ident: str) -> None:
    c.stats = replace(CLOSED, chart=ident)


def rename_person(c: Controller, args: tuple[str, str]) -> None:
    ident, name = args
    error: list[tuple[str, dict[str, Any]]] = []

    def change(records: R.Records) -> R.Records:
        try:
            return R.renamed(records, ident, name)
        except SettingsError as refusal:
            taken = "taken" in str(refusal)
            error.append(("stats.rename_taken" if taken else "stats.rename_bad", {}))
            return records

    saved = update_records(c.store, change)
    if not error and not saved:
        error.append(("stats.not_saved", {}))
    c.stats = replace(CLOSED, chart=c.stats.chart, error=error[0] if error else None)


def ask_merge(c: Controller, args: tuple[str, str | None]) -> None:
    c.stats = merge_asked(c.stats, *args)


def merge_people(c: Controller, args: None) -> None:
    pending = c.stats.merge
    if pending is None:
        return
    drop, keep = pending
    saved = update_records(c.store, lambda r: R.merged(r, keep, drop))
    c.stats = replace(CLOSED, chart=keep, error=None if saved else ("stats.not_saved", {}))


def cancel(c: Controller, args: None) -> None:
    c.stats = replace(CLOSED, chart=c.stats.chart)


def forget_person(c: Controller, args: tuple[str, bool]) -> None:
    c.stats, now = forget_tapped(c.stats, *args)
    if now and not update_records(c.store, lambda r: R.forgotten(r, args[0])):
        c.stats = replace(c.stats, error=("stats.not_saved", {}))


def reset_all(c: Controller, confirmed: bool) -> None:
    c.stats, now = reset_tapped(c.stats, confirmed)
    if now and not reset_records(c.store):
        c.stats = replace(c.stats, error=("stats.not_saved", {}))
