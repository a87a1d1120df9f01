"""The board as an SVG element tree: six city blocks, their plots and the towers on them.

Drawn for one viewer: that player's edge is at the bottom. Each plot is a ``<g>`` carrying the
test hooks ``data-city``, ``data-plot`` (0-8, south-edge numbering as in RULES.md),
``data-height`` and ``data-owner`` (colour name, empty when no tower).
"""

from __future__ import annotations

from typing import Any

from ..board import floors_by_colour, height, is_safe_from, owner
from ..material import CITIES, PLOTS_PER_CITY, Card
from ..state import OPEN_CITIES_IN_FIRST_ROUND
from . import layout
from . import messages as M
from . import palette
from .vdom import El, s

CARD_BG = "#fbf8f1"


def _chip(x: float, y: float, w: float, hgt: float, colour: str, text: str,
          size: int = 12) -> list[El]:
    return [
        s("rect", {"x": x, "y": y, "width": w, "height": hgt, "rx": 3,
                   "fill": palette.fill(colour), "stroke": palette.edge(colour),
                   "stroke-width": 1.5}),
        s("text", {"x": x + w / 2, "y": y + hgt / 2 + size * 0.36, "font-size": size,
                   "text-anchor": "middle", "fill": palette.ink(colour),
                   "class": "chip-text"}, text),
    ]


def tower_drawing(x: float, y: float, tower, colours: tuple[str, ...], safe: bool,
                  ghost: tuple[str, int] | None = None) -> list[El]:
    """The tower on one plot: stacked floors, height badge, floors per colour, lock if safe."""
    parts: list[El] = []
    pieces = [(colours[c], f, False) for c, f in tower]
    if ghost is not None:
        pieces.append((ghost[0], ghost[1], True))
    total = sum(f for _, f, _ in pieces)
    if not total:
        return parts
    left, width, bottom, room = x + 46, 42, y + 72, 62
    unit = min(13.0, room / total)
    top = bottom
    parts.append(s("rect", {"x": left + 4, "y": bottom - total * unit + 4, "width": width,
                            "height": total * unit, "rx": 2, "class": "tower-shadow"}))
    for colour, floors, is_ghost in pieces:
        hgt = floors * unit
        top -= hgt
        attrs = {"x": left, "y": top, "width": width, "height": hgt,
                 "fill": palette.fill(colour), "stroke": palette.edge(colour),
                 "stroke-width": 1.5}
        if is_ghost:
            attrs["class"] = "ghost-piece"
        parts.append(s("rect", attrs))
        if unit >= 6 and floors > 1:  # floor lines inside a piece
            for k in range(1, floors):
                yy = top + k * unit
                parts.append(s("line", {"x1": left + 3, "x2": left + width - 3, "y1": yy,
                                        "y2": yy, "stroke": palette.edge(colour),
                                        "stroke-width": 0.8, "opacity": 0.6}))
        if hgt >= 13:
            parts.append(s("text", {"x": left + width / 2, "y": top + hgt / 2 + 4.5,
                                    "font-size": 13, "text-anchor": "middle",
                                    "fill": palette.ink(colour), "class": "piece-letter"},
                           M.letter(colour)))
    if tower:
        top_colour = colours[owner(tower)]  # type: ignore[index]
        parts.append(s("circle", {"cx": x + 23, "cy": y + 25, "r": 17, "class": "height-badge",
                                  "stroke": palette.fill(top_colour)}))
        parts.append(s("text", {"x": x + 23, "y": y + 32, "font-size": 20,
                                "text-anchor": "middle", "class": "height-text"},
                       str(height(tower))))
        # The owner's letter on the badge: ownership readable without telling hues apart.
        parts.extend(_chip(x + 30, y + 36, 15, 14, top_colour, M.letter(top_colour), 10))
        counts = floors_by_colour(tower)
        order = sorted(counts, key=lambda c: (-counts[c], c))
        n = len(order)
        chip_w = 21 if n > 3 else 26
        for i, c in enumerate(order):
            name = colours[c]
            parts.extend(_chip(x + 6 + i * (chip_w + 1), y + 77, chip_w, 17, name,
                               f"{M.letter(name)}{counts[c]}", 11))
        if safe:
            parts.extend(lock(x + 23, y + 56))
    return parts


def lock(cx: float, cy: float) -> list[El]:
    return [
        s("path", {"d": f"M{cx - 5} {cy - 3} v-4 a5 5 0 0 1 10 0 v4", "class": "lock-shackle"}),
        s("rect", {"x": cx - 8, "y": cy - 3, "width": 16, "height": 12, "rx": 2,
                   "class": "lock-body"}),
    ]


