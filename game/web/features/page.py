"""Where the page is and what lies over every screen (a state and pure updates).

:class:`Page` is one frozen value: the place (start, setup or a game), the notice that the
game was adopted from another tab, the waiting new version, the Home Screen card of a
Safari tab, the pace of the computers and the measured size of a plot.
It also holds the language the page speaks (every text drawn is in it: the frame carries
it to the drawing) and the settings of the senses: the sound on or off,
the pace of the page's animations (:data:`MOTIONS`) and the page's colours (:data:`THEMES`),
the last two on the page root as ``<html data-motion>`` and ``<html data-theme>``, which
assets/css/app.css reads; each kept in the preferences.
It is changed only by the functions below, each returning the new value, through
:func:`update` (the taps' actions, and the controller's).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, TypeGuard, assert_never

from ..frames.frame import Motion, PageNotice, Place, Theme
from ..messages import DEFAULT_LANGUAGE
from ..values.effects import ApplyUpdate, Effect, Reload, WritePref
from ..values.shelf import HOME_CARD
from .sounds import SOUND_PREF

Speed = Literal["slow", "normal", "fast"]
SPEEDS: tuple[Speed, ...] = ("slow", "normal", "fast")
PACE: dict[Speed | Literal["instant"], tuple[float, float]] = {
    # seconds: (show the computer's card and target, pause after the move)
    "slow": (1.6, 0.9),
    "normal": (0.9, 0.5),
    "fast": (0.3, 0.15),
    "instant": (0.0, 0.0),
}
MOTIONS: tuple[Motion, ...] = ("off", "normal", "fast")
"""The page's animations (the rising piece, Godzilla's burst, the pulse of the legal plots):
none, as designed, or quicker (assets/css/app.css scales their durations)."""
THEMES: tuple[Theme, ...] = ("auto", "light", "dark")
"""The page's colours: as the device is set (``prefers-color-scheme``, followed live by
the style sheet itself), light, or dark."""
MIN_TAP_PX = 44  # the smallest tap target, in CSS pixels


def is_speed(value: object) -> TypeGuard[Speed]:
    return isinstance(value, str) and value in SPEEDS


def is_motion(value: object) -> TypeGuard[Motion]:
    return isinstance(value, str) and value in MOTIONS


def is_theme(value: object) -> TypeGuard[Theme]:
    return isinstance(value, str) and value in THEMES


def kept_theme(kept: object) -> Theme:
    """The colours at start: the choice kept from an earlier visit, else the device's."""
    return kept if is_theme(kept) else "auto"


def default_motion(kept: object, reduced_motion: bool) -> Motion:
    """The animations at start: the choice kept from an earlier visit, else none when the
    device asks for reduced motion (``prefers-reduced-motion: reduce``), else normal."""
    if is_motion(kept):
        return kept
    return "off" if reduced_motion else "normal"


def motion_wish_changed(p: Page, kept: object, reduced_motion: bool) -> Page:
    """The device's wish for reduced motion changed while the page is open: followed as at
    start as long as the person has chosen nothing (``kept``, the stored choice, is none);
    a choice of theirs stays."""
    return replace(p, motion=default_motion(kept, reduced_motion))


@dataclass(frozen=True)
class Page:
    place: Place = "start"
    """Where the page is (what :attr:`game.web.model.controller.Controller.screen` says)."""
    notice: PageNotice | None = None
    """A fact about the page for this render only (cleared by the next tap)."""
    update_ready: bool = False
    """A new version of the site is installed and waiting."""
    safari_tab: bool = False
    """A Safari tab: the Home Screen card is offered until dismissed (game.web.runtime.homescreen)."""
    web_share: bool = False
    """The browser has a share sheet (``navigator.share``): the link gets a Share button."""
    language: str = DEFAULT_LANGUAGE
    """The language the page speaks, one of ours (``messages.known_language``; ``<html lang>``)."""
    speed: Speed = "normal"
    instant: bool = False
    """``?fast=1``: the computers play without pauses (tests)."""
    motion: Motion = "normal"
    """The page's animations (``<html data-motion>``)."""
    theme: Theme = "auto"
    """The page's colours (``<html data-theme>``)."""
    muted: bool = False
    """The sound is off (no :class:`~game.web.values.effects.Sound` is asked for)."""
    plot_px: float | None = None
    """The size of a plot on screen (CSS px, measured by the browser layer); below
    :data:`MIN_TAP_PX` the board is an overview and a tapped city opens large."""

    @property
    def compact(self) -> bool:
        """True when plots are drawn smaller than a finger: cities are the tap targets."""
        return self.plot_px is not None and self.plot_px < MIN_TAP_PX

    @property
    def html_data(self) -> tuple[tuple[str, str], ...]:
        """The attributes of ``<html>`` that assets/css/app.css (the motion, the theme) and
        assets/sound.js (the mute: no sound stack started while it is off) read, set at each
        render."""
        return (("data-motion", self.motion), ("data-theme", self.theme),
                ("data-sound", "off" if self.muted else "on"))

    @property
    def pace(self) -> tuple[float, float]:
        return PACE["instant" if self.instant else self.speed]


def moved(p: Page, place: Place) -> Page:
    return replace(p, place=place)


