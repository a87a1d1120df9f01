"""The strongest level against the yardstick pool: wins with Wilson intervals and
mean margins, per table size and opponent, seats rotated.

    nice -n 19 .venv/bin/python scripts/bench_yardstick.py                 # the full table
    nice -n 19 .venv/bin/python scripts/bench_yardstick.py --games 12 --players 2 \\
        --log /tmp/y.jsonl                                                  # a reduced run
    .venv/bin/python scripts/bench_yardstick.py --summarize /tmp/y.jsonl    # its table again
    .venv/bin/python scripts/bench_yardstick.py --paired old.jsonl new.jsonl  # same deals
    .venv/bin/python scripts/bench_yardstick.py --paired \\
        docs/yardstick/wider.jsonl@722a928bdd36 other.jsonl  # one code's games of a log

Lines: the subject (default ``game.ai.STRONGEST``) against each pool member (every other
seat that member) and against the mixed pool (the other seats drawn from the pool in
rotation, so every member sits in every seat equally often over ``n x len(pool)`` games), at
2, 3 and 4 players. Game ``g`` of a table size has the seed ``{seed}/{n}p/{g}`` whatever the
line, so the lines play the same deals (paired), and the subject sits in seat ``g % n``.

Games are played round-robin over the lines (game 0 of every line, then game 1, ...), and
every game is appended to the ``--log`` file as one JSON line as soon as it ends, so an
interrupted run still has equally many games per line; ``--summarize`` prints the table from
a log (several logs are added up). Each record carries ``code`` (:func:`code_digest`: the
sources that play the line's games and the configurations of its levels at its table size): the summary keeps
games of different code apart, and a run skips the games its log already holds for the
line's code, so a line grows over several sessions by running the same command again (the
logs kept in ``docs/yardstick/``). At two players a member's line takes over the mixed
line's games that seated that member (:func:`adopted`): they are the same games. At most one
process a core, under ``nice`` on a shared machine (docs/yardstick/README.md). A win shared
by the tie-break-less rule counts by its share; the margin is the subject's points minus the
mean of the others'.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import math
import os
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import POOL, STRONGEST, WIDER_POOL, make_player, parse_level
from game.selfplay import play_game, wilson_interval


def _load() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


GAME = Path(__file__).resolve().parent.parent / "game"
NOT_PLAYED = ("web/", "cli.py", "__main__.py", "examples.py", "story.py", "ai/strength.py",
              "ai/explain.py", "ai/levels.py")
"""Sources under ``game/`` that no game between computers runs (the browser layer, the
command line, the story, the texts about levels) and ``ai/levels.py``, whose part in a game
is the configuration of the levels at the table (:func:`code_digest` adds those)."""


@functools.cache
def _sources_digest() -> bytes:
    digest = hashlib.sha256()
    for path in sorted(GAME.rglob("*.py")):
        relative = path.relative_to(GAME).as_posix()
        if not relative.startswith(NOT_PLAYED):
            digest.update(relative.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def code_digest(subject: str, line: str, pool: Iterable[str], players: int) -> str:
    """A digest of what plays a line's games at ``players``-player tables: every source of
    the engine and ``game/ai`` (but :data:`NOT_PLAYED`) and the kind and search
    configuration of the subject and of its opponents (the pool's, for the mixed line) as
    they play at that table size, so a line's games stay comparable when another level, a
    text or a level's configuration at another table size changes."""
    digest = hashlib.sha256(_sources_digest())
    for level_id in sorted({subject, *(pool if line == "mixed" else [line])}):
        level = parse_level(level_id)
        at_table = dict(level.tables).get(players, ())
        digest.update(repr((level.id, level.kind, level.search, at_table)).encode())
    return digest.hexdigest()[:12]


def deal_key(record: dict[str, Any]) -> tuple[int, str, str, int]:
    """Which deal a record played: (players, line, seed, game number), whoever sat in the
    subject's seat. Two subjects or two versions with the same key met the same cards and
    the same opponents in the same seats."""
    return (record["players"], record["line"], record["seed"], record["game"])


def game_key(record: dict[str, Any]) -> tuple[str, int, str, str, int]:
    """Which game of which line a record is: the subject and its :func:`deal_key` (a run
    skips the games its log holds under this key for the line's code)."""
    return (record["subject"], *deal_key(record))


def read_log(path: str | Path) -> list[dict[str, Any]]:
    """The records of a log, one JSON line each."""
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]


