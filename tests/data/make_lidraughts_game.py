"""Writes lidraughts-game.pdn: a long legal International game in the form lidraughts exports.

How it was made: this package's engine played both sides at level 3, searching to depth 4 with
fixed seeds (so the game is the same on every run) until White stood at least two men ahead after move 60, and
Black resigned there. The text follows lidraughts' export: its tags in its order (GameType 20,
Site, Round "-", TimeControl, Annotator), one ``{[%clock wH:MM:SS BH:MM:SS]}`` comment after every
move with made-up clock times (five minutes and three seconds a move), the move text on one
line, and ``{Black resigns.} 2-0`` at the end. Run from the repository's top:

    python3 tests/data/make_lidraughts_game.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from draughts import Game  # noqa: E402
from draughts.engine import decide  # noqa: E402

LEVEL = 3
DEPTH = 4  # a fixed depth and an ample time budget: the same search on any machine
SEED_BASE = 1003  # the first base (from 1000 up) whose game lasts to move 60 with White ahead
MIN_MOVES = 60  # full moves before Black may resign


def material(game: Game) -> int:
    """White's men minus Black's, a king counting three."""
    value = {"w": 1, "W": 3, "b": -1, "B": -3}
    return sum(value[p] for p in game.board().values())


def play() -> Game:
    game = Game("international")
    ply = 0
    while game.outcome() is None:
        if ply >= 2 * MIN_MOVES and game.turn.value == "black" and material(game) >= 2:
            return game
        game.push(decide(game, LEVEL, time_limit=60.0, depth=DEPTH, seed=SEED_BASE + ply)[0])
        ply += 1
    raise SystemExit(f"the game ended on the board after {ply} plies: change the seeds")


def clock(seconds: float) -> str:
    s = max(0, int(seconds))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


def lidraughts_text(game: Game) -> str:
    tags = [("Event", "Casual game"), ("Site", "https://lidraughts.org/q7ZkR2mX"), ("Date", "2024.05.11"),
            ("Round", "-"), ("White", "kamerling"), ("Black", "lidraughts AI level 3"), ("Result", "2-0"),
            ("GameType", "20"), ("TimeControl", "300+3"), ("Opening", "?"), ("Annotator", "lidraughts.org")]
    replay = Game("international")
    left = {"w": 300.0, "b": 300.0}
    words: list[str] = []
    for ply, move in enumerate(game.move_stack):
        side = "w" if ply % 2 == 0 else "b"
        left[side] += 3 - (1 + (ply * 7) % 5)  # one to five seconds a move, three back
        text = replay.move_text(move)
        replay.push(move)
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(text)
        words.append(f"{{[%clock w{clock(left['w'])} B{clock(left['b'])}]}}")
    words += ["{Black resigns.}", "2-0"]
    header = "".join(f'[{name} "{value}"]\n' for name, value in tags)
    return header + "\n" + " ".join(words) + "\n"


if __name__ == "__main__":
    out = Path(__file__).with_name("lidraughts-game.pdn")
    game = play()
    out.write_text(lidraughts_text(game), encoding="utf-8")
    print(f"{out.name}: {len(game.move_stack)} plies, White {material(game):+d}")
