"""The scoring breakdown after each round and the final standings."""

from __future__ import annotations

from ...board import height
from ...material import CITIES, PLOTS_PER_CITY
from .. import messages
from ..frames.frame import FinalFrame, ScoringFrame, TableFrame
from . import palette
from .coach_panels import hints_used_line, review_button
from .common import bdi, button, chip, chips, said
from .story import share_block, share_buttons
from .svg_pieces import cue
from .vdom import El, h
from .vdom import s as svg


def render_scoring(sheet: ScoringFrame, lesson: El | None = None) -> El:
    """The round's scoring sheet; ``lesson``: the tutorial's, at the head of the sheet."""
    f = sheet.table
    state = f.view
    settings = f.settings
    k = sheet.acked
    scoring = state.scorings[k]
    colours = settings.colours
    n = len(colours)
    head = h("tr", {}, h("th", {}, messages.t("score.city")),
             [h("th", {}, chip(c)) for c in colours],
             h("th", {}, messages.t("score.majority")))
    rows = []
    for city, result in enumerate(scoring.cities):
        maj = result.majority
        rows.append(h("tr", {"data-score-city": city},
                      h("th", {"scope": "row"}, messages.city(city)),
                      [h("td", {"class": "num" + (" lead" if maj == c else "")},
                         messages.number(result.towers[c])) for c in range(n)],
                      h("td", {}, chip(colours[maj]) if maj is not None
                        else h("span", {"class": "muted"}, messages.t("score.nobody")))))
    if scoring.tallest is not None:
        city = scoring.tallest // PLOTS_PER_CITY
        # The board may have changed since (a later round); heights are from the scoring's
        # own time only for the last scoring, so show the owner from the breakdown.
        winner = next((c for c in range(n) if scoring.colours[c].tallest), None)
        tallest_text = h("span", {}, messages.t("score.tallest_at", city=messages.city(city),
                                         height=_tallest_height(f, k),
                                         colour=messages.colour(colours[winner]) if winner is not None
                                         else ""),
                         " ", chip(colours[winner]) if winner is not None else None)
    elif any(state.board):
        tallest_text = h("span", {"class": "muted"}, messages.t("score.tallest_shared"))
    else:
        tallest_text = h("span", {"class": "muted"}, messages.t("score.tallest_none"))
    totals = [0] * n
    for sc in state.scorings[:k + 1]:
        for c in range(n):
            totals[c] += sc.colours[c].total
    summary_head = h("tr", {}, h("th", {}, messages.t("score.colour")),
                     h("th", {}, messages.t("score.tower_points")),
                     h("th", {}, messages.t("score.majority_points")),
                     h("th", {}, messages.t("score.tallest_points")),
                     h("th", {}, messages.t("score.round_total")),
                     h("th", {}, messages.t("score.game_total")))
    summary = []
    for c in range(n):
        cs = scoring.colours[c]
        p = settings.colour_owner[c]
        summary.append(h("tr", {"data-score-colour": colours[c]},
                         h("th", {"scope": "row"},
                           h("span", {"class": "name-line"}, chip(colours[c]), " ",
                             bdi(settings.players[p].name))),
                         h("td", {"class": "num"}, messages.number(cs.towers)),
                         h("td", {"class": "num"}, messages.number(cs.majorities)),
                         h("td", {"class": "num"}, messages.number(cs.tallest)),
                         h("td", {"class": "num"}, messages.number(cs.total)),
                         h("td", {"class": "num total"}, messages.number(totals[c]))))
    last = k + 1 == settings.round_count
    return h("div", {"class": "overlay scoring", "data-screen": "scoring", "data-round": k + 1},
             h("div", {"class": "sheet"},
               lesson,
               h("h2", {}, messages.t("score.heading", round=k + 1)),
               sealed_line(f, sheet.sealed),
               h("div", {"class": "tables"},
                 h("table", {"class": "score-cities"}, h("thead", {}, head),
                   h("tbody", {}, rows)),
                 h("div", {"class": "score-side"},
                   h("p", {"class": "tallest"}, h("b", {}, messages.t("score.tallest")), " ",
                     tallest_text),
                   h("table", {"class": "score-summary"}, h("thead", {}, summary_head),
                     h("tbody", {}, summary)))),
               rounds_table(f, k + 1),
               h("div", {"class": "actions"},
                 button(messages.t("final.board"), "peek", cls="btn secondary"),
                 button(messages.t("score.final_next") if last else messages.t("score.continue"),
                        "continue", cls="btn primary big"))))


def sealed_line(f: TableFrame, sealed: int | None) -> El | None:
    """One line for the person whose move led straight to the scoring: no "take back" is
    offered, and this says why."""
    if sealed is None:
        return None
    return h("p", {"class": "sealed hint", "data-sealed": sealed},
             said("undo.sealed", name=f.name(sealed)))


