"""FEN position strings: the PDN 3.0 grammar in every variant, and every way to get it wrong.

The grammar and its extensions (ranges, ``K`` before a range, either colour order, a trailing
dot, empty colour blocks, lidraughts' ``:H``/``:F`` fields, algebraic squares) are those of
``docs/rules/notation.md`` §2 (wiegerw/pdn ``doc/fen.rst``, scaladraughts ``Forsyth.scala``).
"""

from __future__ import annotations

import random

import pytest
from random_play import random_game

from draughts import Game
from draughts.errors import InvalidFenError
from draughts.notation.fen import parse_fen
from draughts.rules import VARIANTS

INTERNATIONAL_START = Game().fen()


def squares(fen: str, variant: str = "international") -> dict[int, str]:
    return Game(variant, fen=fen).board()


# --- the grammar ------------------------------------------------------------------------------

@pytest.mark.parametrize("fen", [
    "W:W31-50:B1-20",  # PDN 3.0 ranges
    "W:B1-20:W31-50",  # either colour order
    "W:W31-50:B1-20.",  # old files end with a dot; lidraughts strips it
    "W:W31-50:B1-20:H0:F1",  # lidraughts' half-move clock and move number
    "W:W31-35,36-40,41,42,43,44,45,46-50:B1-10,11,12-20",  # ranges mixed with squares
    "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
    " W:W31-50:B1-20 ",  # surrounding blanks
    '"W:W31-50:B1-20"',  # the quotes of a PDN tag value
    "w:w31-50:b1-20",  # lower-case letters
    "W:W 31-45 , 46-50 :B1-20",  # blanks around squares (lenient; writers must not emit them)
    "W:W31-50:B01-020",  # leading zeros: the PDN 3.0 FEN grammar reads "0[1-9][0-9]*"
])
def test_start_position_spellings(fen: str) -> None:
    assert Game(fen=fen).fen() == INTERNATIONAL_START


def test_king_before_a_range_marks_every_square_of_it() -> None:
    board = squares("B:WK31-35,46:BK1-3,10")
    assert board == {31: "W", 32: "W", 33: "W", 34: "W", 35: "W", 46: "w", 1: "B", 2: "B", 3: "B", 10: "b"}
    assert Game(fen="B:WK31-35,46:BK1-3,10").turn == "black"


def test_the_written_fen_is_the_expanded_list_with_kings_marked() -> None:
    # lidraughts does not read ranges, so none are written (notation.md §2).
    assert Game(fen="B:WK31-33,46:B10.").fen() == "B:W46,K31,K32,K33:B10"


@pytest.mark.parametrize("fen, expected", [
    ("W:W31:B", "W:W31:B"),  # an empty piece list (notation.md extension)
    ("W:B:W31", "W:W31:B"),
    ("W:W31", "W:W31:B"),  # a missing colour block: that side has no pieces
    ("B:B1", "B:W:B1"),
    ("W:W:B", "W:W:B"),
])
def test_empty_colour_blocks(fen: str, expected: str) -> None:
    assert Game(fen=fen).fen() == expected


def test_unknown_side_to_move_means_the_first_player() -> None:
    assert Game(fen="?:W31:B1").turn == "white"
    assert Game("english", fen="?:W31:B1").turn == "black"


def test_frisian_king_move_counter_field_is_accepted() -> None:
    # lidraughts adds a +<count><square> field of Frisian king-move counters (notation.md §2).
    assert Game("frisian", fen="W:W31-50:B1-20:H0:F1:+0+0").fen() == Game("frisian").fen()


@pytest.mark.parametrize("variant", ["russian", "brazilian", "czech", "schlagdame"])
def test_algebraic_squares_on_8x8(variant: str) -> None:
    algebraic = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
    game = Game(variant, fen=algebraic)
    assert game.fen() == Game(variant).fen()
    # The numeric form (lidraughts, pydraughts: 1 = b8) is read as well (notation.md §1).
    assert Game(variant, fen="W:W21-32:B1-12").fen() == game.fen()
    assert game.fen().startswith("W:Wa3,c3,")  # written with the board's own labels
    assert Game(variant, fen="W:WKe5,a1:BKh8").board() == {
        game.geometry.number("e5"): "W", game.geometry.number("a1"): "w", game.geometry.number("h8"): "B"}


def test_algebraic_squares_on_the_turkish_board() -> None:
    game = Game("turkish", fen="B:Wa2,b2,Kd4:Ba7,Kh8,e5")
    board = {game.geometry.label(n): piece for n, piece in game.board().items()}
    assert board == {"a2": "w", "b2": "w", "d4": "W", "a7": "b", "h8": "B", "e5": "b"}
    assert game.turn == "black"
    start = ("W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:"
             "Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7")
    assert Game("turkish", fen=start).fen() == Game("turkish").fen()


@pytest.mark.parametrize("variant, fen", [
    ("english", "B:W21-32:B1-12"),
    ("pool", "B:W21-32:B1-12"),
    ("italian", "W:W21-32:B1-12"),
    ("spanish", "W:W1-12:B21-32"),  # Spanish: White's men on 1-12 (PDN 24,W,8,8,N1,1)
    ("canadian", "W:W43-72:B1-30"),
    ("frisian", "W:W31-50:B1-20"),
    ("antidraughts", "W:W31-50:B1-20"),
])
def test_numeric_start_positions(variant: str, fen: str) -> None:
    assert Game(variant, fen=fen).fen() == Game(variant).fen()


