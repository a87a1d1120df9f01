"""The computer players by level: one typed registry.

A level is a :class:`Level`, a frozen value: its id (the text a save stores in
``PlayerSpec.played_by``, the setup screen's select value, the thinking worker's request
field, what ``python -m game selfplay --bots`` takes), its kind, its search budget and how
to make its player. The id text is read once, where it comes in (:func:`parse_level` /
:func:`find_level`: a save, the form, the worker's request, the command line); past that
boundary code holds the :class:`Level` and asks it (``level.kind``, ``level.make()``,
``level.name_key``), never the text. Ids never change (saves store them: docs/save-format.md).

Player modules are imported by :meth:`Level.make` on first use, which keeps ``import
game.ai`` (and so the page's start-up) cheap. A level is plain data (hashable, picklable),
so it crosses to ``selfplay``'s processes as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from . import ComputerPlayer

Kind = Literal["random", "greedy", "heuristic", "threat", "majority", "planner", "defender",
               "search"]
Fields = tuple[tuple[str, object], ...]
""":class:`~game.ai.search.SearchConfig` fields as (name, value) pairs (hashable)."""


@dataclass(frozen=True)
class Level:
    """One computer player's level (see the module's docstring)."""

    id: str
    """As saved, sent to the worker and typed on the command line (``"search:3"``)."""
    kind: Kind
    search: Fields = ()
    """For kind ``search``: the configuration's fields."""
    tables: tuple[tuple[int, Fields], ...] = ()
    """For kind ``search``: per table size, the fields that differ there."""
    offered: bool = False
    """Offered on the setup screen (the page's levels, :data:`OFFERED`)."""

    @property
    def budget(self) -> int | None:
        """The search's iterations per decision (its deterministic budget); None for a
        one-shot player."""
        iterations = dict(self.search).get("iterations")
        return iterations if isinstance(iterations, int) else None

    @property
    def name_key(self) -> str:
        """The catalogue id of its name in a list of players ("Computer: medium")."""
        return f"ai.{self.id}"

    @property
    def short_key(self) -> str:
        """The catalogue id of its short name ("medium", in "Computer 2 (medium)")."""
        return f"level.{self.id}"

    @property
    def description_key(self) -> str:
        """The catalogue id of its measured strength in words (:mod:`game.ai.strength`)."""
        return f"ai.strength.{self.id}"

    def make(self) -> ComputerPlayer:
        """A new player of this level."""
        if self.kind == "search":
            from dataclasses import replace

            from .search import SearchConfig, SearchPlayer
            base = SearchConfig(**dict(self.search))  # type: ignore[arg-type]  # checked by SearchConfig
            per_table = {n: replace(base, **dict(changes))  # type: ignore[arg-type]
                         for n, changes in self.tables}
            return SearchPlayer(self.id, base, per_table)
        if self.kind == "random":
            from . import RandomPlayer
            return RandomPlayer()
        if self.kind == "greedy":
            from .greedy import GreedyPlayer
            return GreedyPlayer()
        if self.kind == "heuristic":
            from .heuristic import HeuristicPlayer
            return HeuristicPlayer()
        from .yardstick import DefenderPlayer, MajorityPlayer, PlannerPlayer, ThreatPlayer
        players = {"threat": ThreatPlayer, "majority": MajorityPlayer,
                   "planner": PlannerPlayer, "defender": DefenderPlayer}
        return players[self.kind]()


def _search(level_id: str, tables: dict[int, dict[str, object]] | None = None,
            offered: bool = True, **config: object) -> Level:
    return Level(level_id, "search", tuple(config.items()),
                 tuple((n, tuple(changes.items())) for n, changes in (tables or {}).items()),
                 offered)


RANDOM = Level("random", "random", offered=True)
GREEDY = Level("greedy", "greedy", offered=True)
HEURISTIC = Level("heuristic", "heuristic")
SEARCH_1 = _search("search:1", iterations=100, root_width=6, inner_width=3)
SEARCH_2 = _search("search:2", iterations=300, root_width=10, inner_width=4, offered=False)
SEARCH_3 = _search("search:3", iterations=600, root_width=10, inner_width=4, select_width=6,
                   foresight=1.0, root_ranking="heuristic", depth=8, max_seconds=3.0,
                   tables={2: {"foresight": 0.0},
                           3: {"inner_ranking": "heuristic", "root_select_width": 1,
                               "iterations": 400},
                           4: {"inner_ranking": "heuristic"}})
"""``search:1`` and ``search:2`` differ only in budget and width; ``search:3``
ranks its root moves with ``heuristic``, values leaves with foresight (pieces left against
the towers they can take, big pieces kept for later; not at two players, below) and stops
playouts 8 decisions from the root, so its 600 iterations take about 0.5-0.6 CPU seconds in
CPython and about 0.6 s in Pyodide (median; p95 0.7-0.8 s). At 3- and 4-player tables its
inner nodes weigh the replies ``heuristic`` would make (about twice the work per iteration):
at three it searches 400 iterations (Pyodide: ~0.85 s) and takes the pieces the selection
heuristic ranks first, as ``heuristic`` does, without searching them; at four it keeps its
600 iterations (about 0.56 CPU seconds a decision in CPython), where these replies won 8
points more against three ``heuristic`` on the same deals (docs/ai.md).

At 2-player tables ``search:3`` values its leaves by the board alone (``foresight=0``;
docs/ai.md "The ladder at two players, rebuilt"): with foresight it did not beat
``search:2`` head to head there, and at 100 iterations foresight cost 18 of 100 games against
``heuristic``; without it, it beat ``search:1``'s configuration in about 70% of the games.

The budget is the iterations: the same seed gives the same decision in every
browser. ``max_seconds=3.0`` only stops a device more than three times slower than Chromium
on this machine (a cap of 0.9 s would end most 3-player decisions in the browser and
WebKit's slowest ones, so a slower browser would meet a weaker opponent)."""

