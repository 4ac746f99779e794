"""Learnt patterns of men: small board regions scored as a whole, as the strongest engines do.

A feature such as "support" or "blocked" says one thing about a formation; a pattern says
what the formation is worth as a whole. The board's rows are taken in adjacent pairs, and each
pair in a left and a right region of the first three and the last three dark squares of
each row (they overlap on a board of five squares a row), six squares in all; each square is
empty, a white man or a black man, so a region has ``3**6 = 729`` states and each state one
learnt weight in centi-men, from White's point of view. Kings are left out (they are few, and
the features score them). A formation is not worth the same with the board full and with a few
men left, so a table may hold one set of weights per *phase*: the phases are cut by the number
of men on the board (``men_cuts``: a phase ends at each cut, inclusive), and a position is
scored by its phase's weights. ``tools/train/patterns.py`` fits the weights on top of the linear
evaluation, on self-play positions and their mirror images (so a formation is worth to Black
what it is worth to White); the tables ship in ``data/patterns.json``, one per weight set, and
a weight set without a table has no pattern term.

Speed: the two colours' men go into one number, a black man one bit above where a white man
would be (no dark square's bit has another dark square just above it, on every board of dark
squares); each row's window of that number is cut out with one shift and one mask, and a
table per row turns the window into the base-3 code of the row's left and right three
squares. A region's state is then its two rows' codes, so a whole board costs one window
and one lookup per row (a tuple of the row's codes) and one lookup per region. Looking each
region up straight from its two rows' bits instead (a table of 4,096 entries, no codes) was
slower: 2.3-2.6 us a board against 1.6, as each shift of a 120-bit int costs more than a
lookup.

A term of the linear evaluation that depends only on a few squares (a man's square value, a
man supported from behind, a man's free step when no king is on the board) can be folded into
the table (:meth:`Patterns.folded`):
the region that holds its squares adds it to each of its states where those men stand, so
the search pays for it with lookups it already makes.
"""

from __future__ import annotations

import copy
import functools
import json
from bisect import bisect_left
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..geometry import Geometry

PATTERNS_FILE = Path(__file__).resolve().parent / "data" / "patterns.json"
SQUARES = 3  # dark squares of a row in a region
STATES_ROW: int = 3 ** SQUARES  # 27: the states of a region's squares in one row
STATES = STATES_ROW * STATES_ROW  # 729: the states of a region
# A term to fold in: (white men, black men, empty squares, value in centi-men for White where
# those men all stand and those squares hold no man).
Term = tuple[int, int, int, int]


class PatternSet(NamedTuple):
    """A weight set's learnt table: the phases' weights one after the other, and the men on
    the board at which each phase but the last ends (none: one phase)."""

    weights: list[int]
    men_cuts: tuple[int, ...] = ()


def pattern_set(entry: dict[str, Any]) -> PatternSet:
    """A set's entry of the patterns file (``weights`` and, for phases, ``men_cuts``) as read."""
    return PatternSet([int(v) for v in entry["weights"]], tuple(int(c) for c in entry.get("men_cuts", ())))


def load_pattern_sets(path: Path = PATTERNS_FILE) -> dict[str, PatternSet]:
    """Every weight set's table of ``path`` (an absent file: none)."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {name: pattern_set(entry) for name, entry in data["sets"].items()}


PATTERN_SETS: dict[str, PatternSet] = load_pattern_sets()


def dark_rows(geometry: Geometry) -> list[list[int]]:
    """The bits of each row's dark squares, left to right, rows in order."""
    rows: dict[int, list[tuple[int, int]]] = {}
    for s in geometry.squares:
        rows.setdefault(s.row, []).append((s.col, geometry.bit_index[s.number]))
    return [[b for _, b in sorted(rows[r])] for r in sorted(rows)]


def table_size(geometry: Geometry) -> int:
    """The number of weights of one phase's table for this board (two regions per pair of rows)."""
    return 2 * (len(dark_rows(geometry)) - 1) * STATES


