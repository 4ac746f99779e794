"""Match against py-draughts 1.10.1 (TurboEngine in International, SimpleEngine in Russian
and English) at the same time per move, from balanced openings, colours swapped.

    python -m venv bench/.venv-pydraughts
    bench/.venv-pydraughts/bin/pip install py-draughts==1.10.1
    python bench/engine_vs_pydraughts.py [--opponent turbo|simple] [--variant international]
                                         [--games 40] [--time 0.5] [--level 8] [--jobs 1]

py-draughts installs under the import name ``draughts`` too, so it runs in its own virtual
environment as a child process (this same file with ``--worker``) and the two talk JSON
lines: the referee (our :class:`~draughts.game.Game`) sends each move, the worker answers
with its own. Every position's legal-move count is compared on both sides, so a rules
mismatch shows up in the report instead of silently spoiling games.

py-draughts' American board lets White (squares 21-32) move first and makes captures
optional; our English board has Black on 1-12 moving first. The English match therefore
maps squares by a half turn (n -> 33 - n) and plays our English under the "no forced
capture" house rule, which is what py-draughts plays. Not a test.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENV_PYTHON = HERE / ".venv-pydraughts" / "bin" / "python"
MAX_PLIES = 250


# --------------------------------------------------------------------------------------------
# The worker: runs inside the py-draughts virtual environment and never imports our package.
def worker() -> None:
    from draughts import AmericanBoard, RussianBoard, StandardBoard  # py-draughts
    from draughts.engines.simple import SimpleEngine
    from draughts.engines.turbo import TurboEngine

    boards = {"international": StandardBoard, "russian": RussianBoard, "english": AmericanBoard}
    board = None
    engine = None
    for line in sys.stdin:
        msg = json.loads(line)
        cmd = msg["cmd"]
        if cmd == "new":
            board = boards[msg["variant"]]()
            t = msg["time"]
            engine = (TurboEngine(depth_limit=None, time_limit=t) if msg["engine"] == "turbo"
                      else SimpleEngine(depth_limit=64, time_limit=t))
            reply = {"moves": len(board.legal_moves)}
        elif cmd == "push":
            want = (msg["from"], msg["to"], sorted(msg["captured"]))
            found = [m for m in board.legal_moves
                     if (m.square_list[0] + 1, m.square_list[-1] + 1, sorted(c + 1 for c in m.captured_list)) == want]
            if not found:
                reply = {"error": f"not legal for py-draughts: {want}"}
            else:
                board.push(found[0])
                reply = {"moves": len(board.legal_moves)}
        elif cmd == "go":
            start = time.perf_counter()
            m = engine.get_best_move(board)
            reply = {"from": m.square_list[0] + 1, "to": m.square_list[-1] + 1,
                     "captured": sorted(c + 1 for c in m.captured_list),
                     "seconds": time.perf_counter() - start}
        else:
            reply = {"error": f"unknown command {cmd}"}
        print(json.dumps(reply), flush=True)


# --------------------------------------------------------------------------------------------
# The referee.
class Opponent:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([str(VENV_PYTHON), str(Path(__file__).resolve()), "--worker"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                                     cwd=str(HERE), env=dict(os.environ, PYTHONPATH=""))

    def ask(self, **msg: object) -> dict:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def play(variant: str, opponent: str, opening: list[str], our_colour: int, seconds: float, level: int
         ) -> dict:
    sys.path.insert(0, str(HERE.parent))
    from draughts import Game
    from draughts.engine import choose_move, new_game

    new_game()  # a fresh table for every game
    english = variant == "english"
    g = Game(variant, forced_capture=False) if english else Game(variant)
    size = g.geometry.size
    flip = (lambda n: size + 1 - n) if english else (lambda n: n)
    opp = Opponent()
    mismatches = 0
    times = {"ours": [], "theirs": []}
    ours = ("white", "black")[our_colour]
    try:
        count = opp.ask(cmd="new", variant=variant, engine=opponent, time=seconds)["moves"]

        def send(move) -> None:
            nonlocal mismatches
            r = opp.ask(cmd="push", **{"from": flip(move.origin), "to": flip(move.destination),
                                       "captured": sorted(flip(c) for c in move.captures)})
            if "error" in r:
                raise RuntimeError(r["error"])
            if r["moves"] != len(g.legal_moves):
                mismatches += 1

        for text in opening:
            m = g.parse_move(text)
            g.push(m)
            send(m)
        while g.outcome() is None and len(g.move_stack) < MAX_PLIES:
            if g.turn == ours:
                start = time.perf_counter()
                m = choose_move(g, level, time_limit=seconds)
                times["ours"].append(time.perf_counter() - start)
                g.push(m)
                send(m)
            else:
                r = opp.ask(cmd="go")
                times["theirs"].append(r["seconds"])
                want = (flip(r["from"]), flip(r["to"]), sorted(flip(c) for c in r["captured"]))
                found = [m for m in g.legal_moves if (m.origin, m.destination, sorted(m.captures)) == want]
                if not found:
                    raise RuntimeError(f"py-draughts played {want}, not legal here: {g.fen()}")
                g.push(found[0])
                send(found[0])
    finally:
        opp.close()
    out = g.outcome()
    if out is None or out.winner is None:
        score = 0.5
    else:
        score = 1.0 if out.winner == ours else 0.0
    replay = Game(variant, forced_capture=False) if english else Game(variant)
    texts = []
    for m in g.move_stack:
        texts.append(replay.move_text(m))
        replay.push(m)
    return {"score": score, "plies": len(g.move_stack), "end": out.termination if out else "ply limit",
            "moves": " ".join(texts),
            "mismatches": mismatches, "ours": sum(times["ours"]) / max(1, len(times["ours"])),
            "theirs": sum(times["theirs"]) / max(1, len(times["theirs"])),
            "our_max": max(times["ours"], default=0.0), "their_max": max(times["theirs"], default=0.0)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--opponent", choices=("turbo", "simple"), default="turbo")
    p.add_argument("--variant", choices=("international", "russian", "english"), default="international")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--time", type=float, default=0.5, help="seconds per move, both sides")
    p.add_argument("--level", type=int, default=None, help="default: the strongest")
    p.add_argument("--jobs", type=int, default=1, help="games played at once")
    p.add_argument("--games-out", default=None, help="write each game's moves to this file")
    p.add_argument("--opening-seed", type=int, default=2024, help="another seed, other openings")
    a = p.parse_args()
    if a.worker:
        worker()
        return
    if not VENV_PYTHON.exists():
        sys.exit(f"no {VENV_PYTHON}: create it with python -m venv and pip install py-draughts==1.10.1")
    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE))
    from engine_ladder import balanced_openings, elo
    from draughts.engine import LEVELS

    a.level = a.level or len(LEVELS)

    openings = balanced_openings(a.variant, max(1, a.games // 2), seed=a.opening_seed)
    print(f"{a.opponent} (py-draughts 1.10.1) vs our level {a.level}, {a.variant}, {a.time} s a move, "
          f"{a.games} games, {len(openings)} openings, colours swapped", flush=True)
    tasks = [(a.variant, a.opponent, openings[(i // 2) % len(openings)], i % 2, a.time, a.level)
             for i in range(a.games)]
    start = time.perf_counter()
    results = []
    with ThreadPoolExecutor(a.jobs) as ex:  # each game runs two processes (ours is this thread)
        for i, r in enumerate(ex.map(lambda t: _play_in_process(t), tasks)):
            results.append(r)
            print(f"game {i + 1}: we play {'white' if tasks[i][3] == 0 else 'black'}, score {r['score']}, "
                  f"{r['plies']} plies, {r['end']}, time/move ours {r['ours']:.2f} s theirs {r['theirs']:.2f} s"
                  f"{', move-count mismatches ' + str(r['mismatches']) if r['mismatches'] else ''}", flush=True)
    if a.games_out:
        with open(a.games_out, "w") as f:
            for i, r in enumerate(results):
                f.write(f"game {i + 1} we={'white' if tasks[i][3] == 0 else 'black'} score={r['score']} "
                        f"end={r['end']}: {r.get('moves', '')}\n")
    # A game that broke (an exception on either side) is no result: it is left out of the score
    # and counted, so a broken match cannot pass for a drawn one.
    errors = [r for r in results if r["end"].startswith("error")]
    results = [r for r in results if not r["end"].startswith("error")]
    if errors:
        print(f"{len(errors)} games ended in an error and are not counted")
    if not results:
        sys.exit("no game finished")
    scores = [r["score"] for r in results]
    s = sum(scores) / len(scores)
    e, lo, hi = elo(s, len(scores), scores)
    print(f"\nresult: +{scores.count(1.0)} ={scores.count(0.5)} -{scores.count(0.0)}  our score {100 * s:.1f}%  "
          f"Elo {e:+.0f} [{lo:+.0f}, {hi:+.0f}]  mean time/move ours {sum(r['ours'] for r in results) / len(results):.2f} s, "
          f"theirs {sum(r['theirs'] for r in results) / len(results):.2f} s (max {max(r['their_max'] for r in results):.2f} s)"
          f"  {time.perf_counter() - start:.0f} s")


def _play_in_process(task: tuple) -> dict:
    # Each game in its own process so that our search does not share the GIL with another game.
    cmd = [sys.executable, str(Path(__file__).resolve()), "--one-game", json.dumps(task)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if out.returncode:
        return {"score": None, "plies": 0, "end": "error: " + out.stderr.strip().splitlines()[-1],
                "mismatches": 0, "ours": 0.0, "theirs": 0.0, "our_max": 0.0, "their_max": 0.0}
    return json.loads(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--one-game":
        variant, opponent, opening, colour, seconds, level = json.loads(sys.argv[2])
        print(json.dumps(play(variant, opponent, opening, colour, seconds, level)))
    else:
        main()