def _tallest_height(f: TableFrame, k: int) -> int:
    """Height of the tallest tower at scoring ``k`` (exact for the latest scoring)."""
    state = f.view
    scoring = state.scorings[k]
    if k == len(state.scorings) - 1 and scoring.tallest is not None:
        return height(state.board[scoring.tallest])
    return max((height(t) for t in state.board), default=0)


def render_final(final: FinalFrame, lesson: El | None = None) -> El:
    """The final standings; ``lesson``: the tutorial's, at the head of the sheet."""
    f = final.table
    settings = f.settings
    standings = final.standings
    winners = [s for s in standings if s.winner]
    if len(winners) == 1:
        headline = said("final.winner", name=settings.players[winners[0].player].name)
    else:
        headline = said("final.winners",
                        names=[settings.players[s.player].name for s in winners])
    rows = []
    for st in standings:
        spec = settings.players[st.player]
        key: str | None = f"final.decided.{st.decided_by}"
        if st.decided_by == "shared" and not settings.tie_break:
            key = "final.decided.shared_off"
        elif st.decided_by == "points":
            key = None  # said once, under the standings
        rows.append(h("li", {"class": "standing" + (" winner" if st.winner else ""),
                             "data-standing": st.player, "data-rank": st.rank,
                             "data-decided-by": st.decided_by},
                      h("span", {"class": "rank", "title": messages.t("final.rank")},
                        messages.number(st.rank)),
                      h("span", {"class": "who"},
                        h("span", {"class": "who-name"}, chips(spec.colours), " ",
                          bdi(spec.name)),
                        h("span", {"class": "figures"},
                          messages.t("final.figures", tallest=st.tallest_tower,
                              majorities=st.majorities)),
                        h("span", {"class": "decided"}, messages.t(key)) if key else None),
                      h("span", {"class": "points"},
                        h("b", {}, messages.number(st.points)), h("small", {}, messages.t("final.points")))))
    return h("div", {"class": "overlay final", "data-screen": "final"},
             h("div", {"class": "sheet"},
               lesson,
               h("h2", {"class": "headline"}, h("span", {"class": "star"}, "★"), " ", headline),
               sealed_line(f, final.sealed),
               h("ol", {"class": "standings"}, rows),
               h("p", {"class": "standings-note", "data-message-id": "final.by_points"},
                 messages.t("final.by_points"))
               if any(st.decided_by == "points" for st in standings) else None,
               hints_used_line(final),
               rounds_table(f, len(f.view.scorings)),
               score_chart(f),
               game_facts(f),
               h("div", {"class": "actions"}, share_buttons(final.menu)),
               share_block(final.menu),
               h("div", {"class": "actions"},
                 review_button(f),
                 button(messages.t("replay.open"), "replay", cls="btn secondary"),
                 button(messages.t("final.board"), "peek", cls="btn secondary"),
                 button(messages.t("final.home"), "home", cls="btn secondary"),
                 button(messages.t("stats.open"), "stats", cls="btn secondary"),
                 button(messages.t("final.new"), "new-game", cls="btn secondary"),
                 button(messages.t("final.rematch"), "rematch", cls="btn primary big"))))


# ------------------------------------------------------------------ the score story
def running_totals(f: TableFrame, upto: int) -> list[list[int]]:
    """Each player's points in each of the first ``upto`` scorings (colours summed)."""
    settings = f.settings
    return [[sum(sc.colours[c].total for c in settings.player_colours[p])
             for sc in f.view.scorings[:upto]] for p in range(settings.player_count)]


def rounds_table(f: TableFrame, upto: int) -> El:
    """Points per round and player for every scoring so far, with the running total."""
    settings = f.settings
    points = running_totals(f, upto)
    order = settings.turn_order
    head = h("tr", {}, h("th", {"scope": "col"}, messages.t("score.round_col")),
             [h("th", {"scope": "col", "data-round-player": p}, chips(settings.players[p].colours),
                bdi(settings.players[p].name)) for p in order])
    rows = []
    for r in range(upto):
        rows.append(h("tr", {"data-rounds-row": r + 1, "class": "now" if r == upto - 1 else None},
                      h("th", {"scope": "row"}, messages.number(r + 1)),
                      [h("td", {"class": "num", "data-round-points": points[p][r]},
                         messages.number(points[p][r], sign=True),
                         h("small", {}, " ", messages.number(sum(points[p][:r + 1]))))
                       for p in order]))
    total = h("tr", {"class": "total"}, h("th", {"scope": "row"}, messages.t("score.game_total")),
              [h("td", {"class": "num", "data-rounds-total": sum(points[p])},
                 messages.number(sum(points[p]))) for p in order])
    return h("div", {"class": "rounds-wrap"},
             h("h3", {}, messages.t("score.history")),
             h("table", {"class": "score-rounds", "data-score-rounds": upto},
               h("thead", {}, head), h("tbody", {}, rows, total)))


