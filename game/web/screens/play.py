"""The play screen: top bar, board, and the panel for the decision at hand.

Each screen takes its own frame (:mod:`game.web.frames.play_frames`): the board, the top bar
and the players are drawn from the shared :class:`~game.web.frames.frame.TableFrame`, the panel
from the turn's or the computer's frame, the replay's from its own. Privacy: the table's view
holds the viewer's hand only while they hold the device (``show_private``). The pass screen
draws no board and no hand at all.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ...actions import Build, ReturnPiece, Select
from ...settings import Settings
from .. import messages
from ..frames.frame import (
    BUILD,
    SELECT,
    BoardFrame,
    ComputerFrame,
    FinalFrame,
    LastMove,
    MenuFrame,
    ReplayFrame,
    ScoringFrame,
    TableFrame,
    TurnFrame,
)
from . import layout, palette
from .board_svg import render_board, render_city
from .coach_panels import hint_block, review_panel
from .common import bdi, button, chip, chips, language_select, said, theme_button
from .decision import build_panel, hand_block, selection_panel
from .memo import Memo
from .passing import take_back_block
from .story import digest_block, inspector_block, log_drawer, players_material, replay_panel
from .svg_pieces import (
    card_svg,
    floor_chip,
    godzilla_token,
    lock,
    majority_chip,
    piece_svg,
    tallest_medal,
    tower_labels,
)
from .vdom import El, h, s


def render_play(screen: BoardFrame, zoom: int | None = None, lesson: El | None = None) -> El:
    """The play screen of any screen with a board (its ``kind`` is the ``data-mode``).
    ``compact``: plots would be too small to tap (a phone), so the board is an overview
    whose cities open large; ``zoom``: the city shown large; ``lesson``: the tutorial's
    coach, at the head of the panel."""
    f = screen.table
    view = f.view
    attrs = {"class": "play", "data-screen": "play", "data-phase": view.phase,
             "data-round": view.round, "data-turn": view.current if view.current is not None else "",
             "data-mode": screen.kind, "data-viewer": f.viewer,
             "data-board-compact": "true" if f.compact else None}
    if f.inspecting:
        attrs["data-inspecting"] = "true"
    if isinstance(screen, ReplayFrame):
        side = replay_panel(screen)
        if screen.review is not None:
            side = [review_panel(screen), *side]
    else:
        side = panel(screen)
    return h("div", attrs,
             top_bar(screen),
             whole_export_warning(screen.menu),
             board_section(f, zoom),
             h("aside", {"class": "panel"}, lesson, side),
             log_drawer(f, screen.menu))


def board_section(f: TableFrame, zoom: int | None) -> El:
    if zoom is not None:
        return h("section", {"class": "board-wrap zoomed", "id": "board"},
                 h("div", {"class": "zoom-bar"},
                   button(messages.t("board.whole"), "zoom-out", cls="btn small ghost"),
                   h("h2", {"class": "zoom-title"}, messages.city(zoom)),
                   h("span", {"class": "zoom-note"}, zoom_note(f))),
                 render_city(f, zoom), key="board")
    if f.compact:
        return h("section", {"class": "board-wrap compact", "id": "board"},
                 render_board(f, compact=True),
                 h("p", {"class": "zoom-hint"}, messages.t("board.zoom_hint")), key="board")
    return h("section", {"class": "board-wrap", "id": "board"}, render_board(f), key="board")


def zoom_note(f: TableFrame) -> list[Any]:
    """Whose edge the large city is seen from, or, for a seat at a short edge (the board
    drawn from the south), on which side that seat's edge is."""
    drawn_from = layout.board_seat(f.seat)
    if drawn_from == f.seat:
        return said("board.zoom_note", name=f.name(f.viewer))
    return said("board.zoom_note_side", name=f.name(f.viewer),
                side=messages.t(f"board.side.{layout.edge_of(drawn_from, f.seat)}"))