def line_opponents(line: str, pool: list[str], players: int, g: int) -> list[str]:
    """The other seats' ids (in seat order after the subject) for game ``g`` of a line."""
    if line != "mixed":
        return [line] * (players - 1)
    offset = g // players
    return [pool[(offset + i) % len(pool)] for i in range(players - 1)]


def adopted(records: list[dict[str, Any]], line: str, code: str,
            mixed_code: str) -> list[dict[str, Any]]:
    """The two-player games of the mixed line that are games of member ``line`` too: at two
    players the mixed line seats one pool member, and its game ``g`` (seed, seat, the two
    ids) is then exactly game ``g`` of that member's line (:func:`line_opponents`), so a
    member's line takes it over instead of playing it again. Only games of the mixed line's
    current code (``mixed_code``) are taken; the copies say where they come from
    (``"adopted": "mixed"``) and carry the member line's code."""
    copies = []
    for r in records:
        if (r["line"] == "mixed" and r["players"] == 2 and r.get("code") == mixed_code
                and _opponents(r) == line):
            copies.append({**r, "line": line, "code": code, "adopted": "mixed"})
    return copies


def play_one(subject: str, line: str, pool: list[str], players: int, seed: str,
             g: int, code: str) -> dict[str, Any]:
    """One game of a line (``code``: the line's :func:`code_digest`); what the summary
    needs, as a JSON-ready dict."""
    others = line_opponents(line, pool, players, g)
    seat = g % players
    ids = others[:]
    ids.insert(seat, subject)
    think_time = [0.0] * players
    think_count = [0] * players
    load = _load()
    started = time.perf_counter()
    game = play_game([make_player(i) for i in ids], f"{seed}/{players}p/{g}", {},
                     think_time, think_count)
    state = game.state
    points = state.player_points()
    winners = [s.player for s in state.standings() if s.winner]
    mine = points[seat]
    margin = mine - (sum(points) - mine) / (players - 1)
    return {"subject": subject, "line": line, "players": players, "seed": seed, "game": g,
            "seat": seat, "ids": ids, "points": points,
            "win": (1 / len(winners)) if seat in winners else 0.0, "margin": margin,
            "seconds": round(think_time[seat], 3), "decisions": think_count[seat],
            "wall": round(time.perf_counter() - started, 2), "load": [load, _load()],
            "pool": pool, "code": code}


def _opponents(record: dict[str, Any]) -> str:
    ids = list(record["ids"])
    del ids[record["seat"]]
    return "+".join(sorted(ids))


def summarize(records: list[dict[str, Any]], split: bool = False) -> list[dict[str, Any]]:
    """One row per (subject, players, line): wins, Wilson 95% interval, mean margin with its
    standard error, CPU seconds a decision, load averages seen. ``split``: the mixed lines
    also per set of opponents met (``mixed[heuristic+threat]``)."""
    groups: dict[tuple[str, int, str, str], list[dict[str, Any]]] = {}
    seen = set()
    for r in records:
        game = (*game_key(r), r.get("code", ""))
        if game in seen:
            continue  # the same game twice (a log given twice, a run resumed by hand)
        seen.add(game)
        groups.setdefault((r["subject"], r["players"], r["line"], r.get("code", "")),
                          []).append(r)
    if split:
        for (subject, players, line, code), rs in list(groups.items()):
            if line == "mixed" and len({_opponents(r) for r in rs}) > 1:
                for r in rs:
                    groups.setdefault((subject, players, f"mixed[{_opponents(r)}]", code),
                                      []).append(r)
    rows = []
    for (subject, players, line, code), rs in sorted(groups.items(), key=lambda kv: (
            kv[0][0], kv[0][1], not kv[0][2].startswith("mixed"), kv[0][2], kv[0][3])):
        n = len(rs)
        wins = sum(r["win"] for r in rs)
        low, high = wilson_interval(wins, n)
        margins = [r["margin"] for r in rs]
        mean = sum(margins) / n
        sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1)) if n > 1 else 0.0
        decisions = sum(r["decisions"] for r in rs)
        loads = [x for r in rs for x in r["load"] if x is not None]
        rows.append({
            "subject": subject, "players": players, "line": line, "code": code, "games": n,
            "wins": round(wins, 2), "win_rate": round(wins / n, 4),
            "wilson95": [round(low, 4), round(high, 4)], "even_share": round(1 / players, 4),
            # three places: the table prints one, and two places first misprinted it (a
            # standard error of 0.1507 -> 0.15 -> "0.1")
            "mean_margin": round(mean, 3), "margin_se": round(sd / math.sqrt(n), 3),
            "cpu_s_per_decision": round(sum(r["seconds"] for r in rs) / decisions, 3)
            if decisions else None,
            "wall_s_per_game": round(sum(r["wall"] for r in rs) / n, 1),
            "load_min_max": [min(loads), max(loads)] if loads else None,
            "seeds": f"{rs[0]['seed']}/{players}p/g, g in "
                     f"{sorted(r['game'] for r in rs)[0]}-{sorted(r['game'] for r in rs)[-1]}",
        })
    return rows


