"""The board as an SVG element tree: six city blocks, their plots and the towers on them.

Drawn for one viewer: that player's edge is at the bottom. Each plot is a ``<g>`` carrying the
test hooks ``data-city``, ``data-plot`` (0-8, south-edge numbering as in RULES.md),
``data-height`` and ``data-owner`` (colour name, empty when no tower).

Where plots would be drawn smaller than a finger (a phone), the board is an overview whose
cities are the tap targets, and :func:`render_city` draws the city tapped large, turned the
same way, with its plots as tap targets.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ...actions import Build
from ...board import floors_by_colour, height, is_safe_from, owner
from ...material import CITIES, PLOTS_PER_CITY, SEAT_PLOTS
from ...view import PlayerView
from .. import messages
from ..frames.frame import TableFrame
from . import layout, palette
from .memo import Memo
from .svg_pieces import LABELS, colour_chip, godzilla_token, majority_chip, tallest_medal, tower_drawing
from .vdom import El, s

OUTLINES = 2
"""The most outlines drawn on one plot: a third would crowd the tower's labels."""
COACH_MARKS = {"hint": ("coach.mark.hint", "?"), "played": ("coach.mark.played", "✗"),
               "best": ("coach.mark.best", "✓")}
"""The coach's marks on a plot: the message naming it, the sign drawn in its corner."""
# A render draws each of the 54 plots once, from the seat of the person to play: a
# generation of 256 holds a hotseat round of four boards, and the plots of earlier turns (a
# four-player game draws about 700, and 240 marked plots of 8 KB each in CPython) go.
PLOTS: Memo[El] = Memo(limit=256)  # a plot's drawing by what it is drawn from (marks added around)
NAMES: Memo[str] = Memo(limit=256)  # a plot's accessible name by what it says
MARKED: Memo[El] = Memo(limit=256)  # the plot as drawn on the board: its drawing, name and marks