def top_bar(screen: BoardFrame) -> El:
    f = screen.table
    settings = f.settings
    view = f.view
    # the scoring sheet is about the round just ended (the engine has begun the next one)
    shown_round = screen.acked + 1 if isinstance(screen, ScoringFrame) else view.round
    items = [
        h("span", {"class": "tb-round", "data-round": shown_round},
          messages.t("play.round", round=shown_round, rounds=settings.round_count)),
        h("span", {"class": "tb-deck", "title": messages.t("play.deck_title"),
                   "data-deck": view.deck_size}, messages.t("play.deck", count=view.deck_size)),
    ]
    if settings.godzilla != "off":
        items.append(h("span", {"class": "tb-godzilla"},
                       messages.t(f"play.godzilla_mode.{settings.godzilla}")))
    if settings.anti_trust:  # a rule that changes every build: in sight all game long
        items.append(anti_trust_mark())
    scores = []
    points = [sum(view.scores[c] for c in cs) for cs in settings.player_colours]
    for p in settings.turn_order:
        spec = settings.players[p]
        cls = "tb-score current" if view.current == p else "tb-score"
        scores.append(h("span", {"class": cls, "data-score-player": p},
                        chips(spec.colours),
                        h("span", {"class": "sr-only"}, bdi(spec.name)),
                        # (cut short only where the bar has no room; a tap shows it whole)
                        h("bdi", {"class": "pname tb-name", "aria-hidden": "true", "title": spec.name,
                                  "tabindex": "-1"}, spec.name),
                        h("b", {"class": "pts"}, messages.t("play.points", points=points[p]))))
    return h("header", {"class": "topbar"},
             h("span", {"class": "tb-info"}, items),
             h("span", {"class": "tb-scores"}, scores), game_menu(screen), key="top-bar")


def game_menu(screen: BoardFrame) -> El:
    """The top bar's tools behind one button, so that they never take more than the one
    button's room (a phone, long German and French labels): a disclosure (the button's
    ``aria-expanded``, the list right after it in the tab order), closed by Escape, by a
    tap outside and by any of its tools except the speed and the animations (tapped again
    to go round) and the sound (a toggle: ``aria-pressed``, on when it plays)."""
    f, m = screen.table, screen.menu
    follow = [] if isinstance(screen, ReplayFrame) else [
        button(messages.t("story.log"), "log", {"aria-pressed": "true" if f.story.log_open else "false",
                                         "data-log-button": "true"},
               cls="btn small ghost" + (" on" if f.story.log_open else "")),
        button(messages.t("inspect.mode_on" if f.inspecting else "inspect.mode_off"), "inspect-mode",
               {"aria-pressed": "true" if f.inspecting else "false"},
               cls="btn small ghost" + (" on" if f.inspecting else ""))]
    tools = [*follow,
             button(messages.t("play.speed", speed=messages.t(f"play.speed.{m.speed}")), "speed",
                    cls="btn small ghost"),
             button(messages.t("play.motion", motion=messages.t(f"play.motion.{m.motion}")), "motion",
                    {"data-motion-button": m.motion}, cls="btn small ghost"),
             theme_button(m.theme),
             button(messages.t("play.sound_off" if m.muted else "play.sound_on"), "sound",
                    {"aria-pressed": "false" if m.muted else "true", "data-sound-button": "true"},
                    cls="btn small ghost" + ("" if m.muted else " on")),
             button(messages.t("play.hide_cards"), "hide-cards", {"data-hide-cards": "true"},
                    cls="btn small ghost")
             if f.people >= 2 and isinstance(screen, TurnFrame) else None,
             button(messages.t("play.hints_on" if m.hints_switch else "play.hints_off"), "hints-toggle",
                    {"aria-pressed": "true" if m.hints_switch else "false",
                     "data-hints-switch": "true"},
                    cls="btn small ghost" + (" on" if m.hints_switch else ""))
             if m.hints_switch is not None else None,
             button(messages.t("play.rules"), "rules", cls="btn small ghost"),
             button(messages.t("play.export"), "export", {"data-menu-export": "true"},
                    cls="btn small ghost"),
             button(messages.t("share.continue_elsewhere"), "export-whole",
                    {"data-export-whole": "true"}, cls="btn small ghost")
             if m.whole_export != "none" else None,
             language_select(cls="lang-choice menu-lang"),
             button(messages.t("play.exit"), "home", cls="btn small ghost")]
    label = messages.t("play.menu")
    return h("span", {"class": "tb-tools"},
             h("button", {"type": "button", "class": "btn small ghost tb-menu-button"
                          + (" on" if m.menu_open else ""), "data-action": "menu",
                          "aria-expanded": "true" if m.menu_open else "false",
                          "aria-controls": "game-menu"},
               h("span", {"class": "menu-icon", "aria-hidden": "true"}, "☰"), " ", label),
             h("div", {"class": "tb-menu", "id": "game-menu", "role": "group",
                       "aria-label": label, "data-menu-open": "true" if m.menu_open else "false",
                       "hidden": not m.menu_open}, tools))


