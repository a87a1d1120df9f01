"""Back up every saved game (and the settings) to one file; restore such a file.

Why: Safari may erase a site's storage after 7 days without a visit, and a Home Screen web
app keeps its games apart from the browser tab's. One file the person keeps (or carries from
the tab to the Home Screen app) is the way back. The format is in docs/save-format.md
("Backup").

A backup file is untrusted input (it may be hand-edited, truncated or something else
entirely), read with the same checks as an import:

* the whole file through the engine's one JSON guard (:func:`game.untrusted.parse_json`:
  size, UTF-8, nesting), with a limit of :data:`MAX_BACKUP_CHARS` (it holds many games);
* then each game on its own exactly as an imported file (:func:`game.web.saves.sharing.import_text`:
  the same guard with a single game's limit, then the engine's replay of every step). A game
  that fails is skipped with its reason; the others are still restored.

Restoring never overwrites or deletes a game silently. A game already present is kept when
it is the same game, has gone further, or differs; it is replaced only by the backup's copy
of the *same* game that has gone further (the one here is a beginning of it: nothing is
lost). The :class:`RestoreReport` says what was restored, what was skipped and why, the
results the statistics took, skipped (counted here already) and refused (each checked like a
save: :func:`game.web.saves.records.merged_backup`), and what the storage refused to keep. A
file refused as a whole raises :class:`~game.errors.SaveError` before anything is written.

A restore is a :class:`Restoring`, one game per :meth:`Restoring.step`: a backup of hundreds
of games replays every one of them, so the page runs the steps in slices and shows how far
it is (:func:`restore` runs them all at once).
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from ... import save as game_save
from ... import untrusted
from ...errors import SaveError
from ...match import Game
from ...settings import PlayerSpec
from .backup_records import BackupMerge, RecordProblem, merged_backup
from .kept_records import load_records, update_records
from .records import Records, game_result, records_data
from .sharing import import_text
from .storage import APP_VERSION, SaveStore, StorageError, is_newer, parse_json

FORMAT = "manhattan-backup"
VERSION = 1
MAX_BACKUP_CHARS = 16_000_000
"""Longest backup accepted: a browser stores ~5 million characters per site (localStorage),
so a backup of everything it can hold is well below this."""
MAX_GAMES = 2_000
"""More games than a browser's storage can hold: a longer list is not a real backup."""
_ID = re.compile(r"[0-9a-z][0-9a-z-]{0,39}")

SkipReason = Literal["same", "further_here", "differs", "damaged_here", "newer_here",
                     "invalid", "storage"]
"""Why a game of the backup was not restored (``backup.skip.<reason>`` in the catalogue):
the same game is here already; the copy here has gone further; a different game has the
same id here; the save here with that id does not load (it is kept as it is); a newer
version of the app wrote the save here; the backup's game fails the import checks
(``problem`` says why); the browser refused to store it."""


@dataclass(frozen=True)
class Restored:
    players: tuple[PlayerSpec, ...]
    """The game's players, for people to recognise it: the report names them in the
    language in use when it is drawn (a generated name such as "Computer 2 (mittel)" is
    said in the page's language, not the game's)."""
    updated: bool = False
    """True: it replaced a copy here that had not gone as far."""

    @property
    def label(self) -> str:
        """The players' names as stored ("Ann, Bob, Cy")."""
        return ", ".join(p.name for p in self.players)


@dataclass(frozen=True)
class Skipped:
    players: tuple[PlayerSpec, ...]
    """The game's players, or none when it does not load (the screen then numbers it)."""
    why: SkipReason
    problem: str = ""
    """For ``invalid``: what is wrong (:data:`game.errors.SaveProblem`)."""
    number: int = 0
    """Its place in the backup's list, from 1."""

    @property
    def label(self) -> str:
        """The players' names as stored, "" for a game that does not load."""
        return ", ".join(p.name for p in self.players)


@dataclass(frozen=True)
class ResultsTaken:
    """What became of the backup's game results (the statistics)."""

    added: int = 0
    skipped: int = 0
    """Counted here already (the same game's id)."""
    refused: tuple[tuple[RecordProblem, int], ...] = ()
    """Each reason (``records.refused.<reason>``) with its count."""
    not_stored: int = 0
    """Results that passed the checks but the storage refused to keep (none added)."""


