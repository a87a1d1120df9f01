"""The statistics screen: per person and per computer level, head-to-head,
streaks, a chart of one person's scores over time, and the people managed (rename, merge,
forget, reset all). Frame in (:class:`~game.web.frames.stats_frames.StatsFrame`), element
tree out."""

from __future__ import annotations

from typing import Any

from ...ai import find_level
from ...settings import MAX_NAME_LENGTH
from .. import messages
from ..frames.stats_frames import PersonLine, StatsFrame, Tally
from .common import bdi, button
from .vdom import El, h
from .vdom import s as svg


def _percent(rate: float) -> str:
    return messages.t("stats.percent", value=messages.number(round(rate * 100)))


def _figures(tally: Tally, streaks: bool = False) -> list[El]:
    """A row's figures, each cell with its column's name (``data-label``): on a phone's width
    each row stands as a block of labelled figures instead of a row of eight columns
    (assets/css/app.css), so nothing scrolls sideways."""
    values: list[tuple[str, Any, dict[str, Any]]] = [
        ("stats.games", messages.number(tally.games), {"data-games": tally.games}),
        ("stats.wins", messages.number(tally.wins), {"data-wins": tally.wins}),
        ("stats.win_rate", _percent(tally.win_rate), {}),
        ("stats.average", messages.number(tally.average, 1), {}),
        ("stats.best", messages.number(tally.best), {})]
    if streaks:
        values += [("stats.streak", messages.number(tally.streak), {}),
                   ("stats.best_streak", messages.number(tally.best_streak), {})]
    return [h("td", {"class": "num", "role": "cell", "data-label": messages.t(key), **extra}, value)
            for key, value, extra in values]


def _head(first: str, streaks: bool) -> El:
    """The columns' names (also said in each cell, above: shown there on a phone). The
    roles keep the table a table for screen readers when a phone's width shows it as blocks."""
    cols = [first, messages.t("stats.games"), messages.t("stats.wins"), messages.t("stats.win_rate"),
            messages.t("stats.average"), messages.t("stats.best")]
    if streaks:
        cols += [messages.t("stats.streak"), messages.t("stats.best_streak")]
    return h("thead", {"role": "rowgroup"},
             h("tr", {"role": "row"},
               [h("th", {"scope": "col", "role": "columnheader"}, c) for c in cols]))


def _level_name(level: str) -> str:
    found = find_level(level)
    return messages.level_name(found) if found is not None else messages.t("ai.generic", id=level)


def render_stats(f: StatsFrame) -> El:
    played = [p for p in f.people if p.tally.games]
    people = h("table", {"class": "stats-table", "role": "table", "data-stats-people": len(played)},
               _head(messages.t("stats.person"), True),
               h("tbody", {"role": "rowgroup"},
                 [h("tr", {"role": "row", "data-stats-person": p.id},
                    h("th", {"scope": "row", "role": "rowheader"}, bdi(p.name)),
                    _figures(p.tally, streaks=True)) for p in played])) if played else None
    levels = h("table", {"class": "stats-table", "role": "table", "data-stats-levels": len(f.levels)},
               _head(messages.t("stats.level"), False),
               h("tbody", {"role": "rowgroup"},
                 [h("tr", {"role": "row", "data-stats-level": line.level},
                    h("th", {"scope": "row", "role": "rowheader"}, _level_name(line.level)),
                    _figures(line.tally)) for line in f.levels])) if f.levels else None
    pairs = h("ul", {"class": "stats-pairs", "data-stats-pairs": len(f.pairs)},
              [h("li", {},
                 messages.parts("stats.pair", first=bdi(p.first), second=bdi(p.second),
                         ahead=messages.number(p.record.ahead), behind=messages.number(p.record.behind),
                         ties=messages.number(p.record.ties), games=messages.number(p.record.games)))
               for p in f.pairs]) if f.pairs else None
    empty = h("p", {"class": "hint", "data-stats-empty": "true"},
              messages.t("stats.none")) if not f.games else None
    error = (h("p", {"class": "error-banner", "role": "alert", "data-message-id": f.error[0]},
               messages.t(f.error[0], **f.error[1])) if f.error is not None else None)
    return h("div", {"class": "stats", "data-screen": "stats", "data-stats-games": f.games},
             h("div", {"class": "stats-inner"},
               h("header", {"class": "setup-head"},
                 button(messages.t("stats.back_game" if f.from_game else "stats.back"), "stats-close",
                        cls="btn secondary"),
                 h("h1", {}, messages.t("stats.heading"))),
               error, empty,
               h("p", {"class": "hint"}, messages.t("stats.about")),
               h("section", {}, h("h2", {}, messages.t("stats.people")), people) if people else None,
               h("section", {}, h("h2", {}, messages.t("stats.levels")), levels) if levels else None,
               h("section", {}, h("h2", {}, messages.t("stats.pairs")), pairs) if pairs else None,
               _chart_section(f, played),
               _manage(f)))


def _chart_section(f: StatsFrame, played: list[PersonLine]) -> El | None:
    if f.chart is None or not f.scores:
        return None
    choose = h("div", {"class": "segmented wrap", "role": "group",
                       "aria-label": messages.t("stats.chart_who")},
               [button(p.name, "stats-person",
                       {"data-person": p.id,
                        "aria-pressed": "true" if p.id == f.chart.id else "false"},
                       cls="btn seg" + (" on" if p.id == f.chart.id else ""))
                for p in played]) if len(played) > 1 else None
    return h("section", {"class": "stats-chart"},
             h("h2", {}, messages.parts("stats.chart", name=bdi(f.chart.name))), choose,
             score_history(f))


