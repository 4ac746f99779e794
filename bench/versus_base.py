"""Perft and search speed of this tree against an earlier revision, measured in the same run.

    python3 bench/versus_base.py [--base 45ca12f] [--rounds 5] [--depths 6,7] [--seconds 2]
    python3 bench/versus_base.py --instructions [--depths 6,7] [--search-depth 6]

The earlier revision's ``draughts`` package is taken with ``git archive`` into a temporary
folder; each measurement runs in a fresh subprocess whose ``sys.path`` starts with one tree or
the other, and the two trees take turns round by round, so a busy machine slows both alike.
Printed: International perft(d) leaves/s from the start position and
``draughts.engine.bench_nodes`` nodes/s (processor time) for both, the best round of each,
the ratio now / base of those bests and the median of the rounds' own ratios (above 1:
faster now). On a shared machine a few per cent either way is noise. Not a test.

``--instructions`` counts machine instructions instead, with valgrind's callgrind (Debian
package ``valgrind``), which a busy machine does not disturb: perft(d) and a fixed-depth
search (``think(game, seconds=None, depth=...)``, the position ``bench_nodes`` uses), each
less the same process stopped before the walk, with ``PYTHONHASHSEED=0``. The ratio is
base / now (above 1: fewer instructions now). Where the two searches visit a different number
of nodes (an evaluation changed), the instructions per node are compared as well: the
noise-free counterpart of nodes per second.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

JOB = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
job = json.loads(sys.argv[2])
from draughts import Game
if job["kind"] == "perft_only":  # for instruction counts: depth 0 is the start-up alone
    game = Game(job["variant"])
    game.perft(2)
    print(json.dumps({"n": game.perft(job["depth"]) if job["depth"] else 0, "rate": 0}))
elif job["kind"] == "search_only":
    from draughts.engine import think
    game = Game(job["variant"])
    rng = random.Random(7)
    for _ in range(16):  # bench_nodes' position
        game.push(rng.choice(list(game.legal_moves)))
    think(game, seconds=None, depth=1)
    print(json.dumps({"n": think(game, seconds=None, depth=job["depth"]).nodes if job["depth"] else 0, "rate": 0}))
elif job["kind"] == "perft":
    game = Game(job["variant"])
    game.perft(2)  # builds the walk's tables outside the timing
    cpu = time.process_time()
    n = game.perft(job["depth"])
    print(json.dumps({"n": n, "rate": n / (time.process_time() - cpu)}))
else:
    from draughts.engine import bench_nodes
    print(json.dumps({"n": 0, "rate": bench_nodes(job["seconds"], job["variant"])}))
"""


def extract(base: str, into: Path) -> Path:
    """The ``draughts`` package as it was at ``base``, unpacked under ``into``."""
    tar = subprocess.run(["git", "archive", base, "draughts"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into


def measure(tree: Path, job: dict[str, object]) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", JOB, str(tree), json.dumps(job)], capture_output=True,
                         text=True, check=True, cwd=tempfile.gettempdir())
    result: dict[str, float] = json.loads(out.stdout)
    return result


def instructions(tree: Path, job: dict[str, object]) -> tuple[int, int]:
    """Machine instructions of ``job`` in ``tree`` less those of the same job at depth 0, and
    the job's count (leaves, or nodes searched)."""
    counts = []
    for depth in (0, job["depth"]):
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              "-c", JOB, str(tree), json.dumps({**job, "depth": depth})],
                             capture_output=True, text=True, check=True, cwd=tempfile.gettempdir(),
                             env={**os.environ, "PYTHONHASHSEED": "0"})
        counts.append(int(re.search(r"Collected : (\d+)", out.stderr).group(1)))  # type: ignore[union-attr]
    return counts[1] - counts[0], int(json.loads(out.stdout)["n"])


def count_instructions(base_tree: Path, args: argparse.Namespace) -> None:
    jobs: list[tuple[str, dict[str, object]]] = [
        (f"{args.variant} perft({d})", {"kind": "perft_only", "variant": args.variant, "depth": int(d)})
        for d in args.depths.split(",")
    ]
    jobs.append((f"{args.variant} search depth {args.search_depth}",
                 {"kind": "search_only", "variant": args.variant, "depth": args.search_depth}))
    print(f"base {args.base} against this tree ({ROOT.name}): machine instructions (callgrind)")
    for label, job in jobs:
        (base, base_n), (now, now_n) = instructions(base_tree, job), instructions(ROOT, job)
        print(f"  {label:<40} base {base:>14,}  now {now:>14,}  base/now {base / now:.3f}", flush=True)
        if job["kind"] == "search_only" and base_n != now_n:
            # The two trees searched different trees (their evaluations differ): compare the
            # instructions a node costs, which is what nodes per second measures.
            print(f"  {'  per node (' + format(base_n, ',') + ' and ' + format(now_n, ',') + ' nodes)':<40} "
                  f"base {base // base_n:>14,}  now {now // now_n:>14,}  base/now {base / base_n / (now / now_n):.3f}",
                  flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="45ca12f", help="the earlier revision (default: before the perft package)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--depths", default="6,7")
    ap.add_argument("--seconds", type=float, default=2.0, help="search time per bench_nodes call")
    ap.add_argument("--variant", default="international")
    ap.add_argument("--instructions", action="store_true", help="count instructions with valgrind instead")
    ap.add_argument("--search-depth", type=int, default=6, help="the fixed-depth search of --instructions")
    args = ap.parse_args()
    if args.instructions:
        with tempfile.TemporaryDirectory() as tmp:
            count_instructions(extract(args.base, Path(tmp)), args)
        return 0
    jobs: list[tuple[str, dict[str, object]]] = [
        (f"{args.variant} perft({d}) leaves/s", {"kind": "perft", "variant": args.variant, "depth": int(d)})
        for d in args.depths.split(",")
    ]
    jobs.append((f"{args.variant} bench_nodes({args.seconds:g}) nodes/s",
                 {"kind": "nodes", "variant": args.variant, "seconds": args.seconds}))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        base_tree = extract(args.base, Path(tmp))
        print(f"base {args.base} against this tree ({ROOT.name}); best of {args.rounds} rounds, taking turns")
        for label, job in jobs:
            best = {"base": 0.0, "now": 0.0}
            counts = set()
            ratios = []
            for _ in range(args.rounds):
                rate = {}
                for side, tree in (("base", base_tree), ("now", ROOT)):
                    r = measure(tree, job)
                    counts.add(r["n"])
                    rate[side] = r["rate"]
                    best[side] = max(best[side], r["rate"])
                ratios.append(rate["now"] / rate["base"])
            same = "" if len(counts) == 1 else f"  COUNTS DIFFER: {sorted(counts)}"
            failed += bool(same)
            print(f"  {label:<40} base {best['base']:>12,.0f}  now {best['now']:>12,.0f}  "
                  f"ratio {best['now'] / best['base']:.3f} (median of rounds {statistics.median(ratios):.3f}){same}",
                  flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
