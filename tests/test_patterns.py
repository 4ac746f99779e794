"""The learnt patterns: each region's state read square by square agrees with the fast path,
the evaluation adds the table's score with the sign of the side to move, and the shipped
tables fit their boards."""

from __future__ import annotations

import random

import pytest
from random_play import random_playout

from draughts import Game
from draughts.engine.evaluate import Evaluator, weight_set_of
from draughts.engine.patterns import PATTERN_SETS, STATES, STATES_ROW, Patterns, table_size


def positions(variant: str, seed: int) -> list[tuple[int, int, int, int, int]]:
    rng = random.Random(seed)
    return [(*game.position.sides(), game.turn.index)
            for _ in range(6) for game in random_playout(variant, rng, 4, 119)]


def slow_indices(game: Game, white_men: int, black_men: int) -> list[int]:
    """The regions' states, square by square from the geometry: the first and the last three
    dark squares of each row, with those of the next row; a white man 1, a black man 2."""
    geo = game.geometry
    rows: dict[int, list[int]] = {}
    for s in sorted(geo.squares, key=lambda s: (s.row, s.col)):
        rows.setdefault(s.row, []).append(geo.bit_index[s.number])

    def code(bits: list[int]) -> int:
        return sum(3 ** i * ((white_men >> b & 1) + 2 * (black_men >> b & 1)) for i, b in enumerate(bits))

    out = []
    keys = sorted(rows)
    for r, (upper, lower) in enumerate(zip(keys, keys[1:])):
        for part, pick in enumerate((slice(0, 3), slice(-3, None))):
            out.append((2 * r + part) * STATES + code(rows[upper][pick]) * STATES_ROW + code(rows[lower][pick]))
    return out


@pytest.mark.parametrize("variant", ["international", "russian", "english", "frisian", "canadian"])
def test_fast_codes_agree_with_the_squares(variant: str) -> None:
    game = Game(variant)
    rng = random.Random(7)
    table = [rng.randint(-50, 50) for _ in range(Patterns(game.geometry).size)]
    patterns = Patterns(game.geometry, table)
    for om, ok, pm, pk, colour in positions(variant, 3):
        wm, bm = (pm, om) if colour else (om, pm)
        expected = slow_indices(game, wm, bm)
        assert patterns.indices(wm, bm) == expected
        assert patterns.score(wm, bm) == sum(table[i] for i in expected)


@pytest.mark.parametrize("own_table", [True, False])
def test_the_evaluation_adds_the_patterns_for_the_side_to_move(own_table: bool) -> None:
    # The evaluator folds its square table and support into the patterns (Patterns.folded);
    # the sum must stay the linear evaluation plus the learnt table, which training assumes.
    game = Game("international")
    rng = random.Random(5)
    table = ([rng.randint(-30, 30) for _ in range(Patterns(game.geometry).size)] if own_table
             else PATTERN_SETS["international"].weights)
    with_patterns = Evaluator(game.rules, game.generator, patterns=table if own_table else True)
    assert with_patterns.patterns is not None and with_patterns.patterns.weights == table
    assert with_patterns.support_rest == [0, 0]  # every supported man's three squares lie in a region
    linear = Evaluator(game.rules, game.generator, patterns=False)
    assert linear.patterns is None
    assert with_patterns.moves_folded  # the men's moves too, when no king is on the board
    differ = with_kings = 0
    for om, ok, pm, pk, colour in positions("international", 11) + positions("international", 12):
        if not with_patterns.linear(om, ok, pm, pk) or not (om | pm):
            continue
        wm, bm = (pm, om) if colour else (om, pm)
        term = with_patterns.patterns.score(wm, bm)
        assert with_patterns.evaluate(om, ok, pm, pk, colour) == (
            linear.evaluate(om, ok, pm, pk, colour) + (-term if colour else term))
        differ += term != 0
        with_kings += bool(ok | pk)
    assert differ > 50 and 10 < with_kings < differ - 10  # both tables, with kings and without


@pytest.mark.parametrize("men_cuts", [(), (16, 28)])
def test_folded_terms_add_to_the_score_where_a_region_holds_them(men_cuts: tuple[int, ...]) -> None:
    game = Game("international")
    geo = game.geometry
    rng = random.Random(3)
    patterns = Patterns(geo, [rng.randint(-20, 20) for _ in range(Patterns(geo).size * (len(men_cuts) + 1))],
                        men_cuts)
    bit = {s.number: geo.bit_index[s.number] for s in geo.squares}
    terms = [
        (1 << bit[28], 0, 0, 7),                             # a white man on 28
        (0, 1 << bit[23], 0, -5),                            # a black man on 23
        (1 << bit[32] | 1 << bit[37] | 1 << bit[38], 0, 0, 3),  # 32 supported from 37 and 38
        (0, 1 << bit[19], 1 << bit[23] | 1 << bit[24], 4),   # a black man on 19 free to move
        (1 << bit[1] | 1 << bit[50], 0, 0, 100),             # squares no region holds together
    ]
    folded, done = patterns.folded(terms)
    assert done == [True, True, True, True, False]
    assert patterns.weights != folded.weights  # the original is left as it was
    hits = 0
    for om, ok, pm, pk, colour in positions("international", 17):
        wm, bm = (pm, om) if colour else (om, pm)
        extra = sum(v for (w, b, e, v), d in zip(terms, done)
                    if d and wm & w == w and bm & b == b and not (wm | bm) & e)
        assert folded.score(wm, bm) == patterns.score(wm, bm) + extra
        hits += extra != 0
    assert hits > 10


