"""The rules that set each variant apart, on constructed positions.

Every expected move set here is worked out by hand from the rule text in
``docs/rules/sources.md`` (the article is cited beside each test) and written out in full.
Squares are written algebraically (``a1`` = White's bottom-left cell, columns a..j on 10x10), which
the FEN reader accepts on every board; comments give the cells as (row, col) with row 0 at the top
(Black's side) as in ``Geometry``. A move is ``(origin, destination, {captured squares})``.
"""

from __future__ import annotations

import pytest

from draughts import Game


def alg(game: Game, number: int) -> str:
    sq = game.geometry.squares[number - 1]
    return game.geometry.algebraic_label(sq.row, sq.col)


def moves(game: Game) -> set[tuple[str, str, frozenset[str]]]:
    return {
        (alg(game, m.origin), alg(game, m.destination), frozenset(alg(game, c) for c in m.captures))
        for m in game.legal_moves
    }


def M(origin: str, destination: str, *captures: str) -> tuple[str, str, frozenset[str]]:
    return (origin, destination, frozenset(captures))


def find(game: Game, origin: str, destination: str):
    found = [m for m in game.legal_moves
             if (alg(game, m.origin), alg(game, m.destination)) == (origin, destination)]
    assert len(found) == 1, (origin, destination, moves(game))
    return found[0]


def push(game: Game, origin: str, destination: str):
    m = find(game, origin, destination)
    game.push(m)
    return m


def piece(game: Game, label: str) -> str | None:
    return game.piece_at(game.geometry.number(label))


# --- International (FMJD Annex 1) -----------------------------------------------------------


def test_international_majority_rule():
    # A1 4.13: the capture of the most pieces is compulsory.
    # White man d4 (6,3) takes c5 (5,2) to b6, then c7 (3,2) to d8: 2 pieces.
    # White man h4 (6,7) takes i5 (5,8) to j6 and stops: 1 piece, not allowed.
    g = Game.from_fen("W:Wd4,h4:Bc5,c7,i5", variant="international")
    assert moves(g) == {M("d4", "d8", "c5", "c7")}


def test_international_majority_counts_a_king_as_one():
    # A1 4.13/4.14: a king counts as one piece, no quality rule: equal counts are a free choice.
    # Man d4 (6,3) takes the man c5 to b6, or the king c3 backwards to b2: one piece each.
    g = Game.from_fen("W:Wd4:Bc5,Kc3", variant="international")
    assert moves(g) == {M("d4", "b6", "c5"), M("d4", "b2", "c3")}


def test_international_flying_king_multi_capture_with_landing_choice():
    # A1 3.9, 4.3, 4.6: a king captures at distance and lands on any free square behind, but
    # must land where it can go on capturing, and the most pieces must be taken.
    # King a1 (9,0) up the long diagonal over d4 (6,3); only from f6 (4,5) can it take d8 (2,3)
    # (up-left over e7), landing c9 (1,2) or b10 (0,1).
    g = Game.from_fen("W:WKa1:Bd4,d8", variant="international")
    assert moves(g) == {M("a1", "c9", "d4", "d8"), M("a1", "b10", "d4", "d8")}


def test_international_turkish_strike_a_jumped_piece_still_blocks():
    # A1 4.11 (pieces removed at the end), sources.md "Removal at end": the Turkish strike.
    # King b2 (8,1) takes d4 (6,3) landing f6 (4,5), d8 (2,3) landing c9 (1,2), b8 (2,1) landing
    # a7 (3,0). From a7 the way down-right to f2 (8,5) runs through d4, which was jumped and is
    # still on the board: the king stops there with 3 pieces (removed at once it would take 4).
    g = Game.from_fen("W:WKb2:Bd4,d8,b8,f2", variant="international")
    assert moves(g) == {M("b2", "a7", "d4", "d8", "b8")}
    # Under Turkish-style immediate removal the same shape takes the 4th piece (see the
    # Turkish tests): this is what the strike prevents.


def test_international_man_passing_the_far_row_stays_a_man():
    # A1 3.5, 4.15: a man that reaches the far row during a capture and jumps on stays a man.
    # Man d8 (2,3) takes e9 to f10 (far row), then g9 (1,6) backwards to h8 (2,7).
    g = Game.from_fen("W:Wd8:Be9,g9", variant="international")
    assert moves(g) == {M("d8", "h8", "e9", "g9")}
    m = find(g, "d8", "h8")
    assert m.promotes is False
    g.push(m)
    assert piece(g, "h8") == "w"


def test_international_man_crowned_only_where_it_stops_and_does_not_capture_as_a_king():
    # A1 3.5: crowned when it stops on the far row. On f10 a king could still take i7 (3,8)
    # at distance (g9, h8 empty, j6 free); the man cannot, so it stops and is crowned.
    g = Game.from_fen("W:Wd8:Be9,i7", variant="international")
    assert moves(g) == {M("d8", "f10", "e9")}
    m = find(g, "d8", "f10")
    assert m.promotes is True
    g.push(m)
    assert piece(g, "f10") == "W"