# --------------------------------------------------------------------- panel
def whole_export_warning(f: MenuFrame) -> El | None:
    """The warning before the whole of an unfinished game leaves the device as a file
    (every hand, the cards to come): saved only by a second, explicit tap."""
    if f.whole_export != "asked":
        return None
    return h("div", {"class": "whole-export", "role": "alertdialog", "aria-modal": "false",
                     "aria-labelledby": "whole-export-text", "data-whole-export": "true"},
             h("p", {"id": "whole-export-text"}, messages.t("share.continue_warning")),
             h("div", {"class": "actions"},
               button(messages.t("share.continue_confirm"), "export-whole", {"data-confirm": "true"},
                      cls="btn danger"),
               button(messages.t("share.continue_cancel"), "export-whole-cancel",
                      cls="btn secondary")))


def panel(screen: TurnFrame | ComputerFrame | ScoringFrame | FinalFrame) -> list[Any]:
    """The side panel under a live game's board: the decision on a turn, the computer's
    move, the last move, the hand shown, the players and the board's key."""
    f = screen.table
    view = f.view
    out: list[Any] = [inspector_block(f)]
    current = view.current
    turn = isinstance(screen, TurnFrame)
    if isinstance(screen, TurnFrame) and current is not None:
        out.append(h("h2", {"class": "turn-title", "data-turn-title": current},
                     chips(f.settings.players[current].colours), " ",
                     # one flex item: the title's gap never parts a name from its comma
                     h("span", {}, said("play.you", name=f.name(current)))))
        out.append(digest_block(f, open_=False))
        out.append(hint_block(screen))
        if view.phase == SELECT:
            out.append(selection_panel(screen))
        elif view.phase == BUILD:
            out.append(build_panel(screen))
    elif isinstance(screen, ComputerFrame) and screen.mover is not None:
        out.append(take_back_block(screen))
    elif isinstance(screen, ComputerFrame):
        if current is not None:
            out.append(h("h2", {"class": "turn-title cpu", "data-turn-title": current},
                         chips(f.settings.players[current].colours), " ",
                         h("span", {}, said("cpu.thinking", name=f.name(current))
                           if f.preview is None else said("play.turn_of", name=f.name(current)))))
        if f.preview is not None:
            out.append(move_line(f, f.preview))
    if not turn or view.phase != SELECT:
        if f.last_move is not None and f.preview is None:
            out.append(move_line(f, f.last_move))
    if f.show_private and not turn:
        out.append(hand_block(f, interactive=False))
    out.append(players_block(f))
    out.append(players_material(f))
    out.append(board_key(f))
    return out


def anti_trust_mark() -> El:
    """The anti-trust variant's marker (the top bar, the board's key): its name, the rule
    in its title and for screen readers."""
    return h("span", {"class": "anti-trust-mark", "data-anti-trust": "true",
                      "title": messages.t("rule.anti-trust")},
             h("span", {"aria-hidden": "true"}, messages.t("play.anti_trust")),
             h("span", {"class": "sr-only"}, messages.t("rule.anti-trust")))


def _key_picture(width: int, height: int, box: str, parts: Any) -> El:
    return s("svg", {"class": "key-pic", "viewBox": box, "width": width, "height": height,
                     "aria-hidden": "true", "focusable": "false"}, parts)


def board_key(f: TableFrame) -> El:
    """What the board's marks mean, every one it can draw in this game: each colour's cue
    with its colour and player (so a player learns "I am the triangle"), a tower's circled
    height and owner, the floor chips under it, the padlock, the tallest-tower medal (one,
    or shared), a city's majority chip (a colour, a tie, no tower yet), the outlines of a
    plot (where you may build, your piece not yet confirmed, each player's last build, a
    change since your turn, the log entry opened), Godzilla and its next plot, a city not
    open yet, the start player's star, the coach's marks, and the anti-trust marker: each
    drawn by the board's own code where it has a picture. It changes only with the game's
    settings, the viewer and the language, so it is kept by them: every other redraw finds
    the very same subtree, and the page's patch stops at it at once."""
    settings = f.settings
    viewer = f.viewer if 0 <= f.viewer < settings.player_count else 0
    return BOARD_KEYS.get((messages.current_language(), settings, viewer),
                          partial(_board_key, settings, viewer))


