"""The JavaScript boundary, typed: the browser objects the page's Python code touches.

``pyscript``, ``js`` and ``pyodide`` carry no type information, so each value that comes from
them is annotated with one of these protocols where it enters (:mod:`game.web.shell.browser`), and
:mod:`game.web.runtime.dom` is written against them. Each protocol lists exactly the members the
code uses, under their JavaScript names; parameters are positional-only, as JavaScript has
no keyword arguments. Nothing here imports the browser: the module runs (and is checked)
in CPython too.

JavaScript's ``null`` and ``undefined`` arrive as ``None`` or, in newer Pyodide, as
``JsNull``/``JsUndefined``: a member that may be null is typed ``X | None`` and tested with
:func:`present`, never with ``is None``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Iterable
from typing import Literal, Protocol, TypeGuard, TypeVar, overload

T = TypeVar("T")


def present(value: T | None) -> TypeGuard[T]:
    """False for JavaScript null/undefined (``None`` or, in newer Pyodide, ``JsNull``).
    (A ``TypeGuard``, from the standard library: ``typing_extensions`` is not in the page's
    trimmed standard library.)"""
    return value is not None and type(value).__name__ not in ("JsNull", "JsUndefined")


# ------------------------------------------------------------------ opaque values
class JsObject(Protocol):
    """A JavaScript value only handed back to JavaScript (options made by ``to_js``, a
    ``Date``, a ``Blob``): Python reads nothing from it."""


class JsCallback(Protocol):
    """A Python function made callable from JavaScript (``pyscript.ffi.create_proxy``),
    kept alive by its holder for as long as JavaScript may call it."""


# ----------------------------------------------------------------------- the DOM
class EventTarget(Protocol):
    def addEventListener(self, kind: str, listener: JsCallback, /) -> None: ...


class DomNode(Protocol):
    """A node of the page: an element or a text node (what ``childNodes`` holds)."""

    @property
    def isConnected(self) -> bool: ...
    def replaceWith(self, node: DomNode, /) -> None: ...


class DomText(DomNode, Protocol):
    data: str


class Attr(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> str: ...


class NamedNodeMap(Protocol):
    """An element's ``attributes``; ``item(i)`` for ``i < length``."""

    @property
    def length(self) -> int: ...
    def item(self, index: int, /) -> Attr: ...


class NodeList(Protocol):
    """``childNodes``; ``item(i)`` for ``i < length``."""

    def item(self, index: int, /) -> DomNode: ...


class ElementList(Protocol):
    """What ``querySelectorAll`` finds; ``item(i)`` for ``i < length``."""

    @property
    def length(self) -> int: ...
    def item(self, index: int, /) -> DomElement: ...


class DomRect(Protocol):
    """A ``DOMRect`` (``getBoundingClientRect``) or an SVG ``viewBox``, in CSS px."""

    @property
    def left(self) -> float: ...
    @property
    def top(self) -> float: ...
    @property
    def width(self) -> float: ...
    @property
    def height(self) -> float: ...


class DomElement(DomNode, EventTarget, Protocol):
    @property
    def tagName(self) -> str: ...
    @property
    def attributes(self) -> NamedNodeMap: ...
    @property
    def childNodes(self) -> NodeList: ...
    @property
    def lastChild(self) -> DomNode | None: ...
    @property
    def outerHTML(self) -> str: ...
    @property
    def clientHeight(self) -> float: ...
    textContent: str
    scrollTop: float

    def getAttribute(self, name: str, /) -> str | None: ...
    def setAttribute(self, name: str, value: str, /) -> None: ...
    def removeAttribute(self, name: str, /) -> None: ...
    def hasAttribute(self, name: str, /) -> bool: ...
    def appendChild(self, node: DomNode, /) -> DomNode: ...
    def insertBefore(self, node: DomNode, child: DomNode, /) -> DomNode: ...
    def removeChild(self, node: DomNode, /) -> DomNode: ...
    def replaceChildren(self, node: DomNode, /) -> None: ...
    def remove(self) -> None: ...
    def contains(self, node: DomNode, /) -> bool: ...
    def closest(self, selector: str, /) -> DomElement | None: ...
    def matches(self, selector: str, /) -> bool: ...
    def querySelector(self, selector: str, /) -> DomElement | None: ...
    def querySelectorAll(self, selector: str, /) -> ElementList: ...
    def getBoundingClientRect(self) -> DomRect: ...
    def focus(self, options: JsObject = ..., /) -> None: ...
    def click(self) -> None: ...
    def scrollIntoView(self, options: JsObject, /) -> None: ...