def score_chart(f: TableFrame) -> El:
    """An SVG line chart of each player's running total after each round."""
    settings = f.settings
    points = running_totals(f, len(f.view.scorings))
    rounds = len(f.view.scorings)
    totals = [[0] + [sum(p[:r + 1]) for r in range(rounds)] for p in points]
    top = max((max(t) for t in totals), default=1) or 1
    w, hgt, left, bottom, right = 320.0, 170.0, 34.0, 24.0, 48.0
    def x(r: int) -> float:
        return left + (w - left - right) * r / max(rounds, 1)
    def y(v: int) -> float:
        return 20 + (hgt - bottom - 20) * (1 - v / top)
    parts = [svg("line", {"x1": left, "x2": w - right, "y1": y(0), "y2": y(0), "class": "axis"}),
             svg("line", {"x1": left, "x2": left, "y1": 20, "y2": y(0), "class": "axis"}),
             svg("text", {"x": left - 6, "y": y(top) + 5, "text-anchor": "end",
                          "class": "chart-label"}, messages.number(top)),
             svg("text", {"x": left - 6, "y": y(0) + 5, "text-anchor": "end",
                          "class": "chart-label"}, messages.number(0))]
    for r in range(1, rounds + 1):
        parts.append(svg("text", {"x": x(r), "y": hgt - 6, "text-anchor": "middle",
                                  "class": "chart-label"}, messages.number(r)))
    ends: list[tuple[float, str, str]] = []  # (line end's height, colour, total)
    for p in settings.turn_order:
        colour = settings.colours[settings.player_colours[p][0]]
        coords = " ".join(f"{x(r):.1f},{y(v):.1f}" for r, v in enumerate(totals[p]))
        parts.append(svg("polyline", {"points": coords, "class": "chart-line",
                                      "stroke": palette.fill(colour),
                                      "data-chart-player": p,
                                      "data-values": ",".join(str(v) for v in totals[p])}))
        ends.append((y(totals[p][-1]), colour, messages.number(totals[p][-1])))
    # Each line's cue and total beside its end, moved apart where totals are close.
    gap, at = 15.0, list[float]()
    for end_y, _, _ in sorted(ends):
        at.append(max(end_y + 5, at[-1] + gap) if at else end_y + 5)
    below = max(0.0, at[-1] - (y(0) + 5)) if at else 0.0
    for ty, (_, colour, label) in zip(at, sorted(ends)):
        parts.append(cue(colour, x(rounds) + 11, ty - below - 5, 5.5, palette.edge(colour)))
        parts.append(svg("text", {"x": x(rounds) + 19, "y": ty - below, "class": "chart-end",
                                  "fill": palette.edge(colour)}, label))
    return h("figure", {"class": "score-chart"},
             svg("svg", {"viewBox": f"0 0 {w:.0f} {hgt:.0f}", "role": "img",
                         "aria-label": messages.t("final.chart"), "data-score-chart": rounds},
                 parts),
             h("figcaption", {}, messages.t("final.chart")))


def game_facts(f: TableFrame) -> El:
    """Facts of the game: towers taken over, rounds holding the tallest tower, and how many
    rounds each colour held each city's majority (from the scorings as they were)."""
    settings = f.settings
    colours = settings.colours
    scorings = f.view.scorings
    taken = dict(f.story.takeovers)
    tallest = [sum(1 for sc in scorings if sc.colours[c].tallest) for c in range(len(colours))]
    rows = [h("tr", {"data-fact-colour": name},
              h("th", {"scope": "row"},
                h("span", {"class": "name-line"}, chip(name), " ",
                  bdi(settings.players[settings.colour_owner[c]].name))),
              h("td", {"class": "num", "data-fact-takeovers": taken.get(name, 0)},
                messages.number(taken.get(name, 0))),
              h("td", {"class": "num", "data-fact-tallest": tallest[c]}, messages.number(tallest[c])))
            for c, name in enumerate(colours)]
    city_rows = []
    for city in range(len(CITIES)):
        held = [sum(1 for sc in scorings if sc.cities[city].majority == c)
                for c in range(len(colours))]
        city_rows.append(h("tr", {"data-fact-city": city},
                           h("th", {"scope": "row"}, messages.city(city)),
                           [h("td", {"class": "num"}, messages.number(n)) for n in held]))
    return h("section", {"class": "facts", "data-facts": "true"},
             h("h3", {}, messages.t("final.facts")),
             h("table", {"class": "facts-colours"},
               h("thead", {}, h("tr", {}, h("th", {}, messages.t("score.colour")),
                                h("th", {}, messages.t("final.fact_takeovers")),
                                h("th", {}, messages.t("final.fact_tallest")))),
               h("tbody", {}, rows)),
             h("table", {"class": "facts-cities"},
               h("caption", {}, messages.t("final.fact_majorities")),
               h("thead", {}, h("tr", {}, h("th", {}, messages.t("score.city")),
                                [h("th", {}, chip(c)) for c in colours])),
               h("tbody", {}, city_rows)))
