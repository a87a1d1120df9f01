"""The board as an SVG element tree: six city blocks, their plots and the towers on them.

Drawn for one viewer: that player's edge is at the bottom. Each plot is a ``<g>`` carrying the
test hooks ``data-city``, ``data-plot`` (0-8, south-edge numbering as in RULES.md),
``data-height`` and ``data-owner`` (colour name, empty when no tower).

Where plots would be drawn smaller than a finger (a phone), the board is an overview whose
cities are the tap targets, and :func:`render_city` draws the city tapped large, turned the
same way, with its plots as tap targets.
"""

from __future__ import annotations

from typing import Any

from ..actions import Build
from ..board import Tower, floors_by_colour, height, is_safe_from, owner
from ..material import CITIES, PLOTS_PER_CITY, SEAT_PLOTS, Card
from ..view import PlayerView
from . import layout, palette
from . import messages as M
from .frame import PlayFrame
from .vdom import El, s

CARD_BG = "#fbf8f1"

COACH_MARKS = {"hint": ("coach.mark.hint", "?"), "played": ("coach.mark.played", "✗"),
               "best": ("coach.mark.best", "✓")}
"""The coach's marks on a plot: the message naming it, the sign drawn in its corner."""


def _chip(x: float, y: float, w: float, hgt: float, colour: str, text: str,
          size: int = 12, cls: str = "chip-text") -> list[El]:
    return [
        s("rect", {"x": x, "y": y, "width": w, "height": hgt, "rx": 3,
                   "fill": palette.fill(colour), "stroke": palette.edge(colour),
                   "stroke-width": 1.5}),
        s("text", {"x": x + w / 2, "y": y + hgt / 2 + size * 0.36, "font-size": size,
                   "text-anchor": "middle", "fill": palette.ink(colour),
                   "class": cls, "aria-hidden": "true"}, text),
    ]


def tower_drawing(x: float, y: float, tower: Tower, colours: tuple[str, ...], safe: bool,
                  ghost: tuple[str, int] | None = None) -> list[El]:
    """The tower on one plot: stacked floors, height badge, floors per colour, lock if safe."""
    parts: list[El] = []
    pieces = [(colours[c], f, False) for c, f in tower]
    if ghost is not None:
        pieces.append((ghost[0], ghost[1], True))
    total = sum(f for _, f, _ in pieces)
    if not total:
        return parts
    left, width, bottom, room = x + 54, 40, y + 72, 64
    unit = min(13.0, room / total)
    top = bottom
    parts.append(s("rect", {"x": left + 4, "y": bottom - total * unit + 4, "width": width,
                            "height": total * unit, "rx": 2, "class": "tower-shadow"}))
    for index, (colour, floors, is_ghost) in enumerate(pieces):
        hgt = floors * unit
        top -= hgt
        attrs = {"x": left, "y": top, "width": width, "height": hgt,
                 "fill": palette.fill(colour), "stroke": palette.edge(colour),
                 "stroke-width": 1.5}
        if is_ghost:
            attrs["class"] = "ghost-piece"
        elif index == len(tower) - 1:
            attrs["class"] = "top-piece"  # (the newest piece: it drops in when just placed)
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
                                    "fill": palette.ink(colour), "class": "piece-letter",
                                    "aria-hidden": "true"},
                           M.letter(colour)))
    if tower:
        # Height and floors per colour are read from the table: at least 20 SVG units
        # (12 CSS px on the smallest whole board, 1024 x 768; larger in the opened city).
        top_colour = colours[owner(tower)]  # type: ignore[index]
        parts.append(s("circle", {"cx": x + 24, "cy": y + 25, "r": 20, "class": "height-badge",
                                  "stroke": palette.fill(top_colour)}))
        parts.append(s("text", {"x": x + 24, "y": y + 34, "font-size": 26,
                                "text-anchor": "middle", "class": "height-text",
                                "aria-hidden": "true"},  # the plot's name says it all
                       M.number(height(tower))))
        # The owner's letter beside the badge: ownership readable without telling hues apart.
        parts.extend(_chip(x + 5, y + 48, 17, 17, top_colour, M.letter(top_colour), 13))
        counts = floors_by_colour(tower)
        order = sorted(counts, key=lambda c: (-counts[c], c))
        n = len(order)
        chip_w = 22.5 if n > 3 else 30
        for i, c in enumerate(order):
            name = colours[c]
            text = M.letter(name) + M.number(counts[c])
            chip = _chip(x + 4 + i * (chip_w + 1), y + 74, chip_w, 24, name, text, 21,
                         "chip-text floor-text")
            if n > 3 or len(text) > 2:  # narrower glyphs, never a smaller text
                chip[1].attrs.update({"textLength": chip_w - 4, "lengthAdjust": "spacingAndGlyphs"})
            parts.extend(chip)
        if safe:
            parts.extend(lock(x + 33, y + 58))
    return parts