@dataclass(frozen=True)
class RestoreReport:
    restored: tuple[Restored, ...]
    skipped: tuple[Skipped, ...]
    settings: tuple[str, ...] = ()
    """The preferences taken from the backup (only those not set here) and stored."""
    settings_not_stored: bool = False
    """The backup had preferences to take, but the storage refused them: none taken."""
    results: ResultsTaken = ResultsTaken()


# ------------------------------------------------------------------- writing
def backup_data(store: SaveStore, when: float) -> dict[str, Any]:
    """Every stored game and the preferences as one document. A stored save is kept as it
    is (even one that does not load, or a newer version's): the backup loses nothing."""
    games: list[dict[str, Any]] = []
    for ident in store.ids():
        text = store.raw(ident)
        if text is None:
            continue
        try:
            games.append({"id": ident, "save": parse_json(text)})
        except SaveError:  # not even JSON: kept as the text it is
            games.append({"id": ident, "text": text})
    return {"format": FORMAT, "version": VERSION, "app_version": APP_VERSION,
            "created": int(when), "settings": store.prefs(), "games": games,
            "records": records_data(load_records(store))}


def backup_text(store: SaveStore, when: float) -> str:
    return json.dumps(backup_data(store, when), separators=(",", ":"), ensure_ascii=False)


def backup_name(when: float) -> str:
    """``manhattan-backup-<date>.json``."""
    return "manhattan-backup-%s.json" % datetime.fromtimestamp(when, tz=UTC).strftime("%Y-%m-%d")


# ------------------------------------------------------------------- reading
def parse_backup(text: str | bytes | None) -> tuple[dict[str, Any], list[Any]]:
    """The backup's settings and list of games; SaveError (nothing written) for a file that
    is empty, too large, not JSON, nested too deeply or not a backup of this game."""
    data = _backup_document(text)
    settings = data.get("settings", {})
    return (settings if isinstance(settings, dict) else {}), data["games"]


def _backup_document(text: str | bytes | None) -> dict[str, Any]:
    if not text or (isinstance(text, str) and not text.strip()):
        raise SaveError("the file is empty", "empty")
    data = untrusted.parse_json(text, "the backup", max_chars=MAX_BACKUP_CHARS)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"not a Manhattan backup (format should be {FORMAT!r})", "not_a_backup")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("the backup has no version", "not_a_backup")
    if version > VERSION:
        raise SaveError("a newer version of the game wrote this backup", "newer_version")
    games = data.get("games")
    if not isinstance(games, list):
        raise SaveError("the backup has no list of games", "not_a_backup")
    if len(games) > MAX_GAMES:
        raise SaveError(f"the backup lists more than {MAX_GAMES} games", "too_large")
    return data


class Restoring:
    """A restore under way: the file checked as a whole (SaveError at once, nothing
    written), then one game of it per :meth:`step`, then :meth:`finish` (the results and
    the settings). ``allowed_prefs``: each preference the app knows, with its valid values;
    any other is ignored."""

    def __init__(self, store: SaveStore, text: str | bytes | None,
                 allowed_prefs: Mapping[str, Collection[str]]) -> None:
        data = _backup_document(text)
        settings = data.get("settings", {})
        self.store = store
        self.settings: Mapping[str, Any] = settings if isinstance(settings, dict) else {}
        self.allowed = allowed_prefs
        self.games: list[Any] = data["games"]
        self.records: Any = data.get("records")  # older backups have none
        self.done = 0
        self.restored: list[Restored] = []
        self.skipped: list[Skipped] = []
        entries = store.entries()
        self.known = {found for entry in entries if entry.game is not None
                      and (found := _identity(game_save.to_save(entry.game))) is not None}
        self.here: dict[str, Game | None] = {entry.id: entry.game for entry in entries}
        """Every game stored here by id (None: it does not load), kept up to date."""

    @property
    def total(self) -> int:
        return len(self.games)

    def step(self) -> bool:
        """Restore the next game of the backup; True when none is left."""
        if self.done < self.total:
            self.done += 1
            result = self._one(self.games[self.done - 1], self.done)
            if isinstance(result, Restored):
                self.restored.append(result)
            else:
                self.skipped.append(result)
        return self.done >= self.total

    def finish(self) -> RestoreReport:
        """The backup's results and settings taken, and the report of the whole restore."""
        now = self.store.clock()
        here = {ident: game_result(ident, game, 0) if game is not None and game.state.is_over
                else None for ident, game in self.here.items()}
        merge = BackupMerge(load_records(self.store))

        def change(mine: Records) -> Records:
            nonlocal merge
            merge = merged_backup(mine, self.records, now, here)
            return merge.records

        kept = update_records(self.store, change)
        results = ResultsTaken(merge.added if kept else 0, merge.skipped, merge.refused,
                               0 if kept else merge.added)
        taken, refused = _restore_prefs(self.store, self.settings, self.allowed)
        return RestoreReport(tuple(self.restored), tuple(self.skipped), taken, refused, results)

    def _one(self, item: Any, number: int) -> Restored | Skipped:
        store = self.store
        try:
            game = _checked_game(item)
        except SaveError as error:
            return Skipped((), "invalid", str(error.problem), number)
        label = game.settings.players
        identity = _identity(game_save.to_save(game))
        if identity in self.known:
            return Skipped(label, "same", number=number)
        self.known.add(identity or "")
        ident = item.get("id") if isinstance(item, dict) else None
        ident = ident if isinstance(ident, str) and _ID.fullmatch(ident) else None
        try:
            if ident is not None and store.raw(ident) is not None:
                result, game = _merge(store, ident, game, label, number)
            else:
                ident = ident if ident is not None else store.new_id()
                game = store.save(ident, game, new=True, keep_time=True).game  # its own time
                result = Restored(label)
        except StorageError:
            return Skipped(label, "storage", number=number)
        if isinstance(result, Restored):
            self.here[ident] = game
            store.remember(ident, game)
        return result


