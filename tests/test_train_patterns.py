"""The pattern-table fit (tools/train/patterns.py): Adam finds known weights, ``--prior``'s
ridge pulls towards the table before, not towards zero, and a table of phases (``--men-cuts``)
is mirrored phase by phase."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "train"))

import patterns as fit_patterns  # noqa: E402

K = 0.01  # the scale of a centi-man, about the one the fits find


def synthetic(truth: np.ndarray, rows: int = 4000) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Positions that each hold two of the weights, from either side, and their exact targets."""
    rng = np.random.default_rng(5)
    idx = rng.integers(0, len(truth), size=(rows, 2))
    sign = rng.choice([-1.0, 1.0], size=rows)
    base = rng.normal(0.0, 50.0, size=rows)
    y = 1.0 / (1.0 + np.exp(-K * (base + sign * truth[idx].sum(axis=1))))
    return idx, sign, base, y


def test_adam_recovers_known_weights() -> None:
    truth = np.array([40.0, -30.0, 0.0, 15.0])
    idx, sign, base, y = synthetic(truth)
    w = fit_patterns.adam(idx, sign, base, y, K, np.zeros(4), ridge=0.0, steps=400, rate=0.5)
    assert np.abs(w - truth).max() < 2.0, w


def test_the_ridge_pulls_towards_the_prior_when_asked() -> None:
    truth = np.array([40.0, -30.0, 0.0, 15.0])
    before = np.array([10.0, 20.0, -5.0, 0.0])
    idx, sign, base, y = synthetic(truth)
    # A ridge far stronger than the data: the weights stay where the penalty centres them.
    held = fit_patterns.adam(idx, sign, base, y, K, before, ridge=1e4, steps=400, rate=0.5)
    assert np.abs(held - before).max() < 1.0, held
    from_zero = fit_patterns.adam(idx, sign, base, y, K, np.zeros(4), ridge=1e4, steps=400, rate=0.5)
    assert np.abs(from_zero).max() < 1.0, from_zero
    # A light ridge: the data win from either start.
    refined = fit_patterns.adam(idx, sign, base, y, K, before, ridge=0.0, steps=400, rate=0.5)
    assert np.abs(refined - truth).max() < 2.0, refined


def test_the_mirror_of_a_phased_table_stays_in_its_phase() -> None:
    # A formation turned half a turn with the colours swapped has as many men, so its
    # mirror entry is in the same phase; antisymmetric() relies on the map being an involution.
    from draughts import Game
    from draughts.engine.patterns import Patterns

    game = Game("international")
    geo = game.geometry
    last = len(geo.squares) + 1
    turn_bit = [0] * (max(geo.bit_index) + 1)
    for s in geo.squares:
        turn_bit[geo.bit_index[s.number]] = geo.bit_index[last - s.number]
    one = Patterns(geo)
    phased = Patterns(geo, men_cuts=(16, 28))
    single = fit_patterns.mirror_map(one, turn_bit)
    mirror = fit_patterns.mirror_map(phased, turn_bit)
    assert len(mirror) == 3 * one.size
    for i, j in enumerate(mirror):
        assert i // one.size == j // one.size
        assert mirror[j] == i
        assert j % one.size == single[i % one.size]
    assert sum(i != j for i, j in enumerate(single)) > one.size // 2  # the map does move entries
