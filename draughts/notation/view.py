"""What the notation needs to know of a game, as a protocol, so notation never imports it.

Move strings are read and written against the legal moves of a position: a short form is
ambiguous only among them, and an illegal move is explained from them. :class:`draughts.Game`
satisfies :class:`GameView`; notation depends on this protocol and on positions and rules,
and the game layer above it imports notation, never the other way round.
"""

from __future__ import annotations

from typing import Iterable, Protocol

from ..geometry import Geometry
from ..move import Move
from ..position import Colour
from ..rules import RuleSet


class GameView(Protocol):
    """A position with its rules, its board geometry and its legal moves."""

    rules: RuleSet
    geometry: Geometry

    @property
    def legal_moves(self) -> Iterable[Move]: ...

    @property
    def turn(self) -> Colour: ...

    def board(self) -> dict[int, str]: ...

    def piece_at(self, number: int) -> str | None: ...

    def fen(self) -> str: ...


__all__ = ["GameView"]
