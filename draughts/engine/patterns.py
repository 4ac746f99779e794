"""Learnt patterns of men: small board regions scored as a whole, as the strongest engines do.

A feature such as "support" or "blocked" says one thing about a formation; a pattern says
what the formation is worth as a whole. The board's rows are taken in adjacent pairs, and each
pair in a left and a right region of the first three and the last three dark squares of
each row (they overlap on a board of five squares a row), six squares in all; each square is
empty, a white man or a black man, so a region has ``3**6 = 729`` states and each state one
learnt weight in centi-men, from White's point of view. Kings are left out (they are few, and
the features score them). ``tools/train/patterns.py`` fits the weights on top of the linear
evaluation, on self-play positions and their mirror images (so a formation is worth to Black
what it is worth to White); the tables ship in ``data/patterns.json``, one per weight set, and
a weight set without a table has no pattern term.

Speed: the two colours' men go into one number, a black man one bit above where a white man
would be (no dark square's bit has another dark square just above it, on every board of dark
squares); each row's window of that number is cut out with one shift and one mask, and a
table per row turns the window into the base-3 code of the row's left and right three
squares. A region's state is then its two rows' codes, so a whole board costs one window
and four lookups per row and one lookup per region.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from ..geometry import Geometry

PATTERNS_FILE = Path(__file__).resolve().parent / "data" / "patterns.json"
SQUARES = 3  # dark squares of a row in a region
STATES_ROW: int = 3 ** SQUARES  # 27: the states of a region's squares in one row
STATES = STATES_ROW * STATES_ROW  # 729: the states of a region


def load_pattern_sets(path: Path = PATTERNS_FILE) -> dict[str, list[int]]:
    """Every weight set's table of ``path``: ``{set: [weight, ...]}`` (an absent file: none)."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {name: [int(v) for v in entry["weights"]] for name, entry in data["sets"].items()}


PATTERN_SETS: dict[str, list[int]] = load_pattern_sets()


def _rows(geometry: Geometry) -> list[list[int]]:
    """The bits of each row's dark squares, left to right, rows in order."""
    rows: dict[int, list[tuple[int, int]]] = {}
    for s in geometry.squares:
        rows.setdefault(s.row, []).append((s.col, geometry.bit_index[s.number]))
    return [[b for _, b in sorted(rows[r])] for r in sorted(rows)]


def table_size(geometry: Geometry) -> int:
    """The number of weights a table for this board has (two regions per pair of rows)."""
    return 2 * (len(_rows(geometry)) - 1) * STATES


class Patterns:
    """The regions of one board and their weights; :meth:`score` scores the men."""

    def __init__(self, geometry: Geometry, weights: Sequence[int] | None = None) -> None:
        rows = _rows(geometry)
        dark = sum(1 << b for row in rows for b in row)
        if dark & dark << 1:
            raise ValueError("patterns need a board of dark squares (a black man's bit goes one above a white man's)")
        # Per row: (shift, mask, left codes, right codes), each code table indexed by the
        # row's window of both colours; the digit of a square is 1 for a white man, 2 for a black.
        self.rows: list[tuple[int, int, list[int], list[int]]] = []
        parts: list[tuple[list[int], list[int]]] = []  # per row: its left and right squares' bits
        for bits in rows:
            parts.append((bits[:SQUARES], bits[-SQUARES:]))
            shift = min(bits)
            mask = sum(3 << (b - shift) for b in bits)
            tables = []
            for part in parts[-1]:
                tables.append([sum(3 ** i * ((window >> (b - shift) & 1) + 2 * (window >> (b - shift + 1) & 1))
                                   for i, b in enumerate(part))
                               for window in range(mask + 1)])
            self.rows.append((shift, mask, tables[0], tables[1]))
        self.regions = table_size(geometry) // STATES
        # Each region's squares: its upper row's part, then its lower row's (digit i of a
        # row's code is the part's i-th square).
        self.region_bits = [(parts[r][side], parts[r + 1][side]) for r in range(len(parts) - 1) for side in (0, 1)]
        self.size = self.regions * STATES
        self.weights: list[int] = list(weights) if weights is not None else [0] * self.size
        if len(self.weights) != self.size:
            raise ValueError(f"a pattern table of {len(self.weights)} weights, this board has {self.size}")
        # For score(): per row, the codes as the lower row of a region and, times 27, as the
        # upper row of the next, beside the two regions that the row closes (the first row
        # only opens the first region), each region its own list so no offset is added.
        tables = [self.weights[k * STATES:(k + 1) * STATES] for k in range(self.regions)]
        upper = [(shift, mask, [c * STATES_ROW for c in left], [c * STATES_ROW for c in right])
                 for shift, mask, left, right in self.rows]
        self._first = upper[0]
        self._rest = [(shift, mask, left, right, up_l, up_r, table_l, table_r)
                      for (shift, mask, left, right), (_, _, up_l, up_r), table_l, table_r
                      in zip(self.rows[1:], upper[1:], tables[0::2], tables[1::2])]

    def codes(self, white_men: int, black_men: int) -> list[tuple[int, int]]:
        """Each row's (left, right) code: base 3, a white man 1 and a black man 2."""
        both = white_men | black_men << 1
        out = []
        for shift, mask, left, right in self.rows:
            window = both >> shift & mask
            out.append((left[window], right[window]))
        return out

    def indices(self, white_men: int, black_men: int) -> list[int]:
        """The state of every region as an index into the flat table (for training)."""
        codes = self.codes(white_men, black_men)
        out = []
        for r in range(len(codes) - 1):
            out.append((2 * r) * STATES + codes[r][0] * STATES_ROW + codes[r + 1][0])
            out.append((2 * r + 1) * STATES + codes[r][1] * STATES_ROW + codes[r + 1][1])
        return out

    def score(self, white_men: int, black_men: int) -> int:
        """The men's patterns in centi-men, for White (the search's hot path: kept inline)."""
        both = white_men | black_men << 1
        shift, mask, up_l, up_r = self._first
        window = both >> shift & mask
        above_l = up_l[window]  # the region's upper row, as its place in the table
        above_r = up_r[window]
        total = 0
        for shift, mask, left, right, up_l, up_r, table_l, table_r in self._rest:
            window = both >> shift & mask
            total += table_l[above_l + left[window]] + table_r[above_r + right[window]]
            above_l = up_l[window]
            above_r = up_r[window]
        return total