def test_international_men_capture_backwards_but_move_forwards():
    # A1 3.4 (a man moves forward), 4.2 (captures forward and backward).
    g = Game.from_fen("W:Wd4:Bc3", variant="international")  # c3 (7,2) behind d4 (6,3), b2 free
    assert moves(g) == {M("d4", "b2", "c3")}
    g = Game.from_fen("W:Wd4:Ba9", variant="international")
    assert moves(g) == {M("d4", "c5"), M("d4", "e5")}


# --- Brazilian, Russian, Pool: promotion during a capture ----------------------------------


def test_russian_promotion_mid_capture_continues_as_a_king():
    # DCTL russian.hpp 1.5.15: a man reaching the far row during a capture is crowned at once
    # and goes on capturing as a king. Man b6 (2,1) takes c7 to d8 (far row), then as a flying
    # king down-right over e7 (empty) and f6 (2,5), landing g5 or h4.
    g = Game.from_fen("W:Wb6:Bc7,f6", variant="russian")
    assert moves(g) == {M("b6", "g5", "c7", "f6"), M("b6", "h4", "c7", "f6")}
    m = find(g, "b6", "g5")
    assert m.promotes is True
    g.push(m)
    assert piece(g, "g5") == "W" and g.fen() == "B:WKg5:B"


@pytest.mark.parametrize("variant", ["brazilian", "pool"])
def test_brazilian_and_pool_man_stops_on_the_far_row_when_it_cannot_go_on_as_a_man(variant):
    # Brazilian = International rules (A1 4.15); Pool (DCTL pool.hpp): crowned only where the
    # move ends. On d8 the man has no short jump (e7 empty), so it stops there and is crowned.
    g = Game.from_fen("W:Wb6:Bc7,f6", variant=variant)
    assert moves(g) == {M("b6", "d8", "c7")}
    assert find(g, "b6", "d8").promotes is True


@pytest.mark.parametrize("variant", ["brazilian", "pool"])
def test_passing_the_far_row_mid_capture_stays_a_man_on_8x8(variant):
    # Man b6 takes c7 to d8, then e7 (1,4) backwards to f6 (2,5): a man again, not crowned.
    g = Game.from_fen("W:Wb6:Bc7,e7", variant=variant)
    assert moves(g) == {M("b6", "f6", "c7", "e7")}
    m = find(g, "b6", "f6")
    assert m.promotes is False
    g.push(m)
    assert piece(g, "f6") == "w"


def test_russian_passing_promotion_crowns_even_when_it_then_jumps_off_the_row():
    # Same shape in Russian: crowned on d8, then takes e7 as a king and may land on f6, g5 or h4.
    g = Game.from_fen("W:Wb6:Bc7,e7", variant="russian")
    assert moves(g) == {M("b6", "f6", "c7", "e7"), M("b6", "g5", "c7", "e7"), M("b6", "h4", "c7", "e7")}
    m = find(g, "b6", "f6")
    g.push(m)
    assert piece(g, "f6") == "W"


def test_russian_free_choice_between_captures():
    # ru-checkers.ru, DCTL russian.hpp: no majority rule. Man a3 (5,0) takes b4 and d6 (two),
    # man h2 (6,7) takes g3 (one); both are legal. In Brazilian the majority rule keeps one.
    fen = "W:Wa3,h2:Bb4,d6,g3"
    assert moves(Game.from_fen(fen, variant="russian")) == {M("a3", "e7", "b4", "d6"), M("h2", "f4", "g3")}
    assert moves(Game.from_fen(fen, variant="schlagdame")) == {M("a3", "e7", "b4", "d6"), M("h2", "f4", "g3")}
    assert moves(Game.from_fen(fen, variant="brazilian")) == {M("a3", "e7", "b4", "d6")}


# --- English / American checkers ----------------------------------------------------------


def test_english_man_crowned_and_the_move_ends():
    # DCTL checkers.hpp 1.19: a man reaching the king row by a capture is crowned and the move
    # ends. Man b6 takes c7 to d8 and stops, although a king on d8 could jump e7 to f6.
    # The man on d4 cannot take c3 backwards (1.18, men capture forward only).
    g = Game.from_fen("W:Wb6,d4:Bc7,e7,c3", variant="english")
    assert moves(g) == {M("b6", "d8", "c7")}
    m = find(g, "b6", "d8")
    assert m.promotes is True
    g.push(m)
    assert piece(g, "d8") == "W"


