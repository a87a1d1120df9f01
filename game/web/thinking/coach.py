"""The thinking that may run in a Web Worker: computer decisions, hints and review steps.

The page's interpreter and the worker's (a second Pyodide, started by the boot module after
the page is ready: ``scripts/boot.template.mjs``) share nothing but text messages. A request
carries exactly one :class:`~game.view.PlayerView` (the deciding player's: never the full
state, so no other hand, no draw pile order and no still-secret selection can cross), the
level id and a seed; the answer carries an action (and, for hints and reviews, its reason).

* :func:`view_to_json` / :func:`view_from_json`: a view's JSON form, field by field (the
  keys are exactly the view's fields, checked by ``tests/web/test_coach.py``).
* :func:`request_text` builds a request; :func:`answer` is the worker's whole job (text in,
  text out, never raises); :func:`parse_answer` reads the answer on the page, checking
  the action against the view it was asked for.
* :func:`compute` is the same work on objects; the page's main-thread fallback does the
  same in slices (``think``), which gives the same result for the same seed (the players
  draw from their generator only when they start).
"""

from __future__ import annotations

import json
import random
from collections.abc import Generator
from dataclasses import dataclass, fields
from typing import Any, Literal

from ...actions import Action, action_from_json, action_to_json
from ...ai import SLICE_SECONDS, STRONGEST, Level, parse_level, think
from ...ai.explain import VERDICTS, Hint, Review, hint_steps, review_steps
from ...errors import SaveError
from ...material import Card
from ...scoring import CityResult, ColourScore, Scoring
from ...settings import Settings
from ...view import PlayerView

Kind = Literal["decide", "hint", "review"]
KINDS: tuple[Kind, ...] = ("decide", "hint", "review")
VIEW_FIELDS = tuple(f.name for f in fields(PlayerView))
"""The keys of a view's JSON form: the view's own fields, nothing else."""

PROTOCOL = 2
"""Raised when the message shapes change (the page and its worker come from one build)."""


class ProtocolError(ValueError):
    """A request or answer that does not fit (the page then thinks on its own)."""


# ------------------------------------------------------------------ the view
def _scoring_to_json(s: Scoring) -> dict[str, Any]:
    return {"colours": [[c.tallest, c.majorities, c.towers] for c in s.colours],
            "cities": [[list(c.towers), c.majority] for c in s.cities],
            "tallest": s.tallest}


def _scoring_from_json(data: Any) -> Scoring:
    return Scoring(
        colours=tuple(ColourScore(int(t), int(m), int(w)) for t, m, w in data["colours"]),
        cities=tuple(CityResult(tuple(int(x) for x in towers), majority)
                     for towers, majority in data["cities"]),
        tallest=data["tallest"])


def _tuples(value: Any) -> Any:
    """JSON lists back to the nested tuples the engine uses."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """The view as JSON-ready data, one key per field of :class:`PlayerView`."""
    out: dict[str, Any] = {}
    for name in VIEW_FIELDS:
        value = getattr(view, name)
        if name == "settings":
            out[name] = value.to_json()
        elif name == "hand":
            out[name] = [c.to_json() for c in value]
        elif name == "played":
            out[name] = [[c.to_json() for c in cards] for cards in value]
        elif name == "scorings":
            out[name] = [_scoring_to_json(s) for s in value]
        elif name == "history":
            out[name] = [action_to_json(a) for a in value]
        else:
            out[name] = json.loads(json.dumps(value))  # tuples -> lists, None stays
    return out


def view_from_json(data: Any) -> PlayerView:
    """The view back from :func:`view_to_json`'s form; a wrong shape: ProtocolError."""
    if not isinstance(data, dict) or set(data) != set(VIEW_FIELDS):
        raise ProtocolError("a view must have exactly the fields of PlayerView")
    try:
        values: dict[str, Any] = {}
        for name in VIEW_FIELDS:
            raw = data[name]
            if name == "settings":
                values[name] = Settings.from_json(raw)
            elif name == "hand":
                values[name] = tuple(Card.from_json(c) for c in raw)
            elif name == "played":
                values[name] = tuple(tuple(Card.from_json(c) for c in cards) for cards in raw)
            elif name == "scorings":
                values[name] = tuple(_scoring_from_json(s) for s in raw)
            elif name == "history":
                values[name] = tuple(action_from_json(a) for a in raw)
            else:
                values[name] = _tuples(raw)
        return PlayerView(**values)
    except (SaveError, KeyError, TypeError, ValueError) as error:
        raise ProtocolError(f"not a view: {error}") from None


