"""The Hub engine: protocol replies in process, and a whole game between two subprocesses."""

from __future__ import annotations

import io
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from draughts import Game
from draughts.engine.hub import parse_line, run_hub
from draughts.notation.hub import hub_position, parse_hub_move

ROOT = Path(__file__).resolve().parents[1]


def talk(lines: list[str], variant: str = "international") -> list[str]:
    out = io.StringIO()
    assert run_hub(variant, io.StringIO("\n".join(lines) + "\n"), out) == 0
    return out.getvalue().splitlines()


def test_handshake_lists_parameters_then_waits() -> None:
    lines = talk(["hub", "init", "ping", "quit"])
    assert lines[0].startswith("id name=")
    assert any(l.startswith("param name=level") for l in lines)
    assert lines.index("wait") < lines.index("ready") < lines.index("pong")


def test_go_answers_a_legal_move_with_info() -> None:
    lines = talk(["hub", "init", 'pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 19-23 28x19x23 14x23x19"',
                  "level move-time=0.2", "go think", "quit"])
    info = [l for l in lines if l.startswith("info ")]
    done = [l for l in lines if l.startswith("done ")]
    assert info and done
    _cmd, args = parse_line(info[-1])
    assert int(args["depth"]) >= 1 and "pv" in args
    game = Game("international")
    for text in ("32-28", "19-23", "28x19x23", "14x23x19"):
        game.push(parse_hub_move(game, text))
    move = parse_line(done[0])[1]["move"]
    assert parse_hub_move(game, move) in game.legal_moves
    forced = talk(['pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 19-23"', "go think", "quit"])
    assert forced[-1] == "done move=28x19x23"  # the only legal move, at once


def test_bad_position_and_illegal_move_are_reported() -> None:
    lines = talk(["pos pos=Wxyz", "pos start moves=\"32-27 17-21 27x16\"", "quit"])
    assert lines[0] == 'error message="bad position"'
    assert lines[1] == 'error message="illegal move"'


def test_levels_and_clock_commands() -> None:
    for level_line in ("level depth=2", "level nodes=500", "level time=10 inc=0.1", "level moves=40 time=60"):
        lines = talk(["pos start", level_line, "go think", "quit"])
        assert lines[-1].startswith("done move=")
    lines = talk(["set-param name=level value=1", "init", "pos start", "go think", "quit"], "english")
    game = Game("english")
    assert parse_hub_move(game, parse_line(lines[-1])[1]["move"]) in game.legal_moves


class HubProcess:
    """One engine as a child process, read by a thread so a read can time out."""

    def __init__(self, variant: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "draughts", "hub", "--variant", variant],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, cwd=ROOT, env=env,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix: str, timeout: float = 10.0) -> str:
        end = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            if line.startswith(prefix):
                return line

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


@pytest.mark.parametrize("variant,plies", [("international", 60), ("english", 60)])
def test_two_hub_engines_play_a_game_through_a_referee(variant: str, plies: int) -> None:
    engines = [HubProcess(variant), HubProcess(variant)]
    try:
        for e in engines:
            e.send("hub")
            e.wait_for("wait")
            e.send("init")
            e.wait_for("ready")
        game = Game(variant)
        start = hub_position(game)
        played: list[str] = []
        for ply in range(plies):
            if game.outcome() is not None:
                break
            e = engines[ply % 2]
            e.send(f'pos pos={start} moves="{" ".join(played)}"')
            e.send("level move-time=0.05")
            e.send("go think")
            done = e.wait_for("done ")
            text = parse_line(done)[1]["move"]
            move = parse_hub_move(game, text)  # raises if the move is not legal
            assert move in game.legal_moves
            game.push(move)
            played.append(text)
        assert len(played) >= min(plies, 20)
    finally:
        for e in engines:
            e.close()


def test_ping_and_stop_during_an_infinite_search() -> None:
    e = HubProcess("russian")
    try:
        e.send("hub")
        e.wait_for("wait")
        e.send("init")
        e.wait_for("ready")
        e.send("pos start")
        e.send("level infinite")
        e.send("go think")
        time.sleep(0.3)
        e.send("ping")
        e.wait_for("pong", timeout=2.0)
        sent = time.monotonic()
        e.send("stop")
        done = e.wait_for("done ", timeout=2.0)
        assert time.monotonic() - sent < 1.0
        game = Game("russian")
        assert parse_hub_move(game, parse_line(done)[1]["move"]) in game.legal_moves
    finally:
        e.close()
