"""web/main.py's requests for the learn page and embedded boards: a session per board in one
worker, the rules table, why-not, tutorial, puzzles and the PDN viewer's positions.

Plain test functions, like test_web_main: pytest runs them in CPython, and
`node tests/pyodide/run.mjs test_web_sessions` runs them inside Pyodide.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "web", ROOT / "web" / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import main as web_main  # noqa: E402  (web/main.py)
from draughts import variant_keys  # noqa: E402
from draughts.text import catalogue  # noqa: E402


def call(method: str, **params: Any) -> Any:
    reply = json.loads(web_main.handle(json.dumps({"id": 3, "method": method, "params": params})))
    if "error" in reply:
        raise RuntimeError(f"{reply['error']['type']}: {reply['error']['message']}")
    return reply["result"]


def test_sessions_keep_separate_games_beside_the_default_one() -> None:
    default = call("new_game", variant="international")
    a = call("new_game", session="a", variant="russian")
    b = call("new_game", session="b", variant="english")
    assert (default["variant"], a["variant"], b["variant"]) == ("international", "russian", "english")
    call("play", session="a", text="c3-d4")
    call("play", session="b", text="9-13")
    call("play", text="32-28")
    assert call("position", session="a")["history"] == ["c3-d4"]
    assert call("position", session="b")["history"] == ["9-13"]
    assert call("position")["history"] == ["32-28"]  # the page's own game, as before sessions
    assert call("undo", session="a")["history"] == []
    assert call("position")["history"] == ["32-28"]


def test_closed_session_is_forgotten_and_sessions_are_bounded() -> None:
    call("new_game", session="gone", variant="russian")
    call("play", session="gone", text="c3-d4")
    call("close_session", session="gone")
    assert "gone" not in web_main.SESSIONS
    assert call("position", session="gone")["history"] == []  # a fresh game, not the old one
    for n in range(web_main.MAX_SESSIONS + 5):
        call("new_game", session=f"many-{n}")
    assert len(web_main.SESSIONS) <= web_main.MAX_SESSIONS


def test_rules_table_covers_every_variant() -> None:
    rows = {r["key"]: r for r in call("rules_table")["variants"]}
    assert sorted(rows) == sorted(variant_keys())
    assert rows["english"]["flying"] is False and rows["english"]["first"] == "black"
    english = catalogue("en")  # the worded flags are text ids
    assert english[rows["international"]["choice"]] == "most pieces"
    assert english[rows["russian"]["passing"]].startswith("crowned")
    assert english[rows["turkish"]["removal"]] == "at once" and rows["turkish"]["orthogonal"]
    assert rows["italian"]["menTakeKings"] is False and rows["italian"]["inverted"]
    assert rows["antidraughts"]["losing"]


def test_why_not_names_the_rule() -> None:
    call("new_game", session="w", fen="W:W33,34:B28,17,30")
    reason = call("why_not", session="w", origin=34, destination=29)
    assert reason["rule"] == "majority" and "(2)" in reason["text"] and reason["source"]
    assert call("why_not", session="w", origin=34)["rule"] == "majority"


def test_tutorial_and_puzzles_through_the_protocol() -> None:
    steps = call("tutorial", family="russian")["steps"]
    assert steps and all(s["variant"] == "russian" for s in steps)
    refused = call("tutorial_try", id="int-capture", text="39-34")
    assert not refused["completed"] and refused["rule"] == "compulsory-capture"
    assert call("tutorial_try", id="int-capture", text="32x23")["completed"]
    puzzle = call("puzzles", variant="english")["puzzles"][0]
    verdict = call("puzzle_try", id=puzzle["id"], played=[], text=puzzle["solution"][0])
    assert verdict["correct"] and verdict["reply"] == (puzzle["solution"][1] if len(puzzle["solution"]) > 1 else None)


def test_viewer_positions_have_their_legal_moves() -> None:
    pdn = '[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *'
    call("import_pdn", session="v", text=pdn)
    start = call("viewer_position", session="v", ply=0)
    assert start["total"] == 4 and start["ply"] == 0 and len(start["moves"]) == 9
    after = call("viewer_position", session="v", ply=3)
    assert after["ply"] == 3 and after["turn"] == "black"
    assert sorted(m["text"] for m in after["moves"]) == ["13x24", "14x23"]
    assert [r["rule"] for r in after["rules"]] == ["compulsory-capture"]
    end = call("viewer_position", session="v", ply=99)
    assert end["ply"] == 4 and end["history"] == ["32-28", "19-23", "28x19", "14x23"]