def godzilla_token(x: float, y: float, baby: bool) -> list[El]:
    cx, cy = x + 50, y + 50
    scale = 0.75 if baby else 1.0
    r = 28 * scale
    return [
        s("circle", {"cx": cx, "cy": cy, "r": r + 6, "class": "godzilla-ring"}),
        s("ellipse", {"cx": cx, "cy": cy + 6 * scale, "rx": 14 * scale, "ry": 17 * scale,
                      "class": "godzilla-foot"}),
        s("ellipse", {"cx": cx - 15 * scale, "cy": cy - 13 * scale, "rx": 5 * scale,
                      "ry": 8 * scale, "class": "godzilla-foot"}),
        s("ellipse", {"cx": cx, "cy": cy - 19 * scale, "rx": 5 * scale, "ry": 8 * scale,
                      "class": "godzilla-foot"}),
        s("ellipse", {"cx": cx + 15 * scale, "cy": cy - 13 * scale, "rx": 5 * scale,
                      "ry": 8 * scale, "class": "godzilla-foot"}),
        s("title", {}, M.t("play.godzilla")),
    ]


def render_board(session) -> El:
    """The whole board for the session's viewer."""
    view = session.view()
    settings = session.settings
    viewer = session.viewer
    seat = settings.seat_of(viewer)
    width, total_h = layout.size(seat)
    colours = settings.colours
    targets = session.targets()
    pending = session.pending or {}
    tentative = None
    if pending.get("kind") == "build" and pending.get("city") is not None:
        plot = session.pending_action()
        if plot is not None:
            tentative = (plot.city, plot.plot, plot.colour, plot.floors)
    preview = getattr(session, "preview", None)
    if preview is not None and hasattr(preview, "city"):
        tentative = (preview.city, preview.plot, preview.colour, preview.floors)
    # Safe from whom: the player on turn when it is a person's turn, else the viewer.
    judge = view.current if view.current is not None else viewer
    judge_colours = settings.player_colours[judge]
    last = session.last_move or {}
    last_pos = last.get("pos")
    open_cities = set(view_open_cities(view))
    children: list[Any] = [s("rect", {"x": 0, "y": 0, "width": width, "height": total_h,
                                      "rx": 18, "class": "board-bg"})]
    for city in range(len(CITIES)):
        r = layout.city_rect(seat, city)
        closed = city not in open_cities
        children.append(s("rect", {"x": r.x - 8, "y": r.y - 8, "width": r.w + 16,
                                   "height": r.h + 16, "rx": 12,
                                   "class": "city-block closed" if closed else "city-block"}))
        children.append(s("text", {"x": r.x + r.w / 2, "y": r.y - 14, "font-size": 22,
                                   "text-anchor": "middle", "class": "city-name"},
                          M.city(city)))
        for plot in range(PLOTS_PER_CITY):
            children.append(_plot(session, view, seat, city, plot, colours, targets, tentative,
                                  judge_colours, last_pos))
        if closed:
            children.append(s("rect", {"x": r.x - 8, "y": r.y - 8, "width": r.w + 16,
                                       "height": r.h + 16, "rx": 12, "class": "closed-veil",
                                       "data-closed-city": city}))
            opens = _opening_round(view, city)
            children.append(s("text", {"x": r.x + r.w / 2, "y": r.y + r.h / 2 + 8,
                                       "font-size": 24, "text-anchor": "middle",
                                       "class": "closed-text"},
                              M.t("play.closed", round=opens)))
    if view.godzilla is not None:
        city, plot = divmod(view.godzilla, PLOTS_PER_CITY)
        r = layout.plot_rect(seat, city, plot)
        children.append(s("g", {"class": "godzilla", "data-godzilla": f"{city},{plot}"},
                          godzilla_token(r.x, r.y, settings.godzilla == "baby")))
    children.extend(_seat_labels(session, view, seat, width, total_h))
    return s("svg", {"viewBox": f"0 0 {width} {total_h}", "class": "board",
                     "data-seat": seat, "role": "img",
                     "preserveAspectRatio": "xMidYMid meet"}, children)


def view_open_cities(view) -> tuple[int, ...]:
    if view.city_order is None:
        return tuple(range(len(CITIES)))
    count = min(len(CITIES), OPEN_CITIES_IN_FIRST_ROUND + view.round - 1)
    return tuple(sorted(view.city_order[:count]))


def _opening_round(view, city: int) -> int:
    index = view.city_order.index(city)
    return index - OPEN_CITIES_IN_FIRST_ROUND + 2


