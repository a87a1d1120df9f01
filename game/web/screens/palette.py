"""How each player colour is painted: fill, edge, the ink that reads on it, and its cue.

A colour is told apart by its cue too: a small shape drawn on its pieces, chips and
diagrams (:data:`SHAPE`), so a player who does not see hue well never has to rely on it.
The cue is a shape rather than the colour name's initial because an initial changes with
the language (yellow was Y, G or J) and two colours can share it across languages; a shape
reads the same to everyone at the table ("I am the triangle").
"""

from __future__ import annotations

import math
from typing import Literal

FILL = {
    "blue": "#2f6bd0",
    "red": "#d23a32",
    "yellow": "#f3c431",
    "purple": "#8a52c6",
    "orange": "#f0871f",
    "green": "#2f9a4c",
    "black": "#2a2d33",
    "white": "#f4f2ec",
}

EDGE = {
    "blue": "#1c4590",
    "red": "#8f221c",
    "yellow": "#a9830f",
    "purple": "#5b3089",
    "orange": "#a95a0c",
    "green": "#1d6331",
    "black": "#000000",
    "white": "#8d8a80",
}

INK = {
    "blue": "#ffffff",
    "red": "#ffffff",
    "yellow": "#2a2200",
    "purple": "#ffffff",
    "orange": "#2a1400",
    "green": "#ffffff",
    "black": "#ffffff",
    "white": "#222222",
}


def fill(name: str) -> str:
    return FILL.get(name, "#888888")


def edge(name: str) -> str:
    return EDGE.get(name, "#444444")


def ink(name: str) -> str:
    return INK.get(name, "#000000")


Shape = Literal["circle", "square", "triangle", "diamond", "plus", "ring", "cross", "hourglass"]

SHAPE: dict[str, Shape] = {
    "blue": "circle",
    "red": "square",
    "yellow": "triangle",
    "purple": "diamond",
    "orange": "plus",
    "green": "ring",
    "black": "cross",
    "white": "hourglass",
}
"""Each colour's cue. The four colours a game offers first (blue, red, yellow, purple: the
default seats) get the four plainest outlines; the others a filled shape with a hole or arms.
No cue is a star (the majority chip's mark) and none is another turned by 90 or 180 degrees
(the board turns to the player on turn, so an upside-down triangle would read as another)."""


def shape(name: str) -> Shape:
    return SHAPE.get(name, "circle")


def cue_path(name: str, cx: float, cy: float, r: float) -> str:
    """The SVG path data of ``name``'s cue, centred on (cx, cy) within a circle of radius
    ``r``. One path per shape (the ring's hole by the even-odd rule), so a caller draws any
    cue as one ``<path>`` with one fill."""
    kind = shape(name)

    def poly(points: list[tuple[float, float]]) -> str:
        return "M" + " L".join(f"{cx + dx * r:.2f} {cy + dy * r:.2f}" for dx, dy in points) + " Z"

    def circle(rr: float) -> str:
        return (f"M{cx - rr:.2f} {cy:.2f} A{rr:.2f} {rr:.2f} 0 1 0 {cx + rr:.2f} {cy:.2f} "
                f"A{rr:.2f} {rr:.2f} 0 1 0 {cx - rr:.2f} {cy:.2f} Z")

    if kind == "circle":
        return circle(r * 0.92)
    if kind == "ring":
        return circle(r * 0.95) + " " + circle(r * 0.45)
    if kind == "square":
        q = 0.8
        return poly([(-q, -q), (q, -q), (q, q), (-q, q)])
    if kind == "triangle":  # centroid on the centre: its apex up
        return poly([(0, -1.05), (math.sqrt(3) * 0.55, 0.6), (-math.sqrt(3) * 0.55, 0.6)])
    if kind == "diamond":
        return poly([(0, -1.08), (0.88, 0), (0, 1.08), (-0.88, 0)])
    if kind in ("plus", "cross"):  # the cross is the plus turned by 45 degrees
        a = 0.34
        arms = [(-a, -1), (a, -1), (a, -a), (1, -a), (1, a), (a, a), (a, 1), (-a, 1),
                (-a, a), (-1, a), (-1, -a), (-a, -a)]
        if kind == "plus":
            return poly(arms)
        c = math.sqrt(0.5)
        return poly([((x - y) * c, (x + y) * c) for x, y in arms])
    # hourglass: two triangles meeting at the centre
    return poly([(-0.8, -0.95), (0.8, -0.95), (0.12, 0), (0.8, 0.95), (-0.8, 0.95), (-0.12, 0)])
