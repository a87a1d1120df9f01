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
"""

from __future__ import annotations

import gettext
import string
import time
from pathlib import Path
from typing import Any

DOMAIN = "manhattan"
LOCALEDIR = Path(__file__).resolve().parents[2] / "locale"
"""``<repo>/locale`` in the source tree; in the browser the same path under Pyodide's working
directory, where pyscript.toml's ``[files]`` puts the ``.mo`` files beside ``game/``."""

DEFAULT_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
"""Every language the game speaks, by code, with its name in that language (for a chooser)."""

PLURALS: dict[str, str] = {
    "hint.used_count": "count",
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
}
"""Counted messages -> the parameter whose value chooses the plural form. Must match the
``msgid_plural`` of the catalogues (``"<id>#<parameter>"``; tests/web/test_i18n.py checks)."""

_OTHER = 2
"""The count used when a counted message gets no usable count (e.g. ``t("select.help")``):
the general plural form in all our languages."""

RULES_HELP: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rules.goal.h", ("rules.goal.1",)),
    ("rules.material.h", ("rules.material.1",)),
    ("rules.seats.h", ("rules.seats.1", "rules.seats.2", "rules.seats.3")),
    ("rules.round.h", ("rules.round.1", "rules.round.5", "rules.round.2", "rules.round.3",
                       "rules.round.4")),
    ("rules.scoring.h", ("rules.scoring.1", "rules.scoring.2", "rules.scoring.3")),
    ("rules.two.h", ("rules.two.1",)),
    ("rules.end.h", ("rules.end.1",)),
    ("rules.variants.h", ("rules.variants.1", "rules.variants.2", "rules.variants.3",
                          "rules.variants.4", "rules.variants.5", "rules.variants.6")),
    ("rules.app.h", ("rules.app.1", "rules.app.2", "rules.app.3")),
)
"""The in-app rules help: (heading id, paragraph ids), in order."""


_translations: dict[str, gettext.NullTranslations | None] = {}
_language = DEFAULT_LANGUAGE


def _load(code: str) -> gettext.NullTranslations | None:
    """The catalogue of ``code`` (non-English ones fall back to English), or None if absent."""
    if code not in _translations:
        try:
            found: gettext.NullTranslations | None = gettext.translation(
                DOMAIN, str(LOCALEDIR), languages=[code])
        except OSError:
            found = None
        if found is not None and code != DEFAULT_LANGUAGE:
            english = _load(DEFAULT_LANGUAGE)
            if english is not None:
                found.add_fallback(english)
        _translations[code] = found
    return _translations[code]


def load_all() -> None:
    """Parse every shipped catalogue now. The boot snapshot is made after this call
    (scripts/boot.template.mjs), so a restored page starts with them parsed: choosing the
    language costs nothing before the first screen (issue 22, time on a tablet)."""
    for code in LANGUAGES:
        _load(code)


def reload_catalogues() -> None:
    """Forget the loaded catalogues (after recompiling them in development); keeps the language."""
    _translations.clear()
    _TEMPLATES.clear()


def _normalise(code: str | None) -> str:
    """``"de-CH"``, ``"fr_FR"``, ``"DE"`` -> ``"de"``, ``"fr"``, ``"de"``."""
    return (code or "").strip().lower().replace("_", "-").split("-")[0]


def set_language(code: str) -> None:
    """Speak ``code`` from now on (``"de"``, ``"fr-CH"``...); anything unknown means English."""
    global _language
    code = _normalise(code)
    _language = code if code in LANGUAGES and _load(code) is not None else DEFAULT_LANGUAGE


def current_language() -> str:
    return _language


def pick_language(url: str | None, kept: str | None, browser: list[str] | tuple[str, ...]) -> str:
    """The language to speak at start: ``?lang=`` when it names a language of ours, else the
    one the person chose earlier (kept in the preferences), else the first of the browser's
    preferred languages that we speak, else English. An unknown value is skipped silently."""
    for code in (url, kept, *browser):
        code = _normalise(code if isinstance(code, str) else None)
        if code in LANGUAGES and _load(code) is not None:
            return code
    return DEFAULT_LANGUAGE


def available_languages() -> tuple[str, ...]:
    """The codes of the languages whose catalogue is here, English first."""
    return tuple(code for code in LANGUAGES if _load(code) is not None)


def language_name(code: str) -> str:
    """A language's own name (``"Deutsch"``), to offer it in a chooser."""
    return LANGUAGES.get(_normalise(code), code)


