"""The game's sounds: which one a play makes, and the mute.

A play (a person's confirmed decision or a computer's, with the chance steps it led to) is
told by the engine's story (:mod:`game.story`: ``Placed``, ``TakenOver``, ``Scored``,
``GodzillaMoved``...); :func:`sound_of` picks the one sound it makes, the most telling
when it did several things at once (a build that takes a tower over and ends the round is
the scoring's sound, the last one the end's), so that sounds never pile up. The page asks
for it as a :class:`~game.web.values.effects.Sound` effect, unless the sound is off
(:attr:`game.web.features.page.Page.muted`, a preference kept across visits); the shell
plays it through assets/sound.js, which stays silent until the person has touched the page.

Where the plays come from: the ``played`` of each Session the game's update makes
(:func:`game.web.values.session.update`), turned into sounds after every tap and every
computer's move (:func:`game.web.model.update.sounds_of`), so a computer's move sounds like
a person's.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...story import Destroyed, Event, GodzillaMoved, Placed, Played, Scored, TakenOver
from ..values.effects import Effect, Sound, SoundKind

RANK: tuple[SoundKind, ...] = ("end", "score", "godzilla", "takeover", "build")
"""The sounds, most telling first: a play makes the first that applies."""

SOUND_PREF = "sound"
"""The preference: ``"off"`` once the person muted the game (``"on"`` again after)."""
SOUND_VALUES = ("on", "off")


def kinds(event: Event) -> SoundKind | None:
    """The sound one story event would make on its own (None: a quiet one)."""
    if isinstance(event, Placed):
        return "build"
    if isinstance(event, TakenOver):
        return "takeover"
    if isinstance(event, (GodzillaMoved, Destroyed)):
        return "godzilla"
    if isinstance(event, Scored):
        return "score"
    return None


def sound_of(events: Iterable[Event], over: bool) -> SoundKind | None:
    """The one sound of a play: its events, and whether the game ended with it."""
    found = {kind for kind in map(kinds, events) if kind is not None}
    if over:
        found.add("end")
    return next((kind for kind in RANK if kind in found), None)


def sounds(played: Iterable[Played], muted: bool) -> list[Effect]:
    """The :class:`Sound` effects of the plays made since the last look: one for the
    newest play that makes a sound (several at once, e.g. a reopened table of computers
    catching up, would only clash); none while the sound is off."""
    if muted:
        return []
    for play in reversed(list(played)):
        kind = sound_of((e for entry in play.entries for e in entry.events), play.state.is_over)
        if kind is not None:
            return [Sound(kind)]
    return []
