"""The page's Python below its JSON surface: the board registry, the encoder and decoder, and
typed error replies that leave the board as it was.

Plain test functions, like test_web_main: pytest runs them in CPython, and
`node tests/pyodide/run.mjs test_web_protocol` runs them inside Pyodide.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "web", ROOT / "web" / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import pytest  # noqa: E402

import draughts  # noqa: E402
import draughts_web.errors as page_errors  # noqa: E402
import main as web_main  # noqa: E402  (web/main.py)
from draughts.position import Colour  # noqa: E402
from draughts_web.errors import BadRequestError  # noqa: E402
from draughts_web.session import PAGE_BOARD, Session, SessionRegistry  # noqa: E402
from draughts_web.wire import decode, encode, named  # noqa: E402


def reply(method: str, **params: Any) -> dict:
    return json.loads(web_main.handle(json.dumps({"id": 5, "method": method, "params": params})))


def call(method: str, **params: Any) -> Any:
    answer = reply(method, **params)
    assert "error" not in answer, answer
    return answer["result"]


def error_of(method: str, **params: Any) -> dict:
    answer = reply(method, **params)
    assert set(answer) == {"id", "error"} and answer["id"] == 5, answer
    assert {"type", "message"} <= set(answer["error"]) <= {"type", "message", "text"} and answer["error"]["message"]
    return answer["error"]


# -- the registry of boards ---------------------------------------------------------------------

def test_two_boards_do_not_share_state() -> None:
    a = call("new_game", session="share-a")
    b = call("new_game", session="share-b")
    assert a["fen"] == b["fen"]
    call("play", session="share-a", text="32-28")
    call("play", session="share-a", text="19-23")
    call("undo", session="share-a")
    after_b = call("position", session="share-b")
    assert after_b["ply"] == 0 and after_b["history"] == [] and after_b["redo"] == 0 and after_b["fen"] == b["fen"]
    call("declare", session="share-b", kind="resign")
    after_a = call("position", session="share-a")
    assert after_a["history"] == ["32-28"] and after_a["redo"] == 1 and after_a["outcome"] is None
    registry = SessionRegistry(4)
    assert registry.get("x") is not registry.get("y")
    registry.get("x").play(registry.get("x").legal()[0])
    assert registry.get("y").game.move_stack == [] and len(registry.get("x").game.move_stack) == 1


def test_the_bound_forgets_the_least_recently_used_board_but_never_the_page_board() -> None:
    registry = SessionRegistry(3)
    page = registry.get(PAGE_BOARD)
    registry.put("a", Session("russian"))
    registry.put("b", Session("english"))
    assert registry.keys() == [PAGE_BOARD, "a", "b"]
    registry.get("a")  # used: now "b" is the oldest board besides the page's
    registry.put("c", Session())
    assert registry.keys() == [PAGE_BOARD, "a", "c"] and "b" not in registry
    registry.put("d", Session())
    assert registry.keys() == [PAGE_BOARD, "c", "d"] and len(registry) == 3
    assert registry.get(PAGE_BOARD) is page
    assert registry.get("b").variant == "international"  # a forgotten board starts a new game
    with pytest.raises(ValueError):
        SessionRegistry(1)


def test_the_worker_registry_evicts_the_oldest_board() -> None:
    call("new_game", session="oldest", variant="russian")
    for n in range(web_main.MAX_SESSIONS):
        call("new_game", session=f"later-{n}")
    assert "oldest" not in web_main.SESSIONS and f"later-{web_main.MAX_SESSIONS - 1}" in web_main.SESSIONS
    assert len(web_main.SESSIONS) <= web_main.MAX_SESSIONS
    assert call("position", session="oldest")["variant"] == "international"


# -- the encoder and decoder --------------------------------------------------------------------

@dataclass(frozen=True)
class Inner:
    path: tuple[int, ...]
    side: Colour


@dataclass(frozen=True)
class Sample:
    name: str
    must_capture: bool = named("mustCapture")
    inner: Inner | None = named("inner")
    note: str | None = named("note", None, omit_none=True)
    tags: dict[str, str] = named("tags", {})
    kind: Literal["a", "b"] = named("kind", "a")


def test_encoder_turns_dataclasses_into_the_json_the_page_reads() -> None:
    sample = Sample("x", True, Inner((1, 2), Colour.WHITE), tags={"Event": "é"})
    assert encode(sample) == ('{"name":"x","mustCapture":true,"inner":{"path":[1,2],"side":"white"},'
                              '"tags":{"Event":"\\u00e9"},"kind":"a"}')
    assert json.loads(encode(Sample("y", False, None, note="n")))["note"] == "n"
    assert json.loads(encode(Sample("y", False, None)))["inner"] is None  # None stays unless omitted
    assert decode(Sample, json.loads(encode(sample))) == sample
    with pytest.raises(TypeError):
        encode(Sample("z", True, object()))  # type: ignore[arg-type]


def test_decoder_names_the_field_that_is_wrong() -> None:
    good = {"name": "x", "mustCapture": False, "inner": None}
    assert decode(Sample, good) == Sample("x", False, None)
    cases = [
        ({**good, "mustCapture": 1}, "params.mustCapture"),  # a number is not a boolean
        ({**good, "name": 3}, "params.name"),
        ({"name": "x", "inner": None}, "params.mustCapture is missing"),
        ({**good, "typo": 1}, "'typo'"),
        ({**good, "inner": {"path": [1, "2"], "side": "white"}}, "params.inner.path[1]"),
        ({**good, "inner": {"path": [1], "side": "red"}}, "params.inner.side"),
        ({**good, "kind": "c"}, "params.kind"),
        ({**good, "tags": {"a": 1}}, "params.tags.a"),
        ([], "params must be an object"),
    ]
    for data, named_in_message in cases:
        with pytest.raises(BadRequestError, match=named_in_message.replace("[", r"\[").replace("]", r"\]")):
            decode(Sample, data)


# -- errors are typed replies and change nothing ------------------------------------------------

def is_value_error(name: str) -> bool:
    cls = getattr(page_errors, name, None) or getattr(draughts, name, None)
    return isinstance(cls, type) and issubclass(cls, ValueError)


def test_bad_input_is_a_typed_error_and_the_board_is_unchanged() -> None:
    board = "errors"
    view = call("new_game", session=board)
    view = call("play", session=board, index=0, fen=view["fen"])
    view = call("play", session=board, index=0, fen=view["fen"])
    before = call("undo", session=board)
    assert before["redo"] == 1
    bad = [
        ("set_fen", {"fen": "W:W99:Bxx"}, "InvalidFenError"),
        ("set_fen", {"fen": "  "}, "InvalidFenError"),
        ("set_fen", {"fen": "W:W31-50:B1-20", "variant": "chess"}, "UnknownVariantError"),
        ("import_pdn", {"text": '[Event "x"]\n1. 32-28 99-98 *'}, "PdnError"),
        ("import_pdn", {"text": ""}, "PdnError"),
        ("play", {"text": "99-98"}, "IllegalMoveError"),
        ("play", {"index": 99}, "IllegalMoveError"),
        ("play", {"index": -1}, "IllegalMoveError"),
        ("play", {"path": [1, 2]}, "IllegalMoveError"),
        ("play", {"index": 0, "fen": "W:W31-50:B1-20"}, "StalePositionError"),
        ("play", {"index": "0"}, "BadRequestError"),
        ("play", {}, "BadRequestError"),
        ("new_game", {"variant": "nope"}, "UnknownVariantError"),
        ("new_game", {"drawRules": "nope"}, "UnknownVariantError"),
        ("restore", {"save": {"v": 99}}, "BadSaveError"),
        ("restore", {"save": {**before["save"], "moves": [[[1, 99], []]]}}, "BadSaveError"),
        ("restore", {"save": {**before["save"], "moves": "32-28"}}, "BadSaveError"),
        ("declare", {"kind": "surrender"}, "BadRequestError"),
        ("review", {}, "BadRequestError"),
    ]
    for method, params, expected in bad:
        error = error_of(method, session=board, **params)
        assert error["type"] == expected, (method, params, error)
        assert is_value_error(error["type"])
        assert call("position", session=board) == before, (method, params)


def test_game_over_refuses_moves_and_unknown_requests_are_typed() -> None:
    view = call("new_game", session="over")
    call("declare", session="over", kind="resign", side="white")
    assert error_of("play", session="over", index=0, fen=view["fen"])["type"] == "GameOverError"
    assert error_of("computer", session="over")["type"] == "GameOverError"
    assert error_of("no_such_method")["type"] == "UnknownMethodError"
    assert error_of("hello", session=3)["type"] == "BadRequestError"
    broken = json.loads(web_main.handle("{not json"))
    assert broken["id"] is None and broken["error"]["type"] == "BadRequestError"


def test_a_declared_result_survives_save_and_restore() -> None:
    call("new_game", session="saved", variant="english")
    call("play", session="saved", text="9-13")
    view = call("declare", session="saved", kind="flag", side="white")
    assert view["outcome"] == {"winner": "black", "termination": "time", "reason": "White ran out of time.",
                               "rule": "FMJD Rules, 7.1 (time control)", "result": "0-1",
                               "message": {"id": "outcome.time", "params": {"loser": {"id": "white", "params": {}}}}}
    assert view["save"]["declared"] == {"termination": "time", "winner": "black"}
    restored = call("restore", session="saved-copy", save=json.loads(json.dumps(view["save"])))
    assert restored["outcome"] == view["outcome"] and restored["history"] == ["9-13"]
    assert restored["save"] == view["save"]


def test_a_save_from_before_the_catalogue_keeps_its_declared_result() -> None:
    call("new_game", session="old-save")
    view = call("declare", session="old-save", kind="resign", side="black")
    save = json.loads(json.dumps(view["save"]))
    # Saves written before the text catalogue kept the whole outcome, with an English sentence.
    save["declared"] = {"winner": "white", "termination": "resignation", "reason": "Black resigned.",
                        "rule": "FMJD Annex 1, 7.1"}
    restored = call("restore", session="old-save-copy", save=save)
    assert restored["outcome"]["winner"] == "white"
    assert restored["outcome"]["message"]["id"] == "outcome.resignation"


@pytest.mark.parametrize(("variant", "kind", "side", "result", "termination"), [
    ("international", "resign", "white", "0-2", "White resigned."),
    ("international", "draw", None, "1-1", "Draw by agreement."),
    ("english", "flag", "white", "0-1", "White ran out of time."),
])
def test_the_pdn_of_a_declared_result_says_the_result_and_how(variant: str, kind: str, side: str | None,
                                                             result: str, termination: str) -> None:
    board = f"declared-{variant}-{kind}"
    call("new_game", session=board, variant=variant)
    params = {"kind": kind, **({"side": side} if side else {})}
    call("declare", session=board, **params)
    text = call("export_pdn", session=board)["pdn"]
    assert f'[Result "{result}"]' in text
    assert f'[Termination "{termination}"]' in text
    assert text.rstrip().endswith(result)
