"""The public :class:`Move`: what a player sees of a generated move."""

from __future__ import annotations

from operator import itemgetter

from .geometry import Geometry
from .movegen import RawMove


class Move:
    """A legal move: origin, destination, the squares it lands on and the pieces it takes.

    Two moves are equal when they have the same origin, destination and set of captured
    squares (RULES.md: legal moves are unique by these), whatever route they took.
    """

    __slots__ = ("origin", "destination", "path", "captures", "promotes", "by_king", "raw")
    # Declared for the type checker; _fill sets them (moves_of builds moves without __init__).
    origin: int
    destination: int
    path: tuple[int, ...]  # the origin, then each square it lands on
    captures: tuple[int, ...]  # in capture order
    promotes: bool
    by_king: bool
    raw: RawMove

    def __init__(self, raw: RawMove, geometry: Geometry) -> None:
        _fill(self, raw, geometry.number_of)

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def _key(self) -> tuple[int, int, frozenset[int]]:
        return (self.origin, self.destination, frozenset(self.captures))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Move):
            return False
        # Cheap tests first: most moves differ in origin or destination.
        if self.origin != other.origin or self.destination != other.destination:
            return False
        return self.captures == other.captures or frozenset(self.captures) == frozenset(other.captures)

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        sep = "x" if self.captures else "-"
        route = sep.join(str(s) for s in self.path)
        return f"Move({route}{', takes ' + ','.join(map(str, self.captures)) if self.captures else ''})"

    def to_dict(self) -> dict[str, object]:
        return {
            "from": self.origin, "to": self.destination, "path": list(self.path),
            "captures": list(self.captures), "promotes": self.promotes,
        }


# The order legal moves are shown in: origin, destination, route (RULES.md). On a raw
# tuple, as bits: the same order where square numbers grow with the bit index.
ROUTE_ORDER = itemgetter(0, 1, 3)


def display_order(move: Move) -> tuple[int, int, tuple[int, ...]]:
    return move.origin, move.destination, move.path


def _fill(move: Move, raw: RawMove, number_of: dict[int, int]) -> None:
    frm, to, captured, path, order, promotes, by_king = raw
    origin = number_of[frm]
    destination = number_of[to]
    move.origin = origin
    move.destination = destination
    if captured:
        move.path = tuple([number_of[b] for b in path])  # origin, then each landing
        move.captures = tuple([number_of[b] for b in order])  # in capture order
    else:
        move.path = (origin, destination)
        move.captures = ()
    move.promotes = promotes
    move.by_king = by_king
    move.raw = raw


def moves_of(raws: list[RawMove], geometry: Geometry) -> list[Move]:
    """``[Move(raw, geometry) for raw in raws]`` without a constructor call per move."""
    number_of = geometry.number_of
    new = Move.__new__
    out = []
    for raw in raws:
        move = new(Move)
        _fill(move, raw, number_of)
        out.append(move)
    return out
