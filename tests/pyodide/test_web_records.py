"""Imported games on the page's Python: a lidraughts export opens finished with its result and
how it ended, goes out again byte for byte while it is unchanged, survives a save, plays on
from any move as a new game; a file of many games is read a part at a time and opened by its
number; the result a view reports is the one its PDN writes.

Plain test functions: pytest runs them in CPython, and `node tests/pyodide/run.mjs
test_web_records` runs them inside Pyodide.
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
from draughts import Game  # noqa: E402
from draughts.notation.pdn import each_game, read_game, read_games  # noqa: E402
from draughts.record import game_from_pdn, recorded_outcome, write_game  # noqa: E402

LIDRAUGHTS = (ROOT / "tests" / "data" / "lidraughts-game.pdn").read_text(encoding="utf-8")
PAGE_TAGS = {"Event": "Casual game", "Date": "2030.01.01", "Black": "Computer (level 4)"}


def call(method: str, **params: Any) -> Any:
    reply = json.loads(web_main.handle(json.dumps({"id": 5, "method": method, "params": params})))
    if "error" in reply:
        raise RuntimeError(f"{reply['error']['type']}: {reply['error']['message']}")
    return reply["result"]


def error_of(method: str, **params: Any) -> dict[str, str]:
    reply = json.loads(web_main.handle(json.dumps({"id": 6, "method": method, "params": params})))
    return reply["error"]


def test_the_test_game_is_long_legal_and_in_lidraughts_form() -> None:
    record = read_game(LIDRAUGHTS)
    game = game_from_pdn(record)
    assert len(game.move_stack) >= 120 and game.outcome() is None
    assert record.tags["GameType"] == "20" and record.tags["Black"] == "lidraughts AI level 3"
    assert all(m.comments and m.comments[0].startswith("[%clock w") for m in record.main_line.moves)
    assert LIDRAUGHTS.rstrip().endswith("{Black resigns.} 2-0")


def test_a_finished_game_opens_finished_and_goes_out_byte_for_byte() -> None:
    view = call("import_pdn", session="lid", text=LIDRAUGHTS)
    assert view["recorded"] is True and view["moves"] == []
    outcome = view["outcome"]
    assert outcome["winner"] == "white" and outcome["termination"] == "resignation"
    assert outcome["result"] == "2-0" and outcome["reason"] == "Black resigned."
    # the page's own tags for its games (Event, Date, the computer) do not replace the record's
    assert call("export_pdn", session="lid", tags=PAGE_TAGS)["pdn"] == LIDRAUGHTS
    # a save keeps the record: restored, the game is still finished and goes out the same
    restored = call("restore", session="lid-copy", save=json.loads(json.dumps(view["save"])))
    assert restored["outcome"] == outcome and restored["recorded"] is True
    assert call("export_pdn", session="lid-copy", tags=PAGE_TAGS)["pdn"] == LIDRAUGHTS


def test_taking_back_a_move_leaves_the_record_and_its_result() -> None:
    call("import_pdn", session="back", text=LIDRAUGHTS)
    view = call("undo", session="back", count=1)
    assert view["outcome"] is None and view["recorded"] is False and view["moves"]
    text = call("export_pdn", session="back", tags=PAGE_TAGS)["pdn"]
    assert '[Result "*"]' in text and '[Site "https://lidraughts.org/' in text  # its tags but not its result
    # the same move again: the record's game once more
    assert call("redo", session="back", count=1)["recorded"] is True
    assert call("export_pdn", session="back")["pdn"] == LIDRAUGHTS
    # another move instead: a new game, none of the record's tags
    call("undo", session="back", count=1)
    fresh = call("position", session="back")
    other = next(i for i, m in enumerate(fresh["moves"]) if m["text"] != read_game(LIDRAUGHTS).moves[-1])
    call("play", session="back", index=other)
    text = call("export_pdn", session="back", tags=PAGE_TAGS)["pdn"]
    assert "lidraughts" not in text and '[Event "Casual game"]' in text


def test_play_on_from_any_move_as_a_new_game() -> None:
    call("import_pdn", session="from", text=LIDRAUGHTS)
    view = call("play_from", session="from", ply=40)
    record = read_game(LIDRAUGHTS)
    game = game_from_pdn(record)
    while len(game.move_stack) > 40:
        game.pop()
    assert view["fen"] == game.fen() and view["history"] == record.moves[:40]
    assert view["outcome"] is None and view["recorded"] is False and view["moves"]
    text = call("export_pdn", session="from")["pdn"]
    assert read_game(text).moves == record.moves[:40] and "lidraughts" not in text and '[Result "*"]' in text
    assert call("play_from", session="from", ply=0)["ply"] == 0


def test_a_file_of_games_is_read_in_parts_and_opened_by_number() -> None:
    texts = [LIDRAUGHTS.replace("Casual game", f"Game {i}") for i in range(1, 4)]
    russian = Game("russian")
    russian.push_text("c3-d4")
    texts.append(write_game(russian, {"White": "Cleo", "Black": "Dan", "Event": "Cup"}))
    part = call("pdn_games", session="file", text="\n".join(texts))
    games = list(part["games"])
    while not part["done"]:
        assert 0 < part["share"] < 1
        part = call("pdn_games", session="file")
        games += part["games"]
    assert [g["event"] for g in games] == ["Game 1", "Game 2", "Game 3", "Cup"]
    assert games[0] == {"index": 0, "white": "kamerling", "black": "lidraughts AI level 3", "event": "Game 1",
                        "date": "2024.05.11", "result": "2-0", "variant": "International", "plies": 121,
                        "problem": ""}
    assert games[3]["variant"] == "Russian" and games[3]["result"] == "*"
    view = call("import_pdn", session="file", index=3)
    assert view["variant"] == "russian" and view["history"] == ["c3-d4"]
    # the list stays: another game of the same file
    assert call("import_pdn", session="file", index=1)["outcome"]["result"] == "2-0"
    assert call("export_pdn", session="file")["pdn"] == texts[1]
    assert error_of("import_pdn", session="file", index=9)["type"] == "PdnError"
    assert error_of("import_pdn", session="no-file", index=0)["type"] == "PdnError"


def test_each_game_keeps_its_own_text() -> None:
    text = '[Event "a"]\n1. 32-28 19-23 2-0 {resigned}\n\n[Event "b"]\n1. 33-29 *\n1. 34-30\n'
    assert [g.source for g in read_games(text)] == [
        '[Event "a"]\n1. 32-28 19-23 2-0 {resigned}', '[Event "b"]\n1. 33-29 *', "1. 34-30"]
    shares = [share for _, share in each_game(text)]
    assert shares == sorted(shares) and shares[-1] == 1.0


def test_how_a_recorded_game_ended() -> None:
    def ended(movetext: str, tags: str = '[GameType "20"]') -> tuple[str | None, str]:
        record = read_game(f"{tags}\n{movetext}")
        outcome = recorded_outcome(record, game_from_pdn(record))
        assert outcome is not None
        return outcome.winner.value if outcome.winner else None, outcome.termination.value
    assert ended("1. 32-28 19-23 {White resigns.} 0-2") == ("black", "resignation")
    assert ended("1. 32-28 19-23 {Black lost on time} 2-0") == ("white", "time")
    assert ended("1. 32-28 19-23 1-1", '[GameType "20"] [Termination "Draw by agreement."]') == (None, "agreement")
    assert ended("1. 32-28 19-23 2-0") == ("white", "recorded")
    # a comment that names the winner as resigning does not make the loser's resignation
    assert ended("1. 32-28 19-23 {White resigns.} 2-0") == ("white", "recorded")
    record = read_game('[GameType "20"]\n1. 32-28 *')
    assert recorded_outcome(record, game_from_pdn(record)) is None


def test_the_result_a_view_reports_is_its_pdns() -> None:
    view = call("new_game", session="res-int", variant="international", fen="W:W33:B28")
    view = call("play", session="res-int", text="33x22")
    assert view["outcome"]["result"] == "2-0"
    assert f'[Result "{view["outcome"]["result"]}"]' in call("export_pdn", session="res-int")["pdn"]
    call("new_game", session="res-eng", variant="english")
    view = call("declare", session="res-eng", kind="resign", side="black")
    assert view["outcome"]["result"] == "1-0"
    assert '[Result "1-0"]' in call("export_pdn", session="res-eng")["pdn"]
