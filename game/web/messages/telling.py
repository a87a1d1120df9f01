"""The game's story in words: each public event of :mod:`game.story` as a catalogue message.

Pure (no browser, no session): ``lines(entry, settings, viewer)`` gives, for one log step,
the message ids and parameters a screen shows, with the small pictures that go with them
(a card, a piece, a colour chip). The digest, the game log and the replay all tell the story
through here, and ``tests/web/test_story_text.py`` pins the English wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...material import PLOTS_PER_CITY, Card
from ...settings import Settings
from ...story import (
    CitiesOrdered,
    Dealt,
    Destroyed,
    Entry,
    Event,
    GodzillaMoved,
    GodzillaPlaced,
    MajorityChanged,
    Placed,
    Reshuffled,
    Returned,
    Scored,
    Selected,
    StartPlayerChosen,
    TakenOver,
    TallestChanged,
)
from .. import messages

Picture = tuple[str, Card] | tuple[str, str, int] | tuple[str, str]
"""``("card", card)``, ``("piece", colour, floors)`` or ``("chip", colour)``."""


@dataclass(frozen=True)
class Line:
    key: str
    params: dict[str, Any]
    pictures: tuple[Picture, ...] = ()
    kind: str = ""
    """The event's kind (``placed``, ``taken``, ``lost`` for a tower taken from the viewer,
    ``godzilla``, ``majority``, ``tallest``...), for styling and tests."""
    pos: int | None = None

    @property
    def text(self) -> str:
        return messages.t(self.key, **self.params)


def _where(pos: int) -> str:
    return messages.city(pos // PLOTS_PER_CITY)


def event_line(event: Event, settings: Settings, viewer: int | None = None) -> Line | None:
    """One event in words (None for one not worth a line of its own)."""
    def name(player: int) -> str:
        return settings.players[player].name

    def owner_name(colour: str) -> str:
        return name(settings.colour_owner[settings.colour_index(colour)])

    mine = settings.player_colours[viewer] if viewer is not None else ()
    if isinstance(event, Selected):
        return Line("story.selected", {"name": name(event.player),
                                       "colour": messages.colour(event.colour),
                                       "pieces": messages.pieces_text(event.pieces)},
                    (("chip", event.colour),), "selected")
    if isinstance(event, Placed):
        return Line("story.placed", {"name": name(event.player), "floors": event.floors,
                                     "city": _where(event.pos), "height": event.height},
                    (("card", event.card), ("piece", event.colour, event.floors)), "placed",
                    event.pos)
    if isinstance(event, TakenOver):
        yours = settings.colour_index(event.previous) in mine
        key = "story.taken_yours" if yours else "story.taken"
        return Line(key, {"name": owner_name(event.colour), "owner": owner_name(event.previous),
                          "colour": messages.colour(event.colour),
                          "previous": messages.colour(event.previous),
                          "city": _where(event.pos)},
                    (("chip", event.colour), ("chip", event.previous)),
                    "lost" if yours else "taken", event.pos)
    if isinstance(event, Returned):
        return Line("story.returned", {"name": name(event.player), "floors": event.floors},
                    (("card", event.card), ("piece", event.colour, event.floors)), "returned")
    if isinstance(event, GodzillaMoved):
        return Line("story.godzilla_moved", {"city": _where(event.target)}, (), "godzilla",
                    event.target)
    if isinstance(event, Destroyed):
        floors = sum(f for _, f in event.pieces)
        key = "story.destroyed" if event.left == 0 else "story.ate"
        return Line(key, {"floors": floors, "city": _where(event.pos),
                          "colour": messages.colour(event.pieces[-1][0]),
                          "owner": owner_name(event.previous)},
                    tuple(("piece", c, f) for c, f in event.pieces), "godzilla", event.pos)
    if isinstance(event, MajorityChanged):
        city = messages.city(event.city)
        if event.after == "tie":
            return Line("story.majority_tie", {"city": city}, (), "majority")
        if event.after == "none":
            return Line("story.majority_none", {"city": city}, (), "majority")
        return Line("story.majority", {"city": city, "colour": messages.colour(event.after),
                                       "name": owner_name(event.after)},
                    (("chip", event.after),), "majority")
    if isinstance(event, TallestChanged):
        if event.pos is None or event.colour is None:
            return Line("story.tallest_tie", {"height": event.height}, (), "tallest")
        return Line("story.tallest", {"height": event.height, "city": _where(event.pos),
                                      "colour": messages.colour(event.colour),
                                      "name": owner_name(event.colour)},
                    (("chip", event.colour),), "tallest", event.pos)
    if isinstance(event, Scored):
        return Line("story.scored", {"round": event.round}, (), "scored")
    if isinstance(event, Dealt):
        return Line("story.dealt", {}, (), "chance")
    if isinstance(event, Reshuffled):
        return Line("story.reshuffled", {}, (), "chance")
    if isinstance(event, StartPlayerChosen):
        return Line("story.start_player", {"name": name(event.player)}, (), "chance")
    if isinstance(event, GodzillaPlaced):
        return Line("story.godzilla_placed", {"city": _where(event.pos)}, (), "godzilla",
                    event.pos)
    if isinstance(event, CitiesOrdered):
        return Line("story.city_order",
                    {"cities": messages.t("pieces.sep").join(messages.city(c) for c in event.order)},
                    (), "chance")
    return None


def lines(entry: Entry, settings: Settings, viewer: int | None = None) -> tuple[Line, ...]:
    """Every line of one log step: the decision or chance outcome first, then what followed."""
    out = [event_line(e, settings, viewer) for e in entry.events]
    return tuple(line for line in out if line is not None)


def lost_towers(entries: tuple[Entry, ...], settings: Settings, viewer: int) -> tuple[int, ...]:
    """Positions of the viewer's towers taken over (or eaten) in ``entries``: the digest
    puts them first."""
    mine = {settings.colours[c] for c in settings.player_colours[viewer]}
    out: list[int] = []
    for entry in entries:
        for e in entry.events:
            if (isinstance(e, (TakenOver, Destroyed)) and e.previous in mine
                    and e.pos not in out):
                out.append(e.pos)
    return tuple(out)