class _Scene:
    """What every plot drawing needs, taken from the frame once per render."""

    def __init__(self, frame: TableFrame):
        view = frame.view
        settings = frame.settings
        self.frame = frame
        self.view = view
        self.settings = settings
        self.viewer = frame.viewer
        self.seat = layout.board_seat(frame.seat)  # the edge drawn at the bottom
        self.viewer_seat = frame.seat  # the edge the viewer's cards are read from
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
        view, pos, lang = self.view, city * PLOTS_PER_CITY + plot, messages.current_language()
        tentative = self.tentative
        here = tentative if tentative and (tentative.city, tentative.plot) == (city, plot) else None
        drawn_from = (lang, self.seat, city, plot, view.board[pos], self.colours,
                      (city, plot) in self.targets, here, self.judge_colours,
                      self.last_pos == pos, tappable)
        el = PLOTS.get(drawn_from,
                       lambda: _plot(view, self.seat, city, plot, self.colours, self.targets,
                                     tentative, self.judge_colours, self.last_pos, tappable))
        # Keyboard and screen readers: each plot's cell (the ``hit`` rectangle, which holds no
        # text, so its name is all a screen reader hears) is a named button; Tab enters the
        # board at one plot (``tabindex`` 0), the arrow keys move between plots (game.web.runtime.app).
        # (The kept drawing is not changed: the cell and the plot are new elements around it.)
        hit = el.children[0]
        assert isinstance(hit, El) and hit.attrs.get("class") == "hit"
        name = NAMES.get((lang, self.viewer_seat, city, plot, view.board[pos], self.colours,
                          city in self.open_cities, view.godzilla == pos,
                          *(el.attrs.get(k) for k in ("data-safe", "data-pending", "data-legal",
                                                      "class"))),
                         lambda: plot_name(view, self.viewer_seat, city, plot, self.colours,
                                           el.attrs))
        role = {"role": "button", "tabindex": "0" if (city, plot) == self.entry else "-1"} \
            if tappable else {"role": "img"}  # the overview on a phone: a named picture

        def marked() -> El:
            cell = El(hit.tag, {**hit.attrs, "aria-label": name, **role}, hit.children, hit.svg)
            return self.mark(El(el.tag, el.attrs, [cell, *el.children[1:]], el.svg), city, plot)

        # The whole plot is kept too, by what its drawing, name, role and marks are drawn
        # from, so an unchanged plot is the very same subtree from tap to tap and the page's
        # patch stops at it at once.
        return MARKED.get((drawn_from, name, tuple(role.items()), self._mark_key(city, plot)),
                          marked)

    def _mark_key(self, city: int, plot: int) -> tuple[object, ...]:
        """Everything :meth:`mark` draws a plot's marks from (its drawing and seat aside)."""
        pos = city * PLOTS_PER_CITY + plot
        players = tuple(self.last_of.get(pos, ()))
        return (self.seat, pos in self.marked, players,
                tuple(self.settings.colours[self.settings.player_colours[p][0]]
                      for p in players),
                pos in self.tallest and len(self.tallest) == 1, pos in self.tallest,
                self.coach.get(pos), pos in self.focus, pos in self.frame.story.destroyed,
                self.inspected == (city, plot), self.godzilla_next == pos,
                self.view.godzilla == pos, self.settings.godzilla)

    def mark(self, el: El, city: int, plot: int) -> El:
        """The story's marks on a plot: changed since your last turn, the tallest tower,
        each player's last build, the log entry shown, the inspected plot, Godzilla's
        next plot."""
        pos = city * PLOTS_PER_CITY + plot
        r = layout.plot_rect(self.seat, city, plot)
        attrs = dict(el.attrs)
        classes = [str(attrs.get("class", ""))]
        extra: list[El] = []
        # Outlines, the most urgent first; a plot shows at most OUTLINES of them (the others'
        # facts stay in its data-* hooks, its name and the log).
        outlines: list[list[El]] = []
        if pos in self.marked:
            classes.append("changed")
            attrs["data-changed"] = "true"
        if any(isinstance(c, El) and c.attrs.get("class") == "target-ring" for c in el.children):
            outlines.append([])  # where you may build (drawn with the plot)
        if self.godzilla_next == pos:  # where the card chosen sends Godzilla
            outlines.append([s("circle", {"cx": r.x + 50, "cy": r.y + 50, "r": 40,
                                          "class": "godzilla-next"})])
        if pos in self.coach and self.coach[pos] in COACH_MARKS:
            outlines.append([s("rect", {"x": r.x + 1, "y": r.y + 1, "width": r.w - 2,
                                        "height": r.h - 2, "rx": 12,
                                        "class": "coach-ring coach-ring-" + self.coach[pos]})])
        if pos in self.focus:
            outlines.append([s("rect", {"x": r.x + 1, "y": r.y + 1, "width": r.w - 2,
                                        "height": r.h - 2, "rx": 12, "class": "focus-ring"})])
        if pos in self.last_of:
            # Several players' last builds on one tower: one outline, its dashes in turn in
            # each of their colours.
            players = self.last_of[pos]
            attrs["data-last-of"] = " ".join(map(str, players))
            side = r.w - 12
            dash = 12.0
            rings = []
            for k, player in enumerate(players):
                colour = self.settings.colours[self.settings.player_colours[player][0]]
                ring = {"x": r.x + 6, "y": r.y + 6, "width": side, "height": side, "rx": 8,
                        "class": "last-ring", "stroke": palette.fill(colour)}
                if len(players) > 1:
                    ring.update({"stroke-dasharray": f"{dash} {dash * (len(players) - 1)}",
                                 "stroke-dashoffset": -dash * k})
                rings.append(s("rect", ring))
            outlines.append(rings)
        if pos in self.marked:
            outlines.append([s("rect", {"x": r.x + 2, "y": r.y + 2, "width": r.w - 4,
                                        "height": r.h - 4, "rx": 11, "class": "changed-ring"})])
        for drawn in outlines[:OUTLINES]:
            extra.extend(drawn)
        if pos in self.tallest:
            attrs["data-tallest"] = "true" if len(self.tallest) == 1 else "tie"
            extra.append(tallest_medal(r.x, r.y, len(self.tallest) == 1))
        if pos in self.coach and self.coach[pos] in COACH_MARKS:  # a hint, a reviewed decision
            kind = self.coach[pos]
            attrs["data-coach"] = kind
            classes.append("coach-" + kind)
            extra.append(s("text", {"x": r.x + r.w - 14, "y": r.y + 22, "font-size": 18,
                                    "text-anchor": "middle", "class": "coach-mark-" + kind},
                           s("title", {}, messages.t(COACH_MARKS[kind][0])), COACH_MARKS[kind][1]))
        if pos in self.focus:
            classes.append("focus")
            attrs["data-focus"] = "true"
        if pos in self.frame.story.destroyed:
            attrs["data-destroyed"] = "true"
            extra.append(s("rect", {"x": r.x + 8, "y": r.y + 8, "width": r.w - 16,
                                    "height": r.h - 16, "rx": 8, "class": "destroyed-flash"}))
        if self.inspected == (city, plot):
            classes.append("inspected")
            attrs["data-inspected"] = "true"
        if self.godzilla_next == pos:
            attrs["data-godzilla-next"] = "true"
        children = list(el.children)
        if self.view.godzilla == pos:
            # Godzilla stands under the tower's labels (drawn after the tile, before the
            # tower), so its plot is always visible and nothing is hidden.
            attrs["data-godzilla-here"] = "true"
            children.insert(2, s("g", {"class": "godzilla", "data-godzilla": f"{city},{plot}"},
                                 godzilla_token(r.x, r.y, self.settings.godzilla == "baby")))
        attrs["class"] = " ".join(c for c in classes if c)
        # The rings (last move, change, target...) go under the tower's labels, so no ring
        # hides a colour's cue; the medal and the coach's mark stay on top of everything.
        labels = [c for c in children if isinstance(c, El) and c.attrs.get("class") == LABELS]
        rings = [e for e in extra if e.tag == "rect" or e.tag == "circle"]
        marks = [e for e in extra if not (e.tag == "rect" or e.tag == "circle")]
        rest = [c for c in children if not (isinstance(c, El) and c.attrs.get("class") == LABELS)]
        return s(el.tag, attrs, rest, rings, labels, marks)

    def city_block(self, city: int, marks: bool = False) -> tuple[El, ...]:
        """The city's ground, name and majority chip (drawn under its plots); ``marks``:
        outline a city holding a highlighted or tentative plot (the overview on a phone).
        Kept by what they show, as the plots are."""
        cls = "city-block closed" if city not in self.open_cities else "city-block"
        if marks and any(c == city for c, _ in self.targets):
            cls += " has-legal"
        if marks and self.tentative is not None and self.tentative.city == city:
            cls += " has-pending"
        majorities = self.frame.story.majorities
        holder = majorities[city] if majorities else None
        return CITY_BLOCKS.get((messages.current_language(), self.seat, city, cls, holder),
                               partial(_city_block, self.seat, city, cls, holder))

    def city_veil(self, city: int) -> list[El]:
        """The veil over a city not yet open (progressive construction)."""
        if city in self.open_cities:
            return []
        r = layout.city_rect(self.seat, city)
        return [s("rect", {"x": r.x - 8, "y": r.y - 8, "width": r.w + 16, "height": r.h + 16,
                           "rx": 12, "class": "closed-veil", "data-closed-city": city}),
                s("text", {"x": r.x + r.w / 2, "y": r.y + r.h / 2 + 8, "font-size": 24,
                           "text-anchor": "middle", "class": "closed-text"},
                  messages.t("play.closed", round=_opening_round(self.view, city)))]



