"""The one declared table of the page's actions: every tap and change by its
``data-action`` name, with the parser of its ``data-*`` arguments straight into its typed
message (:data:`Tap`): a state's own action, or a feature's tap message that
:func:`tapped`, the one update of taps, hands to that feature's ``tapped``. An unknown
action or malformed arguments change nothing
(:meth:`game.web.model.controller.Controller.handle`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...material import Card
from .. import messages
from ..features import coaching, files, following, page, rules, saved
from ..features import navigating as nav
from ..features import playing as play
from ..features import statistics as stats
from ..values import session, setup_form
from . import on_coaching, on_files, on_following, on_navigating, on_playing, on_statistics
from .door import StateAction, Stepped, steps
from .env import Env
from .model import Model


def _int_arg(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if isinstance(value, bool):
        raise ValueError(f"{key} must be a number")
    number = int(value)
    if not low <= number <= high:
        raise ValueError(f"{key} must be between {low} and {high}")
    return number


def _str_arg(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise TypeError(f"{key} must be text")
    return value


def _save_id(data: Mapping[str, Any]) -> str:
    ident = _str_arg(data, "id")
    if ident is None:
        raise ValueError("a saved game's id is missing")
    return ident


def _card_arg(data: Mapping[str, Any]) -> Card:
    return Card.parse(data["card"])  # SaveError (a ValueError) when malformed


def _language_arg(data: Mapping[str, Any]) -> str:
    code = _str_arg(data, "value") or _str_arg(data, "lang")
    if code is None or code not in messages.LANGUAGES:
        raise ValueError("not a language of the game")
    return code


def _person_arg(data: Mapping[str, Any]) -> str:
    ident = _str_arg(data, "person")
    if ident is None or len(ident) > 16:
        raise ValueError("a person's id is missing")
    return ident


def _field_arg(data: Mapping[str, Any]) -> setup_form.SetField:
    field = _str_arg(data, "field")
    if field is None:
        raise ValueError("the field is missing")
    player = data.get("player")
    index = None if player in (None, "") else _int_arg(data, "player", 0, 3)
    return setup_form.SetField(field, data.get("value"), index)


KEEP_MENU_OPEN = (play.ToggleMenu, page.CycleSpeed, page.CycleMotion, page.CycleTheme,
                  page.ToggleSound, play.ZoomOut)
"""The taps that leave the game menu open: its own button, the speed, the animations and
the colours (tapped again to go round), the sound (its state seen at once), and the whole
board back (also sent when the page is resized or turned). Every other tap closes it."""

Tap = (StateAction | nav.NavigatingTap | play.PlayingTap | following.FollowingTap | files.FilesTap
       | coaching.CoachTap | stats.StatsTap)
"""Every tap as a typed message: one state's own action (the door takes it), or a
feature's tap message (its ``tapped`` update, which may change several states and asks
for effects)."""


def tapped(env: Env, model: Model, tap: Tap) -> Stepped:
    """The one update of taps, composed from the features' updates: the model a tap
    makes, and the effects it asks for."""
    if isinstance(tap, nav.NavigatingTap):
        return on_navigating.tapped(env, model, tap)
    if isinstance(tap, play.PlayingTap):
        return on_playing.tapped(env, model, tap)
    if isinstance(tap, following.FollowingTap):
        return on_following.tapped(model, tap)
    if isinstance(tap, files.FilesTap):
        return on_files.tapped(env, model, tap)
    if isinstance(tap, coaching.CoachTap):
        return on_coaching.tapped(model, tap)
    if isinstance(tap, stats.StatsTap):
        return on_statistics.tapped(model, tap)
    if isinstance(tap, play.ToggleMenu) and model.page.place != "play":
        return model, ()  # the game menu is a game's: none outside one
    return steps(model, tap)


@dataclass(frozen=True)
class UiAction:
    """One thing a tap or a change can ask for: its ``data-action`` name, the parser of its
    ``data-*`` arguments into its typed message (raising ValueError, TypeError or KeyError
    when malformed) and whether the page is drawn again after it."""

    name: str
    parse: Callable[[Mapping[str, Any]], Tap]
    redraws: Callable[[Mapping[str, Any]], bool] = lambda data: True


def _field_redraws(data: Mapping[str, Any]) -> bool:
    """Typing a name must not redraw (it would move the caret); leaving the field may."""
    return data.get("field") != "name" or data.get("committed") in (True, "true")


def _plot(data: Mapping[str, Any]) -> tuple[int, int]:
    return _int_arg(data, "city", 0, 5), _int_arg(data, "plot", 0, 8)


def _floors_colour(data: Mapping[str, Any]) -> tuple[int, str | None]:
    return _int_arg(data, "floors", 1, 4), _str_arg(data, "colour")


def _confirmed(data: Mapping[str, Any]) -> bool:
    return data.get("confirm") in (True, "true")


def _file_text(data: Mapping[str, Any]) -> str | None:
    """A chosen file's text (None: far too large to read)."""
    return None if data.get("too_large") in (True, "true") else str(data["text"])


