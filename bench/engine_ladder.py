"""Strength ladder: each level against the one below, from an opening file, colours swapped.

    python bench/engine_ladder.py [--variant international] [--games 40] [--quick]
                                  [--levels 0-5] [--time-scale 1.0] [--jobs 1]
                                  [--openings bench/data/openings-international.txt]
    python bench/engine_ladder.py --write-openings FILE [--variant russian]

Each pair plays every opening of the file twice, once with each colour; the file has one
opening a line, its moves in PDN text (``bench/data/openings-international.txt``: twenty
four-ply openings a shallow search scores within a third of a man, written by
``--write-openings``). A variant without a file gets such openings made on the spot. Prints a
line per pair as it finishes and then the table: the stronger level's wins, draws and losses,
the games, its score with a 95% interval and the Elo difference with its interval. Level 0 is
a random mover (level 1 should score 95 % or more against it). Levels 1-3 are fixed depths and
4-7 fixed node counts, so their games do not depend on the machine's speed or load; level 8 is
a time budget (eight seconds a move: ``--time-scale 0.0625`` makes it half a second). ``--quick`` scales every level's time by 0.1 and plays 20 games a pair (the
depth and node caps still hold). Not a test.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import draughts.engine as engine  # noqa: E402
from draughts import Game  # noqa: E402
from draughts.engine import LEVELS, Searcher, analyse, choose_move  # noqa: E402
from draughts.rules import RuleSet  # noqa: E402

MAX_PLIES = 250
OPENINGS_DIR = Path(__file__).resolve().parent / "data"


def read_openings(path: Path) -> list[list[str]]:
    """One opening a line, its moves separated by spaces; blank lines and ``#`` lines skipped."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split() for line in lines if line.strip() and not line.startswith("#")]


def balanced_openings(variant: str, count: int, plies: int = 4, seed: int = 2024,
                      window: float = 0.35, think: float = 0.1) -> list[list[str]]:
    """Random short openings whose shallow evaluation is near level (``|score| <= window``)."""
    rng = random.Random(seed)
    out: list[list[str]] = []
    seen: set[str] = set()
    tries = 0
    while len(out) < count and tries < count * 50:
        tries += 1
        g = Game(variant)
        texts = []
        for _ in range(plies):
            moves = list(g.legal_moves)
            if not moves:
                break
            m = rng.choice(moves)
            texts.append(g.move_text(m))
            g.push(m)
        if len(texts) < plies or g.outcome() is not None or g.fen() in seen:
            continue
        if abs(analyse(g, think, depth=6).score) <= window:
            seen.add(g.fen())
            out.append(texts)
    return out


