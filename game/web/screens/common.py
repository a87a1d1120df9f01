"""Small pieces shared by the screens: colour chips, buttons, the message line."""

from __future__ import annotations

from typing import Any

from .. import messages as M
from ..vdom import El, h


def chip(colour: str, extra: str = "") -> El:
    """A colour chip with the colour's letter (readable without seeing hue)."""
    return h("span", {"class": f"chip c-{colour} {extra}".strip(), "data-chip": colour,
                      "title": M.colour(colour)}, M.letter(colour))


def chips(colours) -> list[El]:
    return [chip(c) for c in colours]


def button(label: str, action: str, attrs: dict[str, Any] | None = None,
           cls: str = "btn", disabled: bool = False) -> El:
    data: dict[str, Any] = {"type": "button", "class": cls, "data-action": action}
    if attrs:
        data.update(attrs)
    if disabled:
        data["disabled"] = True
        data["aria-disabled"] = "true"
    return h("button", data, label)


def notice_line(notice: tuple[str, dict] | None, cls: str = "notice") -> El:
    """The single message line (id ``message``): explanations of refused moves, hints."""
    if notice is None:
        return h("p", {"id": "message", "class": f"{cls} empty", "aria-live": "polite"})
    key, params = notice
    return h("p", {"id": "message", "class": cls, "data-message-id": key, "role": "status",
                   "aria-live": "polite"}, M.t(key, **params))
