"""Move strings: PDN short and long forms, and Hub moves, in and out.

PDN (``docs/rules/notation.md`` §3): a quiet move is ``32-28``, a capture ``28x19``
(``:`` in Russian). Where two legal captures share origin and destination the long form
lists every landing square, ``47x38x24x13x36``; readers accept the long form always and
either separator, and any route that plays the move (another program may have kept another
route over the same pieces). Hub (Scan): ``from x to x captured...`` with the captured
squares in ascending order.

>>> from draughts import Game
>>> game = Game(fen="W:WK37:B9,13,17,32")
>>> [move_text(game, m) for m in game.legal_moves][:2]
['37x14x3x21', '37x19x8x21']
>>> parse_move(game, "37x21")
Traceback (most recent call last):
...
draughts.errors.AmbiguousMoveError: 37x21 is ambiguous; write one of: 37x14x3x21, 37x19x8x21
"""

from __future__ import annotations

import re
from ..errors import AmbiguousMoveError, IllegalMoveError
from ..move import Move
from ..text import Message, message
from .view import GameView

_TOKEN = re.compile(r"[0-9]+|[a-pA-P][0-9]+")
_SQUARE = r"(?:[0-9]+|[a-pA-P][0-9]+)"
_ALGEBRAIC = r"[a-pA-P][0-9]+"
# Squares joined by '-', 'x' or ':'; between algebraic squares the separator may be left
# out ("a3b4", PDN 3.0 grammar, explanation of alpha-numeric moves).
_MOVE = re.compile(rf"^\s*(?:{_SQUARE}(?:\s*[-x:×]\s*{_SQUARE})+|{_ALGEBRAIC}(?:(?:\s*[-x:×]\s*)?{_ALGEBRAIC})+)"
                   r"\s*(?:[!?+#]*|\([!?]+\))\s*$")


def _separator(game: GameView, move: Move) -> str:
    return game.rules.capture_separator if move.captures else "-"


def _join(game: GameView, move: Move, squares: tuple[int, ...]) -> str:
    label = game.geometry.label
    return _separator(game, move).join(label(s) for s in squares)


def move_text(game: GameView, move: Move) -> str:
    """The PDN of a legal move of ``game``: short form unless another move shares its ends."""
    twins = [m for m in game.legal_moves if m.origin == move.origin and m.destination == move.destination]
    if len(twins) > 1:
        return long_text(game, move)
    return _join(game, move, (move.origin, move.destination))


def long_text(game: GameView, move: Move) -> str:
    """Every landing square: origin, each square the piece stops on, destination."""
    return _join(game, move, move.path)


def hub_text(game: GameView, move: Move) -> str:
    """Scan's Hub form: ``28x19x23`` = from 28 to 19 taking 23 (captured squares ascending)."""
    if not move.captures:
        return f"{move.origin}-{move.destination}"
    return "x".join(str(s) for s in (move.origin, move.destination, *sorted(move.captures)))


def parse_move(game: GameView, text: str) -> Move:
    """The legal move named by a PDN short or long form (or a Hub capture string)."""
    if not isinstance(text, str):
        raise IllegalMoveError(f"a move must be a string, not {type(text).__name__}")
    m = _MOVE.match(text)
    if not m:
        raise IllegalMoveError(f"{text!r} is not a move: write it like 32-28 or 28x19")
    tokens = _TOKEN.findall(text)
    g = game.geometry
    try:
        # The PDN reading grammar allows a leading zero ("01-07"); squares have at most
        # a few digits, so int() is safe once the token is short.
        squares = [g.number(str(int(t)) if t.isdigit() and len(t) <= 6 else t.lower()) for t in tokens]
    except KeyError as exc:
        raise IllegalMoveError(f"{text!r}: {exc.args[0]!r} is not a playing square of this board") from None
    origin, destination, middle = squares[0], squares[-1], squares[1:-1]
    legal = list(game.legal_moves)
    candidates = [mv for mv in legal if mv.origin == origin and mv.destination == destination]
    if middle:
        # PDN long form: the given squares are landing squares in order; Hub form: the
        # captured squares (Scan lists them after from and to). Tried from the strictest
        # reading to the loosest:
        # 1. the route stored on the move (what move_text writes);
        # 2. any route that plays the move: another writer may have kept another route
        #    over the same pieces (the same move, RULES.md), or another landing square
        #    behind a piece;
        # 3. a partial route, some landing squares left out (old files);
        # 4. the Hub form.
        by_path = [mv for mv in candidates if list(mv.path[1:-1]) == middle]
        if not by_path:
            by_path = [mv for mv in candidates if _route_plays(game, mv, squares)]
        if not by_path:
            by_path = [mv for mv in candidates if _is_subsequence(middle, mv.path[1:-1])]
        if by_path:
            candidates = by_path
        else:
            hub = set(squares[2:]) if len(squares) > 2 else set()
            hub_origin, hub_dest = squares[0], squares[1]
            hub_match = [mv for mv in legal if mv.origin == hub_origin and mv.destination == hub_dest
                         and set(mv.captures) == hub]
            candidates = hub_match
    elif len(candidates) > 1:
        # "e3:g1" is also the complete long form of a single jump from e3 to g1; when a
        # longer capture shares its ends (a king going round and back through e3), the
        # text names the jump, the only move whose whole route it spells out.
        # Without forced capture a king's quiet move and a capture can share their ends
        # too; then the separator tells them apart ("46-37" against "46x37").
        quiet = "-" in text and not any(sep in text for sep in "x:×")
        direct = [mv for mv in candidates if (not mv.captures) == quiet
                  and (quiet or _route_plays(game, mv, squares))]
        if len(direct) == 1:
            candidates = direct
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise IllegalMoveError(f"{text.strip()} is not legal here: {explain_illegal(game, origin, destination)}")
    raise AmbiguousMoveError(f"{text.strip()} is ambiguous", [long_text(game, mv) for mv in candidates])


