"""PDN move strings: short and long forms, separators, ambiguity, and refused moves.

Rules of ``docs/rules/notation.md`` §3 (PDN 3.0 grammar; FMJD Annex 1 art. 8-9): ``32-28``
for a move, ``28x19`` for a capture (``:`` in Russian), the long form with every landing square
only where two legal moves share origin and destination, readers accept the long form always.
The ambiguous positions below were found by a search over random positions and checked by hand.
"""

from __future__ import annotations

import random

import pytest
from random_play import random_playout

from draughts import Game
from draughts.errors import AmbiguousMoveError, IllegalMoveError
from draughts.notation.moves import hub_text, long_text
from draughts.rules import VARIANTS


def texts(game: Game) -> list[str]:
    return [game.move_text(m) for m in game.legal_moves]


# --- short forms and separators ---------------------------------------------------------------

def test_quiet_moves_and_captures_in_the_short_form() -> None:
    game = Game()
    assert texts(game) == ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]
    game.push_text("32-28")
    game.push_text("19-23")
    assert texts(game) == ["28x19"]
    assert game.parse_move("28x19") == game.parse_move("28:19")  # either separator is read


def test_russian_uses_algebraic_squares_and_a_colon() -> None:
    game = Game("russian", fen="W:Wc3:Bd4")
    (move,) = game.legal_moves
    assert game.move_text(move) == "c3:e5"
    assert game.parse_move("c3:e5") == game.parse_move("c3xe5") == game.parse_move("C3:E5") == move
    assert game.parse_move("22:15") == move  # lidraughts' numbers (1 = b8) are read too
    assert texts(Game("russian")) == ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]


@pytest.mark.parametrize("variant", ["brazilian", "czech", "turkish", "schlagdame"])
def test_other_algebraic_variants_use_x(variant: str) -> None:
    for game in random_playout(variant, random.Random(variant), 60, 60):
        for move in game.legal_moves:
            text = game.move_text(move)
            assert ":" not in text and ("x" in text) == move.is_capture
            assert text[0] in "abcdefgh"


def test_reading_grammar_leniencies() -> None:
    # PDN 3.0: algebraic moves may omit the separator, squares may carry a leading zero,
    # and a move strength may follow in parentheses.
    russian = Game("russian")
    assert russian.parse_move("c3d4") == russian.parse_move("c3-d4")
    game = Game()
    assert game.parse_move("032-028") == game.parse_move("32-28(?)") == game.parse_move("32-28")
    with pytest.raises(IllegalMoveError):
        game.parse_move("3228")  # numbers need a separator: 3228 could be 3-228 or 32-28


def test_the_long_form_is_read_where_it_is_not_needed() -> None:
    # A man taking two pieces: 37x28x17 names the landing square 28 (old files do this).
    game = Game(fen="W:W37:B32,22")
    (move,) = game.legal_moves
    assert game.move_text(move) == "37x17" and long_text(game, move) == "37x28x17"
    assert game.parse_move("37x28x17") == game.parse_move("37x17") == move


def test_annotations_and_blanks_around_a_move_are_ignored() -> None:
    game = Game()
    assert game.parse_move(" 32-28!? ") == game.parse_move("32-28")


# --- ambiguity ---------------------------------------------------------------------------------

def test_a_king_reaching_one_square_by_two_routes_over_different_pieces() -> None:
    # The king on 37 takes 32, then 9 or 13, then 17, and ends on 21 either way: the captured
    # sets differ ({32, 9, 17} and {32, 13, 17}), so PDN needs the long form (notation.md §3).
    game = Game(fen="W:WK37:B9,13,17,32")
    assert texts(game) == ["37x14x3x21", "37x19x8x21", "37x14x3x26", "37x19x8x26"]
    via_9, via_13 = game.parse_move("37x14x3x21"), game.parse_move("37x19x8x21")
    assert set(via_9.captures) == {32, 9, 17} and set(via_13.captures) == {32, 13, 17}
    assert via_9.destination == via_13.destination == 21
    # A partial route is enough if it tells them apart.
    assert game.parse_move("37x14x21") == via_9 and game.parse_move("37x8x21") == via_13
    with pytest.raises(AmbiguousMoveError) as exc:
        game.parse_move("37x21")
    assert exc.value.candidates == ["37x14x3x21", "37x19x8x21"]
    assert "37x14x3x21" in str(exc.value) and "37x19x8x21" in str(exc.value)
    # The Hub form names the captured pieces and is never ambiguous.
    assert hub_text(game, via_9) == "37x21x9x17x32"
    assert game.parse_move("37x21x9x17x32") == via_9


def test_a_route_that_is_part_of_a_longer_one() -> None:
    # Russian king on c1: c1:f4:h6 (takes e3, g5) and c1:a3:d6:f4:h6 (takes b2, b4, e5, g5):
    # the first route's squares are a subsequence of the second's; the exact one wins.
    game = Game("russian", fen="W:WKc1:Bb2,g3,b4,g5,f8,e5,e3")
    short, long = game.parse_move("c1:f4:h6"), game.parse_move("c1:a3:d6:f4:h6")
    assert short != long and len(short.captures) == 2 and len(long.captures) == 4
    assert game.move_text(short) == "c1:f4:h6" and game.move_text(long) == "c1:a3:d6:f4:h6"
    with pytest.raises(AmbiguousMoveError) as exc:
        game.parse_move("c1:h6")
    assert sorted(exc.value.candidates) == ["c1:a3:d6:f4:h6", "c1:f4:h6"]


