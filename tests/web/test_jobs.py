"""The page's background jobs (game/web/runtime/jobs.py) with a fake browser: computer turns one at
a time, the worker or the page thinking in slices, the pace, a table of computers going on
after a scoring, hints before the review, and stale results dropped by their key (the
person left, another tab's newer game was adopted, another game was opened, the storage
is full, the review was closed).

The fake browser never waits on the wall clock: its ``sleep`` records the seconds asked and
gives the event loop one turn; its worker answers with the worker's own code
(:func:`game.web.thinking.coach.answer`), fails, or holds each question until the test answers it.
Asyncio's loop cannot be run to completion inside Pyodide under Node (no stack switching),
so these tests are for CPython only; the jobs need nothing Pyodide adds.
"""

from __future__ import annotations

import asyncio
import json
import random
import traceback
from collections.abc import Callable, Coroutine
from functools import partial
from typing import Any

import pytest
from play_kit import computer_moved, make_controller, play_computers, play_to_end, setup_game, tap_decision

from game.ai import parse_level
from game.web.model import computers
from game.web.model.controller import Controller
from game.web.runtime.jobs import BrowserPort, Jobs
from game.web.saves.storage import MemoryBackend
from game.web.thinking import coach
from game.web.thinking.coach import ProtocolError, Request, parse_answer, parse_request
from game.web.values.answers import ComputerMoved, HintComputed, StorageChangedElsewhere

pytestmark = pytest.mark.cpython(
    reason="Pyodide's event loop cannot run to completion under Node (no stack switching)")

TURNS = 20_000  # event loop turns a scenario may take before it counts as hung


class FakeBrowser:
    """The browser side of the jobs (:class:`BrowserPort`), recording what it is asked."""

    def __init__(self, c: Controller, worker: str = "answer") -> None:
        self.c = c
        self.worker = worker  # "answer", "fail", "hold" (the test answers), "none"
        self.asked: list[Request] = []
        self.held: list[tuple[str, asyncio.Future[str]]] = []
        self.sleeps: list[tuple[float, int]] = []  # seconds, log length then
        self.events: list[str] = []
        self.marks: dict[str, str] = {}
        self.carried: list[Any] = []
        self.warnings: list[str] = []
        self.reports: list[str] = []
        self.renders = 0
        self.clock = 0.0
        self.on_sleep: Callable[[float], None] | None = None

    def worker_ready(self) -> bool:
        return self.worker != "none"

    async def ask_worker(self, text: str) -> str:
        self.asked.append(parse_request(text))
        self.events.append(f"ask {self.asked[-1].kind}")
        if self.worker == "fail":
            raise RuntimeError("the worker died")
        if self.worker == "hold":
            future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            self.held.append((text, future))
            return await future
        return coach.answer(text)

    def answer_held(self) -> None:
        """The oldest question held, answered now (however late)."""
        text, future = self.held.pop(0)
        future.set_result(coach.answer(text))

    def fail_held(self) -> None:
        """The oldest question held fails (the worker died)."""
        self.held.pop(0)[1].set_exception(RuntimeError("the worker died"))

    def render(self) -> None:
        self.renders += 1

    def mark(self, name: str, value: str) -> None:
        self.marks[name] = value

    def carry_out(self) -> None:
        self.c.carry_out_saves()  # the page's interpreter writes the Saves first
        self.carried.extend(self.c.take_effects())

    def perf_now(self) -> float:
        self.clock += 1.0
        return self.clock

    async def sleep(self, seconds: float) -> None:
        session = self.c.session
        self.sleeps.append((seconds, len(session.game.log) if session else -1))
        self.events.append(f"sleep {seconds}")
        if self.on_sleep is not None:
            self.on_sleep(seconds)
        await asyncio.sleep(0)

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def report(self) -> None:
        self.reports.append(traceback.format_exc())


