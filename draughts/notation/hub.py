"""Scan's Hub protocol notation: position strings and move strings, in and out.

A Hub position is one character for the side to move (``W``/``B``) and then one character
per playing square in square-number order: ``w`` white man, ``b`` black man, ``W`` white
king, ``B`` black king, ``e`` empty (scan-wasm ``fen.cpp``, ``Pieces = "wbWBe"``; lidraughts
``exportScanPosition``). The same form serves any board size: 51 characters on 10x10,
33 on 8x8 (pydraughts' "hub fen"), 65 on the Turkish board, 73 on 12x12.

A Hub move is ``from-to`` for a quiet move and ``fromxtoxcap1xcap2...`` for a capture, the
captured squares in ascending order (scan-wasm ``move.cpp``). It names the move by its
squares, not by its route, so it never needs a long form. Source: ``docs/rules/notation.md`` §2-3.

>>> from draughts import Game
>>> game = Game()
>>> hub_position(game)
'Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww'
>>> game = Game.from_hub("W" + "e" * 21 + "b" + "e" * 5 + "w" + "e" * 22)
>>> [hub_move(game, m) for m in game.legal_moves]
['28x17x22']
>>> parse_hub_move(game, "28x17x22").path
(28, 17)
"""

from __future__ import annotations

import re

from ..errors import IllegalMoveError, InvalidFenError
from ..movegen import generator_for
from ..move import Move
from ..position import Colour
from .moves import hub_text
from ..rules import RuleSet, get_rules
from .view import GameView

__all__ = ["hub_position", "hub_move", "parse_hub_move", "hub_fen"]

_PIECE_CHARS = "wWbB"  # the order of Game.pieces: white men, white kings, black men, black kings
# Strict Hub move: plain square numbers without leading zeros, '-' for a quiet move and 'x'
# between every square of a capture.
_NUMBER = r"(?:[1-9][0-9]{0,5})"
_HUB_QUIET = re.compile(rf"({_NUMBER})-({_NUMBER})")
_HUB_CAPTURE = re.compile(rf"{_NUMBER}(?:x{_NUMBER}){{2,}}")


def hub_position(game: GameView) -> str:
    """The Hub position string of ``game``'s current position.

    >>> from draughts import Game
    >>> hub_position(Game("english"))
    'Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww'
    """
    board = game.board()
    side = "W" if game.turn is Colour.WHITE else "B"
    return side + "".join(board.get(n, "e") for n in range(1, game.geometry.size + 1))


def hub_fen(pos: str, variant: str | RuleSet = "international") -> str:
    """The FEN of a Hub position string; raises :class:`InvalidFenError` with the character.

    >>> hub_fen("B" + "e" * 40 + "b" + "e" * 8 + "W")
    'B:WK50:B41'
    >>> try:
    ...     hub_fen("W" + "e" * 51)
    ... except InvalidFenError as exc:
    ...     exc.position
    51
    """
    rules = get_rules(variant)
    if not isinstance(pos, str):
        raise InvalidFenError("a Hub position must be a string")
    text = pos.strip()
    lead = len(pos) - len(pos.lstrip())  # positions are counted in the string as given
    geometry = generator_for(rules).geometry  # built once per rule set, shared with every game
    size = geometry.size
    if not text:
        raise InvalidFenError("the Hub position is empty", pos, lead)
    if text[0] not in "WB":
        raise InvalidFenError(f"a Hub position starts with the side to move, W or B, not {text[0]!r}", pos, lead)
    if len(text) != size + 1:
        where = min(len(text), size + 1)
        raise InvalidFenError(
            f"a Hub position for {rules.key} has {size + 1} characters (W or B, then one per square 1-{size}),"
            f" not {len(text)}", pos, lead + where)
    lists: dict[str, list[str]] = {"W": [], "B": []}
    for n, char in enumerate(text[1:], start=1):
        if char == "e":
            continue
        if char not in _PIECE_CHARS:
            raise InvalidFenError(f"square {n}: {char!r} is not one of w b W B e", pos, lead + n)
        white = char in "wW"
        king = char.isupper()
        bit = geometry.bit(n)
        # Checked here rather than left to the FEN reader so the error points into the Hub string.
        if not king and bit & (geometry.top_row_mask if white else geometry.bottom_row_mask):
            raise InvalidFenError(f"a {'white' if white else 'black'} man on its promotion row (square {n})"
                                  " should be a king", pos, lead + n)
        lists["W" if white else "B"].append(("K" if king else "") + str(n))
    return f"{text[0]}:W{','.join(lists['W'])}:B{','.join(lists['B'])}"


def hub_move(game: GameView, move: Move) -> str:
    """The Hub string of a legal move of ``game``: ``32-28``, or ``28x19x23`` (from, to, taken).

    >>> from draughts import Game
    >>> hub_move(Game(), Game().parse_move("32-28"))
    '32-28'
    """
    if move not in game.legal_moves:
        raise IllegalMoveError(f"{move!r} is not a legal move in {game.fen()}")
    return hub_text(game, move)


def parse_hub_move(game: GameView, text: str) -> Move:
    """The legal move named by a strict Hub move string; raises :class:`IllegalMoveError`.

    Strict means: square numbers (no algebraic labels, no leading zeros), ``-`` for a
    quiet move, ``x`` between the origin, the destination and each captured square, and
    every captured square listed exactly once. Scan keeps a move as a set of squares, so
    the captured squares may come in any order; writers put them in ascending order.

    >>> from draughts import Game
    >>> parse_hub_move(Game(), "32-28")
    Move(32-28)
    >>> parse_hub_move(Game(), "32x28")
    Traceback (most recent call last):
    ...
    draughts.errors.IllegalMoveError: '32x28' is not a Hub move: write 32-28 for a move, 28x19x23 (from, to, captured squares) for a capture
    """
    if not isinstance(text, str):
        raise IllegalMoveError(f"a Hub move must be a string, not {type(text).__name__}")
    s = text.strip()
    quiet = _HUB_QUIET.fullmatch(s)
    if quiet:
        origin, destination = int(quiet.group(1)), int(quiet.group(2))
        captured: list[int] = []
    elif _HUB_CAPTURE.fullmatch(s):
        numbers = [int(t) for t in s.split("x")]
        origin, destination, captured = numbers[0], numbers[1], numbers[2:]
    else:
        raise IllegalMoveError(f"{text!r} is not a Hub move: write 32-28 for a move, 28x19x23"
                               " (from, to, captured squares) for a capture")
    size = game.geometry.size
    for n in (origin, destination, *captured):
        if n > size:
            raise IllegalMoveError(f"{text!r}: square {n} is off the board (1-{size})")
    if len(set(captured)) != len(captured):
        raise IllegalMoveError(f"{text!r} lists a captured square twice")
    wanted = frozenset(captured)
    for move in game.legal_moves:
        if move.origin == origin and move.destination == destination and frozenset(move.captures) == wanted:
            return move
    from .moves import explain_illegal

    if captured and any(m.origin == origin and m.destination == destination for m in game.legal_moves):
        reason = "no legal move between these squares takes exactly those pieces"
    else:
        reason = explain_illegal(game, origin, destination)
    raise IllegalMoveError(f"{s} is not legal here: {reason}")
