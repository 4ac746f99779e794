"""The move tree, the analysis board and the game review through the page's JSON protocol."""

from __future__ import annotations

import importlib
import json

from test_web_main import call, error_of, fresh

import main as web_main  # noqa: E402  (web/main.py, on the path test_web_main sets)

BLUNDER_GAME = ("32-28 19-23 28x19 14x23 37-32 17-21 31-27 21-26 36-31 26x28 33x22 12-17 "
                "39-33 17x30 35x24 20x29").split()


def play_texts(*texts: str) -> dict:
    view = {}
    for text in texts:
        view = call("play", text=text)
    return view


def test_a_move_at_an_earlier_point_makes_a_variation() -> None:
    fresh()
    view = play_texts("32-28", "19-23", "28x19")
    main_ids = [m["id"] for m in view["tree"]]
    assert view["path"] == main_ids and view["node"] == main_ids[-1]
    view = call("goto", node=main_ids[0])  # back to after 32-28
    assert view["history"] == ["32-28"] and view["redo"] == 2 and view["ahead"] == main_ids[1:]
    view = call("play", text="18-22")  # another reply: a variation, the main line stays
    assert [m["text"] for m in view["tree"]] == ["32-28", "19-23", "28x19"]
    variation = view["tree"][1]["variations"]
    assert [[m["text"] for m in line] for line in variation] == [["18-22"]]
    assert view["history"] == ["32-28", "18-22"] and view["redo"] == 0
    # undo and redo follow the line the board was on
    view = call("undo")
    assert view["redo"] == 1
    view = call("redo")
    assert view["history"] == ["32-28", "18-22"]
    # the end of the main line again, by its last move
    view = call("goto", node=main_ids[-1])
    assert view["history"] == ["32-28", "19-23", "28x19"]
    assert error_of("goto", node=999)["type"] == "BadRequestError"


def test_variations_and_comments_survive_export_and_import() -> None:
    fresh()
    view = play_texts("32-28", "19-23")
    call("goto", node=view["tree"][0]["id"])
    play_texts("17-22", "28x17")
    pdn = call("export_pdn")["pdn"]
    assert "1. 32-28 19-23 (1... 17-22 2. 28x17)" in pdn
    text = pdn.replace("19-23", "19-23 {the usual reply} $1", 1)
    fresh()
    view = call("import_pdn", text=text)
    assert view["history"] == ["32-28", "19-23"]  # the main line's end
    reply = view["tree"][1]
    assert reply["mark"] == "!" and reply["comments"] == ["the usual reply"]
    assert [m["text"] for m in reply["variations"][0]] == ["17-22", "28x17"]
    assert call("export_pdn")["pdn"] == text  # the record, unchanged, goes out as it came in
    call("goto", node=0)
    play_texts("33-29")  # a new first move: another game now, written from the tree
    again = call("export_pdn")["pdn"]
    assert "1. 32-28 (1. 33-29) 1... 19-23 $1 {the usual reply} (1... 17-22 2. 28x17)" in again


def texts_of(tree: list[dict]) -> list:
    """The tree as the page lists it, moves and variations, by text only (ids are renumbered)."""
    return [[m["text"], m["mark"], m["comments"], [texts_of(line) for line in m["variations"]]] for m in tree]


def restored(save: dict) -> dict:
    """The save as the page would keep and restore it: through JSON, into a fresh worker."""
    importlib.reload(web_main)
    return call("restore", save=json.loads(json.dumps(save)))


def test_variations_survive_the_saved_game_with_the_current_move() -> None:
    fresh()
    view = play_texts("32-28", "19-23", "28x19", "14x23")
    main_ids = [m["id"] for m in view["tree"]]
    call("goto", node=main_ids[0])
    play_texts("17-22", "28x17", "11x22")  # a variation at Black's first move
    view = call("goto", node=main_ids[2])  # back in the main line, one move to redo
    pdn = call("export_pdn")["pdn"]
    assert view["save"]["tree"] and view["redo"] == 1
    back = restored(view["save"])
    assert texts_of(back["tree"]) == texts_of(view["tree"])
    assert [m["text"] for m in back["tree"][1]["variations"][0]] == ["17-22", "28x17", "11x22"]
    assert back["history"] == view["history"] == ["32-28", "19-23", "28x19"]
    assert back["node"] == back["tree"][2]["id"] and back["redo"] == 1
    assert call("export_pdn")["pdn"] == pdn
    # in the variation, the redo choice of the variation's line is kept too
    call("goto", node=back["tree"][1]["variations"][0][0]["id"])
    view = call("position")
    back = restored(view["save"])
    assert back["history"] == ["32-28", "17-22"] and back["redo"] == 2


def test_comments_and_marks_of_an_imported_game_survive_the_saved_game() -> None:
    fresh()
    text = '[Event "Saved"]\n1. 32-28 {a start} 19-23 $2 {too soon} (1... 17-22) 2. 28x19 14x23 *\n'
    view = call("import_pdn", text=text)
    back = restored(view["save"])
    assert texts_of(back["tree"]) == texts_of(view["tree"])
    assert back["tree"][1]["mark"] == "?" and back["tree"][1]["comments"] == ["too soon"]
    assert call("export_pdn")["pdn"] == text  # still the record: its own text goes out


def test_a_save_without_variations_keeps_no_tree() -> None:
    view = fresh()
    view = play_texts("32-28", "19-23")
    assert view["save"]["tree"] == ""
    assert error_of("restore", save={**view["save"], "tree": "1. 32-28 (1. 99-98) *"})["type"] == "BadSaveError"


def test_analysis_lines_follow_the_position() -> None:
    fresh()
    report = call("analyse", lines=2, ms=150)
    assert len(report["lines"]) == 2 and report["depth"] >= 1 and report["nps"] > 0
    first = report["lines"][0]
    assert first["path"][0] in (31, 32, 33, 34, 35) and first["moves"][0].startswith(str(first["path"][0]))
    view = call("play", text="32-28")
    report = call("analyse", lines=1, ms=100)
    assert report["fen"] == view["fen"] and report["node"] == view["node"]
    assert report["lines"][0]["moves"][0].split("-")[0].split("x")[0] in {str(n) for n in range(1, 21)}
    preview = call("line_position", moves=report["lines"][0]["moves"][:2])
    assert preview["ply"] == 3 and preview["moves"] == []
    assert error_of("analyse", lines=4)["type"] == "BadRequestError"


def test_review_marks_the_known_blunder_and_goes_into_the_pdn() -> None:
    fresh()
    play_texts(*BLUNDER_GAME)
    progress = call("review_start", nodes=8000)
    assert progress["total"] == len(BLUNDER_GAME) + 1 and not progress["finished"]
    while not progress["finished"]:
        progress = call("review_step", ms=200)
    moves = progress["review"]["moves"]
    assert moves[12]["played"] == "39-33" and moves[12]["mark"] == "??"
    assert progress["review"]["summary"]["white"]["blunders"] == 1
    view = call("position")
    assert view["tree"][12]["mark"] == "??" and progress["nodes"][12] == view["tree"][12]["id"]
    assert view["tree"][12]["variations"]  # the better line
    assert view["history"] == BLUNDER_GAME  # the board stayed where it was
    pdn = call("export_pdn")["pdn"]
    assert "39-33 $4" in pdn and "[%eval" in pdn
