"""Fit the pattern tables (draughts/engine/patterns.py) on top of the linear evaluation.

    nice -n 5 python3 tools/train/patterns.py --variant international \\
        --files tools/train/work/international-d3-s1.jsonl \\
        --labels tools/train/work/labels/international-d3-s1-d5-e4.jsonl --lam 0.5 [--write]

(``--files`` may name several files of games, ``--labels`` then a file of scores for each.)

The positions and targets are fit.py's: self-play positions from the side to move's view,
every tenth game held out, each training position's target ``lam * result + (1 - lam) *
sigmoid(K * score)`` with label.py's search score. The model is Texel's with the linear
evaluation held fixed: ``sigmoid(K * (linear + sign * sum of the regions' weights))``, where
``sign`` is +1 with White to move and -1 with Black (the tables score for White). Every
position enters twice, as played and turned half a turn with the colours swapped (the same
position for the side to move, its regions in other places and with the other sign), so a
formation is worth as much to either side. The squared error plus a ridge penalty
``--ridge * sum(w**2)`` (in (centi-man / 100)**2: a weight the data do not support stays near
0) is minimised by full-batch Adam from zero, with NumPy (training only: the engine reads the
integer table with the standard library). With ``--prior`` the fit starts from the shipped
table instead and the penalty is on the distance from it, so new games refine what the
games before them taught without those games being kept (``adam`` is the fit;
tests/test_train_patterns.py checks both starts). ``--men-cuts 16 28`` fits a table per phase
(up to 16 men on the board, up to 28, more), each position's regions indexing its phase's
weights; with ``--prior`` each phase starts from the shipped table's phase of as many men.
Printed: the held-out Texel error (mean squared error of ``sigmoid(K * eval)`` against the
results, at each evaluation's best K) without the patterns, with the shipped table and with
the fitted one. ``--write`` stores the table, rounded to whole centi-men, in
``draughts/engine/data/patterns.json`` under the rule set's weight set.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from draughts import Game  # noqa: E402
from draughts.engine.evaluate import Evaluator, weight_set_of  # noqa: E402
from draughts.engine.patterns import PATTERN_SETS, PATTERNS_FILE, SQUARES, STATES, STATES_ROW, Patterns  # noqa: E402
from fit import load, write_sets  # noqa: E402
from texel import best_scale, sigmoid  # noqa: E402


def half_turn(bits: int, turn_bit: list[int]) -> int:
    """A bitboard turned half a turn (``turn_bit[b]`` is where bit ``b`` lands)."""
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << turn_bit[low.bit_length() - 1]
        bits ^= low
    return out


def design(samples: list, linear: Evaluator, patterns: Patterns, turn_bit: list[int], mirror: bool
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per row of samples (twice each with ``mirror``): the regions' indices, the sign of the
    pattern term for the side to move, and the linear evaluation."""
    idx, sign, base = [], [], []
    for (om, ok, pm, pk, colour), _ in samples:
        wm, bm = (pm, om) if colour else (om, pm)
        s = -1.0 if colour else 1.0
        value = float(linear.evaluate(om, ok, pm, pk, colour))
        idx.append(patterns.indices(wm, bm))
        sign.append(s)
        base.append(value)
        if mirror:  # turned half a turn, colours swapped: the same side to move, the other colour
            idx.append(patterns.indices(half_turn(bm, turn_bit), half_turn(wm, turn_bit)))
            sign.append(-s)
            base.append(value)
    return np.array(idx, dtype=np.int64), np.array(sign), np.array(base)