def restore(store: SaveStore, text: str | bytes | None,
            allowed_prefs: Mapping[str, Collection[str]]) -> RestoreReport:
    """Restore a backup into ``store`` at once (see the module's docstring for what is
    kept). Raises SaveError before writing anything when the file is refused as a whole."""
    restoring = Restoring(store, text, allowed_prefs)
    while not restoring.step():
        pass
    return restoring.finish()


def _identity(data: Any) -> str | None:
    """What makes two saves the same game (settings, seed, log), as comparable text."""
    if not isinstance(data, dict):
        return None
    return json.dumps([data.get("settings"), data.get("seed"), data.get("log")], sort_keys=True)


def _checked_game(item: Any) -> Game:
    """One game of the backup through the same checks as an imported file."""
    if not isinstance(item, dict):
        raise SaveError("a game of the backup must be an object", "not_a_save")
    if "text" in item:
        text = item["text"]
        if not isinstance(text, str):
            raise SaveError("a game's text must be text", "not_a_save")
    else:
        text = json.dumps(item.get("save"), ensure_ascii=False)
    if is_newer(parse_json(text)):
        raise SaveError("saved by a newer version of the game", "newer_version")
    return import_text(text, stored=True)


def _merge(store: SaveStore, ident: str, game: Game, label: tuple[PlayerSpec, ...],
           number: int) -> tuple[Restored | Skipped, Game]:
    """The backup's game has the id of a game stored here: keep the one here unless the
    backup's is the same game gone further (raises StorageError when the write fails).
    With the result, the backup's game as stored (as given when it was not)."""
    try:
        if is_newer(parse_json(store.raw(ident))):
            return Skipped(label, "newer_here", number=number), game
        here = store.load(ident)
    except SaveError:
        return Skipped(label, "damaged_here", number=number), game
    mine, theirs = game_save.to_save(here), game_save.to_save(game)
    if mine["settings"] != theirs["settings"] or mine["seed"] != theirs["seed"]:
        return Skipped(label, "differs", number=number), game
    log_here, log_backup = mine["log"], theirs["log"]
    if len(log_backup) <= len(log_here) and log_backup == log_here[:len(log_backup)]:
        return Skipped(label, "further_here", number=number), game
    if log_here != log_backup[:len(log_here)]:
        return Skipped(label, "differs", number=number), game
    return Restored(label, updated=True), store.save(ident, game, keep_time=True).game


def _restore_prefs(store: SaveStore, settings: Mapping[str, Any],
                   allowed: Mapping[str, Collection[str]]) -> tuple[tuple[str, ...], bool]:
    """Take the backup's preferences that are not set here (a choice made here wins):
    the keys taken, and True when the storage refused them (then none is taken)."""
    prefs = store.prefs()
    taken = tuple(key for key, values in allowed.items()
                  if key not in prefs and isinstance(settings.get(key), str)
                  and settings[key] in values)
    if taken:
        prefs.update({key: settings[key] for key in taken})
        if not store.set_prefs(prefs):
            return (), True
    return taken, False