def elo(score: float, games: int, per_game: list[float]) -> tuple[float, float, float]:
    """Elo difference for a score fraction, with a 95% interval from the games' spread."""
    def to_elo(s: float) -> float:
        s = min(max(s, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / s - 1)

    mean = score
    var = sum((x - mean) ** 2 for x in per_game) / max(1, games - 1)
    se = math.sqrt(var / max(1, games))
    return to_elo(mean), to_elo(mean - 1.96 * se), to_elo(mean + 1.96 * se)


def play_game(args: tuple[str, list[str], int, int, float, int]) -> tuple[float, int, str]:
    """One game; returns (score of ``strong`` 1/0.5/0, plies, how it ended)."""
    variant, opening, strong, weak, time_scale, seed = args
    g = Game(variant)
    for text in opening:
        g.push_text(text)
    strong_colour = seed % 2  # 0: strong plays the side to move after the opening
    first = g.turn
    rng_seed = seed * 1000
    random_mover = random.Random(seed)
    tables: list[dict[RuleSet, Searcher]] = [{}, {}]  # each side keeps its own hash table
    while g.outcome() is None and len(g.move_stack) < MAX_PLIES:
        side = 0 if g.turn == first else 1
        number = strong if side == strong_colour else weak
        if number == 0:  # the random mover
            g.push(random_mover.choice(list(g.legal_moves)))
            continue
        lv = LEVELS[number - 1]
        engine._SEARCHERS = tables[side]
        move = choose_move(g, number, time_limit=lv.seconds * time_scale, seed=rng_seed)
        rng_seed += 1
        g.push(move)
    out = g.outcome()
    strong_name = ("white", "black")[first.index ^ strong_colour]
    if out is None:
        return 0.5, len(g.move_stack), "ply limit"
    if out.winner is None:
        return 0.5, len(g.move_stack), out.termination
    return (1.0 if out.winner == strong_name else 0.0), len(g.move_stack), out.termination


def score_interval(per_game: list[float]) -> tuple[float, float]:
    """A 95% interval of the mean score, from the games' spread (normal approximation)."""
    n = len(per_game)
    mean = sum(per_game) / n
    var = sum((x - mean) ** 2 for x in per_game) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return max(0.0, mean - half), min(1.0, mean + half)


def run_pair(variant: str, strong: int, weak: int, games: int, time_scale: float, jobs: int,
             openings: list[list[str]]) -> tuple[float, list[float]]:
    tasks = [(variant, openings[(i // 2) % len(openings)], strong, weak, time_scale, i) for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            results = list(ex.map(play_game, tasks))
    else:
        results = [play_game(t) for t in tasks]
    scores = [r[0] for r in results]
    s = sum(scores) / len(scores)
    e, lo, hi = elo(s, len(scores), scores)
    wins, draws, losses = scores.count(1.0), scores.count(0.5), scores.count(0.0)
    print(f"level {strong} ({_name(strong)}) vs {weak} ({_name(weak)}): "
          f"+{wins} ={draws} -{losses}  score {100 * s:.1f}%  Elo {e:+.0f} [{lo:+.0f}, {hi:+.0f}]  "
          f"mean plies {sum(r[1] for r in results) / len(results):.0f}  {time.perf_counter() - start:.0f} s",
          flush=True)
    return s, scores


def _name(number: int) -> str:
    return "random mover" if number == 0 else LEVELS[number - 1].name


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="international")
    p.add_argument("--games", type=int, default=None, help="games per pair (default 40, 20 with --quick)")
    p.add_argument("--quick", action="store_true", help="time x0.1 and 20 games a pair")
    p.add_argument("--time-scale", type=float, default=None)
    p.add_argument("--levels", default=f"0-{len(LEVELS)}", help="a range such as 0-5 (0: a random mover)")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--openings", default=None, help="opening file (default: bench/data/openings-<variant>.txt)")
    p.add_argument("--write-openings", default=None, metavar="FILE", help="write 20 balanced openings and stop")
    a = p.parse_args()
    if a.write_openings:
        made = balanced_openings(a.variant, 20)
        Path(a.write_openings).write_text(
            f"# {a.variant}: four-ply openings within 0.35 men by a shallow search (bench/engine_ladder.py)\n"
            + "".join(" ".join(o) + "\n" for o in made), encoding="utf-8")
        print(f"wrote {len(made)} openings to {a.write_openings}")
        return
    games = a.games or (20 if a.quick else 40)
    scale = a.time_scale if a.time_scale is not None else (0.1 if a.quick else 1.0)
    lo, _, hi = a.levels.partition("-")
    levels = list(range(int(lo), int(hi or lo) + 1))
    path = Path(a.openings) if a.openings else OPENINGS_DIR / f"openings-{a.variant}.txt"
    if path.exists():
        openings, source = read_openings(path), str(path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path)
    else:
        openings, source = balanced_openings(a.variant, max(1, games // 2)), "made now"
    print(f"ladder: {a.variant}, {games} games a pair, time x{scale}, {len(openings)} openings ({source}), "
          f"colours swapped, {a.jobs} jobs", flush=True)
    rows = []
    total = 0.0
    for weak, strong in zip(levels, levels[1:]):
        s, scores = run_pair(a.variant, strong, weak, games, scale, a.jobs, openings)
        rows.append((strong, weak, scores))
        total += elo(s, len(scores), scores)[0]
    print(f"\n{'pair':<8}{'+':>4}{'=':>4}{'-':>4}{'games':>7}{'score':>8}   {'95% interval':<15}{'Elo':>6}   95% interval")
    for strong, weak, scores in rows:
        n = len(scores)
        s = sum(scores) / n
        slo, shi = score_interval(scores)
        e, elo_lo, elo_hi = elo(s, n, scores)
        print(f"{strong} v {weak:<4}{scores.count(1.0):>4}{scores.count(0.5):>4}{scores.count(0.0):>4}{n:>7}"
              f"{100 * s:>7.1f}%   {100 * slo:>5.1f}-{100 * shi:5.1f} %   {e:>+6.0f}   [{elo_lo:+.0f}, {elo_hi:+.0f}]")
    print(f"level {levels[-1]} is about {total:+.0f} Elo above level {levels[0]} (sum of the steps)")


if __name__ == "__main__":
    main()
