"""dom.patch against a tiny fake DOM: after any update the page equals a fresh drawing."""

from __future__ import annotations

import random

import pytest
from play_kit import make_controller, setup_game, tap_decision

from game.web.runtime import dom
from game.web.screens.vdom import El, h, s


class FakeNode:
    def __init__(self, tag=None, text=None, ns=None):
        self.tag, self.ns, self.data = tag, ns, text
        self.attrs: dict[str, str] = {}
        self.kids: list[FakeNode] = []
        self.parent: FakeNode | None = None
        self.value = ""
        self.checked = False
        self.calls = 0

    # element API used by dom.py
    def setAttribute(self, k, v):
        self.attrs[k] = v

    def removeAttribute(self, k):
        self.attrs.pop(k, None)

    def appendChild(self, node):
        node.parent = self
        self.kids.append(node)

    def removeChild(self, node):
        self.kids.remove(node)

    def replaceWith(self, node):
        i = self.parent.kids.index(self)
        node.parent = self.parent
        self.parent.kids[i] = node

    def replaceChildren(self, node):
        self.kids = []
        self.appendChild(node)

    @property
    def lastChild(self):
        return self.kids[-1]

    @property
    def childNodes(self):
        node = self

        class Kids:
            def item(self, i):
                return node.kids[i]
        return Kids()

    def dump(self):
        if self.tag is None:
            return self.data
        return (self.tag, self.ns, dict(self.attrs), [k.dump() for k in self.kids])


class FakeDocument:
    def createElement(self, tag):
        return FakeNode(tag)

    def createElementNS(self, ns, tag):
        return FakeNode(tag, ns=ns)

    def createTextNode(self, text):
        return FakeNode(text=text)


def drawn(tree: El):
    doc = FakeDocument()
    root = FakeNode("main")
    dom.replace_children(doc, root, tree)
    return root.kids[0].dump()


@pytest.mark.slow
def test_patch_equals_a_fresh_drawing_through_a_whole_game():
    doc = FakeDocument()
    root = FakeNode("main")
    c = make_controller()
    setup_game(c, 3, names=["A", "B", "C"], godzilla="baby", progressive=True)
    tree = c.render()
    node = dom.replace_children(doc, root, tree)
    rng = random.Random(5)
    for step in range(400):
        name = c.screen_name
        if name == "final":
            break
        if name == "pass":
            c.handle("reveal")
        elif name == "scoring":
            c.handle("continue")
        else:
            action = rng.choice(c.session.state.legal_actions())
            tap_decision(c, action)
        new = c.render()
        node = dom.patch(doc, node, tree, new)
        tree = new
        assert root.kids[0] is node
        assert node.dump() == drawn(new), f"step {step}"


def test_patch_handles_text_element_swaps_and_length_changes():
    doc = FakeDocument()
    root = FakeNode("main")
    a = h("div", {"x": 1}, "one", h("b", {}, "two"), s("svg", {}, s("g", {"k": 1})))
    b = h("div", {"y": 2}, h("i", {}, "one"), "two", "three")
    c = h("div", {}, )
    node = dom.replace_children(doc, root, a)
    for old, new in ((a, b), (b, c), (c, a), (a, a)):
        node = dom.patch(doc, node, old, new)
        assert node.dump() == drawn(new)
