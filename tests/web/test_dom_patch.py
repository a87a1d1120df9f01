"""dom.patch against a tiny fake DOM: after any update the page equals a fresh drawing, and
a keyed part keeps its node wherever it moves, or while it is off the page."""

from __future__ import annotations

import random

import pytest
from play_kit import make_controller, setup_game, tap_decision

from game.web.runtime import dom
from game.web.screens.vdom import El, h, s


class FakeNode:
    """An element or text node; the node made with ``root=True`` stands for the document."""

    def __init__(self, tag=None, text=None, ns=None, root=False):
        self.tag, self.ns, self.data, self.root = tag, ns, text, root
        self.attrs: dict[str, str] = {}
        self.kids: list[FakeNode] = []
        self.parent: FakeNode | None = None
        self.value = ""
        self.checked = False
        self.calls = 0

    # element API used by dom.py
    @property
    def isConnected(self):
        node = self
        while node.parent is not None:
            node = node.parent
        return node.root

    def setAttribute(self, k, v):
        self.attrs[k] = v

    def removeAttribute(self, k):
        self.attrs.pop(k, None)

    def _unhook(self):  # a node put somewhere leaves where it was, as in the DOM
        if self.parent is not None:
            self.parent.kids.remove(self)
            self.parent = None

    def remove(self):
        self._unhook()

    def appendChild(self, node):
        node._unhook()
        node.parent = self
        self.kids.append(node)

    def insertBefore(self, node, child):
        node._unhook()
        node.parent = self
        self.kids.insert(self.kids.index(child), node)

    def removeChild(self, node):
        self.kids.remove(node)
        node.parent = None

    def replaceWith(self, node):
        node._unhook()
        i = self.parent.kids.index(self)
        node.parent = self.parent
        self.parent.kids[i] = node
        self.parent = None

    def replaceChildren(self, node):
        node._unhook()
        for kid in self.kids:
            kid.parent = None
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

    def find(self, **attrs):
        if self.tag is not None and all(self.attrs.get(k) == v for k, v in attrs.items()):
            return self
        for kid in self.kids:
            found = kid.find(**attrs)
            if found is not None:
                return found
        return None

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
    root = FakeNode("main", root=True)
    dom.replace_children(doc, root, tree)
    return root.kids[0].dump()


@pytest.mark.slow
def test_patch_equals_a_fresh_drawing_through_a_whole_game():
    doc = FakeDocument()
    root = FakeNode("main", root=True)
    c = make_controller()
    setup_game(c, 3, names=["A", "B", "C"], godzilla="baby", progressive=True)
    tree = c.render()
    kept = dom.Kept()
    node = dom.replace_children(doc, root, tree, kept)
    rng = random.Random(5)
    boards_kept = 0
    for step in range(400):
        name = c.screen_name
        if name == "final":
            break
        board = root.find(id="board")
        if name == "pass":
            assert board is None  # the table is off the page, its board kept
            c.handle("reveal")
        elif name == "scoring":
            c.handle("continue")
        else:
            action = rng.choice(c.session.state.legal_actions())
            tap_decision(c, action)
        if name == "pass":
            board = kept.nodes["board"][1] if "board" in kept.nodes else None
        new = c.render()
        node = dom.patch(doc, node, tree, new, kept)
        kept.release()
        tree = new
        assert root.kids[0] is node
        assert not any(el.key is not None and any(inner.key is not None for inner in
                                                 list(el.walk())[1:])
                       for el in new.walk()), "a keyed element inside a keyed element"
        assert all(n.parent is None for _, n in kept.nodes.values() if not n.isConnected)
        assert node.dump() == drawn(new), f"step {step}"
        if name == "pass" and board is not None:  # the board is the same node again, patched
            assert root.find(id="board") is board
            boards_kept += 1
    assert boards_kept > 20


def rows(keys, extra=None):
    """A list of keyed rows (each with a varying text), an unkeyed head and text between."""
    return h("ul", {}, h("li", {"class": "head"}, "head"), "text",
             [h("li", {"data-row": k}, f"row {k}", extra or "", key=f"row-{k}") for k in keys])


def test_keyed_children_keep_their_nodes_through_moves_insertions_and_removals():
    doc = FakeDocument()
    root = FakeNode("main", root=True)
    kept = dom.Kept()
    rng = random.Random(3)
    tree = rows([0, 1, 2, 3])
    node = dom.replace_children(doc, root, tree, kept)
    for step in range(300):
        keys = rng.sample(range(8), rng.randint(0, 8))
        new = rows(keys, extra=rng.choice(["", "x", "y"]))
        before = {k: node.find(**{"data-row": str(k)}) for k in keys}
        node = dom.patch(doc, node, tree, new, kept)
        assert node.dump() == drawn(new), f"step {step}"
        for k, was in before.items():
            if was is not None:  # a row on the page before: the same node, moved and patched
                assert node.find(**{"data-row": str(k)}) is was
        tree = new


