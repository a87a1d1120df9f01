"""The page's background jobs: computer turns, hints and the post-game review.

Pure Python, driven by asyncio: the browser is reached only through :class:`BrowserPort`
(the thinking worker, drawing, the ``data-*`` marks that tests and benchmarks read, the
clock, sleeping), which the page (game/web/runtime/app.py) implements. So every
scheduling rule runs under plain pytest with a fake browser (tests/web/test_jobs.py).

The rules:

- **One computer move at a time**, in one task (:meth:`Jobs.run_computers`): ask the
  thinking worker, else think on the page in slices (``computers.computer_thinking``,
  one ``sleep(0)`` between slices); then the pace: the move previewed for
  ``pace()[0]`` seconds, played, a pause of ``pace()[1]``. A table of computers goes on by
  itself after a scoring, ``pace()[0] * 3`` seconds later.
- **Hints before the review**, in a second task (:meth:`Jobs.run_coach`), one request at a
  time; the review by the strongest level only in the worker (it cannot be sliced).
- **Stale results are dropped by their key**, never by counters: a computer decision is
  for ``computers.computer_key`` (game id, log length, player on turn) and is played
  only while that key is the same; the scoring's pause is for ``continue_key()``; a hint is
  for its request (``Controller.hint_request()``, keyed by game, log length and person);
  a review step for its :class:`~game.web.thinking.review.ReviewJob` (``Controller.review_wanted``).
  Leaving the game, opening another, adopting another tab's newer game, opening the rules
  or waiting for storage space all change or clear the key.
- **A restore in slices** (:meth:`Jobs.run_restore`): one game of a backup at a time
  (each is replayed through the rules), the page given back between two and drawn every
  :data:`RESTORE_DRAW_MS` or so, so a backup of hundreds of games shows its progress and
  the page answers meanwhile.
- **The worker fails softly**: no ready worker, a failure or an illegal answer give None
  and the page thinks itself (a console warning at most). A worker at rest while nothing
  wanted it (:attr:`Jobs.worker_wanted`) counts as ready: the next ask wakes it and waits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from functools import partial
from typing import Any, Protocol

from ...actions import Action
from ..model import computers
from ..model.controller import Controller
from ..thinking.coach import Answer, Request, parse_answer, request_text, work
from ..values.answers import (
    ComputerMoved,
    ComputerPreviewed,
    DrawDue,
    HintComputed,
    RestoreBroke,
    RestoreTurn,
    ReviewAnswered,
    ReviewDue,
    ScoringPaused,
    UndoWindowOver,
)

RESTORE_DRAW_MS = 150.0
"""How often a restore under way draws its progress (each drawing costs a few ms)."""


class BrowserPort(Protocol):
    """What the jobs need of the browser (the shell's ``App``; a fake one in the tests)."""

    def worker_ready(self) -> bool:
        """The thinking worker answers: it is loaded, or resting or waking (an ask wakes
        it and waits; ``window.manhattanAi.state``)."""
        ...

    def ask_worker(self, text: str) -> Awaitable[str]:
        """The worker's answer text to a request's text; raises when it fails or dies."""
        ...

    def render(self) -> None:
        """Draw the page from the controller's frame."""
        ...

    def carry_out(self) -> None:
        """Run the effects the controller queued meanwhile (a computer's move: its Save,
        then its sound)."""
        ...

    def mark(self, name: str, value: str) -> None:
        """Set a ``data-*`` attribute of ``#app`` (hooks for tests and benchmarks)."""
        ...

    def perf_now(self) -> float:
        """The page's clock in ms (``performance.now()``): the benchmarks compare these
        marks with the browser's own task timestamps."""
        ...

    def sleep(self, seconds: float) -> Awaitable[None]:
        """Give the page back for ``seconds`` (0: one turn of the event loop)."""
        ...

    def warn(self, text: str) -> None:
        """A console warning."""
        ...

    def report(self) -> None:
        """The exception being handled: logged and shown as a banner."""
        ...


class Jobs:
    """The background tasks of the page and the rules that schedule them."""

    def __init__(self, controller: Controller, port: BrowserPort) -> None:
        self.controller = controller
        self.port = port
        self._computers: asyncio.Future[None] | None = None
        self._coach: asyncio.Future[None] | None = None
        self._restore: asyncio.Future[None] | None = None
        self.answered_at = 0.0  # perf_now() when the worker's last answer came

    @property
    def busy(self) -> bool:
        """Computers are playing (``#app[data-busy]``)."""
        return self._computers is not None

    @property
    def idle(self) -> bool:
        """No task runs."""
        return self._computers is None and self._coach is None and self._restore is None

    @property
    def worker_wanted(self) -> bool:
        """The thinking worker may be asked soon (``<html data-thinking>``: the tab holds a
        worker only while it may, scripts/boot.template.mjs)."""
        return (self._computers is not None or self._coach is not None
                or computers.thinking_wanted(self.controller))

    def kick(self) -> None:
        """Start what is due and not running yet (after every tap and outside change)."""
        c = self.controller
        if self._computers is None and (computers.computer_key(c) is not None
                                        or computers.continue_key(c) is not None
                                        or computers.settle_key(c) is not None):
            self._computers = self._spawn(self.run_computers())
        if self._coach is None and (c.hint_request() is not None or c.review_running):
            self._coach = self._spawn(self.run_coach())
        if self._restore is None and c.home.restoring is not None:
            self._restore = self._spawn(self.run_restore())

    def stop(self) -> None:
        """Every task cancelled (the page is stopped: :meth:`App.stop`)."""
        for task in (self._computers, self._coach, self._restore):
            if task is not None:
                task.cancel()

    @staticmethod
    def _spawn(job: Coroutine[Any, Any, None]) -> asyncio.Future[None]:
        return asyncio.ensure_future(job)

    # ------------------------------------------------------------ the worker
    async def ask_worker(self, request: Request) -> Answer | None:
        """The thinking worker's answer to ``request``, or None when there is no ready
        worker, it fails or answers something illegal (the caller then thinks on the
        page). A failure is a warning, never an error."""
        if not self.port.worker_ready():
            return None
        try:
            text = await self.port.ask_worker(request_text(request))
            self.answered_at = self.port.perf_now()  # benchmark hook (data-think-end)
            return parse_answer(text, request)
        except Exception as error:  # a JsException from a rejected promise, ProtocolError
            self.port.warn(f"thinking worker: {error}; thinking on the page instead")
            return None

    async def answer(self, request: Request, still_wanted: Callable[[], bool]) -> Answer | None:
        """``request`` answered by the thinking worker, else on the page in slices (a
        review by the strongest level is never run on the page: None). None too when it
        stops being wanted while the page thinks."""
        answer = await self.ask_worker(request)
        if answer is not None or not still_wanted():
            return answer
        if request.kind == "review" and request.level.kind != "heuristic":
            return None
        steps = work(request)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                result: Answer = done.value
                return result
            await self.port.sleep(0)
            if not still_wanted():
                return None

    # ---------------------------------------------------- hints and review
    def _hint_wanted(self, request: Request) -> bool:
        """``request`` is still the hint the table waits for."""
        return self.controller.hint_request() == request

    async def run_coach(self) -> None:
        """Hints and the post-game review, computed in the background; a hint first, then
        the review, one request at a time."""
        c, port = self.controller, self.port
        try:
            while True:
                request = c.hint_request()
                if request is not None:
                    key = c.coach.hint_job
                    port.render()
                    answer = await self.answer(request, partial(self._hint_wanted, request))
                    c.update(HintComputed(key, request, answer))
                    port.render()
                    continue
                job = c.coach.review
                c.update(ReviewDue(port.worker_ready()))
                request = c.review_request()
                if request is None or job is None:
                    break
                answer = await self.answer(request, partial(c.review_wanted, job))
                if not c.review_wanted(job):  # closed, cancelled or another game's
                    continue
                c.update(ReviewAnswered(job, request, answer))
                port.render()
                await port.sleep(0)
        except Exception:
            port.report()
        finally:
            self._coach = None
            port.render()

    # -------------------------------------------------------------- restore
    async def run_restore(self) -> None:
        """The running restore, one game at a time, the page given back between two
        games and its progress drawn now and then; at the end its report."""
        c, port = self.controller, self.port
        drawn = port.perf_now()
        try:
            port.render()
            while True:
                c.update(RestoreTurn())
                port.carry_out()  # the storage port restores the next game
                if c.home.restoring is None:
                    break
                if port.perf_now() - drawn >= RESTORE_DRAW_MS:
                    c.update(DrawDue())
                    port.carry_out()  # the saved games read again for the drawing
                    port.render()
                    drawn = port.perf_now()
                await port.sleep(0)
        except Exception:
            c.update(RestoreBroke())
            port.carry_out()
            port.report()
        finally:
            self._restore = None
            port.render()

    # ------------------------------------------------------------ computers
    async def run_computers(self) -> None:
        """Computer turns one at a time, paced, until no computer is to move."""
        c, port = self.controller, self.port
        try:
            port.mark("data-busy", "true")
            while True:
                scoring = computers.continue_key(c)
                if scoring is not None:  # a table of computers: on after a pause
                    await port.sleep(max(c.pace()[0] * 3, 0.05))
                    if computers.continue_key(c) == scoring:
                        c.update(ScoringPaused(scoring))
                        port.carry_out()  # its Save first, then the drawing
                        port.render()
                    continue
                settling = computers.settle_key(c)
                if settling is not None:  # the person may take their move back meanwhile
                    await port.sleep(computers.undo_seconds(c))
                    if computers.settle_key(c) == settling:
                        c.update(UndoWindowOver(settling))
                        port.carry_out()  # its Save before the computers think
                    port.render()
                    continue
                key = computers.computer_key(c)
                if key is None:
                    break
                port.render()
                await port.sleep(0)
                if computers.computer_key(c) != key:
                    continue
                action = await self.decide(key)
                if action is None:  # the game moved on meanwhile: dropped
                    continue
                before, after = c.pace()
                if before > 0:
                    c.update(ComputerPreviewed(key, action))
                    port.render()
                    await port.sleep(before)
                    if computers.computer_key(c) != key:
                        c.update(ComputerPreviewed(key, None))
                        continue
                c.update(ComputerMoved(key, action))
                port.carry_out()  # its Save first (a refused move is taken back), its sound
                port.render()
                await port.sleep(after if after > 0 else 0)
        except Exception:
            port.report()
        finally:
            self._computers = None
            port.mark("data-busy", "false")
            port.render()

    async def decide(self, key: tuple[str, int, int]) -> Action | None:
        """The decision of the computer on turn at ``key``: the worker's, else thought out
        on the page in slices; None when ``key`` is no longer the decision due."""
        c, port = self.controller, self.port
        started = port.perf_now()
        # Benchmark hooks: when this decision began and when its answer came
        # (performance.now(), ms), so scripts/bench_ui.py can tell the main thread's tasks
        # during the thinking.
        port.mark("data-think-start", f"{started:.1f}")
        answer = await self.ask_worker(computers.computer_request(c))
        answered = self.answered_at  # (where the answer's task began)
        if computers.computer_key(c) != key:
            return None
        action: Action | None = None
        source = "worker"
        thought = 0.0
        if answer is not None:
            action = answer.action
            thought = port.perf_now() - started
        else:  # no worker (yet), or it failed: think here, in slices
            source = "main"
            steps = computers.computer_thinking(c)
            try:
                while True:
                    begun = port.perf_now()
                    try:
                        next(steps)
                    finally:
                        thought += port.perf_now() - begun
                    await port.sleep(0)
                    if computers.computer_key(c) != key:
                        break
            except StopIteration as stop:
                action = stop.value
            answered = port.perf_now()
        port.mark("data-think-end", f"{answered:.1f}")
        # Benchmark and test hooks: the time this move took to decide (the worker's: from
        # the question to the answer) and where it was decided.
        port.mark("data-think-ms", f"{thought:.1f}")
        port.mark("data-think-source", source)
        if computers.computer_key(c) != key:
            return None
        return action
