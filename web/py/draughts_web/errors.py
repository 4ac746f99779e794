"""Why a request is refused, beside the rules' own errors in :mod:`draughts.errors`.

Every one is a :class:`ValueError`, like the rules' errors: the error reply names the class, so
the page can tell a stale click from a mistyped FEN, and the board it came from is unchanged.
"""

from __future__ import annotations


class RequestError(ValueError):
    """Base class of the errors the page's Python raises itself."""


class BadRequestError(RequestError):
    """A request that is not valid JSON, lacks a field, or has a field of the wrong type."""


class UnknownMethodError(RequestError):
    """A method name that is not in the method table."""


class StalePositionError(RequestError):
    """A move sent for a position the board has left (a double click, a slow page)."""


class GameOverError(RequestError):
    """A move, hint or draw offer after the game has ended."""


class BadSaveError(RequestError):
    """A saved game that cannot be replayed (another format, or a move that is not legal)."""
