"""Board geometry: which cells are playing squares, how they are numbered and labelled,
and where each one sits in a padded bit layout.

Every board is a grid of ``rows`` x ``cols`` cells seen from White's side (row 0 at the
top, Black's side; White always sits at the bottom and its men move up). A cell
``(row, col)`` owns bit ``row * stride + col`` of a Python int, with ``stride = cols + 2``:
the two padding columns make every step, diagonal ``(±1, ±1)``, orthogonal ``(0, ±1)``
or Frisian's two-cell orthogonal ``(0, ±2)``, a constant shift that falls off the board
onto a padding bit or off either end of the int instead of wrapping round to a real square.

Square numbers follow ``docs/rules/notation.md`` §1: reading order from the top-left
playing square (FMJD Annex 1 art. 2.6), except Spanish, numbered from White's bottom-right
square right to left (PDN GameType 24, ``N1,1``).

>>> g = Geometry(10, 10, "dark", "top_left", False)
>>> len(g.squares), g.squares[0].label, g.squares[45].row, g.squares[45].col
(50, '1', 9, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import InvalidSquareError

Colouring = Literal["dark", "inverted", "all"]
Numbering = Literal["top_left", "bottom_right"]


@dataclass(frozen=True, slots=True)
class Square:
    """One playing square as the page and the notation see it."""

    number: int  # 1..N, the PDN/FMJD square number
    label: str  # "32" on numeric boards, "e3" on algebraic ones
    row: int  # 0 = top row seen from White's side
    col: int  # 0 = left column seen from White's side


class Geometry:
    """The cells in play on one board and the maps between numbers, labels and bits."""

    def __init__(
        self, rows: int, cols: int, colouring: Colouring, numbering: Numbering, algebraic: bool
    ) -> None:
        self.rows = rows
        self.cols = cols
        self.colouring = colouring
        self.stride = cols + 2
        self.algebraic = algebraic
        cells = [(r, c) for r in range(rows) for c in range(cols) if self._in_play(r, c, colouring)]
        if numbering == "bottom_right":
            cells.reverse()
        self.squares: tuple[Square, ...] = tuple(
            Square(n, self._label(n, r, c), r, c) for n, (r, c) in enumerate(cells, start=1)
        )
        self.size = len(self.squares)
        # bit_index[number] is the square's bit; number_of[bit] maps back.
        self.bit_index: tuple[int, ...] = (-1,) + tuple(s.row * self.stride + s.col for s in self.squares)
        self.number_of: dict[int, int] = {b: n for n, b in enumerate(self.bit_index) if n}
        self.mask = 0
        for n in range(1, self.size + 1):
            self.mask |= 1 << self.bit_index[n]
        # The long diagonal, from White's bottom-left corner up to the right (the "main road"
        # of the Russian 7.2.7 and DDB draw rules).
        self.long_diagonal = 0
        for s in self.squares:
            if s.row + s.col == rows - 1:
                self.long_diagonal |= 1 << self.bit_index[s.number]
        self.top_row_mask = self._row_mask(0)
        self.bottom_row_mask = self._row_mask(rows - 1)
        self._by_label = {s.label: s.number for s in self.squares}
        # Algebraic labels are accepted on numeric boards too and vice versa: readers are lenient.
        for s in self.squares:
            self._by_label.setdefault(self.algebraic_label(s.row, s.col), s.number)
            self._by_label.setdefault(str(s.number), s.number)

    def _in_play(self, r: int, c: int, colouring: Colouring) -> bool:
        if colouring == "all":
            return True
        # "dark": White's bottom-left cell is a playing square (FMJD Annex 1 art. 2.3);
        # "inverted": it is not (Italian and Spanish boards, PDN invert flag 1).
        same_colour_as_bottom_left = (r + c) % 2 == (self.rows - 1) % 2
        return same_colour_as_bottom_left == (colouring == "dark")

    def _row_mask(self, row: int) -> int:
        m = 0
        for s in self.squares:
            if s.row == row:
                m |= 1 << self.bit_index[s.number]
        return m

    def algebraic_label(self, row: int, col: int) -> str:
        """``a1`` is White's bottom-left cell, as in chess."""
        return "abcdefghijklmnop"[col] + str(self.rows - row)

    def _label(self, number: int, row: int, col: int) -> str:
        return self.algebraic_label(row, col) if self.algebraic else str(number)

    def label(self, number: int) -> str:
        return self.squares[number - 1].label

    def number(self, text: str) -> int:
        """The square number of a label (``"32"`` or ``"e3"``); raises ``KeyError`` if none."""
        return self._by_label[text]

    def bit(self, number: int) -> int:
        """The bit of a playable square; raises :class:`InvalidSquareError` for any other value.

        >>> from draughts import Game
        >>> Game().geometry.bit(0)
        Traceback (most recent call last):
        ...
        draughts.errors.InvalidSquareError: square 0 is not on the board (1-50)
        """
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= self.size:
            raise InvalidSquareError(f"square {number!r} is not on the board (1-{self.size})")
        return 1 << self.bit_index[number]

    def numbers_of_mask(self, mask: int) -> list[int]:
        """Square numbers of the set bits of ``mask``, in ascending number order."""
        out = []
        number_of = self.number_of
        while mask:
            low = mask & -mask
            out.append(number_of[low.bit_length() - 1])
            mask ^= low
        out.sort()
        return out

    @property
    def dark_corner(self) -> str:
        """Which of White's bottom corners is a playing (dark) square: ``"left"``, ``"right"`` or ``"both"``."""
        if self.colouring == "all":
            return "both"
        return "left" if self.colouring == "dark" else "right"

    def to_dict(self) -> dict[str, object]:
        """What the page needs to draw the board, as JSON-ready data.

        >>> Geometry(8, 8, "inverted", "top_left", False).to_dict()["squares"][0]
        {'number': 1, 'label': '1', 'row': 0, 'col': 0}
        """
        return {
            "rows": self.rows, "cols": self.cols, "dark_corner": self.dark_corner,
            "algebraic": self.algebraic, "all_squares": self.colouring == "all",
            "squares": [{"number": s.number, "label": s.label, "row": s.row, "col": s.col} for s in self.squares],
        }

    def cell_index(self, row: int, col: int) -> int | None:
        """The bit index of a cell, or ``None`` when the cell is not a playing square."""
        if 0 <= row < self.rows and 0 <= col < self.cols:
            idx = row * self.stride + col
            if idx in self.number_of:
                return idx
        return None