def tallest_medal(x: float, y: float, single: bool) -> El:
    """The tallest-tower mark of the plot at (x, y): a medal on the height badge's rim, clear
    of the tower however tall it is drawn (a tower's drawing starts at x + 54). Filled gold
    for the one tallest tower, a gold ring on each of the towers sharing the greatest height."""
    return s("g", {"class": "tallest-mark" if single else "tallest-mark tallest-tie"},
             s("title", {}, M.t("board.tallest") if single else M.t("board.tallest_tie")),
             s("circle", {"cx": x + 42, "cy": y + 10, "r": 9.5, "class": "tallest-medal"}),
             s("path", {"d": f"M{x + 42} {y + 4} l5.5 9.5 h-11 z",
                        "class": "tallest-peak"}))


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


class _Scene:
    """What every plot drawing needs, taken from the frame once per render."""

    def __init__(self, frame: PlayFrame):
        view = frame.view
        settings = frame.settings
        self.frame = frame
        self.view = view
        self.settings = settings
        self.viewer = frame.viewer
        self.seat = frame.seat
        self.colours = settings.colours
        self.targets = frame.targets
        self.tentative: Build | None = frame.tentative
        # Safe from whom: the player on turn when it is a person's turn, else the viewer.
        judge = view.current if view.current is not None else self.viewer
        self.judge_colours = settings.player_colours[judge]
        self.last_pos = frame.last_move.pos if frame.last_move is not None else None
        self.open_cities = set(view.open_cities())
        story = frame.story
        self.marked = story.marked
        self.focus = set(story.focus)
        self.tallest = story.tallest
        self.last_of: dict[int, list[int]] = {}
        for player, pos in story.last_builds:
            self.last_of.setdefault(pos, []).append(player)
        self.inspected = ((frame.inspector.city, frame.inspector.plot)
                          if frame.inspector is not None else None)
        self.godzilla_next = (frame.godzilla_preview.target
                              if frame.godzilla_preview is not None else None)
        self.entry = _entry_plot(frame, self.last_pos)
        self.coach = dict(frame.coach_marks)

    def plot(self, city: int, plot: int, tappable: bool = True) -> El:
        el = _plot(self.view, self.seat, city, plot, self.colours, self.targets,
                   self.tentative, self.judge_colours, self.last_pos, tappable)
        # Keyboard and screen readers: each plot's cell (the ``hit`` rectangle, which holds no
        # text, so its name is all a screen reader hears) is a named button; Tab enters the
        # board at one plot (``tabindex`` 0), the arrow keys move between plots (game.web.app).
        hit = el.children[0]
        assert isinstance(hit, El) and hit.attrs.get("class") == "hit"
        hit.attrs["aria-label"] = plot_name(self.view, self.seat, city, plot, self.colours,
                                            el.attrs)
        if tappable:
            hit.attrs["role"] = "button"
            hit.attrs["tabindex"] = "0" if (city, plot) == self.entry else "-1"
        else:  # the overview on a phone: a named picture inside its city's button
            hit.attrs["role"] = "img"
        return self.mark(el, city, plot)

    def mark(self, el: El, city: int, plot: int) -> El:
        """The story's marks on a plot: changed since your last turn, the tallest tower,
        each player's last build, the log entry shown, the inspected plot, Godzilla's
        next plot."""
        pos = city * PLOTS_PER_CITY + plot
        r = layout.plot_rect(self.seat, city, plot)
        attrs = dict(el.attrs)
        classes = [str(attrs.get("class", ""))]
        extra: list[El] = []
        if pos in self.marked:
            classes.append("changed")
            attrs["data-changed"] = "true"
            extra.append(s("rect", {"x": r.x + 2, "y": r.y + 2, "width": r.w - 4,
                                    "height": r.h - 4, "rx": 11, "class": "changed-ring"}))
        if pos in self.last_of:
            # Several players' last builds can be on one tower: one ring each, inside another.
            players = self.last_of[pos]
            attrs["data-last-of"] = " ".join(map(str, players))
            for k, player in enumerate(players):
                colour = self.settings.colours[self.settings.player_colours[player][0]]
                inset = 6 + 5 * k
                extra.append(s("rect", {"x": r.x + inset, "y": r.y + inset,
                                        "width": r.w - 2 * inset, "height": r.h - 2 * inset,
                                        "rx": 8, "class": "last-ring",
                                        "stroke": palette.fill(colour)}))
        if pos in self.tallest:
            attrs["data-tallest"] = "true" if len(self.tallest) == 1 else "tie"
            extra.append(tallest_medal(r.x, r.y, len(self.tallest) == 1))
        if pos in self.coach and self.coach[pos] in COACH_MARKS:  # a hint, a reviewed decision
            kind = self.coach[pos]
            attrs["data-coach"] = kind
            classes.append("coach-" + kind)
            extra.append(s("rect", {"x": r.x + 1, "y": r.y + 1, "width": r.w - 2,
                                    "height": r.h - 2, "rx": 12,
                                    "class": "coach-ring coach-ring-" + kind}))
            extra.append(s("text", {"x": r.x + r.w - 14, "y": r.y + 22, "font-size": 18,
                                    "text-anchor": "middle", "class": "coach-mark-" + kind},
                           s("title", {}, M.t(COACH_MARKS[kind][0])), COACH_MARKS[kind][1]))
        if pos in self.focus:
            classes.append("focus")
            attrs["data-focus"] = "true"
            extra.append(s("rect", {"x": r.x + 1, "y": r.y + 1, "width": r.w - 2,
                                    "height": r.h - 2, "rx": 12, "class": "focus-ring"}))
        if pos in self.frame.story.destroyed:
            attrs["data-destroyed"] = "true"
            extra.append(s("rect", {"x": r.x + 8, "y": r.y + 8, "width": r.w - 16,
                                    "height": r.h - 16, "rx": 8, "class": "destroyed-flash"}))
        if self.inspected == (city, plot):
            classes.append("inspected")
            attrs["data-inspected"] = "true"
        if self.godzilla_next == pos:
            attrs["data-godzilla-next"] = "true"
            extra.append(s("circle", {"cx": r.x + 50, "cy": r.y + 50, "r": 40,
                                      "class": "godzilla-next"}))
        children = list(el.children)
        if self.view.godzilla == pos:
            # Godzilla stands under the tower's labels (drawn after the tile, before the
            # tower), so its plot is always visible and nothing is hidden.
            attrs["data-godzilla-here"] = "true"
            children.insert(2, s("g", {"class": "godzilla", "data-godzilla": f"{city},{plot}"},
                                 godzilla_token(r.x, r.y, self.settings.godzilla == "baby")))
        attrs["class"] = " ".join(c for c in classes if c)
        return s(el.tag, attrs, children, extra)

    def majority(self, city: int) -> El | None:
        """Who holds the city's majority now: a chip after its name (``=`` a tie)."""
        if not self.frame.story.majorities:
            return None
        holder = self.frame.story.majorities[city]
        r = layout.city_rect(self.seat, city)
        x, y = r.x + r.w - 54, r.y - 38
        if holder in ("tie", "none"):
            text = "=" if holder == "tie" else "–"
            title = M.t("board.majority_tie" if holder == "tie" else "board.majority_none")
            body = [s("rect", {"x": x, "y": y, "width": 50, "height": 26, "rx": 6,
                               "class": "majority-none"}),
                    s("text", {"x": x + 25, "y": y + 20, "font-size": 20,
                               "text-anchor": "middle", "class": "majority-text"}, "★" + text)]
        else:
            title = M.t("board.majority", colour=M.colour(holder))
            body = [s("rect", {"x": x, "y": y, "width": 50, "height": 26, "rx": 6,
                               "fill": palette.fill(holder), "stroke": palette.edge(holder),
                               "stroke-width": 1.5}),
                    s("text", {"x": x + 25, "y": y + 20, "font-size": 20,
                               "text-anchor": "middle", "fill": palette.ink(holder),
                               "class": "majority-text"}, "★" + M.letter(holder))]
        return s("g", {"class": "city-majority", "data-majority-city": city,
                       "data-majority": holder},
                 s("title", {}, title), body)

    def city_block(self, city: int, marks: bool = False) -> list[El | None]:
        """The city's ground and name (drawn under its plots); ``marks``: outline a city
        holding a highlighted or tentative plot (the overview on a phone)."""
        r = layout.city_rect(self.seat, city)
        cls = "city-block closed" if city not in self.open_cities else "city-block"
        if marks and any(c == city for c, _ in self.targets):
            cls += " has-legal"
        if marks and self.tentative is not None and self.tentative.city == city:
            cls += " has-pending"
        return [s("rect", {"x": r.x - 8, "y": r.y - 8, "width": r.w + 16, "height": r.h + 16,
                           "rx": 12, "class": cls}),
                s("text", {"x": r.x + r.w / 2, "y": r.y - 14, "font-size": 22,
                           "text-anchor": "middle", "class": "city-name"}, M.city(city)),
                self.majority(city)]

    def city_veil(self, city: int) -> list[El]:
        """The veil over a city not yet open (progressive construction)."""
        if city in self.open_cities:
            return []
        r = layout.city_rect(self.seat, city)
        return [s("rect", {"x": r.x - 8, "y": r.y - 8, "width": r.w + 16, "height": r.h + 16,
                           "rx": 12, "class": "closed-veil", "data-closed-city": city}),
                s("text", {"x": r.x + r.w / 2, "y": r.y + r.h / 2 + 8, "font-size": 24,
                           "text-anchor": "middle", "class": "closed-text"},
                  M.t("play.closed", round=_opening_round(self.view, city)))]


