#!/usr/bin/env python3
"""Count the shipped puzzles per variant and per theme, against the targets of tools/puzzles/mine.py.

    python3 bench/puzzle_bench.py [--rate tools/puzzles/work/seed-1.jsonl]

With ``--rate`` it also reads a miner's work file and prints the measured rate: puzzles kept per
hour of one core's processor time, per variant (the games' own processor time, so a busy machine
does not lower it).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "puzzles"))

from draughts.rules import VARIANTS  # noqa: E402
from draughts.teach.puzzles import DATA_FILE, THEMES, all_puzzles  # noqa: E402
import mine  # noqa: E402


def counts() -> None:
    puzzles = all_puzzles()
    per_variant = Counter(p.variant for p in puzzles)
    print(f"{len(puzzles)} puzzles, {DATA_FILE.stat().st_size / 1024:.1f} KB gzip ({DATA_FILE.name})\n")
    print(f"{'variant':<14}{'puzzles':>8}{'target':>8}  " + "".join(f"{t:>17}" for t in THEMES))
    for variant in VARIANTS:
        mine_ = [p for p in puzzles if p.variant == variant]
        themes = Counter(t for p in mine_ for t in p.themes)
        print(f"{variant:<14}{per_variant[variant]:>8}{mine.target(variant):>8}  "
              + "".join(f"{themes[t]:>17}" for t in THEMES))
    total = Counter(t for p in puzzles for t in p.themes)
    print(f"{'all':<14}{len(puzzles):>8}{sum(map(mine.target, VARIANTS)):>8}  " + "".join(f"{total[t]:>17}" for t in THEMES))
    ratings = sorted(p.difficulty for p in puzzles)
    print(f"\ndifficulty: min {ratings[0]}, median {ratings[len(ratings) // 2]}, max {ratings[-1]}")


def rate(work: Path) -> None:
    units = mine.read_work(work)
    kept = mine.distinct(units)
    print(f"\n{work.name}: {len(units)} games")
    print(f"{'variant':<14}{'games':>6}{'cpu s':>9}{'kept':>6}{'per core-hour':>15}")
    for variant in VARIANTS:
        mine_ = [u for u in units if u["variant"] == variant]
        if not mine_:
            continue
        cpu = sum(u["cpu"] for u in mine_)
        n = len(kept.get(variant, []))
        print(f"{variant:<14}{len(mine_):>6}{cpu:>9.0f}{n:>6}{n / cpu * 3600 if cpu else 0:>15.0f}")
    cpu = sum(u["cpu"] for u in units)
    n = sum(len(v) for v in kept.values())
    print(f"{'all':<14}{len(units):>6}{cpu:>9.0f}{n:>6}{n / cpu * 3600 if cpu else 0:>15.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rate", type=Path, default=None, help="a miner's work file")
    args = parser.parse_args()
    counts()
    if args.rate:
        rate(args.rate)


if __name__ == "__main__":
    main()
