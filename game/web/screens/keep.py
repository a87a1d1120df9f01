"""Keeping the games on a tablet: the Home Screen card, backup and restore (start screen).

The card (a Safari tab only, ``StartFrame.home_card``) says why and how to add the game to
the Home Screen; the backup tools write every game to one file and read such a file back;
the report says what a restore brought back and what it skipped, and why.
"""

from __future__ import annotations

from .. import messages as M
from ..frames.frame import RestoreReport, Skipped
from .common import button
from .vdom import El, h


def home_card() -> El:
    """How to add the game to the Home Screen, and why (dismissed for good by its button)."""
    return h("aside", {"class": "home-card", "data-home-card": "true",
                       "aria-labelledby": "home-card-title"},
             h("h2", {"id": "home-card-title"}, M.t("home.title")),
             h("p", {}, M.t("home.why")),
             h("p", {"class": "home-how"}, M.t("home.how")),
             h("p", {}, M.t("home.apart")),
             button(M.t("home.dismiss"), "home-card-dismiss", cls="btn secondary"))


def backup_tools(has_saves: bool) -> El:
    """"Back up all games" (when there is one) and "Restore a backup" (a file chooser)."""
    return h("div", {"class": "backup-tools", "data-backup-tools": "true"},
             h("p", {"class": "hint"}, M.t("backup.hint")),
             h("div", {"class": "backup-actions"},
               button(M.t("backup.save"), "backup", cls="btn secondary") if has_saves else None,
               h("label", {"class": "btn secondary import-file"},
                 h("span", {}, M.t("backup.restore")),
                 h("input", {"type": "file", "accept": ".json,application/json",
                             "data-restore": "true", "class": "visually-hidden-file"}))))


def restore_report(report: RestoreReport) -> El:
    """What the restore brought back, and each game skipped with its reason."""
    restored = [h("li", {"data-restored": "updated" if r.updated else "added"},
                  M.t("backup.updated", game=r.label) if r.updated else r.label)
                for r in report.restored]
    skipped = [h("li", {"data-skipped": s.why, "data-skip-number": s.number,
                        "data-skip-problem": s.problem or None},
                 M.t("backup.skip_line", game=s.label or M.t("backup.game_number", number=s.number),
                     why=_why(s)))
               for s in report.skipped]
    return h("section", {"class": "restore-report", "role": "status", "data-restore-report": "true",
                         "data-restored-count": len(restored), "data-skipped-count": len(skipped)},
             h("h2", {}, M.t("backup.report_heading")),
             h("p", {}, M.t("backup.restored_count", count=len(restored))) if restored
             else h("p", {}, M.t("backup.restored_none")),
             h("ul", {}, restored) if restored else None,
             h("p", {}, M.t("backup.skipped_count", count=len(skipped))) if skipped else None,
             h("ul", {}, skipped) if skipped else None,
             h("p", {"data-settings-taken": "true"}, M.t("backup.settings_taken"))
             if report.settings else None,
             button(M.t("backup.close"), "restore-close", cls="btn secondary"))


def _why(skipped: Skipped) -> str:
    if skipped.why == "invalid":
        return M.problem(skipped.problem)
    return M.t(f"backup.skip.{skipped.why}")
