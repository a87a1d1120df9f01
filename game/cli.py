"""``python -m game``: score positions, list legal moves, validate saves, run matches."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .errors import SaveError, SettingsError
from .position import legal_moves, score_position
from .save import load
from .settings import GODZILLA_MODES
from .untrusted import MAX_CHARS, parse_json

MAX_GAMES = 100_000
"""Most games one ``selfplay`` run plays (about 10 minutes between random players)."""


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class CommandError(Exception):
    """A problem with the user's input, printed as one line."""


class OutputFailed(Exception):
    """Standard output refused what was written (a full device): one ``error:`` line."""


class OutputClosed(Exception):
    """Standard output is closed (``python -m game ... >&-``: Python gives ``sys.stdout``
    None): there is nowhere to write the result, so the command ends with status 1 and
    says nothing more."""


def _read(path: str) -> str:
    """The text of ``path`` (``-``: standard input), at most one character more than the
    guard accepts, so a huge file is refused without being read whole."""
    try:
        if path == "-":
            if sys.stdin is None:  # e.g. `python -m game replay - <&-`
                raise CommandError("cannot read standard input: it is closed")
            return sys.stdin.read(MAX_CHARS + 1)
        with open(path, encoding="utf-8") as handle:
            return handle.read(MAX_CHARS + 1)
    except OSError as error:
        where = "standard input" if path == "-" else _shown(path)
        raise CommandError(f"cannot read {where}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{_shown(path)} is not UTF-8 text") from None
    except ValueError as error:  # a closed file object ("I/O operation on closed file"), a
        # name the file system cannot encode
        where = "standard input" if path == "-" else _shown(path)
        raise CommandError(f"cannot read {where}: {error}") from None


def _shown(text: str) -> str:
    """A file name or other text from the command line as an error message can print it:
    as is, unless it holds what is not text (a lone surrogate from bytes that were not
    UTF-8, Python's ``surrogateescape``), then with escapes."""
    return text if text.isprintable() else ascii(text)


def _read_json(path: str) -> Any:
    return parse_json(_read(path), "standard input" if path == "-" else _shown(path))


def _checked_arg(text: str, what: str) -> str:
    """A text argument that is Unicode: a lone surrogate (argv bytes that are not UTF-8)
    is refused with an ``error:`` line, never used or printed back as data."""
    if _LONE_SURROGATE.search(text):
        raise CommandError(f"{what} {ascii(text)} is not valid text (not UTF-8)")
    return text


def _print(data: Any) -> None:
    """``data`` as one line of JSON. Text is written as is, except what the output cannot
    encode: lone surrogates (JSON allows ``"\\ud800"``, UTF-8 does not) become ``\\u``
    escapes, and on an output that is not Unicode everything non-ASCII does."""
    text = _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m[0]):04x}",
                               json.dumps(data, ensure_ascii=False))
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(data)
    if sys.stdout is None:
        raise OutputClosed
    _written(lambda: sys.stdout.write(text + "\n"))


def _written(write: Callable[[], object]) -> None:
    """Run ``write`` on standard output; a device that refuses it (``> /dev/full``: no
    space left) becomes :class:`OutputFailed` (a closed pipe stays ``BrokenPipeError``)."""
    try:
        write()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputFailed(f"cannot write the output: {error.strerror or error}") from None


def _cmd_score(args: argparse.Namespace) -> int:
    _print(score_position(_read_json(args.file)))
    return 0


def _cmd_moves(args: argparse.Namespace) -> int:
    _print(legal_moves(_read_json(args.file)))
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    game = load(_read(args.save))
    state = game.state
    names = [p.name for p in game.settings.players]
    result: dict[str, Any] = {
        "over": state.is_over,
        "round": state.round,
        "steps": len(game.log),
        "scores": {game.settings.colours[c]: s for c, s in enumerate(state.scores)},
        "standings": [
            {"rank": s.rank, "player": names[s.player], "points": s.points,
             "winner": s.winner, "decided_by": s.decided_by,
             "tallest_tower": s.tallest_tower, "majorities": s.majorities}
            for s in state.standings()],
    }
    _print(result)
    return 0


