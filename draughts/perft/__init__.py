"""Perft: count the move paths of a given depth, the standard check of a move generator.

    >>> from draughts import Game
    >>> from draughts.perft import perft
    >>> [perft(Game("international"), d) for d in range(1, 5)]
    [9, 81, 658, 4265]

Counts unique moves (RULES.md), straight on the bitboards: no :class:`~draughts.move.Move`
objects, and the last plies are counted without listing their moves (bulk counting).

* :mod:`draughts.perft.sides` puts together, per side to move, ``count``, ``children`` and
  a two-ply count; their hot parts are generated per rule set
  (:mod:`draughts.perft.codegen` writes ``draughts/perft/generated/``, checked in).
* Captures come from the generator's one capture search, without building routes where
  the rules let a capture's origin, destination and captured pieces say it all.
* Rules whose legality depends on history (a limit on quiet moves with one king) walk
  with :func:`draughts.position.play`, the one way to apply a move.

Hash tables (caching counts of subtrees) are deliberately not used: perft measures the
move generator. tests/test_perft.py checks every walk against published counts, and the
bulk counts against the full generator on positions from random playouts.
"""

from __future__ import annotations

from typing import Callable, Iterable, Protocol

from ..move import Move
from ..movegen import BLACK, WHITE, MoveGenerator
from ..position import Position, play
from ..rules import RuleSet
from .sides import Count, Side, sides


class Counted(Protocol):
    """What perft counts from: a position, its rules and generator, and (Frisian) the kings'
    streaks. :class:`draughts.Game` is one; perft does not import it, the game imports perft."""

    rules: RuleSet
    generator: MoveGenerator

    @property
    def position(self) -> Position: ...

    @property
    def king_streak(self) -> tuple[tuple[int, int], tuple[int, int]]: ...


class Divided(Counted, Protocol):
    """A game that :func:`divide` can play each legal move on and take it back."""

    @property
    def legal_moves(self) -> Iterable[Move]: ...

    def move_text(self, move: Move) -> str: ...

    def push(self, move: Move) -> None: ...

    def pop(self) -> Move: ...


def perft(game: Counted, depth: int) -> int:
    """The number of move paths ``depth`` plies deep from the game's position."""
    if depth < 0:
        raise ValueError("perft depth must be 0 or more")
    if depth == 0:
        return 1
    if game.rules.max_same_king_moves is not None:
        return _perft_streak(game, depth)
    position = game.position
    fast = fast_perft(game.generator, game.rules.forced_capture)
    return fast.perft(*position.sides(), position.turn.index, depth)


def divide(game: Divided, depth: int) -> list[tuple[str, int]]:
    """Each legal move's PDN with the perft count below it."""
    out = []
    for move in list(game.legal_moves):
        text = game.move_text(move)
        game.push(move)
        out.append((text, perft(game, depth - 1)))
        game.pop()
    return out


_FAST: dict[tuple[int, bool], "FastPerft"] = {}


def fast_perft(gen: MoveGenerator, forced: bool) -> "FastPerft":
    """The perft walk of one generator, built on first use and kept."""
    key = (id(gen), forced)
    fast = _FAST.get(key)
    if fast is None or fast.gen is not gen:
        fast = _FAST[key] = FastPerft(gen, forced)
    return fast


Walk = Callable[[int, int, int, int, int], int]


class FastPerft:
    """The walk over bare bitboards, one recursive function per side to move."""

    def __init__(self, gen: MoveGenerator, forced: bool) -> None:
        self.gen = gen
        self.forced = forced
        self.sides = sides(gen, forced)
        walks: list[Walk] = []
        for colour in (WHITE, BLACK):
            walks.append(_walk(self.sides[colour], self.sides[colour ^ 1].two, walks, colour ^ 1))
        self._walks = walks

    def perft(self, om: int, ok: int, pm: int, pk: int, colour: int, depth: int) -> int:
        """Leaves ``depth`` plies below the position with ``colour``'s men ``om`` and kings ``ok`` to move."""
        if depth == 0:
            return 1
        if depth == 1:
            return self.sides[colour].moves(om, ok, pm, pk)
        return self._walks[colour](om, ok, pm, pk, depth)


def _walk(side: Side, two_next: Count, walks: list[Walk], nxt: int) -> Walk:
    """One side's recursion (so that neither tests whose turn it is); ``walks[nxt]`` is the
    other's, ``two_next`` its two-ply count (called straight from three plies up)."""
    children, two = side.children, side.two

    def walk(om: int, ok: int, pm: int, pk: int, depth: int) -> int:
        total = 0
        if depth == 3:
            for a, b, c, d in children(om, ok, pm, pk):
                total += two_next(a, b, c, d)
            return total
        if depth == 2:
            return two(om, ok, pm, pk)
        deeper = walks[nxt]
        depth -= 1
        for a, b, c, d in children(om, ok, pm, pk):
            total += deeper(a, b, c, d, depth)
        return total

    return walk


def _perft_streak(game: Counted, depth: int) -> int:
    """Perft for rules whose legality depends on history: a king that has made the most
    quiet moves in a row allowed may not make another (Frisian). Each side's streak,
    (king bit, quiet moves in a row), goes down the walk as the Game keeps it."""
    position = game.position
    colour = position.turn.index
    gen = game.generator
    forced = game.rules.forced_capture
    limit = game.rules.max_same_king_moves
    assert limit is not None
    generate = gen.generate

    def walk(om: int, ok: int, pm: int, pk: int, colour: int, depth: int,
             streak: tuple[int, int], other: tuple[int, int]) -> int:
        moves = generate(om, ok, pm, pk, colour, forced, streak[0] if streak[1] >= limit else 0)
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            npm, npk, nm, nk = play(move, om, ok, pm, pk)
            frm, to, cap, by_king = move[0], move[1], move[2], move[6]
            if by_king and not cap and nm:
                new = (1 << to, streak[1] + 1 if streak[0] == 1 << frm else 1)
            else:
                new = (0, 0)
            total += walk(npm, npk, nm, nk, colour ^ 1, depth - 1, other, new)
        return total

    mine, theirs = game.king_streak[colour], game.king_streak[colour ^ 1]
    return walk(*position.sides(), colour, depth, mine, theirs)


__all__ = ["perft", "divide", "fast_perft", "FastPerft"]
