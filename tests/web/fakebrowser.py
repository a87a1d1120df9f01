"""A fake browser for the page (game/web/runtime/): a small DOM that answers the selectors
the page uses (tags, classes, attributes, ``:not(...)``, descendant and child combinators,
lists), events that carry their target, and a :class:`FakeBrowser` that records every
effect it is asked to carry out (the page's ``Browser`` port)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from game.web.model.controller import Controller
from game.web.runtime.app import App
from game.web.screens.vdom import El

# ------------------------------------------------------------------- selectors
_COMPOUND = re.compile(r'([a-zA-Z][\w-]*)|(\.[\w-]+)|(\[[\w-]+(?:="[^"]*")?\])'
                       r'|(:not\((\[[^\]]*\])\))|(:scope)')


def _parse(compound: str) -> list[tuple[str, str]]:
    parts: list[tuple[str, str]] = []
    pos = 0
    while pos < len(compound):
        m = _COMPOUND.match(compound, pos)
        if m is None:
            raise ValueError(f"selector not understood by the fake DOM: {compound!r}")
        tag, cls, attr, _, negated, scope = m.groups()
        if tag:
            parts.append(("tag", tag.lower()))
        elif cls:
            parts.append(("class", cls[1:]))
        elif attr:
            parts.append(("attr", attr[1:-1]))
        elif negated:
            parts.append(("not", negated))
        elif scope:
            parts.append(("scope", ""))
        pos = m.end()
    return parts


def _matches_compound(el: FakeElement, compound: str, scope: FakeElement | None) -> bool:
    for kind, value in _parse(compound):
        if kind == "tag" and el.tag.lower() != value:
            return False
        if kind == "class" and value not in el.attrs.get("class", "").split():
            return False
        if kind == "attr":
            name, _, wanted = value.partition("=")
            if name not in el.attrs or (wanted and el.attrs[name] != wanted.strip('"')):
                return False
        if kind == "not" and _matches_compound(el, value, scope):
            return False
        if kind == "scope" and el is not scope:
            return False
    return True


def _matches_chain(el: FakeElement, chain: list[str], scope: FakeElement | None) -> bool:
    if not _matches_compound(el, chain[-1], scope):
        return False
    if len(chain) == 1:
        return True
    if chain[-2] == ">":
        return el.parent is not None and _matches_chain(el.parent, chain[:-2], scope)
    node = el.parent
    while node is not None:
        if _matches_chain(node, chain[:-1], scope):
            return True
        node = node.parent
    return False


def matches(el: FakeElement, selector: str, scope: FakeElement | None = None) -> bool:
    return any(_matches_chain(el, part.split(), scope) for part in selector.split(","))


# ------------------------------------------------------------------------ DOM
class FakeAttr:
    def __init__(self, name: str, value: str) -> None:
        self.name, self.value = name, value


class FakeAttrs:
    def __init__(self, attrs: dict[str, str]) -> None:
        self._items = list(attrs.items())
        self.length = len(self._items)

    def item(self, i: int) -> FakeAttr:
        return FakeAttr(*self._items[i])


class FakeRect:
    def __init__(self, left: float = 0, top: float = 0, width: float = 0, height: float = 0) -> None:
        self.left, self.top, self.width, self.height = left, top, width, height


class FakeList:
    def __init__(self, items: list[Any]) -> None:
        self._items = items
        self.length = len(items)

    def item(self, i: int) -> Any:
        return self._items[i]


def _unhook(node: Any) -> None:
    """A node put somewhere leaves where it was, as in the DOM."""
    if node.parent is not None:
        node.parent.kids.remove(node)
        node.parent = None


def _connected(node: Any) -> bool:
    while node.parent is not None:
        node = node.parent
    return isinstance(node, FakeElement) and node is node.document.documentElement


class FakeText:
    def __init__(self, data: str) -> None:
        self.data = data
        self.parent: FakeElement | None = None

    @property
    def isConnected(self) -> bool:
        return _connected(self)

    def replaceWith(self, node: Any) -> None:
        _unhook(node)
        self.parent.kids[self.parent.kids.index(self)] = node
        node.parent, self.parent = self.parent, None

    def html(self) -> str:
        return self.data


class FakeElement:
    def __init__(self, document: FakeDocument, tag: str) -> None:
        self.document = document
        self.tag = tag
        self.attrs: dict[str, str] = {}
        self.kids: list[Any] = []
        self.parent: FakeElement | None = None
        self.value = ""
        self.checked = False
        self.textContent = ""
        self.rect = FakeRect()
        self.files: Any = None

    # attributes
    @property
    def tagName(self) -> str:
        return self.tag.upper()

    @property
    def type(self) -> str:
        return self.attrs.get("type", "")

    @property
    def attributes(self) -> FakeAttrs:
        return FakeAttrs(self.attrs)

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = str(value)

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs

    # the tree
    @property
    def isConnected(self) -> bool:
        return _connected(self)

    def appendChild(self, node: Any) -> Any:
        _unhook(node)
        node.parent = self
        self.kids.append(node)
        return node

    def insertBefore(self, node: Any, child: Any) -> Any:
        _unhook(node)
        node.parent = self
        self.kids.insert(self.kids.index(child), node)
        return node

    def removeChild(self, node: Any) -> Any:
        self.kids.remove(node)
        node.parent = None
        return node

    def replaceWith(self, node: Any) -> None:
        _unhook(node)
        self.parent.kids[self.parent.kids.index(self)] = node
        node.parent, self.parent = self.parent, None

    def replaceChildren(self, node: Any) -> None:
        _unhook(node)
        for kid in self.kids:
            kid.parent = None
        self.kids = []
        self.appendChild(node)

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.kids.remove(self)
            self.parent = None

    @property
    def lastChild(self) -> Any:
        return self.kids[-1] if self.kids else None

    @property
    def childNodes(self) -> FakeList:
        return FakeList(self.kids)

    def elements(self) -> list[FakeElement]:
        """Every element below this one, in document order."""
        found: list[FakeElement] = []
        for kid in self.kids:
            if isinstance(kid, FakeElement):
                found.append(kid)
                found.extend(kid.elements())
        return found

    def contains(self, node: Any) -> bool:
        while node is not None:
            if node is self:
                return True
            node = node.parent
        return False

    def closest(self, selector: str) -> FakeElement | None:
        node: FakeElement | None = self
        while node is not None:
            if matches(node, selector):
                return node
            node = node.parent
        return None

    def matches(self, selector: str) -> bool:
        return matches(self, selector)

    def querySelectorAll(self, selector: str) -> FakeList:
        return FakeList([el for el in self.elements() if matches(el, selector, scope=self)])

    def querySelector(self, selector: str) -> FakeElement | None:
        found = self.querySelectorAll(selector)
        return found.item(0) if found.length else None

    # the rest
    def getBoundingClientRect(self) -> FakeRect:
        return self.rect

    def focus(self, options: Any = None) -> None:
        self.document.activeElement = self

    def click(self) -> None:
        pass

    def html(self) -> str:
        attrs = "".join(f' {k}="{v}"' for k, v in self.attrs.items())
        return f"<{self.tag}{attrs}>" + "".join(k.html() for k in self.kids) + f"</{self.tag}>"

    @property
    def outerHTML(self) -> str:
        return self.html()


class FakeDocument:
    def __init__(self) -> None:
        self.documentElement = FakeElement(self, "html")
        self.body = self.documentElement.appendChild(FakeElement(self, "body"))
        self.activeElement: FakeElement | None = self.body
        self.visibilityState = "visible"

    def createElement(self, tag: str) -> FakeElement:
        return FakeElement(self, tag)

    def createElementNS(self, ns: str, tag: str) -> FakeElement:
        return FakeElement(self, tag)

    def createTextNode(self, text: str) -> FakeText:
        return FakeText(text)

    def getElementById(self, ident: str) -> FakeElement | None:
        return self.documentElement.querySelector(f'[id="{ident}"]')


class FakeEvent:
    """A DOM event: its target, the key or the pointer, whether its default was prevented."""

    def __init__(self, target: Any, key: str = "", pointer: str = "touch", button: int = 0,
                 x: float = 0, y: float = 0) -> None:
        self.target = target
        self.key = key
        self.pointerType, self.button, self.clientX, self.clientY = pointer, button, x, y
        self.prevented = False

    def preventDefault(self) -> None:
        self.prevented = True


# -------------------------------------------------------------------- browser
class FakeBrowser:
    """The page's ``Browser``: records each effect it is asked to carry out, in order."""

    def __init__(self, width: int = 1024) -> None:
        self.done: list[tuple[Any, ...]] = []
        self.width = width
        self.hash = ""
        self.warnings: list[str] = []
        self.errors: list[str] = []
        self.timers: dict[str, int | None] = {}

    def download(self, name: str, text: str) -> None:
        self.done.append(("download", name, text))

    def reload(self) -> None:
        self.done.append(("reload",))

    def apply_update(self) -> None:
        self.done.append(("apply-update",))

    def forget_link(self, url: str) -> None:
        self.done.append(("forget-link", url))

    def show_board(self) -> None:
        self.done.append(("show-board",))

    def copy_text(self, text: str) -> None:
        self.done.append(("copy", text))

    def share_link(self, url: str, title: str) -> None:
        self.done.append(("share", url, title))

    def show_log_step(self, step: int) -> None:
        self.done.append(("show-log-step", step))

    def announce(self, text: str) -> None:
        self.done.append(("announce", text))

    def start_timer(self, name: str, delay_ms: int | None) -> None:
        self.timers[name] = delay_ms
        self.done.append(("timer", name, delay_ms))

    def cancel_timer(self, name: str) -> None:
        self.timers.pop(name, None)
        self.done.append(("cancel-timer", name))

    def ask_persistence(self) -> None:
        self.done.append(("ask-persistence",))

    def play_sound(self, kind: str) -> None:
        self.done.append(("sound", kind))

    def options(self, values: dict[str, object]) -> Any:
        return dict(values)

    def inner_width(self) -> int:
        return self.width

    def location_hash(self) -> str:
        return self.hash

    def worker_ready(self) -> bool:
        return False

    async def ask_worker(self, text: str) -> str:
        raise RuntimeError("no worker")

    def perf_now(self) -> float:
        return 0.0

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(0)

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def error(self, text: str) -> None:
        self.errors.append(text)

    def kinds(self) -> list[str]:
        return [entry[0] for entry in self.done]


def make_page(c: Controller, width: int = 1024) -> tuple[App, FakeDocument, FakeBrowser]:
    """A page on a fake document (``#app`` and ``#announcer`` in its body), not started."""
    document = FakeDocument()
    root = document.body.appendChild(FakeElement(document, "main"))
    root.setAttribute("id", "app")
    announcer = document.body.appendChild(FakeElement(document, "div"))
    announcer.setAttribute("id", "announcer")
    browser = FakeBrowser(width)
    return App(c, document, root, browser), document, browser


def rendered(tree: El) -> FakeElement:
    """``tree`` drawn into a fake document."""
    from game.web.runtime import dom

    document = FakeDocument()
    return dom.build(document, tree)
