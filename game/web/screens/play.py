"""The play screen: top bar, board, and the panel for the decision at hand.

Privacy: everything secret is drawn from ``player_view`` of the person holding the device,
and only while they hold it (``session.show_private``). The pass screen draws no board and
no hand at all.
"""

from __future__ import annotations

from typing import Any

from ...actions import Build, ReturnPiece, Select
from ...material import PIECE_FLOORS, Card, plot_for
from ...state import BUILD, SELECT
from .. import messages as M
from ..board_svg import card_svg, piece_svg, render_board, render_city
from ..session import move_action
from ..vdom import El, h
from .common import button, chip, chips, notice_line


def render_play(session, speed: str, preview=None, compact: bool = False,
                zoom: int | None = None) -> El:
    """The play screen. ``compact``: plots would be too small to tap (a phone), so the
    board is an overview whose cities open large; ``zoom``: the city shown large."""
    screen = session.screen
    if screen == "pass":
        return render_pass(session)
    view = session.view()
    attrs = {"class": "play", "data-screen": "play", "data-phase": view.phase,
             "data-round": view.round, "data-turn": view.current if view.current is not None else "",
             "data-mode": screen, "data-viewer": session.viewer,
             "data-board-shape": "wide" if session.settings.seat_of(session.viewer)
             in ("south", "north") else "tall",
             "data-board-compact": "true" if compact else None}
    return h("div", attrs,
             top_bar(session, view, speed),
             board_section(session, compact, zoom),
             h("aside", {"class": "panel"}, panel(session, view, preview)))


def board_section(session, compact: bool, zoom: int | None) -> El:
    if zoom is not None:
        return h("section", {"class": "board-wrap zoomed", "id": "board"},
                 h("div", {"class": "zoom-bar"},
                   button(M.t("board.whole"), "zoom-out", cls="btn small ghost"),
                   h("h2", {"class": "zoom-title"}, M.city(zoom)),
                   h("span", {"class": "zoom-note"},
                     M.t("board.zoom_note", name=session.name(session.viewer)))),
                 render_city(session, zoom))
    if compact:
        return h("section", {"class": "board-wrap compact", "id": "board"},
                 render_board(session, compact=True),
                 h("p", {"class": "zoom-hint"}, M.t("board.zoom_hint")))
    return h("section", {"class": "board-wrap", "id": "board"}, render_board(session))


def top_bar(session, view, speed: str) -> El:
    settings = session.settings
    items = [
        h("span", {"class": "tb-round", "data-round": view.round},
          M.t("play.round", round=view.round, rounds=settings.round_count)),
        h("span", {"class": "tb-deck", "title": M.t("play.deck_title"),
                   "data-deck": view.deck_size}, M.t("play.deck", count=view.deck_size)),
    ]
    if settings.godzilla != "off":
        items.append(h("span", {"class": "tb-godzilla"},
                       M.t(f"play.godzilla_mode.{settings.godzilla}")))
    scores = []
    points = [sum(view.scores[c] for c in cs) for cs in settings.player_colours]
    for p in settings.turn_order:
        spec = settings.players[p]
        cls = "tb-score current" if view.current == p else "tb-score"
        scores.append(h("span", {"class": cls, "data-score-player": p},
                        chips(spec.colours),
                        h("span", {"class": "pname"}, spec.name),
                        h("b", {"class": "pts"}, M.t("play.points", points=points[p]))))
    tools = h("span", {"class": "tb-tools"},
              button(M.t("play.speed", speed=M.t(f"play.speed.{speed}")), "speed",
                     cls="btn small ghost"),
              button(M.t("play.rules"), "rules", cls="btn small ghost"),
              button(M.t("play.exit"), "home", cls="btn small ghost"))
    return h("header", {"class": "topbar"},
             h("span", {"class": "tb-info"}, items),
             h("span", {"class": "tb-scores"}, scores), tools)


# --------------------------------------------------------------------- panel
def panel(session, view, preview) -> list[Any]:
    screen = session.screen
    out: list[Any] = []
    current = view.current
    if screen == "turn":
        out.append(h("h2", {"class": "turn-title", "data-turn-title": current},
                     chips(session.settings.players[current].colours), " ",
                     M.t("play.you", name=session.name(current))))
        if view.phase == SELECT:
            out.append(selection_panel(session, view))
        elif view.phase == BUILD:
            out.append(build_panel(session, view))
    elif screen == "computer":
        if current is not None:
            out.append(h("h2", {"class": "turn-title cpu", "data-turn-title": current},
                         chips(session.settings.players[current].colours), " ",
                         M.t("cpu.thinking", name=session.name(current))
                         if preview is None else M.t("play.turn_of", name=session.name(current))))
        if preview is not None:
            out.append(move_line(session, view, {"player": current, "preview": True},
                                 preview))
    if screen != "turn" or view.phase != SELECT:
        last = session.last_move
        if last and preview is None:
            action = move_action(last)
            if action is not None:
                out.append(move_line(session, view, last, action))
    if session.show_private and screen != "turn":
        out.append(hand_block(session, view, interactive=False))
    out.append(players_block(session, view))
    return out