def render_board(frame: PlayFrame, compact: bool = False) -> El:
    """The whole board for the session's viewer.

    ``compact``: the plots are drawn too small to tap (a phone), so each city is one tap
    target that opens it large (:func:`render_city`); the plots keep their hooks and
    highlights but are not tap targets themselves."""
    scene = _Scene(frame)
    seat = scene.seat
    width, total_h = layout.size(seat)
    children: list[Any] = [s("rect", {"x": 0, "y": 0, "width": width, "height": total_h,
                                      "rx": 18, "class": "board-bg"})]
    for city in range(len(CITIES)):
        parts = scene.city_block(city, marks=compact)
        parts.extend(scene.plot(city, plot, tappable=not compact)
                     for plot in range(PLOTS_PER_CITY))
        if compact:
            # The city's button is a transparent cell over it (the ``hit`` of a plot, at the
            # city's size), not the group: a button's name must hold the text it shows,
            # and the group shows the city's name, plots and marks.
            r = layout.city_rect(seat, city)
            parts.append(s("rect", {"x": r.x - 10, "y": r.y - 40, "width": r.w + 20,
                                    "height": r.h + 50, "class": "hit city-hit",
                                    "role": "button",
                                    "tabindex": "0" if city == scene.entry[0] else "-1",
                                    "aria-label": M.t("board.zoom_city", city=M.city(city))}))
            children.append(s("g", {"class": "city", "data-action": "zoom", "data-zoom": city},
                              parts))
        else:
            children.extend(parts)
        children.extend(scene.city_veil(city))
    children.extend(_seat_labels(scene.view, seat, width, total_h))
    return s("svg", {"viewBox": f"0 0 {width} {total_h}", "class": "board",
                     "data-seat": seat, "data-board-view": "full", "role": "group",
                     "aria-label": board_name(frame),
                     "preserveAspectRatio": "xMidYMid meet"}, children)