# ---------------------------------------------------------------- messages
@dataclass(frozen=True)
class Request:
    kind: Kind
    view: PlayerView
    level: Level
    """Its id crosses in the text; :func:`parse_request` reads it back (``parse_level``)."""
    seed: str
    played: Action | None = None  # review: the decision that was taken


def request_text(request: Request) -> str:
    return json.dumps({
        "protocol": PROTOCOL, "kind": request.kind, "level": request.level.id,
        "seed": request.seed, "view": view_to_json(request.view),
        "played": None if request.played is None else action_to_json(request.played)},
        separators=(",", ":"))


def parse_request(text: str) -> Request:
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise ProtocolError("a request must be JSON") from None
    if not isinstance(data, dict) or data.get("protocol") != PROTOCOL:
        raise ProtocolError("not a request of this version")
    kind, level_id, seed = data.get("kind"), data.get("level"), data.get("seed")
    if kind not in KINDS or not isinstance(level_id, str) or not isinstance(seed, str):
        raise ProtocolError("a request needs a kind, a level and a seed")
    try:
        level = parse_level(level_id)
    except ValueError as error:
        raise ProtocolError(str(error)) from None
    played = None
    if kind == "review":
        try:
            played = action_from_json(data.get("played"))
        except SaveError as error:
            raise ProtocolError(str(error)) from None
    return Request(kind, view_from_json(data.get("view")), level, seed, played)


@dataclass(frozen=True)
class Answer:
    action: Action
    hint: Hint | None = None       # kind "hint"
    review: Review | None = None   # kind "review"


def work(request: Request, slice_seconds: float | None = SLICE_SECONDS
         ) -> Generator[None, None, Answer]:
    """The work itself as a generator that yields between slices of thinking (the page's
    own path); :func:`compute` runs it at once (the worker's). Both give the same answer
    for the same request: a decision draws from the request's seed only when it starts,
    and a hint or a review draws from the view alone (:func:`game.ai.explain.view_seed`),
    so that the hint and the review of one view are one evaluation."""
    view = request.view
    if request.kind == "decide":
        action = yield from think(request.level.make(), view, random.Random(request.seed),
                                  slice_seconds=slice_seconds)
        return Answer(action)
    if request.kind == "hint":
        found = yield from hint_steps(view, request.level, slice_seconds)
        return Answer(found.action, hint=found)
    assert request.played is not None
    yield None
    result = yield from review_steps(view, request.played, request.level, slice_seconds)
    return Answer(result.best, review=result)


def compute(request: Request) -> Answer:
    """The answer to ``request``, computed here and now (the worker's path)."""
    steps = work(request, slice_seconds=None)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: Answer = done.value
            return result


def _hint_to_json(h: Hint) -> dict[str, Any]:
    out = {"action": action_to_json(h.action), "reason": h.reason, "city": h.city}
    if h.alternative is not None:
        out["alternative"] = _hint_to_json(h.alternative)
    return out


def answer_to_json(result: Answer) -> dict[str, Any]:
    out: dict[str, Any] = {"ok": True, "action": action_to_json(result.action)}
    if result.hint is not None:
        out["hint"] = _hint_to_json(result.hint)
    if result.review is not None:
        r = result.review
        out["review"] = {"played": action_to_json(r.played), "best": action_to_json(r.best),
                         "points_lost": r.points_lost, "error": r.error,
                         "verdict": r.verdict,
                         "played_reason": _hint_to_json(r.played_reason),
                         "best_reason": _hint_to_json(r.best_reason)}
    return out


def answer(text: str) -> str:
    """The worker's entry point: a request's text in, the answer's text out. Never raises:
    anything wrong becomes ``{"ok": false, "error": ...}`` (the page then thinks alone)."""
    try:
        return json.dumps(answer_to_json(compute(parse_request(text))), separators=(",", ":"))
    except Exception as error:  # the page falls back; the worker must go on serving
        return json.dumps({"ok": False, "error": f"{type(error).__name__}: {error}"})


