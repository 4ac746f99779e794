"""The engine's Turkish move generator against an independent brute-force one.

``reference_turkish.py`` is written straight from the rule text (sources.md §8, RULES.md
decision 3) on a plain 8x8 array; the engine uses padded bitboards and a generic generator.
Turkish has no published perft (issue 3, "What it must show"), so the two are compared on the
start position (legal moves and perft), on positions reached by random playouts, and on random
placements with kings, for both sides to move, with and without the no-forced-capture house rule.
"""

from __future__ import annotations

import random

import pytest

import reference_turkish as ref
from random_play import random_playout
from draughts import Game


def engine_keys(game: Game) -> set:
    return {(m.origin, m.destination, frozenset(m.captures), m.promotes) for m in game.legal_moves}


def reference_keys(game: Game, forced_capture: bool = True) -> set:
    board, turn = ref.board_from_game(game)
    return ref.move_keys(board, turn, game, forced_capture)


def assert_same_moves(game: Game, forced_capture: bool = True) -> None:
    expected = reference_keys(game, forced_capture)
    actual = engine_keys(game)
    if expected != actual:
        board, _ = ref.board_from_game(game)
        lab = {sq.number: sq.label for sq in game.geometry.squares}

        def show(keys):
            return sorted(
                f"{lab[o]}-{lab[d]} x{{{','.join(sorted(lab[x] for x in caps))}}}{' (K)' if p else ''}"
                for o, d, caps, p in keys
            )

        raise AssertionError(
            f"move sets differ in {game.fen()}\n{ref.render(board)}\n"
            f"reference only: {show(expected - actual)}\nengine only:    {show(actual - expected)}"
        )


def test_start_position_board_matches_the_rule_text():
    # Wikipedia: 16 men each on the 2nd and 3rd rows (White) and 6th and 7th (Black), back rows empty.
    g = Game("turkish")
    board, turn = ref.board_from_game(g)
    assert board == ref.start_board()
    assert turn == "w"


def test_start_position_legal_moves():
    g = Game("turkish")
    assert_same_moves(g)
    # By hand: only the 8 men of the 3rd row can move, each one square forward (the row
    # beside them is full, the 4th row empty): a3-a4 ... h3-h4.
    labels = sorted(f"{g.geometry.label(m.origin)}-{g.geometry.label(m.destination)}" for m in g.legal_moves)
    assert labels == [f"{f}3-{f}4" for f in "abcdefgh"]


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_start_perft_matches_reference(depth):
    g = Game("turkish")
    board, turn = ref.board_from_game(g)
    assert g.perft(depth) == ref.perft(board, turn, depth)


def test_start_perft_depth_5_matches_reference():
    g = Game("turkish")
    board, turn = ref.board_from_game(g)
    assert g.perft(5) == ref.perft(board, turn, 5)


def _playout_positions(seed: int, count: int) -> list[str]:
    """FENs of positions reached by random playouts from the start."""
    rng = random.Random(seed)
    fens: list[str] = []
    while len(fens) < count:
        for g in random_playout("turkish", rng, 4, 120):
            # after a move only: the start is the perft tests' position
            if g.move_stack and rng.random() < 0.25:
                fens.append(g.fen())
    return fens[:count]


@pytest.mark.parametrize("chunk", range(6))
def test_random_playout_positions(chunk):
    for fen in _playout_positions(1000 + chunk, 50):
        g = Game.from_fen(fen, variant="turkish")
        assert_same_moves(g)


def random_board(rng: random.Random) -> tuple[ref.Board, str]:
    """A random placement of men and kings; men never on their own far (promotion) row."""
    board = ref.empty_board()
    cells = [(r, c) for r in range(8) for c in range(8)]
    rng.shuffle(cells)
    n_white = rng.randint(1, 12)
    n_black = rng.randint(1, 12)
    king_share = rng.choice([0.0, 0.2, 0.5, 1.0])
    placed = {"w": 0, "b": 0}
    want = {"w": n_white, "b": n_black}
    for r, c in cells:
        colour = "w" if placed["w"] < want["w"] else "b" if placed["b"] < want["b"] else None
        if colour is None:
            break
        if rng.random() < 0.5 and placed["b"] < want["b"]:
            colour = "b"
        king = rng.random() < king_share or r == ref.far_row(colour)
        board[r][c] = colour.upper() if king else colour
        placed[colour] += 1
    return board, rng.choice("wb")


@pytest.mark.parametrize("chunk", range(6))
def test_random_placements_with_kings(chunk):
    rng = random.Random(2000 + chunk)
    for _ in range(50):
        board, turn = random_board(rng)
        g = Game.from_fen(ref.fen_of(board, turn), variant="turkish")
        assert ref.board_from_game(g) == (board, turn)  # the conversion is exact
        assert_same_moves(g)


def test_dense_random_placements_make_long_captures():
    # Many pieces and many kings: long multi-captures, re-crossing freed squares, 180 degree
    # reversals that must be refused. Check that the sample does exercise multi-captures.
    rng = random.Random(77)
    longest = 0
    for _ in range(60):
        board = ref.empty_board()
        for r in range(8):
            for c in range(8):
                x = rng.random()
                if x < 0.12:
                    board[r][c] = "W"
                elif x < 0.45 and r != 7:
                    board[r][c] = "b"
                elif x < 0.50:
                    board[r][c] = "B"
        g = Game.from_fen(ref.fen_of(board, "w"), variant="turkish")
        assert_same_moves(g)
        longest = max([longest] + [len(m.captures) for m in g.legal_moves])
    assert longest >= 4


@pytest.mark.parametrize("chunk", range(2))
def test_no_forced_capture_house_rule_matches_reference(chunk):
    rng = random.Random(3000 + chunk)
    for _ in range(50):
        board, turn = random_board(rng)
        g = Game.from_fen(ref.fen_of(board, turn), variant="turkish", forced_capture=False)
        assert_same_moves(g, forced_capture=False)
