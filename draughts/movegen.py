"""One generic move generator for every rule table.

Positions are four ints (own men, own kings, opposing men, opposing kings) on the padded
bit layout of :mod:`draughts.geometry`, plus whose turn it is. A generated move is a plain
tuple, cheap to make and to compare::

    (origin, destination, captured_mask, path, captured_order, promotes, by_king)

``origin``/``destination`` are bit indices, ``path`` the bit indices the piece stands on
(origin first, then every landing square), ``captured_order`` the bit indices taken in
capture order. Moves are unique by (origin, destination, captured set): two routes over the
same pieces are one move (RULES.md; FMJD perft convention).

Captures come from one search, :meth:`MoveGenerator.capture_search`: asked for routes it
builds each move's path and capture order (what :meth:`MoveGenerator.captures` returns);
otherwise it finds only each move's key (origin, destination, captured mask), which is all
that counting (:meth:`MoveGenerator.count_captures`) and perft's walk need. Perft used to
have a capture search of its own; in its place this one costs International perft(7) about
1.2 % more machine instructions (``bench/versus_base.py --instructions``), far under the
10 % that would justify keeping a second path.

The generator reads the flags of a :class:`~draughts.rules.RuleSet` and nothing else.
"""

from __future__ import annotations

from typing import Callable

from .geometry import Geometry
from .precedence import PRIORITY_KEYS, PriorityKey
from .rules import RuleSet

RawMove = tuple[int, int, int, tuple[int, ...], tuple[int, ...], bool, bool]
# Per square, a man's jumps: (direction, over bit, land bit, land square, the bits a jump
# from the land square goes over).
ManJumpTable = list[tuple[tuple[int, int, int, int, int], ...]]
CaptureKey = tuple[int, int, int]  # (origin, destination, captured mask): what makes a capture unique
# (origin, square, empty, targets, all opposing pieces, captured, order, path, last direction,
# found) -> whether the man could jump; see MoveGenerator's search.
ManSearch = Callable[[int, int, int, int, int, int, tuple[int, ...], tuple[int, ...] | None, int,
                      dict[CaptureKey, RawMove | None]], bool]

