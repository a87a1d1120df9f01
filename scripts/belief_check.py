"""How well the search's belief (``game.ai.belief``) predicts the real hidden hands, against
the uniform draw of the unseen cards.

    nice -n 19 .venv/bin/python scripts/belief_check.py --games 20 --lineup heuristic,threat,majority,greedy
    nice -n 19 .venv/bin/python scripts/belief_check.py --games 6 --lineup search:3,heuristic,threat,majority

Plays games between the levels of ``--lineup`` (seats rotated: game ``g`` seats the lineup
shifted by ``g``), seeds ``{seed}/{players}p/{g}``. At every ``--every``-th build decision
the player to move is the viewer: from its view with the table's history it forms the belief
about each other player's hand and the figures below are taken against that player's real
hand (read from the game, never by the belief), grouped by the level of the player whose
hand is predicted:

* ``ll/card``: log-likelihood (natural log) of the real hand under the belief, per hidden
  card (the hand as a multiset of the 9 card kinds); ``uniform`` is the same for the uniform
  draw (the belief without readings), ``gain`` the mean difference with its standard error;
* ``top1``: how often the card kind the belief thinks most likely in the hand is in it.

``--rationalities`` compares choice models (the belief's ``RATIONALITY``).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import decide, make_player
from game.ai.belief import CARD_INDEX, Belief
from game.match import Game
from game.settings import standard_settings


def marginals(belief: Belief, player: int) -> list[float]:
    """The belief's chance that each card kind is in ``player``'s hand."""
    out = [0.0] * 9
    for hand, p in belief.distribution(player):
        for i in set(hand):
            out[i] += p
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lineup", default="heuristic,threat,majority,greedy")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--seed", default="belief")
    parser.add_argument("--rationalities", default="0.5,1,2,4")
    args = parser.parse_args(argv)
    lineup = args.lineup.split(",")
    n = len(lineup)
    rationalities = [float(t) for t in args.rationalities.split(",")]
    models = ["uniform", *(f"beta={t:g}" for t in rationalities)]
    ll: dict[tuple[str, str], list[float]] = {}
    top1: dict[tuple[str, str], list[int]] = {}
    seconds: dict[str, list[float]] = {}
    count = 0
    for g in range(args.games):
        ids = lineup[g % n:] + lineup[:g % n]
        bots = [make_player(i) for i in ids]
        game = Game(standard_settings(n), f"{args.seed}/{n}p/{g}")
        rng = random.Random(f"{args.seed}/{n}p/{g}/players")
        builds = 0
        while not game.state.is_over:
            p = game.state.current
            assert p is not None
            view = game.view(p, history=True)
            if game.state.phase == "build":
                builds += 1
                if builds % args.every == 0:
                    count += 1
                    for model in models:
                        started = time.process_time()
                        belief = Belief(view, decisions=0) if model == "uniform" else \
                            Belief(view, rationality=float(model[5:]))
                        seconds.setdefault(model, []).append(time.process_time() - started)
                        for q in belief.tables:
                            real = game.state.hands[q]
                            if not real:
                                continue
                            hand = tuple(sorted(CARD_INDEX[c] for c in real))
                            prob = dict(belief.distribution(q)).get(hand, 0.0)
                            key = (ids[q], model)
                            ll.setdefault(key, []).append(
                                math.log(max(prob, 1e-12)) / len(hand))
                            m = marginals(belief, q)
                            best = max(range(9), key=lambda i: (m[i], -i))
                            top1.setdefault(key, []).append(int(best in Counter(hand)))
            game.play(decide(bots[p], view, rng))
        print(f"game {g} done ({count} decision points)", file=sys.stderr, flush=True)
    print(f"lineup {args.lineup}, {args.games} games, {count} decision points "
          f"(viewer = the player to move at every {args.every}. build)")
    print("| hand of | model | hands predicted | ll/card | gain over uniform (s.e.) | top-1 |")
    print("|---|---|---|---|---|---|")
    for who in sorted({k[0] for k in ll}):
        base = ll[(who, "uniform")]
        for model in models:
            xs = ll[(who, model)]
            gains = [a - b for a, b in zip(xs, base)]
            mean = sum(gains) / len(gains)
            sd = math.sqrt(sum((x - mean) ** 2 for x in gains) / max(1, len(gains) - 1))
            print(f"| `{who}` | {model} | {len(xs)} | {sum(xs) / len(xs):.4f} | "
                  f"{mean:+.4f} ({sd / math.sqrt(len(gains)):.4f}) | "
                  f"{sum(top1[(who, model)]) / len(xs):.3f} |")
    for model in models:
        s = sorted(seconds[model])
        print(f"{model}: belief formed in {1000 * s[len(s) // 2]:.1f} ms median, "
              f"{1000 * s[int(0.95 * (len(s) - 1))]:.1f} ms p95 (CPU)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
