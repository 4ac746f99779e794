"""Scan's Hub notation: position strings and move strings (``docs/rules/notation.md`` §2-3).

Position: ``W``/``B`` then one of ``w b W B e`` per square in number order (scan-wasm
``fen.cpp``). Move: ``32-28``, or from, to and the captured squares ascending, ``28x19x23``
(scan-wasm ``move.cpp``).
"""

from __future__ import annotations

import random

import pytest
from random_play import random_playout

from draughts import Game
from draughts.errors import IllegalMoveError, InvalidFenError
from draughts.notation.hub import hub_fen, hub_move, hub_position, parse_hub_move
from draughts.rules import VARIANTS

START_HUB = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"  # notation.md §2, 51 characters


def test_start_position() -> None:
    assert hub_position(Game()) == START_HUB
    assert Game.from_hub(START_HUB).fen() == Game().fen()
    assert hub_fen(START_HUB) == "W:W" + ",".join(map(str, range(31, 51))) + ":B" + ",".join(map(str, range(1, 21)))


@pytest.mark.parametrize("variant, length", [
    ("international", 51), ("english", 33), ("russian", 33), ("spanish", 33),
    ("turkish", 65), ("canadian", 73), ("frisian", 51),
])
def test_any_board_size(variant: str, length: int) -> None:
    game = Game(variant)
    pos = hub_position(game)
    assert len(pos) == length and pos[0] == ("B" if game.turn == "black" else "W")
    assert Game.from_hub(pos, variant).fen() == game.fen()


def test_kings_and_side_to_move() -> None:
    game = Game(fen="B:WK46,31:BK5,20")
    pos = hub_position(game)
    assert pos[0] == "B" and pos[46] == "W" and pos[31] == "w" and pos[5] == "B" and pos[20] == "b"
    assert pos.count("e") == 46
    assert Game.from_hub(pos).fen() == game.fen()


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_position_round_trip_on_random_games(variant: str) -> None:
    for game in random_playout(variant, random.Random(f"hub-{variant}"), 80, 80):
        again = Game.from_hub(hub_position(game), variant)
        assert again.fen() == game.fen()
        for move in game.legal_moves:
            assert parse_hub_move(game, hub_move(game, move)) == move


@pytest.mark.parametrize("pos, position, words", [
    ("", 0, "empty"),
    ("X" + "e" * 50, 0, "side to move"),
    ("w" + "e" * 50, 0, "side to move"),  # lower case is a man, not a side
    ("W" + "e" * 49, 50, "51 characters"),
    ("W" + "e" * 51, 51, "51 characters"),
    ("W" + "e" * 10 + "x" + "e" * 39, 11, "'x' is not one of"),
    ("W" + "w" + "e" * 49, 1, "promotion row"),  # a white man on square 1
    ("W" + "e" * 49 + "b", 50, "promotion row"),
])
def test_bad_positions_are_refused_with_the_character(pos: str, position: int, words: str) -> None:
    with pytest.raises(InvalidFenError) as exc:
        Game.from_hub(pos)
    assert exc.value.position == position and words in str(exc.value)


def test_a_position_must_be_a_string() -> None:
    with pytest.raises(InvalidFenError):
        Game.from_hub(None)  # type: ignore[arg-type]


def test_capture_strings_list_the_taken_squares_ascending() -> None:
    # notation.md §3: 28x19x23 is 28 to 19 taking 23.
    game = Game(fen="W:W28:B23")
    (move,) = game.legal_moves
    assert hub_move(game, move) == "28x19x23"
    assert parse_hub_move(game, "28x19x23") == move
    # A man from 37 taking 32 then 22 (captured in descending order, written ascending).
    game = Game(fen="W:W37:B32,22")
    (move,) = game.legal_moves
    assert move.captures == (32, 22)
    assert hub_move(game, move) == "37x17x22x32"
    assert parse_hub_move(game, "37x17x32x22") == move  # Scan keeps a set: any order is read


def test_hub_moves_tell_apart_what_pdn_needs_a_long_form_for() -> None:
    game = Game(fen="W:WK37:B9,13,17,32")
    assert sorted(hub_move(game, m) for m in game.legal_moves) == [
        "37x21x13x17x32", "37x21x9x17x32", "37x26x13x17x32", "37x26x9x17x32"]
    assert set(parse_hub_move(game, "37x21x13x17x32").captures) == {13, 17, 32}


def test_quiet_moves_on_algebraic_boards_use_numbers() -> None:
    game = Game("russian")
    assert sorted(hub_move(game, m) for m in game.legal_moves)[0] == "21-17"
    assert parse_hub_move(game, "22-18") == game.parse_move("c3-d4")


@pytest.mark.parametrize("text, words", [
    ("28x19", "not a Hub move"),  # the PDN form of the capture
    ("28-19x23", "not a Hub move"),
    ("28x19x023", "not a Hub move"),  # leading zero
    ("e3xd4xf4", "not a Hub move"),  # algebraic squares are not Hub
    ("28 x 19 x 23", "not a Hub move"),
    ("28x19x23x23", "twice"),
    ("28x19x22", "exactly those pieces"),
    ("28x19x23x24", "exactly those pieces"),
    ("28-19", "capture is compulsory"),
    ("28x99x23", "off the board"),
    ("", "not a Hub move"),
])
def test_strict_move_strings(text: str, words: str) -> None:
    game = Game(fen="W:W28,40:B23")
    before = game.fen()
    with pytest.raises(IllegalMoveError) as exc:
        parse_hub_move(game, text)
    assert words in str(exc.value)
    assert game.fen() == before


def test_hub_move_refuses_a_move_of_another_position() -> None:
    move = Game().parse_move("32-28")
    game = Game()
    game.push(move)
    with pytest.raises(IllegalMoveError):
        hub_move(game, move)
    with pytest.raises(IllegalMoveError):
        parse_hub_move(game, 3228)  # type: ignore[arg-type]
