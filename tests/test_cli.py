"""The command line: perft's output shape, moves as JSON lines, errors that do not stop the stream."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

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
