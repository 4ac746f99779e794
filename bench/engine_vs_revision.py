"""This tree's engine against an earlier revision's, at the same level and the same time a move,
from balanced openings with colours swapped (issue goal: the new strongest level >= +100 Elo
over the old one at 0.5 s a move). A benchmark, not a test.

    python3 bench/engine_vs_revision.py --base 70ec07c [--games 40] [--time 0.5] [--level 8]
                                        [--variant international] [--jobs 2]

The earlier revision's ``draughts`` package is taken with ``git archive`` into a temporary
folder. Each side runs in a process of its own with its own tree first on ``sys.path`` and
answers JSON lines (a new game, a move played, think), so the two never share a table, a cache or
the interpreter's lock. The referee is this tree's ``Game``: a move is given as its origin,
destination and the squares it captures, and must be legal here and there. Each game starts
both sides with a fresh table. Printed: every game as it ends, then the score, the Elo
difference and its 95 % interval (``engine_ladder.elo``), and each side's mean time a move.

Search ideas this has turned down (``draughts/engine/search.py``), each against the search
without it at level 6 (8,000 nodes a move, ``--level 6 --time 8``), 100 games: a threat
extension in the quiescence (a quiet leaf where the opponent could capture searched one real
ply, as Scan and py-draughts' TurboEngine do) 46.0 %; a shallow verification search against
a raised bound at null-window nodes of depth 3 and more (Scan's stand-in for a null move)
43.0 %; both 42.5 %. A stronger LMR scored 49.0 %, and futility pruning at the horizon halved
the shots ``bench/shot_bench.py`` finds. Lazy evaluation (a quiet leaf whose material alone is
a margin outside the window returns that bound, International only, where no kings-only or
lone-king rule can apply): with 2.5 men 51.0 % over 200 games and about 2 % more nodes a
second, with 1.5 men 46.0 % and about 8 % more, with 2 men 51.5 % (+10 [-18, +39]) over 400
games and 4.6-5.6 % more nodes a second (``bench/versus_base.py --base HEAD``), but once a
position without kings was scored by the evaluator's short path, 0.2 % fewer instructions a
node (``--instructions``): turned down, as it saves a cheap evaluation at the price of a
different tree. Aspiration windows at the root (from depth 4, the last score plus or minus
25, 50 or 100 centi-men, the full window again on a fail) saved no nodes: 587,241, 572,520
and 563,421 nodes to depth 8 over 12 middle games against 563,854 without, so no match was
played. ``bench/versus_base.py --instructions`` turned down sorting the moves as plain
integers (the same tree, 1.9 % more instructions).
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from engine_ladder import balanced_openings, elo  # noqa: E402

from draughts import Game, Move  # noqa: E402
from draughts.engine import LEVELS  # noqa: E402

MAX_PLIES = 250

# One side: the tree in argv[1] plays; it reads one JSON request a line and answers one.
# new_game() clears the search's tables where the tree has it; older trees kept them in
# engine._SEARCHERS.
SIDE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import draughts.engine as engine
from draughts import Game
from draughts.engine import choose_move
game = None
for line in sys.stdin:
    msg = json.loads(line)
    reply = {}
    if msg["cmd"] == "new":
        if hasattr(engine, "new_game"):
            engine.new_game()
        else:
            engine._SEARCHERS = {}
        game = Game(msg["variant"])
    elif msg["cmd"] == "push":
        want = (msg["from"], msg["to"], sorted(msg["captured"]))
        found = [m for m in game.legal_moves if (m.origin, m.destination, sorted(m.captures)) == want]
        if found:
            game.push(found[0])
        else:
            reply = {"error": f"not legal in this tree: {want}"}
    elif msg["cmd"] == "go":
        m = choose_move(game, msg["level"], time_limit=msg["seconds"])
        reply = {"from": m.origin, "to": m.destination, "captured": sorted(m.captures)}
    print(json.dumps(reply), flush=True)
"""


