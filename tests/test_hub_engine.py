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
from draughts.engine.hub import HubEngine, parse_line, run_hub
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


def hub_run(data: bytes, timeout: float = 30.0) -> tuple[int, list[str], str]:
    """One engine fed ``data`` on standard input (then closed) under a strict UTF-8 locale."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8:strict")
    r = subprocess.run([sys.executable, "-m", "draughts", "hub"], input=data, capture_output=True, cwd=ROOT,
                       env=env, timeout=timeout)
    return r.returncode, r.stdout.decode().splitlines(), r.stderr.decode()


def test_a_huge_hash_table_request_is_clamped_to_the_advertised_maximum() -> None:
    code, lines, err = hub_run(b"hub\nset-param name=tt-entries value=99999999999999\ninit\nping\n")
    advertised = next(l for l in lines if "name=tt-entries" in l)
    assert parse_line(advertised)[1]["max"] == "4194304"
    assert code == 0 and err == "" and lines[-2:] == ["ready", "pong"]
    from draughts.engine import new_game, searcher_for
    talk(["set-param name=tt-entries value=99999999999999", "init", "quit"], "english")
    assert searcher_for(Game("english")).tt_size == 4194304
    talk(["set-param name=tt-entries value=-5", "init", "quit"], "english")
    assert searcher_for(Game("english")).tt_size == 1024
    new_game()


@pytest.mark.parametrize("level", ["level move-time=inf", "level move-time=nan", "level time=-inf",
                                   "level time=1e999", "level move-time=-1", "level time=10 inc=inf",
                                   "level time=10 moves=0"])
def test_times_that_are_not_finite_are_refused(level: str) -> None:
    lines = talk([level, "set-param name=level value=1", "pos start", "go think", "quit"])
    assert lines[0] == 'error message="bad level"'
    assert lines[-1].startswith("done move=")


def test_a_search_with_no_end_stops_when_the_input_ends() -> None:
    """time=1e308 is finite, and its share of the clock is years: the closed input ends it."""
    started = time.monotonic()
    code, lines, _ = hub_run(b"set-param name=level value=2\nlevel time=1e308\npos start\ngo think\n")
    assert code == 0 and lines[-1].startswith("done move=")
    assert time.monotonic() - started < 15  # the level's own 0.1 s, and the start-up


@pytest.mark.parametrize("ending", ["end of input", "quit"])
def test_a_running_search_with_no_end_stops_at_the_end_of_input_or_a_quit(ending: str) -> None:
    e = HubProcess("international")
    try:
        # Level 2 (0.1 s): if the ending arrives before the search starts, the search is capped
        # at the level's time; if after, the ending stops it. Either way it ends.
        e.send("set-param name=level value=2")
        e.send("level time=1e308")
        e.send("go think")
        time.sleep(0.5)
        if ending == "quit":
            e.send("quit")
        else:
            assert e.proc.stdin is not None
            e.proc.stdin.close()  # no quit: the end of the input alone
        e.wait_for("done move=", timeout=5.0)
        assert e.proc.wait(timeout=5.0) == 0
    finally:
        if e.proc.poll() is None:
            e.proc.kill()
            e.proc.wait()


def test_an_undecodable_line_is_answered_and_the_next_lines_still_are() -> None:
    code, lines, err = hub_run(b"ping\n\xff\xfe level\nping\n")
    assert code == 0 and err == ""
    assert lines == ["pong", 'error message="line 2 is not UTF-8"', "pong"]


def test_long_lines_are_answered_in_linear_time() -> None:
    started = time.monotonic()
    megabyte = b"pos pos=W" + b"e" * 1_000_000 + b"\nping\n"
    moves = b'pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="' + b"32-28 " * 170_000 + b'"\nping\n'
    words = b"pos " + b'a="b c" ' * 125_000 + b"\nping\n"
    code, lines, _ = hub_run(megabyte + moves + words)
    assert code == 0 and lines == ['error message="bad position"', "pong", 'error message="illegal move"', "pong",
                                   "pong"]
    assert time.monotonic() - started < 10
    started = time.monotonic()
    code, lines, _ = hub_run(b"pos pos=W" + b"e" * 10_000_000 + b"\nping\n")
    assert code == 0 and lines == ['error message="line 1 is longer than 1048576 characters"', "pong"]
    assert time.monotonic() - started < 10


def test_parse_line_reads_quotes_flags_and_loose_words() -> None:
    assert parse_line('id name="draughts project" country=-') == ("id", {"name": "draughts project", "country": "-"})
    assert parse_line("level infinite") == ("level", {"infinite": ""})
    assert parse_line('pos moves="32-28') == ("pos", {"moves": "32-28"})  # the quote never closes
    assert parse_line("   ") == ("", {})


class SteppingClock:
    """A clock that moves on by ``step`` seconds at every reading. The engine reads the clock
    once every 16 nodes of its search, so on this clock its time is counted in its own work:
    the same on any machine, however loaded (a host that stops the virtual machine for tens of
    milliseconds made a real-time version of the test below fail in CI)."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize("variant", ["english", "international"])
def test_the_hub_keeps_within_its_budget_from_the_line_that_asks(variant: str, monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    """A referee game at 0.05 s a move: from the moment "pos" (with every move so far) and
    "go" arrive to "done", the engine's clock moves on by at most the budget + 10%.

    The budget counts from the arrival of the line (HubEngine.received), so the search's
    deadline is set from it, not from "go"; every reading after the deadline (the last nodes,
    the answer's principal variation) is paid from the 10%. The clock is
    :class:`SteppingClock`: the engine's own readings are its time.
    """
    budget = 0.05
    clock = SteppingClock(0.0005)
    monkeypatch.setattr(time, "perf_counter", clock)
    engines = [HubEngine(variant, io.StringIO(""), io.StringIO()) for _ in range(2)]
    game = Game(variant)
    start = hub_position(game)
    played: list[str] = []
    for ply in range(120):
        if game.outcome() is not None:
            break
        engine = engines[ply % 2]
        engine.out = io.StringIO()
        engine.received = clock()
        engine.handle(*parse_line(f'pos pos={start} moves="{" ".join(played)}"'))
        engine.handle(*parse_line(f"level move-time={budget}"))
        engine.handle(*parse_line("go think"))
        used = clock.now - engine.received
        assert used <= budget * 1.10, f"ply {ply} of {' '.join(played)}: {used:.4f} s by the engine's clock"
        text = parse_line(engine.out.getvalue().splitlines()[-1])[1]["move"]
        game.push(parse_hub_move(game, text))
        played.append(text)
    assert len(played) >= 40
