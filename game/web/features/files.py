"""A game as a file or a link, and a backup of every game (a state, pure updates, and its
taps as typed messages with their update :func:`tapped`, listed in
:data:`game.web.model.ui_actions.ACTIONS`). What a file or a link holds is decided in
:mod:`game.web.saves.sharing`; here is what the page does with it.

The open game's sharing is one frozen :class:`Sharing` value (the link shown, the warning
before the whole game leaves the device); a file to offer is a :class:`Download` effect."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, assert_never

from ...match import Game
from ..saves.sharing import (
    export_name,
    export_text,
)
from ..values.effects import (
    CopyText,
    Download,
    Effect,
)

if TYPE_CHECKING:
    pass


Effects = tuple[Effect, ...]


@dataclass(frozen=True)
class Sharing:
    share: str | None = None
    """The link (its fragment) of the game on screen, while it is shown."""
    whole_export_asked: bool = False
    """The warning before the whole of an unfinished game leaves the device is open."""
    copied: bool = False
    """The link shown was copied (its Copy button says so)."""


CLOSED = Sharing()


def whole_export_tapped(s: Sharing, confirmed: bool, game: Game,
                        now: float) -> tuple[Sharing, list[Effect]]:
    """The first tap asks (the warning), the confirming one offers the file."""
    if not confirmed:
        return replace(s, whole_export_asked=True), []
    return replace(s, whole_export_asked=False), [
        Download(export_name(game, now, whole=True), export_text(game))]


def link_copied(s: Sharing, url: str) -> tuple[Sharing, list[Effect]]:
    """The link's Copy button: the link to the clipboard, the button says it is done."""
    return replace(s, copied=True), [CopyText(url)]


# ------------------------------------------------------------------ the one door
# Sharing's actions, each a small frozen value, and :func:`update`, which the taps
# below call (the Elm architecture's ``update``).

@dataclass(frozen=True)
class ExportWhole:
    """The whole-game export tapped (``confirmed``: the warning's own button)."""

    confirmed: bool
    game: Game
    now: float


@dataclass(frozen=True)
class CancelWholeExport:
    pass


@dataclass(frozen=True)
class ShowLink:
    """The link of the game on screen (its fragment) shown."""

    fragment: str


@dataclass(frozen=True)
class CloseLink:
    pass


@dataclass(frozen=True)
class CopyLink:
    url: str


@dataclass(frozen=True)
class CloseSharing:
    """Another game (or none) is open: no link or warning of the last one stays."""


SharingAction = ExportWhole | CancelWholeExport | ShowLink | CloseLink | CopyLink | CloseSharing


def update(s: Sharing, action: SharingAction) -> tuple[Sharing, tuple[Effect, ...]]:
    """Sharing's one update: the new value and what it asks of the browser (a file, the
    clipboard)."""
    match action:
        case ExportWhole(confirmed, game, now):
            after, effects = whole_export_tapped(s, confirmed, game, now)
            return after, tuple(effects)
        case CancelWholeExport():
            return replace(s, whole_export_asked=False), ()
        case ShowLink(fragment):
            return replace(s, share=fragment, copied=False), ()
        case CloseLink():
            return replace(s, share=None, copied=False), ()
        case CopyLink(url):
            after, effects = link_copied(s, url)
            return after, tuple(effects)
        case CloseSharing():
            return CLOSED, ()
        case _:
            assert_never(action)


# ------------------------------------------------------------------ the taps
# The taps of files, links and backups, as typed messages (the action table parses
# straight into them; the others are :class:`Sharing`'s own actions), and :func:`tapped`,
# their update.

@dataclass(frozen=True)
class ExportTapped:
    """The game as a file: a finished game whole, an unfinished one's view
    (game/public_record.py)."""


@dataclass(frozen=True)
class ExportWholeTapped:
    """Continue on another device: the whole of an unfinished game as a file, after a
    warning that it shows every hand (the first tap asks, the confirming one saves)."""

    confirmed: bool


@dataclass(frozen=True)
class LinkTapped:
    """A link to the game's replay: a finished game whole, an unfinished one's view."""


@dataclass(frozen=True)
class CopyTapped:
    pass


@dataclass(frozen=True)
class SendTapped:
    """The link's Share button (where the browser has a share sheet)."""


@dataclass(frozen=True)
class ImportFile:
    """A game from a file (None: a file far larger than any game, not read)."""

    text: str | None


@dataclass(frozen=True)
class BackupTapped:
    """Every stored game and the settings offered as one file."""


@dataclass(frozen=True)
class RestoreFile:
    """A backup file to restore (None: a file far larger than any backup, not read)."""

    text: str | None


FilesTap = (ExportTapped | ExportWholeTapped | LinkTapped | CopyTapped | SendTapped | ImportFile
            | BackupTapped | RestoreFile)