SEARCH_3_BELIEFS = _search("search:3-beliefs", offered=False, beliefs=True,
                           **{k: v for k, v in SEARCH_3.search if k != "beliefs"},
                           tables={n: dict(changes) for n, changes in SEARCH_3.tables})
"""The expert with beliefs: ``search:3`` whose determinizations draw the other hands from
what each opponent built and passed up (:mod:`game.ai.belief`), for matches
(``scripts/bench_yardstick.py --subject search:3-beliefs``); not offered in the page, and
it reads the table's history, which the page's views do not carry."""

OFFERED: tuple[Level, ...] = (RANDOM, GREEDY, SEARCH_1, SEARCH_3)
"""The page's levels, in the setup screen's order: each beats the one before it in at least
60% of 200 two-player games (:mod:`game.ai.strength`). At two players the
searches' strengths lie close together, so a page level between two of them was not a step:
``heuristic`` ("careful") won 111 of 200 against ``greedy``, and ``search:2`` ("strong") could
not be placed between ``search:1`` and ``search:3`` (docs/ai.md). Both stay named levels:
``heuristic`` is a pool member, and older saves and remembered tables name them."""

STRONGEST = SEARCH_3
"""The strongest level (hints and the post-game review use it)."""

THREAT = Level("threat", "threat")
MAJORITY = Level("majority", "majority")
PLANNER = Level("planner", "planner")
DEFENDER = Level("defender", "defender")
YARDSTICK: tuple[Level, ...] = (THREAT, MAJORITY, PLANNER, DEFENDER)
"""Fixed opponents written from the rules, not from the search's evaluation
(:mod:`game.ai.yardstick`): accepted by :func:`parse_level` and ``selfplay`` but not offered
in the page."""

POOL: tuple[Level, ...] = (HEURISTIC, THREAT, MAJORITY)
"""The yardstick pool the strongest level's logged lines are measured against
(``scripts/bench_yardstick.py``'s default ``--pool``)."""

WIDER_POOL: tuple[Level, ...] = (HEURISTIC, THREAT, MAJORITY, PLANNER, DEFENDER)
"""The pool with two more members written from the rules, ``planner`` (two of its own
moves ahead) and ``defender`` (defends its towers, contests majorities): the harder
yardstick (``bench_yardstick.py --pool wider``)."""

PREVIOUS: tuple[Level, ...] = (
    _search("search:3-v1", offered=False, iterations=800, root_width=12, inner_width=5),
    _search("search:3-v2", offered=False, iterations=600, root_width=10, inner_width=4,
            select_width=6, foresight=1.0, root_ranking="heuristic", depth=8, max_seconds=0.9),
)
"""Earlier versions of levels, kept for comparisons in docs/ai.md (not offered in the page):
``search:3-v1`` is the first ``search:3`` (full-round playouts, greedy root ranking, no
foresight); ``search:3-v2`` the second (heuristic root ranking, foresight, playouts cut 8
decisions from the root, no prior)."""

BY_ID: dict[str, Level] = {level.id: level
                          for level in (*OFFERED, SEARCH_2, SEARCH_3_BELIEFS, *POOL,
                                        *WIDER_POOL, *PREVIOUS)}
"""Every named level by id."""


def find_level(level_id: str) -> Level | None:
    """The named level ``level_id`` (:data:`BY_ID`), or None: what a save or the setup
    form may name (a custom search is not a level of the page)."""
    return BY_ID.get(level_id)


def parse_level(level_id: str) -> Level:
    """The level ``level_id`` names: a named level, or a custom search
    ``search[iterations=300;foresight=1;root_ranking=heuristic]`` (any
    :class:`~game.ai.search.SearchConfig` fields, for experiments and benchmarks). An
    unknown id raises ValueError naming the known ones."""
    found = BY_ID.get(level_id)
    if found is not None:
        return found
    if level_id.startswith("search[") and level_id.endswith("]"):
        return _custom_search(level_id)
    raise ValueError(f"unknown computer player {level_id!r}; "
                     f"choose from {', '.join(sorted(BY_ID))}")


def _custom_search(level_id: str) -> Level:
    from dataclasses import fields

    from .search import SearchConfig
    types = {f.name: f.type for f in fields(SearchConfig)}
    values: dict[str, object] = {}
    for item in level_id[len("search["):-1].split(";"):
        key, _, text = item.partition("=")
        key = key.strip()
        if key not in types:
            raise ValueError(f"unknown search setting {key!r} in {level_id!r}")
        kind = str(types[key])
        text = text.strip()
        if text == "None":
            values[key] = None
        elif kind.startswith("bool"):
            values[key] = text.lower() in ("1", "true", "yes")
        elif kind.startswith("int"):
            values[key] = int(text)
        elif kind.startswith("float"):
            values[key] = float(text)
        else:
            values[key] = text
    if "iterations" not in values:
        raise ValueError(f"a custom search needs iterations: {level_id!r}")
    return Level(level_id, "search", tuple(values.items()))