class File(Protocol):
    @property
    def size(self) -> float: ...
    def text(self) -> Awaitable[str]: ...


class FileList(Protocol):
    """``item(i)`` for ``i < length``."""

    @property
    def length(self) -> int: ...
    def item(self, index: int, /) -> File: ...


class FormControl(DomElement, Protocol):
    """An ``<input>`` or a ``<select>``: what the state shows, as properties."""

    value: str
    checked: bool
    @property
    def type(self) -> str: ...
    @property
    def files(self) -> FileList | None: ...
    def select(self) -> None: ...


class AnimatedRect(Protocol):
    @property
    def baseVal(self) -> DomRect: ...


class SvgElement(DomElement, Protocol):
    """An ``<svg>`` element (the board)."""

    @property
    def viewBox(self) -> AnimatedRect: ...


class Anchor(DomElement, Protocol):
    """An ``<a>``, made to hand a file to the browser."""

    href: str
    download: str


class Document(EventTarget, Protocol):
    @property
    def documentElement(self) -> DomElement: ...
    @property
    def body(self) -> DomElement: ...
    @property
    def activeElement(self) -> DomElement | None: ...
    @property
    def visibilityState(self) -> str: ...

    def getElementById(self, ident: str, /) -> DomElement | None: ...
    @overload
    def createElement(self, tag: Literal["a"], /) -> Anchor: ...
    @overload
    def createElement(self, tag: str, /) -> DomElement: ...
    def createElementNS(self, namespace: str, tag: str, /) -> DomElement: ...
    def createTextNode(self, text: str, /) -> DomText: ...


# -------------------------------------------------------------------- events
class DomEvent(Protocol):
    @property
    def target(self) -> DomElement: ...
    def preventDefault(self) -> None: ...


class KeyboardEvent(DomEvent, Protocol):
    @property
    def key(self) -> str: ...


class PointerEvent(DomEvent, Protocol):
    @property
    def pointerType(self) -> str: ...
    @property
    def button(self) -> int: ...
    @property
    def clientX(self) -> float: ...
    @property
    def clientY(self) -> float: ...


class FormEvent(DomEvent, Protocol):
    """``change`` and ``input``: their target is a form control."""

    @property
    def target(self) -> FormControl: ...


class StorageEvent(DomEvent, Protocol):
    """Another tab wrote ``key`` (null: it cleared the whole storage)."""

    @property
    def key(self) -> str | None: ...


# ------------------------------------------------------------------- the window
class Storage(Protocol):
    """``localStorage``; ``key(i)`` for ``i < length``."""

    @property
    def length(self) -> int: ...
    def getItem(self, key: str, /) -> str | None: ...
    def setItem(self, key: str, value: str, /) -> None: ...
    def removeItem(self, key: str, /) -> None: ...
    def key(self, index: int, /) -> str | None: ...


class StorageManager(Protocol):
    """``navigator.storage`` (``persisted`` may be missing: looked up with getattr)."""

    def persisted(self) -> Awaitable[bool]: ...
    def persist(self) -> Awaitable[bool]: ...


class Clipboard(Protocol):
    """``navigator.clipboard`` (missing outside a secure context: looked up with getattr)."""

    def writeText(self, text: str, /) -> Awaitable[None]: ...


class WebShare(Protocol):
    """``navigator.share`` (missing in most desktop browsers: looked up with getattr)."""

    def __call__(self, data: JsObject, /) -> Awaitable[None]: ...