def catalogue(code: str) -> dict[str, str | tuple[str, ...]]:
    """Every message of one language's own catalogue (no fallback): id -> text, or id -> the
    tuple of plural forms. Empty when the catalogue is absent. For tests and tools."""
    found = _load(code)
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


def __getattr__(name: str) -> Any:
    if name == "EN":
        # The English templates, id -> text (a counted message: its general plural form);
        # computed on first use so that importing this module reads no file.
        return {key: value if isinstance(value, str) else value[-1]
                for key, value in catalogue(DEFAULT_LANGUAGE).items()}
    raise AttributeError(name)


def has(key: str) -> bool:
    """Whether ``key`` is a message id (of the English catalogue, which has them all)."""
    english = _load(DEFAULT_LANGUAGE)
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
for the same few hundred texts (colour letters, city names) every time, and a gettext
lookup costs several dictionary lookups and calls."""


def _template(key: str, params: dict[str, Any], n: Any = None) -> str | None:
    """The text of ``key`` in the current language before formatting; None if unknown."""
    param = PLURALS.get(key)
    count = None if param is None else _count(n if n is not None else params.get(param))
    memo = (_language, key, count)
    if memo in _TEMPLATES:
        return _TEMPLATES[memo]
    found_text = _lookup(key, param, count)
    if len(_TEMPLATES) > 20_000:
        _TEMPLATES.clear()
    _TEMPLATES[memo] = found_text
    return found_text


def _lookup(key: str, param: str | None, count: int | None) -> str | None:
    if not has(key):
        return None
    found = _load(_language) or _load(DEFAULT_LANGUAGE)
    assert found is not None  # has() found the English catalogue
    if param is None or count is None:
        return found.gettext(key)
    return found.ngettext(key, f"{key}#{param}", count)


_NUMBER_MARKS: dict[str, dict[int, str]] = {
    "en": {},
    "de": str.maketrans({",": ".", ".": ","}),
    "fr": str.maketrans({",": "\u202f", ".": ","}),
}
"""How each language writes the marks of a number that Python writes ``1,234.5`` (CLDR):
German ``1.234,5``, French ``1\u202f234,5`` (a narrow no-break space groups the thousands,
a comma before the decimals)."""


def number(value: float, decimals: int | None = None, sign: bool = False) -> str:
    """A number as the language in use writes it: the decimal comma of German and French,
    their thousands groups (``1.234`` / ``1 234``, the French space a narrow no-break one);
    ``decimals`` fixes the digits after the mark (``number(9.64, 1)`` -> "9,6" in German);
    ``sign`` writes "+" before a positive number (a change of score). Every number a player
    reads goes through here: :func:`t` and :func:`parts` format their number parameters with
    it, screens call it for a bare number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    plus = "+" if sign else "-"
    spec = f"{plus},.{decimals}f" if decimals is not None else f"{plus},"
    try:
        text = format(value, spec)
    except (ValueError, OverflowError):  # nan, inf
        return str(value)
    marks = _NUMBER_MARKS.get(_language)
    return text.translate(marks) if marks else text


