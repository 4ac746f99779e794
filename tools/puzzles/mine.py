#!/usr/bin/env python3
"""Mine draughts puzzles from self-play games, prove each one, and ship them compressed.

    nice -n 10 python3 tools/puzzles/mine.py --seed 1 --workers 2 [--minutes 60] [--export]

Each work unit is one game of one variant, numbered from 0: the engine plays itself at a modest
level (a fixed-depth search of 2 or 3 plies, a random move one time in five). At every ply each
legal move is tried, the one played and every other: the position after it is a candidate when
it leaves the opponent a shot (the engine's own blunder, a random slip, or one a player could
make), as a 3-ply look finds. :func:`draughts.teach.puzzle_search.first_move_wins` screens it at the finding
depth (5 plies on 10x10 and 12x12 boards, 7 on 8x8 but for Turkish: :func:`find_depth`), :func:`~draughts.teach.puzzle_search.solution_line`
follows the line (the player's move must be unique at every turn), and the candidate is kept
only when :func:`~draughts.teach.puzzle_search.verify` proves it again two plies deeper and the
engine (full evaluation) agrees with the first move. A unit depends only on (seed, variant,
game number): every random choice comes from ``random.Random(f"{seed}/{variant}/{game}")`` and
every search is bounded by depth, never by time, so the same seed mines the same puzzles on
any machine with any number of workers.

The units run in a process pool (``--workers``, default every core). Each finished unit is
appended to the work file (``tools/puzzles/work/seed-<seed>.jsonl``) at once, so an interrupted
run continues where it stopped. Variants are mined until they reach their target
(:data:`TARGETS`); processor time goes to the variants short of theirs in proportion to the
targets.

``--export`` (also done at the end of every run) writes ``draughts/teach/data/puzzles.json.gz``:
the earlier hand-checked puzzles already in that file, then the mined ones in game order, with
near-duplicates dropped (the same final combination: the same last three plies), at most the
target per variant.
"""

from __future__ import annotations

import argparse
import concurrent.futures as futures
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from draughts import Game  # noqa: E402
from draughts.engine import Searcher, to_move  # noqa: E402
from draughts.teach import puzzle_search as ps  # noqa: E402
from draughts.teach.puzzles import DATA_FILE, read_data, write_data  # noqa: E402

TARGETS = {"international": 300, "russian": 100, "brazilian": 100, "english": 100}
OTHER_TARGET = 30
MAX_PLIES = 160
RANDOM_SHARE = 0.2  # the share of random moves: the slips that leave combinations on the board
FIRST_PLY = 4
VERIFY_EXTRA = 2  # plies deeper than the finding search
PRESCREEN_DEPTH = 3
# The nodes one candidate's proof may search, in the variants whose trees are widest (Turkish:
# men step three ways, kings fly along ranks and files). Without it a few king endings there
# took most of a game's time; the other variants' proofs need no bound.
NODE_BUDGET = {"turkish": 1_000_000}


def target(variant: str) -> int:
    return TARGETS.get(variant, OTHER_TARGET)


def find_depth(variant: str) -> int:
    """The finding depth: 7 plies on 8x8 boards where a man steps two ways, else 5.

    Turkish men step three ways (forward and sideways) and its kings fly along whole ranks
    and files: about 20-30 moves a position against 7-10 in the diagonal 8x8 games, so each
    two plies more cost some thirty times the nodes. At 7 plies (proven at 9) one Turkish game
    took hours; at 5 (proven at 7) it takes minutes, as the other variants do."""
    rules = Game(variant).rules
    return 7 if rules.rows <= 8 and len(rules.man_move_directions) <= 2 else 5


def candidate(game: Game, depth: int) -> dict[str, Any] | None:
    """The position as a proven puzzle (a JSON-ready entry without id and origin), or None.

    In a variant with a node budget (:data:`NODE_BUDGET`) a candidate whose proof would search
    more nodes than that is dropped: the same candidates on any machine, unlike a time limit."""
    nodes = NODE_BUDGET.get(game.rules.key)
    budget = ps.NodeBudget(nodes) if nodes is not None else None
    try:
        return proven(game, depth, budget)
    except ps.OutOfNodes:
        return None


