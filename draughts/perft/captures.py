"""Perft's capture search on whole-board shifts, for the common capture rules.

Covers the rules whose :func:`~draughts.perft.spec.capture_mode` is "own": pieces removed
at the end of the capture (a jumped piece blocks: the Turkish strike), no ban on turning
back, men passing the far row stay men, and a free or most-pieces choice. It finds route
ends only, (landing square, captured mask), never routes: a flying king's first piece
along a ray is the lowest (or highest) set bit of ray & occupied, and a man's jump table
carries the pieces it could jump next, so a route that cannot go on ends without a call.

This is a second capture search beside the generator's
(:meth:`~draughts.movegen.MoveGenerator.capture_ends`), kept for speed: with the
generator's search in its place International perft(7) from the start ran about 15 %
slower (bench/perft_compare.py), above the 10 % the project allows for one shared path.
tests/test_perft.py checks the two against each other on random positions of every variant.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from ..movegen import MoveGenerator

Ends = list[tuple[int, int]]  # (landing square, captured mask) where routes end
Groups = list[tuple[int, bool, Ends]]  # (origin bit, by a king, its route ends)


class OwnCaptures(NamedTuple):
    """One side's capture search; every function takes (kings or men bits, ...) as named."""

    # (kings, occupied, empty, targets): whether a king can capture
    king_may_capture: Callable[[int, int, int, int], bool]
    # (men, kings, empty, occupied, targets, men's targets): the number of legal captures
    count_routes: Callable[[int, int, int, int, int, int], int]
    # the same arguments: the legal captures grouped by origin, route ends unique
    capture_routes: Callable[[int, int, int, int, int, int], Groups]


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