CITY_BLOCKS: Memo[tuple[El, ...]] = Memo(limit=64)
"""A city's ground, name and majority chip by what they show."""


def _city_block(seat: str, city: int, cls: str, holder: str | None) -> tuple[El, ...]:
    r = layout.city_rect(seat, city)
    ground = s("rect", {"x": r.x - 8, "y": r.y - 8, "width": r.w + 16, "height": r.h + 16,
                        "rx": 12, "class": cls})
    name = s("text", {"x": r.x + r.w / 2, "y": r.y - 14, "font-size": 22,
                      "text-anchor": "middle", "class": "city-name"}, messages.city(city))
    if holder is None:
        return ground, name
    return ground, name, _majority(seat, city, holder)


def _majority(seat: str, city: int, holder: str) -> El:
    """Who holds the city's majority now: a chip after its name (``=`` a tie)."""
    r = layout.city_rect(seat, city)
    x, y = r.x + r.w - 54, r.y - 38
    if holder in ("tie", "none"):
        title = messages.t("board.majority_tie" if holder == "tie" else "board.majority_none")
    else:
        title = messages.t("board.majority", colour=messages.colour(holder))
    return s("g", {"class": "city-majority", "data-majority-city": city, "data-majority": holder},
             s("title", {}, title), majority_chip(x, y, holder))

