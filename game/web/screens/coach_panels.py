"""The coach on screen: the hint on a person's turn, the hints used in
the final standings, the post-game review (progress, each person's costliest decisions, one
of them on the board of its moment).

Everything is drawn from the frame: a hint is in it only while the person it was asked for
holds the device (:meth:`game.web.model.controller.Controller.hint_frame`).
"""

from __future__ import annotations

from ...actions import Build, ReturnPiece, Select
from .. import messages
from ..frames.frame import (
    CoachMove,
    FinalFrame,
    ReplayFrame,
    ReviewFrame,
    ReviewItem,
    TableFrame,
    TurnFrame,
)
from .common import bdi, button, chips, said
from .vdom import El, h


def move_text(f: TableFrame, move: CoachMove, player: int, plot: bool = False) -> str:
    """``player``'s decision in words: "a 3-floor piece in Cairo", "pieces: 2 × 1 floor,
    ..." (with the colour when the player has two). ``plot``: the plot named too ("in
    Cairo, north-west plot", as the board names it), so that two builds in one city differ
    (the review's played and better move)."""
    a = move.action
    if isinstance(a, Build) and plot:
        text = messages.t("coach.move_build_at", floors=a.floors, city=messages.city(a.city),
                   compass=messages.t(f"plot.compass.{a.plot}"))
    elif isinstance(a, Build):
        text = messages.t("coach.move_build", floors=a.floors, city=messages.city(a.city))
    elif isinstance(a, ReturnPiece):
        text = messages.t("coach.move_return", floors=a.floors)
    else:
        assert isinstance(a, Select)
        text = messages.t("coach.move_select", pieces=messages.pieces_text(a.pieces))
    if len(f.settings.player_colours[player]) > 1:
        text = messages.t("coach.colour_move", colour=messages.colour(a.colour), move=text)
    return text


def reason_text(move: CoachMove) -> str:
    city = messages.city(move.city) if move.city is not None else ""
    return messages.t(f"reason.{move.reason}", city=city)


def hint_block(turn: TurnFrame) -> El | None:
    """The "Hint" button and, once computed, the suggestion with its reason (the card,
    piece and plot are also marked in the hand, the pieces and on the board)."""
    hint = turn.hint
    f = turn.table
    if hint is None:
        return None
    parts: list[object] = []
    if hint.shown is None:
        parts.append(button(messages.t("hint.busy") if hint.busy else messages.t("hint.ask"), "hint",
                            {"data-hint-busy": "true" if hint.busy else None,
                             "aria-busy": "true" if hint.busy else None},
                            cls="btn small secondary", disabled=hint.busy))
    else:
        move, other = hint.shown, hint.shown.alternative
        parts.append(h("p", {"class": "hint-text", "data-hint-reason": move.reason,
                             "data-hint-kind": type(move.action).__name__.lower(),
                             "role": "status"},
                       h("b", {}, messages.t("hint.title")), " ",
                       move_text(f, move, f.viewer, plot=other is not None), " — ",
                       reason_text(move)))
        if other is not None:  # "either of these is fine": both named with their plot
            parts.append(h("p", {"class": "hint-text hint-either",
                                 "data-hint-either": other.reason},
                           messages.t("hint.either",
                                      move=move_text(f, other, f.viewer, plot=True),
                                      reason=reason_text(other))))
    return h("div", {"class": "coach-hint", "data-hint": "shown" if hint.shown else "ask"},
             parts)


def hints_used_line(final: FinalFrame) -> El | None:
    """Final standings: who asked for hints, and how often (games with hints only)."""
    if not final.hints_used:
        return None
    f = final.table
    used = [(p, n) for p, n in enumerate(final.hints_used) if n]
    if not used:
        return h("p", {"class": "hints-used", "data-hints-used": "none"}, messages.t("hint.used_none"))
    return h("p", {"class": "hints-used", "data-hints-used": "some"},
             messages.t("hint.used_title"), " ",
             [h("span", {"class": "hint-count", "data-hints-player": p, "data-hints": n},
                chips(f.settings.players[p].colours), " ",
                said("hint.used_count", name=f.name(p), count=n), " ") for p, n in used])


# ------------------------------------------------------------------ the review
def review_button(f: TableFrame) -> El | None:
    if not any(spec.played_by == "human" for spec in f.settings.players):
        return None
    return button(messages.t("review.open"), "review", cls="btn secondary")