def test_a_single_jump_whose_ends_a_round_trip_shares() -> None:
    # e3:g1 jumps f2; e3:b6:d8:g5:e3:g1 goes round, back through e3, and ends on g1 too.
    # "e3:g1" is then the whole route of the single jump, so it names that move.
    game = Game("russian", fen="W:WKe3:Ba3,c5,f4,b8,c7,f6,f2")
    jump = game.parse_move("e3:g1")
    assert jump.captures == (game.geometry.number("f2"),)
    tour = game.parse_move("e3:b6:d8:g5:e3:g1")
    assert len(tour.captures) == 5 and tour.path[0] == tour.path[4]
    assert sorted(texts(game)) == sorted(["e3:b4", "e3:e1", "e3:b6:d8:g5:e3:g1", "e3:g1"])


def test_another_route_over_the_same_pieces_is_the_same_move() -> None:
    # K6 takes 11, 28 and 20 and ends on 15. The engine keeps one route (6x17x33x15); another
    # writer may keep the other (6x22x33x15). Both name the one move (RULES.md: moves are
    # unique by origin, destination and captured set).
    game = Game(fen="W:WK6:B5,28,11,2,20")
    (move,) = game.legal_moves
    assert move.path == (6, 17, 33, 15)
    assert game.parse_move("6x22x33x15") == game.parse_move("6x17x33x15") == move
    # A landing square further behind a piece on a straight line: h6:e3:c1 for h6:f4:c1.
    russian = Game("russian", fen="W:WKh6:Bg5,a3,g3,d2")
    assert russian.parse_move("h6:e3:c1") == russian.parse_move("h6:f4:c1") == russian.parse_move("h6:c1")
    # A route over a piece that is not taken, or over an own piece, plays nothing.
    with pytest.raises(IllegalMoveError):
        game.parse_move("6x22x28x15")


def test_a_quiet_move_and_a_capture_with_the_same_ends() -> None:
    # Without forced capture (the house rule) K40 may step to 34 or go round and land there.
    game = Game(fen="W:WK40:B10,42,17,23,39", forced_capture=False)
    quiet, capture = game.parse_move("40-34"), game.parse_move("40x12x26x48x34")
    assert not quiet.captures and len(capture.captures) == 4
    assert game.move_text(quiet) == "40-34" and game.move_text(capture) == "40x12x26x48x34"


def test_english_king_ambiguity_and_a_circle() -> None:
    game = Game("english", fen="W:WK15:B26,18,9,28,17,10")
    assert texts(game) == ["15x15", "15x6x13x22x31", "15x22x31"]
    assert game.parse_move("15x15").destination == 15  # round trip back to the origin
    with pytest.raises(AmbiguousMoveError):
        game.parse_move("15x31")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_written_move_reads_back_in_random_games(variant: str) -> None:
    """move_text, long_text and hub_text of every legal move name that move and no other."""
    rng = random.Random(f"notation-{variant}")
    for _ in range(4):
        for game in random_playout(variant, rng, 40, 100):
            for move in game.legal_moves:
                assert game.parse_move(game.move_text(move)) == move
                assert game.parse_move(long_text(game, move)) == move
                assert game.parse_move(hub_text(game, move)) == move


# --- refused moves --------------------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    ("32-26", "cannot go to 26"),
    ("19-23", "it is White's turn"),
    ("25-30", "no piece on 25"),
    ("46-41", "cannot move"),
    ("51-46", "not a playing square"),
    ("a2-b3", "not a playing square"),  # a light square
    ("32", "not a move"),
    ("hello", "not a move"),
    ("32--28", "not a move"),
    ("", "not a move"),
])
def test_refused_moves_say_why(text: str, words: str) -> None:
    game = Game()
    with pytest.raises(IllegalMoveError) as exc:
        game.parse_move(text)
    assert words in str(exc.value)


def test_compulsory_capture_is_explained() -> None:
    game = Game()
    game.push_text("32-28")
    game.push_text("19-23")
    with pytest.raises(IllegalMoveError, match="capture is compulsory"):
        game.parse_move("33-29")


def test_a_move_must_be_a_string() -> None:
    with pytest.raises(IllegalMoveError):
        Game().parse_move(3228)  # type: ignore[arg-type]


def test_a_refused_move_changes_nothing() -> None:
    game = Game()
    game.push_text("32-28")
    before = (game.fen(), len(game.move_stack))
    for text in ("28-23", "19-24x", "37x28", "1-2", "32-28"):
        with pytest.raises(IllegalMoveError):
            game.push_text(text)
        assert (game.fen(), len(game.move_stack)) == before
    other = Game()
    with pytest.raises(IllegalMoveError):
        game.push(other.parse_move("33-28"))  # a move of another position
    assert (game.fen(), len(game.move_stack)) == before
