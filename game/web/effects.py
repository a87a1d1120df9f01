"""What the page must do outside the page's own drawing, as values (issue 24.2).

An update of the UI state (a tap through :data:`game.web.controller.ACTIONS`) never touches
the browser: it returns what must happen as effects, and the browser shell (game/web/app.py)
is the one place that carries them out. So every update runs under plain pytest, and a test
reads the effects it asked for instead of a browser's side effects.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Download:
    """Offer ``text`` as a file named ``name`` (an exported game, a backup)."""

    name: str
    text: str


@dataclass(frozen=True)
class Reload:
    """Load the page again (after a problem only a fresh start mends)."""


@dataclass(frozen=True)
class ApplyUpdate:
    """Switch to the waiting new version of the site (the shell activates it and reloads;
    the open game is in the storage and reopens)."""


@dataclass(frozen=True)
class ShowBoard:
    """Scroll the board into view once (a phone: the pieces were chosen in the panel below
    the board; the building comes next, on the board)."""


Effect = Download | Reload | ApplyUpdate | ShowBoard
