"""Turning :mod:`game.web.screens.vdom` trees into real DOM nodes (browser only).

Text always goes in through ``createTextNode``/``data`` (the same as ``textContent``): a
player's name like ``<img src=x onerror=alert(1)>`` is shown as those characters and never
parsed. :func:`patch` updates the page from the previous tree to the next one and touches
only what changed, so a tap costs a few DOM calls instead of rebuilding the board (and a
text field keeps its focus and caret).

Children are compared by position. A keyed element (``El.key``) is more: its node is only
ever patched from an element of the same key, and :class:`Kept` holds it while it is off the
page, so a part that leaves and comes back (the table under a hotseat game's pass screen; a
players' row moved down the panel by a line put above it) is patched, not built again: the
page makes far fewer nodes for the collector, which WebKit lets pile up.
"""

from __future__ import annotations

from typing import cast

from ..screens.vdom import SVG_NS, Child, El, attr_value
from .js_types import Document, DomElement, DomNode, DomText, FormControl, present


class Kept:
    """The DOM node last drawn for each key, with the element it shows. A node off the page
    (``isConnected`` false) is taken back by the next element of its key; a node still on
    the page is never taken (its place may yet be patched), so at worst a keyed element is
    built afresh as any other. Keys do not nest (a keyed element holds no keyed element),
    so a kept node is whole by itself and :meth:`release` can cut it from the rest of the
    tree it left with."""

    def __init__(self) -> None:
        self.nodes: dict[str, tuple[El, DomElement]] = {}

    def take(self, document: Document, el: El) -> DomElement | None:
        """The kept node for ``el``'s key, patched to show ``el``; None if there is none
        off the page."""
        assert el.key is not None
        entry = self.nodes.get(el.key)
        if entry is None:
            return None
        shown, node = entry
        if shown.tag != el.tag or shown.svg != el.svg or node.isConnected:
            return None
        return cast(DomElement, patch(document, node, shown, el, self))

    def note(self, el: El, node: DomElement) -> None:
        if el.key is not None:
            self.nodes[el.key] = (el, node)

    def release(self) -> None:
        """Cut each kept node that is off the page from the parent it left with: a node
        keeps its ancestors alive, and with them the whole screen it was part of (the last
        turn's panel, its hand too) until it is taken back."""
        for _, node in self.nodes.values():
            if not node.isConnected:
                node.remove()

    def clear(self) -> None:
        self.nodes.clear()


def build(document: Document, el: El, kept: Kept | None = None) -> DomElement:
    """``el``'s DOM node: made afresh, or with ``kept``, a keyed node taken back."""
    if kept is not None and el.key is not None:
        node = kept.take(document, el)
        if node is not None:
            return node
    node = _element(document, el)
    for child in el.children:
        if isinstance(child, El):
            node.appendChild(build(document, child, kept))
        else:
            node.appendChild(document.createTextNode(child))
    _sync_properties(node, el)
    if kept is not None:
        kept.note(el, node)
    return node


def _element(document: Document, el: El) -> DomElement:
    """``el``'s element with its attributes, no children yet."""
    node = (document.createElementNS(SVG_NS, el.tag) if el.svg
            else document.createElement(el.tag))
    for key, value in el.attrs.items():
        node.setAttribute(key, attr_value(value))
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


def patch(document: Document, drawn: DomNode, old: Child, new: Child,
          kept: Kept | None = None) -> DomNode:
    """Make DOM node ``drawn`` (drawn from ``old``) show ``new``; return the node now in its
    place. ``old`` tells what ``drawn`` is: a text node for a string, else an element.
    ``kept``: where keyed nodes are noted and taken back."""
    if old == new:
        return drawn
    if not isinstance(old, El) or not isinstance(new, El):
        if isinstance(old, str) and isinstance(new, str):
            cast(DomText, drawn).data = new
            return drawn
        fresh: DomNode = _fresh(document, new, kept)
        drawn.replaceWith(fresh)
        return fresh
    at = _held_at(old, new)
    if at is not None:
        return _wrap(document, drawn, old, new, at, kept)
    at = _held_at(new, old)
    if at is not None:
        return _unwrap(document, cast(DomElement, drawn), old, new, at, kept)
    if old.tag != new.tag or old.svg != new.svg or old.key != new.key:
        fresh = build(document, new, kept)
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
        if _keyed(old.children) or _keyed(new.children):
            _patch_keyed_children(document, node, old.children, new.children, kept)
        else:
            _patch_children(document, node, old.children, new.children, kept)
    _sync_properties(node, new)
    if kept is not None:
        kept.note(new, node)
    return node


def _same_kind(child: Child, el: El) -> bool:
    return (isinstance(child, El) and child.tag == el.tag and child.svg == el.svg
            and child.key == el.key and child.attrs.get("class") == el.attrs.get("class"))


def _held_at(inner: El, outer: El) -> int | None:
    """Where ``outer``, not of ``inner``'s kind (tag and class), holds the one child of that
    kind: a screen put into a wrapper or taken out of one (a banner, the scoring sheet or
    the rules beside it), which by position alone would be built anew whole."""
    if (inner.svg or outer.svg or inner.key is not None or outer.key is not None
            or _same_kind(outer, inner)):
        return None  # the drawing's SVG is patched in place: no screens are wrapped there
    held = None
    for i, child in enumerate(outer.children):
        if _same_kind(child, inner):
            if held is not None:
                return None
            held = i
    return held


