"""Zobrist keys: a 64-bit hash of a position, updated move by move in the search.

A key is the XOR of one random number per (colour, man or king, square) on the board, and one
more when Black is to move. The numbers come from a fixed seed, so CPython and Pyodide (and
two runs of either) give a position the same key: the search's results do not depend on
where it runs.
"""

from __future__ import annotations

import random

SEED = 20240601


class ZobristKeys:
    """The random numbers of one board size: ``table[colour][0 man / 1 king][bit]``."""

    def __init__(self, nbits: int) -> None:
        rng = random.Random(SEED)
        self.table = [[[rng.getrandbits(64) for _ in range(nbits)] for _ in range(2)] for _ in range(2)]
        self.side = rng.getrandbits(64)

    def key_of(self, pieces: tuple[int, int, int, int], turn: int) -> int:
        """The key of ``pieces`` (White's men, White's kings, Black's men, Black's kings)
        with ``turn`` (0 White, 1 Black) to move."""
        k = self.side if turn else 0
        for idx, mask in enumerate(pieces):
            numbers = self.table[idx >> 1][idx & 1]
            while mask:
                low = mask & -mask
                k ^= numbers[low.bit_length() - 1]
                mask ^= low
        return k
