"""The shipped evaluation against an earlier revision's weights: a match at equal search.

    nice -n 10 python3 bench/eval_match.py --variant international --games 100 --depth 3
    nice -n 10 python3 bench/eval_match.py --variant russian --games 100 --nodes 2000 --base 1a2b3c4

Both sides are this tree's search; they differ only in the evaluation's weights: the working
tree's ``draughts/engine/data/weights.json`` and ``patterns.json`` against the same files at
``--base`` (``git show``; no patterns file there, no patterns), each side the variant's set.
Every opening of the openings file (``bench/openings/<variant>.txt``, written by
``--write-openings`` from random short openings the base evaluation calls level) is played
twice, colours swapped. Each side searches to
``--depth`` plies, or ``--nodes`` nodes per move, so the result does not depend on the
machine's speed or load. Games longer than ``--max-plies`` count as draws. Prints the score of
the shipped weights, the Elo difference with its 95 % interval, and the mean nodes per move
of each side. Not a test.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from draughts import Game  # noqa: E402
from draughts.engine import to_move  # noqa: E402
from draughts.engine.evaluate import weight_set_of  # noqa: E402
from draughts.engine.patterns import PatternSet, pattern_set  # noqa: E402
from draughts.engine.search import Searcher  # noqa: E402
from engine_ladder import balanced_openings, elo  # noqa: E402

OPENINGS = ROOT / "bench" / "openings"
# The last revision with the hand-set weights everywhere (the weights file as it was made).
HAND_SET = "4dc988a"


def data_file_at(base: str, name: str) -> subprocess.CompletedProcess[str]:
    """``git show`` of ``draughts/engine/data/<name>`` at revision ``base`` (not checked: a
    revision may predate the file)."""
    return subprocess.run(["git", "show", f"{base}:draughts/engine/data/{name}"], cwd=ROOT,
                          capture_output=True, text=True, check=False)


def base_weights(base: str, variant: str) -> dict[str, float]:
    """The variant's weight set as the weights file at revision ``base`` has it."""
    out = data_file_at(base, "weights.json")
    out.check_returncode()
    entry = json.loads(out.stdout)["sets"][weight_set_of(Game(variant).rules)]
    return {k: float(v) for k, v in entry["weights"].items()}


def base_patterns(base: str, variant: str) -> PatternSet | None:
    """The variant's pattern table as ``draughts/engine/data/patterns.json`` at ``base`` has it
    (None: no table there, as before the patterns)."""
    out = data_file_at(base, "patterns.json")
    if out.returncode:
        return None
    entry = json.loads(out.stdout)["sets"].get(weight_set_of(Game(variant).rules))
    return pattern_set(entry) if entry else None


def play(variant: str, opening: list[str], new_first: bool, old: dict[str, float], depth: int,
         nodes: int | None, max_plies: int, base_extensions: bool = True,
         old_patterns: PatternSet | None = None) -> tuple[float, list[int], list[int]]:
    """One game: the shipped weights' score and the nodes per move of (shipped, base)."""
    game = Game(variant)
    for text in opening:
        game.push_text(text)
    new = Searcher(game.rules, game.generator, tt_entries=1 << 16)
    base = Searcher(game.rules, game.generator, tt_entries=1 << 16, weights=old, patterns=old_patterns or False)
    base.forcing_extensions = base_extensions
    for s in (new, base):
        if nodes is not None:
            s.max_nodes = nodes
    new_colour = game.turn if new_first else game.turn.opponent
    counts: tuple[list[int], list[int]] = ([], [])
    while game.outcome() is None and len(game.move_stack) < max_plies:
        side = 0 if game.turn == new_colour else 1
        searcher = (new, base)[side]
        result = searcher.search(game, None, depth if nodes is None else 64)
        assert result.move is not None
        counts[side].append(result.nodes)
        game.push(to_move(game, result.move))
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return 0.5, *counts
    return (1.0 if outcome.winner == new_colour else 0.0), *counts


def openings_file(variant: str) -> Path:
    return OPENINGS / f"{variant}.txt"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="international")
    ap.add_argument("--games", type=int, default=100, help="an even number: each opening twice")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--nodes", type=int, default=None, help="a node budget per move instead of a depth")
    ap.add_argument("--base", default=HAND_SET, help="the revision whose weights (and patterns) are the opponent")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--base-without-extensions", action="store_true",
                    help="the base side searches without the forcing extensions (with --base HEAD: "
                         "the extensions alone against the same weights)")
    ap.add_argument("--write-openings", type=int, default=0, metavar="N",
                    help="write N balanced openings to the openings file and stop")
    args = ap.parse_args()
    path = openings_file(args.variant)
    if args.write_openings:
        OPENINGS.mkdir(exist_ok=True)
        lines = [" ".join(o) for o in balanced_openings(args.variant, args.write_openings)]
        path.write_text("\n".join(lines) + "\n")
        print(f"{len(lines)} openings written to {path.relative_to(ROOT)}")
        return 0
    openings = [line.split() for line in path.read_text().splitlines() if line.strip()]
    old = base_weights(args.base, args.variant)
    old_patterns = base_patterns(args.base, args.variant)
    budget = f"{args.nodes} nodes a move" if args.nodes else f"depth {args.depth}"
    against = f"{args.base}'s" + (", without forcing extensions" if args.base_without_extensions else "")
    print(f"{args.variant}: shipped weights against {against}, {args.games} games, {budget}, "
          f"{len(openings)} openings from {path.relative_to(ROOT)}, colours swapped", flush=True)
    start = time.perf_counter()
    scores: list[float] = []
    nodes: tuple[list[int], list[int]] = ([], [])
    for i in range(args.games):
        score, new_nodes, base_nodes = play(args.variant, openings[(i // 2) % len(openings)], i % 2 == 0, old,
                                            args.depth, args.nodes, args.max_plies,
                                            not args.base_without_extensions, old_patterns)
        scores.append(score)
        nodes[0].extend(new_nodes)
        nodes[1].extend(base_nodes)
        if (i + 1) % 10 == 0:
            print(f"  {i + 1} games: {100 * sum(scores) / len(scores):.1f} %  {time.perf_counter() - start:.0f} s",
                  flush=True)
    s = sum(scores) / len(scores)
    e, lo, hi = elo(s, len(scores), scores)
    wins, draws, losses = scores.count(1.0), scores.count(0.5), scores.count(0.0)
    print(f"shipped vs base: +{wins} ={draws} -{losses}  score {100 * s:.1f} %  Elo {e:+.0f} [{lo:+.0f}, {hi:+.0f}]  "
          f"nodes a move {sum(nodes[0]) / max(1, len(nodes[0])):.0f} vs {sum(nodes[1]) / max(1, len(nodes[1])):.0f}  "
          f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