def render_review(f: TableFrame, r: ReviewFrame) -> El:
    """The review sheet: progress and Cancel while it runs, then each person's costliest
    decisions with a button that shows one on the board of its moment."""
    body: list[object] = [h("h2", {"class": "headline"}, messages.t("review.title"))]
    if r.state == "running":
        body.append(h("div", {"class": "review-progress", "role": "status"},
                      h("progress", {"data-review-progress": r.done, "data-review-total": r.total,
                                     "value": r.done, "max": max(r.total, 1)}),
                      h("span", {}, messages.t("review.progress", done=r.done, total=r.total))))
        body.append(button(messages.t("review.cancel"), "review-cancel", cls="btn secondary"))
    elif r.state == "cancelled":
        body.append(h("p", {"data-review-cancelled": "true"}, messages.t("review.cancelled")))
    if r.state == "done":  # how it was judged (known once the quick pass is over)
        body.append(h("p", {"class": "review-method",
                            "data-review-deep": "true" if r.deep else "false"},
                      messages.t("review.method_deep", count=r.candidates) if r.deep
                      else messages.t("review.method_quick")))
        if r.good:
            body.append(h("p", {"class": "review-good", "data-review-good": r.good},
                          messages.t("review.good", count=r.good)))
        for p in r.people:
            items = [(k, item) for k, item in enumerate(r.items) if item.player == p]
            rows = [review_row(f, k, item) for k, item in items]
            body.append(h("section", {"class": "review-person", "data-review-player": p},
                          h("h3", {}, chips(f.settings.players[p].colours), " ", bdi(f.name(p))),
                          h("ol", {"class": "review-items"}, rows) if rows else
                          h("p", {"data-review-none": "true"}, messages.t("review.none"))))
    body.append(h("div", {"class": "actions"},
                  button(messages.t("review.close"), "review-close", cls="btn primary")))
    return h("div", {"class": "overlay final review", "data-screen": "review"},
             h("div", {"class": "sheet"}, body))


def review_row(f: TableFrame, k: int, item: ReviewItem) -> El:
    return h("li", {"class": "review-item", "data-review-item": k, "data-review-step": item.step,
                    "data-review-points": f"{item.points:.1f}",
                    "data-review-verdict": item.verdict},
             h("p", {"class": "review-head"},
               messages.t("review.item_head", round=item.round, points=_points(item.points),
                          error=_points(item.error))),
             h("p", {}, messages.t("review.played", move=move_text(f, item.played, item.player, plot=True),
                            reason=reason_text(item.played))),
             h("p", {}, better_text(f, item)),
             button(messages.t("review.show"), "review-show", {"data-item": k},
                    cls="btn small secondary"))


def better_text(f: TableFrame, item: ReviewItem) -> str:
    """The better move with how sure the evaluation is ("Clearly better: ...")."""
    return messages.t(f"review.{item.verdict}",
                      move=move_text(f, item.best, item.player, plot=True),
                      reason=reason_text(item.best))


def _points(points: float) -> str:
    text = f"{points:.1f}"
    return text.replace(".", ",") if messages.current_language() in ("de", "fr") else text


def review_panel(replay: ReplayFrame) -> El | None:
    """On the replay's board: the reviewed decision, the better one and what it cost."""
    r = replay.review
    f = replay.table
    if r is None or r.shown is None or not 0 <= r.shown < len(r.items):
        return None
    item = r.items[r.shown]
    return h("section", {"class": "review-shown", "data-review-shown": r.shown},
             h("h3", {}, chips(f.settings.players[item.player].colours), " ",
               said("review.item_title", name=f.name(item.player), round=item.round)),
             h("p", {"class": "review-played"}, h("span", {"class": "mark played"}, "●"), " ",
               messages.t("review.played", move=move_text(f, item.played, item.player, plot=True),
                   reason=reason_text(item.played))),
             h("p", {"class": "review-best"}, h("span", {"class": "mark best"}, "●"), " ",
               better_text(f, item)),
             h("p", {"class": "review-cost"}, messages.t("review.cost", points=_points(item.points),
                                                         error=_points(item.error))),
             button(messages.t("review.back"), "review-back", cls="btn secondary"))
