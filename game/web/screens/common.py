"""Small pieces shared by the screens: colour chips, buttons, the message line."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import messages
from .svg_pieces import cue_icon
from .vdom import El, h


def chip(colour: str, extra: str = "") -> El:
    """A colour chip with the colour's cue, the shape drawn on its pieces (readable without
    seeing hue, the same in every language); named in words for screen readers."""
    return h("span", {"class": f"chip c-{colour} {extra}".strip(), "data-chip": colour,
                      "title": messages.colour(colour), "role": "img",
                      "aria-label": messages.colour(colour)}, cue_icon(colour))


def chips(colours: Iterable[str]) -> list[El]:
    return [chip(c) for c in colours]


NAME_PARAMS = ("name", "owner", "names", "winner")
"""Message parameters that hold a player's name (or a list of names)."""


def bdi(name: str) -> El:
    """A player's name isolated from the sentence around it (``<bdi>``, CSS
    ``unicode-bidi: isolate``): a name in another script, or one from an old save, never turns
    the words or numbers beside it around. Where a long name is cut short ("…") it shows in
    full on demand: pointing at it (its title), or a tap, which focuses it (``tabindex=-1``:
    focusable by a finger or a click, not a stop of the Tab key; CSS draws a focused name
    whole). Screen readers read the whole name anyway."""
    return h("bdi", {"class": "pname", "title": name, "tabindex": "-1"}, name)


def said(key: str, **params: Any) -> list[Any]:
    """The message ``key`` as text and elements, each player's name in it isolated
    (:func:`bdi`); the text is the same as ``messages.t(key, **params)``. A name parameter may be a
    list of names, joined with the language's "and"."""
    for field in NAME_PARAMS:
        value = params.get(field)
        if isinstance(value, str):
            params[field] = bdi(value)
        elif isinstance(value, (list, tuple)):
            joined: list[Any] = []
            for i, name in enumerate(value):
                if i:
                    joined.append(messages.t("final.and"))
                joined.append(bdi(str(name)))
            params[field] = joined
    return messages.parts(key, **params)


def button(label: str, action: str, attrs: dict[str, Any] | None = None,
           cls: str = "btn", disabled: bool = False) -> El:
    data: dict[str, Any] = {"type": "button", "class": cls, "data-action": action}
    if attrs:
        data.update(attrs)
    if disabled:
        data["disabled"] = True
        data["aria-disabled"] = "true"
    return h("button", data, label)


def notice_line(notice: tuple[str, dict[str, Any]] | None, cls: str = "notice") -> El:
    """The single message line (id ``message``): explanations of refused moves, hints."""
    # Not a live region itself: the page's one live region (#announcer, see
    # screens/announce.py) reads refusals out, together with moves and scorings.
    if notice is None:
        return h("p", {"id": "message", "class": f"{cls} empty"})
    key, params = notice
    return h("p", {"id": "message", "class": cls, "data-message-id": key},
             messages.t(key, **params))


def theme_button(theme: str) -> El:
    """The page's colours, tapped to go round: the device's, light, dark: in the
    game menu and on the start screen."""
    return button(messages.t("play.theme", theme=messages.t(f"play.theme.{theme}")), "theme",
                  {"data-theme-button": theme}, cls="btn small ghost")


def language_select(cls: str = "lang-choice", show_label: bool = True) -> El:
    """The language chooser (start screen, game menu): switches at once, kept for next time.
    Each language is offered in its own name, marked with its ``lang`` for screen readers."""
    current = messages.current_language()
    label = messages.t("lang.label")
    return h("label", {"class": cls},
             h("span", {"class": "lang-label"}, label) if show_label else None,
             h("select", {"data-action": "language", "data-language": current,
                          "aria-label": None if show_label else label},
               [h("option", {"value": code, "lang": code, "selected": code == current},
                  messages.t(f"language.{code}")) for code in messages.available_languages()]))
