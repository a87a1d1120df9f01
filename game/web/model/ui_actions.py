"""The one declared table of the page's actions: every tap and change by its
``data-action`` name, with the parser of its ``data-*`` arguments and its handler (a
function ``(controller, arguments)`` of :mod:`game.web.features`, which turns the tap into
its feature's typed action, applies that module's one ``update`` and returns the effects it
asks for). An unknown action or malformed arguments change nothing
(:meth:`game.web.model.controller.Controller.handle`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...material import Card
from .. import messages as M
from ..features import coaching, files, keeping
from ..features import following as F
from ..features import navigating as nav
from ..features import playing as play
from ..features import statistics as stats
from .effects import Effect

if TYPE_CHECKING:
    from .controller import Controller


def _always(args: Any) -> bool:
    return True


@dataclass(frozen=True)
class UiAction:
    """One thing a tap or a change can ask for: its ``data-action`` name, the parser of its
    ``data-*`` arguments (raising ValueError, TypeError or KeyError when malformed), the
    handler that carries it out (returning the effects it asks for, if any) and whether
    the page is drawn again after it."""

    name: str
    parse: Callable[[Mapping[str, Any]], Any]
    handler: Callable[[Controller, Any], Iterable[Effect] | None]
    redraws: Callable[[Any], bool] = _always


def _field_redraws(args: tuple[str, int | None, Any, bool]) -> bool:
    """Typing a name must not redraw (it would move the caret); leaving the field may."""
    field, _, _, committed = args
    return field != "name" or committed


def _no_args(data: Mapping[str, Any]) -> None:
    return None


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
    if code is None or code not in M.LANGUAGES:
        raise ValueError("not a language of the game")
    return code


def _person_arg(data: Mapping[str, Any]) -> str:
    ident = _str_arg(data, "person")
    if ident is None or len(ident) > 16:
        raise ValueError("a person's id is missing")
    return ident


def _field_arg(data: Mapping[str, Any]) -> tuple[str, int | None, Any, bool]:
    field = _str_arg(data, "field")
    if field is None:
        raise ValueError("the field is missing")
    player = data.get("player")
    index = None if player in (None, "") else _int_arg(data, "player", 0, 3)
    committed = data.get("committed") in (True, "true")
    return field, index, data.get("value"), committed


KEEP_MENU_OPEN = frozenset({"menu", "speed", "motion", "theme", "sound", "zoom-out"})
"""The actions that leave the game menu open: its own button, the speed, the animations and
the colours (tapped again to go round), the sound (its state seen at once), and the whole board back
(also sent when the page is resized or turned). Every other action closes it."""

ACTIONS: dict[str, UiAction] = {a.name: a for a in (
    UiAction("home", _no_args, nav.go_home),
    UiAction("storage-retry", _no_args, keeping.retry_storage),
    UiAction("rules", _no_args, nav.open_rules),
    UiAction("rules-close", _no_args, nav.close_rules),
    UiAction("menu", _no_args, nav.toggle_menu),
    UiAction("menu-close", _no_args, nav.close_menu),
    UiAction("new-game", _no_args, nav.start_setup),
    UiAction("play-alone", _no_args, nav.play_alone),
    UiAction("tutorial", _no_args, nav.start_tutorial),
    UiAction("tutorial-keep", _no_args, nav.keep_tutorial),
    UiAction("language", _language_arg, nav.set_language),
    UiAction("continue-game", _save_id, nav.continue_game),
    UiAction("delete", lambda d: (_save_id(d), d.get("confirm") in (True, "true")),
             nav.delete_game),
    UiAction("setup-count", lambda d: _int_arg(d, "value", 2, 4), play.set_count),
    UiAction("field", _field_arg, play.set_field, _field_redraws),
    UiAction("setup-start", _no_args, play.start_game),
    UiAction("reveal", _no_args, play.reveal),
    UiAction("select-inc", lambda d: (_int_arg(d, "floors", 1, 4), _str_arg(d, "colour")),
             play.select_more),
    UiAction("select-dec", lambda d: (_int_arg(d, "floors", 1, 4), _str_arg(d, "colour")),
             play.select_fewer),
    UiAction("card", _card_arg, play.choose_card),
    UiAction("piece", lambda d: (_str_arg(d, "colour"), _int_arg(d, "floors", 1, 4)),
             play.choose_piece),
    UiAction("plot", lambda d: (_int_arg(d, "city", 0, 5), _int_arg(d, "plot", 0, 8)),
             play.tap_plot),
    UiAction("confirm", _no_args, play.confirm),
    UiAction("undo", _no_args, play.undo),
    UiAction("take-back", _no_args, play.take_back),
    UiAction("settle", _no_args, play.settle),
    UiAction("continue", _no_args, play.ack_scoring),
    UiAction("rematch", _no_args, play.rematch),
    UiAction("peek", _no_args, nav.toggle_peek),
    UiAction("zoom", lambda d: _int_arg(d, "zoom", 0, 5), nav.zoom_in),
    UiAction("zoom-out", _no_args, nav.zoom_out),
    UiAction("speed", _no_args, nav.cycle_speed),
    UiAction("motion", _no_args, nav.cycle_motion),
    UiAction("theme", _no_args, nav.cycle_theme),
    UiAction("sound", _no_args, nav.toggle_sound),
    UiAction("hide-cards", _no_args, play.hide_cards),
    UiAction("hints-toggle", _no_args, play.toggle_hints),
    UiAction("reload", _no_args, nav.request_reload),
    UiAction("apply-update", _no_args, nav.apply_update),
    UiAction("delete-finished", lambda d: d.get("confirm") in (True, "true"),
             nav.delete_finished),
    UiAction("log", _no_args, F.toggle_log),
    UiAction("log-show", lambda d: _int_arg(d, "log-step", 0, 100000), F.show_log_entry),
    UiAction("inspect-mode", _no_args, F.toggle_inspect),
    UiAction("inspect-plot", lambda d: (_int_arg(d, "city", 0, 5), _int_arg(d, "plot", 0, 8)),
             F.inspect_plot),
    UiAction("inspect-close", _no_args, F.close_inspector),
    UiAction("replay", _no_args, F.open_replay),
    UiAction("replay-step", lambda d: _int_arg(d, "step", 0, 100000), F.replay_to),
    UiAction("replay-close", _no_args, F.close_replay),
    UiAction("export", _no_args, files.export_game),
    UiAction("share", _no_args, files.share_link),
    UiAction("export-whole", lambda d: d.get("confirm") in (True, "true"), files.export_whole),
    UiAction("export-whole-cancel", _no_args, files.cancel_whole_export),
    UiAction("share-copy", _no_args, files.copy_link),
    UiAction("share-send", _no_args, files.send_link),
    UiAction("share-close", _no_args, files.close_share),
    UiAction("import-file", lambda d: None if d.get("too_large") in (True, "true") else str(d["text"]),
             files.import_file),
    UiAction("backup", _no_args, files.backup_all),
    UiAction("restore-file", lambda d: None if d.get("too_large") in (True, "true") else str(d["text"]),
             files.restore_file),
    UiAction("restore-close", _no_args, files.close_restore_report),
    UiAction("home-card-dismiss", _no_args, nav.dismiss_home_card),
    UiAction("hint", _no_args, coaching.ask_hint),
    UiAction("review", _no_args, coaching.open_review),
    UiAction("review-cancel", _no_args, coaching.cancel_review),
    UiAction("review-close", _no_args, coaching.close_review),
    UiAction("review-show", lambda d: _int_arg(d, "item", 0, 100), coaching.show_review_item),
    UiAction("review-back", _no_args, coaching.review_back),
    UiAction("stats", _no_args, stats.open_stats),
    UiAction("stats-close", _no_args, stats.close_stats),
    UiAction("stats-person", _person_arg, stats.show_person),
    UiAction("stats-rename", lambda d: (_person_arg(d), str(d["value"])), stats.rename_person),
    UiAction("stats-merge-ask", lambda d: (_person_arg(d), _str_arg(d, "value")),
             stats.ask_merge),
    UiAction("stats-merge", _no_args, stats.merge_people),
    UiAction("stats-cancel", _no_args, stats.cancel),
    UiAction("stats-forget", lambda d: (_person_arg(d), d.get("confirm") in (True, "true")),
             stats.forget_person),
    UiAction("stats-reset", lambda d: d.get("confirm") in (True, "true"), stats.reset_all),
)}
"""Every UI action by its ``data-action`` name: the one vocabulary of taps. The event wiring
(:mod:`game.web.runtime.page`, fed by the shell) sends every tap here;
``tests/web/test_ui_actions.py`` checks that each ``data-action`` a screen draws is in this
table."""
