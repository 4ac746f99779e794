"""Perft: count the move paths of a given depth, the standard check of a move generator.

Counts unique moves (RULES.md), straight on the bitboards: no :class:`~draughts.move.Move`
objects, and the last ply is counted by the length of the move list (bulk counting).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .movegen import WHITE, MoveGenerator, RawMove

if TYPE_CHECKING:
    from .game import Game


def perft(game: "Game", depth: int) -> int:
    if depth < 0:
        raise ValueError("perft depth must be 0 or more")
    if depth == 0:
        return 1
    s = game._state
    wm, wk, bm, bk = s.pieces
    gen = game.generator
    forced = game.rules.forced_capture
    if game.rules.max_same_king_moves is not None:
        return _perft_streak(game, depth)
    if s.turn == WHITE:
        return _perft(gen, wm, wk, bm, bk, s.turn, depth, forced)
    return _perft(gen, bm, bk, wm, wk, s.turn, depth, forced)


def _perft(gen: MoveGenerator, om: int, ok: int, pm: int, pk: int, colour: int, depth: int, forced: bool) -> int:
    if depth == 1:
        return gen.count_moves(om, ok, pm, pk, colour, forced)
    moves = gen.generate(om, ok, pm, pk, colour, forced)
    total = 0
    nxt = colour ^ 1
    d = depth - 1
    for frm, to, cap, _path, _order, promotes, by_king in moves:
        fb = 1 << frm
        tb = 1 << to
        if by_king:
            nk = ok ^ fb ^ tb
            nm = om
        elif promotes:
            nm = om ^ fb
            nk = ok | tb
        else:
            nm = om ^ fb ^ tb
            nk = ok
        if cap:
            total += _perft(gen, pm & ~cap, pk & ~cap, nm, nk, nxt, d, forced)
        else:
            total += _perft(gen, pm, pk, nm, nk, nxt, d, forced)
    return total


def _perft_streak(game: "Game", depth: int) -> int:
    """Perft through the Game itself, for rules whose legality depends on history (Frisian)."""
    moves = game._raw_moves()
    if depth == 1:
        return len(moves)
    total = 0
    state = game._state
    for raw in moves:
        game._set_state(game._after(state, raw))
        total += _perft_streak(game, depth - 1)
    game._set_state(state)
    return total


def divide(game: "Game", depth: int) -> list[tuple[str, int]]:
    """Each legal move's PDN with the perft count below it."""
    out = []
    for move in list(game.legal_moves):
        text = game.move_text(move)
        game.push(move)
        out.append((text, perft(game, depth - 1)))
        game.pop()
    return out


__all__ = ["perft", "divide", "RawMove"]
