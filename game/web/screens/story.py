"""Following the game: the digest since your last turn, the game log, the tower inspector,
the replay controls and each player's public material.

Drawn from the frame's :class:`~game.web.frames.frame.StoryFrame` (public events of
:mod:`game.story`, put in words by :mod:`game.web.messages.telling`) and nothing else.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ...material import PIECE_FLOORS, Card
from ...settings import PlayerSpec, Settings
from ...story import Entry
from .. import messages
from ..frames.frame import Inspector, MenuFrame, ReplayFrame, TableFrame
from ..messages.telling import Line, lines, lost_towers
from .common import bdi, button, chip, chips, said
from .memo import Memo
from .svg_pieces import card_svg, piece_svg
from .vdom import El, h


def pictures(line: Line) -> list[El]:
    out: list[El] = []
    for pic in line.pictures:
        if pic[0] == "card":
            out.append(card_svg(pic[1], 22))  # type: ignore[arg-type]
        elif pic[0] == "piece":
            out.append(piece_svg(pic[1], pic[2], 22))  # type: ignore[arg-type, misc]
        elif pic[0] == "chip":
            out.append(chip(pic[1]))  # type: ignore[arg-type]
    return out


def line_el(line: Line) -> El:
    return h("li", {"class": f"story-line k-{line.kind}", "data-line-kind": line.kind,
                    "data-message-id": line.key},
             h("span", {"class": "story-pics"}, pictures(line)),
             h("span", {"class": "story-text"}, said(line.key, **line.params)))


def story_lines(entry: Entry, settings: Settings, viewer: int | None) -> tuple[El, ...]:
    """One log step's lines as a list, told to ``viewer`` (None: to anyone); empty for a
    step with nothing to tell."""
    return STORY_LINES.get((messages.current_language(), settings, viewer, entry),
                           partial(_story_lines, entry, settings, viewer))


STORY_LINES: Memo[tuple[El, ...]] = Memo(limit=512)
"""Each step's lines by what they are told from. The log and the digest draw every step
again at each redraw (a replay step, a tap with the log open), though a step's words never
change: kept, an unchanged step is the very same subtree, which the page's patch passes at
once (the words were 80 % of a replay step's drawing). A four-player game of four rounds
has about 330 steps, of six rounds about 500: the open log asks for all of them."""


def _story_lines(entry: Entry, settings: Settings, viewer: int | None) -> tuple[El, ...]:
    told = lines(entry, settings, viewer)
    return (h("ul", {"class": "story-lines"}, [line_el(x) for x in told]),) if told else ()


# ----------------------------------------------------------------------- digest
def digest_block(f: TableFrame, open_: bool = True) -> El | None:
    """Every move since the last turn of ``f.story.digest_for``, in order, the viewer's lost
    towers named first."""
    story = f.story
    player = story.digest_for
    if player is None:
        return None
    settings = f.settings
    items = []
    for entry in story.digest:
        told = story_lines(entry, settings, player)
        if not told:
            continue
        items.append(h("li", {"class": "digest-item", "data-digest-item": entry.step,
                              "data-log-step": entry.step}, told))
    lost = lost_towers(story.digest, settings, player)
    head = None
    if lost:
        head = h("p", {"class": "digest-lost", "data-digest-lost": len(lost), "role": "alert"},
                 messages.t("story.digest_lost", count=len(lost),
                     cities=messages.t("pieces.sep").join(messages.city(pos // 9) for pos in lost)))
    if story.first_turn and not items and not lost:
        return None  # a first turn with nothing before it: nothing to say
    # before a first turn the count would read oddly ("since your last turn: 1 move")
    heading = (messages.t("story.digest_first") if story.first_turn
               else messages.t("story.digest_heading", count=len(items)))
    body: list[Any] = []
    if items:
        body.append(h("ol", {"class": "digest-items"}, items))
    else:
        body.append(h("p", {"class": "hint"}, messages.t("story.digest_empty")))
    attrs: dict[str, Any] = {"class": "digest-moves"}
    if open_ or lost:
        attrs["open"] = True
    # the towers taken from this person stay in view even with the list folded
    return h("div", {"class": "digest", "data-digest": player},
             head,
             h("details", attrs,
               h("summary", {}, heading), body))


# -------------------------------------------------------------------------- log
def log_list(f: TableFrame, current: int | None = None) -> El:
    """The game log by round: every decision and public chance outcome, newest last."""
    settings = f.settings
    rounds: dict[int, list[El]] = {}
    told_entries = [(entry, told) for entry in f.story.entries
                    if (told := story_lines(entry, settings, None))]
    if current is not None:  # the replay's step: the last entry told at or before it
        current = max((entry.step for entry, _ in told_entries if entry.step <= current),
                      default=None)
    for entry, told in told_entries:
        cls = "log-entry" + (" current" if entry.step == current else "")
        # The list item stays a list item (a list holds only those); the button inside it.
        rounds.setdefault(entry.round, []).append(
            h("li", {},
              h("div", {"class": cls, "data-log-step": entry.step, "data-action": "log-show",
                        "role": "button", "tabindex": "0",
                        "aria-current": "step" if entry.step == current else None},
                told)))
    blocks = [h("section", {"class": "log-round", "data-log-round": r},
                h("h4", {}, messages.t("story.round", round=r)), h("ol", {}, items))
              for r, items in sorted(rounds.items())]
    return h("div", {"class": "log-list", "data-log": len(f.story.entries)}, blocks)


def log_drawer(f: TableFrame, menu: MenuFrame) -> El | None:
    if not f.story.log_open:
        return None
    return h("aside", {"class": "log-drawer", "data-log-open": "true", "role": "dialog",
                       "aria-label": messages.t("story.log")},
             h("div", {"class": "log-head"},
               h("h3", {}, messages.t("story.log")),
               button(messages.t("replay.open"), "replay", cls="btn small secondary"),
               share_buttons(menu),
               button(messages.t("story.close"), "log", cls="btn small secondary")),
             share_block(menu),
             h("p", {"class": "hint"}, messages.t("story.log_hint")),
             # the newest entry in view when the log opens (a scroll box that starts at its
             # end: assets/css/app.css), read in the order of the game
             h("div", {"class": "log-scroll", "data-log-scroll": "true"}, log_list(f)))


# -------------------------------------------------------------------- inspector
def inspector_block(f: TableFrame) -> El | None:
    ins = f.inspector
    if ins is None:
        if f.inspecting:
            return h("p", {"class": "inspect-hint", "data-inspect-mode": "true"},
                     messages.t("inspect.hint"))
        return None
    return h("section", {"class": "inspector", "data-inspector": "true", "data-city": ins.city,
                         "data-plot": ins.plot, "data-height": ins.height,
                         "data-owner": ins.owner or "", "data-build": ins.build,
                         "role": "dialog", "aria-label": messages.t("inspect.heading",
                                                             city=messages.city(ins.city))},
             h("div", {"class": "insp-head"},
               h("h3", {}, messages.t("inspect.heading", city=messages.city(ins.city))),
               button(messages.t("story.close"), "inspect-close", cls="btn small secondary")),
             _inspector_body(f, ins))


def _inspector_body(f: TableFrame, ins: Inspector) -> list[Any]:
    out: list[Any] = []
    if ins.godzilla:
        out.append(h("p", {"class": "insp-godzilla"}, messages.t("inspect.godzilla")))
    if not ins.pieces:
        out.append(h("p", {}, messages.t("inspect.empty")))
    else:
        out.append(h("p", {"class": "insp-facts"},
                      h("b", {"data-insp-height": ins.height},
                        messages.t("inspect.height", height=ins.height)), " · ",
                      messages.t("inspect.owner", colour=messages.colour(ins.owner or "")), " ",
                      chip(ins.owner or "")))
        out.append(h("h4", {}, messages.t("inspect.pieces")))
        out.append(h("ol", {"class": "insp-pieces"},
                     [h("li", {"data-insp-piece": f"{c}:{n}"}, piece_svg(c, n, 28),
                        messages.t("piece.name", floors=n)) for c, n in ins.pieces]))
        out.append(h("h4", {}, messages.t("inspect.floors")))
        out.append(h("ul", {"class": "insp-floors"},
                     [h("li", {"data-insp-floors": c, "data-floors": n}, chip(c), " ",
                        messages.t("count.floors", n=n)) for c, n in ins.floors]))
        out.append(h("h4", {}, messages.t("inspect.takeover")))
        out.append(h("ul", {"class": "insp-threats"},
                     [h("li", {"data-insp-threat": c, "data-need": need if need else "safe"},
                        chip(c), " ",
                        messages.t("inspect.takes", colour=messages.colour(c), floors=need) if need
                        else messages.t("inspect.safe", colour=messages.colour(c)))
                      for c, need in ins.threats]))
    if ins.judge is not None:
        name = f.name(ins.judge)
        if ins.build == "yes":
            text = said("inspect.can", name=name, floors=ins.smallest or 1)
        elif ins.build == "no-card":
            text = said("inspect.no_card", name=name)
        elif ins.build == "no":
            reason = messages.t(*ins.reason[:1], **ins.reason[1]) if ins.reason else ""
            text = said("inspect.cannot", name=name, reason=reason)
        else:
            text = said("inspect.hidden", name=name)
        out.append(h("p", {"class": f"insp-build b-{ins.build}", "data-insp-build": ins.build},
                     text))
    return out


# ------------------------------------------------------------------------ replay
def replay_panel(replay: ReplayFrame) -> list[Any]:
    rp = replay.replay
    f = replay.table
    last = rp.count - 1
    step = rp.step
    controls = h("div", {"class": "replay-controls"},
                 button("|◀", "replay-step", {"data-step": 0, "aria-label": messages.t("replay.first")},
                        cls="btn round", disabled=step == 0),
                 button("◀", "replay-step", {"data-step": max(0, step - 1),
                                              "aria-label": messages.t("replay.back")},
                        cls="btn round", disabled=step == 0),
                 h("input", {"type": "range", "min": 0, "max": last, "value": step,
                             "class": "replay-slider", "data-slider": "replay-step",
                             "aria-label": messages.t("replay.slider")}),
                 button("▶", "replay-step", {"data-step": min(last, step + 1),
                                              "aria-label": messages.t("replay.forward")},
                        cls="btn round", disabled=step >= last),
                 button("▶|", "replay-step", {"data-step": last, "aria-label": messages.t("replay.last")},
                        cls="btn round", disabled=step >= last))
    return [h("section", {"class": "replay", "data-replay-step": step,
                          "data-replay-count": rp.count},
              h("h2", {}, messages.t("replay.heading", step=step + 1, count=rp.count)),
              h("p", {"class": "hint", "data-view-only": "true"},
                h("strong", {}, messages.t("replay.view_heading")), " ", messages.t("replay.view_note"))
              if rp.view_only else None,
              controls,
              h("div", {"class": "replay-tools"},
                button(messages.t("replay.leave" if rp.view_only else "replay.close"), "replay-close",
                       cls="btn secondary"),
                share_buttons(replay.menu)),
              share_block(replay.menu)),
            replay_hands(replay),
            inspector_block(f),
            log_list(f, current=step),
            players_material(f)]


def replay_hands(replay: ReplayFrame) -> El | None:
    """A finished game's replay: every player's hand at the step shown, each card as its
    holder reads it (from their own edge)."""
    rp = replay.replay
    if not rp.hands:
        return None
    settings = replay.table.settings
    rows = []
    for p in settings.turn_order:
        hand = rp.hands[p]
        rows.append(h("li", {"class": "replay-hand", "data-replay-hand": p,
                             "data-cards": " ".join(f"{c.row},{c.col}" for c in hand)},
                      h("span", {"class": "mat-name"}, chips(settings.players[p].colours), " ",
                        bdi(settings.players[p].name)),
                      h("span", {"class": "replay-cards"},
                        [h("span", {"role": "img", "class": "replay-card",
                                    "aria-label": messages.t("replay.card",
                                                      row=messages.t(f"card.row.{c.row}"),
                                                      col=messages.t(f"card.col.{c.col}"))},
                           card_svg(c, 28)) for c in hand])))
    return h("section", {"class": "replay-hands", "data-replay-hands": "true"},
             h("h3", {}, messages.t("replay.hands")),
             h("p", {"class": "hint"}, messages.t("replay.hands_note")),
             h("ul", {}, rows))


# ------------------------------------------------------------- public material
def players_material(f: TableFrame) -> El:
    """Each player's pieces left by size (stock and this round's supply, unless secret)
    and their played cards."""
    settings = f.settings
    view = f.view
    rows = []
    for p in settings.turn_order:
        spec = settings.players[p]
        material = tuple((settings.colours[c], f.stocks[c] if f.stocks else view.stock[c],
                          f.supply[c]) for c in settings.player_colours[p])
        played = view.played[p]
        rows.append(MATERIAL_ROWS.get((messages.current_language(), p, spec, material, played),
                                      partial(_material_row, p, spec, material, played)))
    return h("details", {"class": "material", "data-material-block": "true"},
             h("summary", {}, messages.t("material.heading")), h("ul", {}, rows),
             key="material")


MATERIAL_ROWS: Memo[El] = Memo(limit=64)
"""A player's row of material by what it shows: most redraws change one row or none, and
an unchanged row is the very same subtree, which the page's patch passes at once."""


