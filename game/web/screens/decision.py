"""The panel for the decision at hand: choosing this round's pieces (each colour, what the
others chose), and a build (the hand, the pieces, Godzilla's move). Drawn from the frame's
draft and its legal targets; the rules are the engine's (the frame carries its answers).
"""

from __future__ import annotations

from typing import Any

from ...actions import Action, Build, ReturnPiece
from ...material import PIECE_FLOORS, Card
from ...view import PlayerView
from .. import messages
from ..frames.frame import Counts, TableFrame, TurnFrame
from ..values.draft import BuildDraft
from . import layout
from .common import bdi, button, chip, chips, notice_line
from .svg_pieces import card_svg, piece_svg
from .vdom import El, h


# ------------------------------------------------------------------ selection
def selection_panel(turn: TurnFrame) -> El:
    """Choosing the round's pieces: one block of + / − rows per colour this person chooses
    now (both colours of a two-player person), all pending until the one Confirm."""
    f = turn.table
    view = f.view
    facts = turn.selection
    if facts is None:
        return h("section", {"class": "selection"})
    colours = facts.colours
    several = len(colours) > 1
    heading = (messages.t("select.heading_colour", colour=messages.colour(colours[0]), round=view.round)
               if facts.two_colours and len(colours) == 1
               else messages.t("select.heading", round=view.round))
    draft = turn.draft
    chosen = [draft.counts(name) if draft is not None and not isinstance(draft, BuildDraft)
              else (0, 0, 0, 0) for name in colours]
    blocks = [selection_block(name, counts, need, stock, several)
              for name, counts, need, stock in zip(colours, chosen, facts.needs, facts.stocks)]
    forced = [h("p", {"class": "hint sel-forced", "data-select-forced": name}, chip(name), " ",
                messages.t("select.forced", colour=messages.colour(name),
                           pieces=messages.pieces_text(counts)))
              for name, counts in facts.forced]
    left = facts.left
    status = (messages.t("select.left", left=left) if left else messages.t("select.done"))
    anything = any(sum(counts) for counts in chosen)
    return h("section", {"class": "selection", "data-selecting": " ".join(colours)},
             h("h3", {}, chips(colours), " ", heading),
             h("p", {"class": "hint"}, messages.t("select.help_colours" if several else "select.help",
                                           need=facts.needs[0] if facts.needs else 0)),
             h("div", {"class": "sel-colours"}, blocks),
             forced,
             notice_line(f.notice),
             h("div", {"class": "actions"},
               h("p", {"class": "sel-left" + ("" if left else " done"),
                       "data-select-left": left, "aria-live": "polite"}, status),
               button(messages.t("play.undo"), "undo", cls="btn secondary", disabled=not anything),
               button(messages.t("play.confirm"), "confirm", cls="btn primary",
                      disabled=not facts.ready)),
             hand_block(f, interactive=False, hinted=hinted_action(turn)),
             others_choices(f))


def selection_block(colour: str, pieces: Counts, need: int, stock: Counts,
                    several: bool) -> El:
    """The + / − rows of one colour, with its own count of pieces still to choose."""
    left = need - sum(pieces)
    rows = []
    for floors in PIECE_FLOORS:
        i = floors - 1
        rows.append(h("div", {"class": "sel-row", "data-select-row": floors},
                      piece_svg(colour, floors, 40),
                      h("span", {"class": "sel-label"},
                        h("b", {}, messages.t("piece.floors", floors=floors)),
                        h("small", {}, messages.t("select.in_stock", count=stock[i] - pieces[i]))),
                      button("−", "select-dec", {"data-floors": floors, "data-select-dec": floors,
                                                 "data-colour": colour,
                                                 "aria-label": messages.t("select.less", floors=floors,
                                                                   colour=messages.colour(colour))},
                             cls="btn round", disabled=pieces[i] == 0),
                      h("output", {"class": "sel-count", "data-select-count": floors,
                                   "data-colour": colour}, messages.number(pieces[i])),
                      button("+", "select-inc", {"data-floors": floors, "data-select-inc": floors,
                                                 "data-colour": colour,
                                                 "aria-label": messages.t("select.more", floors=floors,
                                                                   colour=messages.colour(colour))},
                             cls="btn round",
                             disabled=sum(pieces) >= need or pieces[i] >= stock[i])))
    head = None
    if several:
        head = h("div", {"class": "sel-colour-head" + (" done" if not left else "")},
                 chip(colour), " ",
                 h("b", {}, messages.t("select.colour_pieces", colour=messages.colour(colour))),
                 h("span", {"class": "sel-colour-left"},
                   messages.t("select.colour_left", left=left) if left else messages.t("select.colour_done")))
    return h("div", {"class": "sel-colour", "data-select-colour": colour,
                     "data-select-colour-left": left},
             head, h("div", {"class": "sel-rows"}, rows))


def others_choices(f: TableFrame) -> El:
    settings = f.settings
    view = f.view
    items = []
    for p in settings.turn_order:
        for c in settings.player_colours[p]:
            name = settings.colours[c]
            supply = f.supply[c]
            if c in view.select_queue:
                text = messages.t("select.waiting")
            elif supply is None:
                text = messages.t("select.hidden")
            else:
                text = messages.pieces_text(supply)
            items.append(h("li", {"data-choice": name}, chip(name), " ",
                           bdi(settings.players[p].name), ": ", text))
    note = (h("p", {"class": "hint"}, messages.t("select.secret_note"))
            if settings.secret_selection else None)
    return h("div", {"class": "others"}, h("h4", {}, messages.t("select.others")), h("ul", {}, items),
             note)


