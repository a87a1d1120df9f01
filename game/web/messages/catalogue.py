"""The catalogues and the language in use: which languages there are, which one is spoken,
and the template of a message id in it (gettext; see the package's docstring).

The language in use is a context variable, not a global the page changes: the page's
language is its model's, and what reads the model speaks it for as long as it reads
(:func:`speaking`: the update, the frame, the drawing), leaving the language around it as
it was. :func:`set_language` sets the language of code that runs outside a page (the
command line, tests of the words themselves)."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

DOMAIN = "manhattan"
LOCALEDIR = Path(__file__).resolve().parents[3] / "locale"
"""``<repo>/locale`` in the source tree; in the browser the same path under Pyodide's working
directory, where pyscript.toml's ``[files]`` puts the ``.mo`` files beside ``game/``."""

DEFAULT_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
"""Every language the game speaks, by code, with its name in that language (for a chooser)."""

PLURALS: dict[str, str] = {
    "hint.used_count": "count",
    "review.good": "count",
    "setup.player_count": "n",
    "start.delete_finished": "count",
    "start.delete_finished_confirm": "count",
    "piece.floors": "floors",
    "piece.name": "floors",
    "play.stock": "count",
    "play.cards_in_hand": "count",
    "select.help": "need",
    "select.help_colours": "need",
    "select.more": "floors",
    "select.less": "floors",
    "select.left": "left",
    "select.too_many": "need",
    "select.none_left": "floors",
    "cpu.built": "floors",
    "cpu.returned": "floors",
    "cpu.plays": "floors",
    "cpu.plays_return": "floors",
    "human.built": "floors",
    "human.returned": "floors",
    "count.pieces": "n",
    "count.points": "n",
    "count.rounds": "n",
    "count.floors": "n",
    "rule.floor-condition": "need",
    "rule.piece-not-in-supply": "floors",
    "rule.selection-count": "need",
    "rule.selection-stock": "floors",
    "godzilla.preview_destroys": "floors",
    "godzilla.preview_own": "floors",
    "inspect.takes": "floors",
    "inspect.can": "floors",
    "material.played": "count",
    "story.digest_heading": "count",
    "story.digest_lost": "count",
    "story.placed": "floors",
    "story.returned": "floors",
    "story.destroyed": "floors",
    "story.ate": "floors",
    "backup.restored_count": "count",
    "backup.skipped_count": "count",
    "backup.restoring": "total",
    "backup.results_added": "count",
    "backup.results_skipped": "count",
    "backup.results_not_stored": "count",
    "records.refused_line": "count",
}
"""Counted messages -> the parameter whose value chooses the plural form. Must match the
``msgid_plural`` of the catalogues (``"<id>#<parameter>"``; tests/web/test_i18n.py checks)."""

_OTHER = 2
"""The count used when a counted message gets no usable count (e.g. ``t("select.help")``):
the general plural form in all our languages."""

_translations: dict[str, gettext.NullTranslations | None] = {}
_language: ContextVar[str] = ContextVar("language", default=DEFAULT_LANGUAGE)


def load(code: str) -> gettext.NullTranslations | None:
    """The catalogue of ``code`` (non-English ones fall back to English), or None if absent."""
    if code not in _translations:
        try:
            found: gettext.NullTranslations | None = gettext.translation(
                DOMAIN, str(LOCALEDIR), languages=[code])
        except OSError:
            found = None
        if found is not None and code != DEFAULT_LANGUAGE:
            english = load(DEFAULT_LANGUAGE)
            if english is not None:
                found.add_fallback(english)
        _translations[code] = found
    return _translations[code]


def load_all() -> None:
    """Parse every shipped catalogue now. The boot snapshot is made after this call
    (scripts/boot.template.mjs), so a restored page starts with them parsed: choosing the
    language costs nothing before the first screen (time on a tablet)."""
    for code in LANGUAGES:
        load(code)


def loaded() -> dict[str, gettext.NullTranslations | None]:
    """The catalogues parsed so far, by code (None: looked for and absent). For tests."""
    return dict(_translations)


def reload_catalogues() -> None:
    """Forget the loaded catalogues (after recompiling them in development); keeps the language."""
    _translations.clear()
    _TEMPLATES.clear()


