"""Sharing a game without a server: a file, or a link.

An unfinished game leaves the device in two explicit forms only (docs/privacy.md):

* **its view** (:mod:`game.public_record`): what every player at the table has seen, no
  seed and no card still hidden. "Save as file" and "Share link" give it; it opens as a
  replay and can never be continued.
* **the whole game** (the save: seed and every shuffle, so every hand and the draw order),
  for continuing it on another device: offered only from the game's menu, behind a warning.

A finished game hides nothing any more: its file and its link hold it whole.

Everything read here is untrusted (a file someone sent, a link someone pasted). A file goes
through the same guard as localStorage (:func:`game.web.saves.storage.parse_json`: size, nesting)
and then :func:`game.save.load` or :func:`game.public_record.load_view`, which replay every
step through the engine's rules, so a bad or hostile file is refused with the reason and
nothing is stored. A link's fragment holds the file compressed (zlib, base64url); it is
decompressed with a hard output limit (a "zip bomb" stops at
:data:`~game.save.MAX_SAVE_BYTES`) before the same checks. A link holding the whole of an
unfinished game is refused: no page makes one.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import unicodedata
import zlib
from datetime import UTC, datetime

from ... import save as game_save
from ...errors import SaveError
from ...match import Game
from ...public_record import dumps_view, is_view, is_view_game, load_view
from .storage import clean_meta, parse_json

LINK_KEY = "game="
MAX_LINK_CHARS = 400_000
"""A finished game compresses to a few kilobytes; anything much longer is not one."""


def export_name(game: Game, when: float, *, whole: bool = False) -> str:
    """``manhattan-<date>-<names>.json`` (names reduced to ASCII letters and digits), with
    ``-view`` for the view of an unfinished game and ``-all-hands`` for the whole of one."""
    date = datetime.fromtimestamp(when, tz=UTC).strftime("%Y-%m-%d")
    names = "-".join(_slug(p.name) for p in game.settings.players)
    kind = "" if game.state.is_over and not is_view_game(game) else \
        "-all-hands" if whole else "-view"
    return f"manhattan-{date}-{names}"[:100] + f"{kind}.json"


def _slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "", ascii_name).lower() or "player"


def export_text(game: Game) -> str:
    """The whole game as a save file (the engine's save format, the table's UI state left
    out): for a finished game, or to continue an unfinished one elsewhere."""
    data = game_save.to_save(game)
    data["meta"] = {k: v for k, v in game.meta.items() if k != "ui"}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def shared_text(game: Game) -> str:
    """What "Save as file" and a link hold: a finished game whole, an unfinished one's view
    (a game made from a view gives its view again: its invented hands never leave)."""
    if game.state.is_over and not is_view_game(game):
        return export_text(game)
    return dumps_view(game)


def import_text(text: str, *, stored: bool = False) -> Game:
    """A game from a file's text, a save or a view (game/public_record.py); SaveError says
    what is wrong (nothing is stored here).

    An empty file is refused as such (``empty``). Of ``meta`` only the fields this app knows
    are kept, each within its size limit (:func:`game.web.saves.storage.clean_meta`), so a file
    cannot fill the browser's storage. Player names with bidirectional controls or lone
    surrogates are refused (:func:`game.settings.clean_name`), except with ``stored``: a
    backup holds this browser's own saves as stored, which may predate that rule; their
    names are neutralised instead, as when a stored game is opened. A file's or link's
    ``meta.unrecorded`` (a result left to count) is dropped: only a game finished on this
    device, or in a backup of one, is counted in the statistics."""
    if not text.strip():
        raise SaveError("the file is empty", "empty")
    data = parse_json(text)
    if is_view(data):
        return load_view(data)
    if isinstance(data, dict) and isinstance(data.get("meta"), dict):
        data["meta"] = clean_meta(data["meta"])
        if not stored:  # a result left to count is this browser's (or its backup's) own
            data["meta"].pop("unrecorded", None)
    return game_save.load(data, neutralise_names=stored)


def link_fragment(game: Game) -> str:
    """The URL fragment (without ``#``) that opens this game's replay: a finished game
    whole, an unfinished one's view."""
    raw = shared_text(game).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    return LINK_KEY + packed


def is_link(fragment: str | None) -> bool:
    return bool(fragment) and str(fragment).lstrip("#").startswith(LINK_KEY)


def from_fragment(fragment: str) -> Game:
    """The finished game a link holds; SaveError for anything else."""
    text = fragment.lstrip("#")
    if not text.startswith(LINK_KEY):
        raise SaveError("the link holds no game", "bad_link")
    packed = text[len(LINK_KEY):]
    if len(packed) > MAX_LINK_CHARS:
        raise SaveError("the link is too long to hold a game", "too_large")
    try:
        blob = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
    except (binascii.Error, ValueError):
        raise SaveError("the link is damaged (not base64)", "bad_link") from None
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(blob, game_save.MAX_SAVE_BYTES + 1)
    except zlib.error:
        raise SaveError("the link is damaged (not compressed data)", "bad_link") from None
    if len(raw) > game_save.MAX_SAVE_BYTES or inflate.unconsumed_tail:
        raise SaveError("the link's game is too large", "too_large")
    try:
        game = import_text(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError("the link is damaged (not text)", "bad_link") from None
    if not game.state.is_over and not is_view_game(game):
        raise SaveError("a link may only hold a finished game or a view", "unfinished")
    return game
