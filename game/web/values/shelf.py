"""What the start, setup and statistics screens show of the storage, as a frozen value of
the model: the saved games, the records, the space used, whether the Home Screen card was
dismissed. It is read by an effect (:class:`~game.web.values.effects.ReadShelf`) whose answer
(:class:`~game.web.values.answers.ShelfRead`) puts it in the model before those screens are
drawn, so the frame is built from the model alone and never reads the storage."""

from __future__ import annotations

from dataclasses import dataclass

from ..saves.kept_records import load_records
from ..saves.records import EMPTY, Records
from ..saves.storage import Entry, SaveStore

HOME_CARD = "home_card"
"""The preference ``"dismissed"`` once the Home Screen card is closed."""
SHELF_PLACES = ("start", "setup", "stats")
"""The places whose screens show what the storage holds."""


@dataclass(frozen=True)
class Shelf:
    entries: tuple[Entry, ...] = ()
    records: Records = EMPTY
    used: int = 0
    """Characters this app stores."""
    home_card_dismissed: bool = False


NOTHING_READ = Shelf()


def read_shelf(store: SaveStore) -> Shelf:
    """What ``store`` holds for those screens now (only the storage port and the next
    start's probe read it)."""
    prefs = store.prefs()
    return Shelf(tuple(store.entries()), load_records(store), store.used(),
                 prefs.get(HOME_CARD) == "dismissed")