def test_english_short_king():
    # DCTL 1.17: the king moves one square; it jumps only an adjacent piece.
    g = Game.from_fen("W:WKd4:Bb6", variant="english")  # b6 is two squares away: no jump
    assert moves(g) == {M("d4", "c5"), M("d4", "e5"), M("d4", "c3"), M("d4", "e3")}
    g = Game.from_fen("W:WKd4:Bc3", variant="english")  # adjacent behind: jumped to b2
    assert moves(g) == {M("d4", "b2", "c3")}


def test_english_free_choice_between_captures():
    # DCTL 1.20: no majority rule. Man c1 (7,2) takes d2 to e3 then f4 to g5 (two pieces), or
    # b2 to a3 (one); man a1 (7,0) takes b2 to c3 (one). All three are legal.
    g = Game.from_fen("W:Wc1,a1:Bd2,f4,b2", variant="english")
    assert moves(g) == {M("c1", "g5", "d2", "f4"), M("c1", "a3", "b2"), M("a1", "c3", "b2")}


# --- Italian (FID) -------------------------------------------------------------------------
# The Italian board is inverted: the playing cells are those with (row + col) even, a8 = 1.


def test_italian_man_cannot_take_a_king():
    # FID 5.3b: a man may not capture a king. Man d3 (5,3), black king e4 (4,4), f5 free.
    g = Game.from_fen("W:Wd3:BKe4", variant="italian")
    assert moves(g) == {M("d3", "c4")}
    # a king may: the white king on d3 jumps the king on e4 to f5
    g = Game.from_fen("W:WKd3:BKe4", variant="italian")
    assert moves(g) == {M("d3", "f5", "e4")}


def test_italian_precedence_1_most_pieces():
    # FID 6.6: the most pieces first. Man c2 (6,2) takes d3 and f5 (two, to g6); king a6 (2,0)
    # takes b7 to c8 (one). The man's capture is compulsory, king or not.
    g = Game.from_fen("W:Wc2,Ka6:Bd3,f5,b7", variant="italian")
    assert moves(g) == {M("c2", "g6", "d3", "f5")}


def test_italian_precedence_2_with_a_king():
    # FID 6.7: equal counts: capture with the king. Man c2 takes d3 (to e4); king g2 (6,6)
    # takes f3 (to e4). From e4 the king could take d3 only by landing on c2, White's own man.
    g = Game.from_fen("W:Wc2,Kg2:Bd3,f3", variant="italian")
    assert moves(g) == {M("g2", "e4", "f3")}


def test_italian_precedence_3_most_kings():
    # FID 6.8: equal counts, both with the king: take the most kings. King e4 (4,4) can take
    # the man d5 (to c6) or the king f5 (to g6): only the king.
    g = Game.from_fen("W:WKe4:Bd5,Kf5", variant="italian")
    assert moves(g) == {M("e4", "g6", "f5")}


def test_italian_precedence_4_king_met_earliest():
    # FID 6.9: equal counts, kings and captured kings: the sequence meeting a king first.
    # King e4: d5 (man) then b7 (king) to a8, or f5 (king) then f7 (man) to e8.
    g = Game.from_fen("W:WKe4:Bd5,f7,Kf5,Kb7", variant="italian")
    assert moves(g) == {M("e4", "e8", "f5", "f7")}


def test_italian_man_crowned_and_the_move_ends():
    # fid.it: "when a piece becomes king the move passes to the opponent". Man c6 (2,2) takes
    # d7 to e8 and stops, although a king on e8 could take f7 to g6.
    g = Game.from_fen("W:Wc6:Bd7,f7", variant="italian")
    assert moves(g) == {M("c6", "e8", "d7")}
    assert find(g, "c6", "e8").promotes is True


def test_italian_men_capture_forward_only():
    # FID 5.3a. Man d3 (5,3) with a black man on c2 (6,2) behind it and b1 (7,1) free.
    g = Game.from_fen("W:Wd3:Bc2", variant="italian")
    assert moves(g) == {M("d3", "c4"), M("d3", "e4")}


# --- Spanish -------------------------------------------------------------------------------
# Inverted board, numbered from h1; flying kings; men move and capture forward only.


def test_spanish_most_pieces_then_most_kings():
    # DCTL spanish.hpp precedence (num_captured, num_captured_kings); torofun quantity/quality.
    # King h1 (7,7) up the long diagonal over f3 (5,5). From e4 (4,4) it can take g6 (2,6) to
    # h7: f3 + g6, two men. From c6 (2,2) it can take the king b5 (3,1) to a4: f3 + Kb5, two
    # pieces with a king. Equal counts, so the one with more kings.
    g = Game.from_fen("W:WKh1:Bf3,g6,Kb5", variant="spanish")
    assert moves(g) == {M("h1", "a4", "f3", "b5")}
    # Without the king on b5 both one-king-less sequences compete on count alone: f3 + g6 is
    # the only two-piece capture, the one-piece landings are not allowed.
    g = Game.from_fen("W:WKh1:Bf3,g6", variant="spanish")
    assert moves(g) == {M("h1", "h7", "f3", "g6")}


