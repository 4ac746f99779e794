"""The training pipeline (tools/train): the fit recovers known weights, self-play is reproducible."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "train"))

import selfplay  # noqa: E402
import texel  # noqa: E402

from draughts import Game  # noqa: E402


def test_solve_a_known_system() -> None:
    x = texel.solve([[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, 0.0, 1.0]], [5.0, 3.0, 4.0])
    assert [round(v, 9) for v in x] == [1.0, 2.0, 1.0]


def test_fit_recovers_known_weights() -> None:
    rng = random.Random(11)
    truth = [0.8, -0.5, 0.3, 0.0]
    rows, results = [], []
    for _ in range(20_000):
        x = [rng.randint(-3, 3), rng.randint(-2, 2), rng.randint(-4, 4), rng.randint(-1, 1)]
        p = texel.sigmoid(sum(t * v for t, v in zip(truth, x)))
        rows.append(texel.sparse(x))
        results.append(1.0 if rng.random() < p else 0.0)
    coef = texel.fit(rows, results, 4, ridge=0.0)
    assert all(abs(c - t) < 0.05 for c, t in zip(coef, truth)), coef
    assert texel.log_loss(rows, results, coef) < texel.log_loss(rows, results, [0.0] * 4)


def test_ridge_pulls_towards_the_prior() -> None:
    rows = [texel.sparse([1.0]), texel.sparse([-1.0])] * 5
    results = [1.0, 0.0] * 5  # alone, these would drive the weight to infinity
    coef = texel.fit(rows, results, 1, ridge=1.0, prior=[2.0])
    assert 2.0 < coef[0] < 3.0


def test_best_scale_finds_k() -> None:
    evals = [float(e) for e in range(-400, 401, 20)]
    k, error = texel.best_scale(evals, [texel.sigmoid(0.004 * e) for e in evals])
    assert math.isclose(k, 0.004, rel_tol=1e-3) and error < 1e-9


def test_self_play_is_reproducible_and_keeps_quiet_positions() -> None:
    first = selfplay.play_game("english", 1, 7, 4, 60)
    assert first == selfplay.play_game("english", 1, 7, 4, 60)
    assert first != selfplay.play_game("english", 1, 8, 4, 60)
    assert first["result"] in (0.0, 0.5, 1.0) and first["positions"]
    for wm, wk, bm, bk, turn in first["positions"]:  # type: ignore[union-attr]
        game = Game("english", fen=None)
        own = (wm, wk, bm, bk) if turn == 0 else (bm, bk, wm, wk)
        assert not game.generator.captures(*own, turn)


def test_fixed_coefficients_stay_at_the_prior() -> None:
    rng = random.Random(3)
    rows, results = [], []
    for _ in range(5_000):
        x = [rng.randint(-3, 3), rng.randint(-3, 3)]
        rows.append(texel.sparse(x))
        results.append(1.0 if rng.random() < texel.sigmoid(0.6 * x[0] + 0.4 * x[1]) else 0.0)
    coef = texel.fit(rows, results, 2, ridge=0.0, prior=[0.6, 0.0], fixed=[0])
    assert coef[0] == 0.6 and abs(coef[1] - 0.4) < 0.1


def test_labels_search_the_self_play_positions_themselves() -> None:
    import json

    import label

    record = selfplay.play_game("international", 1, 3, 8, 40)
    geometry = Game("international").geometry
    for wm, wk, bm, bk, turn in record["positions"]:  # type: ignore[union-attr]
        game = Game("international", fen=label.write_fen((wm, wk, bm, bk), turn, geometry))
        assert [*game.pieces, game.turn.index] == [wm, wk, bm, bk, turn]
    scores = label.label_game(("international", json.dumps(record), 2, 3))["scores"]
    assert len(scores) == len(record["positions"][::3])  # type: ignore[index]
    assert all(-label.CLIP <= s <= label.CLIP for s in scores)  # type: ignore[attr-defined]


def test_load_pairs_each_game_with_its_labels(tmp_path: Path) -> None:
    import json

    import fit

    # Twelve one-position games: the tenth is held out; White to move in the even ones.
    games, labels = [], []
    for n in range(12):
        turn = n % 2
        games.append({"result": 1.0, "positions": [[n + 1, 0, 100 + n, 0, turn], [n + 2, 0, 200 + n, 0, turn]]})
        labels.append({"every": 2, "scores": [10 * n]})
    # Two files of games, each with its file of labels; the games are counted across both.
    for name, part in (("1", slice(0, 7)), ("2", slice(7, 12))):
        (tmp_path / f"g{name}.jsonl").write_text("".join(json.dumps(g) + "\n" for g in games[part]))
        (tmp_path / f"l{name}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in labels[part]))
    files = [tmp_path / "g1.jsonl", tmp_path / "g2.jsonl"]
    train, held, scores = fit.load(files, labels=[tmp_path / "l1.jsonl", tmp_path / "l2.jsonl"])
    assert len(held) == 2 and held[0] == ((109, 0, 10, 0, 1), 0.0)  # game 9, from Black's view: its men first
    assert [pos[0] for pos, _ in train] == [n + 1 if n % 2 == 0 else 100 + n for n in range(12) if n != 9]
    assert scores == [10.0 * n for n in range(12) if n != 9]  # one per labelled position, in order
    with pytest.raises(ValueError):
        fit.load(files, labels=[tmp_path / "l1.jsonl"])
