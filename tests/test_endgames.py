"""Kings-only endings: the exhaustive solver's results back the claims the evaluation uses
(draughts/engine/endgames.py), and the engine holds the drawn ones without wandering."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest

from draughts import Game
from draughts.engine import choose_move
from draughts.engine.endgames import DRAW, LOSS, WIN, Table, solve_kings
from draughts.engine.evaluate import Evaluator


@lru_cache(maxsize=None)
def _tables() -> dict[tuple[int, int], Table]:
    # Brazilian: International's rules on 8x8 (flying kings, majority capture).
    return solve_kings(Game("brazilian").generator, 2, 1)


def _quiet(table: Table) -> Counter[int]:
    gen = Game("brazilian").generator
    return Counter(r for (own, opp), r in table.items()
                   if not gen.captures(0, own, 0, opp, 0) and not gen.captures(0, opp, 0, own, 0))


def test_one_king_against_one_is_never_won_from_a_quiet_position() -> None:
    quiet = _quiet(_tables()[(1, 1)])
    assert quiet[WIN] == 0 and quiet[LOSS] <= 2 and quiet[DRAW] > 700, quiet


def test_two_kings_against_one_are_a_draw_save_short_tactics() -> None:
    strong = _quiet(_tables()[(2, 1)])  # the two kings to move
    lone = _quiet(_tables()[(1, 2)])  # the lone king to move
    assert strong[DRAW] > 0.9 * sum(strong.values()), strong
    assert lone[LOSS] < 0.02 * sum(lone.values()) and lone[WIN] == 0, lone


def test_solver_sees_a_capture_that_ends_the_game() -> None:
    table = _tables()[(2, 1)]
    gen = Game("brazilian").generator
    g = Game("brazilian", fen="W:WKa1,Kh2:BKc3")  # a1 takes c3 at once
    own, opp = g.position.sides()[1], g.position.sides()[3]
    assert gen.captures(0, own, 0, opp, 0) and table[(own, opp)] == WIN


@pytest.mark.parametrize("variant,fen,drawn", [
    ("international", "W:WK46:BK1", True),
    ("international", "W:WK46:BK1,K2", True),
    ("international", "W:WK46:BK2,K3,K4", True),  # the lone king on the long diagonal
    ("international", "W:WK47:BK2,K3,K4", False),  # off it
    ("brazilian", "W:WKa1:BKh2,Kf8", True),
    ("killer", "W:WK46:BK1,K2", False),  # Killer's kings trap a lone king: no such rule there
])
def test_evaluation_knows_the_drawn_kings_endings(variant: str, fen: str, drawn: bool) -> None:
    g = Game(variant, fen=fen)
    ev = Evaluator(g.rules, g.generator)
    score = ev.evaluate(*g.position.sides(), g.turn.index)
    assert (score == 0) == drawn, score


def test_lone_king_holds_the_long_diagonal() -> None:
    # International, three kings against one: the lone king stays on the main road.
    g = Game("international", fen="W:WK46:BK2,K3,K4")
    diagonal = {46, 41, 37, 32, 28, 23, 19, 14, 10, 5}
    for seed in range(3):
        move = choose_move(g, 7, time_limit=0.3, seed=seed)
        assert move.destination in diagonal, g.move_text(move)
