"""Perft from every start position against docs/rules/perft-start.json, and tricky positions.

The published tables are the oracle (dctl, BikDam, OEIS A133046, the FMJD and shashki.com
forums; sources in the JSON). Depths here run in a few seconds each; bench/perft_deep.py goes
two plies deeper.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from random_play import random_game, random_playout

from draughts import Game
from draughts.perft import perft
from draughts.rules import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
PERFT_FILE = ROOT / "docs" / "rules" / "perft-start.json"
TABLE_KEYS = {"english_checkers": "english", "pool_checkers": "pool", "canadian_12x12": "canadian"}
# The deepest ply each variant is checked to in the test suite (a few seconds each).
TEST_DEPTH = {"international": 7, "antidraughts": 6, "frisian": 6, "canadian": 5}
DEFAULT_DEPTH = 7


def _published() -> list[tuple[str, int, int]]:
    data = json.loads(PERFT_FILE.read_text())["variants"]
    cases = []
    for key, entry in data.items():
        table = entry.get("unique")
        if not table:
            continue
        variant = TABLE_KEYS.get(key, key)
        top = TEST_DEPTH.get(variant, DEFAULT_DEPTH)
        for depth in range(1, top + 1):
            cases.append((variant, depth, int(table[str(depth)])))
    return cases


@pytest.mark.parametrize("variant,depth,expected", _published())
def test_start_position_perft(variant: str, depth: int, expected: int) -> None:
    assert Game(variant).perft(depth) == expected


# Tricky positions with published counts (unique moves unless said). Sources:
# dctl test/src/ai/traversal/international/fmjd.cpp, citing the FMJD forum "Perft" thread
# (laatste.info/bb3/viewtopic.php?f=53&t=2308, start=7 and start=60), and
# dctl test/src/ai/traversal/italian/gilbert.cpp, citing the damforum "alternative game rules"
# thread (t=2822; Gilbert's positions, counted with duplicates by dctl: at these depths no two
# routes take the same pieces, so the unique count is the same).
TRICKY = [
    # Random178: two black kings against a white king and many men; flying-king captures.
    ("international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
     [14, 55, 1168, 5432, 87195, 629010]),
    # Woldouby: a famous locked middlegame where the majority rule decides most plies.
    ("international", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
     [6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050]),
    # AllKings: 20 kings each; long flying captures and the Turkish strike everywhere.
    ("international", "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50"
     ":BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
     [17, 79, 352, 1399, 7062, 37589]),
    # AlmostPromotion: men one step from crowning on both sides; men passing the far row.
    ("international", "W:W6,7,8,9,10:B41,42,43,44,45", [9, 81, 795, 7578, 86351]),
    # Gilbert 1-3 (Italian): the four-step capture precedence with kings.
    ("italian", "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3", [5, 13, 42, 107, 360, 1099, 3736, 12495]),
    ("italian", "B:W30,21,22,17,20,K6:B25,28,9,5,1,3", [6, 47, 271, 1916, 10810, 73137]),
    ("italian", "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", [13, 112, 828, 6756, 46241]),
]


@pytest.mark.parametrize("variant,fen,counts", TRICKY)
def test_tricky_perft(variant: str, fen: str, counts: list[int]) -> None:
    game = Game(variant, fen=fen)
    assert [game.perft(d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("variant", ["international", "russian", "english", "italian", "spanish", "czech",
                                     "brazilian", "frisian", "pool", "turkish", "canadian", "antidraughts",
                                     "schlagdame", "killer", "breakthrough", "thai"])
def test_bitboard_perft_agrees_with_game_moves(variant: str) -> None:
    """perft's counting shortcuts (bulk counts, route-free capture search) against the
    full generator that builds every Move, on positions from random playouts."""
    rng = random.Random(variant)
    for _ in range(40):
        game = random_game(variant, rng, 4, 69)
        slow = 0
        for move in list(game.legal_moves):
            game.push(move)
            slow += len(game.legal_moves)
            game.pop()
        assert perft(game, 2) == slow, game.fen()
        assert perft(game, 1) == len(game.legal_moves), game.fen()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_counting_mode_of_the_capture_search_agrees_with_its_routes(variant: str) -> None:
    """The generator's capture search counts without building routes: the same number as
    the moves it lists with them, on positions from random playouts (many with captures)."""
    rng = random.Random(f"count {variant}")
    checked = 0
    for _ in range(30):
        for game in random_playout(variant, rng, 10, 79):
            gen, (om, ok, pm, pk), colour = game.generator, game.position.sides(), game.turn.index
            routes = gen.captures(om, ok, pm, pk, colour)
            assert gen.count_captures(om, ok, pm, pk, colour) == len(routes), game.fen()
            checked += bool(routes)
    assert checked > 20
