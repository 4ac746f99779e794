"""Draughts rules for every major variant, in pure Python: move generation, notation, draw rules.

>>> from draughts import Game
>>> game = Game("international")
>>> game.push_text("32-28")
Move(32-28)
>>> game.turn
<Colour.BLACK: 'black'>
"""

from __future__ import annotations

from .errors import (
    AmbiguousMoveError, DraughtsError, IllegalMoveError, InvalidArgumentError, InvalidFenError, InvalidSquareError,
    PdnError, UnknownVariantError,
)
from .game import Game, LegalMoves
from .move import Move
from .outcome import DrawCounter, Outcome, Termination
from .position import Colour, Position
from .rules import VARIANTS, RuleSet, get_rules, variant_keys

__version__ = "0.1.0"

__all__ = [
    "Game", "Move", "Position", "Colour", "Outcome", "Termination", "DrawCounter", "LegalMoves", "RuleSet", "VARIANTS",
    "get_rules",
    "variant_keys", "DraughtsError", "InvalidFenError", "IllegalMoveError", "AmbiguousMoveError",
    "InvalidSquareError", "InvalidArgumentError", "PdnError", "UnknownVariantError", "__version__",
]
