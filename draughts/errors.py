"""The errors the library raises on bad input. Each is a :class:`ValueError`.

Every error says what was wrong and where: a character offset for FEN, a line and
column for PDN, the candidate moves for an ambiguous move.
"""

from __future__ import annotations


class DraughtsError(ValueError):
    """Base class of every input error of this library.

    ``detail`` is the same sentence as a catalogue message (draughts.text.Message) where the
    raiser gives one, so that a page can say it in the player's language; ``None`` otherwise.
    """

    detail: object = None


class InvalidFenError(DraughtsError):
    """A FEN or Hub position string that cannot be read."""

    def __init__(self, message: str, fen: str = "", position: int | None = None, detail: object = None) -> None:
        self.fen = fen
        self.position = position
        self.detail = detail
        where = f" at character {position + 1}" if position is not None else ""
        super().__init__(f"invalid FEN{where}: {message}" + (f" (in {fen!r})" if fen else ""))


class IllegalMoveError(DraughtsError):
    """A move that is not legal in the position, or a move string that names none."""


class AmbiguousMoveError(IllegalMoveError):
    """A short move string that matches several legal moves; ``candidates`` lists them."""

    def __init__(self, message: str, candidates: list[str]) -> None:
        self.candidates = candidates
        super().__init__(f"{message}; write one of: {', '.join(candidates)}")


class PdnError(DraughtsError):
    """A PDN text that cannot be read, with the line and column of the problem."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.line = line
        self.column = column
        where = ""
        if line is not None:
            where = f" at line {line}" + (f", column {column}" if column is not None else "")
        super().__init__(f"invalid PDN{where}: {message}")


class InvalidSquareError(DraughtsError):
    """A square number that is not one of the board's playable squares."""


class InvalidArgumentError(DraughtsError, TypeError):
    """An argument of the wrong type (a number where a variant name belongs, ``None`` for a
    move): a :class:`TypeError` as much as an input error, so either ``except`` catches it."""


class UnknownVariantError(DraughtsError):
    """A variant key, alias or draw-rule preset that the library does not know."""


class IllegalSetupError(DraughtsError):
    """A set-up position that cannot be played (a man on its promotion row, too many pieces,
    no move for the side to move...); ``problems`` holds every reason as a catalogue message."""

    def __init__(self, problems: list[object], text: str) -> None:
        self.problems = problems
        super().__init__(f"this set-up cannot be played: {text}")
