"""A tiny element tree that screens are rendered into, in pure Python.

Screens build :class:`El` trees (testable in CPython); :mod:`game.web.runtime.dom` turns a tree into
real DOM nodes with ``createElement``/``createElementNS``, ``setAttribute`` and text nodes
(``textContent``), never ``innerHTML``, so a player's name is always inert text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Union

SVG_NS = "http://www.w3.org/2000/svg"

Child = Union["El", str]


class El:
    """An element. ``key`` names a part of the page that comes and goes whole (the board,
    the players' list): its DOM node is kept while it is off the page and patched when it
    comes back (:class:`game.web.runtime.dom.Kept`), so a screen in between costs no rebuild.
    A key is unique within a page's tree."""

    __slots__ = ("tag", "attrs", "children", "svg", "key")

    def __init__(self, tag: str, attrs: dict[str, Any] | None, children: list[Child],
                 svg: bool = False, key: str | None = None):
        self.tag = tag
        self.attrs = attrs or {}
        self.children = children
        self.svg = svg
        self.key = key

    def __repr__(self) -> str:
        return f"<El {self.tag} {self.attrs}>"

    def __eq__(self, other: object) -> bool:
        if self is other:  # a kept subtree (a plot, a card): the patch stops at once
            return True
        return (isinstance(other, El) and self.tag == other.tag and self.svg == other.svg
                and self.key == other.key and self.attrs == other.attrs
                and self.children == other.children)

    __hash__ = None  # type: ignore[assignment]

    # -- queries, for tests and for the DOM layer
    def walk(self) -> Iterator[El]:
        yield self
        for child in self.children:
            if isinstance(child, El):
                yield from child.walk()

    def find_all(self, **attrs: Any) -> list[El]:
        """Elements whose attributes equal ``attrs`` (``data_card`` means ``data-card``;
        a value of ``True`` means the attribute is present)."""
        want = {k.replace("_", "-"): v for k, v in attrs.items()}
        found = []
        for el in self.walk():
            if all((k in el.attrs) if v is True else (str(el.attrs.get(k)) == str(v))
                   for k, v in want.items()):
                found.append(el)
        return found

    def find(self, **attrs: Any) -> El | None:
        found = self.find_all(**attrs)
        return found[0] if found else None

    def text(self) -> str:
        parts: list[str] = []
        for child in self.children:
            parts.append(child.text() if isinstance(child, El) else child)
        return "".join(parts)


def _flatten(children: Iterable[Any]) -> list[Child]:
    out: list[Child] = []
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, (list, tuple)):
            out.extend(_flatten(child))
        elif isinstance(child, El):
            out.append(child)
        else:
            out.append(str(child))
    return out


def _attrs(attrs: dict[str, Any] | None) -> dict[str, Any]:
    if not attrs:
        return {}
    return {k: v for k, v in attrs.items() if v is not None and v is not False}


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Any,
      key: str | None = None) -> El:
    """An HTML element. Attributes with value None/False are left out; True means present."""
    return El(tag, _attrs(attrs), _flatten(children), key=key)


def s(tag: str, attrs: dict[str, Any] | None = None, *children: Any,
      key: str | None = None) -> El:
    """An SVG element."""
    return El(tag, _attrs(attrs), _flatten(children), svg=True, key=key)


def attr_value(value: Any) -> str:
    if value is True:
        return ""
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return text or "0"
    return str(value)
