"""What a screen reader hears: the news of each render, for the page's ``aria-live`` region.

A sighted player sees a move happen on the board; a blind player must hear it. Each render
lists its news items (the last move or a computer's move being shown, the explanation of a
refused move, whose turn it is, a scoring, the final result) as ``(kind, text)`` pairs built
from the frame only, like any screen. The page (:mod:`game.web.runtime.drawing`) keeps the
previous render's items and puts only the items that changed into the live region
(``#announcer``), so a refusal is not read together with a move heard a minute ago.
"""

from __future__ import annotations

from typing import Any

from .. import messages
from ..frames.frame import (
    ComputerFrame,
    FinalFrame,
    Frame,
    PassFrame,
    PlayPage,
    ScoringFrame,
    TableFrame,
    TurnFrame,
)
from .common import NAME_PARAMS
from .play import move_line
from .vdom import El

News = tuple[tuple[str, str], ...]


def _text(el: El) -> str:
    return " ".join(_spoken(el).split())


def _heard(key: str, **params: Any) -> str:
    """The message ``key`` as the live region reads it: :func:`~.common.said` in plain
    text, each name isolated (:func:`~game.web.messages.isolated`), a list of names joined
    with the language's "and"."""
    for field in NAME_PARAMS:
        value = params.get(field)
        if isinstance(value, str):
            params[field] = messages.isolated(value)
        elif isinstance(value, (list, tuple)):
            params[field] = messages.t("final.and").join(messages.isolated(str(name)) for name in value)
    return messages.t(key, **params)


def _spoken(el: El) -> str:
    """An element's text as the live region reads it: each name (a ``<bdi>``) isolated in
    plain text too (:func:`~game.web.messages.isolated`)."""
    inner = "".join(_spoken(child) if isinstance(child, El) else child for child in el.children)
    return messages.isolated(inner) if el.tag == "bdi" else inner


def news(frame: Frame) -> News:
    """This render's news items, in the order they should be heard."""
    if not isinstance(frame, PlayPage):
        return ()
    screen = frame.play
    f = screen.table
    items: list[tuple[str, str]] = []
    if frame.tutorial is not None:
        key, params = frame.tutorial
        items.append(("tutorial", _heard(key, **params)))
    move = f.preview or f.last_move
    if move is not None:
        line = move_line(f, move)
        texts = [_text(el) for el in line.walk()
                 if el.attrs.get("class") in ("move-text", "move-extra")]
        if texts:
            items.append(("move", " ".join(texts)))
    if f.notice is not None:
        key, params = f.notice
        items.append(("notice", _heard(key, **params)))
    if isinstance(screen, ScoringFrame) and screen.acked < len(f.view.scorings):
        items.append(("scoring", scoring_text(f, screen.acked)))
    elif isinstance(screen, FinalFrame) and screen.standings:
        winners = [s for s in screen.standings if s.winner]
        if len(winners) == 1:
            items.append(("final", _heard("final.winner", name=f.name(winners[0].player))))
        else:
            items.append(("final", _heard("final.winners",
                                          names=[f.name(s.player) for s in winners])))
    elif f.view.current is not None and isinstance(screen, (TurnFrame, ComputerFrame, PassFrame)):
        items.append(("turn", _heard("a11y.turn", name=f.name(f.view.current))))
    return tuple(items)


def scoring_text(f: TableFrame, k: int) -> str:
    """"Scoring after round 1. Anna (blue): 7 points, ..." (the game totals so far, at
    scoring ``k``)."""
    settings = f.settings
    totals = [0] * len(settings.colours)
    for sc in f.view.scorings[:k + 1]:
        for c, cs in enumerate(sc.colours):
            totals[c] += cs.total
    parts = [_heard("a11y.total", name=settings.players[settings.colour_owner[c]].name,
                 colour=messages.colour(name), points=messages.tn("count.points", totals[c]))
             for c, name in enumerate(settings.colours)]
    return messages.t("a11y.scoring", heading=messages.t("score.heading", round=k + 1),
               totals=messages.t("pieces.sep").join(parts))


def fresh(previous: News, current: News) -> str:
    """The text to announce now: the items of ``current`` that ``previous`` did not have."""
    seen = set(previous)
    return " ".join(text for item in current if item not in seen for _, text in [item])
