"""A game as a file or a link, and a backup of every game (a state, pure updates, and its
taps as typed messages with their update :func:`tapped`, listed in
:data:`game.web.model.ui_actions.ACTIONS`). What a file or a link holds is decided in
:mod:`game.web.saves.sharing`; here is what the page does with it.

The open game's sharing is one frozen :class:`Sharing` value (the link shown, the warning
before the whole game leaves the device); a file to offer is a :class:`Download` effect."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, assert_never

from ...errors import SaveError
from ...match import Game
from ...public_record import is_view_game
from .. import messages as M
from ..model import setup_form
from ..model.answers import (
    BackupRestored,
    ImportRefused,
    ImportStored,
    RestoreProgressed,
    RestoreRefused,
)
from ..model.effects import (
    CopyText,
    Download,
    Effect,
    RestoreBackup,
    RestoreNext,
    ShareLink,
    StoreImported,
)
from ..saves.backup import RestoreReport, backup_name, backup_text
from ..saves.sharing import (
    export_name,
    export_text,
    from_fragment,
    import_text,
    link_fragment,
    shared_text,
)
from . import following, page
from . import navigating as nav
from . import playing as table
from .navigating import ALLOWED_PREFS
from .page import is_motion, is_speed, is_theme
from .sounds import SOUND_PREF

if TYPE_CHECKING:
    from ..model.controller import Controller


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


def tapped(c: Controller, tap: FilesTap) -> Effects:
    """Files, links and backups: the tap's change, and the effects it asks for."""
    session = c.session
    match tap:
        case ExportTapped():
            if session is not None:
                game = session.game
                c.step(table.CloseMenu())  # (the game menu has it too)
                return (Download(export_name(game, c.clock()), shared_text(game)),)
        case ExportWholeTapped(confirmed):
            if session is not None and not session.state.is_over \
                    and not is_view_game(session.game):
                c.step(table.CloseMenu(), ExportWhole(confirmed, session.game, c.clock()))
        case LinkTapped():
            if session is not None:
                c.step(ShowLink(link_fragment(session.game)))
        case CopyTapped():
            url = share_url(c)
            if url is not None:
                c.step(CopyLink(url))
        case SendTapped():
            url = share_url(c)
            if url is not None and c.page.web_share:
                return (ShareLink(url, M.t("share.share_title")),)
        case ImportFile(text):
            return import_file(c, text)
        case BackupTapped():
            now = c.clock()
            return (Download(backup_name(now), backup_text(c.store, now)),)
        case RestoreFile(text):
            return restore_file(c, text)
        case _:
            assert_never(tap)
    return ()


def share_url(c: Controller) -> str | None:
    """The whole address of the link shown (the page's address, then the game), or None."""
    share = c.sharing.share
    if share is None:
        return None
    return f"{c.params.get('url', '')}#{share}"


def import_file(c: Controller, text: str | None) -> Effects:
    """A game from a file: checked by
    replaying it; stored as a new game (nothing is overwritten) and opened, a finished
    one in its replay. A bad file (an empty one too): a message saying why."""
    try:
        if text is None:
            raise SaveError("the file is far too large to be a game", "too_large")
        game = import_text(text)
    except SaveError as error:
        import_failed(c, M.reason(error))
        return ()
    return (StoreImported(game),)


def restore_file(c: Controller, text: str | None) -> Effects:
    """Restore a backup file. Games
    here are never overwritten by an older or different copy; the report says what was
    restored and skipped. A file refused as a whole changes nothing and says why. The
    games are restored one by one by the page's jobs (game/web/runtime/jobs.py), the start
    screen showing how far it is; a file chosen while one is restored is not read."""
    if c.home.restoring is not None:
        return ()
    c.step(nav.ShowReport(None), nav.Leave())
    if text is None:
        too_large = SaveError("the file is far too large to be a backup", "too_large")
        c.step(nav.Fail(("backup.restore_failed", {"reason": M.reason(too_large)})))
        return ()
    return (RestoreBackup(text, ALLOWED_PREFS),)


def restore_turn(c: Controller) -> Effects:
    """The restore under way goes one game further (the jobs give it its turns)."""
    return (RestoreNext(),) if c.home.restoring is not None else ()


def answered(c: Controller, answer: ImportStored | ImportRefused | RestoreProgressed
             | BackupRestored | RestoreRefused) -> Effects:
    """The storage's answer to an import (the game opened, a finished one in its replay)
    or a restore (how far it is; at the end its report, and the preferences it brought
    taken at once)."""
    match answer:
        case ImportStored(ident, game):
            c.step(nav.Fail(None))
            if c.open_game(ident) and game.state.is_over and not c.table.following.replaying:
                following.open_replay(c)
        case ImportRefused(reason):
            import_failed(c, reason)
        case RestoreRefused(reason):
            c.step(nav.Fail(("backup.restore_failed", {"reason": reason})))
        case RestoreProgressed(done, total):
            if done == 0:  # the file was read: the restore starts
                c.step(nav.Fail(None))
            c.step(nav.RestoreUnderWay(nav.RestoreProgress(done, total)))
        case BackupRestored(report, prefs):
            restored(c, report, prefs)
        case _:
            assert_never(answer)
    return ()


def restored(c: Controller, report: RestoreReport, prefs: Mapping[str, Any]) -> None:
    """The restore is over: its report, and the settings it took (``prefs``: as stored
    now) in effect now."""
    c.step(nav.ShowReport(report))
    taken = report.settings
    lang = prefs.get("lang")
    if "lang" in taken and isinstance(lang, str):
        M.set_language(lang)
        c.step(setup_form.Relabel())
    speed, motion, theme = prefs.get("speed"), prefs.get("motion"), prefs.get("theme")
    c.step(page.SetPrefs(speed=speed if "speed" in taken and is_speed(speed) else None,
                      motion=motion if "motion" in taken and is_motion(motion) else None,
                      theme=theme if "theme" in taken and is_theme(theme) else None,
                      muted=prefs.get(SOUND_PREF) == "off" if SOUND_PREF in taken else None))


def open_link(c: Controller, fragment: str) -> Effects:
    try:
        game = from_fragment(fragment)
    except SaveError as error:
        import_failed(c, M.reason(error))
        return ()
    return (StoreImported(game),)


def import_failed(c: Controller, reason: M.Said) -> None:
    c.set_session(None, None)
    c.step(nav.Fail(("share.import_failed", {"reason": reason})))
