"""The public :class:`Move`: what a player sees of a generated move."""

from __future__ import annotations

from .geometry import Geometry
from .movegen import RawMove


class Move:
    """A legal move: origin, destination, the squares it lands on and the pieces it takes.

    Two moves are equal when they have the same origin, destination and set of captured
    squares (RULES.md: legal moves are unique by these), whatever route they took.
    """

    __slots__ = ("origin", "destination", "path", "captures", "promotes", "by_king", "raw")

    def __init__(self, raw: RawMove, geometry: Geometry) -> None:
        number_of = geometry.number_of
        frm, to, _captured, path, order, promotes, by_king = raw
        self.origin: int = number_of[frm]
        self.destination: int = number_of[to]
        self.path: tuple[int, ...] = tuple(number_of[b] for b in path)  # origin, then each landing
        self.captures: tuple[int, ...] = tuple(number_of[b] for b in order)  # in capture order
        self.promotes: bool = promotes
        self.by_king: bool = by_king
        self.raw: RawMove = raw

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def _key(self) -> tuple[int, int, frozenset[int]]:
        return (self.origin, self.destination, frozenset(self.captures))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._key() == other._key()

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