def _material_row(p: int, spec: PlayerSpec,
                  material: tuple[tuple[str, tuple[int, ...] | None, tuple[int, ...] | None], ...],
                  played: tuple[Card, ...]) -> El:
    cells = [h("div", {"class": "mat-colour", "data-material": name},
               chip(name),
               _counts(messages.t("material.stock"), name, stock, "stock"),
               _counts(messages.t("material.supply"), name, supply, "supply"))
             for name, stock, supply in material]
    return h("li", {"class": "mat-player", "data-material-player": p},
             h("div", {"class": "mat-name"}, chips(spec.colours), " ",
               bdi(spec.name),
               h("span", {"class": "ctrl"}, messages.controller_label(spec.played_by))
               if spec.played_by != "human" else None),
             cells,
             h("div", {"class": "mat-played", "data-played": len(played)},
               h("span", {"class": "mat-label"}, messages.t("material.played",
                                                     count=len(played))),
               [card_svg(card, 18) for card in played]))


def _counts(label: str, colour: str, counts: tuple[int, ...] | None, kind: str) -> El:
    if counts is None:
        return h("div", {"class": "mat-row", f"data-{kind}": "secret"},
                 h("span", {"class": "mat-label"}, label), messages.t("play.supply_hidden"))
    return h("div", {"class": "mat-row", f"data-{kind}": ",".join(str(n) for n in counts)},
             h("span", {"class": "mat-label"}, label),
             [h("span", {"class": "mat-n" + (" zero" if not n else "")},
                piece_svg(colour, floors, 20), messages.t("piece.count", count=n))
              for floors, n in zip(PIECE_FLOORS, counts)])