def _wrap(document: Document, drawn: DomNode, old: El, new: El, at: int,
          kept: Kept | None) -> DomNode:
    """``new`` holds, at ``at``, what ``drawn`` shows: a new wrapper takes ``drawn``'s place
    and the drawn node goes into it, patched; the wrapper's other children are built."""
    shell = _element(document, new)
    drawn.replaceWith(shell)
    for i, child in enumerate(new.children):
        if i == at:
            shell.appendChild(drawn)
            patch(document, drawn, old, child, kept)
        else:
            shell.appendChild(_fresh(document, child, kept))
    _sync_properties(shell, new)
    return shell


def _unwrap(document: Document, drawn: DomElement, old: El, new: El, at: int,
            kept: Kept | None) -> DomNode:
    """``old`` held, at ``at``, what ``new`` is: that child takes the wrapper's place,
    patched; the rest of the wrapper goes."""
    inner = drawn.childNodes.item(at)
    if not present(inner):  # the page was changed behind our back: the caller
        raise RuntimeError("a drawn child is gone")  # draws it afresh
    drawn.replaceWith(inner)
    return patch(document, inner, old.children[at], new, kept)


def _fresh(document: Document, child: Child, kept: Kept | None) -> DomNode:
    return build(document, child, kept) if isinstance(child, El) else document.createTextNode(child)


def _keyed(children: list[Child]) -> bool:
    return any(isinstance(child, El) and child.key is not None for child in children)


def _patch_children(document: Document, node: DomElement, old: list[Child], new: list[Child],
                    kept: Kept | None) -> None:
    """Children by position: each changed one patched, the rest removed or added. When the
    count changes, the equal children at the end stay as they are and the removing or
    adding happens before them: a ring put under a tower's labels leaves the labels alone,
    where by position alone each child after it was patched into the one before and the
    last one built anew."""
    tail = 0
    if len(old) != len(new):
        most = min(len(old), len(new))
        while tail < most and old[len(old) - 1 - tail] == new[len(new) - 1 - tail]:
            tail += 1
    old_end, new_end = len(old) - tail, len(new) - tail
    common = min(old_end, new_end)
    kids = node.childNodes
    changed = [i for i in range(common) if old[i] != new[i]]
    if changed:
        targets = [(kids.item(i), i) for i in changed]
        for kid, i in targets:
            patch(document, kid, old[i], new[i], kept)
    for _ in range(old_end - common):
        gone = kids.item(common) if tail else node.lastChild
        if not present(gone):  # the page was changed behind our back: the caller
            raise RuntimeError("a drawn child is gone")  # draws it afresh
        node.removeChild(gone)
    before = None
    if tail and new_end > common:
        before = kids.item(common)
        if not present(before):
            raise RuntimeError("a drawn child is gone")
    for child in new[common:new_end]:
        fresh = _fresh(document, child, kept)
        if before is None:
            node.appendChild(fresh)
        else:
            node.insertBefore(fresh, before)


def _patch_keyed_children(document: Document, node: DomElement, old: list[Child],
                          new: list[Child], kept: Kept | None) -> None:
    """Children where some are keyed: a keyed child is patched from the old child of its key
    wherever it stood, the others from the old unkeyed children in order; what is left of
    the old is removed, and the nodes are put in the new order, moving as few as keep it."""
    kids = node.childNodes
    keyed: dict[str, tuple[int, El, DomNode]] = {}
    loose: list[tuple[int, Child, DomNode]] = []
    for i, child in enumerate(old):
        drawn = kids.item(i)
        if not present(drawn):  # the page was changed behind our back: the caller
            raise RuntimeError("a drawn child is gone")  # draws it afresh
        if isinstance(child, El) and child.key is not None:
            keyed[child.key] = (i, child, drawn)
        else:
            loose.append((i, child, drawn))
    placed: list[tuple[DomNode, int | None]] = []  # each new child's node, its old place
    taken = 0
    for child in new:
        hit: tuple[int, Child, DomNode] | None
        if isinstance(child, El) and child.key is not None:
            hit = keyed.pop(child.key, None)
        elif taken < len(loose):
            hit, taken = loose[taken], taken + 1
        else:
            hit = None
        if hit is None:
            placed.append((_fresh(document, child, kept), None))
        else:
            i, was, drawn = hit
            placed.append((patch(document, drawn, was, child, kept), i))
    for _, _, drawn in [*keyed.values(), *loose[taken:]]:
        node.removeChild(drawn)
    # The old nodes still on the page stand in their old order; the new order agrees with it
    # up to the first new or moved node, and from there on each is put at the end.
    standing = sorted(i for _, i in placed if i is not None)
    first = 0
    while (first < len(placed) and first < len(standing)
           and placed[first][1] == standing[first]):
        first += 1
    for drawn, _ in placed[first:]:
        node.appendChild(drawn)


def replace_children(document: Document, parent: DomElement, el: El,
                     kept: Kept | None = None) -> DomElement:
    """Make ``el`` the only child of ``parent`` in one swap; return the new node."""
    node = build(document, el, kept)
    parent.replaceChildren(node)
    return node