def test_spanish_more_pieces_beat_more_kings():
    # Count comes first. King h1 takes f3 then, from e4, g6 to h7: two men. Man b1 (7,1) takes
    # the king c2 to d3: one piece, a king. From e4 the king cannot take c2 (b1 is White's own).
    g = Game.from_fen("W:WKh1,b1:Bf3,g6,Kc2", variant="spanish")
    assert moves(g) == {M("h1", "h7", "f3", "g6")}


def test_spanish_men_capture_forward_only():
    # DCTL spanish.hpp: no backward jump. Man d3 (5,3), black man c2 (6,2) behind, b1 free.
    g = Game.from_fen("W:Wd3:Bc2", variant="spanish")
    assert moves(g) == {M("d3", "c4"), M("d3", "e4")}


# --- Czech ---------------------------------------------------------------------------------


def test_czech_king_must_capture_if_it_can():
    # fmjd.org czech 4.14: priority of the king's capture over a man's, otherwise free.
    # King a1 (7,0) takes c3 to d4 (e5 is White's own man, so d4 is the only landing, and from
    # d4 nothing more: c5-b6-a7 empty, e3 empty, f2 black but g1 is White's man).
    # Man g1 (7,6) takes f2 to e3, then f4 to g5: two pieces. The king's one piece is compulsory.
    g = Game.from_fen("W:WKa1,e5,g1:Bc3,f2,f4", variant="czech")
    assert moves(g) == {M("a1", "d4", "c3")}


def test_czech_free_choice_among_men():
    # No majority rule: man b2 takes c3 (one), man g1 takes f2 and f4 (two): both legal.
    g = Game.from_fen("W:Wb2,e5,g1:Bc3,f2,f4", variant="czech")
    assert moves(g) == {M("b2", "d4", "c3"), M("g1", "g5", "f2", "f4")}


def test_czech_free_choice_among_king_captures():
    # No majority among king captures either, but a capture once begun is completed, and a
    # king that can go on from one of the squares behind the piece must land there
    # (sources.md Russian row, DCTL 1.4.5; Czech 4.2: "must be completed").
    # King a1 over c3 must land on f6 (the only square to go on from), then takes e7 (to d8)
    # or g5 (to h4): two pieces. King h6 (2,7) over g5 lands f4 or e3 (d2 is White's own man)
    # and can go no further: one piece. Both kings' captures are legal; the man d2's capture
    # of c3 (to b4) is not, since a king can capture.
    g = Game.from_fen("W:WKa1,Kh6,d2:Bc3,e7,g5", variant="czech")
    assert moves(g) == {
        M("a1", "d8", "c3", "e7"), M("a1", "h4", "c3", "g5"),
        M("h6", "f4", "g5"), M("h6", "e3", "g5"),
    }


def test_flying_king_must_land_where_it_can_go_on():
    # sources.md Russian row (DCTL 1.4.5): a king that can continue from one of the squares
    # behind the captured piece must land on such a square. King a1 over c3: d4, e5, g7 and h8
    # are free but only from f6 can it take e7 (to d8).
    for variant in ("russian", "czech", "pool"):
        g = Game.from_fen("W:WKa1:Bc3,e7", variant=variant)
        assert moves(g) == {M("a1", "d8", "c3", "e7")}, variant


# --- Frisian -------------------------------------------------------------------------------


def test_frisian_man_captures_orthogonally():
    # Frisian rules 2011 art. 7: a man also captures along rows and files, over the square of
    # the same colour two cells away. Man e5 (5,4) over e7 (3,4) to e9; over g5 (5,6) to i5.
    assert moves(Game.from_fen("W:We5:Be7", variant="frisian")) == {M("e5", "e9", "e7")}
    assert moves(Game.from_fen("W:We5:Bg5", variant="frisian")) == {M("e5", "i5", "g5")}
    # International has no orthogonal capture: plain moves.
    assert moves(Game.from_fen("W:We5:Be7", variant="international")) == {M("e5", "d6"), M("e5", "f6")}


def test_frisian_value_three_kings_outweigh_five_men():
    # RULES.md decision 4: man = 100, king = 199, so 3 kings (597) > 5 men (500).
    # Man c1 (9,2): d2, f4, h6 up the diagonal, h8 up-left, f8 down-left, ends on e7: 5 men.
    # Man a3 (7,0): kings b4, b6, b8 in a zigzag to c9: 3 kings.
    g = Game.from_fen("W:Wc1,a3:Bd2,f4,h6,h8,f8,Kb4,Kb6,Kb8", variant="frisian")
    assert moves(g) == {M("a3", "c9", "b4", "b6", "b8")}
    # Without the kings the five men are taken.
    g = Game.from_fen("W:Wc1,a3:Bd2,f4,h6,h8,f8", variant="frisian")
    assert moves(g) == {M("c1", "e7", "d2", "f4", "h6", "h8", "f8")}


