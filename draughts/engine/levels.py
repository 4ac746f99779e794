"""Playing levels: a time budget, a depth cap and how fallible the opponent is.

The low levels are weak on purpose, in the ways a person is: they look only a move or two
ahead, misjudge positions (noise on every root move's score) and now and then play a move
without thinking at all. A beginner should beat level 1; level 7 plays as well as the
engine can in its time.

>>> [lv.name for lv in LEVELS][:3]
['First game', 'Beginner', 'Casual']
>>> level(7).depth
64
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    number: int  # 1..len(LEVELS)
    name: str
    depth: int  # deepest iteration
    seconds: float  # time budget per move
    noise: int  # standard deviation (centi-men) added to each root move's score; 0 = none
    random_move: float  # chance of playing a random legal move instead of thinking
    description: str


LEVELS: list[Level] = [
    Level(1, "First game", 1, 0.05, 250, 0.30, "looks one move ahead and often plays at random"),
    Level(2, "Beginner", 2, 0.10, 120, 0.12, "sees simple captures, misjudges positions"),
    Level(3, "Casual", 3, 0.25, 50, 0.04, "sees two-move tactics, still makes slips"),
    Level(4, "Club", 6, 0.5, 15, 0.0, "a careful club player"),
    Level(5, "Expert", 10, 1.0, 0, 0.0, "full strength at one second a move"),
    Level(6, "Master", 20, 3.0, 0, 0.0, "full strength at three seconds a move"),
    Level(7, "Strongest", 64, 8.0, 0, 0.0, "everything the engine has, eight seconds a move"),
]


def level(number: int) -> Level:
    """The level with this number; numbers outside the range are clamped."""
    return LEVELS[max(1, min(len(LEVELS), int(number))) - 1]