def _plot(session, view, seat, city, plot, colours, targets, tentative, judge_colours,
          last_pos) -> El:
    r = layout.plot_rect(seat, city, plot)
    pos = city * PLOTS_PER_CITY + plot
    tower = view.board[pos]
    top = owner(tower)
    legal = (city, plot) in targets
    is_tentative = tentative is not None and tentative[:2] == (city, plot)
    safe = bool(tower) and all(is_safe_from(tower, c) for c in judge_colours)
    classes = ["plot"]
    if legal:
        classes.append("legal")
    if is_tentative:
        classes.append("pending")
    if last_pos == pos:
        classes.append("last")
    ghost = (tentative[2], tentative[3]) if is_tentative else None
    inner: list[Any] = [s("rect", {"x": r.x + 4, "y": r.y + 4, "width": r.w - 8,
                                   "height": r.h - 8, "rx": 9, "class": "tile"})]
    if not tower:
        inner.append(s("rect", {"x": r.x + 22, "y": r.y + 22, "width": r.w - 44,
                                "height": r.h - 44, "rx": 4, "class": "lot"}))
    inner.extend(tower_drawing(r.x, r.y, tower, colours, safe, ghost))
    if legal or is_tentative:
        inner.append(s("rect", {"x": r.x + 3, "y": r.y + 3, "width": r.w - 6,
                                "height": r.h - 6, "rx": 10, "class": "target-ring"}))
    return s("g", {
        "class": " ".join(classes), "data-action": "plot",
        "data-city": city, "data-plot": plot, "data-height": height(tower),
        "data-owner": colours[top] if top is not None else "",
        "data-legal": "true" if legal else None,
        "data-pending": "true" if is_tentative else None,
        "data-safe": "true" if safe else None,
    }, inner)


def _seat_labels(session, view, seat, width, total_h) -> list[El]:
    settings = session.settings
    out: list[El] = []
    for p, spec in enumerate(settings.players):
        edge = layout.edge_of(seat, spec.seat)
        if edge == "bottom":
            x, y, rot = width / 2, total_h - 14, 0
        elif edge == "top":
            x, y, rot = width / 2, 16, 180
        elif edge == "left":
            x, y, rot = 16, total_h / 2, 90
        else:
            x, y, rot = width - 16, total_h / 2, -90
        label = spec.name
        if view.start == p:
            label = f"★ {label}"
        cls = "seat-label current" if view.current == p else "seat-label"
        chips = " ".join(M.letter(c) for c in spec.colours)
        out.append(s("g", {"transform": f"translate({x} {y}) rotate({rot})",
                           "class": cls, "data-seat-label": spec.seat},
                     s("text", {"x": 0, "y": 0, "font-size": 22, "text-anchor": "middle",
                                "dominant-baseline": "middle"},
                       s("tspan", {"class": "seat-name"}, label),
                       s("tspan", {"class": "seat-colours", "dx": 8}, f"({chips})"))))
    return out


# ------------------------------------------------------------------ small pictures
def card_svg(card: Card, size: int = 56) -> El:
    """A building card: a 3 x 3 grid with the marked cell, as read from the holder's edge."""
    cells: list[El] = [s("rect", {"x": 1, "y": 1, "width": 58, "height": 58, "rx": 7,
                                  "class": "card-face"})]
    for r in range(3):
        for c in range(3):
            marked = (r, c) == (card.row, card.col)
            cells.append(s("rect", {"x": 8 + c * 15, "y": 8 + r * 15, "width": 13,
                                    "height": 13, "rx": 2,
                                    "class": "card-cell marked" if marked else "card-cell"}))
    return s("svg", {"viewBox": "0 0 60 60", "width": size, "height": size,
                     "class": "card-svg", "aria-hidden": "true"}, cells)


def piece_svg(colour: str, floors: int, size: int = 44) -> El:
    """A building piece seen from the side: ``floors`` stacked floors with its colour letter."""
    parts: list[El] = []
    unit = 9
    bottom = 42
    for k in range(floors):
        y = bottom - (k + 1) * unit
        parts.append(s("rect", {"x": 10, "y": y, "width": 24, "height": unit - 1, "rx": 1.5,
                                "fill": palette.fill(colour), "stroke": palette.edge(colour),
                                "stroke-width": 1.2}))
    parts.append(s("text", {"x": 22, "y": bottom - floors * unit / 2 + 4, "font-size": 11,
                            "text-anchor": "middle", "fill": palette.ink(colour),
                            "class": "piece-letter"}, M.letter(colour)))
    return s("svg", {"viewBox": "0 0 44 44", "width": size, "height": size,
                     "class": "piece-svg", "aria-hidden": "true"}, parts)
