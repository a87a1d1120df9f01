"""The search player: its sliced interface, its budget, and that it beats random play."""

from __future__ import annotations

import random

import pytest
from ai_helpers import advance, new_game, tiny_search

from game.ai import BY_ID, OFFERED, Level, decide, find_level, make_player, parse_level
from game.ai.search import SearchConfig, SearchPlayer
from game.selfplay import play_game


@pytest.mark.parametrize("n,moves", [(4, 7), (2, 0), (3, 25)])
def test_sliced_thinking_equals_decide(n, moves):
    game = advance(new_game(n, "slices"), moves)
    view = game.view(game.state.current)
    player = tiny_search(iterations=40)
    expected = decide(player, view, random.Random(5))
    thinking = player.start(view, random.Random(5))
    slices = 0
    while not thinking.step(max_iterations=7):
        slices += 1
    assert slices == 40 // 7
    assert thinking.iterations == thinking.budget == 40
    assert thinking.best() == expected
    # Time slices (as the browser uses them) do not change the result either.
    thinking = player.start(view, random.Random(5))
    while not thinking.step(0.001):
        pass
    assert thinking.best() == expected


def test_step_after_done_does_nothing():
    game = advance(new_game(4, "done"), 5)
    thinking = tiny_search(iterations=5).start(game.view(game.state.current), random.Random(1))
    assert thinking.step() is True
    assert thinking.step(max_iterations=10) is True
    assert thinking.iterations == 5


def test_visits_follow_the_budget():
    game = advance(new_game(3, "visits"), 10)
    thinking = tiny_search(iterations=30).start(game.view(game.state.current), random.Random(2))
    thinking.step()
    stats = thinking.statistics()
    assert sum(visits for _, visits, _ in stats) == 30
    assert all(0.0 <= reward <= 1.0 for _, _, reward in stats)
    best = max(stats, key=lambda s: s[1])
    assert thinking.best() == best[0]


def test_levels_are_registered_and_ordered():
    levels = [make_player(f"search:{k}") for k in (1, 2, 3)]
    budgets = [p.config.iterations for p in levels]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3
    assert budgets == [parse_level(f"search:{k}").budget for k in (1, 2, 3)]
    for players in (2, 3, 4):  # a step up at every table size
        at_table = [p.config_for(players).iterations for p in levels]
        assert at_table == sorted(at_table) and len(set(at_table)) == 3, players
    assert [level.id for level in OFFERED] == [
        "random", "greedy", "search:1", "search:3"]
    for gone in ("heuristic", "search:2"):  # off the ladder; saves may name them
        assert find_level(gone) is not None and not find_level(gone).offered
    assert all(level.offered and BY_ID[level.id] is level for level in OFFERED)
    with pytest.raises(ValueError):
        make_player("search:9")


def test_a_level_is_plain_data_read_once_from_its_id():
    """A level is hashable and survives pickling (selfplay's processes); its id is what a
    save stores; a custom search is parsed into one too."""
    import pickle
    for level in BY_ID.values():
        assert pickle.loads(pickle.dumps(level)) == level and hash(level) == hash(
            parse_level(level.id))
        assert level.make().id == level.id
    custom = parse_level("search[iterations=7;foresight=1;root_ranking=heuristic]")
    assert isinstance(custom, Level) and custom.kind == "search" and custom.budget == 7
    player = custom.make()
    assert isinstance(player, SearchPlayer) and player.config.foresight == 1.0
    assert parse_level("random").budget is None
    for bad in ("search[depth=3]", "search[colour=red;iterations=3]", "human"):
        with pytest.raises(ValueError):
            parse_level(bad)


@pytest.mark.slow
def test_search_beats_random_in_a_seeded_match():
    search = SearchPlayer("search:test", SearchConfig(iterations=12, root_width=6,
                                                      inner_width=3))
    rand = make_player("random")
    margins = []
    for g in range(2):
        bots = [search, rand] if g % 2 == 0 else [rand, search]
        game = play_game(bots, f"match/{g}", {})
        me = bots.index(search)
        points = game.state.player_points()
        margins.append(points[me] - points[1 - me])
    assert all(m > 0 for m in margins), margins