def score_history(f: StatsFrame) -> El:
    """An SVG line of the chosen person's points, game after game (the dates at the ends),
    drawn like the final screen's score chart (screens/results.py)."""
    points = [p for _, p in f.scores]
    n = len(points)
    top = max(max(points), 1)
    low = min(min(points), 0)
    w, hgt, left, bottom, right = 320.0, 170.0, 34.0, 24.0, 14.0

    def x(i: int) -> float:
        return left + (w - left - right) * (i / (n - 1) if n > 1 else 0.5)

    def y(v: int) -> float:
        return 14 + (hgt - bottom - 14) * (1 - (v - low) / ((top - low) or 1))

    parts = [svg("line", {"x1": left, "x2": w - right, "y1": y(low), "y2": y(low),
                          "class": "axis"}),
             svg("line", {"x1": left, "x2": left, "y1": 14, "y2": y(low), "class": "axis"}),
             svg("text", {"x": left - 6, "y": y(top) + 5, "text-anchor": "end",
                          "class": "chart-label"}, messages.number(top)),
             svg("text", {"x": left - 6, "y": y(low) + 5, "text-anchor": "end",
                          "class": "chart-label"}, messages.number(low)),
             svg("text", {"x": x(0), "y": hgt - 6, "text-anchor": "start",
                          "class": "chart-label"}, _day(f.scores[0][0])),
             svg("text", {"x": x(n - 1), "y": hgt - 6, "text-anchor": "end",
                          "class": "chart-label"}, _day(f.scores[-1][0])) if n > 1 else None]
    coords = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(points))
    parts.append(svg("polyline", {"points": coords, "class": "chart-line history",
                                  "data-values": ",".join(str(v) for v in points)}))
    parts.extend(svg("circle", {"cx": f"{x(i):.1f}", "cy": f"{y(v):.1f}", "r": 3,
                                "class": "chart-dot"}) for i, v in enumerate(points))
    label = messages.t("stats.chart", name=f.chart.name if f.chart else "")
    return h("figure", {"class": "score-chart"},
             svg("svg", {"viewBox": f"0 0 {w:.0f} {hgt:.0f}", "role": "img",
                         "aria-label": label, "data-history-chart": n}, parts),
             h("figcaption", {}, messages.t("stats.chart_caption", games=messages.number(n))))


def _day(ts: float) -> str:
    """The date part of a moment, as the language writes it."""
    return messages.date_time(ts).rsplit(" ", 1)[0].rstrip(",")


def _manage(f: StatsFrame) -> El | None:
    if not f.people and not f.games:
        return None
    rows = []
    for p in f.people:
        others = [(o.id, o.name) for o in f.people if o.id != p.id]
        pending = f.merge is not None and f.merge[0] == p.id
        merge = h("label", {"class": "field"},
                  h("span", {"class": "field-label"}, messages.t("stats.merge_into")),
                  h("select", {"data-change": "stats-merge-ask", "data-person": p.id},
                    h("option", {"value": "", "selected": not pending}, "—"),
                    [h("option", {"value": ident,
                                  "selected": pending and f.merge is not None
                                  and f.merge[1] == ident}, name)
                     for ident, name in others])) if others else None
        confirm_merge = None
        if pending and f.merge is not None:
            keep = next((o.name for o in f.people if o.id == f.merge[1]), "")
            confirm_merge = h("p", {"class": "confirm-line"},
                              messages.parts("stats.merge_confirm", drop=bdi(p.name), keep=bdi(keep)),
                              " ", button(messages.t("stats.merge"), "stats-merge", cls="btn danger"),
                              " ", button(messages.t("stats.cancel"), "stats-cancel",
                                          cls="btn secondary"))
        forgetting = f.forget == p.id
        forget = button(messages.t("stats.forget_confirm" if forgetting else "stats.forget"),
                        "stats-forget", {"data-person": p.id,
                                         "data-confirm": "true" if forgetting else None},
                        cls="btn danger" if forgetting else "btn secondary")
        rows.append(h("li", {"class": "stats-manage-person", "data-manage-person": p.id},
                      h("label", {"class": "field name"},
                        h("span", {"class": "field-label"}, messages.t("stats.name")),
                        h("input", {"type": "text", "value": p.name, "maxlength": MAX_NAME_LENGTH,
                                    "data-change": "stats-rename", "data-person": p.id,
                                    "aria-describedby": f"name-limit-{p.id}",
                                    "autocomplete": "off", "spellcheck": "false"}),
                        h("small", {"class": "field-hint", "id": f"name-limit-{p.id}"},
                          messages.t("setup.name_limit", max=MAX_NAME_LENGTH))),
                      merge, forget, confirm_merge))
    reset = button(messages.t("stats.reset_confirm" if f.reset else "stats.reset"), "stats-reset",
                   {"data-confirm": "true" if f.reset else None},
                   cls="btn danger" if f.reset else "btn secondary")
    return h("section", {"class": "stats-manage"},
             h("h2", {}, messages.t("stats.manage")),
             h("p", {"class": "hint"}, messages.t("stats.manage_hint")),
             h("ul", {"class": "stats-manage-list"}, rows) if rows else None,
             h("div", {"class": "actions"}, reset,
               button(messages.t("stats.cancel"), "stats-cancel", cls="btn secondary")
               if f.reset else None))