def move_line(session, view, move: dict, action) -> El:
    """What the last (or the previewed) move was: card, piece and city."""
    player = move.get("player")
    if player is None or not 0 <= player < session.settings.player_count:
        return h("div", {"class": "move-line empty"})
    name = session.name(player)
    human = session.is_human(player)
    parts: list[Any] = []
    if isinstance(action, Build):
        parts.append(card_svg(action.card, 40))
        parts.append(piece_svg(action.colour, action.floors, 40))
        key = ("cpu.plays" if move.get("preview") else
               "human.built" if human else "cpu.built")
        text = M.t(key, name=name, floors=action.floors, city=M.city(action.city))
    elif isinstance(action, ReturnPiece):
        parts.append(card_svg(action.card, 40))
        parts.append(piece_svg(action.colour, action.floors, 40))
        key = ("cpu.plays_return" if move.get("preview") else
               "human.returned" if human else "cpu.returned")
        text = M.t(key, name=name, floors=action.floors)
    elif isinstance(action, Select):
        selects = [a for a in (_select_of(raw) for raw in move.get("selects") or ())
                   if a is not None] or [action]
        hidden = any(view.supply[session.settings.colour_index(a.colour)] is None
                     for a in selects)
        if hidden or (session.settings.secret_selection and view.phase == SELECT):
            text = M.t("cpu.selected_secret", name=name)
        elif len(selects) > 1:
            text = M.t("human.selected" if human else "cpu.selected", name=name,
                       pieces=M.t("move.colours_sep").join(
                           M.t("move.colour_pieces", colour=M.colour(a.colour),
                               pieces=M.pieces_text(a.pieces)) for a in selects))
        else:
            text = M.t("human.selected" if human else "cpu.selected", name=name,
                       pieces=M.pieces_text(action.pieces))
        parts.extend(chip(a.colour) for a in selects)
    else:
        return h("div", {"class": "move-line empty"})
    extra = []
    g = move.get("godzilla")
    if isinstance(g, dict) and isinstance(g.get("pos"), int):
        key = "move.godzilla_destroyed" if g.get("kind") == "destroyed" else "move.godzilla_ate"
        extra.append(h("p", {"class": "move-extra"}, M.t(key, city=M.city(g["pos"] // 9))))
    if move.get("reshuffled"):
        extra.append(h("p", {"class": "move-extra"}, M.t("move.reshuffled")))
    cls = "move-line preview" if move.get("preview") else "move-line"
    return h("div", {"class": cls, "data-move": "preview" if move.get("preview") else "last"},
             h("span", {"class": "move-pics"}, parts), h("span", {"class": "move-text"}, text),
             extra)


def _select_of(raw) -> Select | None:
    action = move_action({"action": raw})
    return action if isinstance(action, Select) else None


# ------------------------------------------------------------------ selection
def selection_panel(session, view) -> El:
    """Choosing the round's pieces: one block of + / − rows per colour this person chooses
    now (both colours of a two-player person), all pending until the one Confirm."""
    pending = session.pending if (session.pending or {}).get("kind") == "select" else {}
    colours = session.selection_colours()
    chosen = pending.get("pieces") or {}
    two = len(session.colour_names(view.current)) > 1
    several = len(colours) > 1
    heading = (M.t("select.heading_colour", colour=M.colour(colours[0]), round=view.round)
               if two and len(colours) == 1 else M.t("select.heading", round=view.round))
    need = session.selection_need()
    blocks = [selection_block(session, name, chosen.get(name, [0, 0, 0, 0]), several)
              for name in colours]
    forced = [h("p", {"class": "hint sel-forced", "data-select-forced": name}, chip(name), " ",
                M.t("select.forced", colour=M.colour(name), pieces=M.pieces_text(counts)))
              for name, counts in session.forced_selections()]
    left = session.selection_left()
    status = (M.t("select.left", left=left) if left else M.t("select.done"))
    anything = any(sum(counts) for counts in chosen.values())
    return h("section", {"class": "selection", "data-selecting": " ".join(colours)},
             h("h3", {}, chips(colours), " ", heading),
             h("p", {"class": "hint"}, M.t("select.help_colours" if several else "select.help",
                                           need=need)),
             h("div", {"class": "sel-colours"}, blocks),
             forced,
             notice_line(session.notice),
             h("div", {"class": "actions"},
               h("p", {"class": "sel-left" + ("" if left else " done"),
                       "data-select-left": left, "aria-live": "polite"}, status),
               button(M.t("play.undo"), "undo", cls="btn secondary", disabled=not anything),
               button(M.t("play.confirm"), "confirm", cls="btn primary",
                      disabled=not session.selection_ready())),
             hand_block(session, view, interactive=False),
             others_choices(session, view))


def selection_block(session, colour: str, pieces, several: bool) -> El:
    """The + / − rows of one colour, with its own count of pieces still to choose."""
    stock = session.state.stock[session.settings.colour_index(colour)]
    need = session.selection_need(colour)
    left = need - sum(pieces)
    rows = []
    for floors in PIECE_FLOORS:
        i = floors - 1
        rows.append(h("div", {"class": "sel-row", "data-select-row": floors},
                      piece_svg(colour, floors, 40),
                      h("span", {"class": "sel-label"},
                        h("b", {}, M.t("piece.floors", floors=floors)),
                        h("small", {}, M.t("select.in_stock", count=stock[i] - pieces[i]))),
                      button("−", "select-dec", {"data-floors": floors, "data-select-dec": floors,
                                                 "data-colour": colour,
                                                 "aria-label": M.t("select.less", floors=floors,
                                                                   colour=M.colour(colour))},
                             cls="btn round", disabled=pieces[i] == 0),
                      h("output", {"class": "sel-count", "data-select-count": floors,
                                   "data-colour": colour}, str(pieces[i])),
                      button("+", "select-inc", {"data-floors": floors, "data-select-inc": floors,
                                                 "data-colour": colour,
                                                 "aria-label": M.t("select.more", floors=floors,
                                                                   colour=M.colour(colour))},
                             cls="btn round",
                             disabled=sum(pieces) >= need or pieces[i] >= stock[i])))
    head = None
    if several:
        head = h("div", {"class": "sel-colour-head" + (" done" if not left else "")},
                 chip(colour), " ",
                 h("b", {}, M.t("select.colour_pieces", colour=M.colour(colour))),
                 h("span", {"class": "sel-colour-left"},
                   M.t("select.colour_left", left=left) if left else M.t("select.colour_done")))
    return h("div", {"class": "sel-colour", "data-select-colour": colour,
                     "data-select-colour-left": left},
             head, h("div", {"class": "sel-rows"}, rows))


def others_choices(session, view) -> El:
    settings = session.settings
    supply = session.visible_supply(view)
    items = []
    for p in settings.turn_order:
        for c in settings.player_colours[p]:
            name = settings.colours[c]
            if c in view.select_queue:
                text = M.t("select.waiting")
            elif supply[c] is None:
                text = M.t("select.hidden")
            else:
                text = M.pieces_text(supply[c])
            items.append(h("li", {"data-choice": name}, chip(name), " ",
                           h("span", {"class": "pname"}, settings.players[p].name), ": ", text))
    note = (h("p", {"class": "hint"}, M.t("select.secret_note"))
            if settings.secret_selection else None)
    return h("div", {"class": "others"}, h("h4", {}, M.t("select.others")), h("ul", {}, items),
             note)


# ------------------------------------------------------------------- building
def build_panel(session, view) -> El:
    pending = session.pending or {}
    kind = pending.get("kind", "build")
    card_chosen = pending.get("card") is not None
    piece_chosen = pending.get("floors") is not None
    if kind == "return":
        step = h("div", {"class": "no-build", "data-no-build": "true", "role": "alert"},
                 h("p", {}, M.t("build.no_build")), h("p", {}, M.t("build.return_step")))
    elif pending.get("city") is not None:
        step = h("p", {"class": "hint step"}, M.t("build.step_confirm"))
    elif not card_chosen:
        step = h("p", {"class": "hint step"}, M.t("build.step_card"))
    elif not piece_chosen:
        step = h("p", {"class": "hint step"}, M.t("build.step_piece"))
    elif not session.targets():
        step = h("p", {"class": "hint step warn"}, M.t("build.no_target"))
    else:
        step = h("p", {"class": "hint step"}, M.t("build.step_plot"))
    action = session.pending_action()
    can_undo = card_chosen or piece_chosen
    return h("section", {"class": "building", "data-build-kind": kind},
             step,
             hand_block(session, view, interactive=True),
             pieces_block(session, view),
             notice_line(session.notice),
             h("div", {"class": "actions"},
               button(M.t("play.undo"), "undo", cls="btn secondary", disabled=not can_undo),
               button(M.t("play.confirm"), "confirm", cls="btn primary",
                      disabled=action is None)))


def hand_block(session, view, interactive: bool) -> El | None:
    if not session.show_private:
        return None
    pending = session.pending or {}
    chosen = pending.get("card")
    cards = []
    for card in view.hand:
        selected = interactive and chosen is not None and list(card) == list(chosen)
        attrs = {"type": "button", "class": "card" + (" selected" if selected else ""),
                 "data-card": f"{card.row},{card.col}",
                 "aria-pressed": "true" if selected else "false",
                 "aria-label": M.t("card.label", row=M.t(f"card.row.{card.row}"),
                                   col=M.t(f"card.col.{card.col}"))}
        if interactive:
            attrs["data-action"] = "card"
        else:
            attrs["disabled"] = True
        cards.append(h("button", attrs, card_svg(card, 52)))
    return h("div", {"class": "hand", "data-hand": view.player},
             h("h4", {}, M.t("play.your_hand")), h("div", {"class": "cards"}, cards))


def pieces_block(session, view) -> El:
    pending = session.pending or {}
    player = view.current
    settings = session.settings
    buttons = []
    two = len(settings.player_colours[player]) > 1
    for c in settings.player_colours[player]:
        name = settings.colours[c]
        supply = view.supply[c] or (0, 0, 0, 0)
        for floors, n in zip(PIECE_FLOORS, supply):
            if not n:
                continue
            selected = pending.get("floors") == floors and pending.get("colour") == name
            attrs = {"type": "button", "class": "piece" + (" selected" if selected else ""),
                     "data-action": "piece", "data-floors": floors,
                     "data-colour": name if two else None,
                     "data-piece-colour": name,
                     "aria-pressed": "true" if selected else "false",
                     "aria-label": M.t("piece.name", floors=floors)}
            buttons.append(h("button", attrs, piece_svg(name, floors, 40),
                             h("span", {"class": "piece-n"}, M.t("piece.count", count=n))))
    return h("div", {"class": "pieces"}, h("h4", {}, M.t("play.your_pieces")),
             h("div", {"class": "piece-row"}, buttons))


def players_block(session, view) -> El:
    settings = session.settings
    supply = session.visible_supply(view)
    points = [sum(view.scores[c] for c in cs) for cs in settings.player_colours]
    rows = []
    for p in settings.turn_order:
        spec = settings.players[p]
        sup = []
        for c in settings.player_colours[p]:
            if supply[c] is None:
                sup.append(h("span", {"class": "sup"}, chip(settings.colours[c]), " ",
                             M.t("play.supply_hidden")))
            elif view.phase == SELECT and c in view.select_queue:
                sup.append(h("span", {"class": "sup"}, chip(settings.colours[c]), " ",
                             M.t("select.waiting")))
            else:
                sup.append(h("span", {"class": "sup"}, chip(settings.colours[c]), " ",
                             M.pieces_text(supply[c]) if sum(supply[c]) else
                             M.t("play.supply_none")))
        top = view.played[p][-1] if view.played[p] else None
        cls = "prow" + (" current" if view.current == p else "")
        rows.append(h("li", {"class": cls, "data-player": p},
                      h("div", {"class": "prow-head"},
                        chips(spec.colours),
                        h("span", {"class": "pname"}, spec.name),
                        h("span", {"class": "start-marker", "title": M.t("play.start_marker")},
                          "★") if view.start == p else None,
                        h("span", {"class": "ctrl"}, M.controller_label(spec.controller))
                        if spec.controller != "human" else None,
                        h("b", {"class": "pts"}, str(points[p]))),
                      h("div", {"class": "prow-body"},
                        h("span", {"class": "played", "title": M.t("play.played_top"),
                                   "data-played-top": f"{top.row},{top.col}" if top else ""},
                          card_svg(top, 28) if top else h("span", {"class": "noplayed"}, "–")),
                        h("span", {"class": "hs"}, M.t("play.cards_in_hand",
                                                       count=view.hand_sizes[p])),
                        sup)))
    return h("div", {"class": "players"}, h("ul", {}, rows))


# ----------------------------------------------------------------------- pass
def render_pass(session) -> El:
    current = session.state.current
    spec = session.settings.players[current]
    return h("div", {"class": "pass", "data-screen": "pass", "data-turn": current},
             h("button", {"type": "button", "class": "pass-card", "data-action": "reveal",
                           "data-reveal": current},
               h("span", {"class": "pass-chips"}, chips(spec.colours)),
               h("span", {"class": "pass-heading"}, M.t("pass.heading", name=spec.name)),
               h("span", {"class": "pass-seat"},
                 M.t("pass.seat", name=spec.name, seat=M.seat(spec.seat))),
               h("span", {"class": "pass-privacy"}, M.t("pass.privacy")),
               h("span", {"class": "btn primary big pass-tap"},
                 M.t("pass.tap", name=spec.name))),
             h("div", {"class": "pass-tools"},
               button(M.t("play.rules"), "rules", cls="btn small ghost"),
               button(M.t("play.exit"), "home", cls="btn small ghost")))
