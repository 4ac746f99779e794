#!/usr/bin/env python3
"""Find mistakes with a known answer in engine games and print them as tests/data/shots.json entries.

    python3 bench/find_shots.py english 6 [--games 10] [--seed 1] [--depth 6] [--level 2]
    python3 bench/find_shots.py puzzles 0     # the stored puzzles, one move earlier
    python3 bench/find_shots.py endings:russian 6 [--seed 1]   # random endings of men only

Games of the engine against itself at a fallible level. After each quiet move (the mover had no
capture), a material-only search (:func:`draughts.teach.puzzle_search.secures`, independent of the
coach and of the engine's evaluation) asks whether the opponent now has a move that wins a
piece within ``depth`` plies, or, failing that, one that crowns a king nobody can stop. The move
counts as a mistake when the engine's own choice in the same position allows neither. The kind
is read off the opponent's winning first move alone: a capture is a piece left hanging, a quiet
move the mover must capture is a shot, a crowning without pieces won is a breakthrough.

``puzzles`` takes each puzzle of :mod:`draughts.teach.puzzles` one move back instead: every way
the side that just moved could have arrived there by a quiet step of one man, from a position
where it had no capture, is checked the same way. ``endings:<variant>`` sets up random endings of
three to six men a side (no kings, no man on its promotion row) and checks every quiet move.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from draughts import Game  # noqa: E402
from draughts.engine import analyse, choose_move  # noqa: E402
from draughts.move import Move  # noqa: E402
from draughts.teach.puzzle_search import piece_balance, secures  # noqa: E402
from draughts.teach.shots import CROWN_VALUE  # noqa: E402

NODES = 40_000
DEEP_NODES = 1_000_000
PER_GAME = 3  # entries from one game at most: the set should not be one game's ending
MAX_BALANCE = 1  # pieces: a position already won or lost by more is no lesson


def crown_balance(game: Game) -> int:
    om, ok, pm, pk = game.position.sides()
    return om.bit_count() - pm.bit_count() + CROWN_VALUE * (ok.bit_count() - pk.bit_count())


def winning_reply(after: Game, depth: int) -> tuple[str, Move] | None:
    """The opponent's first move that wins a piece (or crowns unstoppably), and which it does."""
    pieces = piece_balance(after) + 1
    for reply in after.legal_moves:
        if secures(after, reply, depth, pieces, king=1, max_nodes=NODES):
            return "pieces", reply
    if any(after.pieces[1::2]):
        return None  # with kings on the board a crowning is no breakthrough
    crown = crown_balance(after) + CROWN_VALUE - 2  # a king, for at most one man given
    for reply in after.legal_moves:
        # found at depth + 2, confirmed at depth + 6: the defender must not crown one of its own
        # soon after, or the crowning is a race, not a breakthrough
        if (secures(after, reply, depth + 2, crown, king=CROWN_VALUE, max_nodes=NODES)
                and secures(after, reply, depth + 6, crown, king=CROWN_VALUE, max_nodes=DEEP_NODES)):
            return "crown", reply
    return None


def kind_of(after: Game, gain: str, reply: Move) -> str:
    if gain == "crown":
        return "breakthrough"
    g = after.copy()
    g.push(reply)
    answer = any(m.captures for m in g.legal_moves)
    if reply.captures:
        return "exchange" if answer else "hanging"  # an exchange first says nothing of what follows
    return "shot" if answer else "material"


def find(variant: str, wanted: int, games: int, seed: int, depth: int, level: int) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    seen: set[str] = set()
    for number in range(games):
        game = Game(variant)
        from_this_game = 0
        for ply in range(160):
            if game.outcome() is not None or len(found) >= wanted or from_this_game >= PER_GAME:
                break
            move = choose_move(game, level, seed=seed * 1000 + number * 200 + ply)
            quiet = (not any(m.captures for m in game.legal_moves) and len(game.legal_moves) > 1
                     and abs(piece_balance(game)) <= MAX_BALANCE)
            if quiet and game.fen() not in seen:
                entry = check(game, move, depth)
                if entry is not None:
                    entry["source"] = (f"own find: bench/find_shots.py {variant} seed {seed} game {number} "
                                       f"ply {ply}, level {level}; material search at depth {depth}")
                    seen.add(game.fen())
                    found.append(entry)
                    from_this_game += 1
                    print(json.dumps(entry), file=sys.stderr)
            game.push(move)
    return found