def test_frisian_value_a_king_is_worth_more_than_a_man():
    # Man b6 (4,1): c7 (man) to d8, or c5 (king, backwards) to d4: the king.
    g = Game.from_fen("W:Wb6:Bc7,Kc5", variant="frisian")
    assert moves(g) == {M("b6", "d4", "c5")}


def test_frisian_value_two_men_outweigh_one_king():
    # A king is worth less than two men (199 < 200): c7 then f8 (orthogonally, to h8) beats Kc5.
    g = Game.from_fen("W:Wb6:Bc7,f8,Kc5", variant="frisian")
    assert moves(g) == {M("b6", "h8", "c7", "f8")}


def test_frisian_king_must_capture_on_equal_value():
    # sources.md §11 (mindsports; DCTL precedence): with equal value a king must capture.
    # Man b6 takes c7 (100); king g1 (9,6) takes h2 (100), landing i3 or j4.
    g = Game.from_fen("W:Wb6,Kg1:Bc7,h2", variant="frisian")
    assert moves(g) == {M("g1", "i3", "h2"), M("g1", "j4", "h2")}


def test_frisian_king_limit_three_quiet_moves_while_men_remain():
    # DCTL frisian.hpp max_same_king_move = 3; mindsports: no more than 3 quiet moves in a row
    # with the same king while its side still has men. Nothing can capture in this position.
    g = Game.from_fen("W:WKa1,i1:BKb10", variant="frisian")
    king_moves = {M("a1", x) for x in ("b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10")}
    assert moves(g) == king_moves | {M("i1", "h2"), M("i1", "j2")}
    for frm, to in [("a1", "b2"), ("b10", "a9"), ("b2", "a1"), ("a9", "b10"), ("a1", "b2"), ("b10", "a9")]:
        push(g, frm, to)
    # the king on b2 has made three quiet moves in a row: only the man may move
    assert moves(g) == {M("i1", "h2"), M("i1", "j2")}
    push(g, "i1", "j2")
    push(g, "a9", "b10")
    # a man move broke the run: the king may move again
    assert {m for m in moves(g) if m[0] == "b2"}


def test_frisian_no_king_limit_without_men():
    g = Game.from_fen("W:WKa1:BKb10", variant="frisian")
    for frm, to in [("a1", "b2"), ("b10", "a9"), ("b2", "a1"), ("a9", "b10"), ("a1", "b2"), ("b10", "a9")]:
        push(g, frm, to)
    assert {m for m in moves(g) if m[0] == "b2"}


def test_frisian_king_limit_is_per_king():
    # Another king's move starts a fresh run; then the first king may move again.
    g = Game.from_fen("W:WKa1,Kj10,i1:BKa9", variant="frisian")
    for frm, to in [("a1", "b2"), ("a9", "b10"), ("b2", "a1"), ("b10", "a9"), ("a1", "b2"), ("a9", "b10")]:
        push(g, frm, to)
    assert not {m for m in moves(g) if m[0] == "b2"}
    assert {m for m in moves(g) if m[0] == "j10"}
    push(g, "j10", "i9")
    push(g, "b10", "a9")
    assert {m for m in moves(g) if m[0] == "b2"}


# --- Turkish -------------------------------------------------------------------------------
# All 64 cells; men move and capture orthogonally forward and sideways; kings fly orthogonally.


def test_turkish_men_move_forward_or_sideways():
    # Wikipedia Turkish draughts: one square forward or sideways, never backward or diagonally.
    assert moves(Game.from_fen("W:Wd4:Bh8", variant="turkish")) == {M("d4", "d5"), M("d4", "c4"), M("d4", "e4")}
    assert moves(Game.from_fen("B:Wa1:Bd5", variant="turkish")) == {M("d5", "d4"), M("d5", "c5"), M("d5", "e5")}


def test_turkish_no_180_degree_turn():
    # Wikipedia: no 180 degree turn between two jumps. King d4 (4,3): right over f4 to g4/h4, or
    # left over b4 to a4. Going back (f4 then b4) would cross the freed f4 and d4 squares and is
    # refused only by the 180 degree rule: each capture takes one piece.
    g = Game.from_fen("W:WKd4:Bf4,b4", variant="turkish")
    assert moves(g) == {M("d4", "g4", "f4"), M("d4", "h4", "f4"), M("d4", "a4", "b4")}