def _route_plays(game: GameView, move: Move, route: list[int]) -> bool:
    """Whether ``route`` (origin, landing squares, destination) is a way to play ``move``.

    Each leg must run along one line (diagonal, or a row or file on boards with orthogonal
    captures), over no piece but exactly one of the move's captured pieces, and the legs
    together must jump each captured piece once. A piece already jumped still blocks
    unless the variant removes pieces at once (the Turkish strike, A1 4.11).
    """
    if not move.captures or len(route) < 2:
        return False
    g = game.geometry
    captured = set(move.captures)
    occupied = game.board()
    immediate = game.rules.immediate_removal
    taken: set[int] = set()
    for a, b in zip(route, route[1:]):
        sa, sb = g.squares[a - 1], g.squares[b - 1]
        dr, dc = sb.row - sa.row, sb.col - sa.col
        if (dr, dc) == (0, 0) or not (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
            return False
        steps = max(abs(dr), abs(dc))
        ur, uc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
        jumped = None
        for k in range(1, steps):
            idx = g.cell_index(sa.row + ur * k, sa.col + uc * k)
            if idx is None:
                continue  # a cell not in play: Frisian orthogonal legs cross light squares
            n = g.number_of[idx]
            if n == move.origin or n not in occupied or (n in taken and immediate):
                continue  # empty on the way: the mover has left its origin
            if n in taken or n not in captured or jumped is not None:
                return False  # a piece jumped twice, an own piece, or two pieces in one leg
            jumped = n
        if jumped is None or (b in occupied and b != move.origin and not (immediate and b in taken)):
            return False
        taken.add(jumped)
    return taken == captured


def _is_subsequence(needle: list[int], haystack: tuple[int, ...]) -> bool:
    it = iter(haystack)
    return all(any(x == y for y in it) for x in needle)


def illegal_reason(game: GameView, origin: int, destination: int) -> Message:
    """Why no legal move goes from ``origin`` to ``destination``, as a sentence for the player."""
    for number in (origin, destination):
        game.geometry.bit(number)  # raises InvalidSquareError for a square off the board
    legal = list(game.legal_moves)
    piece = game.piece_at(origin)
    square = game.geometry.label(origin)
    if piece is None:
        return message("illegal.no_piece", square=square)
    colour = "white" if piece in "wW" else "black"
    if colour != game.turn:
        return message("illegal.wrong_side", side=message(game.turn.value), square=square, owner=message(colour))
    if legal and legal[0].captures and game.rules.forced_capture:
        own = [m for m in legal if m.origin == origin]
        if not own:
            return message("illegal.must_capture_other")
        counts = {len(m.captures) for m in own}
        if len(counts) == 1:
            # Every legal capture of this piece takes as many pieces: say how many (under
            # the majority rule that is the number it must take).
            n = counts.pop()
            return message("illegal.must_take_one" if n == 1 else "illegal.must_take_many", count=n)
        return message("illegal.must_capture")
    if not any(m.origin == origin for m in legal):
        return message("illegal.cannot_move", square=square)
    return message("illegal.cannot_go", square=square, target=game.geometry.label(destination))


def explain_illegal(game: GameView, origin: int, destination: int) -> str:
    """:func:`illegal_reason` in English as a clause, for error messages ("there is no piece on 28")."""
    text = illegal_reason(game, origin, destination).text
    return text[0].lower() + text[1:].rstrip(".")
