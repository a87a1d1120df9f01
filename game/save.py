"""Saves: a versioned JSON document that replays through the rules.

See ``docs/save-format.md``. Loading never trusts the stored state: it re-applies the logged
steps one by one, so a corrupted or hand-edited save is either a legal game or rejected
with the number of the first bad step and the rule it breaks.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from .actions import Action, action_from_json, action_to_json
from .errors import SaveError, SettingsError
from .match import Game
from .settings import Settings, neutralise_name
from .untrusted import MAX_CHARS, MAX_DEPTH, check_nesting, parse_json

FORMAT = "manhattan-save"
VERSION = 1
MAX_SAVE_BYTES = MAX_CHARS
MAX_JSON_DEPTH = MAX_DEPTH
"""Names kept for callers of earlier versions; the limits and :func:`check_nesting` live in
:mod:`game.untrusted`, the one guard for JSON from outside."""
__all__ = ["FORMAT", "VERSION", "MIGRATIONS", "MAX_SAVE_BYTES", "MAX_JSON_DEPTH",
           "check_nesting", "to_save", "dumps", "format_version", "migrate", "load",
           "parsed_settings", "parsed_steps"]

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[k]`` turns a version-``k`` save into a version ``k + 1`` save. When the format
changes: bump VERSION, register the step from the old version here, keep old saves loading."""


def to_save(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "settings": game.settings.to_json(),
        "seed": game.seed,
        "log": [action_to_json(a) for a in game.log],
        "meta": game.meta,
    }


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


_STEP_TEXT: dict[Action, str] = {}
"""The JSON text of each logged step already written. The page saves after every tap and a
game's log reaches ~700 steps: encoding only the new ones makes a save a join of cached
strings (steps are immutable values, so a cached text can never go stale)."""
_STEP_TEXT_LIMIT = 50_000


def _step_text(action: Action) -> str:
    text = _STEP_TEXT.get(action)
    if text is None:
        text = _json(action_to_json(action))
        if len(_STEP_TEXT) >= _STEP_TEXT_LIMIT:
            _STEP_TEXT.clear()
        _STEP_TEXT[action] = text
    return text


def dumps(game: Game) -> str:
    """The save as compact JSON text: exactly ``json.dumps(to_save(game))`` with compact
    separators and non-ASCII kept (tests/engine/test_saves.py checks the equality)."""
    return dumps_with_meta(game, game.meta)


def dumps_with_meta(game: Game, meta: dict[str, Any]) -> str:
    """:func:`dumps` with ``meta`` in place of the game's own (nothing is changed on
    ``game``, so a write that fails leaves it as it was)."""
    return "".join((
        '{"format":', _json(FORMAT), ',"version":', _json(VERSION),
        ',"settings":', _json(game.settings.to_json()), ',"seed":', _json(game.seed),
        ',"log":[', ",".join(_step_text(a) for a in game.log), '],"meta":', _json(meta), "}"))


def format_version(data: dict[str, Any], newest: int, what: str = "save") -> int:
    """The document's ``version``: a whole number from 1 to ``newest`` (a save's or a view's,
    :mod:`game.public_record`), else SaveError saying which."""
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"the {what} has no valid format version", "not_a_save")
    if version > newest:
        raise SaveError(f"the {what} is from a newer version of the game (format {version}; "
                        f"this game reads up to {newest})", "newer_version")
    return version


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a save of any earlier version up to :data:`VERSION`."""
    version = format_version(data, VERSION)
    while version < VERSION:
        if version not in MIGRATIONS:
            raise SaveError(f"no migration from save format {version}")
        data = MIGRATIONS[version](dict(data))
        version += 1
        data["version"] = version
    return data


def load(data: Any, *, neutralise_names: bool = False) -> Game:
    """A game from a save (a dict or JSON text). Raises SaveError saying what is wrong.

    Player names with bidirectional controls or lone surrogates are refused, except with
    ``neutralise_names``: the page's own stored games and backups, which may predate that
    rule, load with those characters removed (:func:`game.settings.neutralise_name`)."""
    if isinstance(data, (str, bytes)):
        data = parse_json(data, "the save")
    if not isinstance(data, dict):
        raise SaveError("a save must be a JSON object", "not_a_save")
    if data.get("format") != FORMAT:
        raise SaveError(f"not a Manhattan save (format should be {FORMAT!r})", "not_a_save")
    data = migrate(data)
    raw_settings = data.get("settings")
    if neutralise_names:
        raw_settings = _neutralised(raw_settings)
    settings = parsed_settings(raw_settings)
    seed = data.get("seed")
    if not isinstance(seed, (str, int)) or isinstance(seed, bool):
        raise SaveError("the save has no seed")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise SaveError("'meta' must be an object")
    raw_log = data.get("log")
    if not isinstance(raw_log, list):
        raise SaveError("the save has no log of moves")
    return Game.replay(settings, seed, parsed_steps(raw_log), meta)


def _neutralised(settings: Any) -> Any:
    """``settings`` with every player name that is text neutralised (a copy; anything
    malformed is left for :meth:`Settings.from_json` to refuse)."""
    if not isinstance(settings, dict) or not isinstance(settings.get("players"), list):
        return settings
    players = [{**p, "name": neutralise_name(p["name"])}
               if isinstance(p, dict) and isinstance(p.get("name"), str) else p
               for p in settings["players"]]
    return {**settings, "players": players}


def parsed_settings(raw: Any) -> Settings:
    """The settings of a save or a view; SaveError (``settings: ...``) when they are bad."""
    try:
        return Settings.from_json(raw)
    except SettingsError as error:
        raise SaveError(f"settings: {error}") from None


def parsed_steps(raw_log: list[Any]) -> Iterator[Action]:
    """The logged steps parsed one at a time, so the first bad step is the one reported,
    whether it is malformed or illegal."""
    for number, raw in enumerate(raw_log, start=1):
        try:
            yield action_from_json(raw)
        except SaveError as error:
            raise SaveError(f"step {number}: {error}") from None