def test_turkish_immediate_removal_a_freed_square_can_be_crossed_again():
    # Wikipedia: pieces are removed immediately after being jumped, so there is no Turkish
    # strike. King a4 (4,0): right over c4 to e4, up over e6 to e7, left over d7 to c7, then
    # down the c-file through c4 (freed) over c2 (6,2) to c1: 4 pieces. With removal at the end
    # c4 would block and the best would be 3.
    g = Game.from_fen("W:WKa4:Bc4,e6,d7,c2", variant="turkish")
    assert moves(g) == {M("a4", "c1", "c4", "e6", "d7", "c2")}


def test_turkish_a_capture_may_end_on_the_square_of_a_piece_taken_earlier():
    # Immediate removal: a king may land on a square freed during its own capture.
    # King b1 (7,1): up over b3 to b5, right over c5 to g5, down over g4 to g3, left over f3
    # to e3, d3, c3, b3 (where the first piece stood) or a3: 4 pieces. The other routes take
    # 2 (b3, g4 via b4-h4) or 3 (b3, c5, f3 via f5-f2/f1).
    g = Game.from_fen("W:WKb1:Bb3,c5,g4,f3", variant="turkish")
    assert moves(g) == {M("b1", x, "b3", "c5", "g4", "f3") for x in ("e3", "d3", "c3", "b3", "a3")}


def test_turkish_man_reaching_the_far_row_mid_capture_goes_on_as_a_man():
    # RULES.md decision 3: crowned only at the end of the move; it goes on capturing as a man.
    # Man b6 (2,1) takes b7 to b8 (far row). A king on b8 could take d8 at distance (c8 empty,
    # e8 free); a man cannot: it stops on b8 and is crowned there.
    g = Game.from_fen("W:Wb6:Bb7,d8", variant="turkish")
    assert moves(g) == {M("b6", "b8", "b7")}
    assert find(g, "b6", "b8").promotes is True
    # with c8 next to it the man jumps on sideways along the far row, then is crowned on d8
    g = Game.from_fen("W:Wb6:Bb7,c8", variant="turkish")
    assert moves(g) == {M("b6", "d8", "b7", "c8")}
    m = find(g, "b6", "d8")
    assert m.promotes is True
    g.push(m)
    assert piece(g, "d8") == "W"


def test_turkish_majority_kings_and_men_count_one():
    # Wikipedia: the maximum number of pieces; a king and a man count one each.
    # King h8 takes the king h6 and must stop on h5 (h4 is White's own man; row 5 is empty):
    # one piece. Man a2 (6,0) takes b2 then d2 sideways to e2: two men. The man must.
    g = Game.from_fen("W:WKh8,h4,a2:BKh6,b2,d2", variant="turkish")
    assert moves(g) == {M("a2", "e2", "b2", "d2")}


# --- losing games ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant,fen,winner", [
    ("international", "W:Wd4:Be5", "white"),
    ("antidraughts", "W:Wd4:Be5", "black"),  # LID Antidraughts.scala: lose all your pieces to win
    ("russian", "W:Wc3:Bd4", "white"),
    ("schlagdame", "W:Wc3:Bd4", "black"),  # de.wikipedia Schlagdame
])
def test_losing_games_a_side_with_no_pieces_wins(variant, fen, winner):
    g = Game.from_fen(fen, variant=variant)
    (m,) = list(g.legal_moves)
    g.push(m)
    assert g.board() and all(code.lower() == "w" for code in g.board().values())
    out = g.outcome()
    assert out is not None and out.termination == "no_moves" and out.winner == winner


@pytest.mark.parametrize("variant,fen,winner", [
    ("international", "W:Wa1:Bb2,c3", "black"),
    ("antidraughts", "W:Wa1:Bb2,c3", "white"),
    ("russian", "W:Wa1:Bb2,c3", "black"),
    ("schlagdame", "W:Wa1:Bb2,c3", "white"),
])
def test_losing_games_a_blocked_side_wins(variant, fen, winner):
    # White's man a1 is blocked (b2 black, c3 behind it occupied): no legal move.
    g = Game.from_fen(fen, variant=variant)
    assert list(g.legal_moves) == []
    out = g.outcome()
    assert out is not None and out.termination == "no_moves" and out.winner == winner


# --- the no-forced-capture house rule --------------------------------------------------------


def test_no_forced_capture_keeps_the_choice_rule_among_captures():
    # sources.md §10 / RULES.md: captures become optional, but among captures the variant's
    # choice rule still holds: d4 x c5, c7 (2) may be played, h4 x i5 (1) may not.
    g = Game("international", fen="W:Wd4,h4:Bc5,c7,i5", forced_capture=False)
    assert moves(g) == {M("d4", "d8", "c5", "c7"), M("d4", "e5"), M("h4", "g5")}


# --- captures that end where they began -----------------------------------------------------


