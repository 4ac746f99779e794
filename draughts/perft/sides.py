"""Perft's functions per side to move, put together from a generated module and the tables.

A side to move has ``count`` (the number of legal moves), ``children`` (the positions after
them, as bare bitboards rather than move tuples) and ``two`` (the leaves two plies below).
The hot parts, written out per rule set with the shifts as constants, come from the
generated module of the generator's :class:`~draughts.perft.spec.Spec`
(:mod:`draughts.perft.codegen` writes them); this module builds what they call: the
capture search, king moves and the generator's own functions, each with its rule flags
decided when it is built, so no hot path tests a flag.
"""

from __future__ import annotations

import importlib
from typing import Callable, NamedTuple

from ..movegen import BLACK, WHITE, MoveGenerator
from .captures import king_rays, own_captures
from .spec import Spec, spec_of

# A child position, the side to move next first: (its men, its kings, the other men, the other kings).
Child = tuple[int, int, int, int]
Count = Callable[[int, int, int, int], int]
Children = Callable[[int, int, int, int], list[Child]]
# (men, kings, empty, occupied, targets, men's targets) -> how many captures
CountRoutes = Callable[[int, int, int, int, int, int], int]
# (own men, own kings, opposing men, opposing kings, empty) -> how many captures
CountCaptures = Callable[[int, int, int, int, int], int]
# (own men, own kings, opposing men, opposing kings, capturing men, empty, occupied, out)
CaptureChildren = Callable[[int, int, int, int, int, int, int, list[Child]], None]
KingMayCapture = Callable[[int, int, int, int], bool]  # (kings, occupied, empty, targets)
KingQuietCount = Callable[[int, int, int], int]  # (kings, occupied, empty)
KingChildren = Callable[[int, int, int, int, int, list[Child]], None]  # (om, ok, pm, pk, empty, out)
KingMoves = Callable[[int, int, int, int], int]  # (own men, own kings, opposing men, empty)


class SideHelpers(NamedTuple):
    """What a generated side's ``count`` and ``children`` call."""

    king_may_capture: KingMayCapture
    count_routes: CountRoutes
    count_captures: CountCaptures
    capture_children: CaptureChildren
    king_quiet_count: KingQuietCount
    king_children: KingChildren


class TwoHelpers(NamedTuple):
    """What a generated ``two`` calls: the slow way, the reply count, the side's kings."""

    one_by_one: Count
    count_next: Count
    king_may_capture: KingMayCapture
    king_moves: KingMoves


class Side(NamedTuple):
    moves: Count  # the number of legal moves
    children: Children  # the positions after them
    two: Count  # the leaves two plies below


def sides(gen: MoveGenerator, forced: bool) -> tuple[Side, Side]:
    """White's and Black's functions for ``gen``: generated where a module fits its spec,
    else the generator's own (any geometry, any rule table)."""
    from .generated import MODULES  # here, so that the code generator imports without them

    spec = spec_of(gen, forced)
    name = MODULES.get(spec) if spec is not None else None
    if spec is None or name is None:
        made = [_generic_side(gen, colour, forced) for colour in (WHITE, BLACK)]
        return (Side(*made[WHITE], _one_by_one(made[WHITE][1], made[BLACK][0])),
                Side(*made[BLACK], _one_by_one(made[BLACK][1], made[WHITE][0])))
    module = importlib.import_module(f"{__package__}.generated.{name}")
    made = [module.SIDES[colour](_side_helpers(gen, spec, colour)) for colour in (WHITE, BLACK)]
    out = []
    for colour in (WHITE, BLACK):
        count, children = made[colour]
        count_next = made[colour ^ 1][0]
        helpers = TwoHelpers(_one_by_one(children, count_next), count_next,
                             own_captures(gen, colour).king_may_capture, _king_moves(gen, count_next))
        out.append(Side(count, children, module.TWOS[colour](helpers)))
    return out[WHITE], out[BLACK]


def _side_helpers(gen: MoveGenerator, spec: Spec, colour: int) -> SideHelpers:
    own = own_captures(gen, colour)
    promo = spec.promo[colour]
    men_take_kings = spec.men_take_kings
    capture_routes = own.capture_routes
    generate_captures = gen.captures
    count_by_generator = gen.count_captures

    def count_captures(om: int, ok: int, pm: int, pk: int, empty: int) -> int:
        return count_by_generator(om, ok, pm, pk, colour)

    def own_capture_children(om: int, ok: int, pm: int, pk: int, men: int, empty: int, occ: int,
                             kids: list[Child]) -> None:
        targets = pm | pk
        groups = capture_routes(men, ok, empty, occ, targets, targets if men_take_kings else pm)
        for origin, by_king, out in groups:
            if by_king:
                k = ok ^ origin
                for sq, c in out:
                    kids.append((pm & ~c, pk & ~c, om, k | 1 << sq))
            else:
                m = om ^ origin
                for sq, c in out:
                    to = 1 << sq
                    if to & promo:
                        kids.append((pm & ~c, pk & ~c, m, ok | to))
                    else:
                        kids.append((pm & ~c, pk & ~c, m | to, ok))

    def generator_capture_children(om: int, ok: int, pm: int, pk: int, men: int, empty: int, occ: int,
                                   kids: list[Child]) -> None:
        for frm, to, c, _path, _order, promotes, by_king in generate_captures(om, ok, pm, pk, colour):
            fb = 1 << frm
            tb = 1 << to
            if by_king:
                kids.append((pm & ~c, pk & ~c, om, (ok & ~fb) | tb))
            elif promotes:
                kids.append((pm & ~c, pk & ~c, om ^ fb, ok | tb))
            else:
                kids.append((pm & ~c, pk & ~c, om ^ fb ^ tb, ok))

    capture_children = own_capture_children if spec.captures == "own" else generator_capture_children
    return SideHelpers(own.king_may_capture, own.count_routes, count_captures, capture_children,
                       _king_quiet_count(gen), _king_children(gen))