BOARD_KEYS: Memo[El] = Memo(limit=16)
"""The board's key by language, settings and viewer."""


def _board_key(settings: Settings, viewer: int) -> El:
    mine = settings.colours[settings.player_colours[viewer][0]]

    def row(picture: El, text: str, kind: str) -> El:
        return h("li", {"class": "key-row", "data-key": kind}, picture, h("span", {}, text))

    cues = [h("li", {"class": "key-row", "data-key": "colour", "data-key-colour": c}, chip(c),
              h("span", {}, messages.colour(c), " · ", bdi(spec.name)))
             for spec in settings.players for c in spec.colours]
    medal = [row(_key_picture(26, 26, "30 0 24 24", tallest_medal(0, 0, single)),
                 messages.t("board.tallest" if single else "board.tallest_tie"),
                 "tallest" if single else "tallest-tie") for single in (True, False)]
    chips_ = [row(_key_picture(50, 26, "0 0 50 26", majority_chip(0, 0, holder)), text, kind)
              for holder, text, kind in (
                  (mine, messages.t("key.majority"), "majority"),
                  ("tie", messages.t("board.majority_tie"), "majority-tie"),
                  ("none", messages.t("board.majority_none"), "majority-none"))]
    floors = row(_key_picture(30, 24, "0 0 30 24", floor_chip(mine, 4)), messages.t("key.floors"),
                 "floors")
    height = row(_key_picture(26, 36, "0 2 48 66", tower_labels(0, 0, ((0, 3),), (mine,), False)),
                 messages.t("key.height"), "height")
    safe = row(_key_picture(22, 24, "-1 -1 22 24", lock(10, 12)), messages.t("key.safe"), "safe")

    def ring(kind: str, cls: str, shape: El) -> El:
        """A plot's tile with one of the board's outlines, as the board draws it."""
        tile = s("rect", {"x": 4, "y": 4, "width": 92, "height": 92, "rx": 9, "class": "tile"})
        return row(_key_picture(32, 32, "0 0 100 100", s("g", {"class": cls}, tile, shape)),
                   messages.t(f"key.{kind}"), kind)

    def outline(cls: str, inset: float, **attrs: Any) -> El:
        return s("rect", {"x": inset, "y": inset, "width": 100 - 2 * inset,
                          "height": 100 - 2 * inset, "rx": 10, "class": cls, **attrs})

    rings = [ring("target", "plot legal", outline("target-ring", 3)),
             ring("pending", "plot pending", outline("target-ring", 3)),
             ring("last", "", outline("last-ring", 6, stroke=palette.fill(mine))),
             ring("changed", "", outline("changed-ring", 2)),
             ring("focus", "", outline("focus-ring", 1))]
    godzilla = ([row(_key_picture(32, 32, "0 0 100 100", godzilla_token(0, 0, False)[:-1]),
                     messages.t("key.godzilla"), "godzilla"),
                 ring("godzilla_next", "", s("circle", {"cx": 50, "cy": 50, "r": 40,
                                                        "class": "godzilla-next"}))]
                if settings.godzilla != "off" else [])
    closed = (row(_key_picture(32, 32, "0 0 100 100",
                               s("rect", {"x": 4, "y": 4, "width": 92, "height": 92, "rx": 9,
                                          "class": "closed-veil"})),
                  messages.t("key.closed"), "closed") if settings.progressive else None)
    start = row(h("span", {"class": "key-sign", "aria-hidden": "true"}, "★"),
                messages.t("key.start"), "start")
    coach_marks = row(h("span", {"class": "key-sign", "aria-hidden": "true"}, "? ✗ ✓"),
                      messages.t("key.coach"), "coach")
    rule = (row(anti_trust_mark(), messages.t("rule.anti-trust"), "anti-trust")
            if settings.anti_trust else None)
    return h("details", {"class": "board-key", "data-board-key": "true"},
             h("summary", {}, messages.t("key.heading")),
             h("ul", {}, cues, height, floors, safe, medal, chips_, rings, godzilla, closed,
               start, coach_marks, rule), key="board-key")


