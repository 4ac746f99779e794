"""The page's Python (web/main.py), driven through its JSON protocol exactly as the worker does.

Plain test functions: pytest runs them in CPython and tests/pyodide/run.mjs runs the same
functions inside Pyodide under Node.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "web", ROOT / "web" / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import main as web_main  # noqa: E402  (web/main.py)

# English: a man on 26 with two routes to 10, taking different pieces (a route choice).
ROUTE_CHOICE_FEN = "W:W26:B23,15,22,14"


def call(method: str, **params: Any) -> Any:
    reply = json.loads(web_main.handle(json.dumps({"id": 7, "method": method, "params": params})))
    assert reply["id"] == 7
    if "error" in reply:
        raise RuntimeError(f"{reply['error']['type']}: {reply['error']['message']}")
    return reply["result"]


def error_of(method: str, **params: Any) -> dict:
    reply = json.loads(web_main.handle(json.dumps({"id": 8, "method": method, "params": params})))
    assert "error" in reply, reply
    return reply["error"]


def fresh() -> dict:
    importlib.reload(web_main)
    return call("new_game")


def test_hello_lists_variants_and_levels() -> None:
    info = call("hello")
    keys = [v["key"] for v in info["variants"]]
    assert "international" in keys and "english" in keys
    assert info["levels"] and info["defaultLevel"] in [level["number"] for level in info["levels"]]


def test_first_view_is_international_start() -> None:
    view = fresh()
    assert (view["variant"], view["rows"], view["cols"]) == ("international", 10, 10)
    assert len(view["squares"]) == 50
    assert len(view["pieces"]) == 40 and view["turn"] == "white"
    assert len(view["moves"]) == 9  # the published perft(1)
    square_32 = next(s for s in view["squares"] if s[0] == 32)
    assert square_32[1] == "32" and view["pieces"]["32"] == "w"
    assert all(m["text"] for m in view["moves"])


def test_play_undo_redo() -> None:
    view = fresh()
    index = next(i for i, m in enumerate(view["moves"]) if m["text"] == "32-28")
    view = call("play", index=index, fen=view["fen"])
    assert view["history"] == ["32-28"] and view["turn"] == "black" and view["last"]["path"] == [32, 28]
    view = call("undo", count=1)
    assert view["ply"] == 0 and view["redo"] == 1
    view = call("redo")
    assert view["history"] == ["32-28"] and view["redo"] == 0


def test_stale_move_is_refused() -> None:
    view = fresh()
    call("play", index=0, fen=view["fen"])
    assert "position changed" in error_of("play", index=0, fen=view["fen"])["message"]


def test_route_choice_moves_share_their_end_square() -> None:
    fresh()
    view = call("set_fen", fen=ROUTE_CHOICE_FEN, variant="english")
    assert view["mustCapture"]
    ends = {(m["o"], m["d"]) for m in view["moves"]}
    assert ends == {(26, 10)} and len(view["moves"]) == 2
    assert {tuple(m["caps"]) for m in view["moves"]} == {(22, 14), (23, 15)}
    assert "compulsory" in view["messages"]["blocked"]["text"].lower()


def test_bad_fen_keeps_the_game() -> None:
    view = fresh()
    view = call("play", index=0, fen=view["fen"])
    error = error_of("set_fen", fen="W:W99:Bxx")
    assert error["message"]
    assert "no FEN" in error_of("set_fen", fen="  ")["message"]
    after = call("position")
    assert after["fen"] == view["fen"] and after["history"] == view["history"]


def test_bad_pdn_keeps_the_game() -> None:
    view = fresh()
    view = call("play", index=0, fen=view["fen"])
    error = error_of("import_pdn", text='[Event "x"]\n1. 32-28 99-98 *')
    assert error["message"]
    assert call("position")["fen"] == view["fen"]


def test_pdn_export_import_round_trip() -> None:
    view = fresh()
    for _ in range(6):
        view = call("play", index=len(view["moves"]) // 2, fen=view["fen"])
    pdn = call("export_pdn", tags={"Event": "Round trip"})["pdn"]
    fresh()
    back = call("import_pdn", text=pdn)
    assert back["history"] == view["history"] and back["fen"] == view["fen"]


def test_save_and_restore() -> None:
    view = fresh()
    for _ in range(4):
        view = call("play", index=0, fen=view["fen"])
    call("undo", count=1)
    saved = call("position")["save"]
    importlib.reload(web_main)
    restored = call("restore", save=json.loads(json.dumps(saved)))
    assert restored["history"] == view["history"][:3] and restored["redo"] == 1


def test_corrupt_save_is_an_error_not_a_crash() -> None:
    fresh()
    for bad in ({"v": 1, "variant": "international", "fen": "W:W31-50:B1-20", "moves": [[[1, 99], []]]},
                {"v": 99}, "nonsense", {"v": 1, "variant": "nope", "fen": ""}):
        assert error_of("restore", save=bad)["message"]


def test_review_shows_an_earlier_position_without_moves() -> None:
    view = fresh()
    first = view["fen"]
    for _ in range(3):
        view = call("play", index=0, fen=view["fen"])
    past = call("review", ply=0)
    assert past["fen"] == first and past["moves"] == [] and past["review"] == 0
    assert call("position")["ply"] == 3


def test_resign_and_draw_agreement_are_results() -> None:
    fresh()
    view = call("declare", kind="resign", side="white")
    assert view["outcome"]["winner"] == "black" and view["moves"] == []
    view = call("undo", count=1)  # taking back a move clears a declared result
    assert view["outcome"] is None
    view = call("declare", kind="draw")
    assert view["outcome"]["winner"] is None


def test_hint_is_a_legal_move() -> None:
    view = fresh()
    h = call("hint")
    assert 0 <= h["index"] < len(view["moves"]) and h["text"] == view["moves"][h["index"]]["text"]


def test_computer_answers_when_the_engine_exists() -> None:
    view = fresh()
    if not call("hello")["engine"]:
        assert "not available" in error_of("computer", level=1)["message"]
        return
    view = call("play", index=0, fen=view["fen"])
    answer = call("computer", level=call("hello")["levels"][0]["number"])
    assert answer["ply"] == 2 and answer["computerMove"] == answer["history"][-1]


def test_setup_checks_the_editors_pieces_and_reads_a_fen() -> None:
    fresh()
    refused = call("setup", variant="russian", pieces={"c1": "b", "e3": "w", "a2": "w"}, turn="white")
    assert [p["id"] for p in refused["problems"]] == ["ed_problem.man_on_promotion_row", "ed_problem.off_board"]
    assert refused["fen"] is None and len(refused["squares"]) == 32 and len(refused["start"]) == 24
    read = call("setup", variant="international", fen="B:W33:BK12")
    assert read["pieces"] == {"33": "w", "12": "B"} and read["turn"] == "black"
    assert read["problems"] == [] and read["fen"] == "B:W33:BK12"
    assert error_of("setup", variant="international", fen="W:W99:B1")["type"] == "InvalidFenError"
    assert [v["key"] for v in call("hello")["variants"] if v["losing"]] == ["antidraughts", "schlagdame"]


def test_an_error_comes_with_its_sentence_for_the_players_language() -> None:
    from draughts.text import Message, render

    def as_message(data: dict) -> Message:
        return Message(data["id"], tuple(sorted((k, as_message(v) if isinstance(v, dict) else v)
                                                for k, v in data["params"].items())))

    fresh()
    error = error_of("set_fen", fen="W:W99:B1")
    assert error["type"] == "InvalidFenError" and "off the board" in error["message"]
    assert render(as_message(error["text"]), "de") == "Feld 99 liegt nicht auf dem Brett (1–50) (bei Zeichen 4)"
    assert render(as_message(error_of("set_fen", fen="  ")["text"]), "de").startswith("keine FEN angegeben")
    assert error_of("import_pdn", text="1. 32-28 99-1")["text"] == {"id": "ed_error.pdn", "params": {"line": 1}}
    assert "text" not in error_of("no_such_method")  # a fault of the page, not of the player's input
