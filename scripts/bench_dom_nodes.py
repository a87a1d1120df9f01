#!/usr/bin/env python3
"""DOM nodes a whole game makes, drawn into a fake DOM in CPython (a benchmark, not a test).

Every tap and every computer move is drawn and patched as the page does it
(``game/web/runtime/dom.py`` with the page's :class:`~game.web.runtime.dom.Kept`), on the fake
document of ``tests/web/test_dom_patch.py``, which counts what is created. Each node made
lives on the page or becomes garbage for the browser's collector, which WebKit lets pile
up (docs/performance.md, "Memory on a tablet"). The largest sources are the outermost
elements built afresh, with the nodes made under them.

It also counts the calls the drawing makes across the boundary to JavaScript (a method
called or a property read or set on a node, a node created by the document): in Pyodide
each leaves objects for the collector (docs/performance.md, "What a render allocates").

    .venv/bin/python scripts/bench_dom_nodes.py [--seed 5] [--top 12]
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web")]

from play_kit import make_controller, play_to_end, setup_game  # noqa: E402
from test_dom_patch import FakeDocument, FakeNode  # noqa: E402

from game.web.runtime import dom  # noqa: E402
from game.web.screens.vdom import El  # noqa: E402

GAMES = {
    "four people, hotseat": ["human"] * 4,
    "one person against three greedy": ["human", "greedy", "greedy", "greedy"],
}


# What dom.py may use of a node (js_types: DomNode, DomText, DomElement, FormControl).
NODE_MEMBERS = {"isConnected", "replaceWith", "data", "setAttribute", "removeAttribute",
                "appendChild", "insertBefore", "removeChild", "replaceChildren", "remove",
                "childNodes", "lastChild", "value", "checked"}


def count(controllers: list[str], seed: int) -> tuple[int, int, collections.Counter[str],
                                                         collections.Counter[str],
                                                         collections.Counter[str]]:
    """(renders, nodes made, nodes by the outermost fresh element, its builds, the calls
    across the boundary by member)."""
    made: collections.Counter[str] = collections.Counter()
    builds: collections.Counter[str] = collections.Counter()
    calls: collections.Counter[str] = collections.Counter()
    outer: list[str] = []

    class Counting(FakeDocument):
        def _made(self) -> None:
            made[outer[0] if outer else "(text patched in)"] += 1
            calls["create"] += 1

        def createElement(self, tag: str) -> Any:
            self._made()
            return super().createElement(tag)

        def createElementNS(self, ns: str, tag: str) -> Any:
            self._made()
            return super().createElementNS(ns, tag)

        def createTextNode(self, text: str) -> Any:
            self._made()
            return super().createTextNode(text)

    plain_build = dom.build

    def build(document: Any, el: El, kept: dom.Kept | None = None) -> Any:
        name = f"{el.tag}.{el.attrs.get('class', '')}"[:48] + (f" [{el.key}]" if el.key else "")
        if not outer:
            builds[name] += 1
        outer.append(name)
        try:
            return plain_build(document, el, kept)
        finally:
            outer.pop()

    plain_get = FakeNode.__getattribute__

    def counted_get(node: Any, name: str) -> Any:
        if name in NODE_MEMBERS:
            calls[name] += 1
        return plain_get(node, name)

    dom.build = build  # type: ignore[assignment]
    FakeNode.__getattribute__ = counted_get  # type: ignore[method-assign]
    try:
        document, root, kept = Counting(), FakeNode("main", root=True), dom.Kept()
        c = make_controller()
        setup_game(c, len(controllers), names=["A", "B", "C", "D"][:len(controllers)],
                   controllers=controllers, start="0")
        drawn = {"tree": c.render(), "renders": 0}
        drawn["node"] = dom.replace_children(document, root, drawn["tree"], kept)

        def redraw() -> None:
            new = c.render()
            drawn["node"] = dom.patch(document, drawn["node"], drawn["tree"], new, kept)
            kept.release()
            drawn["tree"] = new
            drawn["renders"] += 1

        for method in ("handle", "update"):
            plain = getattr(c, method)

            def drawing(*args: Any, plain: Any = plain, **kwargs: Any) -> Any:
                result = plain(*args, **kwargs)
                redraw()
                return result
            setattr(c, method, drawing)
        play_to_end(c, random.Random(seed))
    finally:
        dom.build = plain_build  # type: ignore[assignment]
        FakeNode.__getattribute__ = plain_get  # type: ignore[method-assign]
    return drawn["renders"], sum(made.values()), made, builds, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    for name, controllers in GAMES.items():
        renders, total, made, builds, calls = count(controllers, args.seed)
        crossings = sum(calls.values())
        print(f"\n{name}: {renders} renders, {total} nodes made "
              f"({total / max(renders, 1):.0f} a render), {crossings} calls to JavaScript "
              f"({crossings / max(renders, 1):.0f} a render)")
        print("  calls: " + ", ".join(f"{member} {n}" for member, n in calls.most_common()))
        for source, n in made.most_common(args.top):
            print(f"  {source:58s} {builds[source]:5d} builds {n:8d} nodes")


if __name__ == "__main__":
    main()