class Navigator(Protocol):
    """``standalone``, ``maxTouchPoints`` and ``storage`` are missing in some browsers:
    the code looks them up with ``getattr``."""

    @property
    def languages(self) -> Iterable[str]: ...
    @property
    def language(self) -> str: ...
    @property
    def userAgent(self) -> str: ...


class Location(Protocol):
    @property
    def search(self) -> str: ...
    @property
    def hash(self) -> str: ...
    @property
    def origin(self) -> str: ...
    @property
    def pathname(self) -> str: ...
    def reload(self) -> None: ...


class History(Protocol):
    def replaceState(self, state: None, title: str, url: str, /) -> None: ...


class Console(Protocol):
    def warn(self, text: str, /) -> None: ...
    def error(self, text: str, /) -> None: ...


class Performance(Protocol):
    def now(self) -> float: ...
    def mark(self, name: str, /) -> object: ...


class MediaQueryList(EventTarget, Protocol):
    @property
    def matches(self) -> bool: ...


class DateTimeFormat(Protocol):
    def format(self, date: JsObject, /) -> str: ...


class DateTimeFormatClass(Protocol):
    def new(self, locale: str, options: JsObject, /) -> DateTimeFormat: ...


class IntlNamespace(Protocol):
    @property
    def DateTimeFormat(self) -> DateTimeFormatClass: ...


class DateClass(Protocol):
    def new(self, milliseconds: float, /) -> JsObject: ...


class SearchParams(Protocol):
    def get(self, key: str, /) -> str | None: ...


class SearchParamsClass(Protocol):
    def new(self, search: str, /) -> SearchParams: ...


class BlobClass(Protocol):
    def new(self, parts: list[str], options: JsObject, /) -> JsObject: ...


class UrlClass(Protocol):
    def createObjectURL(self, blob: JsObject, /) -> str: ...


class ThinkingWorker(Protocol):
    """``window.manhattanAi`` (scripts/boot.template.mjs): the thinking worker's page side.
    ``state`` is "starting", "ready", "resting", "waking", "failed" or "off"; ``ask``
    answers a request's text (a resting worker is woken first)."""

    @property
    def state(self) -> str: ...
    def ask(self, text: str, /) -> Awaitable[str]: ...


class Window(EventTarget, Protocol):
    """``window`` (``manhattanAi`` and ``manhattanUpdateWaiting`` may be missing: the code
    looks them up with ``getattr``)."""

    @property
    def navigator(self) -> Navigator: ...
    @property
    def location(self) -> Location: ...
    @property
    def history(self) -> History: ...
    @property
    def localStorage(self) -> Storage: ...
    @property
    def sessionStorage(self) -> Storage: ...
    @property
    def console(self) -> Console: ...
    @property
    def performance(self) -> Performance: ...
    @property
    def innerWidth(self) -> int: ...
    @property
    def Intl(self) -> IntlNamespace: ...
    @property
    def Date(self) -> DateClass: ...
    @property
    def URLSearchParams(self) -> SearchParamsClass: ...
    @property
    def Blob(self) -> BlobClass: ...
    @property
    def URL(self) -> UrlClass: ...

    def matchMedia(self, query: str, /) -> MediaQueryList: ...
    def setTimeout(self, handler: JsCallback, delay_ms: int, /) -> int: ...
    def clearTimeout(self, ident: int, /) -> None: ...
    def requestAnimationFrame(self, handler: JsCallback, /) -> int: ...
    def manhattanSound(self, kind: str, /) -> None:
        """assets/sound.js: synthesise the game's sound ``kind`` (silent before a gesture)."""
    def manhattanApplyUpdate(self) -> None:
        """assets/boot.js: activate the waiting service worker, then reload."""
    manhattanRestart: JsObject
    """game/web/shell/main.py, only under the developer option ``restart=1``: the page's
    ``stop()`` and ``start()`` (the browser tests start the page afresh in place)."""