# --- round trips ------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", list(VARIANTS))
def test_fen_round_trip_on_random_positions(variant: str) -> None:
    rng = random.Random(f"fen-{variant}")
    for _ in range(12):
        game = random_game(variant, rng, 0, 90)
        fen = game.fen()
        again = Game(variant, fen=fen)
        assert again.fen() == fen
        assert again.pieces == game.pieces and again.turn == game.turn
        assert set(again.legal_moves) == set(game.legal_moves)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_kings_and_colour_order_round_trip(variant: str) -> None:
    rng = random.Random(f"kings-{variant}")
    g = Game(variant).geometry
    for _ in range(20):
        chosen = rng.sample(range(1, g.size + 1), rng.randint(0, 8))
        white, black = chosen[: len(chosen) // 2], chosen[len(chosen) // 2:]
        # Kings everywhere: men on their promotion row would be refused.
        fen = f"{rng.choice('WB')}:B{','.join('K' + g.label(n) for n in black)}:W{','.join('K' + g.label(n) for n in white)}"
        game = Game(variant, fen=fen)
        assert Game(variant, fen=game.fen()).fen() == game.fen()
        assert sorted(game.board()) == sorted(chosen)


# --- errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("fen, position, words", [
    ("X:W31:B1", 0, "side to move"),
    ("W", 1, "no piece lists"),
    ("W;W31:B1", 1, "expected ':'"),
    ("W:X31:B1", 2, "must start with W or B"),
    ("W:K31:B1", 2, "must start with W or B"),
    ("W:W31:W32", 6, "listed twice"),
    ("W:B1:B2", 5, "listed twice"),
    ("W:W31,31:B1", 6, "square 31 is listed twice"),
    ("W:W31:B31", 7, "square 31 is listed twice"),
    ("W:W31-35:B33", 10, "square 33 is listed twice"),
    ("W:W31-29:B1", 3, "runs backwards"),
    ("W:W0:B1", 3, "off the board"),
    ("W:W51:B1", 3, "off the board"),
    ("W:W31-51:B1", 3, "off the board"),
    ("W:W" + "1" * 5000, 3, "off the board"),  # int() would refuse it with a bare ValueError
    ("W:W00:B1", 3, "off the board"),
    ("W:W31:B1:", 9, "empty field"),
    ("W:W31::B1", 6, "empty field"),
    ("W:Wz9:B1", 3, "not a square"),
    ("W:W3a:B1", 3, "not a square"),
    ("W:W31:B1-", 7, "not a square"),
    ("W:W31, 32 ,,33:B1", 11, "not a square"),
    ("W:Wa1-c3", 3, "not a square"),
    ("W:Wa1-5", 3, "needs square numbers"),
    ("W:W5:B1", 3, "promotion row"),  # a white man on row 1-5 should be a king
    ("W:W31:B46", 7, "promotion row"),
    ("W:W31:B1:X5", 9, "must start with W or B"),
    ("  W:W0", 5, "off the board"),  # the position is counted in the text as given
    ('"W:W31,0"', 7, "off the board"),
    ("W:H0:F1", 2, "no piece lists"),
])
def test_malformed_fen_is_refused_with_its_position(fen: str, position: int, words: str) -> None:
    with pytest.raises(InvalidFenError) as exc:
        Game(fen=fen)
    assert exc.value.position == position
    assert words in str(exc.value)
    assert f"at character {position + 1}" in str(exc.value)
    assert exc.value.fen == fen


@pytest.mark.parametrize("variant, fen, position, words", [
    ("russian", "W:Wa2:Bb8", 3, "not a playing square"),  # a2 is a light square
    ("russian", "W:Wi1", 3, "not a playing square"),
    ("russian", "W:Wb8", 3, "promotion row"),
    ("english", "B:W33:B1", 3, "off the board"),
    ("italian", "W:Wa1", 3, "not a playing square"),  # inverted board: a1 is not in play
    ("turkish", "W:Wa8", 3, "promotion row"),
    ("turkish", "W:Wa9", 3, "not a playing square"),
    ("canadian", "W:W73", 3, "off the board"),
])
def test_malformed_fen_per_variant(variant: str, fen: str, position: int, words: str) -> None:
    with pytest.raises(InvalidFenError) as exc:
        Game(variant, fen=fen)
    assert exc.value.position == position and words in str(exc.value)


@pytest.mark.parametrize("text", ["", "   ", '""', "."])
def test_empty_fen_text(text: str) -> None:
    game = Game()
    with pytest.raises(InvalidFenError) as exc:
        parse_fen(text, game.rules, game.geometry)
    assert exc.value.position is not None


def test_a_fen_must_be_a_string() -> None:
    game = Game()
    with pytest.raises(InvalidFenError):
        parse_fen(None, game.rules, game.geometry)  # type: ignore[arg-type]
