"""The message catalogue: every text a player reads, in gettext catalogues, looked up by id.

Rendering code never holds player-facing string literals; it calls :func:`t` (or :func:`tn`
for a count) with a message id and parameters. The texts live in gettext catalogues,
``locale/<lang>/LC_MESSAGES/manhattan.po`` for ``en``, ``de`` and ``fr``, compiled to ``.mo``
(by ``scripts/msgfmt.py``: at build time into ``dist/``, on the fly for the unit tests) and
read here with the standard library's :mod:`gettext`, which works unchanged in Pyodide.
``docs/i18n.md`` says how to add a message or a language, and holds the glossary.

Why the message id is the msgid (``msgid "select.left"``), not the English text (nor
msgctxt + English): the code, the tests and the page's ``data-message-id`` hook already speak
in ids; an id stays the same when the English wording is polished, so a German or French text
is never silently orphaned by an English edit; and one English sentence may need different
translations in different places (``score.towers`` and ``score.tower_points`` are both
"Towers" in English). The price: the English texts are a catalogue of their own (``en``),
and translators read the English beside each entry (the ``#. en:`` comment of the de/fr
files) instead of in the msgid.

Plural forms are gettext's: a counted message has ``msgid_plural`` ``"<id>#<parameter>"``
(e.g. ``"select.left#left"``) and one ``msgstr[i]`` per form of the language's
``Plural-Forms``. :data:`PLURALS` names that counted parameter, so ``t("select.left",
left=1)`` already picks the right form; :func:`tn` gives the count explicitly.

A missing parameter or an unknown id never raises (a UI must not crash on a text): the id or
``{name}`` itself is shown instead, which the tests catch. A language without a catalogue,
and an id missing from one, fall back to English.

The package, by role: :mod:`.catalogue` (the languages, the one in use, loading and
looking up templates), :mod:`.formatting` (filling them in: :func:`t`, :func:`tn`,
:func:`parts`, numbers and dates) and :mod:`.words` (names of colours, cities, seats and
levels, the explanations of refusals). Callers use this facade: ``from . import messages
as M``; ``M.t(...)``.
"""

from __future__ import annotations

from typing import Any

from .catalogue import (
    DEFAULT_LANGUAGE,
    DOMAIN,
    LANGUAGES,
    LOCALEDIR,
    PLURALS,
    available_languages,
    catalogue,
    current_language,
    has,
    known_language,
    language_name,
    load_all,
    loaded,
    pick_language,
    reload_catalogues,
    set_language,
    speaking,
)
from .formatting import Said, date_time, isolated, number, parts, t, tn
from .words import (
    RULES_HELP,
    city,
    colour,
    controller_label,
    default_name,
    explain,
    is_default_name,
    level_description,
    level_name,
    level_short_name,
    pieces_text,
    player_name,
    problem,
    reason,
    seat,
    shown_settings,
)

__all__ = [
    "DEFAULT_LANGUAGE", "DOMAIN", "LANGUAGES", "LOCALEDIR", "PLURALS", "RULES_HELP", "Said",
    "available_languages", "catalogue", "city", "colour", "controller_label",
    "current_language", "date_time", "default_name", "explain", "has", "is_default_name",
    "isolated", "known_language",
    "language_name",
    "level_description", "level_name", "level_short_name", "load_all", "loaded", "number", "parts",
    "pick_language", "pieces_text", "player_name", "problem", "reason", "reload_catalogues",
    "seat", "set_language", "shown_settings", "speaking", "t", "tn",
]


def __getattr__(name: str) -> Any:
    if name == "EN":
        # The English templates, id -> text (a counted message: its general plural form);
        # computed on first use so that importing this package reads no file.
        return {key: value if isinstance(value, str) else value[-1]
                for key, value in catalogue(DEFAULT_LANGUAGE).items()}
    raise AttributeError(name)
