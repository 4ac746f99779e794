"""Playing levels: how deep and how long the engine looks, and how fallible it is.

The low levels are weak on purpose, in the ways a person is: they look only a move or two
ahead and misjudge positions (noise on every root move's score), but they never leave a piece
to a one-move capture: the search always follows captures to the end. Level 1 beats a random
mover (80-0, and 40-0 again with the patterns) and misses the shots that need more than one
move of its own; each level above scores 65-85 % against the one below
(``bench/engine_ladder.py --games 100 --openings bench/openings/international.txt
--time-scale 0.0625``: International with the patterns of men refitted on three self-play
runs, 100 games a pair from 50 openings, colours swapped, level 8 at half a second a move):
1 v 0 100 %, 2 v 1 74.0 %, 3 v 2 79.5 %, 4 v 3 80.0 %, 5 v 4 83.0 %, 6 v 5 77.5 %, 7 v 6 84.0 %,
8 v 7 80.0 %. With that table and the budgets before (level 3's noise 50, level 4 at 800
positions) level 4 scored 88.5 % against level 3; at 700 positions 78.5 %, but then level 5
scored 89.0 % against it (87.0 % with level 5 at 1,600): a node level's score moves by some
ten points for a tenth of its budget, about the noise of 100 games. Earlier, with the second
table, levels 4-7 went from 1,000, 2,500, 8,000 and 20,000 positions to 800, 1,800, 4,500 and
15,000. Level 2's noise is 35 (was 45, and 60 before that), level 3's 45 (was 70, then 50). From
level 4 up a level is a node budget, so it plays the same in the browser as in CPython, with a
time cap in case the machine is very slow; level 8 is a time budget, everything the engine has.
Level 7 fills the gap below it: at half a second a move the strongest level scored 95 % (+36
=4 -0) against level 6, a wall for whoever had just beaten level 6.

>>> [lv.name for lv in LEVELS][:3]
['First game', 'Beginner', 'Casual']
>>> level(8).depth
64
>>> from draughts.text import render
>>> render(level(5).about), render(level(5).about, "de")
('solid: weighs about 1,800 positions a move', 'solide: prüft etwa 1.800 Stellungen pro Zug')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text import Message, message, render


@dataclass(frozen=True)
class Level:
    number: int  # 1..len(LEVELS)
    depth: int  # deepest iteration
    seconds: float  # time budget per move
    noise: int  # standard deviation (centi-men) added to each root move's score; 0 = none
    random_move: float  # chance of playing a random legal move instead of thinking
    nodes: int | None = None  # node budget per move (machine-independent strength); None: time only

    @property
    def title(self) -> Message:
        """The level's name as a catalogue message (``level.name.<number>``)."""
        return message(f"level.name.{self.number}")

    @property
    def name(self) -> str:
        """The level's name in English."""
        return render(self.title)

    @property
    def about(self) -> Message:
        """What the level is, in a sentence (``level.about.<number>``, given its node budget)."""
        if self.nodes is None:
            return message(f"level.about.{self.number}")
        return message(f"level.about.{self.number}", nodes=self.nodes)


LEVELS: list[Level] = [  # number, depth, seconds, noise, random_move, nodes
    Level(1, 1, 0.5, 10, 0.0),
    Level(2, 2, 0.5, 35, 0.0),
    Level(3, 3, 1.0, 45, 0.0),
    Level(4, 64, 2.0, 0, 0.0, nodes=750),
    Level(5, 64, 4.0, 0, 0.0, nodes=1_800),
    Level(6, 64, 6.0, 0, 0.0, nodes=4_500),
    Level(7, 64, 8.0, 0, 0.0, nodes=15_000),
    Level(8, 64, 8.0, 0, 0.0),
]


def level(number: int) -> Level:
    """The level with this number; numbers outside the range are clamped."""
    return LEVELS[max(1, min(len(LEVELS), int(number))) - 1]
