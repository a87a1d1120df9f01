"""How each player colour is painted: fill, edge and the text colour that reads on it.

Colours are told apart by their letter too (see ``letter.*`` in the catalogue), so a
colour-blind player never has to rely on hue alone.
"""

from __future__ import annotations

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
