"""The position: four bitboards and the side to move, and the one way to apply a move.

Bitboards are plain ints on the padded layout of :mod:`draughts.geometry` (white men, white
kings, black men, black kings). Code that searches (the engine, puzzles, perft's reference
walk) works side-relative: the mover's men and kings, then the opponent's. :func:`play` is
that form of applying a move; :meth:`Position.after` is the same for a whole position, and
every other module that needs a position after a move calls one of the two.

>>> from draughts import Game
>>> game = Game()
>>> position = game.position
>>> position.turn, len(position.pieces)
(<Colour.WHITE: 'white'>, 4)
>>> move = game.parse_move("32-28")
>>> position.after(move.raw).turn
<Colour.BLACK: 'black'>
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .movegen import BLACK, WHITE, RawMove

Pieces = tuple[int, int, int, int]  # white men, white kings, black men, black kings
Sides = tuple[int, int, int, int]  # the mover's men and kings, then the opponent's


class Colour(str, Enum):
    """A side; string-valued, so it reads and compares as ``"white"``/``"black"`` in JSON."""

    WHITE = "white"
    BLACK = "black"

    @property
    def index(self) -> int:  # type: ignore[override]  # str.index is not needed on a colour
        """0 for White, 1 for Black: the move generator's and the bitboards' order."""
        return WHITE if self is Colour.WHITE else BLACK

    @property
    def opponent(self) -> "Colour":
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    @classmethod
    def of_index(cls, index: int) -> "Colour":
        return COLOURS[index]

    def __str__(self) -> str:
        return self.value


COLOURS = (Colour.WHITE, Colour.BLACK)


def play(raw: RawMove, om: int, ok: int, pm: int, pk: int) -> Sides:
    """The bitboards after ``raw``, side-relative and swapped: the opponent is to move.

    A capture may end on its own origin, so a piece is taken off its origin before it is put
    on its destination, never moved by one exclusive or of both.
    """
    frm, to, captured, _path, _order, promotes, by_king = raw
    fb, tb = 1 << frm, 1 << to
    if by_king:
        ok = (ok & ~fb) | tb
    elif promotes:
        om ^= fb
        ok |= tb
    else:
        om = (om ^ fb) | tb
    if captured:
        return pm & ~captured, pk & ~captured, om, ok
    return pm, pk, om, ok


class Position(NamedTuple):
    """Where the pieces stand and who is to move; hashable, so it serves as a repetition key."""

    pieces: Pieces
    turn: Colour

    def sides(self) -> Sides:
        """The side to move's men and kings, then the opponent's."""
        wm, wk, bm, bk = self.pieces
        return (wm, wk, bm, bk) if self.turn is Colour.WHITE else (bm, bk, wm, wk)

    def after(self, raw: RawMove) -> "Position":
        """The position after a move generated for this one."""
        pm, pk, om, ok = play(raw, *self.sides())
        if self.turn is Colour.WHITE:
            return Position((om, ok, pm, pk), Colour.BLACK)
        return Position((pm, pk, om, ok), Colour.WHITE)

    def occupied(self) -> int:
        wm, wk, bm, bk = self.pieces
        return wm | wk | bm | bk


__all__ = ["Colour", "COLOURS", "Pieces", "Position", "Sides", "play"]