def render_city(frame: PlayFrame, city: int) -> El:
    """One city drawn large (a phone): its 9 plots as tap targets, turned for the viewer's
    seat exactly as on the whole board, with the same hooks and highlights."""
    scene = _Scene(frame)
    r = layout.city_rect(scene.seat, city)
    pad = 14
    box = f"{r.x - pad} {r.y - pad} {r.w + 2 * pad} {r.h + 2 * pad}"
    children: list[Any] = [s("rect", {"x": r.x - pad, "y": r.y - pad, "width": r.w + 2 * pad,
                                      "height": r.h + 2 * pad, "rx": 18, "class": "board-bg"}),
                           scene.city_block(city)[0]]
    children.extend(scene.plot(city, plot) for plot in range(PLOTS_PER_CITY))
    children.extend(scene.city_veil(city))
    return s("svg", {"viewBox": box, "class": "board city-zoom", "data-seat": scene.seat,
                     "data-board-view": "city", "data-zoom-city": city, "role": "group",
                     "aria-label": f"{M.city(city)} · {board_name(frame)}",
                     "preserveAspectRatio": "xMidYMid meet"}, children)


def board_name(frame: PlayFrame) -> str:
    """The board's accessible name: whose edge it is seen from."""
    return M.t("board.label", name=frame.name(frame.viewer), seat=M.seat(frame.seat))