def _hint_from_json(data: Any, view: PlayerView) -> Hint:
    action = _legal(data["action"], view)
    reason, city = data["reason"], data.get("city")
    if not isinstance(reason, str) or not (city is None or (type(city) is int and 0 <= city < 6)):
        raise ProtocolError("a reason must be text and a city 0-5")
    alternative = data.get("alternative")
    return Hint(action, reason, city,  # type: ignore[arg-type]  # shown via the catalogue
                None if alternative is None else _hint_from_json(alternative, view))


def _legal(data: Any, view: PlayerView) -> Action:
    try:
        action = action_from_json(data)
    except SaveError as error:
        raise ProtocolError(str(error)) from None
    if action not in view.legal_actions():
        raise ProtocolError("the worker's action is not legal in the view asked about")
    return action


def parse_answer(text: Any, request: Request) -> Answer:
    """The worker's answer to ``request``, checked: its action must be legal in the view
    asked about. Anything else raises ProtocolError (the page then thinks alone)."""
    try:
        data = json.loads(str(text))
    except (TypeError, ValueError):
        raise ProtocolError("an answer must be JSON") from None
    if not isinstance(data, dict) or data.get("ok") is not True:
        error = data.get("error") if isinstance(data, dict) else None
        raise ProtocolError(f"the worker failed: {error}")
    try:
        action = _legal(data.get("action"), request.view)
        if request.kind == "hint":
            return Answer(action, hint=_hint_from_json(data["hint"], request.view))
        if request.kind == "review":
            r = data["review"]
            lost, error, verdict = r["points_lost"], r["error"], r["verdict"]
            if not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                       for x in (lost, error)) or error < 0:
                raise ProtocolError("points_lost and error must be numbers")
            if verdict not in VERDICTS:
                raise ProtocolError("not a verdict")
            played = _legal(r["played"], request.view)
            return Answer(action, review=Review(
                played, action, float(lost), _hint_from_json(r["played_reason"], request.view),
                _hint_from_json(r["best_reason"], request.view), float(error), verdict))
        return Answer(action)
    except (KeyError, TypeError) as error:
        raise ProtocolError(f"malformed answer: {error}") from None


def hint_request(view: PlayerView, seed: str) -> Request:
    """What the strongest level would play for ``view`` (a person's own view)."""
    return Request("hint", view, STRONGEST, seed)


def hint_seed(game_seed: str, log_length: int) -> str:
    return f"{game_seed}/hint/{log_length}"


# ------------------------------------------------- the game's coaching settings
COACH_META = "coach"
"""The save's ``meta.coach``: ``{"hints": true, "asked": {"<player>": count}}``. Absent in
older saves and in games without hints (hints off); anything malformed there reads as off
(meta is free data for the app, docs/save-format.md)."""


def hints_on(meta: dict[str, Any]) -> bool:
    coach = meta.get(COACH_META)
    return isinstance(coach, dict) and coach.get("hints") is True


def set_hints(meta: dict[str, Any], on: bool) -> None:
    if on:
        meta[COACH_META] = {"hints": True, "asked": {}}
    else:
        meta.pop(COACH_META, None)


def hints_asked(meta: dict[str, Any], players: int) -> tuple[int, ...]:
    """How many hints each player asked for (0 when the save says nothing sensible)."""
    coach = meta.get(COACH_META)
    asked = coach.get("asked") if isinstance(coach, dict) else None
    if not isinstance(asked, dict):
        return (0,) * players
    counts = []
    for p in range(players):
        n = asked.get(str(p))
        counts.append(n if type(n) is int and 0 <= n < 10 ** 6 else 0)
    return tuple(counts)


def count_hint(meta: dict[str, Any], player: int) -> None:
    """One more hint asked by ``player``: ``meta``'s coach entry replaced by a new one (the
    old one, which another copy of the game may share, stays as it was)."""
    coach = meta.get(COACH_META)
    if not isinstance(coach, dict):
        return
    counts = hints_asked(meta, player + 1)
    asked = coach.get("asked")
    asked = dict(asked) if isinstance(asked, dict) else {}
    asked[str(player)] = counts[player] + 1
    meta[COACH_META] = {**coach, "asked": asked}