def _king_quiet_count(gen: MoveGenerator) -> KingQuietCount:
    flying = gen.flying
    kmove_up, kmove_down = king_rays(gen.king_move_rays)
    # Short kings step like men in every direction; as shifts, all kings at once.
    kstep_up = tuple(sorted({s for rs in kmove_up for s, _m in rs}))
    kstep_down = tuple(sorted({s for rs in kmove_down for s, _m in rs}))

    def king_quiet_count(kings: int, occ: int, empty: int) -> int:
        n = 0
        if not flying:
            for s in kstep_up:
                n += ((kings >> s) & empty).bit_count()
            for s in kstep_down:
                n += ((kings << s) & empty).bit_count()
            return n
        while kings:
            low = kings & -kings
            kings ^= low
            sq = low.bit_length() - 1
            # Empty squares before the first piece: below the lowest blocker (a ray
            # without one counts whole: 0 - 1 = -1), above the highest.
            for _s, ray in kmove_down[sq]:
                blockers = ray & occ
                n += (ray & ((blockers & -blockers) - 1)).bit_count()
            for _s, ray in kmove_up[sq]:
                n += (ray >> (ray & occ).bit_length()).bit_count()
        return n

    return king_quiet_count


def _king_children(gen: MoveGenerator) -> KingChildren:
    flying = gen.flying
    kmove_up, kmove_down = king_rays(gen.king_move_rays)

    def king_children(om: int, ok: int, pm: int, pk: int, empty: int, kids: list[Child]) -> None:
        kings = ok
        while kings:
            low = kings & -kings
            kings ^= low
            sq = low.bit_length() - 1
            rest = ok ^ low
            for s, _ray in kmove_down[sq]:
                to = low << s
                while to & empty:
                    kids.append((pm, pk, om, rest | to))
                    if not flying:
                        break
                    to <<= s
            for s, _ray in kmove_up[sq]:
                to = low >> s
                while to & empty:
                    kids.append((pm, pk, om, rest | to))
                    if not flying:
                        break
                    to >>= s

    return king_children


def _king_moves(gen: MoveGenerator, count_next: Count) -> KingMoves:
    """The replies below every quiet king move (the two-ply count's kings)."""
    flying = gen.flying
    kmove_up, kmove_down = king_rays(gen.king_move_rays)

    def king_moves(om: int, ok: int, pm: int, empty: int) -> int:
        total = 0
        kings = ok
        while kings:
            low = kings & -kings
            kings ^= low
            sq = low.bit_length() - 1
            rest = ok ^ low
            for s, _ray in kmove_down[sq]:
                to = low << s
                while to & empty:
                    total += count_next(pm, 0, om, rest | to)
                    if not flying:
                        break
                    to <<= s
            for s, _ray in kmove_up[sq]:
                to = low >> s
                while to & empty:
                    total += count_next(pm, 0, om, rest | to)
                    if not flying:
                        break
                    to >>= s
        return total

    return king_moves


def _one_by_one(children: Children, count_next: Count) -> Count:
    def one_by_one(om: int, ok: int, pm: int, pk: int) -> int:
        total = 0
        for p, q, r, t in children(om, ok, pm, pk):
            total += count_next(p, q, r, t)
        return total

    return one_by_one


def _generic_side(gen: MoveGenerator, colour: int, forced: bool) -> tuple[Count, Children]:
    """``count`` and ``children`` straight from the generator (any geometry)."""
    generate = gen.generate
    count_moves = gen.count_moves

    def count(om: int, ok: int, pm: int, pk: int) -> int:
        return count_moves(om, ok, pm, pk, colour, forced)

    def children(om: int, ok: int, pm: int, pk: int) -> list[Child]:
        kids = []
        for frm, to, c, _path, _order, promotes, by_king in generate(om, ok, pm, pk, colour, forced):
            fb = 1 << frm
            tb = 1 << to
            if by_king:
                kids.append((pm & ~c, pk & ~c, om, ok ^ fb ^ tb))
            elif promotes:
                kids.append((pm & ~c, pk & ~c, om ^ fb, ok | tb))
            else:
                kids.append((pm & ~c, pk & ~c, om ^ fb ^ tb, ok))
        return kids

    return count, children