def _entry_plot(frame: PlayFrame, last_pos: int | None) -> tuple[int, int]:
    """The plot where Tab enters the board: the tentative build, else the first highlighted
    plot, else the last move's, else the first city's centre."""
    if frame.tentative is not None:
        return frame.tentative.city, frame.tentative.plot
    if frame.targets:
        return min(frame.targets)
    if last_pos is not None:
        return divmod(last_pos, PLOTS_PER_CITY)
    return 0, 4


def plot_where(seat: str, city: int, plot: int) -> str:
    """"Frankfurt, north-west plot (far row, left column)": the compass point on the board
    and, in the words of the cards, where the plot lies as seen from ``seat``."""
    card = next(c for c, p in SEAT_PLOTS[seat].items() if p == plot)
    return M.t("plot.where", city=M.city(city), compass=M.t(f"plot.compass.{plot}"),
               row=M.t(f"card.row.{card.row}"), col=M.t(f"card.col.{card.col}"))


def plot_name(view: PlayerView, seat: str, city: int, plot: int, colours: tuple[str, ...],
              hooks: dict[str, Any] | None = None) -> str:
    """A plot's accessible name, e.g. "Frankfurt, north-west plot (far row, left column):
    red tower, 5 floors, red 3, blue 2; you can build here". ``hooks``: the plot's drawn
    ``data-*`` attributes (highlighted, tentative, safe)."""
    hooks = hooks or {}
    where = plot_where(seat, city, plot)
    pos = city * PLOTS_PER_CITY + plot
    tower = view.board[pos]
    if tower:
        counts = floors_by_colour(tower)
        order = sorted(counts, key=lambda c: (-counts[c], c))
        text = M.t("plot.tower", where=where, owner=M.colour(colours[owner(tower)]),  # type: ignore[index]
                   floors=M.tn("count.floors", height(tower)),
                   counts=M.t("pieces.sep").join(
                       M.t("plot.count", colour=M.colour(colours[c]), n=counts[c])
                       for c in order))
    else:
        text = M.t("plot.empty", where=where)
    extra = []
    if city not in view.open_cities():
        extra.append(M.t("plot.closed"))
    if view.godzilla == pos:
        extra.append(M.t("plot.godzilla"))
    if hooks.get("data-safe"):
        extra.append(M.t("plot.safe"))
    if hooks.get("data-pending"):
        extra.append(M.t("plot.pending"))
    elif hooks.get("data-legal"):
        extra.append(M.t("plot.legal"))
    if "last" in str(hooks.get("class", "")).split():
        extra.append(M.t("plot.last"))
    return "; ".join([text, *extra])


