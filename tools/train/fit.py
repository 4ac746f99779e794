"""Fit a weight set to self-play games (logistic regression), check it on held-out games, write it.

    nice -n 10 python3 tools/train/fit.py --variant international [--write]

Reads ``tools/train/work/<variant>-*.jsonl`` (``selfplay.py``'s output; ``--files`` names
others), turns every position into the feature counts of
:meth:`draughts.engine.evaluate.Evaluator.features` from the side to move's point of view,
with the game's result for that side as the target, and fits the coefficients with
:func:`texel.fit`. Positions the evaluation does not score as a plain weighted sum (a kings-only
draw, a lone king's ending, which it divides) are left out. Every tenth game is held out:
for it the script prints Texel's error, the mean squared error of ``sigmoid(K * eval)``
against the results at the best ``K`` of each, for the shipped weights and the fitted ones
(lower is better). ``--write`` stores the fitted set, in centi-men with a man 100, in
``draughts/engine/data/weights.json`` under the rule set's weight set; the other sets are
left as they are.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from draughts import Game  # noqa: E402
from draughts.engine.evaluate import DRAWISH, FEATURES, WEIGHTS_FILE, Evaluator, weight_set_of  # noqa: E402
from texel import best_scale, fit, sigmoid, sparse  # noqa: E402

WORK = Path(__file__).resolve().parent / "work"
Sample = tuple[tuple[int, int, int, int, int], float]  # (own men, own kings, opp men, opp kings, colour), result


def load(files: list[Path], every: int = 1, labels: list[Path] | None = None
         ) -> tuple[list[Sample], list[Sample], list[float]]:
    """Training and held-out positions (every tenth game held out), from the mover's view; with
    ``labels`` (label.py's scores, a file for each file of ``files``, its games in order), only
    the training positions they score, and their scores beside them."""
    if labels is not None and len(labels) != len(files):
        raise ValueError(f"{len(labels)} files of labels for {len(files)} files of games")
    train: list[Sample] = []
    held: list[Sample] = []
    scores: list[float] = []
    with ExitStack() as files_open:
        game_number = 0
        for n, path in enumerate(files):
            label_lines = files_open.enter_context(labels[n].open()) if labels else None
            for line in files_open.enter_context(path.open()):
                record = json.loads(line)
                label = json.loads(next(label_lines)) if label_lines else None
                white_score = float(record["result"])
                into = held if game_number % 10 == 9 else train
                game_number += 1
                for k, (wm, wk, bm, bk, turn) in enumerate(record["positions"]):
                    if label is not None and into is train:
                        if k % label["every"]:
                            continue
                        scores.append(float(label["scores"][k // label["every"]]))
                    elif k % every:
                        continue
                    if turn == 0:
                        into.append(((wm, wk, bm, bk, 0), white_score))
                    else:
                        into.append(((bm, bk, wm, wk, 1), 1.0 - white_score))
    return train, held, scores


def texel_error(ev: Evaluator, samples: list[Sample]) -> tuple[float, float]:
    evals = [float(ev.evaluate(*pos)) for pos, _ in samples]
    return best_scale(evals, [y for _, y in samples])


def write_set(name: str, weights: dict[str, float], source: str, path: Path = WEIGHTS_FILE) -> None:
    """Replace one weight set in the weights file, keeping its layout (one line per set)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["sets"][name] = {"source": source, "weights": weights}
    write_sets(path, data)


def write_sets(path: Path, data: dict[str, Any], compact: bool = False) -> None:
    """A file of sets (``{"about": ..., "sets": {name: {"source", "weights"}}}``) in the layout
    the weights and patterns files keep: a line for each set's source, one for its weights
    (``compact``: without spaces, for the long pattern tables) and, where a set has them, one
    for the men at which its phases end."""
    separators = (",", ":") if compact else None
    items = list(data["sets"].items())
    lines = ["{", f'  "about": {json.dumps(data["about"])},', '  "sets": {']
    for i, (key, entry) in enumerate(items):
        lines.append(f'    {json.dumps(key)}: {{"source": {json.dumps(entry["source"])},')
        if "men_cuts" in entry:
            lines.append(f'      "men_cuts": {json.dumps(entry["men_cuts"])},')
        lines.append(f'      "weights": {json.dumps(entry["weights"], separators=separators)}}}'
                     + ("," if i < len(items) - 1 else ""))
    lines += ["  }", "}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="international")
    ap.add_argument("--files", type=Path, nargs="*", default=None)
    ap.add_argument("--every", type=int, default=1, help="use every n-th position of a game (1: all)")
    ap.add_argument("--ridge", type=float, default=1e-4, help="pull towards the shipped weights (0: none)")
    ap.add_argument("--fix", nargs="*", default=[], choices=FEATURES, metavar="FEATURE",
                    help="features whose weight stays as shipped (relative to the man), e.g. king")
    ap.add_argument("--drop", nargs="*", default=[], choices=FEATURES, metavar="FEATURE",
                    help="features held at weight 0 (each costs search time)")
    ap.add_argument("--labels", type=Path, nargs="*", default=None,
                    help="label.py's search scores, a file for each file of games (--files)")
    ap.add_argument("--lam", type=float, default=1.0,
                    help="with --labels, the target is lam * result + (1 - lam) * sigmoid(K * score)")
    ap.add_argument("--write", action="store_true", help="store the fitted weights in the weights file")
    args = ap.parse_args()
    files = args.files or sorted(WORK.glob(f"{args.variant}-*.jsonl"))
    if not files:
        print(f"no games: run selfplay.py --variant {args.variant} first", file=sys.stderr)
        return 1
    start = time.perf_counter()
    game = Game(args.variant)
    shipped = Evaluator(game.rules, game.generator, patterns=False)  # the linear part, which this fits
    if args.labels and len(files) != len(args.labels):
        print("--labels needs a file for each file of games (--files)", file=sys.stderr)
        return 1
    train, held, scores = load(files, args.every, args.labels)
    if args.labels:
        # The search's scores as expected results, at the scale that fits the games' results best.
        k_label, _ = best_scale(scores, [y for _, y in train])
        train = [(pos, args.lam * y + (1 - args.lam) * sigmoid(k_label * score))
                 for (pos, y), score in zip(train, scores)]
        print(f"{len(train)} positions labelled by search (K {k_label:.5f}), lam {args.lam}")
    rows, results = [], []
    for pos, y in train:
        if shipped.linear(*pos[:4]):
            rows.append(sparse(shipped.features(*pos)))
            results.append(y)
    print(f"{len(train)} training positions ({len(rows)} scored linearly), {len(held)} held out, "
          f"from {', '.join(f.name for f in files)}; features in {time.perf_counter() - start:.0f} s", flush=True)
    # The prior: the shipped weights at the scale that fits the training games best.
    k_prior, _ = best_scale([float(shipped.evaluate(*pos)) for pos, _ in train[::7]], [y for _, y in train[::7]])
    prior = [k_prior * shipped.weights[name] for name in FEATURES]
    for name in args.drop:  # a feature left out costs no time in the search
        prior[FEATURES.index(name)] = 0.0
    fixed = [FEATURES.index(name) for name in args.fix + args.drop]
    coef = fit(rows, results, len(FEATURES), ridge=args.ridge, prior=prior, fixed=fixed, verbose=True)
    man = coef[FEATURES.index("man")]
    if man <= 0:
        print("the fit gives a man no value: too few games?", file=sys.stderr)
        return 1
    # Whole centi-men, as the evaluation counts them; the two square-table terms keep two
    # decimals, since the table rounds each square's sum of them.
    weights: dict[str, float] = {name: round(100 * c / man, 2) if name in ("tempo", "advance") else round(100 * c / man)
                                 for name, c in zip(FEATURES, coef)}
    weights[DRAWISH] = shipped.weights[DRAWISH]
    print(f"K = {man / 100:.5f} per centi-man")
    for name in FEATURES:
        print(f"  {name:<14} shipped {shipped.weights[name]:>7.1f}   fitted {weights[name]:>7.1f}")
    fitted = Evaluator(game.rules, game.generator, weights, patterns=False)
    k_old, e_old = texel_error(shipped, held)
    k_new, e_new = texel_error(fitted, held)
    print(f"held-out Texel error: shipped {e_old:.5f} (K {k_old:.5f}), fitted {e_new:.5f} (K {k_new:.5f}); "
          f"{time.perf_counter() - start:.0f} s in all")
    if args.write:
        games = sum(1 for f in files for _ in f.open())
        labelled = (f", labelled by {', '.join(f.name for f in args.labels)} at lam {args.lam}"
                    if args.labels else "")
        source = (f"fitted by tools/train/fit.py on {len(rows)} positions of {games} self-play games "
                  f"({', '.join(f.name for f in files)}{labelled}); held-out Texel error {e_new:.4f} "
                  f"(before {e_old:.4f})")
        write_set(weight_set_of(game.rules), weights, source)
        print(f"written to {WEIGHTS_FILE.relative_to(ROOT)} as {weight_set_of(game.rules)!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
