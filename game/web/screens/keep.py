"""Keeping the games on a tablet: the Home Screen card, backup and restore (start screen).

The card (a Safari tab only, ``StartFrame.home_card``) says why and how to add the game to
the Home Screen; the backup tools write every game to one file and read such a file back;
the report says what a restore brought back and what it skipped, and why.
"""

from __future__ import annotations

from ...settings import PlayerSpec
from .. import messages
from ..frames.frame import MOST_RESULTS, RestoreReport, ResultsTaken, Skipped
from .common import button
from .vdom import El, h


def home_card() -> El:
    """How to add the game to the Home Screen, and why (dismissed for good by its button)."""
    return h("aside", {"class": "home-card", "data-home-card": "true",
                       "aria-labelledby": "home-card-title"},
             h("h2", {"id": "home-card-title"}, messages.t("home.title")),
             h("p", {}, messages.t("home.why")),
             h("p", {"class": "home-how"}, messages.t("home.how")),
             h("p", {}, messages.t("home.apart")),
             button(messages.t("home.dismiss"), "home-card-dismiss", cls="btn secondary"))


def backup_tools(has_saves: bool, restoring: bool = False) -> El:
    """"Back up all games" (when there is one) and "Restore a backup" (a file chooser; not
    while a restore is under way)."""
    return h("div", {"class": "backup-tools", "data-backup-tools": "true"},
             h("p", {"class": "hint"}, messages.t("backup.hint")),
             h("div", {"class": "backup-actions"},
               button(messages.t("backup.save"), "backup", cls="btn secondary") if has_saves else None,
               None if restoring else
               h("label", {"class": "btn secondary import-file"},
                 h("span", {}, messages.t("backup.restore")),
                 h("input", {"type": "file", "accept": ".json,application/json",
                             "data-restore": "true", "class": "visually-hidden-file"}))))


def restore_progress(done: int, total: int) -> El:
    """How far the restore under way is (a backup of hundreds of games takes a while)."""
    return h("section", {"class": "restore-report", "role": "status", "data-restoring": done,
                         "data-restore-total": total, "aria-busy": "true"},
             h("p", {}, messages.t("backup.restoring", done=done, total=total)),
             h("progress", {"max": max(total, 1), "value": done}))


def players_said(players: tuple[PlayerSpec, ...]) -> str:
    """A game's players as the report names it, in the language in use: a generated name
    ("Computer 2 (mittel)" stored by a German game) in this page's words."""
    return ", ".join(messages.player_name(i, p) for i, p in enumerate(players))


def restore_report(report: RestoreReport) -> El:
    """What the restore brought back, and each game skipped with its reason."""
    restored = [h("li", {"data-restored": "updated" if r.updated else "added"},
                  messages.t("backup.updated", game=players_said(r.players)) if r.updated
                  else players_said(r.players))
                for r in report.restored]
    skipped = [h("li", {"data-skipped": s.why, "data-skip-number": s.number,
                        "data-skip-problem": s.problem or None},
                 messages.t("backup.skip_line",
                            game=players_said(s.players)
                            or messages.t("backup.game_number", number=s.number),
                            why=_why(s)))
               for s in report.skipped]
    return h("section", {"class": "restore-report", "role": "status", "data-restore-report": "true",
                         "data-restored-count": len(restored), "data-skipped-count": len(skipped)},
             h("h2", {}, messages.t("backup.report_heading")),
             h("p", {}, messages.t("backup.restored_count", count=len(restored))) if restored
             else h("p", {}, messages.t("backup.restored_none")),
             h("ul", {}, restored) if restored else None,
             h("p", {}, messages.t("backup.skipped_count", count=len(skipped))) if skipped else None,
             h("ul", {}, skipped) if skipped else None,
             *_results(report.results),
             h("p", {"data-settings-taken": "true"}, messages.t("backup.settings_taken"))
             if report.settings else None,
             h("p", {"class": "error-banner", "data-settings-not-stored": "true",
                     "data-message-id": "backup.settings_not_stored"},
               messages.t("backup.settings_not_stored")) if report.settings_not_stored else None,
             button(messages.t("backup.close"), "restore-close", cls="btn secondary"))


def _results(results: ResultsTaken) -> list[El | None]:
    """The backup's game results: how many the statistics took, had already, refused and
    why, and those the storage refused to keep."""
    if not (results.added or results.skipped or results.refused or results.not_stored):
        return []
    refused = [h("li", {"data-refused": why, "data-refused-count": count},
                 messages.t("records.refused_line", count=count,
                     why=messages.t(f"records.refused.{why}", most=MOST_RESULTS)))
               for why, count in results.refused]
    return [h("p", {"data-results-added": results.added},
              messages.t("backup.results_added", count=results.added)),
            h("p", {"data-results-skipped": results.skipped},
              messages.t("backup.results_skipped", count=results.skipped)) if results.skipped else None,
            h("ul", {"data-results-refused": sum(c for _, c in results.refused)}, refused)
            if refused else None,
            h("p", {"class": "error-banner", "data-results-not-stored": results.not_stored,
                    "data-message-id": "backup.results_not_stored"},
              messages.t("backup.results_not_stored", count=results.not_stored))
            if results.not_stored else None]


def _why(skipped: Skipped) -> str:
    if skipped.why == "invalid":
        return messages.problem(skipped.problem)
    return messages.t(f"backup.skip.{skipped.why}")