def _opening_round(view: PlayerView, city: int) -> int:
    """The round in which ``city`` opens (asked of the engine's progressive-construction
    rule, never inverted here)."""
    return view.opening_round(city)


def _plot(view: PlayerView, seat: str, city: int, plot: int, colours: tuple[str, ...],
          targets: frozenset[tuple[int, int]], tentative: Build | None,
          judge_colours: tuple[int, ...], last_pos: int | None, tappable: bool = True) -> El:
    r = layout.plot_rect(seat, city, plot)
    pos = city * PLOTS_PER_CITY + plot
    tower = view.board[pos]
    top = owner(tower)
    legal = (city, plot) in targets
    is_tentative = tentative is not None and (tentative.city, tentative.plot) == (city, plot)
    safe = bool(tower) and all(is_safe_from(tower, c) for c in judge_colours)
    classes = ["plot"]
    if legal:
        classes.append("legal")
    if is_tentative:
        classes.append("pending")
    if last_pos == pos:
        classes.append("last")
    ghost = (tentative.colour, tentative.floors) if tentative is not None and is_tentative else None
    inner: list[Any] = [s("rect", {"x": r.x, "y": r.y, "width": r.w, "height": r.h,
                                   "class": "hit"}),  # the whole cell answers a tap
                        s("rect", {"x": r.x + 4, "y": r.y + 4, "width": r.w - 8,
                                   "height": r.h - 8, "rx": 9, "class": "tile"})]
    if not tower:
        inner.append(s("rect", {"x": r.x + 22, "y": r.y + 22, "width": r.w - 44,
                                "height": r.h - 44, "rx": 4, "class": "lot"}))
    inner.extend(tower_drawing(r.x, r.y, tower, colours, safe, ghost))
    if legal or is_tentative:
        inner.append(s("rect", {"x": r.x + 3, "y": r.y + 3, "width": r.w - 6,
                                "height": r.h - 6, "rx": 10, "class": "target-ring"}))
    return s("g", {
        "class": " ".join(classes), "data-action": "plot" if tappable else None,
        "data-city": city, "data-plot": plot, "data-height": height(tower),
        "data-owner": colours[top] if top is not None else "",
        "data-legal": "true" if legal else None,
        "data-pending": "true" if is_tentative else None,
        "data-safe": "true" if safe else None,
    }, inner)


def _seat_labels(view: PlayerView, seat: str, width: float, total_h: float) -> list[El]:
    settings = view.settings
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


