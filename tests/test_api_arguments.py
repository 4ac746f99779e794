"""The public API refuses what is not on the board or not of the right type, clearly, and
changes nothing: off-board squares (``piece_at(-1)`` once read a white man from the other end
of the board) and wrong argument types (``Game(123)`` once leaked an ``AttributeError``)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draughts import (
    DraughtsError, Game, IllegalMoveError, InvalidArgumentError, InvalidFenError, InvalidSquareError,
)
from draughts.notation.moves import explain_illegal
from draughts.rules import VARIANTS

not_a_string = st.one_of(st.none(), st.integers(), st.floats(allow_nan=True), st.booleans(), st.binary(),
                         st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
squares = st.one_of(st.integers(min_value=-10**6, max_value=10**6), st.none(), st.floats(), st.text(max_size=4),
                    st.booleans())


@pytest.mark.parametrize("number", [-50, -1, 0, 51, 10**9])
def test_off_board_squares_are_refused(number: int) -> None:
    game = Game()
    with pytest.raises(InvalidSquareError, match="not on the board"):
        game.piece_at(number)


@settings(max_examples=300, deadline=None)
@given(variant=st.sampled_from(sorted(VARIANTS)), number=squares)
def test_piece_at_answers_on_the_board_and_refuses_elsewhere(variant: str, number: Any) -> None:
    game = Game(variant)
    board = game.board()
    size = game.geometry.size
    on_board = isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= size
    if on_board:
        assert game.piece_at(number) == board.get(number)
    else:
        with pytest.raises(InvalidSquareError):
            game.piece_at(number)
        fen = game.fen()
        with pytest.raises(InvalidSquareError):
            explain_illegal(game, number, 1)
        assert game.fen() == fen


@settings(max_examples=200, deadline=None)
@given(value=not_a_string)
def test_wrong_types_for_the_game_raise_input_errors(value: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        Game(value)
    if value is not None:  # None is the start position, and the variant's own draw rules
        with pytest.raises(InvalidFenError):
            Game(fen=value)
        with pytest.raises(InvalidArgumentError):
            Game(draw_rules=value)
    if not isinstance(value, bool) and value is not None:
        with pytest.raises(InvalidArgumentError):
            Game(forced_capture=value)


@settings(max_examples=100, deadline=None)
@given(value=st.one_of(not_a_string, st.text(max_size=6)))
def test_a_move_that_is_not_a_move_changes_nothing(value: Any) -> None:
    game = Game("russian")
    fen = game.fen()
    with pytest.raises(InvalidArgumentError):
        game.move_text(value)
    with pytest.raises(InvalidArgumentError):
        game.push(value)
    if not isinstance(value, str):
        with pytest.raises(IllegalMoveError):
            game.parse_move(value)
    assert game.fen() == fen and not game.move_stack


def test_input_errors_are_value_errors_and_type_errors_where_the_type_is_wrong() -> None:
    with pytest.raises(ValueError):
        Game(123)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Game(forced_capture="no")  # type: ignore[arg-type]
    assert issubclass(InvalidSquareError, DraughtsError)


@pytest.mark.parametrize("depth", [-1, 1.5, "3", True])
def test_perft_refuses_a_depth_that_is_not_a_count(depth: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        Game().perft(depth)
