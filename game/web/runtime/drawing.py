"""Drawing the page: a frame's element tree patched into the DOM, the focused
control found again, the news for screen readers and the board measured. The DOM comes
in through its protocols (game/web/runtime/js_types.py): a fake one in the tests
(tests/web/test_drawing.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..frames.frame import Frame
from ..screens import layout
from ..screens.announce import News, fresh, news
from ..screens.vdom import El
from .dom import Kept, patch, replace_children
from .events import data_of
from .focus import focus_selectors
from .js_types import Document, DomElement, DomNode, JsObject, SvgElement, present


def focusable(el: DomElement) -> DomElement:
    """The element that takes the focus for ``el``: a plot's named cell, else ``el``."""
    inner = el.querySelector(":scope > [tabindex]")
    return inner if present(inner) and not el.hasAttribute("tabindex") else el


def show_within(root: DomElement, box_selector: str, entry_selector: str) -> None:
    """Scroll the box ``box_selector`` finds (a list that scrolls on its own) so that its
    item ``entry_selector`` sits in its middle. Only that box moves: ``scrollIntoView``
    would scroll every box around it too, the page and the panel, and take the board and
    the controls that asked for the entry out of view."""
    box = root.querySelector(box_selector)
    entry = box.querySelector(entry_selector) if present(box) else None
    if not present(box) or not present(entry):
        return
    inner, outer = entry.getBoundingClientRect(), box.getBoundingClientRect()
    box.scrollTop = max(0.0, box.scrollTop + inner.top - outer.top
                        - (box.clientHeight - inner.height) / 2)


class Drawing:
    """The element tree now on the page and its DOM node, kept to patch the next one."""

    def __init__(self, document: Document, root: DomElement,
                 options: Callable[[dict[str, object]], JsObject]) -> None:
        self.document = document
        self.root = root
        self.options = options  # a JavaScript options object (``to_js``)
        self.tree: El | None = None
        self.node: DomNode | None = None
        self.kept = Kept()
        self.news: News = ()

    def draw(self, tree: El) -> None:
        """Put ``tree`` on the page, changing only the nodes that differ."""
        try:
            if self.tree is None or self.node is None:
                self.node = replace_children(self.document, self.root, tree, self.kept)
            else:
                self.node = patch(self.document, self.node, self.tree, tree, self.kept)
        except Exception:  # the page was changed behind our back: draw it afresh
            self.kept.clear()
            self.node = replace_children(self.document, self.root, tree, self.kept)
        self.kept.release()
        self.tree = tree

    def focus_key(self) -> list[str] | None:
        """Selectors that find the focused control again after a redraw, most exact first."""
        try:
            el = self.document.activeElement
            if not present(el) or not self.root.contains(el) or el == self.root:
                return None
            if not el.hasAttribute("data-action") and not el.hasAttribute("data-field"):
                el = el.closest("[data-action]")  # a plot's focusable cell
                if not present(el):
                    return None
            return focus_selectors(data_of(el), present(el.closest(".tb-menu")))
        except Exception:
            return None

    def restore_focus(self, focus: list[str] | None) -> None:
        """The focus back on the control it was on (or the closest thing), unless it still is."""
        if not focus:
            return
        active = self.document.activeElement
        if present(active) and self.root.contains(active) and \
                not active.hasAttribute("disabled") and not present(active.closest("[hidden]")):
            return
        for selector in focus:
            el = self.root.querySelector(selector)
            if present(el) and not el.hasAttribute("disabled") and \
                    not present(el.closest("[hidden]")):
                el = focusable(el)
                if el.getAttribute("tabindex") == "-1":
                    el.setAttribute("tabindex", "0")
                el.focus(self.options({"preventScroll": True}))
                return

    def announcement(self, frame: Frame) -> str:
        """What is new since the last drawing, to be read out ("" when nothing is)."""
        items = news(frame)
        text = fresh(self.news, items)
        self.news = items
        return text

    def plot_px(self) -> float | None:
        """How large a plot of the whole board is on screen (CSS px), if one is drawn."""
        svg = cast("SvgElement | None",  # the selector finds an <svg>
                   self.root.querySelector('svg.board[data-board-view="full"]'))
        if not present(svg):
            return None
        box = svg.getBoundingClientRect()
        view = svg.viewBox.baseVal
        if not box.width or not view.width or not view.height:
            return None
        return layout.PLOT * min(box.width / view.width, box.height / view.height)
