#!/usr/bin/env python3
"""How many known shots the engine finds: fixed depths, node budgets and one second a move.

    python3 bench/shot_bench.py [--data tests/data/shots_search.json] [--seconds 1.0]
    python3 bench/shot_bench.py --write     # rebuild the set from the shipped puzzles

Every position of the set has one winning first move, proven by the material-only search of
:mod:`draughts.teach.puzzle_search` (the set is drawn from ``draughts/teach/data/puzzles.json.gz``,
each entry naming its puzzle). A position counts as solved when the engine, from empty tables,
plays that move. The search runs twice per budget, with the forcing extensions of
:mod:`draughts.engine.search` off (``before``) and on (``after``), so one command shows what
they buy. The fixed depths are what levels 1-3 look through; the node budgets do not depend
on the machine; the time budget is the strongest level's search within ``--seconds``. The
nodes per second of ``draughts.engine.bench_nodes`` are printed for both settings too. Not a
test.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from draughts import Game  # noqa: E402
from draughts.engine import bench_nodes, new_game, searcher_for  # noqa: E402
from draughts.engine.search import Searcher  # noqa: E402
from draughts.teach.puzzles import all_puzzles  # noqa: E402

DATA = ROOT / "tests" / "data" / "shots_search.json"
# Per variant: how many puzzles the set takes (the four most played variants more).
QUOTA = {"international": 12, "russian": 8, "brazilian": 8, "english": 8}
OTHER_QUOTA = 4
DEPTHS = (1, 2, 3, 4)
NODE_BUDGETS = (300, 1_000, 3_000, 10_000)


def build_set() -> list[dict[str, Any]]:
    """The set: per variant that plays to win, the puzzles with the longest forcing lines first
    (a sacrifice or a breakthrough, the player moving more than once), then the most sacrifices,
    then the hardest by the puzzle rating."""
    chosen: list[dict[str, Any]] = []
    by_variant: dict[str, list[Any]] = {}
    for p in all_puzzles():
        if Game(p.variant).rules.losing_game:
            continue  # material won is no gain there
        if p.sacrificed or "breakthrough" in p.tags:
            by_variant.setdefault(p.variant, []).append(p)
    for variant in sorted(by_variant):
        ranked = sorted(by_variant[variant], key=lambda p: (-len(p.solution), -p.sacrificed, -p.difficulty, p.id))
        for p in ranked[:QUOTA.get(variant, OTHER_QUOTA)]:
            kind = "breakthrough" if "breakthrough" in p.tags else "shot"
            chosen.append({"id": p.id, "variant": p.variant, "fen": p.fen, "best": p.solution[0],
                           "line": " ".join(p.solution), "kind": kind, "sacrificed": p.sacrificed,
                           "source": f"draughts/teach/data/puzzles.json.gz {p.id} ({p.source}); "
                                     f"unique winning first move proven by draughts.teach.puzzle_search"})
    return chosen


def solves(entry: dict[str, Any], extensions: bool, depth: int = 64, nodes: int | None = None,
           seconds: float | None = None) -> tuple[bool, int]:
    """Whether a fresh search with this budget plays the entry's move, and its node count."""
    game = Game(entry["variant"], fen=entry["fen"])
    best = game.parse_move(entry["best"]).raw
    new_game()
    searcher = searcher_for(game)
    searcher.forcing_extensions = extensions
    if nodes is not None:
        searcher.max_nodes = nodes
    deadline = time.perf_counter() + seconds if seconds is not None else None
    result = searcher.search(game, seconds, depth, deadline=deadline)
    new_game()
    assert result.move is not None
    return result.move[:3] == best[:3], result.nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--write", action="store_true", help="rebuild the set from the shipped puzzles")
    parser.add_argument("--speed-seconds", type=float, default=3.0)
    args = parser.parse_args()
    if args.write:
        entries = build_set()
        Path(args.data).write_text(json.dumps(entries, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {len(entries)} positions to {args.data}: {dict(Counter(e['variant'] for e in entries))}")
        return
    entries = json.loads(Path(args.data).read_text(encoding="utf-8"))
    print(f"{len(entries)} positions with a known shot ({dict(Counter(e['kind'] for e in entries))}), "
          f"{len(set(e['variant'] for e in entries))} variants; solved out of {len(entries)}:")
    print(f"  {'budget':<22}{'before':>8}{'after':>8}   {'mean nodes before':>18}{'after':>8}")
    budgets: list[tuple[str, dict[str, Any]]] = [(f"depth {d}", {"depth": d}) for d in DEPTHS]
    budgets += [(f"{n:,} nodes", {"nodes": n}) for n in NODE_BUDGETS]
    budgets.append((f"{args.seconds:g} s (strongest level)", {"seconds": args.seconds}))
    for label, budget in budgets:
        counts, node_sums = [], []
        for extensions in (False, True):
            results = [solves(e, extensions, **budget) for e in entries]
            counts.append(sum(ok for ok, _ in results))
            node_sums.append(sum(n for _, n in results) / len(results))
        print(f"  {label:<22}{counts[0]:>8}{counts[1]:>8}   {node_sums[0]:>18,.0f}{node_sums[1]:>8,.0f}", flush=True)
    missed = [e["id"] for e in entries if not solves(e, True, seconds=args.seconds)[0]]
    print(f"missed within {args.seconds:g} s with the extensions: {', '.join(missed) or 'none'}")
    shipped = Searcher.forcing_extensions
    for extensions in (False, True):
        Searcher.forcing_extensions = extensions  # bench_nodes makes its own searcher
        rate = bench_nodes(args.speed_seconds)
        print(f"nodes/s (bench_nodes, International middle game, processor time), extensions "
              f"{'on ' if extensions else 'off'}: {rate:,.0f}", flush=True)
    Searcher.forcing_extensions = shipped


if __name__ == "__main__":
    main()
