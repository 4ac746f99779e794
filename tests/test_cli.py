"""The command line: perft's output shape, moves as JSON lines, errors that do not stop the stream."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

import pytest

from draughts.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, inp=io.StringIO(stdin), out=out)
    return code, out.getvalue()


def test_perft_last_line_ends_with_the_count() -> None:
    code, text = run(["perft", "4"])
    lines = text.strip().splitlines()
    assert code == 0 and len(lines) == 4
    assert lines[-1].split()[-1] == "4265"
    assert "leaves/s" in lines[-1]


@pytest.mark.parametrize("alias,count", [("checkers", 302), ("american", 302), ("russian", 302),
                                         ("canadian", 1222), ("frisian", 658), ("turkish", 708)])
def test_perft_takes_every_variant_key_and_alias(alias: str, count: int) -> None:
    code, text = run(["perft", "--variant", alias, "3"])
    assert code == 0 and text.strip().splitlines()[-1].split()[-1] == str(count)


def test_perft_divide_sums_to_the_total() -> None:
    code, text = run(["perft", "--divide", "3"])
    lines = text.strip().splitlines()
    assert lines[-1] == "perft 3 658"
    assert sum(int(line.split()[-1]) for line in lines[:-1]) == 658
    assert len(lines) == 10  # nine first moves, then the total


def test_moves_json_lines_from_stdin_with_a_bad_line_in_the_middle() -> None:
    code, text = run(["moves", "--fen", "-"], "W:W31-50:B1-20\nW:W99:B1\n\nW:W28:B23\n")
    records = [json.loads(line) for line in text.strip().splitlines()]
    assert code == 0 and len(records) == 3
    assert len(records[0]["moves"]) == 9
    assert "error" in records[1] and "off the board" in records[1]["error"]
    assert records[2]["moves"] == [{"pdn": "28x19", "from": 28, "to": 19, "path": [28, 19], "captures": [23],
                                    "promotes": False}]


def test_moves_uses_the_variants_notation() -> None:
    code, text = run(["moves", "--variant", "russian", "--fen", "W:Wc3:Bd4"])
    assert code == 0 and text.strip() == "c3:e5"


def test_unknown_variant_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exc:
        run(["perft", "--variant", "chess", "2"])
    assert exc.value.code == 2


def test_python_dash_m_runs() -> None:
    r = subprocess.run([sys.executable, "-m", "draughts", "perft", "2"], capture_output=True, text=True, cwd=ROOT,
                       timeout=60)
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1].endswith(" 81")


def run_process(args: list[str], stdin: bytes = b"", strict: bool = False) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if strict:  # a strict UTF-8 locale: undecodable input raises instead of being replaced
        env.update(LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8:strict")
    return subprocess.run([sys.executable, "-m", "draughts", *args], input=stdin, capture_output=True, cwd=ROOT,
                          env=env, timeout=60)


@pytest.mark.parametrize("fen", ["", "W:W:Bh", "X", "W:W99:B1"])
def test_perft_with_a_bad_fen_says_error_in_one_line(fen: str) -> None:
    r = run_process(["perft", "--fen", fen, "2"])
    assert r.returncode == 2 and r.stdout == b""
    err = r.stderr.decode().strip()
    assert err.startswith("error: invalid FEN") and "\n" not in err and "Traceback" not in err


@pytest.mark.parametrize("args", [["--divide", "0"], ["--divide", "-1"], ["--", "-1"], ["0"], ["two"], ["1.5"]])
def test_perft_depth_must_be_one_or_more(args: list[str]) -> None:
    r = run_process(["perft", *args])
    assert r.returncode == 2 and r.stdout == b""
    assert b"is not a depth" in r.stderr and b"Traceback" not in r.stderr


def test_output_to_a_pipe_closed_early_ends_quietly() -> None:
    """`... | head -1`: the reader leaves; the command stops without a traceback."""
    # perft 9: its last lines come seconds after the first, so the reader has always left by then
    for args, stdin in ((["perft", "9"], b""), (["moves", "--fen", "-"], b"W:W31-50:B1-20\n" * 20_000)):
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.Popen([sys.executable, "-m", "draughts", *args], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env)
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        feeder = threading.Thread(target=_feed, args=(proc.stdin, stdin), daemon=True)
        feeder.start()
        assert proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read()
        assert proc.wait(timeout=60) == 141, err
        assert err == b""


def _feed(pipe: IO[bytes], data: bytes) -> None:
    try:
        pipe.write(data)
        pipe.close()
    except BrokenPipeError:
        pass  # the command stopped reading: that is what the test is about


def test_moves_from_stdin_answers_each_line_when_one_is_not_utf8() -> None:
    r = run_process(["moves", "--fen", "-"], b"W:W28:B23\n\xff\xfeW:W28\nW:W31-50:B1-20\n", strict=True)
    assert r.returncode == 0 and r.stderr == b""
    records = [json.loads(line) for line in r.stdout.decode().splitlines()]
    assert [sorted(rec) for rec in records] == [["fen", "moves"], ["error", "fen"], ["fen", "moves"]]
    assert records[1]["error"] == "line 2 is not UTF-8"
    assert len(records[2]["moves"]) == 9