def test_english_king_round_trip_capture_keeps_the_king():
    # A king may end its capture on the square it started from (the square is empty once it
    # has left). King d4 (4,3) jumps e5, e7, c7, c5 round the diamond back to d4.
    g = Game.from_fen("W:WKd4:Bc5,c7,e5,e7", variant="english")
    assert moves(g) == {M("d4", "d4", "c5", "c7", "e5", "e7")}
    g.push(list(g.legal_moves)[0])
    assert g.board() == {g.geometry.number("d4"): "W"}  # d4 is square 18


@pytest.mark.parametrize("variant,fen", [
    ("international", "W:WKd4:Be5,e7,c7,c5"),
    ("frisian", "B:W21,K3,K14:BK1"),  # found by a playout: 1x41x5x1
    ("russian", "W:WKd4:Be5,e7,c7,c5"),
    ("turkish", "W:WKd4:Bf4,g6,e7,d6"),  # f4, g6, e7, then down the d-file over d6 to d4
])
def test_round_trip_captures_keep_the_capturing_king(variant, fen):
    g = Game.from_fen(fen, variant=variant)
    round_trips = [m for m in g.legal_moves if m.destination == m.origin]
    assert round_trips, moves(g)
    for m in round_trips:
        g2 = Game.from_fen(fen, variant=variant)
        g2.push(m)
        assert g2.piece_at(m.origin) == ("W" if g.turn == "white" else "B"), (m, g2.fen())


# --- random positions against a brute-force reference for the diagonal variants -------------------
# An independent, slow generator written from sources.md (not from rules.py or movegen.py):
# a dict of cells (row, col) -> 'w'/'b'/'W'/'B', removal at the end of the move (a jumped piece
# blocks and is never jumped twice), each variant's flags from its sources.md section.

import random  # noqa: E402

_DIAG = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
_FRISIAN_ORTH = [(-2, 0), (2, 0), (0, -2), (0, 2)]

# variant: (men capture backward, flying king, men take kings, passing promotion, choice, frisian)
REFERENCE_FLAGS = {
    "international": (True, True, True, "man", "most", False),  # A1 4.1-4.15
    "brazilian": (True, True, True, "man", "most", False),  # DCTL: = international
    "canadian": (True, True, True, "man", "most", False),
    "antidraughts": (True, True, True, "man", "most", False),
    "russian": (True, True, True, "king", "free", False),  # DCTL russian.hpp 1.5.15
    "schlagdame": (True, True, True, "king", "free", False),
    "pool": (True, True, True, "man", "free", False),  # DCTL pool.hpp
    "english": (False, False, True, "stop", "free", False),  # DCTL checkers.hpp 1.17-1.20
    "italian": (False, False, False, "stop", "italian", False),  # FID 5.3, 6.6-6.9
    "spanish": (False, True, True, "man", "spanish", False),  # DCTL spanish.hpp
    "czech": (False, True, True, "man", "czech", False),  # fmjd.org czech 4.1, 4.14
    "frisian": (True, True, True, "man", "frisian", True),  # Frisian rules 2011; RULES.md 4
}