class Side:
    """One engine in its own process, playing from the tree at `tree`."""

    def __init__(self, tree: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", SIDE, str(tree)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, **msg: object) -> dict[str, Any]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        reply: dict[str, Any] = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise RuntimeError(reply["error"])
        return reply

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def archive(revision: str, into: Path) -> Path:
    """The `draughts` package of `revision`, unpacked under `into`."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "draughts"], capture_output=True,
                          check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def play(variant: str, opening: list[str], new_is_white: bool, trees: dict[str, Path], seconds: float,
         level: int) -> dict[str, Any]:
    """One game; the score is the new side's."""
    sides = {name: Side(tree) for name, tree in trees.items()}
    game = Game(variant)
    by_colour = {"white": "new" if new_is_white else "base", "black": "base" if new_is_white else "new"}
    spent: dict[str, list[float]] = {"new": [], "base": []}
    try:
        for side in sides.values():
            side.ask(cmd="new", variant=variant)

        def push(move: Move) -> None:
            game.push(move)
            for side in sides.values():
                side.ask(cmd="push", **{"from": move.origin, "to": move.destination,
                                        "captured": sorted(move.captures)})

        for text in opening:
            push(game.parse_move(text))
        while game.outcome() is None and len(game.move_stack) < MAX_PLIES:
            name = by_colour[game.turn.value]
            started = time.perf_counter()
            r = sides[name].ask(cmd="go", seconds=seconds, level=level)
            spent[name].append(time.perf_counter() - started)
            want = (r["from"], r["to"], sorted(r["captured"]))
            found = [m for m in game.legal_moves if (m.origin, m.destination, sorted(m.captures)) == want]
            if not found:
                raise RuntimeError(f"{name} played {want}, not legal here: {game.fen()}")
            push(found[0])
    finally:
        for side in sides.values():
            side.close()
    out = game.outcome()
    winner = by_colour[out.winner.value] if out and out.winner else None
    return {"score": 0.5 if winner is None else 1.0 if winner == "new" else 0.0, "plies": len(game.move_stack),
            "end": out.termination.value if out else "ply limit",
            **{f"{name}_time": sum(t) / max(1, len(t)) for name, t in spent.items()}}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", required=True, help="the earlier revision (anything git names)")
    p.add_argument("--variant", default="international")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--time", type=float, default=0.5, help="seconds a move, both sides")
    p.add_argument("--level", type=int, default=len(LEVELS), help="default: the strongest (an older tree clamps it to its own)")
    p.add_argument("--jobs", type=int, default=1, help="games played at once (each runs two processes)")
    p.add_argument("--opening-seed", type=int, default=2024)
    a = p.parse_args()
    openings = balanced_openings(a.variant, max(1, a.games // 2), seed=a.opening_seed)
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"new": ROOT, "base": archive(a.base, Path(tmp))}
        print(f"level {a.level} of this tree against {a.base}'s, {a.variant}, {a.time} s a move, {a.games} games,"
              f" {len(openings)} openings, colours swapped", flush=True)
        tasks = [(a.variant, openings[(i // 2) % len(openings)], i % 2 == 0, trees, a.time, a.level)
                 for i in range(a.games)]
        started = time.perf_counter()
        results = []
        with ThreadPoolExecutor(a.jobs) as pool:
            for i, r in enumerate(pool.map(lambda task: play(*task), tasks)):
                results.append(r)
                print(f"game {i + 1}: new plays {'white' if tasks[i][2] else 'black'}, score {r['score']}, "
                      f"{r['plies']} plies, {r['end']}, time/move new {r['new_time']:.2f} s base {r['base_time']:.2f} s",
                      flush=True)
    scores = [r["score"] for r in results]
    s = sum(scores) / len(scores)
    e, lo, hi = elo(s, len(scores), scores)
    print(f"\nresult: +{scores.count(1.0)} ={scores.count(0.5)} -{scores.count(0.0)}  new scores {100 * s:.1f}%  "
          f"Elo {e:+.0f} [{lo:+.0f}, {hi:+.0f}]  {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