@functools.cache
def _part_men(part: tuple[int, ...]) -> list[tuple[int, int]]:
    """The white and black men of each code of a row's part (digit i: square ``part[i]``);
    kept, as each region's two parts are asked for by every fold."""
    out = []
    for code in range(STATES_ROW):
        digits = [code // 3 ** i % 3 for i in range(SQUARES)]
        out.append((sum(1 << b for b, d in zip(part, digits) if d == 1),
                    sum(1 << b for b, d in zip(part, digits) if d == 2)))
    return out


class Patterns:
    """The regions of one board and their weights; :meth:`score` scores the men."""

    def __init__(self, geometry: Geometry, weights: Sequence[int] | None = None,
                 men_cuts: Sequence[int] = ()) -> None:
        self.geometry = geometry
        if list(men_cuts) != sorted(set(men_cuts)):
            raise ValueError(f"the phases' cuts must rise: {list(men_cuts)}")
        self.men_cuts = tuple(men_cuts)
        self.phases = len(self.men_cuts) + 1
        rows = dark_rows(geometry)
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
            # Only the windows of real positions are filled in (a digit d of a square at bit b
            # is d << b in ``both``); the other entries are never read. Built square by square:
            # each (window, left code, right code) so far, with each digit of the next square.
            first_right = len(bits) - SQUARES
            windows = [(0, 0, 0)]
            for i, b in enumerate(bits):
                steps = [(d << (b - shift), 3 ** i * d if i < SQUARES else 0,
                          3 ** (i - first_right) * d if i >= first_right else 0) for d in range(3)]
                windows = [(w + dw, lc + dl, rc + dr) for w, lc, rc in windows for dw, dl, dr in steps]
            left, right = [0] * (mask + 1), [0] * (mask + 1)
            for window, left_code, right_code in windows:
                left[window] = left_code
                right[window] = right_code
            self.rows.append((shift, mask, left, right))
        # For score(): per row, each window's codes as the lower row of a region and, times
        # 27, as the upper row of the next, in one tuple (one lookup a row, not four).
        self._row_codes = [[(lc, rc, lc * STATES_ROW, rc * STATES_ROW) for lc, rc in zip(left, right)]
                           for _, _, left, right in self.rows]
        self.regions = table_size(geometry) // STATES
        # Each region's squares: its upper row's part, then its lower row's (digit i of a
        # row's code is the part's i-th square).
        self.region_bits = [(parts[r][side], parts[r + 1][side]) for r in range(len(parts) - 1) for side in (0, 1)]
        self.size = self.regions * STATES  # one phase's weights
        self._set_weights(list(weights) if weights is not None else [0] * self.size * self.phases)

    def phase(self, men: int) -> int:
        """The phase of a position with ``men`` men on the board."""
        return bisect_left(self.men_cuts, men)

    def _set_weights(self, weights: list[int]) -> None:
        if len(weights) != self.size * self.phases:
            raise ValueError(f"a pattern table of {len(weights)} weights, this board has {self.size} a phase "
                             f"and the table {self.phases} phase(s)")
        self.weights = weights
        # For score(): per row its window and codes, beside the two regions that the row
        # closes (the first row only opens the first region), each region its own list so
        # no offset is added; one such list per phase, and per number of men its phase's.
        windows = [(shift, mask, codes) for (shift, mask, _, _), codes in zip(self.rows, self._row_codes)]
        self._first = windows[0]
        by_phase = []
        for p in range(self.phases):
            tables = [weights[(p * self.regions + k) * STATES:(p * self.regions + k + 1) * STATES]
                      for k in range(self.regions)]
            by_phase.append([(shift, mask, codes, table_l, table_r) for (shift, mask, codes), table_l, table_r
                             in zip(windows[1:], tables[0::2], tables[1::2])])
        self._by_men = [by_phase[self.phase(n)] for n in range(len(self.geometry.squares) + 1)]

    def folded(self, terms: Sequence[Term]) -> tuple[Patterns, list[bool]]:
        """These patterns with ``terms`` added to the table, and which terms were folded in.

        A term ``(white, black, empty, value)`` goes to the first region that holds all its
        squares and is added to each state of that region where those men stand and those
        squares hold no man (a king is no man here), so the new table's
        :meth:`score` is this one's plus the folded terms' sum, exactly. A term that no region
        holds is left out (``False`` in the list): the caller keeps scoring it."""
        weights = list(self.weights)
        parts = [[(sum(1 << b for b in part), _part_men(tuple(part))) for part in region]
                 for region in self.region_bits]
        masks = [up | low for (up, _), (low, _) in parts]
        first_region: dict[int, int] = {}  # the lowest square's bit -> the first region holding it
        for k, mask in reversed(list(enumerate(masks))):
            for b in range(mask.bit_length()):
                if mask >> b & 1:
                    first_region[b] = k
        matching: dict[tuple[int, int, int, int, int], list[int]] = {}  # (region, row, men, empty) -> codes

        def codes(region: int, row: int, white: int, black: int, empty: int) -> list[int]:
            mask, men = parts[region][row]
            key = (region, row, white & mask, black & mask, empty & mask)
            if key not in matching:
                matching[key] = [code for code, (w, b) in enumerate(men)
                                 if w & key[2] == key[2] and b & key[3] == key[3] and not (w | b) & key[4]]
            return matching[key]

        # Per region, what the terms within one row add to each code of that row (the upper
        # and the lower); a term over both rows goes straight into the states it matches.
        rows = [([0] * STATES_ROW, [0] * STATES_ROW) for _ in parts]
        done = []
        for white, black, empty, value in terms:
            squares = white | black | empty
            low = (squares & -squares).bit_length() - 1
            region = first_region.get(low)
            if region is not None and squares & ~masks[region]:
                region = next((k for k in range(region + 1, len(masks)) if not squares & ~masks[k]), None)
            done.append(region is not None)
            if region is None:
                continue
            upper = codes(region, 0, white, black, empty)
            lower = codes(region, 1, white, black, empty)
            if not squares & parts[region][1][0]:
                for code in upper:
                    rows[region][0][code] += value
            elif not squares & parts[region][0][0]:
                for code in lower:
                    rows[region][1][code] += value
            else:
                for phase in range(self.phases):
                    for u in upper:
                        base = phase * self.size + region * STATES + u * STATES_ROW
                        for code in lower:
                            weights[base + code] += value
        for phase in range(self.phases):
            for region, (upper_add, lower_add) in enumerate(rows):
                base = phase * self.size + region * STATES
                weights[base:base + STATES] = [weights[base + STATES_ROW * up + low] + add_up + add_low
                                               for up, add_up in enumerate(upper_add)
                                               for low, add_low in enumerate(lower_add)]
        out = copy.copy(self)  # the same board: only the weights' tables are new
        out._set_weights(weights)
        return out, done

    def codes(self, white_men: int, black_men: int) -> list[tuple[int, int]]:
        """Each row's (left, right) code: base 3, a white man 1 and a black man 2."""
        both = white_men | black_men << 1
        out = []
        for shift, mask, left, right in self.rows:
            window = both >> shift & mask
            out.append((left[window], right[window]))
        return out

    def indices(self, white_men: int, black_men: int) -> list[int]:
        """The state of every region as an index into the flat table, in the position's
        phase (for training)."""
        codes = self.codes(white_men, black_men)
        base = self.phase((white_men | black_men).bit_count()) * self.size
        out = []
        for r in range(len(codes) - 1):
            out.append(base + (2 * r) * STATES + codes[r][0] * STATES_ROW + codes[r + 1][0])
            out.append(base + (2 * r + 1) * STATES + codes[r][1] * STATES_ROW + codes[r + 1][1])
        return out

    def score(self, white_men: int, black_men: int) -> int:
        """The men's patterns in centi-men, for White (the search's hot path: kept inline)."""
        both = white_men | black_men << 1
        shift, mask, codes = self._first
        _, _, above_l, above_r = codes[both >> shift & mask]  # the upper row: its place in the table
        total = 0
        # both has a bit for each man (the colours never share one): its count picks the phase
        for shift, mask, codes, table_l, table_r in self._by_men[both.bit_count()]:
            left, right, up_l, up_r = codes[both >> shift & mask]
            total += table_l[above_l + left] + table_r[above_r + right]
            above_l = up_l
            above_r = up_r
        return total