def test_every_player_offers_the_same_protocol():
    """start() -> a thinking with step()/best(); one-shot players are finished at once."""
    game = advance(new_game(4, "protocol"), 6)
    view = game.view(game.state.current)
    legal = game.state.legal_actions()
    for level in BY_ID.values():
        if level.kind == "search":
            player = tiny_search(iterations=5)
        else:
            player = level.make()
        thinking = player.start(view, random.Random(3))
        if level.kind != "search":
            assert thinking.step(None) is True
        while not thinking.step(0.01):
            pass
        assert thinking.best() in legal
        assert decide(player, view, random.Random(3)) == thinking.best()


def test_time_cap_ends_a_search_early():
    game = advance(new_game(4, "cap"), 6)
    view = game.view(game.state.current)
    capped = SearchPlayer("capped", SearchConfig(iterations=10**6, max_seconds=0.05))
    thinking = capped.start(view, random.Random(1))
    while not thinking.step(0.01):
        pass
    assert 0 < thinking.iterations < 10**6
    assert thinking.best() in game.state.legal_actions()


def test_helpers_cover_every_registered_kind():
    from ai_helpers import all_players
    kinds = {level.kind for level in BY_ID.values()}
    assert kinds | {"strongest"} == set(all_players())


def test_prior_starts_from_the_heuristic_ranking():
    """With a strong prior and a single iteration, the search plays the heuristic's choice;
    the iterations are still what statistics() counts."""
    from game.ai.heuristic import ranked_heuristic
    game = advance(new_game(4, "prior"), 9)
    view = game.view(game.state.current)
    ranked = ranked_heuristic(view, random.Random(4))
    assert ranked[0][0] > ranked[1][0]  # a position with a clear heuristic favourite
    config = SearchConfig(iterations=1, root_ranking="heuristic", prior=50)
    thinking = SearchPlayer("prior", config).start(view, random.Random(4))
    means = [reward for _, _, reward in thinking.statistics()]
    assert means == sorted(means, reverse=True) and means[0] > means[-1]
    thinking.step()
    assert thinking.best() == ranked[0][1]
    assert sum(visits for _, visits, _ in thinking.statistics()) == 1


def test_heuristic_inner_ranking_offers_the_threat_aware_replies():
    """With ``inner_ranking="heuristic"`` an inner node's options are the fast estimate's
    pool re-ranked by ``heuristic``'s value for the player to move: with a pool of every
    build they are the heuristic player's own best four from that seat, in its order."""
    from game.ai.heuristic import ranked_heuristic
    from game.state import BUILD
    from game.view import player_view
    player = SearchPlayer("inner", SearchConfig(iterations=1, inner_width=4, inner_pool=500,
                                                inner_ranking="heuristic"))
    checked = 0
    for seed in range(8):
        state = advance(new_game(3, f"inner{seed}"), 9 + seed).state
        if state.phase != BUILD:
            continue
        view = player_view(state, state.current)
        ranked = ranked_heuristic(view, random.Random(0))
        values = [v for v, _ in ranked]
        if len(ranked) < 6 or len(set(values[:5])) < 5:
            continue  # ties are broken differently (seeded there, by the fast order here)
        thinking = player.start(view, random.Random(0))
        options = thinking._options(state)
        assert options == [a for _, a in ranked[:4]]
        checked += 1
    assert checked >= 2


def test_the_strongest_level_weighs_threat_aware_replies_at_three_and_four_players():
    """At 3- and 4-player tables ``search:3`` weighs threat-aware replies, not at 2; at 3
    it also takes the selection heuristic's pieces without searching them."""
    from game.ai import STRONGEST
    from game.ai.selection import ranked_selections
    from game.state import SELECT
    strongest = STRONGEST.make()
    for n, threat_aware, unsearched_pieces in ((2, False, False), (3, True, True),
                                               (4, True, False)):
        game = new_game(n, "tables")
        assert game.state.phase == SELECT
        view = game.view(game.state.current)
        thinking = strongest.start(view, random.Random(0))
        assert (thinking.config.inner_ranking == "heuristic") is threat_aware, n
        if unsearched_pieces:
            assert thinking.candidates == [ranked_selections(view)[0]] and thinking.budget == 0
        else:
            assert len(thinking.candidates) > 1 and thinking.budget > 0, n