ACTIONS: dict[str, UiAction] = {a.name: a for a in (
    UiAction("home", lambda d: nav.GoHome()),
    UiAction("storage-retry", lambda d: saved.Retry()),
    UiAction("rules", lambda d: rules.OpenRules()),
    UiAction("rules-close", lambda d: rules.CloseRules()),
    UiAction("menu", lambda d: play.ToggleMenu()),
    UiAction("menu-close", lambda d: play.CloseMenu()),
    UiAction("new-game", lambda d: nav.StartSetup()),
    UiAction("play-alone", lambda d: nav.PlayAlone()),
    UiAction("tutorial", lambda d: nav.StartTutorial()),
    UiAction("tutorial-keep", lambda d: nav.KeepTutorial()),
    UiAction("language", lambda d: nav.SetLanguage(_language_arg(d))),
    UiAction("continue-game", lambda d: nav.ContinueGame(_save_id(d))),
    UiAction("delete", lambda d: nav.DeleteGame(_save_id(d), _confirmed(d))),
    UiAction("setup-count", lambda d: setup_form.SetCount(_int_arg(d, "value", 2, 4))),
    UiAction("field", _field_arg, _field_redraws),
    UiAction("setup-start", lambda d: play.StartGame()),
    UiAction("reveal", lambda d: session.Reveal()),
    UiAction("select-inc", lambda d: session.AdjustSelection(_floors_colour(d)[0], 1, _floors_colour(d)[1])),
    UiAction("select-dec", lambda d: session.AdjustSelection(_floors_colour(d)[0], -1, _floors_colour(d)[1])),
    UiAction("card", lambda d: session.ChooseCard(_card_arg(d))),
    UiAction("piece", lambda d: session.ChoosePiece(_str_arg(d, "colour"), _int_arg(d, "floors", 1, 4))),
    UiAction("plot", lambda d: play.PlotTapped(*_plot(d))),
    UiAction("confirm", lambda d: session.Confirm()),
    UiAction("undo", lambda d: session.UndoStep()),
    UiAction("take-back", lambda d: play.TakeBackTapped()),
    UiAction("settle", lambda d: session.Settle()),
    UiAction("continue", lambda d: play.ScoringSeen()),
    UiAction("rematch", lambda d: play.Rematch()),
    UiAction("peek", lambda d: play.TogglePeek()),
    UiAction("zoom", lambda d: nav.ZoomTapped(_int_arg(d, "zoom", 0, 5))),
    UiAction("zoom-out", lambda d: play.ZoomOut()),
    UiAction("speed", lambda d: page.CycleSpeed()),
    UiAction("motion", lambda d: page.CycleMotion()),
    UiAction("theme", lambda d: page.CycleTheme()),
    UiAction("sound", lambda d: page.ToggleSound()),
    UiAction("hide-cards", lambda d: session.HideCards()),
    UiAction("hints-toggle", lambda d: play.HintsSwitched()),
    UiAction("reload", lambda d: page.AskReload()),
    UiAction("apply-update", lambda d: page.TakeUpdate()),
    UiAction("delete-finished", lambda d: nav.DeleteFinished(_confirmed(d))),
    UiAction("log", lambda d: following.ToggleLog()),
    UiAction("log-show", lambda d: following.LogEntryTapped(_int_arg(d, "log-step", 0, 100000))),
    UiAction("inspect-mode", lambda d: following.ToggleInspect()),
    UiAction("inspect-plot", lambda d: following.PlotPressed(*_plot(d))),
    UiAction("inspect-close", lambda d: following.CloseInspector()),
    UiAction("replay", lambda d: following.ReplayTapped()),
    UiAction("replay-step", lambda d: following.ReplayStepTapped(_int_arg(d, "step", 0, 100000))),
    UiAction("replay-close", lambda d: following.ReplayClosed()),
    UiAction("export", lambda d: files.ExportTapped()),
    UiAction("share", lambda d: files.LinkTapped()),
    UiAction("export-whole", lambda d: files.ExportWholeTapped(_confirmed(d))),
    UiAction("export-whole-cancel", lambda d: files.CancelWholeExport()),
    UiAction("share-copy", lambda d: files.CopyTapped()),
    UiAction("share-send", lambda d: files.SendTapped()),
    UiAction("share-close", lambda d: files.CloseLink()),
    UiAction("import-file", lambda d: files.ImportFile(_file_text(d))),
    UiAction("backup", lambda d: files.BackupTapped()),
    UiAction("restore-file", lambda d: files.RestoreFile(_file_text(d))),
    UiAction("restore-close", lambda d: nav.ShowReport(None)),
    UiAction("home-card-dismiss", lambda d: page.HideHomeCard()),
    UiAction("hint", lambda d: coaching.HintTapped()),
    UiAction("review", lambda d: coaching.ReviewTapped()),
    UiAction("review-cancel", lambda d: coaching.ReviewCancelled()),
    UiAction("review-close", lambda d: coaching.CloseReview()),
    UiAction("review-show", lambda d: coaching.ReviewItemTapped(_int_arg(d, "item", 0, 100))),
    UiAction("review-back", lambda d: coaching.ReviewBack()),
    UiAction("stats", lambda d: stats.StatsOpened()),
    UiAction("stats-close", lambda d: stats.StatsClosed()),
    UiAction("stats-person", lambda d: stats.ShowPerson(_person_arg(d))),
    UiAction("stats-rename", lambda d: stats.RenameTapped(_person_arg(d), str(d["value"]))),
    UiAction("stats-merge-ask", lambda d: stats.AskMerge(_person_arg(d), _str_arg(d, "value"))),
    UiAction("stats-merge", lambda d: stats.MergeConfirmed()),
    UiAction("stats-cancel", lambda d: stats.Told(None)),
    UiAction("stats-forget", lambda d: stats.ForgetTapped(_person_arg(d), _confirmed(d))),
    UiAction("stats-reset", lambda d: stats.ResetTapped(_confirmed(d))),
)}
"""Every UI action by its ``data-action`` name: the one vocabulary of taps. The event wiring
(:mod:`game.web.runtime.app`, fed by the shell) sends every tap here;
``tests/web/test_ui_actions.py`` checks that each ``data-action`` a screen draws is in this
table."""
