"""What the page does on the sharing feature's taps and the storage's answers to them: a game
offered as a file or a link, imported, a backup offered and restored (the feature's own
state and messages: :mod:`game.web.features.files`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, assert_never

from ...errors import SaveError
from ...public_record import is_view_game
from .. import messages
from ..features import navigating as nav
from ..features import page
from ..features import playing as table
from ..features.files import (
    BackupTapped,
    CopyLink,
    CopyTapped,
    Effects,
    ExportTapped,
    ExportWhole,
    ExportWholeTapped,
    FilesTap,
    ImportFile,
    LinkTapped,
    RestoreFile,
    SendTapped,
    Sharing,
    ShowLink,
)
from ..features.navigating import ALLOWED_PREFS
from ..features.page import is_motion, is_speed, is_theme
from ..features.sounds import SOUND_PREF
from ..frames.frame import Downloaded
from ..saves.backup import RestoreReport, backup_name, backup_text
from ..saves.sharing import (
    export_name,
    from_fragment,
    import_text,
    link_fragment,
    shared_text,
)
from ..values import setup_form
from ..values.answers import (
    BackupRestored,
    ImportRefused,
    ImportStored,
    RestoreProgressed,
    RestoreRefused,
)
from ..values.effects import (
    Download,
    RestoreBackup,
    RestoreNext,
    ShareLink,
    StoreImported,
)
from . import opening
from .door import Stepped, put_game, steps, then
from .env import Env
from .model import Model


def tapped(env: Env, model: Model, tap: FilesTap) -> Stepped:
    """Files, links and backups: the tap's change, and the effects it asks for."""
    session = model.session
    match tap:
        case ExportTapped():
            if session is not None:
                game = session.game
                name = export_name(game, env.clock())
                model, effects = steps(model, table.CloseMenu(),  # (the game menu has it too)
                                       page.Notice(Downloaded("game" if session.state.is_over
                                                              else "view", name)))
                return model, effects + (Download(name, shared_text(game)),)
        case ExportWholeTapped(confirmed):
            if session is not None and not session.state.is_over \
                    and not is_view_game(session.game):
                now = env.clock()
                whole = steps(model, table.CloseMenu(), ExportWhole(confirmed, session.game, now))
                if confirmed:
                    return then(whole, page.Notice(Downloaded("whole", export_name(
                        session.game, now, whole=True))))
                return whole
        case LinkTapped():
            if session is not None:
                return steps(model, ShowLink(link_fragment(session.game)))
        case CopyTapped():
            url = share_url(model.sharing, env.params.get("url", ""))
            if url is not None:
                return steps(model, CopyLink(url))
        case SendTapped():
            url = share_url(model.sharing, env.params.get("url", ""))
            if url is not None and model.page.web_share:
                return model, (ShareLink(url, messages.t("share.share_title")),)
        case ImportFile(text):
            return import_file(model, text)
        case BackupTapped():
            now = env.clock()
            model, effects = steps(model, page.Notice(Downloaded("backup", backup_name(now))))
            return model, effects + (Download(backup_name(now), backup_text(env.store, now)),)
        case RestoreFile(text):
            return restore_file(model, text)
        case _:
            assert_never(tap)
    return model, ()


def share_url(sharing: Sharing, page_url: str) -> str | None:
    """The whole address of the link shown (the page's address, then the game), or None."""
    share = sharing.share
    if share is None:
        return None
    return f"{page_url}#{share}"


def import_file(model: Model, text: str | None) -> Stepped:
    """A game from a file: checked by
    replaying it; stored as a new game (nothing is overwritten) and opened, a finished
    one in its replay. A bad file (an empty one too): a message saying why."""
    try:
        if text is None:
            raise SaveError("the file is far too large to be a game", "too_large")
        game = import_text(text)
    except SaveError as error:
        return import_failed(model, messages.reason(error))
    return model, (StoreImported(game),)


def restore_file(model: Model, text: str | None) -> Stepped:
    """Restore a backup file. Games
    here are never overwritten by an older or different copy; the report says what was
    restored and skipped. A file refused as a whole changes nothing and says why. The
    games are restored one by one by the page's jobs (game/web/runtime/jobs.py), the start
    screen showing how far it is; a file chosen while one is restored is not read."""
    if model.home.restoring is not None:
        return model, ()
    left = steps(model, nav.ShowReport(None), nav.Leave())
    if text is None:
        too_large = SaveError("the file is far too large to be a backup", "too_large")
        return then(left, nav.Fail(("backup.restore_failed",
                                    {"reason": messages.reason(too_large)})))
    model, effects = left
    return model, effects + (RestoreBackup(text, ALLOWED_PREFS),)


def restore_turn(model: Model) -> Effects:
    """The restore under way goes one game further (the jobs give it its turns)."""
    return (RestoreNext(),) if model.home.restoring is not None else ()


def answered(env: Env, model: Model, answer: ImportStored | ImportRefused | RestoreProgressed
             | BackupRestored | RestoreRefused) -> Stepped:
    """The storage's answer to an import (the game opened, a finished one in its replay)
    or a restore (how far it is; at the end its report, and the preferences it brought
    taken at once)."""
    match answer:
        case ImportStored(ident, game):
            model, effects = steps(model, nav.Fail(None))
            (model, more), opened = opening.open_game(env, model, ident)
            effects += more
            if opened and game.state.is_over and not model.table.following.replaying:
                model, more = opening.open_replay(model)
                effects += more
            return model, effects
        case ImportRefused(reason):
            return import_failed(model, reason)
        case RestoreRefused(reason):
            return steps(model, nav.Fail(("backup.restore_failed", {"reason": reason})))
        case RestoreProgressed(done, total):
            started = steps(model, nav.Fail(None)) if done == 0 else (model, ())  # (the file read)
            return then(started, nav.RestoreUnderWay(nav.RestoreProgress(done, total)))
        case BackupRestored(report, prefs):
            return restored(model, report, prefs)
        case _:
            assert_never(answer)


def restored(model: Model, report: RestoreReport, prefs: Mapping[str, Any]) -> Stepped:
    """The restore is over: its report, and the settings it took (``prefs``: as stored
    now) in effect now."""
    reported = steps(model, nav.ShowReport(report))
    taken = report.settings
    lang = prefs.get("lang")
    language = messages.known_language(lang) if "lang" in taken and isinstance(lang, str) else None
    if language is not None:
        reported = then(reported, setup_form.Relabel(language))
    speed, motion, theme = prefs.get("speed"), prefs.get("motion"), prefs.get("theme")
    return then(reported, page.SetPrefs(
        speed=speed if "speed" in taken and is_speed(speed) else None,
        motion=motion if "motion" in taken and is_motion(motion) else None,
        theme=theme if "theme" in taken and is_theme(theme) else None,
        muted=prefs.get(SOUND_PREF) == "off" if SOUND_PREF in taken else None,
        language=language))


def open_link(model: Model, fragment: str) -> Stepped:
    try:
        game = from_fragment(fragment)
    except SaveError as error:
        return import_failed(model, messages.reason(error))
    return model, (StoreImported(game),)


def import_failed(model: Model, reason: messages.Said) -> Stepped:
    return then(put_game(model, None, None), nav.Fail(("share.import_failed", {"reason": reason})))