def _reference_moves(game: Game, variant: str) -> set:
    back, flying, men_take_kings, passing, choice, frisian = REFERENCE_FLAGS[variant]
    geo = game.geometry
    rows = geo.rows
    cell_of = {sq.number: (sq.row, sq.col) for sq in geo.squares}
    playing = set(cell_of.values())
    board = {cell_of[n]: code for n, code in game.board().items()}
    me = "w" if game.turn == "white" else "b"
    fwd = -1 if me == "w" else 1
    far = 0 if me == "w" else rows - 1

    def enemy(cell):
        code = board.get(cell)
        return code is not None and code.lower() != me

    def man_capture_dirs():
        ds = [d for d in _DIAG if back or d[0] == fwd]
        return ds + (_FRISIAN_ORTH if frisian else [])

    def king_capture_dirs():
        return _DIAG + (_FRISIAN_ORTH if frisian else [])

    results = []  # (origin, dest, captured list, promotes, by_king)

    def search(origin, pos, king, jumped, promoted):
        # one jump from pos, for a man (short) or a king (short or flying)
        options = []
        for dr, dc in (king_capture_dirs() if king else man_capture_dirs()):
            r, c = pos[0] + dr, pos[1] + dc
            if king and flying:  # the piece has left its origin: that square is empty
                while (r, c) in playing and ((r, c) not in board or (r, c) == origin) and (r, c) not in jumped:
                    r, c = r + dr, c + dc
            victim = (r, c)
            if victim not in playing or not enemy(victim) or victim in jumped:
                continue
            if not king and not men_take_kings and board[victim].isupper():
                continue
            lands = []
            r, c = r + dr, c + dc
            while (r, c) in playing and ((r, c) not in board or (r, c) == origin) and (r, c) not in jumped:
                lands.append((r, c))
                if not (king and flying):
                    break
                r, c = r + dr, c + dc
            for land in lands:
                options.append((victim, land))
        if not options:
            return False
        # a king that can go on from some landing square behind a piece must land there
        by_victim: dict = {}
        for victim, land in options:
            by_victim.setdefault(victim, []).append(land)
        for victim, lands in by_victim.items():
            follow = []
            for land in lands:
                follow.append((land, _continues(origin, land, king, jumped + [victim], promoted)))
            if any(f for _, f in follow):
                lands = [land for land, f in follow if f]
            for land in lands:
                step(origin, land, king, jumped + [victim], promoted)
        return True

    def _continues(origin, land, king, jumped, promoted):
        k = king
        if not king and land[0] == far:
            if passing == "stop":
                return False
            if passing == "king":
                k = True
        saved = list(results)
        found = _probe(origin, land, k, jumped)
        results[:] = saved
        return found

    def _probe(origin, pos, king, jumped):
        for dr, dc in (king_capture_dirs() if king else man_capture_dirs()):
            r, c = pos[0] + dr, pos[1] + dc
            if king and flying:  # the piece has left its origin: that square is empty
                while (r, c) in playing and ((r, c) not in board or (r, c) == origin) and (r, c) not in jumped:
                    r, c = r + dr, c + dc
            victim = (r, c)
            if victim not in playing or not enemy(victim) or victim in jumped:
                continue
            if not king and not men_take_kings and board[victim].isupper():
                continue
            land = (r + dr, c + dc)
            if land in playing and (land not in board or land == origin) and land not in jumped:
                return True
        return False

    def step(origin, pos, king, jumped, promoted):
        if not king and pos[0] == far:
            if passing == "stop":
                results.append((origin, pos, jumped, True, False))
                return
            if passing == "king":
                king, promoted = True, True
        if not search(origin, pos, king, jumped, promoted):
            promotes = promoted or (not board[origin].isupper() and pos[0] == far)
            results.append((origin, pos, jumped, promotes, board[origin].isupper()))

    for cell, code in list(board.items()):
        if code.lower() == me:
            search(cell, cell, code.isupper(), [], False)

    if results:
        def value(res):
            _o, _d, caps, _p, by_king = res
            kings = [board[x].isupper() for x in caps]
            if choice == "most":
                return (len(caps),)
            if choice == "spanish":
                return (len(caps), sum(kings))
            if choice == "italian":
                return (len(caps), by_king, sum(kings), tuple(kings))
            if choice == "frisian":
                return (100 * (len(caps) - sum(kings)) + 199 * sum(kings), by_king)
            if choice == "czech":
                return (by_king,)
            return ()
        best = max(value(r) for r in results)
        chosen = [r for r in results if value(r) == best]
    else:
        chosen = []
        for cell, code in board.items():
            if code.lower() != me:
                continue
            dirs = _DIAG if code.isupper() else [d for d in _DIAG if d[0] == fwd]
            for dr, dc in dirs:
                r, c = cell[0] + dr, cell[1] + dc
                while (r, c) in playing and (r, c) not in board:
                    promotes = not code.isupper() and r == far
                    chosen.append((cell, (r, c), [], promotes, code.isupper()))
                    if not (code.isupper() and flying):
                        break
                    r, c = r + dr, c + dc
    label = {v: geo.algebraic_label(*v) for v in playing}
    return {(label[o], label[d], frozenset(label[x] for x in caps), p) for o, d, caps, p, _k in chosen}


def _engine_moves(game: Game) -> set:
    return {(alg(game, m.origin), alg(game, m.destination), frozenset(alg(game, c) for c in m.captures), m.promotes)
            for m in game.legal_moves}


def _random_position(variant: str, rng: random.Random) -> str:
    g = Game(variant)
    geo = g.geometry
    squares = list(geo.squares)
    rng.shuffle(squares)
    n = rng.randint(3, min(20, len(squares) // 2))
    white, black = [], []
    king_share = rng.choice([0.0, 0.25, 0.5, 0.9])
    for sq in squares[:n]:
        side = rng.choice("wb")
        promo_row = 0 if side == "w" else geo.rows - 1
        king = sq.row == promo_row or rng.random() < king_share
        (white if side == "w" else black).append(("K" if king else "") + geo.algebraic_label(sq.row, sq.col))
    return f"{rng.choice('WB')}:W{','.join(white)}:B{','.join(black)}"


@pytest.mark.parametrize("variant", sorted(REFERENCE_FLAGS))
def test_random_positions_match_the_brute_force_reference(variant):
    rng = random.Random(f"reference-{variant}")
    checked = 0
    while checked < 150:
        fen = _random_position(variant, rng)
        g = Game.from_fen(fen, variant=variant)
        expected = _reference_moves(g, variant)
        actual = _engine_moves(g)
        assert actual == expected, (
            f"{variant} {fen}\nreference only: {sorted(expected - actual, key=str)}"
            f"\nengine only:    {sorted(actual - expected, key=str)}")
        checked += 1
