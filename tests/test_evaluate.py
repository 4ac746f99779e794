"""The evaluation's features: known counts on known positions, and the evaluation is exactly
their weighted sum, so weights fitted to the counts mean what they say."""

from __future__ import annotations

import random

import pytest
from random_play import random_playout

from draughts import Game
from draughts.engine.evaluate import DRAWISH, FEATURES, WEIGHTS, Evaluator, weight_set_of
from draughts.rules import VARIANTS


def features_of(variant: str, fen: str) -> dict[str, float]:
    game = Game(variant, fen=fen)
    ev = Evaluator(game.rules, game.generator)
    return dict(zip(FEATURES, ev.features(*game.position.sides(), game.turn.index)))


def nonzero(counts: dict[str, float]) -> dict[str, float]:
    return {k: v for k, v in counts.items() if v}


def test_man_counts_tempo_centre_and_back_rank() -> None:
    # White's man on 28 has come 4 rows and stands in the centre; Black's on 1 guards its back row.
    assert nonzero(features_of("international", "W:W28:B1")) == {
        "tempo": 4, "advance": 16, "centre": 1, "back_rank": -1}


def test_runaway_and_free_path() -> None:
    # 7 steps onto a free king square next move; 13 has nothing in its way; Black's 26 is far.
    counts = features_of("international", "W:W7,13:B26")
    assert counts["runaway"] == 1 and counts["free_path"] == 1
    # a black man inside 13's cone stops it counting
    assert features_of("international", "W:W7,13:B3,26")["free_path"] == 0


def test_supported_outpost_and_blocked_man() -> None:
    # 23 is held from behind by 28 and 29 in Black's half, and 18 and 19 stop it moving.
    counts = features_of("international", "W:W23,28,29:B18,19")
    assert counts["support"] == 1 and counts["outpost"] == 1 and counts["blocked"] == 1
    assert counts["mobility"] == 0  # two quiet moves each


def test_king_terms() -> None:
    # White's king on 46 holds the long diagonal with one square to go to; Black's on 1 has two.
    counts = features_of("international", "W:WK46:B5,K1")
    assert nonzero(counts) == {"man": -1, "king_diagonal": 1, "king_mobility": -1, "edge": -1,
                               "balance": -1, "mobility": -1}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_start_position_is_level(variant: str) -> None:
    game = Game(variant)
    ev = Evaluator(game.rules, game.generator)
    assert ev.features(*game.position.sides(), game.turn.index) == [0] * len(FEATURES)


def random_positions(variant: str, games: int, seed: int) -> list[tuple[int, int, int, int, int]]:
    rng = random.Random(seed)
    return [(*game.position.sides(), game.turn.index)
            for _ in range(games) for game in random_playout(variant, rng, 4, 119)]


@pytest.mark.parametrize("variant", ["international", "russian", "english", "frisian", "turkish", "breakthrough"])
def test_evaluation_is_the_weighted_sum_of_the_features(variant: str) -> None:
    game = Game(variant)
    rng = random.Random(variant)
    weights = {name: float(rng.randint(-60, 60)) for name in FEATURES}
    weights.update(man=100.0, **{DRAWISH: 6.0})
    ev = Evaluator(game.rules, game.generator, weights, patterns=False)  # the linear part (test_patterns: the rest)
    checked = 0
    for pos in random_positions(variant, 12, 5):
        if ev.linear(*pos[:4]):
            expected = sum(weights[name] * x for name, x in zip(FEATURES, ev.features(*pos)))
            assert ev.evaluate(*pos) == expected
            checked += 1
    assert checked > 200


def test_every_rule_set_has_a_complete_weight_set() -> None:
    for rules in VARIANTS.values():
        weights = WEIGHTS[weight_set_of(rules)]
        assert set(weights) == set(FEATURES) | {DRAWISH}
        assert weights["man"] == 100
    assert weight_set_of(VARIANTS["international"]) == "international"
    assert weight_set_of(VARIANTS["russian"]) == weight_set_of(VARIANTS["brazilian"]) == "flying8"
    assert (weight_set_of(VARIANTS["antidraughts"]), weight_set_of(VARIANTS["schlagdame"])) == ("losing", "losing8")


def test_unknown_weight_is_refused() -> None:
    game = Game("international")
    with pytest.raises(KeyError):
        Evaluator(game.rules, game.generator, {"colour_of_the_board": 3.0})
