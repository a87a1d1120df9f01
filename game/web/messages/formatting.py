"""Texts filled in: :func:`t`, :func:`tn` and :func:`parts` put parameters into a
message's template, writing numbers (:func:`number`) and dates (:func:`date_time`) the way
the language in use does, and contracting French articles after "à"/"de"."""

from __future__ import annotations

import string
import time
from dataclasses import dataclass, field
from typing import Any

from .catalogue import PLURALS, current_language, template

_NUMBER_MARKS: dict[str, dict[int, str]] = {
    "en": {},
    "de": str.maketrans({",": ".", ".": ","}),
    "fr": str.maketrans({",": "\u202f", ".": ","}),
}
"""How each language writes the marks of a number that Python writes ``1,234.5`` (CLDR):
German ``1.234,5``, French ``1\u202f234,5`` (a narrow no-break space groups the thousands,
a comma before the decimals)."""


def isolated(name: str) -> str:
    """A player's name inside plain text (an ``aria-label``, the live region): between
    FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, the plain-text form of ``<bdi>``, so a
    name in another script never turns the words and numbers around it for a screen reader
    either."""
    return f"\u2068{name}\u2069"


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
    marks = _NUMBER_MARKS.get(current_language())
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
    for loose, joined in _CONTRACTIONS.get(current_language(), ()):
        if loose in text:
            text = text.replace(loose, joined)
    return text


@dataclass(frozen=True)
class Said:
    """A word or phrase kept as its message id and written when the text around it is: a
    parameter of a notice kept between two drawings (a city, a colour, a piece in a refusal
    explained) is in the language in use when it is drawn, not in the one of the tap."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return t(self.key, **self.params)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


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
    return _format(key, template(key, params), params)


def tn(key: str, n: int, **params: Any) -> str:
    """The text for the counted message ``key`` in the plural form for ``n``.

    ``n`` also fills the message's counted parameter (``PLURALS[key]``, else ``{n}``) unless
    ``params`` gives it: ``tn("count.points", 3)`` -> "3 points" / "3 Punkte"."""
    params.setdefault(PLURALS.get(key, "n"), n)
    return _format(key, template(key, params, n), params)


def parts(key: str, **params: Any) -> list[Any]:
    """Like :func:`t`, but a parameter may be an element (anything not a str/int/float):
    the text is returned as a list of strings and those elements, in the template's order,
    for a screen to put an element (e.g. ``<time>``) inside a translated sentence."""
    found = template(key, params)
    if found is None:
        return [key]
    out: list[Any] = []
    try:
        for literal, field, spec, _conversion in string.Formatter().parse(found):
            if literal:
                out.append(literal)
            if field is None:
                continue
            value = params.get(field, "{" + field + "}")
            if isinstance(value, (int, float)) and not isinstance(value, bool) and not spec:
                out.append(number(value))
            elif isinstance(value, (str, int, float, Said)):
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

