"""Turning :mod:`game.web.screens.vdom` trees into real DOM nodes (browser only).

Text always goes in through ``createTextNode``/``data`` (the same as ``textContent``): a
player's name like ``<img src=x onerror=alert(1)>`` is shown as those characters and never
parsed. :func:`patch` updates the page from the previous tree to the next one and touches
only what changed, so a tap costs a few DOM calls instead of rebuilding the board (and a
text field keeps its focus and caret).
"""

from __future__ import annotations

from typing import cast

from ..screens.vdom import SVG_NS, Child, El, attr_value
from .js_types import Document, DomElement, DomNode, DomText, FormControl, present


def build(document: Document, el: El) -> DomElement:
    node = (document.createElementNS(SVG_NS, el.tag) if el.svg
            else document.createElement(el.tag))
    for key, value in el.attrs.items():
        node.setAttribute(key, attr_value(value))
    for child in el.children:
        if isinstance(child, El):
            node.appendChild(build(document, child))
        else:
            node.appendChild(document.createTextNode(child))
    _sync_properties(node, el)
    return node


def _sync_properties(element: DomElement, el: El) -> None:
    """Form controls show properties, not attributes, once a person has touched them."""
    if el.svg:
        return
    if el.tag == "select":
        node = cast(FormControl, element)  # drawn from a <select>
        for option in el.children:
            if isinstance(option, El) and "selected" in option.attrs:
                node.value = str(option.attrs.get("value", ""))
                break
    elif el.tag == "input":
        node = cast(FormControl, element)  # drawn from an <input>
        if el.attrs.get("type") == "checkbox":
            node.checked = "checked" in el.attrs
        elif "value" in el.attrs and str(node.value) != str(el.attrs["value"]):
            node.value = str(el.attrs["value"])


def patch(document: Document, drawn: DomNode, old: Child, new: Child) -> DomNode:
    """Make DOM node ``drawn`` (drawn from ``old``) show ``new``; return the node now in its
    place. ``old`` tells what ``drawn`` is: a text node for a string, else an element."""
    if old == new:
        return drawn
    if not isinstance(old, El) or not isinstance(new, El):
        if isinstance(old, str) and isinstance(new, str):
            cast(DomText, drawn).data = new
            return drawn
        fresh: DomNode = (build(document, new) if isinstance(new, El)
                          else document.createTextNode(new))
        drawn.replaceWith(fresh)
        return fresh
    if old.tag != new.tag or old.svg != new.svg:
        fresh = build(document, new)
        drawn.replaceWith(fresh)
        return fresh
    node = cast(DomElement, drawn)
    for key, value in new.attrs.items():
        if key not in old.attrs or old.attrs[key] != value:
            node.setAttribute(key, attr_value(value))
    for key in old.attrs:
        if key not in new.attrs:
            node.removeAttribute(key)
    if old.children != new.children:
        common = min(len(old.children), len(new.children))
        changed = [i for i in range(common) if old.children[i] != new.children[i]]
        if changed:
            kids = node.childNodes
            targets = [(kids.item(i), i) for i in changed]
            for kid, i in targets:
                patch(document, kid, old.children[i], new.children[i])
        for _ in range(len(old.children) - common):
            last = node.lastChild
            if not present(last):  # the page was changed behind our back: the caller
                raise RuntimeError("a drawn child is gone")  # draws it afresh
            node.removeChild(last)
        for child in new.children[common:]:
            node.appendChild(build(document, child) if isinstance(child, El)
                             else document.createTextNode(child))
    _sync_properties(node, new)
    return node


def replace_children(document: Document, parent: DomElement, el: El) -> DomElement:
    """Make ``el`` the only child of ``parent`` in one swap; return the new node."""
    node = build(document, el)
    parent.replaceChildren(node)
    return node