def proven(game: Game, depth: int, budget: ps.NodeBudget | None) -> dict[str, Any] | None:
    if ps.first_move_wins(game, depth, budget=budget) is None:
        return None
    found = ps.solution_line(game, depth, budget)
    if found is None or len(found[0]) < 3 or found[1] < ps.win_margin(game):
        return None
    line, gain = found
    variant, fen = game.rules.key, game.fen()
    deep = depth + VERIFY_EXTRA
    if ps.verify(variant, fen, line, deep, gain, budget) or ps.engine_agrees(variant, fen, line[0], depth):
        return None
    themes = ps.themes(variant, fen, line)
    return {"variant": variant, "fen": fen, "solution": line, "depth": deep, "gain": gain,
            "sacrificed": themes.sacrificed, "taken": themes.taken, "themes": list(themes.tags),
            "difficulty": ps.difficulty(variant, fen, line, depth, budget)}


def prescreen(game: Game) -> bool:
    """A cheap look (3 plies) for a shot: one move wins two men, no other does."""
    return ps.first_move_wins(game, PRESCREEN_DEPTH) is not None


def mine_game(seed: int, variant: str, number: int) -> dict[str, Any]:
    """One unit: play game ``number`` and return the puzzles proven along it.

    At every ply each legal move is tried, the one played and the others: a move that leaves a
    shot on the board is a blunder, the game's own (the engine's or a random slip) or one the
    player could have made, and the position after it is a candidate for the opponent."""
    started = time.process_time()
    rng = random.Random(f"{seed}/{variant}/{number}")
    game = Game(variant)
    engine = Searcher(game.rules, game.generator, tt_entries=1 << 12)  # fresh: nothing carried over
    depth = find_depth(variant)
    found: list[dict[str, Any]] = []
    screened = 0
    for ply in range(MAX_PLIES):
        moves = list(game.legal_moves)
        if not moves or game.outcome() is not None:
            break
        if rng.random() < RANDOM_SHARE or len(moves) == 1:
            chosen, how = rng.choice(moves), "random"
        else:
            result = engine.search(game, None, rng.choice((2, 3)))
            assert result.move is not None
            chosen, how = to_move(game, result.move), "engine"
        if ply + 1 >= FIRST_PLY:
            for move in moves:
                after = game.copy()
                after.push(move)
                screened += 1
                if not prescreen(after):
                    continue
                entry = candidate(after, depth)
                if entry is not None:
                    entry["origin"] = {"seed": seed, "game": number, "ply": ply,
                                       "blunder": game.move_text(move), "by": how if move == chosen else "alternative"}
                    found.append(entry)
        game.push(chosen)
    return {"variant": variant, "game": number, "plies": ply, "screened": screened,
            "cpu": round(time.process_time() - started, 2), "puzzles": found}


# ---------------------------------------------------------------------------------------------
# The work file, the schedule, the export

