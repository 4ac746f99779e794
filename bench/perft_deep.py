"""Start-position perft two plies deeper than the test suite, against perft-start.json.

    python3 bench/perft_deep.py [--variant V] [--extra 2]

Prints, per variant, the count, the published count, whether they agree and leaves/s.
A benchmark, not a test: it takes minutes, so CI does not run it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from draughts import Game  # noqa: E402
from test_perft import DEFAULT_DEPTH, PERFT_FILE, TABLE_KEYS, TEST_DEPTH  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default=None)
    ap.add_argument("--extra", type=int, default=2, help="plies beyond the test suite's depth")
    args = ap.parse_args()
    data = json.loads(PERFT_FILE.read_text())["variants"]
    bad = 0
    for key, entry in data.items():
        table = entry.get("unique")
        variant = TABLE_KEYS.get(key, key)
        if not table or (args.variant and variant != args.variant):
            continue
        depth = TEST_DEPTH.get(variant, DEFAULT_DEPTH) + args.extra
        if str(depth) not in table:
            continue
        start = time.perf_counter()
        n = Game(variant).perft(depth)
        seconds = time.perf_counter() - start
        want = int(table[str(depth)])
        ok = "ok" if n == want else "MISMATCH"
        bad += n != want
        print(f"{variant:<14} perft({depth}) = {n:>12,}  published {want:>12,}  {ok:<8} "
              f"{n / seconds:>12,.0f} leaves/s  {seconds:7.1f} s", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
