"""The screen a reopened page shows before Python runs.

On a tablet-class CPU the interpreter takes seconds to come back, and until then the page
showed only a spinner. So whenever the page is hidden (the tablet put away, the tab closed
or reloaded) the UI works out what the next start of the page will show, and when that is
the start screen or the pass-the-device screen of the game in progress, keeps its markup in
``localStorage``; ``assets/boot.js`` puts it on screen at once, inert, until Python draws the
same screen and answers taps. In a game of two or more people it is never a hand: a screen
that would show cards, a board in play or a final standing is not kept, and the loading
screen shows as before. A person alone against computers has no pass screen and nobody to
hide their cards from (docs/privacy.md): their table is kept instead (their turn, or the
computers' moves), which holds their own hand and the public table only, as every frame
drawn for them does (the frame is built from their ``PlayerView``); a scoring or the final
standings are not kept, as in a game of people.

What the next start shows is asked of a throwaway :class:`Controller` booted on the same
storage (the one way the page decides it), never re-decided here. The entry names the
save it was drawn from (``game``, ``revision``): ``boot.js`` drops an entry whose save has
changed since (another tab moved on, a reload before the entry was written), so a stale
screen is never shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..frames.frame import ScreenName
from ..model.controller import Controller
from ..saves.storage import Backend, SaveStore
from ..screens.dispatch import render_page
from ..screens.vdom import El
from ..values.answers import BoardMeasured, ShelfRead
from ..values.session import Session
from ..values.shelf import read_shelf

BOOT_SCREEN_KEY = "manhattan:boot-screen"
"""Where the entry lives (read by assets/boot.js)."""

FORMAT = 1
"""The entry's format (``v``); boot.js ignores any other."""

SHOWN_BEFORE_PYTHON: tuple[ScreenName, ...] = ("start", "pass")
"""The screens that may be drawn before Python runs: neither shows anyone's cards."""

SHOWN_ALONE_BEFORE_PYTHON: tuple[ScreenName, ...] = ("play",)
"""The screens that may be drawn before Python runs in a game of one person against
computers: that person's table, with their own hand (assets/boot.js checks the save has
one person too)."""

MAX_MARKUP = 200_000
"""Characters; a larger screen is not kept (boot.js refuses larger ones too)."""


def next_start_screen(backend: Backend, format_time: Callable[[float], str] | None = None,
                      safari_tab: bool = False, tab: Backend | None = None,
                      plot_px: float | None = None, language: str | None = None
                      ) -> tuple[str, El, str | None, int | None] | None:
    """What a start of the page would show now: (screen name, element tree, current game,
    its stored revision), or None when that screen may not be drawn before Python
    (:func:`may_show_before_python`). ``format_time``, ``safari_tab``, ``tab`` (this
    tab's own storage) and ``language`` are what the page's own controller and store were
    made with, or speak now; ``plot_px`` is the size of a plot the page measured last: the
    next start measures the same board before it paints, so a phone's overview is kept as
    it will be drawn."""
    store = SaveStore(backend, tab=tab)
    options: dict[str, Any] = {"report": lambda text: None, "safari_tab": safari_tab,
                               "language": language}
    if format_time is not None:
        options["format_time"] = format_time
    probe = Controller(store, {}, **options)
    probe.boot()
    probe.update(ShelfRead(read_shelf(store)))  # (the effects it queued are not run)
    if plot_px is not None:
        probe.update(BoardMeasured(plot_px))
    screen = probe.screen_name
    if not may_show_before_python(screen, probe.session):
        return None
    game = probe.game_id
    revision = store.stored_revision(game) if game is not None else None
    return screen, render_page(probe.frame()), game, revision


def may_show_before_python(screen: ScreenName, session: Session | None) -> bool:
    """Whether the next start's screen may be drawn before Python: the start screen or a
    pass screen (no cards), or the table of a person alone against computers, drawn from
    that person's own view (their cards, nobody else's)."""
    if screen in SHOWN_BEFORE_PYTHON:
        return True
    return (screen in SHOWN_ALONE_BEFORE_PYTHON and session is not None
            and len(session.humans) == 1 and session.viewer == session.humans[0])


def entry(screen: str, markup: str, game: str | None, revision: int | None,
          language: str) -> dict[str, Any] | None:
    """The stored form (None: too large to keep); ``language``: the markup's."""
    if len(markup) > MAX_MARKUP:
        return None
    return {"v": FORMAT, "screen": screen, "lang": language, "game": game,
            "revision": revision, "html": markup}