def move_line(f: TableFrame, move: LastMove) -> El:
    """What the last (or the previewed) move was: card, piece and city."""
    player = move.player
    action = move.action
    view = f.view
    if not 0 <= player < f.settings.player_count:
        return h("div", {"class": "move-line empty"})
    name = f.name(player)
    human = f.is_human(player)
    parts: list[Any] = []
    if isinstance(action, Build):
        parts.append(card_svg(action.card, 40))
        parts.append(piece_svg(action.colour, action.floors, 40))
        key = ("cpu.plays" if move.preview else
               "human.built" if human else "cpu.built")
        text = said(key, name=name, floors=action.floors, city=messages.city(action.city))
    elif isinstance(action, ReturnPiece):
        parts.append(card_svg(action.card, 40))
        parts.append(piece_svg(action.colour, action.floors, 40))
        key = ("cpu.plays_return" if move.preview else
               "human.returned" if human else "cpu.returned")
        text = said(key, name=name, floors=action.floors)
    elif isinstance(action, Select):
        selects = list(move.selects) or [action]
        hidden = any(f.supply[f.settings.colour_index(a.colour)] is None for a in selects)
        if hidden or (f.settings.secret_selection and view.phase == SELECT):
            text = said("cpu.selected_secret", name=name)
        elif len(selects) > 1:
            text = said("human.selected" if human else "cpu.selected", name=name,
                        pieces=messages.t("move.colours_sep").join(
                           messages.t("move.colour_pieces", colour=messages.colour(a.colour),
                               pieces=messages.pieces_text(a.pieces)) for a in selects))
        else:
            text = said("human.selected" if human else "cpu.selected", name=name,
                        pieces=messages.pieces_text(action.pieces))
        parts.extend(chip(a.colour) for a in selects)
    else:
        return h("div", {"class": "move-line empty"})
    extra = []
    if move.godzilla is not None:
        pos, kind = move.godzilla
        key = "move.godzilla_destroyed" if kind == "destroyed" else "move.godzilla_ate"
        extra.append(h("p", {"class": "move-extra"}, messages.t(key, city=messages.city(pos // 9))))
    if move.reshuffled:
        extra.append(h("p", {"class": "move-extra"}, messages.t("move.reshuffled")))
    cls = "move-line preview" if move.preview else "move-line"
    return h("div", {"class": cls, "data-move": "preview" if move.preview else "last"},
             h("span", {"class": "move-pics"}, parts), h("span", {"class": "move-text"}, text),
             extra)


def players_block(f: TableFrame) -> El:
    settings = f.settings
    view = f.view
    supply = f.supply
    points = [sum(view.scores[c] for c in cs) for cs in settings.player_colours]
    rows = []
    for p in settings.turn_order:
        spec = settings.players[p]
        sup = []
        for c in settings.player_colours[p]:
            counts = supply[c]
            if counts is None:
                sup.append(h("span", {"class": "sup"}, chip(settings.colours[c]), " ",
                             messages.t("play.supply_hidden")))
            elif view.phase == SELECT and c in view.select_queue:
                sup.append(h("span", {"class": "sup"}, chip(settings.colours[c]), " ",
                             messages.t("select.waiting")))
            else:
                sup.append(h("span", {"class": "sup"}, chip(settings.colours[c]), " ",
                             messages.pieces_text(counts) if sum(counts) else
                             messages.t("play.supply_none")))
        top = view.played[p][-1] if view.played[p] else None
        cls = "prow" + (" current" if view.current == p else "")
        rows.append(h("li", {"class": cls, "data-player": p},
                      h("div", {"class": "prow-head"},
                        chips(spec.colours),
                        bdi(spec.name),
                        h("span", {"class": "start-marker", "title": messages.t("play.start_marker")},
                          "★") if view.start == p else None,
                        h("span", {"class": "ctrl"}, messages.controller_label(spec.played_by))
                        if spec.played_by != "human" else None,
                        h("b", {"class": "pts"}, messages.number(points[p]))),
                      h("div", {"class": "prow-body"},
                        h("span", {"class": "played", "title": messages.t("play.played_top"),
                                   "data-played-top": f"{top.row},{top.col}" if top else ""},
                          card_svg(top, 28) if top else h("span", {"class": "noplayed"}, "–")),
                        h("span", {"class": "hs"}, messages.t("play.cards_in_hand",
                                                       count=view.hand_sizes[p])),
                        sup)))
    return h("div", {"class": "players"}, h("ul", {}, rows), key="players")
