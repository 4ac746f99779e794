"""A PDN file of many games, read a part at a time: the page asks for the next part until the
whole text is read, and shows its progress meanwhile; each game is summed up for a list to
choose from (players, event, date, result, variant), and the chosen one is opened by its number.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from draughts import PdnError
from draughts.notation.pdn import PdnGame, each_game, result_for

# How long one request reads before it answers with what it has: short enough that the page's
# progress moves several times a second, long enough that the requests cost little.
PART_SECONDS = 0.15


@dataclass(frozen=True)
class GameSummary:
    """One game of the file as the list shows it; ``variant`` is '' where the tags name none
    this package plays (the game can't be opened, and ``problem`` says why)."""

    index: int
    white: str
    black: str
    event: str
    date: str
    result: str
    variant: str
    plies: int
    problem: str = ""

    @classmethod
    def of(cls, index: int, game: PdnGame) -> "GameSummary":
        tags = game.tags
        variant, problem, result = "", "", game.result
        try:
            rules = game.rules()
            variant, result = rules.name, result_for(rules, game.result)
        except PdnError as error:
            problem = str(error)
        return cls(index, tags.get("White", "?"), tags.get("Black", "?"), tags.get("Event", "?"),
                   tags.get("Date", "?"), result, variant, len(game.main_line.moves), problem)


@dataclass(frozen=True)
class GameListPart:
    """The games read by one request, and how far the reading is (0..1)."""

    games: list[GameSummary]
    done: bool
    share: float


class PdnLibrary:
    """The games of one PDN text, read on demand a part at a time."""

    def __init__(self, text: str) -> None:
        self.games: list[PdnGame] = []
        self._reading: Iterator[tuple[PdnGame, float]] = each_game(text)
        self.done = False
        self.share = 0.0

    def read_part(self, seconds: float = PART_SECONDS) -> GameListPart:
        """Read on for about ``seconds``; a fault in the text raises PdnError with its place."""
        found: list[GameSummary] = []
        stop = time.monotonic() + seconds
        while not self.done and time.monotonic() < stop:
            try:
                game, self.share = next(self._reading)
            except StopIteration:
                self.done, self.share = True, 1.0
                break
            found.append(GameSummary.of(len(self.games), game))
            self.games.append(game)
        return GameListPart(found, self.done, self.share)

    def game(self, index: int) -> PdnGame:
        if not 0 <= index < len(self.games):
            raise PdnError(f"there is no game number {index + 1} in the file ({len(self.games)} read)")
        return self.games[index]
