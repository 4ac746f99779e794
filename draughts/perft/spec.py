"""What perft's generated code depends on: a rule set's :class:`Spec`.

The generated count and children functions (``draughts/perft/generated/``) have the
rule's shifts and masks written in as constants. A :class:`Spec` holds exactly what goes
into that text, so two rule sets with the same spec share one generated module, and
:mod:`draughts.perft.codegen` writes one module per spec the variants need.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from ..movegen import BLACK, WHITE, MoveGenerator

# How a side's captures are counted and played, always by the generator's capture search:
# "bulk" (removal at the end, men stay men while capturing, free or most-pieces choice:
# single jumps that cannot go on are counted and listed in bulk, the rest searched
# without routes), "count" (other free or most-pieces rules, and a king that halts behind a
# king, whose search must know which targets are kings: counted without routes, played from
# the routes), "generic" (the priority rules: from the routes).
CaptureMode = Literal["bulk", "count", "generic"]


class Spec(NamedTuple):
    """The parameters of one generated module (both sides to move)."""

    board: int  # the playing squares
    promo: tuple[int, int]  # per colour: the row where its men crown
    steps: tuple[tuple[int, ...], tuple[int, ...]]  # per colour: men's quiet steps as signed shifts
    jumps: tuple[tuple[int, ...], tuple[int, ...]]  # per colour: signed shift from a man to the piece it jumps
    men_take_kings: bool
    captures: CaptureMode
    most: bool  # the majority rule (most pieces) picks among captures
    forced: bool  # captures are compulsory


def capture_mode(gen: MoveGenerator) -> CaptureMode:
    if (not gen.immediate and not gen.no_reversal and gen.passing == "continue_as_man"
            and not gen.halts_behind_king and (gen.free_choice or gen.count_only)):
        return "bulk"
    return "count" if gen.free_choice or gen.count_only else "generic"


def shift_is_exact(gen: MoveGenerator, shift: int) -> bool:
    """Whether moving a bit by ``shift`` lands on a playing square only where the real step does.

    On the padded layout every step of at most two columns falls onto a padding bit or off
    the int when it leaves the board; the generated code relies on that and this checks it.
    """
    g = gen.geometry
    on_board = {g.bit_index[n] for n in range(1, g.size + 1)}
    dr, dc = divmod(shift, g.stride)
    if dc > 2:  # divmod floors: (-1, 11) is one row up, one column left
        dr, dc = dr + 1, dc - g.stride
    for sq in on_board:
        r, c = divmod(sq, g.stride)
        true = (r + dr) * g.stride + c + dc if 0 <= r + dr < g.rows and 0 <= c + dc < g.cols else None
        if sq + shift in on_board and sq + shift != true:
            return False
    return True


def ray_shifts(gen: MoveGenerator) -> set[int]:
    """Every signed shift a king's move or capture ray takes, from any square."""
    shifts = set()
    for table in (gen.king_move_rays, gen.king_capture_rays):
        for sq, entries in enumerate(table):
            for _d, squares, _bits in entries:
                shifts.add(squares[0] - sq)
    return shifts


def spec_of(gen: MoveGenerator, forced: bool) -> Spec | None:
    """The spec of ``gen``'s generated module, or None where some step wraps round the board
    (then perft walks with the generator's own functions)."""
    steps = tuple(tuple(s for s, _o in gen.man_shifts[colour]) for colour in (WHITE, BLACK))
    jumps = (gen.man_jump_steps[WHITE], gen.man_jump_steps[BLACK])
    every = {*ray_shifts(gen), *(s for side in steps + jumps for s in side), *(2 * s for side in jumps for s in side)}
    if not all(shift_is_exact(gen, s) for s in every):
        return None
    # Up (negative) shifts first, as the hand-written walk always listed them.
    def order(shifts: tuple[int, ...]) -> tuple[int, ...]:
        return tuple([s for s in shifts if s < 0] + [s for s in shifts if s > 0])

    return Spec(
        board=gen.board_mask,
        promo=gen.promotion_rows,
        steps=(order(steps[WHITE]), order(steps[BLACK])),
        jumps=(order(jumps[WHITE]), order(jumps[BLACK])),
        men_take_kings=gen.men_take_kings,
        captures=capture_mode(gen),
        most=gen.count_only,
        forced=forced,
    )