def render_board(frame: TableFrame, compact: bool = False) -> El:
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
        parts: list[El | None] = list(scene.city_block(city, marks=compact))
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
                                    "aria-label": messages.t("board.zoom_city", city=messages.city(city))}))
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


def render_city(frame: TableFrame, city: int) -> El:
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
                     "aria-label": f"{messages.city(city)} · {board_name(frame)}",
                     "preserveAspectRatio": "xMidYMid meet"}, children)


def board_name(frame: TableFrame) -> str:
    """The board's accessible name: whose edge it is seen from, or, for a seat at a short
    edge, the edge it is seen from and the side where the viewer's edge is."""
    name = messages.isolated(frame.name(frame.viewer))
    drawn_from = layout.board_seat(frame.seat)
    if drawn_from == frame.seat:
        return messages.t("board.label", name=name, seat=messages.seat(frame.seat))
    side = layout.edge_of(drawn_from, frame.seat)
    return messages.t("board.label_side", name=name, seat=messages.seat(drawn_from),
                      own=messages.seat(frame.seat), side=messages.t(f"board.side.{side}"))


def _entry_plot(frame: TableFrame, last_pos: int | None) -> tuple[int, int]:
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
    return messages.t("plot.where", city=messages.city(city), compass=messages.t(f"plot.compass.{plot}"),
               row=messages.t(f"card.row.{card.row}"), col=messages.t(f"card.col.{card.col}"))


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
        text = messages.t("plot.tower", where=where, owner=messages.colour(colours[owner(tower)]),  # type: ignore[index]
                   floors=messages.tn("count.floors", height(tower)),
                   counts=messages.t("pieces.sep").join(
                       messages.t("plot.count", colour=messages.colour(colours[c]), n=counts[c])
                       for c in order))
    else:
        text = messages.t("plot.empty", where=where)
    extra = []
    if city not in view.open_cities():
        extra.append(messages.t("plot.closed"))
    if view.godzilla == pos:
        extra.append(messages.t("plot.godzilla"))
    if hooks.get("data-safe"):
        extra.append(messages.t("plot.safe"))
    if hooks.get("data-pending"):
        extra.append(messages.t("plot.pending"))
    elif hooks.get("data-legal"):
        extra.append(messages.t("plot.legal"))
    if "last" in str(hooks.get("class", "")).split():
        extra.append(messages.t("plot.last"))
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
        # The name ends just left of the middle and the colours' cues follow it: the name's
        # width is not known here, the cues' is (a chip of 20 each).
        chips = [s("g", {"class": "seat-cue", "data-seat-cue": c}, colour_chip(k * 22, -10, 20, 20, c))
                 for k, c in enumerate(spec.colours)]
        start = -(len(chips) * 22) / 2 + 4
        out.append(s("g", {"transform": f"translate({x} {y}) rotate({rot})",
                           "class": cls, "data-seat-label": spec.seat},
                     s("text", {"x": start - 8, "y": 0, "font-size": 22, "text-anchor": "end",
                                "dominant-baseline": "middle"},
                       s("tspan", {"class": "seat-name"}, label)),
                     s("g", {"transform": f"translate({start} 0)", "aria-hidden": "true"},
                       chips)))
    return out


# ------------------------------------------------------------------ small pictures


# ------------------------------------------------------------------ rules diagrams
