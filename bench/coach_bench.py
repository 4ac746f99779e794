#!/usr/bin/env python3
"""How often the coach names the right kind of mistake, and whether any claim it makes is refuted.

    python3 bench/coach_bench.py [--seconds 0.5] [--check 2.0] [--data tests/data/shots.json]

For every position of the shot set (a move known to allow a shot, a breakthrough or a piece
to be taken: ``tests/data/shots.json``, each with its source), the engine picks the better move
and :func:`draughts.teach.mistakes.explain_mistake` explains the mistake. Printed: the share
where it names the expected kind (goal: 90 % or more), and the number of claims a deeper search
refutes (goal: none). A claim is refuted when either

* the material-only search, four plies deeper than the coach's check, finds a defence that keeps
  the claimed gain from the opponent (counted in pieces; kings counted very high when a
  crowning is the claim; a shot that crowns on its way claims only the pieces), or
* for a claim of pieces, the engine, given ``--check`` seconds after the line's first move,
  scores the position for the side that played it more than 1.25 men below its material now plus
  the claimed gain (the engine's positional terms and its discount of lone kings in sparse
  endings make a closer comparison meaningless; a crowning is the material search's to judge).

A deeper material search that runs out of its node budget settles nothing: such claims are
counted apart as unsettled.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from draughts import Game  # noqa: E402
from draughts.engine import analyse, searcher_for  # noqa: E402
from draughts.teach.mistakes import LINE_DEPTH, Explanation, MistakeKind, explain_mistake, king_value  # noqa: E402
from draughts.teach.shots import CROWN_SLACK, SLACK, crowning_is_the_gain, holds, readings  # noqa: E402
from draughts.text import render  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TOLERANCE = 1.25  # men: the engine's positional terms may take this much off a material gain
DEEPER = 4
DEEP_NODES = 2_000_000  # about half a minute of CPython at most


def refutations(start: Game, e: Explanation, check_seconds: float) -> tuple[list[str], bool]:
    """Why a deeper search disagrees with the explanation's claim (empty: it stands), and
    whether the material search ran out of nodes before it could tell."""
    if e.kind is MistakeKind.POSITIONAL or not e.line:
        return [], False
    facts = readings(start, list(e.line), king_value(start))[0]
    problems = []
    crowning = crowning_is_the_gain(facts)
    extra = (CROWN_SLACK if crowning else SLACK) + DEEPER
    deeper = holds(start, facts, extra, DEEP_NODES)
    if deeper is False:
        problems.append(f"the material search {extra} plies beyond the line refutes it")
    g = start.copy()
    g.push(e.line[0])
    if g.legal_moves and not crowning:
        ev = searcher_for(start).evaluator
        om, ok, pm, pk = start.position.sides()
        before = ev.material(om, ok, pm, pk) / ev.man_value
        score = -analyse(g, check_seconds).score  # back to the side that made the line's first move
        if score < before + e.gain - TOLERANCE:
            problems.append(f"the engine scores it {score:+.2f}, material now {before:+.2f}, claim {e.gain:+.2f}")
    return problems, deeper is None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="the floor under the time bound of the coach's searches (their depth is fixed)")
    parser.add_argument("--check", type=float, default=2.0, help="the engine's budget for the deeper check")
    parser.add_argument("--data", default=str(ROOT / "tests" / "data" / "shots.json"))
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    entries = json.loads(Path(args.data).read_text(encoding="utf-8"))
    right = refuted = unsettled = 0
    spent = 0.0
    for entry in entries:
        game = Game(entry["variant"], fen=entry["fen"])
        played = game.parse_move(entry["mistake"])
        best = analyse(game, 1.0).best
        if best is None or best == played:
            print(f"  {entry['fen']}: the engine plays the mistake itself; counted wrong")
            continue
        start = time.perf_counter()
        e = explain_mistake(game, played, best, seconds=args.seconds)
        spent += time.perf_counter() - start
        ok = e.kind.value == entry["kind"]
        right += ok
        start_of_line = game.copy()
        if e.kind is not MistakeKind.MISSED_WIN:
            start_of_line.push(played)
        problems, open_question = refutations(start_of_line, e, args.check)
        refuted += bool(problems)
        unsettled += open_question
        if args.verbose or not ok or problems:
            mark = "ok " if ok else "BAD"
            print(f"{mark} {entry['variant']} {entry['fen']} {entry['mistake']}: expected {entry['kind']}, "
                  f"got {e.kind.value}: {render(e.message)}")
            for problem in problems:
                print(f"    REFUTED: {problem}")
    n = len(entries)
    print(f"positions: {n}")
    print(f"right kind: {right}/{n} = {100 * right / n:.0f} % (goal >= 90 %)")
    print(f"claims refuted by a deeper search: {refuted} (goal 0); too deep to settle: {unsettled}")
    print(f"time per explanation: {spent / n:.2f} s (the engine's line at depth {LINE_DEPTH})")


if __name__ == "__main__":
    main()
