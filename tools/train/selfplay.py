"""Training positions from self-play: random openings, then the engine at a low fixed depth.

    nice -n 10 python3 tools/train/selfplay.py --variant international --games 2000 --depth 2 --seed 1

Each game starts with ``--random-plies`` uniformly random moves (so the games differ), then
both sides play the engine's move at ``--depth`` plies with the shipped evaluation. Every
quiet position after the opening (the side to move has no capture: the only positions the
evaluation ever scores) is written with the game's result. Games longer than ``--max-plies``
count as draws. The output, one JSON line per game, goes to
``tools/train/work/<variant>-d<depth>-s<seed>.jsonl`` (not in git)::

    {"result": 1.0, "positions": [[white men, white kings, black men, black kings, turn], ...]}

``result`` is White's score (1, 0.5, 0). The run is deterministic from ``--seed`` (the search
is at a fixed depth, so neither the machine nor its load changes a move). The file is
appended to, a game a line, so ``--minutes`` can stop a run and the same command resumes it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from draughts import Game  # noqa: E402
from draughts.engine import to_move  # noqa: E402
from draughts.engine.search import Searcher  # noqa: E402

WORK = Path(__file__).resolve().parent / "work"


def play_game(variant: str, depth: int, seed: int, random_plies: int, max_plies: int) -> dict[str, object]:
    """One self-play game from the opening ``seed`` picks; its quiet positions and result."""
    rng = random.Random(seed)
    game = Game(variant)
    searcher = Searcher(game.rules, game.generator, tt_entries=1 << 14)
    positions: list[list[int]] = []
    while game.outcome() is None and len(game.move_stack) < max_plies:
        legal = list(game.legal_moves)
        if len(game.move_stack) < random_plies:
            game.push(rng.choice(legal))
            continue
        if not any(m.captures for m in legal):
            positions.append([*game.pieces, game.turn.index])
        if len(legal) == 1:
            game.push(legal[0])
            continue
        result = searcher.search(game, None, depth)
        assert result.move is not None
        game.push(to_move(game, result.move))
    outcome = game.outcome()
    score = 0.5 if outcome is None or outcome.winner is None else (1.0 if outcome.winner == "white" else 0.0)
    return {"seed": seed, "result": score, "plies": len(game.move_stack), "positions": positions}


def _job(args: tuple[str, int, int, int, int]) -> dict[str, object]:
    return play_game(*args)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="international")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random-plies", type=int, default=None, help="default: 6 on 8x8 boards, 8 on larger ones")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--minutes", type=float, default=None, help="start no new game after this long")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    rows = Game(args.variant).rules.rows
    random_plies = args.random_plies if args.random_plies is not None else (8 if rows >= 10 else 6)
    out = args.out or WORK / f"{args.variant}-d{args.depth}-s{args.seed}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    done = sum(1 for _ in out.open()) if out.exists() else 0
    # Game i's opening comes from its own seed, so a resumed run plays the games it had not.
    tasks = [(args.variant, args.depth, args.seed * 1_000_003 + i, random_plies, args.max_plies)
             for i in range(done, args.games)]
    start = time.perf_counter()
    deadline = start + args.minutes * 60 if args.minutes else float("inf")
    played = 0
    with out.open("a") as sink:
        pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
        try:
            results = pool.map(_job, tasks, chunksize=4) if pool else map(_job, tasks)
            for record in results:
                sink.write(json.dumps(record, separators=(",", ":")) + "\n")
                sink.flush()
                played += 1
                if played % 50 == 0:
                    print(f"{done + played} games, {time.perf_counter() - start:.0f} s", flush=True)
                if time.perf_counter() > deadline:
                    break
        finally:
            if pool:
                pool.shutdown(cancel_futures=True)
    print(f"{args.variant}: {done + played} games in {out} ({played} now, {time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