def mirror_map(patterns: Patterns, turn_bit: list[int]) -> list[int]:
    """For each entry of the flat table, the entry of the same formation turned half a turn
    with the colours swapped (a white man 1 becomes a black man 2 on the turned square), in
    the same phase (the turn keeps the number of men)."""
    where = {}
    for k, (upper, lower) in enumerate(patterns.region_bits):
        where[(frozenset(upper), frozenset(lower))] = k
    out = [0] * patterns.size
    for k, (upper, lower) in enumerate(patterns.region_bits):
        squares = upper + lower
        # the turned region: the lower row's squares become the upper row's
        k2 = where[(frozenset(turn_bit[b] for b in lower), frozenset(turn_bit[b] for b in upper))]
        upper2, lower2 = patterns.region_bits[k2]
        place = {b: i for i, b in enumerate(upper2 + lower2)}
        for state in range(STATES):
            digits = [(state // STATES_ROW) // 3 ** i % 3 for i in range(SQUARES)] + \
                     [(state % STATES_ROW) // 3 ** i % 3 for i in range(SQUARES)]
            turned = [0] * (2 * SQUARES)
            for b, d in zip(squares, digits):
                turned[place[turn_bit[b]]] = (0, 2, 1)[d]
            code_upper = sum(d * 3 ** i for i, d in enumerate(turned[:SQUARES]))
            code_lower = sum(d * 3 ** i for i, d in enumerate(turned[SQUARES:]))
            out[k * STATES + state] = k2 * STATES + code_upper * STATES_ROW + code_lower
    return [phase * patterns.size + j for phase in range(patterns.phases) for j in out]


def antisymmetric(w: np.ndarray, mirror: list[int]) -> list[int]:
    """Whole centi-men, exactly antisymmetric: an entry and its mirror's are opposite (a
    formation that is its own mirror is worth nothing), whatever the rounding of the fit."""
    table = [0] * len(w)
    for i, j in enumerate(mirror):
        if i < j:
            value = int(round((w[i] - w[j]) / 2))
            table[i], table[j] = value, -value
    return table


def texel_error(evals: np.ndarray, results: list[float]) -> tuple[float, float]:
    return best_scale([float(e) for e in evals], results)


def adam(idx: np.ndarray, sign: np.ndarray, base: np.ndarray, y: np.ndarray, k: float, w0: np.ndarray,
         ridge: float, steps: int, rate: float) -> np.ndarray:
    """The weights that minimise the squared error of ``sigmoid(k * (base + sign * sum of w[idx]))``
    against ``y`` plus ``ridge * sum((w - w0)**2) / 1e4``, by ``steps`` of full-batch Adam from
    ``w0``. ``idx`` holds a row of weight indices per position (its regions' states)."""
    n = len(w0)
    w = w0.copy()
    m = np.zeros(n)
    v = np.zeros(n)
    flat = idx.ravel()
    rows = len(y)
    for step in range(1, steps + 1):
        e = base + sign * w[idx].sum(axis=1)
        p = 1.0 / (1.0 + np.exp(-k * e))
        d = 2.0 * (p - y) * p * (1.0 - p) * k * sign / rows  # d loss / d (pattern sum), per row
        grad = np.bincount(flat, weights=np.repeat(d, idx.shape[1]), minlength=n) + 2 * ridge * (w - w0) / 1e4
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-12)
        if step % 100 == 0 or step == steps:
            loss = float(np.mean((p - y) ** 2))
            print(f"  step {step}: training error {loss:.5f}, largest weight {np.abs(w).max():.0f}", flush=True)
    return w


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="international")
    ap.add_argument("--files", type=Path, nargs="+", required=True, help="selfplay.py's games")
    ap.add_argument("--labels", type=Path, nargs="+", required=True,
                    help="label.py's scores, a file for each file of games")
    ap.add_argument("--lam", type=float, default=0.5)
    ap.add_argument("--ridge", type=float, default=0.00001, help="the shipped table's; see tools/train/README.md")
    ap.add_argument("--steps", type=int, default=400)
    ap.add_argument("--rate", type=float, default=0.5, help="Adam's step, in centi-men")
    ap.add_argument("--prior", action="store_true",
                    help="start from the shipped table and pull the ridge towards it, not towards 0")
    ap.add_argument("--men-cuts", type=int, nargs="*", default=[],
                    help="a table per phase: the numbers of men on the board at which the phases end")
    ap.add_argument("--write", action="store_true", help="store the table in the patterns file")
    ap.add_argument("--out", type=Path, default=PATTERNS_FILE, help="with --write, another file to store it in")
    args = ap.parse_args()
    start = time.perf_counter()
    game = Game(args.variant)
    linear = Evaluator(game.rules, game.generator, patterns=False)
    patterns = Patterns(game.geometry, men_cuts=args.men_cuts)
    geo = game.geometry
    last = len(geo.squares) + 1
    turn_bit = [0] * (max(geo.bit_index) + 1)
    for s in geo.squares:
        turn_bit[geo.bit_index[s.number]] = geo.bit_index[last - s.number]
    train, held, scores = load(args.files, 1, args.labels)
    k_label, _ = best_scale(scores, [y for _, y in train])
    targets = [args.lam * y + (1 - args.lam) * sigmoid(k_label * sc) for (_, y), sc in zip(train, scores)]
    idx, sign, base = design(train, linear, patterns, turn_bit, mirror=True)
    y = np.repeat(np.array(targets), 2)
    k, _ = best_scale([float(b) for b in base[::14]], [float(t) for t in y[::14]])
    print(f"{len(train)} training positions (twice, mirrored), {len(held)} held out; K {k:.5f}; "
          f"design in {time.perf_counter() - start:.0f} s", flush=True)
    n = patterns.size * patterns.phases
    weight_set = weight_set_of(game.rules)
    shipped_set = PATTERN_SETS.get(weight_set)
    # None where the weight set has no table for a board of this size
    shipped_patterns = Patterns(geo, men_cuts=shipped_set.men_cuts) if shipped_set is not None else None
    shipped = (np.array(shipped_set.weights, dtype=float)
               if shipped_set is not None and shipped_patterns is not None
               and len(shipped_set.weights) == shipped_patterns.size * shipped_patterns.phases else None)
    w0 = np.zeros(n)
    if args.prior:
        # The prior, phase by phase: the shipped table's phase holding the same number of men
        # (its one phase for every new one, if it has one).
        if shipped is None or shipped_patterns is None or shipped_patterns.size != patterns.size:
            ap.error(f"--prior: no shipped table for this board in {weight_set!r}")
        for phase in range(patterns.phases):
            men = patterns.men_cuts[phase] if phase < len(patterns.men_cuts) else len(geo.squares)
            old = shipped_patterns.phase(men) * patterns.size
            w0[phase * patterns.size:(phase + 1) * patterns.size] = shipped[old:old + patterns.size]
    w = adam(idx, sign, base, y, k, w0, args.ridge, args.steps, args.rate)
    mirror = mirror_map(patterns, turn_bit)
    assert all(mirror[mirror[i]] == i for i in range(n))
    table = antisymmetric(w, mirror)
    h_idx, h_sign, h_base = design(held, linear, patterns, turn_bit, mirror=False)
    results = [r for _, r in held]
    k0, e0 = texel_error(h_base, results)
    tab = np.array(table, dtype=float)
    k1, e1 = texel_error(h_base + h_sign * tab[h_idx].sum(axis=1), results)
    used = sum(1 for x in table if x)
    if shipped is not None and shipped_patterns is not None:
        s_idx, _, _ = design(held, linear, shipped_patterns, turn_bit, mirror=False)
        ks, es = texel_error(h_base + h_sign * shipped[s_idx].sum(axis=1), results)
        print(f"held-out Texel error with the shipped table: {es:.5f} (K {ks:.5f})")
    print(f"held-out Texel error: linear {e0:.5f} (K {k0:.5f}), with patterns {e1:.5f} (K {k1:.5f}); "
          f"{used} of {n} weights not zero; {time.perf_counter() - start:.0f} s in all")
    if args.write:
        data = (json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else
                {"about": "Learnt pattern tables per weight set (draughts/engine/patterns.py), in centi-men "
                          "for White; tools/train/patterns.py fits them.", "sets": {}})
        source = (f"fitted by tools/train/patterns.py on {len(train)} positions and their mirror images "
                  f"({', '.join(f.name for f in args.files)}, labelled by {', '.join(f.name for f in args.labels)} "
                  f"at lam {args.lam}, ridge {args.ridge}{' towards the table before' if args.prior else ''}, "
                  f"{args.steps} steps{f', phases ending at {args.men_cuts} men' if args.men_cuts else ''}); "
                  f"held-out Texel error {e1:.4f} (linear alone {e0:.4f})")
        entry: dict[str, object] = {"source": source, "weights": table}
        if args.men_cuts:
            entry["men_cuts"] = args.men_cuts
        data["sets"][weight_set] = entry
        write_sets(args.out, data, compact=True)
        print(f"written to {args.out} as {weight_set!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