def _rule_options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if args.rounds is not None:
        options["rounds"] = args.rounds
    if args.godzilla != "off":
        options["godzilla"] = args.godzilla
    for flag in ("progressive", "anti_trust", "secret_selection"):
        if getattr(args, flag):
            options[flag] = True
    if args.shared_win:
        options["tie_break"] = False
    return options


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from .ai import parse_level
    from .selfplay import cpu_count, selfplay
    ids = [b.strip() for b in _checked_arg(args.bots, "--bots").split(",") if b.strip()]
    try:
        bots = [parse_level(b) for b in ids]
    except ValueError as error:
        raise CommandError(str(error)) from None
    seed = _checked_arg(args.seed, "--seed")
    if args.players is None:
        args.players = len(bots)
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        raise CommandError(f"--bots names {len(bots)} players but --players is {args.players}")
    if not 1 <= args.games <= MAX_GAMES:
        raise CommandError(f"--games must be from 1 to {MAX_GAMES}, not {args.games}")
    if args.jobs < 1:
        raise CommandError("--jobs must be at least 1")
    cpus = cpu_count()
    if args.jobs > cpus:  # more processes than CPUs only adds forks, never speed
        print(f"note: --jobs {args.jobs} is more than the {cpus} CPU(s) this process may use; "
              f"playing in {cpus} process(es)", file=sys.stderr)
    try:
        _print(selfplay(bots, args.games, seed, _rule_options(args), rotate=args.rotate,
                        jobs=args.jobs))
    except ValueError as error:
        raise CommandError(str(error)) from None
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Manhattan (Andreas Seyfarth, 1994): the rules engine from the command line.",
        epilog="Positions: {\"colours\": [...], \"cities\": [6 cities x 9 plots]}, a plot is a "
               "list of [colour, floors] pieces from the bottom up; plots numbered 0-8 row-major "
               "as seen from the south edge. See docs/save-format.md for saves.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("score", help="score a position; prints points per colour as JSON")
    p.add_argument("file", help="position JSON file, or - for standard input")
    p.set_defaults(run=_cmd_score)
    p = sub.add_parser("moves", help="list every legal build in a position (needs 'to_move')")
    p.add_argument("file", help="position JSON file with 'to_move', or - for standard input")
    p.set_defaults(run=_cmd_moves)
    p = sub.add_parser("replay", help="validate a save by replaying it; prints the standings")
    p.add_argument("save", help="save JSON file, or - for standard input")
    p.set_defaults(run=_cmd_replay)
    p = sub.add_parser("selfplay", help="play games between computer players; prints a summary")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=None,
                   help="number of players (default: the number of --bots)")
    p.add_argument("--bots", required=True,
                   help="comma-separated computer player ids, one per player (or one for all)")
    p.add_argument("--games", type=int, default=10, help=f"1 to {MAX_GAMES} (default 10)")
    p.add_argument("--seed", default="0")
    p.add_argument("--rounds", type=int, choices=(4, 6), default=None,
                   help="4 or 6 rounds (default: 4 with four players, 6 otherwise)")
    p.add_argument("--godzilla", choices=GODZILLA_MODES, default="off")
    p.add_argument("--progressive", action="store_true", help="progressive construction")
    p.add_argument("--anti-trust", action="store_true", help="no building on your own tower")
    p.add_argument("--secret-selection", action="store_true", help="hidden piece selection")
    p.add_argument("--shared-win", action="store_true", help="ties share the win (no tie-break)")
    p.add_argument("--rotate", action="store_true",
                   help="shift the bots one seat each game (removes seat bias; see by_bot)")
    p.add_argument("--jobs", type=int, default=1,
                   help="play the games in this many processes (same results, faster); at "
                        "most the number of CPUs: more is lowered to it, with a note")
    p.set_defaults(run=_cmd_selfplay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
        if sys.stdout is not None:  # a closed pipe or a full device shows here, not at exit
            _written(sys.stdout.flush)
        return code
    except (CommandError, SaveError, SettingsError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OutputClosed:
        return 1
    except BrokenPipeError:  # e.g. `python -m game selfplay ... | head -c 100`
        _discard_stdout()
        print("error: the output was closed before it was all written (broken pipe)",
              file=sys.stderr)
        return 1
    except OutputFailed as error:  # e.g. `> /dev/full`
        _discard_stdout()
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _discard_stdout() -> None:
    """Point standard output at /dev/null, so Python's final flush of what is still buffered
    does not fail a second time ("Exception ignored ... BrokenPipeError")."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass  # not a real file (tests, Pyodide): nothing is flushed at exit