def test_a_keyed_part_off_the_page_comes_back_as_the_same_node():
    doc = FakeDocument()
    root = FakeNode("main", root=True)
    kept = dom.Kept()
    part = lambda text: h("section", {"id": "part"}, h("b", {}, text), key="part")  # noqa: E731
    table = h("div", {"class": "table"}, part("one"), h("p", {}, "hand"))
    cover = h("section", {"class": "cover"}, h("p", {}, "pass"))  # the table replaced whole
    back = h("div", {"class": "table"}, h("p", {}, "new head"), part("two"))
    node = dom.replace_children(doc, root, table, kept)
    was = root.find(id="part")
    node = dom.patch(doc, node, table, cover, kept)
    assert root.find(id="part") is None and not was.isConnected
    assert was.parent is not None  # it left with the table around it ...
    kept.release()
    assert was.parent is None  # ... which it no longer holds on to
    node = dom.patch(doc, node, cover, back, kept)
    assert root.find(id="part") is was and node.dump() == drawn(back)
    # A keyed node still on the page is never taken from its place: a second copy is made.
    both = h("div", {}, h("div", {}, part("three")), h("span", {}, part("three")))
    node = dom.patch(doc, node, back, both, kept)
    assert node.dump() == drawn(both)


def test_a_keyed_node_is_never_patched_into_another_key_or_none():
    doc = FakeDocument()
    root = FakeNode("main", root=True)
    kept = dom.Kept()
    a = h("div", {}, h("p", {"id": "a"}, "a", key="a"))
    b = h("div", {}, h("p", {"id": "b"}, "b", key="b"))
    c = h("div", {}, h("p", {"id": "c"}, "c"))
    node = dom.replace_children(doc, root, a, kept)
    first = root.find(id="a")
    node = dom.patch(doc, node, a, b, kept)
    node = dom.patch(doc, node, b, c, kept)
    assert first.dump() == drawn(h("p", {"id": "a"}, "a"))  # untouched while off the page
    node = dom.patch(doc, node, c, a, kept)
    assert root.find(id="a") is first and node.dump() == drawn(a)


def test_patch_handles_text_element_swaps_and_length_changes():
    doc = FakeDocument()
    root = FakeNode("main", root=True)
    a = h("div", {"x": 1}, "one", h("b", {}, "two"), s("svg", {}, s("g", {"k": 1})))
    b = h("div", {"y": 2}, h("i", {}, "one"), "two", "three")
    c = h("div", {}, )
    node = dom.replace_children(doc, root, a)
    for old, new in ((a, b), (b, c), (c, a), (a, a)):
        node = dom.patch(doc, node, old, new)
        assert node.dump() == drawn(new)


def plot(rings, height):
    """A plot as the board draws it: its ground, the rings, then the tower's labels and a
    mark, none of them keyed."""
    return h("g", {"class": "plot"}, h("rect", {"class": "tile"}),
             [h("rect", {"class": f"ring-{r}"}) for r in rings],
             h("g", {"class": "labels"}, h("text", {}, str(height))), h("path", {"class": "mark"}))


def test_children_put_in_or_taken_out_before_equal_ones_leave_those_as_they_are():
    doc = FakeDocument()
    root = FakeNode("main", root=True)
    rng = random.Random(8)
    tree = plot([], 1)
    node = dom.replace_children(doc, root, tree)
    kept_labels = 0
    for step in range(200):
        rings = sorted(rng.sample(range(4), rng.randint(0, 3)))
        height = tree.children[-2].children[0].children[0] if rng.random() < .8 else str(step)
        new = plot(rings, int(height))
        labels = node.find(**{"class": "labels"})
        node = dom.patch(doc, node, tree, new, None)
        assert node.dump() == drawn(new), f"step {step}"
        if new.children[-2] == tree.children[-2]:  # the labels unchanged: the same node
            assert node.find(**{"class": "labels"}) is labels
            kept_labels += 1
        tree = new
    assert kept_labels > 100


def screen(text):
    return h("div", {"class": "play"}, h("header", {}, "top"), h("p", {"class": "turn"}, text))


def wrapped(inner, banner_first, sheet):
    """The screen in a wrapper with a banner before it or a sheet after it (as the page
    puts a notice, the scoring sheet or the rules beside a screen)."""
    if banner_first:
        return h("div", {"class": "stack"}, h("p", {"class": "banner"}, "note"), inner)
    return h("div", {"class": "stack"}, inner, h("div", {"class": "sheet"}, sheet))


def test_a_screen_put_into_a_wrapper_and_taken_out_keeps_its_nodes():
    doc = FakeDocument()
    root = FakeNode("main", root=True)
    rng = random.Random(11)
    tree = screen("0")
    node = dom.replace_children(doc, root, tree)
    moved = 0
    for step in range(200):
        inner = screen(str(rng.randint(0, 3)))
        new = inner if rng.random() < .5 else wrapped(inner, rng.random() < .5, str(step % 3))
        old_header = next(n for n in _walk(root) if n.tag == "header")
        node = dom.patch(doc, node, tree, new, None)
        assert root.kids[0] is node
        assert node.dump() == drawn(new), f"step {step}"
        new_header = next(n for n in _walk(root) if n.tag == "header")
        if (new.attrs.get("class") == "stack") != (tree.attrs.get("class") == "stack"):
            assert new_header is old_header, f"step {step}: the screen was built anew"
            moved += 1
        tree = new
    assert moved > 50


def _walk(node):
    yield node
    for kid in node.kids:
        yield from _walk(kid)
