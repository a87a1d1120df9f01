"""The one guard for JSON that comes from outside: save files, positions, browser storage.

Anyone can hand the engine a file or edit localStorage, so text is parsed only through
:func:`parse_json`, which refuses, with a :class:`~game.errors.SaveError` saying why:

* text longer than :data:`MAX_CHARS` (a finished four-player game is ~20 000 characters);
* bytes that are not UTF-8;
* arrays and objects nested deeper than :data:`MAX_DEPTH`, *before* ``json.loads`` sees them:
  in Pyodide, ``json.loads`` on thousands of nested brackets overflows the JavaScript stack,
  a fatal error that kills the runtime rather than a ``RecursionError``;
* anything that is not JSON.

The saves (:func:`game.save.load`), the command line (``python -m game``) and the browser's
stored games and preferences (``game.web.saves.storage``) all call it; none has its own copy.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import SaveError

MAX_CHARS = 2_000_000
"""Longest JSON text accepted, in characters (bytes, for bytes)."""
MAX_DEPTH = 64
"""Saves and positions nest a few levels deep; deeper JSON is refused before parsing."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def check_nesting(text: str, max_depth: int = MAX_DEPTH) -> None:
    """Raise SaveError if ``text`` nests arrays and objects deeper than ``max_depth``
    (brackets inside strings do not count). Linear time, no recursion: the strings and
    everything but brackets are taken out by regular expressions first, so the loop sees
    only the brackets (a backup of hundreds of games is checked in a few tens of ms)."""
    depth = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > max_depth:
                raise SaveError(f"the JSON is nested more than {max_depth} levels deep", "too_deep")
        else:
            depth -= 1


def parse_json(text: str | bytes | None, what: str = "the JSON", max_chars: int = MAX_CHARS) -> Any:
    """``json.loads`` for untrusted text. ``what`` names the document in error messages
    (``"the save"``, ``"position.json"``); ``max_chars`` is raised only for a document that
    holds many games (a backup, :mod:`game.web.saves.backup`). Raises SaveError for anything
    refused."""
    if not isinstance(text, (str, bytes)):
        raise SaveError(f"{what} is missing (nothing stored)", "missing")
    if len(text) > max_chars:
        raise SaveError(f"{what} is too large (more than {max_chars} characters)", "too_large")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError(f"{what} is not UTF-8 text", "not_text") from None
    check_nesting(text)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SaveError(f"{what} is not valid JSON ({error})", "not_json") from None