def check(game: Game, move: Move, depth: int) -> dict[str, object] | None:
    after = game.copy()
    after.push(move)
    if not after.legal_moves:
        return None
    won = winning_reply(after, depth)
    if won is None:
        return None
    best = analyse(game, 0.3).best
    if best is None or best == move:
        return None
    other = game.copy()
    other.push(best)
    if other.legal_moves and winning_reply(other, depth) is not None:
        return None  # the engine's move allows something too: not this move's fault
    gain, reply = won
    kind = kind_of(after, gain, reply)
    if kind in ("material", "exchange"):
        return None
    return {"variant": game.rules.key, "fen": game.fen(), "mistake": game.move_text(move),
            "kind": kind, "reply": after.move_text(reply)}


def step_back(game: Game) -> list[tuple[Game, Move]]:
    """Positions one quiet man step before ``game`` (by the side that just moved), with that step."""
    mover = game.turn.opponent
    geometry = game.geometry
    board = game.board()
    man = "w" if mover.value == "white" else "b"
    behind = 1 if mover.value == "white" else -1  # White's men move up the board (row numbers fall)
    out = []
    for square, code in sorted(board.items()):
        if code != man:
            continue
        here = geometry.squares[square - 1]
        for side in (-1, 1):
            cell = geometry.cell_index(here.row + behind, here.col + side)
            if cell is None or geometry.number_of[cell] in board:
                continue
            before = dict(board)
            del before[square]
            before[geometry.number_of[cell]] = man
            fen = "{}:W{}:B{}".format("W" if mover.value == "white" else "B", *(
                ",".join(("K" if c.isupper() else "") + str(n) for n, c in sorted(before.items()) if c.lower() == colour)
                for colour in "wb"))
            earlier = Game(game.rules, fen=fen)
            step = [m for m in earlier.legal_moves if m.origin == geometry.number_of[cell] and m.destination == square]
            if step and not any(m.captures for m in earlier.legal_moves):
                out.append((earlier, step[0]))
    return out


def from_puzzles(depth: int) -> list[dict[str, object]]:
    from draughts.teach.puzzles import all_puzzles

    found = []
    for puzzle in all_puzzles():
        for earlier, step in step_back(puzzle.game()):
            entry = check(earlier, step, max(depth, puzzle.depth))
            if entry is not None:
                entry["source"] = (f"draughts/teach/puzzles.py {puzzle.id}, one move earlier "
                                   f"(found by bench/find_shots.py puzzles)")
                found.append(entry)
                print(json.dumps(entry), file=sys.stderr)
    return found


def random_ending(variant: str, rng: random.Random) -> Game | None:
    game = Game(variant)
    geometry = game.geometry
    # No man within two rows of its crowning: a breakthrough has to break through something.
    white_rows = [s.number for s in geometry.squares if 2 < s.row < geometry.rows]
    black_rows = [s.number for s in geometry.squares if 0 <= s.row < geometry.rows - 3]
    white = sorted(rng.sample(white_rows, rng.randint(3, 6)))
    black = sorted(rng.sample([n for n in black_rows if n not in white], rng.randint(3, 6)))
    fen = f"{rng.choice('WB')}:W{','.join(map(str, white))}:B{','.join(map(str, black))}"
    game = Game(variant, fen=fen)
    if any(m.captures for m in game.legal_moves) or len(game.legal_moves) < 2 or abs(piece_balance(game)) > MAX_BALANCE:
        return None
    return game


def opens_with_capture(game: Game, move: Move, entry: dict[str, object]) -> bool:
    after = game.copy()
    after.push(move)
    return bool(after.parse_move(str(entry["reply"])).captures)


def from_endings(variant: str, wanted: int, seed: int, depth: int, tries: int = 4000) -> list[dict[str, object]]:
    rng = random.Random(seed)
    found: list[dict[str, object]] = []
    for attempt in range(tries):
        if len(found) >= wanted:
            break
        game = random_ending(variant, rng)
        if game is None:
            continue
        move = rng.choice(list(game.legal_moves))
        entry = check(game, move, depth)
        if entry is not None and entry["kind"] == "breakthrough" and not opens_with_capture(game, move, entry):
            entry["source"] = f"own find: bench/find_shots.py endings:{variant} seed {seed} try {attempt}; material search at depth {depth}"
            found.append(entry)
            print(json.dumps(entry), file=sys.stderr)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variant")
    parser.add_argument("wanted", type=int)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--level", type=int, default=2)
    args = parser.parse_args()
    if args.variant == "puzzles":
        entries = from_puzzles(args.depth)
    elif args.variant.startswith("endings:"):
        entries = from_endings(args.variant.split(":", 1)[1], args.wanted, args.seed, args.depth)
    else:
        entries = find(args.variant, args.wanted, args.games, args.seed, args.depth, args.level)
    print(json.dumps(entries, indent=1))


if __name__ == "__main__":
    main()
