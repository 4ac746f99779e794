"""PDN reading speed, against an earlier version of the reader measured in the same run.

    python3 bench/pdn_bench.py [--mb 20] [--rounds 2] [--against 45ca12f]

Writes a PDN text of about ``--mb`` megabytes (games of several variants with comments,
NAGs and variations, written by this library), then reads it with this tree's
``read_games`` and with the one of revision ``--against`` (taken with ``git archive`` into a
temporary folder). Each side runs in its own process, in turns, and the best round of each
counts. Printed per side: processor time (time.process_time, so other programs on a busy
machine do not count), MB/s, and the MB/s of reading and then listing every game's moves
(``game.moves``, which makes the move objects a reader may leave until asked for); then the
ratio. Both sides must read the same games: the written-back text of every game is compared
(a hash), so a faster reader that reads something else fails here.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Runs in the child process, with PYTHONPATH naming the draughts package to time.
CHILD = r"""
import hashlib, json, sys, time
from draughts.notation.pdn import read_games
text = open(sys.argv[1], encoding="utf-8").read()
cpu = time.process_time()
games = read_games(text)
read = time.process_time() - cpu
cpu = time.process_time()
moves = sum(len(g.moves) for g in games)
listed = time.process_time() - cpu
digest = hashlib.sha256("".join(g.to_pdn() for g in games).encode()).hexdigest()
print(json.dumps({"read": read, "listed": read + listed, "games": len(games), "moves": moves, "digest": digest}))
"""


def sample_text(megabytes: float, seed: int = 1) -> str:
    """Distinct games of three variants, some annotated, repeated to the size asked for."""
    from draughts import Game
    from draughts.record import write_game

    rng = random.Random(seed)
    games = []
    for i in range(120):
        game = Game(("international", "english", "russian")[i % 3])
        for _ in range(rng.randint(20, 100)):
            moves = list(game.legal_moves)
            if not moves:
                break
            game.push(rng.choice(moves))
        text = write_game(game, {"Event": f"bench {i}", "White": "A. Player", "Black": "B. Player"})
        if i % 4 == 0:  # comments, a NAG and a variation
            text = text.replace(" 2. ", " {a quiet move} 2. ", 1).replace(" 3. ", " $1 (3. 1-2 {no}) 3. ", 1)
        games.append(text)
    block = "\n".join(games) + "\n"
    return block * max(1, round(megabytes * 1e6 / len(block)))


def previous_package(revision: str, into: Path) -> Path:
    """The draughts package of ``revision``, unpacked under ``into``."""
    archive = subprocess.run(["git", "archive", revision, "draughts"], cwd=ROOT, capture_output=True, check=True)
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def measure(package_root: Path, pdn: Path) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(package_root), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-c", CHILD, str(pdn)], env=env, capture_output=True, text=True,
                         check=True, cwd=package_root)
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mb", type=float, default=20.0, help="size of the PDN text (default 20)")
    parser.add_argument("--rounds", type=int, default=2, help="turns per side; the best counts (default 2)")
    parser.add_argument("--against", default="45ca12f", help="the revision to compare with (default 45ca12f)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pdn = Path(tmp) / "bench.pdn"
        pdn.write_text(sample_text(args.mb), encoding="utf-8")
        size = pdn.stat().st_size / 1e6
        old_root = previous_package(args.against, Path(tmp) / "previous")
        sides = {"this tree": ROOT, args.against: old_root}
        best: dict[str, dict[str, float]] = {}
        for _ in range(args.rounds):
            for name, root in sides.items():
                r = measure(root, pdn)
                if name not in best or r["read"] < best[name]["read"]:
                    best[name] = r
    print(f"PDN text: {size:.1f} MB, {best['this tree']['games']:.0f} games,"
          f" {best['this tree']['moves']:.0f} main-line moves; best of {args.rounds} rounds, processor time")
    for name, r in best.items():
        print(f"  {name:>10}: read {r['read']:6.2f} s = {size / r['read']:5.1f} MB/s;"
              f" read and list every move {size / r['listed']:5.1f} MB/s")
    new, old = best["this tree"], best[args.against]
    if new["digest"] != old["digest"] or new["games"] != old["games"]:
        print("the two readers read different games: the comparison is void")
        return 1
    print(f"  same games read by both; reading is {old['read'] / new['read']:.1f}x as fast as {args.against}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
