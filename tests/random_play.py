"""Games of random legal moves: the positions many tests walk (openings, middle games, endings,
captures pending), written once."""

from __future__ import annotations

import random
from collections.abc import Iterator

from draughts import Game


def random_playout(variant: str, rng: random.Random, low: int, high: int, **options: object) -> Iterator[Game]:
    """The start position, then the position after each of ``low``..``high`` random legal moves
    (fewer if the game ends first). The same :class:`Game` is yielded each time: copy what you keep.
    The moves are drawn from ``rng`` as the playout advances, so a caller may draw from it in between."""
    game = Game(variant, **options)  # type: ignore[arg-type]
    yield game
    for _ in range(rng.randint(low, high)):
        moves = list(game.legal_moves)
        if not moves or game.outcome() is not None:
            return
        game.push(rng.choice(moves))
        yield game


def random_game(variant: str, rng: random.Random, low: int, high: int, **options: object) -> Game:
    """The game at the end of :func:`random_playout`."""
    game = None
    for game in random_playout(variant, rng, low, high, **options):
        pass
    assert game is not None
    return game
