#!/usr/bin/env python3
"""Search engine-played games for combination puzzles and print them as draughts.teach.puzzles entries.

    python3 bench/find_puzzles.py international 4 [--depth 7] [--games 40] [--seed 1]

A position qualifies when the side to move has no capture (so the first move is a real choice,
often a sacrifice), has at least three legal moves, and exactly one first move wins at least
two men more than every other, as :func:`draughts.teach.puzzles.root_scores` counts material at the
given depth. The line is then followed: the defender answers with its best reply, the player
with the only move that keeps the win (a puzzle whose later moves have an equal alternative is
dropped, so the page can refuse every other try). The result is checked with
:func:`draughts.teach.puzzles.verify`, the same check the tests run.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from draughts import Game  # noqa: E402
from draughts.engine import choose_move  # noqa: E402
from draughts.teach.puzzles import MAX_START_BALANCE, WIN_MARGIN, Puzzle, engine_agrees, material_balance, piece_balance, root_scores, unique_winner, verify  # noqa: E402


def line_from(game: Game, depth: int) -> tuple[list[str], int] | None:
    """The winning line from ``game`` and the men it wins, or None when it is not unique."""
    g = game.copy()
    side = g.turn
    start = piece_balance(g)
    texts: list[str] = []
    for ply in range(depth + 8):
        moves = list(g.legal_moves)
        if not moves:
            break
        remaining = max(1, depth - ply)
        # the line ends once the pieces are won (counted as pieces: a crowning is no gain) and
        # nothing is left to take
        if g.turn == side:
            gain = piece_balance(g) - start
            if ply and gain >= WIN_MARGIN and not any(m.captures for m in moves):
                break  # won and quiet: the line is complete
            if len(moves) == 1:
                move = moves[0]
            else:
                winner = unique_winner(g, remaining)
                if winner is None:
                    return None
                move = winner[0]
        else:
            gain = -piece_balance(g) - start
            if gain >= WIN_MARGIN and not any(m.captures for m in moves):
                break  # the defender's move would be an ordinary move: stop before it
            move = root_scores(g, remaining)[0][0]
        texts.append(g.move_text(move))
        g.push(move)
    pieces = piece_balance(g) * (1 if g.turn == side else -1) - piece_balance(game)
    return texts, pieces


def entry(p: Puzzle) -> str:
    """The puzzle as a line of draughts/puzzles.py's PUZZLES."""
    return f"    Puzzle({p.id!r}, {p.variant!r}, {p.fen!r},\n           {p.solution!r}, {p.depth}, {p.gain}),"


def search(variant: str, wanted: int, depth: int, games: int, seed: int) -> list[Puzzle]:
    rng = random.Random(seed)
    found: list[Puzzle] = []
    seen: set[str] = set()
    for game_number in range(games):
        game = Game(variant)
        for ply in range(120):
            moves = list(game.legal_moves)
            if not moves or game.outcome() is not None:
                break
            if (ply >= 6 and len(moves) >= 3 and not any(m.captures for m in moves) and game.fen() not in seen
                    and material_balance(game) <= MAX_START_BALANCE):
                seen.add(game.fen())
                winner = unique_winner(game, depth)
                if winner is not None and winner[1] - material_balance(game) >= WIN_MARGIN:
                    result = line_from(game, depth)
                    if result and result[1] >= WIN_MARGIN and len(result[0]) >= 3:
                        line, gain = result
                        puzzle = Puzzle(f"{variant}-{len(found) + 1}", variant, game.fen(), tuple(line), depth, gain)
                        problems = verify(puzzle) or engine_agrees(puzzle)
                        if not problems:
                            found.append(puzzle)
                            print(f"# game {game_number} ply {ply}: {' '.join(line)} (+{gain})", file=sys.stderr)
                            print(entry(puzzle), flush=True)
                            if len(found) >= wanted:
                                return found
                            break  # one puzzle per game keeps them varied
            # mostly sensible moves with slips, so combinations arise
            move = rng.choice(moves) if rng.random() < 0.25 else choose_move(game, 2, time_limit=0.05,
                                                                               seed=rng.randrange(1 << 30))
            game.push(move)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant")
    parser.add_argument("count", type=int)
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    search(args.variant, args.count, args.depth, args.games, args.seed)  # prints each entry as found


if __name__ == "__main__":
    main()
