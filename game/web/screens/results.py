"""The scoring breakdown after each round and the final standings."""

from __future__ import annotations

from ...board import height, owner
from ...material import CITIES, PLOTS_PER_CITY
from .. import messages as M
from ..frame import PlayFrame
from ..vdom import El, h
from .common import button, chip, chips


def render_scoring(f: PlayFrame) -> El:
    state = f.view
    settings = f.settings
    k = f.acked
    scoring = state.scorings[k]
    colours = settings.colours
    n = len(colours)
    head = h("tr", {}, h("th", {}, M.t("score.city")),
             [h("th", {}, chip(c)) for c in colours],
             h("th", {}, M.t("score.majority")))
    rows = []
    for city, result in enumerate(scoring.cities):
        maj = result.majority
        rows.append(h("tr", {"data-score-city": city},
                      h("th", {"scope": "row"}, M.city(city)),
                      [h("td", {"class": "num" + (" lead" if maj == c else "")},
                         str(result.towers[c])) for c in range(n)],
                      h("td", {}, chip(colours[maj]) if maj is not None
                        else h("span", {"class": "muted"}, M.t("score.nobody")))))
    if scoring.tallest is not None:
        city = scoring.tallest // PLOTS_PER_CITY
        # The board may have changed since (a later round); heights are from the scoring's
        # own time only for the last scoring, so show the owner from the breakdown.
        winner = next((c for c in range(n) if scoring.colours[c].tallest), None)
        tallest_text = h("span", {}, M.t("score.tallest_at", city=M.city(city),
                                         height=_tallest_height(f, k),
                                         colour=M.colour(colours[winner]) if winner is not None
                                         else ""),
                         " ", chip(colours[winner]) if winner is not None else None)
    elif any(state.board):
        tallest_text = h("span", {"class": "muted"}, M.t("score.tallest_shared"))
    else:
        tallest_text = h("span", {"class": "muted"}, M.t("score.tallest_none"))
    totals = [0] * n
    for sc in state.scorings[:k + 1]:
        for c in range(n):
            totals[c] += sc.colours[c].total
    summary_head = h("tr", {}, h("th", {}, M.t("score.colour")),
                     h("th", {}, M.t("score.tower_points")),
                     h("th", {}, M.t("score.majority_points")),
                     h("th", {}, M.t("score.tallest_points")),
                     h("th", {}, M.t("score.round_total")),
                     h("th", {}, M.t("score.game_total")))
    summary = []
    for c in range(n):
        cs = scoring.colours[c]
        p = settings.colour_owner[c]
        summary.append(h("tr", {"data-score-colour": colours[c]},
                         h("th", {"scope": "row"}, chip(colours[c]), " ",
                           h("span", {"class": "pname"}, settings.players[p].name)),
                         h("td", {"class": "num"}, str(cs.towers)),
                         h("td", {"class": "num"}, str(cs.majorities)),
                         h("td", {"class": "num"}, str(cs.tallest)),
                         h("td", {"class": "num"}, str(cs.total)),
                         h("td", {"class": "num total"}, str(totals[c]))))
    last = k + 1 == settings.round_count
    return h("div", {"class": "overlay scoring", "data-screen": "scoring", "data-round": k + 1},
             h("div", {"class": "sheet"},
               h("h2", {}, M.t("score.heading", round=k + 1)),
               h("div", {"class": "tables"},
                 h("table", {"class": "score-cities"}, h("thead", {}, head),
                   h("tbody", {}, rows)),
                 h("div", {"class": "score-side"},
                   h("p", {"class": "tallest"}, h("b", {}, M.t("score.tallest")), " ",
                     tallest_text),
                   h("table", {"class": "score-summary"}, h("thead", {}, summary_head),
                     h("tbody", {}, summary)))),
               h("div", {"class": "actions"},
                 button(M.t("score.final_next") if last else M.t("score.continue"),
                        "continue", cls="btn primary big"))))


def _tallest_height(f: PlayFrame, k: int) -> int:
    """Height of the tallest tower at scoring ``k`` (exact for the latest scoring)."""
    state = f.view
    scoring = state.scorings[k]
    if k == len(state.scorings) - 1 and scoring.tallest is not None:
        return height(state.board[scoring.tallest])
    return max((height(t) for t in state.board), default=0)


def render_final(f: PlayFrame) -> El:
    settings = f.settings
    standings = f.standings
    winners = [s for s in standings if s.winner]
    if len(winners) == 1:
        headline = M.t("final.winner", name=settings.players[winners[0].player].name)
    else:
        headline = M.t("final.winners", names=M.t("final.and").join(
            settings.players[s.player].name for s in winners))
    rows = []
    for st in standings:
        spec = settings.players[st.player]
        key = f"final.decided.{st.decided_by}"
        if st.decided_by == "shared" and not settings.tie_break:
            key = "final.decided.shared_off"
        rows.append(h("li", {"class": "standing" + (" winner" if st.winner else ""),
                             "data-standing": st.player, "data-rank": st.rank,
                             "data-decided-by": st.decided_by},
                      h("span", {"class": "rank", "title": M.t("final.rank")}, str(st.rank)),
                      h("span", {"class": "who"},
                        h("span", {"class": "who-name"}, chips(spec.colours), " ",
                          h("span", {"class": "pname"}, spec.name)),
                        h("span", {"class": "figures"},
                          M.t("final.figures", tallest=st.tallest_tower,
                              majorities=st.majorities)),
                        h("span", {"class": "decided"}, M.t(key))),
                      h("span", {"class": "points"},
                        h("b", {}, str(st.points)), h("small", {}, M.t("final.points")))))
    return h("div", {"class": "overlay final", "data-screen": "final"},
             h("div", {"class": "sheet"},
               h("h2", {"class": "headline"}, h("span", {"class": "star"}, "★"), " ", headline),
               h("ol", {"class": "standings"}, rows),
               h("div", {"class": "actions"},
                 button(M.t("final.board"), "peek", cls="btn secondary"),
                 button(M.t("final.home"), "home", cls="btn secondary"),
                 button(M.t("final.new"), "new-game", cls="btn secondary"),
                 button(M.t("final.rematch"), "rematch", cls="btn primary big"))))