def of_code(records: list[dict[str, Any]], code: str | None) -> list[dict[str, Any]]:
    """The records of one code digest (``LOG@CODE`` on the command line), or all of them."""
    return records if code is None else [r for r in records if r.get("code") == code]


def paired(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Two versions, or two subjects, on the same deals (:func:`deal_key`): per (subject
    before, subject after, players, line), the games both logs hold, the wins of each, the
    games only one of them won (a shared win counts by its share) and the mean change of the
    margin with its standard error. Why paired: the deal is most of a game's variance, so the
    difference on the same deals shows a change with fewer games than two separate win
    rates. A log holding one deal twice (two codes, or two subjects) cannot be paired as it
    is: ValueError, naming the deal (select a code with :func:`of_code`)."""
    def by_deal(records: list[dict[str, Any]], side: str) -> dict[tuple[int, str, str, int],
                                                                 dict[str, Any]]:
        deals: dict[tuple[int, str, str, int], dict[str, Any]] = {}
        for r in records:
            key = deal_key(r)
            if key in deals:
                first = deals[key]
                raise ValueError(f"the {side} log holds {key} twice ({first['subject']} "
                                 f"code {first.get('code')}, {r['subject']} code "
                                 f"{r.get('code')}): name one code as LOG@CODE")
            deals[key] = r
        return deals
    old = by_deal(before, "before")
    groups: dict[tuple[str, str, int, str], list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for key, r in sorted(by_deal(after, "after").items()):
        b = old.get(key)
        if b is not None:
            groups.setdefault((b["subject"], r["subject"], r["players"], r["line"]),
                              []).append((b, r))
    rows = []
    for (subject_before, subject_after, players, line), pairs in sorted(groups.items()):
        n = len(pairs)
        changes = [a["margin"] - b["margin"] for b, a in pairs]
        mean = sum(changes) / n
        sd = math.sqrt(sum((c - mean) ** 2 for c in changes) / (n - 1)) if n > 1 else 0.0
        rows.append({
            "subject_before": subject_before, "subject_after": subject_after,
            "players": players, "line": line, "games": n,
            "codes_before": sorted({b.get("code", "") for b, _ in pairs}),
            "codes_after": sorted({a.get("code", "") for _, a in pairs}),
            "wins_before": round(sum(b["win"] for b, _ in pairs), 2),
            "wins_after": round(sum(a["win"] for _, a in pairs), 2),
            "only_before": round(sum(max(0.0, b["win"] - a["win"]) for b, a in pairs), 2),
            "only_after": round(sum(max(0.0, a["win"] - b["win"]) for b, a in pairs), 2),
            "margin_change": round(mean, 2), "margin_change_se": round(sd / math.sqrt(n), 2),
        })
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a Markdown table (for docs/ai.md)."""
    out = ["| subject | players | opponents | code | games | wins | win rate | 95% Wilson | "
           "even share | mean margin (± s.e.) | CPU s / decision | load avg |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        load = r["load_min_max"]
        out.append(
            f"| `{r['subject']}` | {r['players']} | {r['line']} | {r['code'] or '-'} | "
            f"{r['games']} | {r['wins']:g} | "
            f"{100 * r['win_rate']:.1f}% | {100 * r['wilson95'][0]:.1f}% - "
            f"{100 * r['wilson95'][1]:.1f}% | {100 * r['even_share']:.0f}% | "
            f"{r['mean_margin']:+.1f} (± {r['margin_se']:.1f}) | {r['cpu_s_per_decision']} | "
            f"{'-' if load is None else f'{load[0]:g}-{load[1]:g}'} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--subject", default=STRONGEST.id)
    parser.add_argument("--pool", default=",".join(level.id for level in POOL),
                        help="comma-separated ids, or 'wider' (game.ai.WIDER_POOL)")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--lines", default=None,
                        help="comma-separated: pool members and/or 'mixed' (default: all)")
    parser.add_argument("--games", type=int, default=200, help="games per line")
    parser.add_argument("--first", type=int, default=0, help="first game number (resume)")
    parser.add_argument("--seed", default="yard")
    parser.add_argument("--log", default=None, help="append every game here (JSON lines)")
    parser.add_argument("--summarize", nargs="*", default=None, metavar="LOG",
                        help="print the table of these logs (the mixed lines also per set of "
                             "opponents met) and exit")
    parser.add_argument("--paired", nargs=2, default=None, metavar=("BEFORE", "AFTER"),
                        help="compare two logs game by game on the same deals and exit; "
                             "LOG@CODE takes only that code digest's games of a log")
    args = parser.parse_args(argv)
    if args.paired is not None:
        before, after = (of_code(read_log(path), code or None)
                         for path, _, code in (arg.partition("@") for arg in args.paired))
        try:
            print(json.dumps(paired(before, after), indent=1))
        except ValueError as error:
            parser.error(str(error))
        return 0
    if args.summarize is not None:
        records = [r for path in args.summarize for r in read_log(path)]
        rows = summarize(records, split=True)
        print(json.dumps(rows, indent=1))
        print(table(rows))
        return 0
    pool = ([level.id for level in WIDER_POOL] if args.pool == "wider"
            else [p.strip() for p in args.pool.split(",") if p.strip()])
    lines = ([x.strip() for x in args.lines.split(",")] if args.lines else ["mixed", *pool])
    for i in {args.subject, *pool}:
        make_player(i)  # unknown ids fail before any game
    counts = [int(n) for n in args.players.split(",")]
    codes = {(line, n): code_digest(args.subject, line, pool, n) for line in lines for n in counts}
    logged = read_log(args.log) if args.log and Path(args.log).exists() else []
    done = {game_key(r) for r in logged
            if r.get("code") == codes.get((r["line"], r["players"]))}
    records = []

    def keep(record: dict[str, Any]) -> None:
        """Each game appended on its own, the log opened anew: a log that git replaces
        meanwhile (a checkout, a stash) still gets every game, where a file held open through
        a run would write into the replaced copy."""
        records.append(record)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as log:
                log.write(json.dumps(record) + "\n")

    if 2 in counts:
        mixed_code = code_digest(args.subject, "mixed", pool, 2)
        for line in lines:
            if line == "mixed":
                continue
            for record in adopted(logged, line, codes[(line, 2)], mixed_code):
                if (record["subject"] == args.subject and record["seed"] == args.seed
                        and args.first <= record["game"] < args.first + args.games
                        and game_key(record) not in done):
                    done.add(game_key(record))
                    keep(record)
    for g in range(args.first, args.first + args.games):
        for n in counts:
            for line in lines:
                if (args.subject, n, line, args.seed, g) in done:
                    continue
                record = play_one(args.subject, line, pool, n, args.seed, g, codes[(line, n)])
                keep(record)
                print(f"{n}p {line} game {g}: win {record['win']:g} margin "
                      f"{record['margin']:+.1f} ({record['wall']} s, load "
                      f"{record['load'][1]})", file=sys.stderr, flush=True)
    rows = summarize(records)
    print(json.dumps(rows, indent=1))
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
