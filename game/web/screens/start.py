"""The start screen (saved games, new game) and the rules help."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .. import messages
from ..frames.start_frames import StartFrame
from .common import bdi, button, chips, language_select, said, theme_button
from .keep import backup_tools, home_card, restore_progress, restore_report
from .rules_help import render_rules
from .vdom import Child, El, h

__all__ = ["render_rules", "render_start"]


def local_time_text(ts: float) -> str:
    """A save time in this machine's local time zone, in the language's form (pure Python).
    The browser layer passes its own formatter instead (the browser's time zone and
    language, see game.web.shell.browser)."""
    return messages.date_time(ts)


def iso_utc(ts: float) -> str:
    """The machine-readable form for ``<time datetime>``: ISO 8601 in UTC."""
    t = time.gmtime(ts)
    return (f"{t.tm_year:04d}-{t.tm_mon:02d}-{t.tm_mday:02d}T"
            f"{t.tm_hour:02d}:{t.tm_min:02d}:{t.tm_sec:02d}Z")


def saved_when(ts: float, when: Callable[[float], str]) -> list[Child] | None:
    """The "saved <local time>" part of a save's line, or nothing when it has no time."""
    if not ts:
        return None
    try:
        text = when(ts)
    except Exception:  # a formatter must never break the list of saves
        text = local_time_text(ts)
    # The line may break before "· saved", not inside the date.
    return [" ", h("span", {"class": "save-when"}, "· ",
                   messages.parts("start.updated", when=h("time", {"datetime": iso_utc(ts),
                                                            "data-updated": int(ts)}, text)))]


def render_start(f: StartFrame) -> El:
    """The start screen; ``f.format_time`` gives a save time as the person's local time."""
    items = []
    for entry in f.saves:
        actions = []
        if entry.newer:  # never offered for deletion: a newer page will open it
            items.append(h("li", {"class": "save is-newer", "data-save": entry.id,
                                  "data-newer": "true"},
                           h("div", {"class": "save-body"},
                             h("p", {"class": "hint"}, messages.t("start.newer")),
                             h("p", {"class": "hint save-size"}, _size(entry.size))),
                           h("div", {"class": "save-actions"},
                             button(messages.t("start.reload"), "reload", cls="btn primary"))))
            continue
        if f.confirm_delete == entry.id:
            actions.append(button(messages.t("start.delete_confirm"), "delete",
                                  {"data-id": entry.id, "data-confirm": "true"},
                                  cls="btn danger"))
        else:
            actions.append(button(messages.t("start.delete"), "delete", {"data-id": entry.id},
                                  cls="btn secondary"))
        if entry.error is not None:
            body = [h("p", {"class": "broken", "data-broken": "true"},
                      messages.t("start.broken", reason=entry.error)),
                    h("p", {"class": "hint"}, messages.t("start.broken_kept"))]
        else:
            players = h("span", {"class": "save-players"},
                        [h("span", {"class": "save-player"}, chips(colours), " ",
                           bdi(name))
                         for name, colours in entry.players])
            summary: list[Any] | str
            if entry.view and not entry.finished:
                summary = messages.t("start.summary_view", round=entry.round, rounds=entry.rounds)
            elif entry.winners:
                summary = said("start.summary_over", winner=list(entry.winners))
            else:
                summary = messages.t("start.summary", round=entry.round, rounds=entry.rounds,
                              phase=messages.t(f"phase.{entry.phase}"))
            body = [players, h("p", {"class": "hint"}, summary,
                               saved_when(entry.updated, f.format_time), " · ",
                               h("span", {"class": "save-size", "data-save-size": entry.size},
                                 _size(entry.size)))]
            opens = ("start.watch" if entry.view else "start.result" if entry.finished
                     else "start.continue")  # a finished game is not continued: it is seen
            actions.append(button(messages.t(opens),
                                  "continue-game", {"data-id": entry.id}, cls="btn primary"))
        items.append(h("li", {"class": "save" + (" is-broken" if entry.error is not None else ""),
                              "data-save": entry.id},
                       h("div", {"class": "save-body"}, body),
                       h("div", {"class": "save-actions"}, actions)))
    error = f.error
    err = None
    if error is not None:
        key, params = error
        err = h("p", {"class": "error-banner", "role": "alert", "data-message-id": key,
                      "id": "load-error"}, messages.t(key, **params))
    finished = sum(1 for entry in f.saves if entry.finished)
    space = h("div", {"class": "save-space"},
              h("p", {"class": "hint", "data-storage-used": f.used},
                messages.t("start.used", used=_size(f.used))),
              (button(messages.t("start.delete_finished_confirm", count=finished), "delete-finished",
                      {"data-confirm": "true"}, cls="btn danger")
               if f.confirm_delete == "finished" else
               button(messages.t("start.delete_finished", count=finished), "delete-finished",
                      cls="btn secondary")) if finished else None) if f.saves else None
    return h("div", {"class": "start", "data-screen": "start"},
             h("div", {"class": "start-inner"},
               h("div", {"class": "start-tools"}, theme_button(f.theme), language_select()),
               h("header", {"class": "hero"},
                 h("h1", {}, messages.t("start.heading")),
                 h("p", {"class": "subtitle"}, messages.t("app.subtitle"))),
               home_card() if f.home_card else None,
               err,
               restore_progress(*f.restoring) if f.restoring is not None else
               restore_report(f.restore) if f.restore is not None else None,
               h("div", {"class": "start-actions"},
                 button(messages.t("start.play_alone"), "play-alone",
                        {"aria-describedby": "play-alone-hint"}, cls="btn primary big"),
                 button(messages.t("start.tutorial_resume" if f.tutorial else "start.tutorial"),
                        "tutorial", cls="btn secondary big"),
                 button(messages.t("start.new"), "new-game", cls="btn secondary big"),
                 button(messages.t("start.rules"), "rules", cls="btn secondary big"),
                 button(messages.t("stats.open"), "stats", cls="btn secondary big"),
                 import_button()),
               h("p", {"class": "hint start-hint", "id": "play-alone-hint"},
                 messages.t("start.play_alone_hint")),
               h("section", {"class": "saves"},
                 h("h2", {}, messages.t("start.saved")),
                 h("ul", {"class": "save-list"}, items) if items
                 else h("p", {"class": "hint"}, messages.t("start.none")), space,
                 backup_tools(bool(f.saves), f.restoring is not None))))


def import_button() -> El:
    """Open a game file (a save exported here or elsewhere): the browser reads it, the
    controller checks it by replaying it (``import-file``)."""
    return h("label", {"class": "btn secondary big import-file"},
             h("span", {}, messages.t("share.import")),
             h("input", {"type": "file", "accept": ".json,application/json",
                         "data-import": "true", "class": "visually-hidden-file"}))


def _size(chars: int) -> str:
    """A stored size for people: kB with one decimal (characters, as the quota counts)."""
    return messages.t("start.size", size=messages.number(chars / 1000, 1))  # 9.6 kB, 9,6 kB, 9,6 ko