def normalise(code: str | None) -> str:
    """``"de-CH"``, ``"fr_FR"``, ``"DE"`` -> ``"de"``, ``"fr"``, ``"de"``."""
    return (code or "").strip().lower().replace("_", "-").split("-")[0]


def known_language(code: str | None) -> str:
    """``code`` (``"de"``, ``"fr-CH"``...) as one of our languages; anything unknown, or
    without its catalogue here, means English."""
    code = normalise(code)
    return code if code in LANGUAGES and load(code) is not None else DEFAULT_LANGUAGE


def set_language(code: str) -> None:
    """Speak ``code`` from now on, outside any :func:`speaking` (code that runs outside a
    page: the page's language is its model's)."""
    _language.set(known_language(code))


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` inside the ``with`` block only (one of our languages: see
    :func:`known_language`): the language around it is the same after."""
    token = _language.set(code)
    try:
        yield
    finally:
        _language.reset(token)


def current_language() -> str:
    return _language.get()


def pick_language(url: str | None, kept: str | None, browser: list[str] | tuple[str, ...]) -> str:
    """The language to speak at start: ``?lang=`` when it names a language of ours, else the
    one the person chose earlier (kept in the preferences), else the first of the browser's
    preferred languages that we speak, else English. An unknown value is skipped silently."""
    for code in (url, kept, *browser):
        code = normalise(code if isinstance(code, str) else None)
        if code in LANGUAGES and load(code) is not None:
            return code
    return DEFAULT_LANGUAGE


def available_languages() -> tuple[str, ...]:
    """The codes of the languages whose catalogue is here, English first."""
    return tuple(code for code in LANGUAGES if load(code) is not None)


def language_name(code: str) -> str:
    """A language's own name (``"Deutsch"``), to offer it in a chooser."""
    return LANGUAGES.get(normalise(code), code)


def catalogue(code: str) -> dict[str, str | tuple[str, ...]]:
    """Every message of one language's own catalogue (no fallback): id -> text, or id -> the
    tuple of plural forms. Empty when the catalogue is absent. For tests and tools."""
    found = load(code)
    # ``_catalog`` is GNUTranslations' table (private but unchanged since Python 2): gettext
    # has no public way to list its messages.
    table: dict[Any, str] = getattr(found, "_catalog", {}) if found is not None else {}
    out: dict[str, Any] = {}
    plural: dict[str, dict[int, str]] = {}
    for key, text in table.items():
        if isinstance(key, tuple):
            plural.setdefault(key[0], {})[key[1]] = text
        elif key:
            out[key] = text
    for key, forms in plural.items():
        out[key] = tuple(forms[i] for i in sorted(forms))
    return out


def has(key: str) -> bool:
    """Whether ``key`` is a message id (of the English catalogue, which has them all)."""
    english = load(DEFAULT_LANGUAGE)
    if english is None:
        return False
    if key in PLURALS:
        param = PLURALS[key]
        return english.ngettext(key, f"{key}#{param}", 1) != key
    return bool(key) and english.gettext(key) != key


def _count(value: Any) -> int:
    if isinstance(value, bool):
        return _OTHER
    if isinstance(value, int):
        return value
    try:
        return int(value)
    except (TypeError, ValueError):
        return _OTHER


_TEMPLATES: dict[tuple[str, str, int | None], str | None] = {}
"""Templates already looked up, by (language, id, plural count): a redraw of the board asks
for the same few hundred texts (colour and city names) every time, and a gettext
lookup costs several dictionary lookups and calls."""


def template(key: str, params: dict[str, Any], n: Any = None) -> str | None:
    """The text of ``key`` in the current language before formatting; None if unknown."""
    param = PLURALS.get(key)
    count = None if param is None else _count(n if n is not None else params.get(param))
    language = _language.get()
    memo = (language, key, count)
    if memo in _TEMPLATES:
        return _TEMPLATES[memo]
    found_text = _lookup(language, key, param, count)
    if len(_TEMPLATES) > 20_000:
        _TEMPLATES.clear()
    _TEMPLATES[memo] = found_text
    return found_text


def _lookup(language: str, key: str, param: str | None, count: int | None) -> str | None:
    if not has(key):
        return None
    found = load(language) or load(DEFAULT_LANGUAGE)
    assert found is not None  # has() found the English catalogue
    if param is None or count is None:
        return found.gettext(key)
    return found.ngettext(key, f"{key}#{param}", count)