WHITE, BLACK = 0, 1


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class MoveGenerator:
    """Precomputed tables for one rule set; :meth:`generate` lists a position's moves."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        g = self.geometry = Geometry(rules.rows, rules.cols, rules.colouring, rules.numbering, rules.algebraic)
        self.priority: PriorityKey = PRIORITY_KEYS[rules.capture_choice]
        self.free_choice = rules.capture_choice == "free"
        self.count_only = rules.capture_choice == "most_pieces"  # the key is the count alone: skip building it
        self.flying = rules.flying_kings
        # A capturing king lands only directly behind its victim (Thai); it halts there when
        # the victim ends the capture and is a king (Killer).
        self.lands_behind = rules.king_lands_behind_piece
        self.halts_behind_king = rules.king_halts_behind_king
        self.immediate = rules.immediate_removal
        self.no_reversal = rules.no_reversal_in_capture
        self.passing = rules.passing_promotion
        self.men_take_kings = rules.men_capture_kings
        stride = g.stride
        squares = [g.bit_index[n] for n in range(1, g.size + 1)]
        on_board = set(squares)

        # Direction indices: every direction used anywhere gets one, with its opposite.
        all_dirs: list[tuple[int, int]] = []
        for group in (
            rules.man_move_directions, rules.man_capture_directions,
            rules.king_move_directions, rules.king_capture_directions,
        ):
            for dr, dc in group:
                for pair in ((dr, dc), (-dr, dc)):  # Black's mirror image
                    if pair not in all_dirs:
                        all_dirs.append(pair)
                    if (-pair[0], -pair[1]) not in all_dirs:
                        all_dirs.append((-pair[0], -pair[1]))
        self.opposite = [all_dirs.index((-dr, -dc)) for dr, dc in all_dirs]
        shift_of = [dr * stride + dc for dr, dc in all_dirs]

        def step(sq: int, d: int) -> int | None:
            dr, dc = all_dirs[d]
            r, c = divmod(sq, stride)
            r, c = r + dr, c + dc
            if 0 <= r < rules.rows and 0 <= c < rules.cols and r * stride + c in on_board:
                return r * stride + c
            return None

        def ray(sq: int, d: int) -> tuple[int, ...]:
            out = []
            nxt = step(sq, d)
            while nxt is not None:
                out.append(nxt)
                nxt = step(nxt, d)
            return tuple(out)

        def dirs_for(group: tuple[tuple[int, int], ...], colour: int) -> list[int]:
            return [all_dirs.index((dr if colour == WHITE else -dr, dc)) for dr, dc in group]

        size = max(squares) + 1
        # Men's quiet moves as whole-board shifts: (shift, mask of origins that stay on board).
        self.man_shifts: list[list[tuple[int, int]]] = []
        # Men's jumps per square: (direction, over bit, land bit, land index).
        self.man_jumps: list[list[list[tuple[int, int, int, int]]]] = []
        # Men's jumps as shifts for a quick "is there any capture" test.
        self.man_jump_shifts: list[list[tuple[int, int]]] = []
        self.man_jump_steps: list[tuple[int, ...]] = []  # the same shifts alone
        self.man_search_table: list[ManJumpTable] = []
        for colour in (WHITE, BLACK):
            shifts = []
            for d in dirs_for(rules.man_move_directions, colour):
                origins = 0
                for sq in squares:
                    if step(sq, d) is not None:
                        origins |= 1 << sq
                shifts.append((shift_of[d], origins))
            self.man_shifts.append(shifts)
            jumps: list[list[tuple[int, int, int, int]]] = [[] for _ in range(size)]
            jump_shifts = []
            for d in dirs_for(rules.man_capture_directions, colour):
                origins = 0
                for sq in squares:
                    over = step(sq, d)
                    land = step(over, d) if over is not None else None
                    if over is not None and land is not None:
                        jumps[sq].append((d, 1 << over, 1 << land, land))
                        origins |= 1 << sq
                jump_shifts.append((shift_of[d], origins))
            self.man_jumps.append(jumps)
            self.man_jump_shifts.append(jump_shifts)
            self.man_jump_steps.append(tuple(shift for shift, _ in jump_shifts))
            # The search's table: each jump with the bits a jump from its landing square
            # goes over, so a route whose remaining targets miss them ends without a call.
            reach = [0] * size
            for sq in squares:
                for _d, over, _land, _land_sq in jumps[sq]:
                    reach[sq] |= over
            self.man_search_table.append(
                [tuple((d, over, land, land_sq, reach[land_sq]) for d, over, land, land_sq in js) for js in jumps])
        # King rays: (direction, squares along it, their bits).
        self.king_move_rays: list[list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = [[] for _ in range(size)]
        self.king_capture_rays: list[list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = [[] for _ in range(size)]
        for sq in squares:
            for d in dirs_for(rules.king_move_directions, WHITE):
                r = ray(sq, d)
                if r:
                    self.king_move_rays[sq].append((d, r, tuple(1 << x for x in r)))
            for d in dirs_for(rules.king_capture_directions, WHITE):
                r = ray(sq, d)
                if len(r) >= 2:
                    self.king_capture_rays[sq].append((d, r, tuple(1 << x for x in r)))
        # A man promotes on the far row: row 0 for White, the last row for Black.
        self.promotion_rows = (g.top_row_mask, g.bottom_row_mask)
        self.board_mask = g.mask
        # Every quiet move made once, as quiet_moves() hands them out (a search asks for them
        # at every node): per colour the men's (shift, origins, move by destination), per
        # square the king's rays of (destination's bit, move).
        self.man_steps = [[(shift, origins, self._steps(origins, shift, self.promotion_rows[colour]))
                           for shift, origins in self.man_shifts[colour]] for colour in (WHITE, BLACK)]
        self.king_steps = [[[(bit, (frm, to, 0, (frm, to), (), False, True)) for to, bit in zip(tos, bits)]
                            for _d, tos, bits in self.king_move_rays[frm]] for frm in range(size)]
        # Whether square numbers grow with the bit index: then moves sort by their bits.
        self.numbers_ascend = all(a < b for a, b in zip(squares, squares[1:]))
        self._man_searches = [self._build_man_search(colour) for colour in (WHITE, BLACK)]

    @staticmethod
    def _steps(origins: int, shift: int, promotion_row: int) -> dict[int, RawMove]:
        """The men's steps by ``shift`` from ``origins``, by destination."""
        steps = [(frm, frm + shift) for frm in range(origins.bit_length()) if origins >> frm & 1]
        return {to: (frm, to, 0, (frm, to), (), bool(promotion_row >> to & 1), False) for frm, to in steps}

    # ------------------------------------------------------------------------------------
    def generate(
        self, own_men: int, own_kings: int, opp_men: int, opp_kings: int, colour: int,
        forced_capture: bool = True, frozen_king: int = 0,
    ) -> list[RawMove]:
        """Every legal move; ``frozen_king`` is the bit of a king that may not make a quiet move."""
        captures = self.captures(own_men, own_kings, opp_men, opp_kings, colour)
        if captures and forced_capture:
            return captures
        quiet = self.quiet_moves(own_men, own_kings, opp_men, opp_kings, colour, frozen_king)
        return captures + quiet if captures else quiet  # the list itself where there is no capture: no copy

    def quiet_moves(
        self, own_men: int, own_kings: int, opp_men: int, opp_kings: int, colour: int, frozen_king: int = 0,
    ) -> list[RawMove]:
        empty = self.board_mask & ~(own_men | own_kings | opp_men | opp_kings)
        moves: list[RawMove] = []
        for shift, origins, by_destination in self.man_steps[colour]:
            movers = own_men & origins
            targets = (movers << shift if shift > 0 else movers >> -shift) & empty
            while targets:
                low = targets & -targets
                moves.append(by_destination[low.bit_length() - 1])
                targets ^= low
        kings = own_kings & ~frozen_king
        flying = self.flying
        while kings:
            low = kings & -kings
            kings ^= low
            for ray in self.king_steps[low.bit_length() - 1]:
                for bit, move in ray:
                    if not empty & bit:
                        break
                    moves.append(move)
                    if not flying:
                        break
        return moves

    def count_moves(self, own_men: int, own_kings: int, opp_men: int, opp_kings: int, colour: int,
                    forced_capture: bool = True) -> int:
        """``len(generate(...))`` without building the moves when none is a capture (perft's last ply)."""
        empty = self.board_mask & ~(own_men | own_kings | opp_men | opp_kings)
        n_captures = 0
        if self._may_capture(own_men, own_kings, opp_men, opp_kings, colour, empty):
            n_captures = self.count_captures(own_men, own_kings, opp_men, opp_kings, colour)
            if n_captures and forced_capture:
                return n_captures
        n = n_captures
        for shift, origins in self.man_shifts[colour]:
            m = own_men & origins
            n += ((m << shift if shift > 0 else m >> -shift) & empty).bit_count()
        kings = own_kings
        flying = self.flying
        rays = self.king_move_rays
        while kings:
            low = kings & -kings
            kings ^= low
            for _d, _squares, bits in rays[low.bit_length() - 1]:
                for bit in bits:
                    if not empty & bit:
                        break
                    n += 1
                    if not flying:
                        break
        return n

    def _may_capture(self, own_men: int, own_kings: int, opp_men: int, opp_kings: int, colour: int,
                     empty: int) -> bool:
        """A cheap test that finds every position with a capture (and no false negatives)."""
        targets = opp_men | opp_kings
        men_targets = targets if self.men_take_kings else opp_men
        for shift, origins in self.man_jump_shifts[colour]:
            m = own_men & origins
            if shift > 0:
                if ((m << shift) & men_targets) << shift & empty:
                    return True
            elif ((m >> -shift) & men_targets) >> -shift & empty:
                return True
        kings = own_kings
        flying = self.flying
        rays = self.king_capture_rays
        while kings:
            low = kings & -kings
            kings ^= low
            for _d, _squares, bits in rays[low.bit_length() - 1]:
                i = 0
                if flying:
                    n = len(bits)
                    while i < n and empty & bits[i]:
                        i += 1
                    if i >= n - 1:
                        continue
                if targets & bits[i] and empty & bits[i + 1]:
                    return True
        return False

    def has_capture(self, own_men: int, own_kings: int, opp_men: int, opp_kings: int, colour: int) -> bool:
        return bool(self.captures(own_men, own_kings, opp_men, opp_kings, colour))

    def captures(self, own_men: int, own_kings: int, opp_men: int, opp_kings: int, colour: int) -> list[RawMove]:
        """The captures the capture-choice rule allows (all of them under free choice)."""
        found = self._all_captures(own_men, own_kings, opp_men, opp_kings, colour, True)
        if not found:
            return []
        moves: list[RawMove] = list(found.values())  # type: ignore[arg-type]  # with routes, all moves
        if len(moves) == 1 or self.free_choice:
            return moves
        if self.count_only:
            most = max([len(m[4]) for m in moves])
            return [m for m in moves if len(m[4]) == most]
        key = self.priority
        keyed = [(key(m[4], m[2] & opp_kings, m[6]), m) for m in moves]
        best = max(k for k, _ in keyed)
        return [m for k, m in keyed if k == best]

    def count_captures(self, own_men: int, own_kings: int, opp_men: int, opp_kings: int, colour: int) -> int:
        """``len(captures(...))``; under a free or most-pieces choice the routes are not built."""
        if not (self.free_choice or self.count_only):
            return len(self.captures(own_men, own_kings, opp_men, opp_kings, colour))
        return len(self.chosen(self._all_captures(own_men, own_kings, opp_men, opp_kings, colour, False)))

    def chosen(self, found: dict[CaptureKey, RawMove | None]) -> list[CaptureKey]:
        """The captures a free or most-pieces choice keeps (the other rules need the routes:
        use :meth:`captures`)."""
        if not self.count_only or len(found) < 2:
            return list(found)
        most = max([c.bit_count() for _o, _t, c in found])
        return [k for k in found if k[2].bit_count() == most]

    def _all_captures(self, own_men: int, own_kings: int, opp_men: int, opp_kings: int, colour: int,
                      routes: bool) -> dict[CaptureKey, RawMove | None]:
        opp = opp_men | opp_kings
        empty = self.board_mask & ~(own_men | own_kings | opp)
        men_targets = opp if self.men_take_kings else opp_men
        # The men next to a target with an empty square behind it: the only ones that can
        # capture. No mask of origins: a step off the board lands on padding (see Geometry),
        # which is neither a target nor empty.
        men = 0
        for shift in self.man_jump_steps[colour]:  # each target with an empty square beyond, back by a step
            men |= (men_targets & empty >> shift) >> shift if shift > 0 else (men_targets & empty << -shift) << -shift
        men &= own_men
        if not (men or own_kings):
            return {}  # no man can take and there is no king: most positions, and cheap to see
        return self.capture_search(men, own_kings, empty, opp, men_targets, colour, routes, opp_kings)

    def capture_search(self, men: int, kings: int, empty: int, targets: int, men_targets: int, colour: int,
                       routes: bool, target_kings: int = 0) -> dict[CaptureKey, RawMove | None]:
        """Every capture by the men ``men`` and the kings ``kings`` of ``colour`` (a man
        jumps ``men_targets``, a king ``targets``; ``empty`` the empty squares), keyed
        (origin, destination, captured mask), so that routes over the same pieces are one
        move: with ``routes`` each maps to its move, else to None (counting, or perft's
        children, where the route does not matter). No capture-choice rule is applied.
        ``target_kings`` (the kings among the targets) matters only where a king halts
        behind a king (Killer); perft's spec sends those rules through :meth:`captures`."""
        found: dict[CaptureKey, RawMove | None] = {}
        man_search = self._man_searches[colour]
        while men:
            low = men & -men
            men ^= low
            origin = low.bit_length() - 1
            start = (origin,) if routes else None
            man_search(origin, origin, empty | low, men_targets, targets, 0, (), start, -1, found)
        while kings:
            low = kings & -kings
            kings ^= low
            origin = low.bit_length() - 1
            start = (origin,) if routes else None
            self._king_search(origin, origin, empty | low, targets, 0, (), start, -1, found, False, target_kings)
        return found

    def _king_jumps(self, sq: int, empty: int, targets: int,
                    last_dir: int) -> list[tuple[int, int, int, int, list[int]]]:
        """A king's single jumps from ``sq``: (direction, victim bit, victim square, the empty
        squares after the jump, the landing squares)."""
        jumps = []
        flying = self.flying
        one_landing = not flying or self.lands_behind  # Thai: only directly behind the piece
        for d, squares, bits in self.king_capture_rays[sq]:
            if self.no_reversal and last_dir >= 0 and d == self.opposite[last_dir]:
                continue
            n = len(bits)
            i = 0
            if flying:
                while i < n and empty & bits[i]:
                    i += 1
            if i >= n - 1 or not targets & bits[i]:
                continue
            over = bits[i]
            after = empty | over if self.immediate else empty
            landings = []
            for j in range(i + 1, n):
                if not after & bits[j]:
                    break
                landings.append(squares[j])
                if one_landing:
                    break
            if landings:
                jumps.append((d, over, squares[i], after, landings))
        return jumps

    # The search below walks one capture route at a time, building the route (``path``,
    # and ``order`` the pieces taken) only when asked for: with ``path`` None it only
    # finds the moves (counting). ``empty`` holds the squares the piece may land on or fly
    # over (its own origin included: it has left it); ``targets`` the pieces it may still
    # jump. With removal at the end a jumped piece leaves ``targets`` but not the board, so
    # it blocks (the Turkish strike); with immediate removal its square joins ``empty``.
    # Each returns whether the piece could jump at all, so the caller knows where a route ends.

    def _record(self, found: dict[CaptureKey, RawMove | None], origin: int, to: int, captured: int,
                order: tuple[int, ...], path: tuple[int, ...] | None, promotes: bool, by_king: bool) -> None:
        key = (origin, to, captured)
        if path is None:
            found[key] = None
        elif key not in found:  # the first route over these pieces stands for them all
            found[key] = (origin, to, captured, path, order, promotes, by_king)

    def _build_man_search(self, colour: int) -> ManSearch:
        """``colour``'s men's search, with its tables and the rule's flags bound once (the
        hottest code of a capture)."""
        table, promo = self.man_search_table[colour], self.promotion_rows[colour]
        no_reversal, opposite, immediate, passing = self.no_reversal, self.opposite, self.immediate, self.passing
        crowns_midway = passing != "continue_as_man"  # a man passing the far row is crowned
        record, king_search = self._record, self._king_search

        def man_search(origin: int, sq: int, empty: int, targets: int, opp: int, captured: int,
                       order: tuple[int, ...], path: tuple[int, ...] | None, last_dir: int,
                       found: dict[CaptureKey, RawMove | None]) -> bool:
            jumped = False
            for d, over, land, land_sq, further in table[sq]:
                if not (targets & over and empty & land):
                    continue
                if no_reversal and last_dir >= 0 and d == opposite[last_dir]:
                    continue
                jumped = True
                new_captured = captured | over
                if path is None:
                    new_order, new_path = order, path
                else:
                    new_order, new_path = order + (over.bit_length() - 1,), path + (land_sq,)
                new_empty = empty | over if immediate else empty
                if crowns_midway and land & promo:
                    if passing == "crown_and_stop":
                        record(found, origin, land_sq, new_captured, new_order, new_path, True, False)
                        continue
                    # Russian 1.5.15: crowned at once, the capture goes on as a king's.
                    if not king_search(origin, land_sq, new_empty, opp & ~new_captured, new_captured,
                                       new_order, new_path, d, found, promoted=True):
                        record(found, origin, land_sq, new_captured, new_order, new_path, True, False)
                    continue
                new_targets = targets ^ over  # over is one of the targets
                if not (new_targets & further
                        and man_search(origin, land_sq, new_empty, new_targets, opp, new_captured,
                                       new_order, new_path, d, found)):
                    key = (origin, land_sq, new_captured)  # record, written out: the hottest call
                    if new_path is None:
                        found[key] = None
                    elif key not in found:
                        found[key] = (origin, land_sq, new_captured, new_path, new_order, bool(land & promo), False)
            return jumped

        return man_search

    def _king_search(self, origin: int, sq: int, empty: int, targets: int, captured: int,
                     order: tuple[int, ...], path: tuple[int, ...] | None, last_dir: int,
                     found: dict[CaptureKey, RawMove | None], promoted: bool = False,
                     target_kings: int = 0) -> bool:
        jumped = False
        for d, over, over_sq, new_empty, landings in self._king_jumps(sq, empty, targets, last_dir):
            jumped = True
            new_captured = captured | over
            new_order = order if path is None else order + (over_sq,)
            new_targets = targets ^ over  # over is one of the targets
            # A capture must be completed: where some landing square lets the king jump on,
            # it must land on one of those (Russian 1.4.5; under the majority rule the longer
            # route wins anyway).
            dead_ends = []
            went_on = False
            for land_sq in landings:
                new_path = None if path is None else path + (land_sq,)
                if self._king_search(origin, land_sq, new_empty, new_targets, new_captured, new_order,
                                     new_path, d, found, promoted, target_kings):
                    went_on = True
                else:
                    dead_ends.append((land_sq, new_path))
            if not went_on:
                if over & target_kings and self.halts_behind_king:
                    # Killer: a capture that ends on a king ends directly behind it.
                    dead_ends = dead_ends[:1]
                for land_sq, new_path in dead_ends:
                    self._record(found, origin, land_sq, new_captured, new_order, new_path, promoted, not promoted)
        return jumped


_GENERATORS: dict[RuleSet, MoveGenerator] = {}


def generator_for(rules: RuleSet) -> MoveGenerator:
    """Move tables are built once per rule set and shared by every game."""
    gen = _GENERATORS.get(rules)
    if gen is None:
        gen = _GENERATORS[rules] = MoveGenerator(rules)
    return gen