def read_work(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    units = []
    for line in path.read_text().splitlines():
        if line.strip():
            units.append(json.loads(line))
    return units


def distinct(units: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The mined puzzles per variant in game order, near-duplicates dropped, capped at the target."""
    kept: dict[str, list[dict[str, Any]]] = {}
    seen: set[tuple[str, ...]] = set()
    for unit in sorted(units, key=lambda u: (u["variant"], u["game"])):
        for entry in unit["puzzles"]:
            key = (entry["variant"], *entry["solution"][-3:])
            if key in seen or entry["fen"] in seen:
                continue
            seen.update({key, (entry["fen"],)})
            kept.setdefault(entry["variant"], []).append(entry)
    return {v: entries[: target(v)] for v, entries in kept.items()}


def export(units: list[dict[str, Any]], out: Path = DATA_FILE) -> dict[str, int]:
    """Write the shipped file: the earlier puzzles (origin without a seed), then the mined ones."""
    earlier = [e for e in read_data(out) if e.get("origin", {}).get("seed") is None] if out.exists() else []
    entries = list(earlier)
    counts: dict[str, int] = {}
    numbers: dict[str, int] = {}  # the last number used in a variant's ids
    for e in earlier:
        counts[e["variant"]] = counts.get(e["variant"], 0) + 1
        numbers[e["variant"]] = max(numbers.get(e["variant"], 0), int(e["id"].rpartition("-")[2]))
    for variant, mined in sorted(distinct(units).items()):
        for entry in mined:
            counts[variant] = counts.get(variant, 0) + 1
            numbers[variant] = numbers.get(variant, 0) + 1
            entries.append({"id": f"{variant}-{numbers[variant]}", **entry})
    write_data(entries, out)
    return counts


def run(seed: int, workers: int, variants: list[str], minutes: float | None, work: Path,
        write_shipped: bool = True) -> None:
    units = read_work(work)
    done = {(u["variant"], u["game"]) for u in units}
    stop_at = time.monotonic() + minutes * 60 if minutes else float("inf")
    next_game = {v: 0 for v in variants}
    running: dict[futures.Future[dict[str, Any]], tuple[str, int]] = {}

    def have(variant: str) -> int:
        return len(distinct(units).get(variant, []))

    def next_unit() -> tuple[str, int] | None:
        counts = distinct(units)
        open_variants = [v for v in variants if len(counts.get(v, [])) < target(v)]
        if not open_variants:
            return None
        # processor time in proportion to the targets, among the variants still short of theirs
        spent = {v: sum(u["cpu"] for u in units if u["variant"] == v) for v in open_variants}
        for v, _number in running.values():
            if v in spent:
                spent[v] += 1.0  # a game under way counts a little, so the workers spread out
        variant = min(open_variants, key=lambda v: (spent[v] / target(v), variants.index(v)))
        while (variant, next_game[variant]) in done:
            next_game[variant] += 1
        number = next_game[variant]
        next_game[variant] += 1
        return variant, number

    work.parent.mkdir(parents=True, exist_ok=True)
    with futures.ProcessPoolExecutor(max_workers=workers) as pool, work.open("a") as log:
        while True:
            while len(running) < workers and time.monotonic() < stop_at:
                unit = next_unit()
                if unit is None:
                    break
                running[pool.submit(mine_game, seed, *unit)] = unit
            if not running:
                break
            finished, _ = futures.wait(running, return_when=futures.FIRST_COMPLETED)
            for future in finished:
                running.pop(future)
                result = future.result()
                units.append(result)
                done.add((result["variant"], result["game"]))
                log.write(json.dumps(result, separators=(",", ":")) + "\n")
                log.flush()
                os.fsync(log.fileno())
                print(f"{result['variant']} game {result['game']}: {len(result['puzzles'])} puzzles, "
                      f"{result['cpu']} s cpu; {result['variant']} now {have(result['variant'])}", flush=True)
    if write_shipped:
        print(json.dumps(export(units)), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--variants", nargs="*", default=None, help="default: every variant")
    parser.add_argument("--minutes", type=float, default=None, help="start no new game after this long")
    parser.add_argument("--work", type=Path, default=None, help="default: tools/puzzles/work/seed-<seed>.jsonl")
    parser.add_argument("--export", action="store_true", help="only write the shipped file from the work file")
    parser.add_argument("--no-export", action="store_true",
                        help="only fill the work file (a run of some variants, to be exported with the others later)")
    args = parser.parse_args()
    work = args.work or ROOT / "tools" / "puzzles" / "work" / f"seed-{args.seed}.jsonl"
    if args.export:
        print(json.dumps(export(read_work(work))))
        return
    from draughts.rules import VARIANTS
    variants = args.variants or list(VARIANTS)
    run(args.seed, args.workers, variants, args.minutes, work, write_shipped=not args.no_export)


if __name__ == "__main__":
    main()
