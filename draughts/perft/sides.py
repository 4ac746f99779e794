"""Perft's functions per side to move, put together from a generated module and the tables.

A side to move has ``moves`` (the number of legal moves), ``children`` (the positions after
them, as bare bitboards rather than move tuples) and ``two`` (the leaves two plies below).
The hot parts, written out per rule set with the shifts as constants, come from the
generated module of the generator's :class:`~draughts.perft.spec.Spec`
(:mod:`draughts.perft.codegen` writes them); this module builds what they call: king
moves on ray masks, and captures through the generator's capture search
(:meth:`~draughts.movegen.MoveGenerator.capture_search`) without building routes, each
with its rule flags decided when it is built, so no hot path tests a flag.
"""

from __future__ import annotations

import importlib
from typing import Callable, NamedTuple

from ..movegen import BLACK, WHITE, MoveGenerator
from .spec import Spec, spec_of

# A child position, the side to move next first: (its men, its kings, the other men, the other kings).
Child = tuple[int, int, int, int]
Count = Callable[[int, int, int, int], int]
Children = Callable[[int, int, int, int], list[Child]]
# (capturing men, kings, empty, targets, men's targets) -> how many captures
CountRoutes = Callable[[int, int, int, int, int], int]
# (own men, own kings, opposing men, opposing kings, empty) -> how many captures
CountCaptures = Callable[[int, int, int, int, int], int]
# (own men, own kings, opposing men, opposing kings, capturing men, empty, out)
CaptureChildren = Callable[[int, int, int, int, int, int, list[Child]], None]
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
    """What a generated ``two`` calls: the side's children and the reply count (for positions
    the shortcut does not cover), whether a king of the side can capture, its king moves."""

    children: Children  # the side to move's
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
        helpers = TwoHelpers(children, count_next,
                             _king_may_capture(gen), _king_moves(gen, count_next))
        out.append(Side(count, children, module.TWOS[colour](helpers)))
    return out[WHITE], out[BLACK]


def _side_helpers(gen: MoveGenerator, spec: Spec, colour: int) -> SideHelpers:
    promo = spec.promo[colour]
    most = spec.most
    search = gen.capture_search
    chosen = gen.chosen
    generate_captures = gen.captures
    count_by_generator = gen.count_captures

    def count_routes(men: int, kings: int, empty: int, targets: int, men_targets: int) -> int:
        found = search(men, kings, empty, targets, men_targets, colour, False)
        return len(chosen(found)) if most and len(found) > 1 else len(found)

    def count_captures(om: int, ok: int, pm: int, pk: int, empty: int) -> int:
        return count_by_generator(om, ok, pm, pk, colour)

    def bulk_capture_children(om: int, ok: int, pm: int, pk: int, men: int, empty: int, kids: list[Child]) -> None:
        # Removal at the end and men that stay men while capturing (the "bulk" rules): a
        # capture's origin, destination and captured pieces say all about the child.
        targets = pm | pk
        for origin, to, c in chosen(search(men, ok, empty, targets, targets if spec.men_take_kings else pm,
                                           colour, False)):
            fb = 1 << origin
            tb = 1 << to
            if fb & ok:
                kids.append((pm & ~c, pk & ~c, om, ok ^ fb | tb))
            elif tb & promo:
                kids.append((pm & ~c, pk & ~c, om ^ fb, ok | tb))
            else:
                kids.append((pm & ~c, pk & ~c, om ^ fb | tb, ok))

    def generator_capture_children(om: int, ok: int, pm: int, pk: int, men: int, empty: int,
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

    capture_children = bulk_capture_children if spec.captures == "bulk" else generator_capture_children
    return SideHelpers(_king_may_capture(gen), count_routes, count_captures, capture_children,
                       _king_quiet_count(gen), _king_children(gen))


def king_rays(table: list[list[tuple[int, tuple[int, ...], tuple[int, ...]]]]
              ) -> tuple[list[tuple[tuple[int, int], ...]], list[tuple[tuple[int, int], ...]]]:
    """Per square, a generator's king rays as (shift, mask of the ray), split by the sign
    of the shift (up: towards bit 0, the shift made positive)."""
    up: list[tuple[tuple[int, int], ...]] = []
    down: list[tuple[tuple[int, int], ...]] = []
    for sq, entries in enumerate(table):
        u: list[tuple[int, int]] = []
        d: list[tuple[int, int]] = []
        for _d, squares, bits in entries:
            mask = 0
            for b in bits:
                mask |= b
            shift = squares[0] - sq
            (u if shift < 0 else d).append((-shift if shift < 0 else shift, mask))
        up.append(tuple(u))
        down.append(tuple(d))
    return up, down


def _king_may_capture(gen: MoveGenerator) -> KingMayCapture:
    """Whether some king can capture: the first piece along a ray is the lowest (or highest)
    set bit of ray & occupied; a short king's jump is one table entry."""
    flying = gen.flying
    kcap_up, kcap_down = king_rays(gen.king_capture_rays)
    king_jumps = [tuple((bits[0], bits[1]) for _d, _squares, bits in entries) for entries in gen.king_capture_rays]

    def king_may_capture(kings: int, occ: int, empty: int, targets: int) -> bool:
        while kings:
            low = kings & -kings
            kings ^= low
            sq = low.bit_length() - 1
            if flying:
                for shift, ray in kcap_down[sq]:
                    blockers = ray & occ
                    victim = blockers & -blockers
                    if victim & targets and (victim << shift) & empty:
                        return True
                for shift, ray in kcap_up[sq]:
                    blockers = ray & occ
                    if blockers:
                        victim = 1 << (blockers.bit_length() - 1)
                        if victim & targets and (victim >> shift) & empty:
                            return True
            else:
                for over, land in king_jumps[sq]:
                    if over & targets and land & empty:
                        return True
        return False

    return king_may_capture


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