def run(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(scenario())


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(TURNS):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the condition never came")


async def settled(jobs: Jobs) -> None:
    await until(lambda: jobs.idle)


def computers_only(backend: MemoryBackend | None = None, paced: bool = False) -> Controller:
    """Two computers at the table; ``paced``: as the page plays them (``fast`` not asked for:
    the speed's preview and pause)."""
    c = make_controller(backend, params={} if paced else None)
    setup_game(c, 2, controllers=["random", "greedy"], start="0", deal=23)
    assert computers.computer_key(c) is not None
    return c


def reference_log(moves: int, backend: MemoryBackend | None = None) -> list[Any]:
    """The same game's log after ``moves`` computer decisions, played without the jobs."""
    c = computers_only(backend)
    while len(c.session.game.log) < moves and (computers.computer_to_move(c) or computers.auto_continue(c)):
        play_computers(c, limit=1)
    return list(c.session.game.log)


def to_the_first_scoring(c: Controller) -> None:
    """Computer moves (as ``play_computers`` makes them) until the table stops at a scoring."""
    while computers.continue_key(c) is None:
        steps = computers.computer_thinking(c)
        try:
            while True:
                next(steps)
        except StopIteration as done:
            computer_moved(c, done.value)
    assert computers.auto_continue(c)


def log_length(c: Controller) -> int:
    assert c.session is not None
    return len(c.session.game.log)


def test_the_fake_is_a_browser_port() -> None:
    port: BrowserPort = FakeBrowser(make_controller())
    assert port.worker_ready()


# ------------------------------------------------------------------ computers
def test_computer_moves_come_one_at_a_time_from_the_worker() -> None:
    c = computers_only()
    browser = FakeBrowser(c, worker="hold")
    jobs = Jobs(c, browser)
    ident = c.game_id

    async def scenario() -> None:
        start = log_length(c)
        jobs.kick()
        for move in range(6):
            await until(lambda: len(browser.held) == 1)
            for _ in range(50):  # taps and outside changes kick again: still one question
                jobs.kick()
                await asyncio.sleep(0)
            assert len(browser.held) == 1 and len(browser.asked) == move + 1
            assert browser.marks["data-busy"] == "true" and jobs.busy
            assert log_length(c) - start <= move + 1
            browser.answer_held()
            await until(lambda m=move: len(browser.held) == 1 or log_length(c) > start + m)
        c.handle("home")
        await until(lambda: bool(browser.held) or jobs.idle)
        if browser.held:
            browser.answer_held()
        await settled(jobs)

    run(scenario)
    assert browser.reports == [] and browser.warnings == []
    assert browser.marks["data-think-source"] == "worker"
    assert browser.marks["data-busy"] == "false" and not jobs.busy
    moves = len(c.store.load(ident).log)
    assert c.store.load(ident).log == reference_log(moves)  # the same moves as alone


def test_a_late_answer_after_the_person_left_is_dropped() -> None:
    c = computers_only()
    browser = FakeBrowser(c, worker="hold")
    jobs = Jobs(c, browser)
    ident = c.game_id
    stored = c.store.load(ident).log

    async def scenario() -> None:
        jobs.kick()
        await until(lambda: len(browser.held) == 1)
        c.handle("home")  # the start screen: nothing is to move
        assert computers.computer_key(c) is None
        browser.answer_held()
        await settled(jobs)

    run(scenario)
    assert browser.reports == [] and c.page.place == "start"
    assert c.store.load(ident).log == stored and len(browser.asked) == 1


def test_a_late_answer_for_another_game_is_not_played_in_the_new_one() -> None:
    backend = MemoryBackend()
    c = computers_only(backend)
    browser = FakeBrowser(c, worker="hold")
    jobs = Jobs(c, browser)
    ident = c.game_id
    second: list[str] = []

    async def scenario() -> None:
        jobs.kick()
        await until(lambda: len(browser.held) == 1)
        first = browser.asked[0]
        # The person goes home and starts another game of computers (another deal): the
        # same log length and player on turn, only the game differs.
        key = computers.computer_key(c)
        c.handle("home")
        setup_game(c, 2, controllers=["random", "greedy"], start="0", deal=5)
        assert key is not None and computers.computer_key(c) == (c.game_id, key[1], key[2])
        assert c.game_id != ident
        second.append(c.game_id)
        fresh = log_length(c)
        jobs.kick()  # still the one task: it awaits the first game's answer
        browser.answer_held()  # the first game's answer, late
        await until(lambda: len(browser.held) == 1)
        assert browser.asked[1] != first and log_length(c) == fresh  # not played here
        browser.worker = "answer"
        browser.answer_held()
        await until(lambda: log_length(c) >= 3)
        c.handle("home")
        await settled(jobs)

    run(scenario)
    assert browser.reports == []
    alone = make_controller()
    setup_game(alone, 2, controllers=["random", "greedy"], start="0", deal=5)
    log = c.store.load(second[0]).log
    play_computers(alone, limit=len(log))
    assert len(log) >= 3 and log == alone.session.game.log[:len(log)]


def test_a_late_answer_is_dropped_when_another_tabs_newer_game_is_adopted() -> None:
    backend = MemoryBackend()
    c = computers_only(backend)
    other = make_controller(backend)  # a second tab on the same game
    assert other.game_id == c.game_id
    browser = FakeBrowser(c, worker="hold")
    jobs = Jobs(c, browser)
    ident = c.game_id

    async def scenario() -> None:
        jobs.kick()
        await until(lambda: len(browser.held) == 1)
        asked = browser.asked[0]
        key = computers.computer_key(c)
        assert key is not None
        # The other tab plays on until the same computer is on turn again: only the log's
        # length tells the two positions apart.
        play_computers(other, limit=1)
        while computers.computer_key(other) is None or computers.computer_key(other)[2] != key[2]:  # type: ignore[index]
            play_computers(other, limit=1)
        assert c.update(StorageChangedElsewhere()) is True  # this tab adopts the newer game
        assert c.page.notice == "other-tab" and log_length(c) == log_length(other)
        jobs.kick()
        browser.answer_held()  # the answer to the old position arrives
        await until(lambda: len(browser.held) == 1)
        assert log_length(c) == log_length(other)  # dropped, not played
        again = browser.asked[1]
        assert again != asked and again.view == other.session.turn_view() or \
            again.view.current == other.session.state.current
        c.handle("home")
        browser.answer_held()
        await settled(jobs)

    run(scenario)
    assert browser.reports == []
    assert c.store.load(ident).log == other.session.game.log


def test_without_a_worker_the_page_thinks_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    c = computers_only()
    browser = FakeBrowser(c, worker="none")
    jobs = Jobs(c, browser)
    real = partial(computers.computer_thinking, c)
    slices = [0]

    def sliced() -> Any:
        """The real thinking behind three extra slices."""
        for _ in range(3):
            slices[0] += 1
            browser.events.append("slice")
            yield None
        return (yield from real())

    monkeypatch.setattr(computers, "computer_thinking", lambda _c: sliced())

    async def scenario() -> None:
        start = log_length(c)
        jobs.kick()
        await until(lambda: log_length(c) > start)
        c.handle("home")
        await settled(jobs)

    run(scenario)
    assert browser.reports == [] and browser.asked == []
    assert browser.marks["data-think-source"] == "main"
    events = browser.events
    first = events.index("slice")
    assert events[first:first + 6] == ["slice", "sleep 0", "slice", "sleep 0", "slice", "sleep 0"]
    assert float(browser.marks["data-think-ms"]) > 0


def test_the_page_stops_thinking_when_the_game_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    c = computers_only()
    browser = FakeBrowser(c, worker="none")
    jobs = Jobs(c, browser)
    steps = [0]

    def endless() -> Any:
        while True:
            steps[0] += 1
            if steps[0] == 3:
                c.handle("home")
            yield None

    monkeypatch.setattr(computers, "computer_thinking", lambda _c: endless())

    async def scenario() -> None:
        jobs.kick()
        await settled(jobs)

    run(scenario)
    assert steps[0] == 3 and browser.reports == [] and c.page.place == "start"


def test_a_failing_worker_is_a_warning_and_the_page_thinks() -> None:
    c = computers_only()
    browser = FakeBrowser(c, worker="fail")
    jobs = Jobs(c, browser)
    ident = c.game_id

    async def scenario() -> None:
        jobs.kick()
        await until(lambda: log_length(c) >= 2)
        c.handle("home")
        await settled(jobs)

    run(scenario)
    assert browser.reports == []
    assert browser.marks["data-think-source"] == "main"
    assert browser.warnings and all("thinking on the page" in w for w in browser.warnings)
    moves = len(c.store.load(ident).log)
    assert c.store.load(ident).log == reference_log(moves)


def test_an_illegal_answer_from_the_worker_is_not_played() -> None:
    c = computers_only()
    browser = FakeBrowser(c, worker="answer")
    jobs = Jobs(c, browser)
    ident = c.game_id
    # A selection of sixteen pieces: well formed, never legal.
    wrong = json.dumps({"ok": True, "action": {"type": "select", "colour": "blue",
                                               "pieces": [4, 4, 4, 4]}})
    with pytest.raises(ProtocolError, match="not legal"):
        parse_answer(wrong, computers.computer_request(c))

    async def wrong_answer(text: str) -> str:
        browser.asked.append(parse_request(text))
        return wrong

    browser.ask_worker = wrong_answer  # type: ignore[method-assign]

    async def scenario() -> None:
        start = log_length(c)
        jobs.kick()
        await until(lambda: log_length(c) > start)
        c.handle("home")
        await settled(jobs)

    run(scenario)
    assert browser.reports == [] and browser.warnings
    assert browser.marks["data-think-source"] == "main"
    moves = len(c.store.load(ident).log)
    assert c.store.load(ident).log == reference_log(moves)


def test_the_pace_previews_before_and_pauses_after_each_move() -> None:
    c = computers_only(paced=True)
    assert c.page.speed == "normal"
    before, after = c.pace()
    assert before > 0 and after > 0
    browser = FakeBrowser(c, worker="answer")
    jobs = Jobs(c, browser)
    ident = c.game_id
    previews: list[Any] = []
    browser.on_sleep = lambda seconds: previews.append((seconds, c.table.preview))

    async def scenario() -> None:
        start = log_length(c)
        jobs.kick()
        await until(lambda: log_length(c) >= start + 12)
        c.handle("home")
        await settled(jobs)

    run(scenario)
    assert browser.reports == []
    paced = [(s, n) for s, n in browser.sleeps if s > 0]
    # Each move: the preview's wait at log length n, then the pause at n + 1.
    for (s1, n1), (s2, n2) in zip(paced[0::2], paced[1::2]):
        assert (s1, s2) == (before, after) and n2 == n1 + 1
    assert len(paced) >= 6
    # A build is shown while its wait lasts (a selection has no preview on the board), and
    # it is the move then played.
    log = c.store.load(ident).log
    shown = [p for s, p in previews if s == before and p is not None]
    assert shown and all(p in log for p in shown)


def test_a_move_is_not_played_when_the_rules_open_during_its_preview() -> None:
    c = computers_only(paced=True)
    before = c.pace()[0]
    browser = FakeBrowser(c, worker="answer")
    jobs = Jobs(c, browser)
    seen: list[Any] = []

    def open_rules(seconds: float) -> None:
        if seconds == before and c.table.preview is not None and not seen:
            seen.append((c.table.preview, log_length(c)))
            c.handle("rules")  # the move is on show: the rules are opened

    browser.on_sleep = open_rules

    async def scenario() -> None:
        jobs.kick()
        await until(lambda: bool(seen) and jobs.idle)

    run(scenario)
    assert browser.reports == [] and c.rules.open
    shown, length = seen[0]
    assert c.table.preview is None and log_length(c) == length  # not played
    assert c.session.game.log == reference_log(length)
    assert reference_log(length + 1)[-1] == shown  # (the move it was)
    assert computers.computer_key(c) is None  # (on when the rules close, with the same decision)


def test_a_table_of_computers_goes_on_after_a_scoring_by_itself() -> None:
    c = computers_only(paced=True)
    to_the_first_scoring(c)
    at = log_length(c)
    browser = FakeBrowser(c, worker="answer")
    jobs = Jobs(c, browser)
    ident = c.game_id

    async def scenario() -> None:
        jobs.kick()
        await until(lambda: log_length(c) > at)
        c.handle("home")
        await settled(jobs)

    run(scenario)
    assert browser.reports == []
    assert browser.sleeps[0] == (c.pace()[0] * 3, at)  # the scoring stays a while
    assert c.store.load(ident).log[:at + 1] == reference_log(at + 1)


def test_leaving_during_the_scorings_pause_does_not_go_on() -> None:
    c = computers_only()
    to_the_first_scoring(c)
    browser = FakeBrowser(c, worker="answer")
    jobs = Jobs(c, browser)
    browser.on_sleep = lambda seconds: c.handle("rules")  # the rules opened meanwhile

    async def scenario() -> None:
        jobs.kick()
        await settled(jobs)

    run(scenario)
    assert browser.reports == [] and c.session.screen == "scoring" and browser.asked == []


def test_a_storage_wait_stops_the_computers() -> None:
    backend = MemoryBackend()
    c = computers_only(backend)
    browser = FakeBrowser(c, worker="answer")
    jobs = Jobs(c, browser)
    ident = c.game_id
    stored = c.store.load(ident).log

    async def scenario() -> None:
        backend.fail_writes = True
        jobs.kick()
        await settled(jobs)
        assert c.saved.storage_wait and computers.computer_key(c) is None
        assert len(browser.asked) == 1  # thought out once, then the computers wait
        jobs.kick()
        await settled(jobs)
        assert len(browser.asked) == 1
        backend.fail_writes = False
        c.handle("storage-retry")
        jobs.kick()
        await until(lambda: log_length(c) >= 2)
        c.handle("home")
        await settled(jobs)

    run(scenario)
    assert browser.reports == [] and c.saved.banner is None
    assert c.store.load(ident).log[:len(stored)] == stored
    assert len(c.store.load(ident).log) >= 2


# ------------------------------------------------------------ hints, review
@pytest.fixture
def cheap_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tiny search in the strongest level's place (the flow is under test, not it)."""
    import game.web.thinking.review as R
    cheap = parse_level("search[iterations=12;root_width=4;inner_width=2;select_width=3]")
    monkeypatch.setattr(coach, "STRONGEST", cheap)
    monkeypatch.setattr(R, "STRONGEST", cheap)


def test_the_worker_is_wanted_while_a_job_runs_and_not_after_the_last_move() -> None:
    """The last move ends the game: once the computers' task is over, nothing wants the
    worker (the page then lets it go)."""
    c = computers_only()
    browser = FakeBrowser(c, worker="hold")
    jobs = Jobs(c, browser)
    wanted_while_asked: list[bool] = []

    async def scenario() -> None:
        jobs.kick()
        while not c.session.state.is_over:
            await until(lambda: bool(browser.held) or c.session.state.is_over)
            if browser.held:
                wanted_while_asked.append(jobs.worker_wanted)
                browser.answer_held()
        await settled(jobs)

    run(scenario)
    assert browser.reports == [] and len(wanted_while_asked) > 10
    assert all(wanted_while_asked)
    assert c.screen_name == "final" and not jobs.worker_wanted


def person_on_turn_with_hints() -> Controller:
    c = make_controller()
    setup_game(c, 3, controllers=["human", "greedy", "greedy"], hints=True, start="0")
    for _ in range(50):
        if c.screen_name == "pass":
            c.handle("reveal")
        elif c.session.screen == "computer":
            play_computers(c, limit=1)
        else:
            break
    assert c.session.screen == "turn"
    return c


@pytest.mark.parametrize("worker", ["answer", "none"])
def test_a_hint_is_computed_in_the_background(cheap_levels: None, worker: str) -> None:
    c = person_on_turn_with_hints()
    browser = FakeBrowser(c, worker=worker)
    jobs = Jobs(c, browser)

    async def scenario() -> None:
        c.handle("hint")
        jobs.kick()
        await settled(jobs)

    run(scenario)
    assert browser.reports == []
    hint = c.hint_frame()
    assert hint is not None and hint.shown is not None and not hint.busy
    assert [r.kind for r in browser.asked] == (["hint"] if worker == "answer" else [])


def test_a_late_hint_for_a_decision_gone_is_not_shown(cheap_levels: None) -> None:
    c = person_on_turn_with_hints()
    browser = FakeBrowser(c, worker="hold")
    jobs = Jobs(c, browser)

    async def scenario() -> None:
        c.handle("hint")
        jobs.kick()
        await until(lambda: len(browser.held) == 1)
        asked = log_length(c)
        tap_decision(c, c.session.state.legal_actions()[0])  # the person decides alone
        assert log_length(c) > asked
        browser.answer_held()  # the hint for the decision gone comes
        c.handle("home")
        await settled(jobs)

    run(scenario)
    assert browser.reports == [] and c.coach.hint_shown is None


def test_a_failed_hint_for_a_decision_gone_leaves_the_next_hint_asked(cheap_levels: None) -> None:
    c = person_on_turn_with_hints()
    browser = FakeBrowser(c, worker="hold")
    jobs = Jobs(c, browser)

    async def scenario() -> None:
        c.handle("hint")
        jobs.kick()
        await until(lambda: len(browser.held) == 1)
        tap_decision(c, c.session.state.legal_actions()[0])  # the person decides alone
        while c.session.screen != "turn":  # the computers play, the person is on turn
            play_computers(c, limit=1)
        c.handle("hint")  # and asks for a hint again
        assert c.hint_request() is not None
        browser.worker = "answer"
        browser.fail_held()  # the worker fails the first one, now out of date
        await settled(jobs)

    run(scenario)
    assert browser.reports == []
    hint = c.hint_frame()
    assert hint is not None and hint.shown is not None  # the second hint was computed


def finished_game() -> Controller:
    c = make_controller()
    setup_game(c, 3, controllers=["human", "greedy", "greedy"])
    play_to_end(c, random.Random(6))
    assert c.screen_name == "final"
    return c


def test_a_hint_comes_before_the_review(cheap_levels: None) -> None:
    c = finished_game()
    c.handle("review")
    assert c.review_running
    # A hint asked for (another decision's, as if a table had asked for one): it is
    # computed first, then the review's steps.
    hint = person_on_turn_with_hints()
    hint.handle("hint")
    waiting = [hint.hint_request()]
    assert waiting[0] is not None
    c.hint_request = lambda: waiting[0]  # type: ignore[method-assign]

    update = c.update

    def done(answer: Any) -> None:
        if isinstance(answer, HintComputed):
            waiting[0] = None
        else:
            update(answer)

    c.update = done  # type: ignore[method-assign]
    browser = FakeBrowser(c, worker="answer")
    jobs = Jobs(c, browser)

    async def scenario() -> None:
        jobs.kick()
        await settled(jobs)

    run(scenario)
    assert browser.reports == []
    kinds = [r.kind for r in browser.asked]
    assert kinds[0] == "hint" and set(kinds[1:]) == {"review"} and len(kinds) > 2
    assert c.coach.review is not None and c.coach.review.state == "done"


def test_the_review_stops_when_closed(cheap_levels: None) -> None:
    c = finished_game()
    c.handle("review")
    job = c.coach.review
    assert job is not None and job.running
    browser = FakeBrowser(c, worker="hold")
    jobs = Jobs(c, browser)

    async def scenario() -> None:
        jobs.kick()
        await until(lambda: len(browser.held) == 1)
        browser.answer_held()
        await until(lambda: len(browser.held) == 1)
        done = job.progress()
        c.handle("review-close")
        browser.answer_held()  # the answer to the step asked before closing
        await settled(jobs)
        assert job.progress() == done  # not recorded

    run(scenario)
    assert browser.reports == [] and len(browser.asked) == 2
    assert not c.review_running


def test_an_error_in_a_job_is_reported_and_the_job_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    c = computers_only()
    browser = FakeBrowser(c, worker="answer")
    jobs = Jobs(c, browser)

    update = c.update

    def broken(message: Any) -> bool:
        if isinstance(message, ComputerMoved):
            raise ValueError("broken")
        return update(message)

    monkeypatch.setattr(c, "update", broken)

    async def scenario() -> None:
        jobs.kick()
        await settled(jobs)

    run(scenario)
    assert len(browser.reports) == 1 and "broken" in browser.reports[0]
    assert browser.marks["data-busy"] == "false" and jobs.idle