# ------------------------------------------------------------------ rules diagrams
def board_diagram(board: tuple[Tower, ...], colours: tuple[str, ...], label: str,
                  seat: str = "south", cities: tuple[int, ...] = tuple(range(len(CITIES))),
                  marks: dict[int, str] | None = None,
                  ghost: tuple[int, str, int] | None = None,
                  godzilla: int | None = None, arrow: tuple[int, int] | None = None,
                  edge: str | None = None) -> El:
    """A position drawn by the game's own plot and tower code, for the rules help: only
    ``cities`` (seen from ``seat``'s edge, as on the board), a picture named ``label``.

    ``edge``: a seat whose edge of the board is drawn as a bar (where that player sits).
    ``marks``: board position -> ``"legal"`` (a highlighted plot, as in the game) or
    ``"refused"`` (crossed out); ``ghost``: (position, colour, floors) of a piece about to be
    placed; ``godzilla``: Godzilla's plot; ``arrow``: (from, to) positions (its walk)."""
    marks = marks or {}
    parts: list[Any] = []
    rects = [layout.city_rect(seat, c) for c in cities]
    x0 = min(r.x for r in rects) - 14
    y0 = min(r.y for r in rects) - 44
    x1 = max(r.x + r.w for r in rects) + 14
    y1 = max(r.y + r.h for r in rects) + 14
    parts.append(s("rect", {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0, "rx": 18,
                            "class": "board-bg"}))
    for city, r in zip(cities, rects):
        parts.append(s("rect", {"x": r.x - 8, "y": r.y - 8, "width": r.w + 16,
                                "height": r.h + 16, "rx": 12, "class": "city-block"}))
        parts.append(s("text", {"x": r.x + r.w / 2, "y": r.y - 14, "font-size": 22,
                                "text-anchor": "middle", "class": "city-name"}, M.city(city)))
        for plot in range(PLOTS_PER_CITY):
            pos = city * PLOTS_PER_CITY + plot
            p = layout.plot_rect(seat, city, plot)
            tower = board[pos]
            mark = marks.get(pos)
            cls = "plot legal" if mark == "legal" else "plot"
            inner: list[Any] = [s("rect", {"x": p.x + 4, "y": p.y + 4, "width": p.w - 8,
                                           "height": p.h - 8, "rx": 9, "class": "tile"})]
            if not tower and not (ghost and ghost[0] == pos):
                inner.append(s("rect", {"x": p.x + 22, "y": p.y + 22, "width": p.w - 44,
                                        "height": p.h - 44, "rx": 4, "class": "lot"}))
            piece = (ghost[1], ghost[2]) if ghost is not None and ghost[0] == pos else None
            inner.extend(tower_drawing(p.x, p.y, tower, colours, False, piece))
            if mark == "legal":
                inner.append(s("rect", {"x": p.x + 3, "y": p.y + 3, "width": p.w - 6,
                                        "height": p.h - 6, "rx": 10, "class": "target-ring"}))
            elif mark == "refused":
                inner.append(s("path", {"d": f"M{p.x + 14} {p.y + 14} L{p.x + 86} {p.y + 86} "
                                             f"M{p.x + 86} {p.y + 14} L{p.x + 14} {p.y + 86}",
                                        "class": "refused-cross"}))
            parts.append(s("g", {"class": cls, "data-pos": pos}, inner))
    if godzilla is not None:
        g = layout.plot_rect(seat, *divmod(godzilla, PLOTS_PER_CITY))
        parts.append(s("g", {"class": "godzilla"}, godzilla_token(g.x, g.y, False)[:-1]))
    if arrow is not None:
        a = layout.plot_rect(seat, *divmod(arrow[0], PLOTS_PER_CITY))
        b = layout.plot_rect(seat, *divmod(arrow[1], PLOTS_PER_CITY))
        ax, ay, bx, by = a.x + 50, a.y + 50, b.x + 50, b.y + 50
        parts.append(s("line", {"x1": ax + (bx - ax) * 0.45, "y1": ay + (by - ay) * 0.45,
                                "x2": ax + (bx - ax) * 0.8, "y2": ay + (by - ay) * 0.8,
                                "class": "walk-arrow", "marker-end": "url(#walk-head)"}))
        parts.insert(0, s("defs", {}, s("marker", {
            "id": "walk-head", "viewBox": "0 0 10 10", "refX": 5, "refY": 5,
            "markerWidth": 4, "markerHeight": 4, "orient": "auto-start-reverse"},
            s("path", {"d": "M0 0 L10 5 L0 10 z", "class": "walk-head"}))))
    if edge is not None:
        side = layout.edge_of(seat, edge)
        w, hh = x1 - x0, y1 - y0
        bar = {"bottom": (x0, y1 - 10, w, 10), "top": (x0, y0, w, 10),
               "left": (x0, y0, 10, hh), "right": (x1 - 10, y0, 10, hh)}[side]
        parts.append(s("rect", {"x": bar[0], "y": bar[1], "width": bar[2], "height": bar[3],
                                "rx": 5, "class": "seat-edge", "data-edge": side}))
    return s("svg", {"viewBox": f"{x0} {y0} {x1 - x0} {y1 - y0}", "class": "rules-board diagram",
                     "role": "img", "aria-label": label, "data-seat": seat,
                     "preserveAspectRatio": "xMidYMid meet"}, parts)
