"""Turning :mod:`game.web.vdom` trees into real DOM nodes (browser only).

Text always goes in through ``createTextNode`` (the same as ``textContent``): a player's
name like ``<img src=x onerror=alert(1)>`` is shown as those characters and never parsed.
"""

from __future__ import annotations

from .vdom import SVG_NS, El, attr_value


def build(document, el: El):
    node = (document.createElementNS(SVG_NS, el.tag) if el.svg
            else document.createElement(el.tag))
    for key, value in el.attrs.items():
        node.setAttribute(key, attr_value(value))
    for child in el.children:
        if isinstance(child, El):
            node.appendChild(build(document, child))
        else:
            node.appendChild(document.createTextNode(child))
    return node


def replace_children(document, parent, el: El) -> None:
    """Make ``el`` the only child of ``parent`` in one swap (no flash of an empty page)."""
    node = build(document, el)
    parent.replaceChildren(node)
