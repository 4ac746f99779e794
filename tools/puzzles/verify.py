#!/usr/bin/env python3
"""Prove every shipped puzzle again, in parallel: the check the tests run on a sample, on all.

    nice -n 10 python3 tools/puzzles/verify.py [--deeper 0] [--workers 2] [--variants english ...]

Each puzzle is replayed and proven unique by :func:`draughts.teach.puzzle_search.verify` at its
stored depth plus ``--deeper`` plies, and the engine (full evaluation, the finding depth) must
choose its first move. Prints one line per problem and exits 1 when there is any.
"""

from __future__ import annotations

import argparse
import concurrent.futures as futures
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from draughts.teach import puzzle_search as ps  # noqa: E402
from draughts.teach.puzzles import Puzzle, all_puzzles  # noqa: E402

FINDING_DEPTH_BELOW = 2  # the stored depth is the proving depth, two plies below it the finding one


def problems(puzzle: Puzzle, deeper: int) -> list[str]:
    found = ps.verify(puzzle.variant, puzzle.fen, puzzle.solution, puzzle.depth + deeper, puzzle.gain)
    engine_depth = max(1, puzzle.depth - FINDING_DEPTH_BELOW)
    return found + ps.engine_agrees(puzzle.variant, puzzle.fen, puzzle.solution[0], engine_depth)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deeper", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--variants", nargs="*", default=None)
    args = parser.parse_args()
    chosen = [p for p in all_puzzles() if not args.variants or p.variant in args.variants]
    bad = 0
    with futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
        for puzzle, found in zip(chosen, pool.map(problems, chosen, [args.deeper] * len(chosen))):
            for problem in found:
                print(f"{puzzle.id}: {problem}", flush=True)
            bad += bool(found)
    print(f"{len(chosen) - bad} of {len(chosen)} puzzles proven")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
