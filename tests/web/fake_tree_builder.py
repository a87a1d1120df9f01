"""The page's tree builder (``document.manhattanBuildTree``, scripts/boot.template.mjs) for
the fake documents: the same walk over the same description, with the fake's own calls."""

from __future__ import annotations

import json
from typing import Any

from game.web.screens.vdom import SVG_NS


def build_tree(document: Any, text: str) -> Any:
    return _build(document, json.loads(text))


def _build(document: Any, spec: list[Any]) -> Any:
    tag, svg, attrs, children = spec
    node = document.createElementNS(SVG_NS, tag) if svg else document.createElement(tag)
    for i in range(0, len(attrs), 2):
        node.setAttribute(attrs[i], attrs[i + 1])
    for child in children:
        node.appendChild(document.createTextNode(child) if isinstance(child, str)
                         else _build(document, child))
    return node