# ------------------------------------------------------------------- building
def build_panel(turn: TurnFrame) -> El:
    f = turn.table
    draft = turn.draft if isinstance(turn.draft, BuildDraft) else BuildDraft("build")
    card_chosen = draft.card is not None
    piece_chosen = draft.floors is not None
    if draft.kind == "return":
        step = h("div", {"class": "no-build", "data-no-build": "true", "role": "alert"},
                 h("p", {}, messages.t("build.no_build")), h("p", {}, messages.t("build.return_step")))
    elif draft.city is not None:
        step = h("p", {"class": "hint step"}, messages.t("build.step_confirm"))
    elif not card_chosen:
        step = h("p", {"class": "hint step"}, messages.t("build.step_card"))
    elif not piece_chosen:
        step = h("p", {"class": "hint step"}, messages.t("build.step_piece"))
    elif not f.targets:
        step = h("p", {"class": "hint step warn"}, messages.t("build.no_target"))
    else:
        step = h("p", {"class": "hint step"}, messages.t("build.step_plot"))
    can_undo = card_chosen or piece_chosen
    return h("section", {"class": "building", "data-build-kind": draft.kind},
             step,
             godzilla_line(f),
             hand_block(f, interactive=True, chosen=draft.card, hinted=hinted_action(turn)),
             pieces_block(turn, draft),
             notice_line(f.notice),
             h("div", {"class": "actions"},
               button(messages.t("play.undo"), "undo", cls="btn secondary", disabled=not can_undo),
               button(messages.t("play.confirm"), "confirm", cls="btn primary",
                      disabled=not turn.confirmable)))


def godzilla_line(f: TableFrame) -> El | None:
    """Where Godzilla goes with the chosen card, and what it will destroy there."""
    g = f.godzilla_preview
    if g is None:
        return None
    city = messages.city(g.target // 9)
    text = messages.t("godzilla.preview", city=city)
    if g.destroys:
        floors = sum(n for _, n in g.destroys)
        key = "godzilla.preview_own" if g.includes_new else "godzilla.preview_destroys"
        text = text + " " + messages.t(key, floors=floors)
    return h("p", {"class": "godzilla-preview" + (" warn" if g.destroys else ""),
                   "data-godzilla-preview": g.target,
                   "data-godzilla-destroys": sum(n for _, n in g.destroys)},
             text)


def hand_block(f: TableFrame, interactive: bool, chosen: Card | None = None,
               hinted: Action | None = None) -> El | None:
    """The viewer's cards, while they hold the device: to choose from on their building
    turn (``interactive``, ``chosen`` marked), else only shown; ``hinted``: the decision a
    shown hint suggests (its card marked)."""
    if not f.show_private:
        return None
    view: PlayerView = f.view
    cards = []
    turn = layout.card_turn(f.seat)  # read from the viewer's edge on the board as drawn
    for card in view.hand:
        selected = interactive and chosen is not None and card == chosen
        suggested = isinstance(hinted, (Build, ReturnPiece)) and hinted.card == card
        attrs: dict[str, Any] = {
                 "type": "button", "class": "card" + (" selected" if selected else "")
                 + (" hinted" if suggested else ""), "data-hint": "true" if suggested else None,
                 "data-card": f"{card.row},{card.col}",
                 "aria-pressed": "true" if selected else "false",
                 "aria-label": messages.t("card.label", row=messages.t(f"card.row.{card.row}"),
                                   col=messages.t(f"card.col.{card.col}"))}
        if interactive:
            attrs["data-action"] = "card"
        else:
            attrs["disabled"] = True
        cards.append(h("button", attrs, card_svg(card, 52, turn)))
    return h("div", {"class": "hand", "data-hand": view.player},
             h("h4", {}, messages.t("play.your_hand")), h("div", {"class": "cards"}, cards))


def pieces_block(turn: TurnFrame, draft: BuildDraft) -> El:
    f = turn.table
    view = f.view
    player = view.player
    settings = f.settings
    buttons = []
    hinted = hinted_action(turn)
    two = len(settings.player_colours[player]) > 1
    for c in settings.player_colours[player]:
        name = settings.colours[c]
        supply = view.supply[c] or (0, 0, 0, 0)
        for floors, n in zip(PIECE_FLOORS, supply):
            if not n:
                continue
            selected = draft.floors == floors and draft.colour == name
            suggested = (isinstance(hinted, (Build, ReturnPiece)) and hinted.floors == floors
                         and hinted.colour == name)
            attrs = {"type": "button", "class": "piece" + (" selected" if selected else "")
                     + (" hinted" if suggested else ""),
                     "data-hint": "true" if suggested else None,
                     "data-action": "piece", "data-floors": floors,
                     "data-colour": name if two else None,
                     "data-piece-colour": name,
                     "aria-pressed": "true" if selected else "false"}
            # Named by its content (no aria-label): "2-floor piece ×3", the visible "×3"
            # included, as speech input and axe's label-content-name-mismatch want.
            buttons.append(h("button", attrs, piece_svg(name, floors, 40),
                             h("span", {"class": "sr-only"},
                               messages.t("piece.name", floors=floors), " "),
                             h("span", {"class": "piece-n"}, messages.t("piece.count", count=n))))
    return h("div", {"class": "pieces"}, h("h4", {}, messages.t("play.your_pieces")),
             h("div", {"class": "piece-row"}, buttons))


def hinted_action(turn: TurnFrame) -> Action | None:
    """The decision a shown hint suggests (marked in the hand and the pieces)."""
    hint = turn.hint
    return hint.shown.action if hint is not None and hint.shown is not None else None