def test_shipped_tables_fit_their_boards() -> None:
    assert "international" in PATTERN_SETS
    game = Game("international")
    assert Evaluator(game.rules, game.generator).patterns is not None
    assert Evaluator(game.rules, game.generator, patterns=False).patterns is None
    shipped = PATTERN_SETS["international"]
    assert len(shipped.weights) == Patterns(game.geometry).size * (len(shipped.men_cuts) + 1)
    # Canadian shares International's weight set; its larger board has other regions.
    canadian = Game("canadian")
    assert weight_set_of(canadian.rules) == "international"
    assert Evaluator(canadian.rules, canadian.generator).patterns is None
    for table in PATTERN_SETS.values():
        assert max(abs(w) for w in table.weights) < 300  # in centi-men: no region outweighs three men


def test_a_table_of_the_wrong_size_is_refused() -> None:
    game = Game("international")
    with pytest.raises(ValueError):
        Patterns(game.geometry, [0] * 10)
    one_phase = [0] * table_size(game.geometry)
    with pytest.raises(ValueError, match="3 phase"):
        Patterns(game.geometry, one_phase, (16, 28))  # three phases need three tables
    with pytest.raises(ValueError, match="rise"):
        Patterns(game.geometry, one_phase * 3, (28, 16))


def test_each_phase_scores_with_its_own_weights() -> None:
    # Phase p's table holds p + 1 in every entry: a position scores (p + 1) for each region,
    # with p from its number of men (up to 16, up to 28, more), and indices() point there.
    game = Game("international")
    size = table_size(game.geometry)
    patterns = Patterns(game.geometry, [1] * size + [2] * size + [3] * size, (16, 28))
    regions = size // STATES
    seen = set()
    for om, ok, pm, pk, colour in positions("international", 21) + [(*Game("international").position.sides(), 0)]:
        wm, bm = (pm, om) if colour else (om, pm)
        men = (wm | bm).bit_count()
        phase = 0 if men <= 16 else 1 if men <= 28 else 2
        assert patterns.phase(men) == phase
        assert patterns.score(wm, bm) == regions * (phase + 1)
        assert all(phase * size <= i < (phase + 1) * size for i in patterns.indices(wm, bm))
        seen.add(phase)
    assert seen == {0, 1, 2}


def test_a_board_of_every_square_has_no_patterns() -> None:
    # The fast path puts a black man one bit above a white one; on Turkish's board of every
    # square that bit is the next square's, so the regions are refused, not misread.
    game = Game("turkish")
    with pytest.raises(ValueError, match="dark squares"):
        Patterns(game.geometry)
    assert Evaluator(game.rules, game.generator).patterns is None


def test_a_formation_is_worth_the_same_to_either_side() -> None:
    # The fit sees every position also turned half a turn with the colours swapped, so the
    # shipped table is antisymmetric: the turned position scores the same for the side to move.
    game = Game("international")
    geo = game.geometry
    last = len(geo.squares) + 1
    turned_bit = {geo.bit_index[s.number]: geo.bit_index[last - s.number] for s in geo.squares}

    def turn(bits: int) -> int:
        return sum(1 << turned_bit[b] for b in range(bits.bit_length()) if bits >> b & 1)

    ev = Evaluator(game.rules, game.generator)
    nonzero = 0
    for om, ok, pm, pk, colour in positions("international", 13):
        score = ev.evaluate(om, ok, pm, pk, colour)
        assert ev.evaluate(turn(om), turn(ok), turn(pm), turn(pk), colour ^ 1) == score
        wm, bm = (pm, om) if colour else (om, pm)
        assert ev.patterns is not None
        nonzero += ev.patterns.score(wm, bm) != 0
    assert nonzero > 50  # and the table says something about most positions


@pytest.mark.parametrize("variant", ["international", "canadian", "russian", "english"])
def test_table_size_without_building_the_tables(variant: str) -> None:
    game = Game(variant)
    assert table_size(game.geometry) == Patterns(game.geometry).size


def test_a_new_evaluator_of_the_same_board_and_weights_reuses_the_built_tables() -> None:
    # Building and folding the tables takes some 20 ms; a new game's searcher must not pay it
    # again inside its first move's time (tests/test_engine.py's budgets).
    first = Evaluator(Game("international").rules, Game("international").generator)
    killer = Game("killer")  # another rule set and geometry object, the same board and weights
    again = Evaluator(killer.rules, killer.generator)
    assert first.pattern_tables is not None and again.pattern_tables is not None
    assert again.pattern_tables[0] is first.pattern_tables[0]
    own = Evaluator(killer.rules, killer.generator, patterns=[1] * table_size(killer.geometry))
    assert own.pattern_tables is not None and own.pattern_tables[0] is not first.pattern_tables[0]