def speed_cycled(p: Page) -> Page:
    return replace(p, speed=SPEEDS[(SPEEDS.index(p.speed) + 1) % len(SPEEDS)])


def motion_cycled(p: Page) -> Page:
    """The next pace of the animations: off, normal, fast, off..."""
    return replace(p, motion=MOTIONS[(MOTIONS.index(p.motion) + 1) % len(MOTIONS)])


def theme_cycled(p: Page) -> Page:
    """The next colours of the page: the device's, light, dark, the device's..."""
    return replace(p, theme=THEMES[(THEMES.index(p.theme) + 1) % len(THEMES)])


def sound_toggled(p: Page) -> Page:
    return replace(p, muted=not p.muted)


def measured(p: Page, px: object) -> Page:
    """The browser measured a plot of the whole board (nonsense: not measured)."""
    return replace(p, plot_px=float(px) if isinstance(px, (int, float)) and px > 0 else None)


def update_applied(p: Page) -> tuple[Page, list[Effect]]:
    """Switch to the waiting new version (the shell activates it and reloads)."""
    return p, [ApplyUpdate()]


def reload_asked(p: Page) -> tuple[Page, list[Effect]]:
    return p, [Reload()]


# ------------------------------------------------------------------ the one door
# The page's actions, each a small frozen value, and :func:`update`, which the taps and
# the controller go through (the Elm architecture's ``update``; a preference changed asks
# for its write, :class:`~game.web.values.effects.WritePref`). A new setting is a field of
# :class:`Page`, an action here and its line in :func:`update`.

@dataclass(frozen=True)
class Move:
    place: Place


@dataclass(frozen=True)
class Notice:
    """A fact about the page for the next render (None: the tap after it clears it)."""

    notice: PageNotice | None


@dataclass(frozen=True)
class UpdateWaiting:
    """A new version of the site is installed and waiting (found by the service worker)."""


@dataclass(frozen=True)
class HideHomeCard:
    """The Home Screen card dismissed (gone now, even if the storage refuses the choice)."""


@dataclass(frozen=True)
class SetPrefs:
    """Preferences taken from a restored backup (None: that one was not restored)."""

    speed: Speed | None = None
    motion: Motion | None = None
    theme: Theme | None = None
    muted: bool | None = None
    language: str | None = None


@dataclass(frozen=True)
class Speak:
    """Speak ``language`` from now on (one of ours), and keep the choice."""

    language: str


@dataclass(frozen=True)
class MotionWish:
    """The device's wish for reduced motion changed (``kept``: the stored choice, if any)."""

    kept: object
    reduced: bool


@dataclass(frozen=True)
class CycleSpeed:
    pass


@dataclass(frozen=True)
class CycleMotion:
    pass


@dataclass(frozen=True)
class ToggleSound:
    pass


@dataclass(frozen=True)
class CycleTheme:
    """The next of the device's, light and dark colours."""


@dataclass(frozen=True)
class Measure:
    """The browser measured a plot of the whole board at ``px`` CSS pixels."""

    px: object


@dataclass(frozen=True)
class TakeUpdate:
    """Switch to the waiting new version."""


@dataclass(frozen=True)
class AskReload:
    """Load the page again."""


PageAction = (Move | Notice | UpdateWaiting | HideHomeCard | SetPrefs | Speak | MotionWish | CycleSpeed
              | CycleMotion | CycleTheme | ToggleSound | Measure | TakeUpdate | AskReload)


def update(p: Page, action: PageAction) -> tuple[Page, tuple[Effect, ...]]:
    """The page's one update: the new value and what it asks of the browser."""
    match action:
        case Move(place):
            return moved(p, place), ()
        case Notice(notice):
            return replace(p, notice=notice), ()
        case UpdateWaiting():
            return replace(p, update_ready=True), ()
        case HideHomeCard():  # gone now, even when the storage refuses to keep the choice
            return replace(p, safari_tab=False), (WritePref(HOME_CARD, "dismissed"),)
        case SetPrefs(speed, motion, theme, muted, language):
            return replace(p, speed=p.speed if speed is None else speed,
                           motion=p.motion if motion is None else motion,
                           theme=p.theme if theme is None else theme,
                           muted=p.muted if muted is None else muted,
                           language=p.language if language is None else language), ()
        case Speak(language):
            return replace(p, language=language), (WritePref("lang", language),)
        case MotionWish(kept, reduced):
            return motion_wish_changed(p, kept, reduced), ()
        case CycleSpeed():
            after = speed_cycled(p)
            return after, (WritePref("speed", after.speed),)
        case CycleMotion():
            after = motion_cycled(p)
            return after, (WritePref("motion", after.motion),)
        case CycleTheme():
            after = theme_cycled(p)
            return after, (WritePref("theme", after.theme),)
        case ToggleSound():
            after = sound_toggled(p)
            return after, (WritePref(SOUND_PREF, "off" if after.muted else "on"),)
        case Measure(px):
            return measured(p, px), ()
        case TakeUpdate():
            after, effects = update_applied(p)
            return after, tuple(effects)
        case AskReload():
            after, effects = reload_asked(p)
            return after, tuple(effects)
        case _:
            assert_never(action)
