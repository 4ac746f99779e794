"""Logistic regression for evaluation weights, in plain Python (no NumPy needed).

The model is Texel's: the expected score of the side to move is ``sigmoid(sum(b_f * x_f))``
for the feature counts ``x`` of a position, and the result of its game is the target (1 won,
0.5 drawn, 0 lost). :func:`fit` finds the coefficients ``b`` of maximum likelihood (the
cross-entropy between prediction and result, which draws enter as half a win and half a
loss) by Newton's method with a small ridge: the problem is convex, so it converges from zero
in a handful of steps, deterministically (it starts from the prior). The weights in centi-men are ``100 * b / b_man``
(a man is 100), and ``K = b_man / 100`` is the scale of ``sigmoid(K * eval)``.

Feature rows are sparse lists of ``(index, value)`` pairs: most counts are zero in most
positions, which makes a Newton step cheap enough in plain Python for a few hundred
thousand positions.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

Row = list[tuple[int, float]]


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def sparse(row: Sequence[float]) -> Row:
    """A dense feature row as ``(index, value)`` pairs of its non-zero entries."""
    return [(i, float(v)) for i, v in enumerate(row) if v]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting; ``a`` is n x n)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-300:
            raise ZeroDivisionError("singular system")
        m[col], m[pivot] = m[pivot], m[col]
        inv = 1.0 / m[col][col]
        for r in range(col + 1, n):
            f = m[r][col] * inv
            if f:
                mr, mc = m[r], m[col]
                for c in range(col, n + 1):
                    mr[c] -= f * mc[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def log_loss(rows: Sequence[Row], results: Sequence[float], coef: Sequence[float]) -> float:
    """Mean cross-entropy of ``sigmoid(coef . x)`` against the results."""
    total = 0.0
    for row, y in zip(rows, results):
        p = min(max(sigmoid(sum(coef[i] * v for i, v in row)), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(rows))


def fit(rows: Sequence[Row], results: Sequence[float], n_features: int, ridge: float = 1e-3,
        prior: Sequence[float] | None = None, fixed: Collection[int] = (), steps: int = 25,
        tolerance: float = 1e-9, verbose: bool = False) -> list[float]:
    """The coefficients of maximum likelihood, with an L2 penalty ``ridge`` (per position) on
    their distance from ``prior`` (default zero): with few games, the fit stays near a known
    good set where the games say little. The coefficients numbered in ``fixed`` stay at the
    prior."""
    n = n_features
    centre = list(prior) if prior is not None else [0.0] * n
    coef = centre[:]
    count = max(1, len(rows))
    for step in range(steps):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for row, y in zip(rows, results):
            p = sigmoid(sum(coef[i] * v for i, v in row))
            d = p - y
            w = p * (1.0 - p)
            for i, v in row:
                grad[i] += d * v
                wv = w * v
                hi = hess[i]
                for j, u in row:
                    if j >= i:
                        hi[j] += wv * u
        for i in range(n):
            grad[i] = grad[i] / count + ridge * (coef[i] - centre[i])
            for j in range(i, n):
                hess[i][j] = hess[j][i] = hess[i][j] / count + (ridge if i == j else 0.0)
        for i in fixed:  # held at the prior: no gradient, and a row of the identity
            grad[i] = 0.0
            for j in range(n):
                hess[i][j] = hess[j][i] = 0.0
            hess[i][i] = 1.0
        delta = solve(hess, grad)
        # Backtracking: a full Newton step can overshoot far from the optimum (counts such
        # as the advance reach the hundreds), so halve it until the objective falls.
        before = objective(rows, results, coef, ridge, centre)
        scale = 1.0
        for _ in range(30):
            trial = [c - scale * d for c, d in zip(coef, delta)]
            if objective(rows, results, trial, ridge, centre) <= before:
                break
            scale /= 2
        else:
            break  # no step lowers it: at the optimum up to rounding
        coef = trial
        size = scale * max(abs(d) for d in delta)
        if verbose:
            print(f"  Newton step {step + 1}: step {scale:g}, largest change {size:.3g}", flush=True)
        if size < tolerance:
            break
    return coef


def objective(rows: Sequence[Row], results: Sequence[float], coef: Sequence[float], ridge: float,
              centre: Sequence[float]) -> float:
    """What :func:`fit` minimises: the mean cross-entropy plus the ridge penalty."""
    penalty = ridge / 2 * sum((c - p) ** 2 for c, p in zip(coef, centre))
    return log_loss(rows, results, coef) + penalty


def best_scale(evals: Sequence[float], results: Sequence[float]) -> tuple[float, float]:
    """Texel's ``K``: the scale with the least mean squared error of ``sigmoid(K * eval)``
    against the results, and that error (a golden-section search on a log scale)."""
    def error(k: float) -> float:
        return sum((sigmoid(k * e) - y) ** 2 for e, y in zip(evals, results)) / max(1, len(evals))

    lo, hi = math.log(1e-5), math.log(1.0)
    ratio = (math.sqrt(5) - 1) / 2
    a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
    fa, fb = error(math.exp(a)), error(math.exp(b))
    for _ in range(60):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - ratio * (hi - lo)
            fa = error(math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + ratio * (hi - lo)
            fb = error(math.exp(b))
    k = math.exp((lo + hi) / 2)
    return k, error(k)