# ----------------------------------------------------------------------- sharing
def share_buttons(f: MenuFrame) -> list[Any]:
    """The game as a file and as a link (shown once asked for): a finished game whole, an
    unfinished one's view (what the whole table has seen)."""
    out: list[Any] = [button(messages.t("share.export"), "export", cls="btn small secondary"),
                      button(messages.t("share.link"), "share", cls="btn small secondary")]
    if not f.share_whole:
        out.append(h("p", {"class": "hint share-note"}, messages.t("share.view_note")))
    return out


def share_block(f: MenuFrame) -> El | None:
    """The link shown, with Copy, Share (where the browser has a share sheet) and Hide."""
    if f.share is None:
        return None
    hint = "share.link_hint" if f.share_whole else "share.view_link_hint"
    return h("div", {"class": "share-link", "data-share-link": "true"},
             h("label", {},
               h("span", {}, messages.t("share.link_label")),
               h("input", {"type": "text", "readonly": True, "value": f.share,
                           "data-share-url": "true", "class": "share-url"})),
             h("p", {"class": "share-hint"}, messages.t(hint)),
             h("div", {"class": "share-actions"},
               button(messages.t("share.copied" if f.share_copied else "share.copy"), "share-copy",
                      {"data-copied": "true" if f.share_copied else None},
                      cls="btn small primary"),
               button(messages.t("share.send"), "share-send", cls="btn small secondary")
               if f.web_share else None,
               # not "Close": the log around it has the overlay's one Close
               button(messages.t("share.hide"), "share-close", cls="btn small secondary")),
             h("p", {"class": "share-status", "role": "status"},
               messages.t("share.copied_note") if f.share_copied else None))
