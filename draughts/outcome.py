"""How a game ended (:class:`Outcome`) and the draw rules that are counting (:class:`DrawCounter`).

Both carry a :class:`~draughts.text.Message` for the player, not a sentence: the page shows it
in the player's language, and ``.reason``/``.text`` give the English.

>>> outcome = Outcome.resignation(Colour.WHITE)
>>> outcome.winner, outcome.termination, outcome.result
(<Colour.BLACK: 'black'>, <Termination.RESIGNATION: 'resignation'>, '0-1')
>>> outcome.reason
'White resigned.'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .position import Colour
from .text import Message, message, render


class Termination(str, Enum):
    """How a game ended."""

    NO_MOVES = "no_moves"
    CROWNED = "crowned"  # Breakthrough: the first king wins
    REPETITION = "repetition"
    QUIET_MOVES = "quiet_moves"
    ENDGAME = "endgame"
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"
    TIME = "time"
    RECORDED = "recorded"  # an imported game's result, its record saying no more of how it ended

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Outcome:
    winner: Colour | None  # None for a draw
    termination: Termination
    message: Message  # the sentence for the player
    rule: str  # the article or source that decided it

    @property
    def reason(self) -> str:
        """The sentence in English."""
        return render(self.message)

    @property
    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return {Colour.WHITE: "1-0", Colour.BLACK: "0-1", None: "1/2-1/2"}[self.winner]

    # The results the players declare; the board decides the others.
    @classmethod
    def resignation(cls, loser: Colour) -> "Outcome":
        return cls(loser.opponent, Termination.RESIGNATION,
                   message("outcome.resignation", loser=colour_name(loser)), "FMJD Annex 1, 7.1")

    @classmethod
    def agreement(cls) -> "Outcome":
        return cls(None, Termination.AGREEMENT, message("outcome.agreement"), "FMJD Annex 1, 6.5")

    @classmethod
    def time_out(cls, loser: Colour) -> "Outcome":
        return cls(loser.opponent, Termination.TIME, message("outcome.time", loser=colour_name(loser)),
                   "FMJD Rules, 7.1 (time control)")

    @classmethod
    def recorded(cls, winner: Colour | None) -> "Outcome":
        """A result a game's record gives without saying how (a PDN game that ends ``2-0``)."""
        return cls(winner, Termination.RECORDED, message("pf_outcome_recorded"), "PDN [Result]")

    def to_dict(self) -> dict[str, object]:
        return {"winner": self.winner.value if self.winner else None, "termination": self.termination.value,
                "reason": self.reason,
                "message": self.message.to_dict(), "rule": self.rule, "result": self.result}


def colour_name(colour: Colour) -> Message:
    return message(colour.value)  # the catalogue's "white"/"black": "White", "Weiß", ...


@dataclass(frozen=True)
class DrawCounter:
    name: str  # a stable id: "quiet_moves", "fmjd-6.3", ...
    plies: int  # plies counted so far
    limit_plies: int
    message: Message  # "only kings: 12 of 25 moves"
    source: str

    @property
    def text(self) -> str:
        """The counter in English."""
        return render(self.message)

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "plies": self.plies, "limit": self.limit_plies, "text": self.text,
                "message": self.message.to_dict(), "source": self.source}
