"""Search scores for self-play positions: a label nearer the position than its game's result.

    nice -n 5 python3 tools/train/label.py --variant international --depth 5 --every 4 --workers 2

A depth-3 game is decided long after most of its positions, so its result says little about
each of them. This scores every ``--every``-th position of each game in
``tools/train/work/<variant>-d3-s<seed>.jsonl`` with a ``--depth`` search (the shipped
evaluation, a fresh table each game) and writes the scores, in centi-men for the side to
move, to ``tools/train/work/labels/<that file's stem>-d<depth>-e<every>.jsonl`` (not in git),
a line per game in the same order::

    {"every": 4, "scores": [12, -40, ...]}

``fit.py --labels FILE --lam L`` then fits to ``L * result + (1 - L) * sigmoid(K * score)``.
The search is at a fixed depth, so the scores do not depend on the machine or its load.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from draughts import Game  # noqa: E402
from draughts.engine.search import Searcher  # noqa: E402
from draughts.notation.fen import write_fen  # noqa: E402

WORK = Path(__file__).resolve().parent / "work"
# Won or lost by force within the search: scored as this many centi-men, which the sigmoid
# turns into a near-certain result without letting one position outweigh the rest.
CLIP = 1500


def label_game(args: tuple[str, str, int, int]) -> dict[str, object]:
    variant, line, depth, every = args
    positions = json.loads(line)["positions"]
    first = Game(variant)
    searcher = Searcher(first.rules, first.generator, tt_entries=1 << 16)
    scores = []
    for wm, wk, bm, bk, turn in positions[::every]:
        fen = write_fen((wm, wk, bm, bk), turn, first.geometry)
        result = searcher.search(Game(variant, fen=fen), None, depth)
        scores.append(max(-CLIP, min(CLIP, result.score)))
    return {"every": every, "scores": scores}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="international")
    ap.add_argument("--games", type=Path, default=None, help="default: work/<variant>-d3-s1.jsonl")
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--every", type=int, default=4, help="label every n-th position of a game")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    games = args.games or WORK / f"{args.variant}-d3-s1.jsonl"
    out = WORK / "labels" / f"{games.stem}-d{args.depth}-e{args.every}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    lines = games.read_text().splitlines()
    tasks = [(args.variant, line, args.depth, args.every) for line in lines]
    start = time.perf_counter()
    with out.open("w") as sink:
        pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
        try:
            results = pool.map(label_game, tasks, chunksize=8) if pool else map(label_game, tasks)
            for n, record in enumerate(results, 1):
                sink.write(json.dumps(record, separators=(",", ":")) + "\n")
                if n % 100 == 0:
                    print(f"{n} of {len(tasks)} games, {time.perf_counter() - start:.0f} s", flush=True)
        finally:
            if pool:
                pool.shutdown()
    print(f"{args.variant}: {len(tasks)} games labelled at depth {args.depth} in {out} "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