def own_captures(gen: MoveGenerator, colour: int) -> OwnCaptures:
    """The capture search of ``colour``'s side, every rule flag decided here."""
    flying = gen.flying
    most = gen.count_only
    # Per square: (over bit, land bit, land square, the bits a jump from the land square
    # goes over): a route whose remaining targets miss that last mask ends without a call.
    reach = [0] * len(gen.man_jumps[colour])
    for sq, js in enumerate(gen.man_jumps[colour]):
        for _d, over, _land, _land_sq in js:
            reach[sq] |= over
    jumps = [tuple((over, land, land_sq, reach[land_sq]) for _d, over, land, land_sq in js)
             for js in gen.man_jumps[colour]]
    kcap_up, kcap_down = king_rays(gen.king_capture_rays)
    # Short kings capture like men: per square (over bit, land bit, land square).
    king_jumps = [tuple((bits[0], bits[1], squares[1]) for _d, squares, bits in entries)
                  for entries in gen.king_capture_rays]

    # One route at a time; a jumped piece leaves ``targets`` but stays on the board until
    # the move ends. ``out`` collects (landing square, captured mask) where a route ends;
    # each returns whether the piece could jump at all.
    def man_search(sq: int, empty: int, targets: int, captured: int, out: Ends) -> bool:
        jumped = False
        for over, land, land_sq, further in jumps[sq]:
            if over & targets and land & empty:
                jumped = True
                c = captured | over
                t = targets ^ over
                if not (t & further and man_search(land_sq, empty, t, c, out)):
                    out.append((land_sq, c))
        return jumped

    def flying_search(sq: int, empty: int, occ: int, targets: int, captured: int, out: Ends) -> bool:
        # A capture must be completed: a landing square that ends the route counts only
        # when no landing square of that jump lets the king go on (Russian 1.4.5).
        jumped = False
        for shift, ray in kcap_down[sq]:
            blockers = ray & occ
            victim = blockers & -blockers
            if not victim & targets:
                continue
            land = victim << shift
            if not land & empty:
                continue
            jumped = True
            c = captured | victim
            t = targets ^ victim
            ends = []
            went_on = False
            while land & empty:
                land_sq = land.bit_length() - 1
                if flying_search(land_sq, empty, occ, t, c, out):
                    went_on = True
                elif not went_on:
                    ends.append(land_sq)
                land <<= shift
            if not went_on:
                for land_sq in ends:
                    out.append((land_sq, c))
        for shift, ray in kcap_up[sq]:
            blockers = ray & occ
            if not blockers:
                continue
            victim = 1 << (blockers.bit_length() - 1)
            if not victim & targets:
                continue
            land = victim >> shift
            if not land & empty:
                continue
            jumped = True
            c = captured | victim
            t = targets ^ victim
            ends = []
            went_on = False
            while land & empty:
                land_sq = land.bit_length() - 1
                if flying_search(land_sq, empty, occ, t, c, out):
                    went_on = True
                elif not went_on:
                    ends.append(land_sq)
                land >>= shift
            if not went_on:
                for land_sq in ends:
                    out.append((land_sq, c))
        return jumped

    def short_king_search(sq: int, empty: int, occ: int, targets: int, captured: int, out: Ends) -> bool:
        jumped = False
        for over, land, land_sq in king_jumps[sq]:
            if over & targets and land & empty:
                jumped = True
                c = captured | over
                if not short_king_search(land_sq, empty, occ, targets ^ over, c, out):
                    out.append((land_sq, c))
        return jumped

    king_search = flying_search if flying else short_king_search

    def capture_routes(men: int, kings: int, empty: int, occ: int, targets: int, men_targets: int) -> Groups:
        """(origin bit, by king, route ends) of every piece that can capture, ends unique
        and, under the majority rule, only those taking the most pieces."""
        groups = []
        best = 0
        while men:
            low = men & -men
            men ^= low
            out: Ends = []
            man_search(low.bit_length() - 1, empty | low, men_targets, 0, out)
            if out:
                groups.append((low, False, out))
        while kings:
            low = kings & -kings
            kings ^= low
            out = []
            king_search(low.bit_length() - 1, empty | low, occ ^ low, targets, 0, out)
            if out:
                groups.append((low, True, out))
        if most:
            for _o, _k, out in groups:
                for _sq, c in out:
                    n = c.bit_count()
                    if n > best:
                        best = n
        else:
            for _o, _k, out in groups:
                for _sq, c in out:
                    if c & (c - 1):  # two or more pieces: two routes may take the same ones
                        best = 2
                        break
        if best < 2:
            return groups  # one piece taken: every route end is a different move
        kept = []
        for origin, by_king, out in groups:
            if most:
                out = [e for e in out if e[1].bit_count() == best]
            if len(out) > 1:
                out = list(dict.fromkeys(out))
            if out:
                kept.append((origin, by_king, out))
        return kept

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
                for over, land, _sq in king_jumps[sq]:
                    if over & targets and land & empty:
                        return True
        return False

    def count_routes(men: int, kings: int, empty: int, occ: int, targets: int, men_targets: int) -> int:
        """How many moves ``capture_routes`` gives, without grouping them."""
        kings_at_start = kings
        out: Ends = []
        starts = []
        while men:
            low = men & -men
            men ^= low
            starts.append(len(out))
            man_search(low.bit_length() - 1, empty | low, men_targets, 0, out)
        while kings:
            low = kings & -kings
            kings ^= low
            starts.append(len(out))
            king_search(low.bit_length() - 1, empty | low, occ ^ low, targets, 0, out)
        n = len(out)
        if n < 2:
            return n
        searched_kings = kings_at_start != 0
        best = hits = 0
        for _sq, c in out:
            k = c.bit_count()
            if k > best:
                best, hits = k, 1
            elif k == best:
                hits += 1
        # Routes over the same pieces to the same square need three jumps at least for a
        # man (from o over a then b it ends on o + 2(b - a), over b then a on o - 2(b - a));
        # a flying king can do it in two.
        if best < 2 or (best == 2 and not searched_kings) or (hits == 1 and most):
            return hits if most else n
        # Two routes from one origin over the same pieces to the same square are one move.
        starts.append(n)
        unique = 0
        for g in range(len(starts) - 1):
            ends = out[starts[g]:starts[g + 1]]
            unique += len({e for e in ends if e[1].bit_count() == best} if most else set(ends))
        return unique

    return OwnCaptures(king_may_capture, count_routes, capture_routes)
