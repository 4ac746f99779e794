"""Search speed (nodes per second) per variant and peak memory of a search at each level.

    python bench/engine_speed.py [--seconds 2] [--variants international,russian] [--no-memory]

``draughts.engine.bench_nodes(seconds)`` is the function a Pyodide runner calls to get the
same number in the browser, so the two can be printed as a ratio. Memory is measured with
tracemalloc around a fresh search at each level (tracemalloc slows the search down, so the
table fills less than it would without it; the full-table figure is measured separately by
filling every slot with worst-case entries). Not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import draughts.engine as engine  # noqa: E402
from draughts import Game  # noqa: E402
from draughts.engine import LEVELS, bench_nodes, choose_move  # noqa: E402
from draughts.engine.search import Searcher  # noqa: E402
from draughts.rules import VARIANTS  # noqa: E402


def middle_game(variant: str, plies: int = 16, seed: int = 7) -> Game:
    g = Game(variant)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = list(g.legal_moves)
        if not moves or g.outcome() is not None:
            break
        g.push(rng.choice(moves))
    return g


def full_table_bytes(variant: str = "canadian", entries: int | None = None) -> tuple[int, int]:
    """Bytes of a transposition table with every slot holding a worst-case entry."""
    g = Game(variant)
    rng = random.Random(1)
    tracemalloc.start()
    s = Searcher(g.rules, g.generator, *(() if entries is None else (entries,)))
    for i in range(s.tt_size):
        s.tt[i] = (rng.getrandbits(64), 20, 1, 1000 + i, ((1 << 160) << 16) | i)
    for i in range(s.eval_cache_entries):  # and the leaf-score cache at its cap
        s.eval_keys[i], s.eval_values[i] = rng.getrandbits(64), 1000 + i
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return s.tt_size, current


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--variants", default=",".join(VARIANTS))
    p.add_argument("--no-memory", action="store_true")
    a = p.parse_args()
    print(f"CPython {sys.version.split()[0]}: nodes per second, {a.seconds} s search, middle-game position")
    for v in a.variants.split(","):
        print(f"  {v:<14} {bench_nodes(a.seconds, v):>10,.0f} nodes/s", flush=True)
    if a.no_memory:
        return
    size, used = full_table_bytes()
    print(f"\nworst case: transposition table with every slot full ({size} entries, Canadian move ids)"
          f" and the leaf cache at its cap: {used / 2**20:.1f} MB")
    print("\npeak memory of one search per level (International middle game, fresh table, tracemalloc on):")
    g = middle_game("international")
    for lv in LEVELS:
        engine._SEARCHERS = {}
        tracemalloc.start()
        start = time.perf_counter()
        cpu = time.process_time()
        choose_move(g, lv.number, seed=1)
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        filled = sum(e is not None for e in next(iter(engine._SEARCHERS.values())).tt) if engine._SEARCHERS else 0
        print(f"  level {lv.number} {lv.name:<11} {lv.seconds:>4} s  peak {peak / 2**20:6.1f} MB  "
              f"table slots used {filled:>7}  took {seconds:.2f} s ({cpu:.2f} s of processor)", flush=True)


if __name__ == "__main__":
    main()