def _numbers(params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with each number written in the language's form (small integers, the
    common case, are the same in every language and stay as they are)."""
    out = params
    for key, value in params.items():
        if type(value) is int and -1000 < value < 1000:
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if out is params:
                out = dict(params)
            out[key] = number(value)
    return out


def date_time(ts: float, local: bool = True) -> str:
    """A moment (seconds since 1970) as the language writes a date and a time of day, in this
    machine's time zone (``local``) or in UTC: "2024-01-15 17:30", "15.01.2024, 17:30",
    "15/01/2024 17:30". The browser writes save times with its own ``Intl.DateTimeFormat``
    (game.web.shell.browser); this is the pure Python form, used where that is missing."""
    moment = time.localtime(ts) if local else time.gmtime(ts)
    return t("format.date_time", year=f"{moment.tm_year:04d}", month=f"{moment.tm_mon:02d}",
             day=f"{moment.tm_mday:02d}", hour=f"{moment.tm_hour:02d}",
             minute=f"{moment.tm_min:02d}")


_CONTRACTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "fr": (("à Le ", "au "), ("à Les ", "aux "), ("de Le ", "du "), ("de Les ", "des ")),
}
"""French joins "à"/"de" with the article of a name put after it: "à Le Caire" is written
"au Caire", "de Le Caire" "du Caire". A template cannot know the name it gets, so the
contraction is made on the filled-in text (only where a parameter was put in)."""


def _contract(text: str) -> str:
    for loose, joined in _CONTRACTIONS.get(_language, ()):
        if loose in text:
            text = text.replace(loose, joined)
    return text


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _format(key: str, template: str | None, params: dict[str, Any]) -> str:
    if template is None:
        return key
    if not params:
        return template
    try:
        return _contract(template.format_map(_Missing(_numbers(params))))
    except (ValueError, IndexError, AttributeError):
        return template


def t(key: str, **params: Any) -> str:
    """The text for message ``key`` in the current language, with ``params`` filled in.

    A counted message (see :data:`PLURALS`) takes its plural form from its counted
    parameter, e.g. ``t("play.stock", count=1)``."""
    return _format(key, _template(key, params), params)


def tn(key: str, n: int, **params: Any) -> str:
    """The text for the counted message ``key`` in the plural form for ``n``.

    ``n`` also fills the message's counted parameter (``PLURALS[key]``, else ``{n}``) unless
    ``params`` gives it: ``tn("count.points", 3)`` -> "3 points" / "3 Punkte"."""
    params.setdefault(PLURALS.get(key, "n"), n)
    return _format(key, _template(key, params, n), params)


def parts(key: str, **params: Any) -> list[Any]:
    """Like :func:`t`, but a parameter may be an element (anything not a str/int/float):
    the text is returned as a list of strings and those elements, in the template's order,
    for a screen to put an element (e.g. ``<time>``) inside a translated sentence."""
    template = _template(key, params)
    if template is None:
        return [key]
    out: list[Any] = []
    try:
        for literal, field, spec, _conversion in string.Formatter().parse(template):
            if literal:
                out.append(literal)
            if field is None:
                continue
            value = params.get(field, "{" + field + "}")
            if isinstance(value, (int, float)) and not isinstance(value, bool) and not spec:
                out.append(number(value))
            elif isinstance(value, (str, int, float)):
                out.append(format(value, spec or ""))
            else:
                out.append(value)
    except (ValueError, IndexError, AttributeError):
        return [t(key, **params)]
    # Contract across a literal and the name after it ("à " + "Le Caire" -> "au Caire").
    for i in range(len(out) - 1):
        if isinstance(out[i], str) and isinstance(out[i + 1], str):
            joined = _contract(out[i] + out[i + 1])
            if joined != out[i] + out[i + 1]:
                out[i], out[i + 1] = joined, ""
    return [piece for piece in out if piece != ""]


def problem(problem: str, step: int | None = None) -> str:
    """What is wrong with a save, file or link (:data:`game.errors.SaveProblem`), or that the
    browser refused to store (``"storage"``), in the player's language."""
    if problem == "refused_step" and step is not None:
        return t("reason.refused_step", step=step)
    key = "reason." + problem
    return t(key if problem != "refused_step" and has(key) else "reason.damaged")


def reason(error: BaseException) -> str:
    """Why a save, file, link or write was refused, for the page: the error's ``problem``
    said in the player's language. The error's own text stays English detail (logs, the
    command line); it never reaches a German or French page."""
    return problem(str(getattr(error, "problem", "damaged")), getattr(error, "step", None))


def colour(name: str) -> str:
    return t("colour." + name)


def letter(name: str) -> str:
    return t("letter." + name)


def city(index: int) -> str:
    return t(f"city.{index}")


def seat(name: str) -> str:
    return t("seat." + name)


def controller_label(controller: str) -> str:
    """"Person" or a computer level's name (``random``, ``greedy``, ``search:N``,
    ``heuristic``); an unknown computer id is shown as itself."""
    if controller == "human":
        return t("setup.human")
    key = "ai." + controller
    if has(key):
        return t(key)
    return t("ai.generic", id=controller)


def pieces_text(counts: tuple[int, ...] | list[int]) -> str:
    parts = [t("pieces.item", count=n, floors=f) for f, n in zip((1, 2, 3, 4), counts) if n]
    return t("pieces.sep").join(parts) if parts else t("pieces.none")


def explain(rule: str, params: dict[str, Any], colour_name: str | None = None) -> tuple[str, dict[str, Any]]:
    """The catalogue id and parameters that explain an IllegalAction to a player."""
    key = "rule." + rule
    if not has(key):
        return "rule.generic", {"rule": rule}
    shown = dict(params)
    if "owner" in shown and isinstance(shown["owner"], str):
        shown["owner"] = colour(shown["owner"])
    if isinstance(shown.get("colour"), str):
        shown["colour"] = colour(shown["colour"])
    elif colour_name is not None:
        shown["colour"] = colour(colour_name)
    if isinstance(shown.get("city"), int):
        shown["city"] = city(shown["city"])
    return key, shown
