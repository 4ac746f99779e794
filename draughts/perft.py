"""Perft: count the move paths of a given depth, the standard check of a move generator.

Counts unique moves (RULES.md), straight on the bitboards: no :class:`~draughts.move.Move`
objects, and the last plies are counted without listing their moves (bulk counting).

:class:`FastPerft` is built once per rule table from the
:class:`~draughts.movegen.MoveGenerator`'s tables. Per side to move it has ``count`` (the
number of legal moves), ``children`` (the positions after them, as bare bitboards rather
than move tuples) and a two-ply count. The hot functions are written out as source text
with the rule's shifts as constants and compiled once (a loop over four directions costs
as much as the big-int work inside it), and the rest are closures with the rule flags
decided when they are built, so no hot path tests a flag or calls a method.

* Captures: its own route search covers the common rules (pieces removed at the end of the
  capture, no ban on turning back, men passing the far row stay men, free or most-pieces
  choice), and where no landing square can jump on, single jumps are counted or listed in
  bulk; other capture rules use the generator's own capture search from the same walk.
* The last two plies: where the side to move cannot capture and the other side has no
  king and no capture, the replies to a quiet step are counted from the squares it leaves
  and enters (see :func:`_two_plies`).
* Rules whose legality depends on history (a limit on quiet moves with one king) walk
  through the Game.

Hash tables (caching counts of subtrees) are deliberately not used: perft measures the
move generator. tests/test_perft.py checks every walk against published counts, and the
bulk counts against the full generator on positions from random playouts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from .movegen import BLACK, WHITE, MoveGenerator, RawMove
from .position import play

if TYPE_CHECKING:
    from .game import Game

# A child position, the side to move next first: (its men, its kings, the other men, the other kings).
Child = tuple[int, int, int, int]
Count = Callable[[int, int, int, int], int]
Children = Callable[[int, int, int, int], list[Child]]


def perft(game: "Game", depth: int) -> int:
    if depth < 0:
        raise ValueError("perft depth must be 0 or more")
    if depth == 0:
        return 1
    if game.rules.max_same_king_moves is not None:
        return _perft_streak(game, depth)
    position = game.position
    fast = fast_perft(game.generator, game.rules.forced_capture)
    return fast.perft(*position.sides(), position.turn.index, depth)


_FAST: dict[tuple[int, bool], "FastPerft"] = {}


def fast_perft(gen: MoveGenerator, forced: bool) -> "FastPerft":
    """The perft walk of one generator, built on first use and kept."""
    key = (id(gen), forced)
    fast = _FAST.get(key)
    if fast is None or fast.gen is not gen:
        fast = _FAST[key] = FastPerft(gen, forced)
    return fast


class FastPerft:
    """Per side to move: ``count`` (how many legal moves) and ``children`` (the positions after them)."""

    def __init__(self, gen: MoveGenerator, forced: bool) -> None:
        self.gen = gen
        self.forced = forced
        sides = [_side(gen, colour, forced) for colour in (WHITE, BLACK)]
        self.count: list[Count] = [side.count for side in sides]
        self.children: list[Children] = [side.children for side in sides]
        two = [_two_plies(gen, colour, sides[colour], sides[colour ^ 1]) for colour in (WHITE, BLACK)]
        self._walks = _walks(self.children, two)

    def perft(self, om: int, ok: int, pm: int, pk: int, colour: int, depth: int) -> int:
        """Leaves ``depth`` plies below the position with ``colour``'s men ``om`` and kings ``ok`` to move."""
        if depth == 0:
            return 1
        if depth == 1:
            return self.count[colour](om, ok, pm, pk)
        return self._walks[colour](om, ok, pm, pk, depth)


Walk = Callable[[int, int, int, int, int], int]


def _walks(children: list[Children], two: list[Count]) -> list[Walk]:
    """The recursion, one function per side so that neither tests whose turn it is."""
    walks: list[Walk] = []
    for colour in (WHITE, BLACK):
        walks.append(_walk(children[colour], two[colour], walks, colour ^ 1))
    return walks


def _walk(children: Children, two: Count, walks: list[Walk], nxt: int) -> Walk:
    def walk(om: int, ok: int, pm: int, pk: int, depth: int) -> int:
        if depth == 2:
            return two(om, ok, pm, pk)
        deeper = walks[nxt]
        depth -= 1
        total = 0
        for a, b, c, d in children(om, ok, pm, pk):
            total += deeper(a, b, c, d, depth)
        return total

    return walk


@dataclass
class _Side:
    """One side to move's functions, and the tables the two-ply count reads."""

    count: Count
    children: Children
    exact: bool = False  # whether the fields below are set (every step is a plain shift)
    steps: tuple[int, ...] = ()  # men's quiet steps as signed shifts of the bit index
    jumps: tuple[int, ...] = ()  # men's jumps: the signed shift from a man to the piece it jumps
    promo: int = 0
    king_may_capture: Callable[[int, int, int, int], bool] | None = None  # (kings, occupied, empty, targets)
    kmove_up: list[tuple[tuple[int, int], ...]] = field(default_factory=list)  # per square (shift, ray)
    kmove_down: list[tuple[tuple[int, int], ...]] = field(default_factory=list)
    flying: bool = True
    # Captures as FastPerft's own search makes them (removal at the end, men stay men
    # while capturing) and compulsory: then single jumps that cannot go on are the moves.
    single_jumps_are_moves: bool = False


def _shift_is_exact(gen: MoveGenerator, shift: int) -> bool:
    """Whether moving a bit by ``shift`` lands on a playing square only where the real step does.

    On the padded layout every step of at most two columns falls onto a padding bit or off
    the int when it leaves the board; the fast walk relies on that and checks it here.
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


def _side(gen: MoveGenerator, colour: int, forced: bool) -> _Side:
    """``count`` and ``children`` for one side to move, with every rule flag decided here."""
    board = gen.board_mask
    promo = gen.promotion_rows[colour]
    men_take_kings = gen.men_take_kings
    flying = gen.flying
    own_search = (not gen.immediate and not gen.no_reversal and gen.passing == "continue_as_man"
                  and (gen.free_choice or gen.count_only))
    most = gen.count_only

    # Men's steps and jumps as whole-board shifts, split by sign so no loop tests it.
    step_up = tuple(-s for s, _o in gen.man_shifts[colour] if s < 0)
    step_down = tuple(s for s, _o in gen.man_shifts[colour] if s > 0)
    jump_up = tuple((-s, -2 * s) for s, _o in gen.man_jump_shifts[colour] if s < 0)
    jump_down = tuple((s, 2 * s) for s, _o in gen.man_jump_shifts[colour] if s > 0)
    # Per square: (over bit, land bit, land square, the bits a jump from the land square
    # goes over): a route whose remaining targets miss that last mask ends without a call.
    reach = [0] * len(gen.man_jumps[colour])
    for sq, js in enumerate(gen.man_jumps[colour]):
        for _d, over, _land, _land_sq in js:
            reach[sq] |= over
    jumps = [tuple((over, land, land_sq, reach[land_sq]) for _d, over, land, land_sq in js)
             for js in gen.man_jumps[colour]]

    # King rays per square: (shift, mask of the ray) split by the sign of the shift.
    def rays(table: list) -> tuple[list[tuple[tuple[int, int], ...]], list[tuple[tuple[int, int], ...]]]:
        up: list[tuple[tuple[int, int], ...]] = []
        down: list[tuple[tuple[int, int], ...]] = []
        for sq, entries in enumerate(table):
            u, d = [], []
            for _d, squares, bits in entries:
                mask = 0
                for b in bits:
                    mask |= b
                shift = squares[0] - sq
                (u if shift < 0 else d).append((-shift if shift < 0 else shift, mask))
            up.append(tuple(u))
            down.append(tuple(d))
        return up, down

    kmove_up, kmove_down = rays(gen.king_move_rays)
    kcap_up, kcap_down = rays(gen.king_capture_rays)
    # Short kings step like men in every direction; as shifts, all kings at once.
    kstep_up = tuple(sorted({s for rs in kmove_up for s, _m in rs}))
    kstep_down = tuple(sorted({s for rs in kmove_down for s, _m in rs}))
    down = {*step_down, *kstep_down, *(s for s, _ in jump_down), *(s for rs in kcap_down for s, _m in rs)}
    up = {*step_up, *kstep_up, *(s for s, _ in jump_up), *(s for rs in kcap_up for s, _m in rs)}
    if not all(_shift_is_exact(gen, s) for s in down) or not all(_shift_is_exact(gen, -s) for s in up):
        return _generic_side(gen, colour, forced)  # a geometry whose steps wrap: the generator does it all
    # Short kings capture like men too: per square (over bit, land bit, land square).
    king_jumps = []
    for sq, entries in enumerate(gen.king_capture_rays):
        king_jumps.append(tuple((bits[0], bits[1], squares[1]) for _d, squares, bits in entries))

    # --- the capture search (own_search rules only) --------------------------------------
    # One route at a time; a jumped piece leaves ``targets`` but stays on the board until
    # the move ends, so it blocks (the Turkish strike). ``out`` collects (landing square,
    # captured mask) where a route ends; each returns whether the piece could jump at all.
    def man_search(sq: int, empty: int, targets: int, captured: int, out: list) -> bool:
        jumped = False
        for over, land, land_sq, further in jumps[sq]:
            if over & targets and land & empty:
                jumped = True
                c = captured | over
                t = targets ^ over
                if not (t & further and man_search(land_sq, empty, t, c, out)):
                    out.append((land_sq, c))
        return jumped

    def flying_search(sq: int, empty: int, occ: int, targets: int, captured: int, out: list) -> bool:
        # The first piece along a ray is the lowest (or highest) set bit of ray & occupied.
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

    def short_king_search(sq: int, empty: int, occ: int, targets: int, captured: int, out: list) -> bool:
        jumped = False
        for over, land, land_sq in king_jumps[sq]:
            if over & targets and land & empty:
                jumped = True
                c = captured | over
                if not short_king_search(land_sq, empty, occ, targets ^ over, c, out):
                    out.append((land_sq, c))
        return jumped

    king_search = flying_search if flying else short_king_search

    def capture_routes(men: int, kings: int, empty: int, occ: int, targets: int, men_targets: int
                       ) -> list[tuple[int, bool, list[tuple[int, int]]]]:
        """(origin bit, by king, route ends) of every piece that can capture, ends unique
        and, under the majority rule, only those taking the most pieces."""
        groups = []
        best = 0
        while men:
            low = men & -men
            men ^= low
            out: list[tuple[int, int]] = []
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
        out: list[tuple[int, int]] = []
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

    # The generator's own search, for the capture rules the search above leaves out.
    generate_captures = gen.captures
    count_captures = gen._count_captures if (gen.free_choice or gen.count_only) else None

    def capture_children(om: int, ok: int, pm: int, pk: int, men: int, empty: int, occ: int,
                         kids: list[Child]) -> None:
        if own_search:
            targets = pm | pk
            routes = capture_routes(men, ok, empty, occ, targets, targets if men_take_kings else pm)
            for origin, by_king, out in routes:
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
            return
        for frm, to, c, _path, _order, promotes, by_king in generate_captures(om, ok, pm, pk, colour):
            fb = 1 << frm
            tb = 1 << to
            if by_king:
                kids.append((pm & ~c, pk & ~c, om, (ok & ~fb) | tb))
            elif promotes:
                kids.append((pm & ~c, pk & ~c, om ^ fb, ok | tb))
            else:
                kids.append((pm & ~c, pk & ~c, om ^ fb ^ tb, ok))

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

    steps = [-s for s in step_up] + list(step_down)
    jump_dirs = [-s for s, _s2 in jump_up] + [s for s, _s2 in jump_down]
    src = _side_source(steps, jump_dirs, men_take_kings, own_search, count_captures is not None, forced, most)
    names = dict(BOARD=board, PROMO=promo, COLOUR=colour, king_may_capture=king_may_capture,
                 count_routes=count_routes, count_captures=count_captures, generate_captures=generate_captures,
                 capture_children=capture_children, king_quiet_count=king_quiet_count,
                 king_children=king_children)
    exec(compile(src, f"<perft side {colour}>", "exec"), names)
    return _Side(names["count"], names["children"], True, tuple(steps), tuple(jump_dirs), promo,
                 king_may_capture, kmove_up, kmove_down, flying, own_search and forced)


def _sh(x: str, k: int) -> str:
    """Source text of ``x`` moved ``k`` bits up (``k`` > 0) or down."""
    if not x.isidentifier():
        x = f"({x})"
    return f"({x} << {k})" if k > 0 else f"({x} >> {-k})"


def _side_source(steps: list[int], jump_dirs: list[int], men_take_kings: bool, own_search: bool,
                 count_only: bool, forced: bool, most: bool) -> str:
    """``count`` and ``children`` of one side, every direction written out.

    A loop over the directions costs about as much as the big-int operations in its body,
    so the two functions are written out once per side as source text with the shifts as
    constants. ``c<i>`` is the set of squares a man could jump from in direction ``i``;
    when no landing square of a single jump is such a square (and no king can take),
    every capture takes one piece and the jumps are counted, or listed, in bulk.
    """
    head = [
        "    occ = om | ok | pm | pk",
        "    empty = BOARD ^ occ",
        f"    prey = {'pm | pk' if men_take_kings else 'pm'}",
    ]
    head += [f"    c{i} = {_sh('prey', -u)} & {_sh('empty', -2 * u)}" for i, u in enumerate(jump_dirs)]
    head += [
        f"    jumpers = {' | '.join(f'c{i}' for i in range(len(jump_dirs)))}",
        "    men = om & jumpers",
        "    king_takes = ok and king_may_capture(ok, occ, empty, pm | pk)",
    ]
    landings = ["            land = 0"]
    for i, u in enumerate(jump_dirs):
        landings += [f"            j = men & c{i}", f"            land |= {_sh('j', 2 * u)}"]

    count = ["def count(om, ok, pm, pk):", *head, "    n = 0", "    if men or king_takes:"]
    if own_search:
        count += ["        if king_takes:", "            n = count_routes(men, ok, empty, occ, pm | pk, prey)",
                  "        else:", "            land = 0"]
        for i, u in enumerate(jump_dirs):
            count += [f"            j = men & c{i}", "            n += j.bit_count()",
                      f"            land |= {_sh('j', 2 * u)}"]
        # A landing square that can jump on: under the majority rule only the men with such
        # a landing can make a longest capture, so only they are searched.
        going_on = " | ".join(_sh(_sh("men & c%d" % i, 2 * u) + " & jumpers", -2 * u)
                              for i, u in enumerate(jump_dirs))
        count += ["            if land & jumpers:",
                  f"                n = count_routes({going_on if most else 'men'}, 0, empty, occ, pm | pk, prey)"]
    elif count_only:
        count += ["        n = count_captures(om, ok, pm, pk, COLOUR, empty)"]
    else:
        count += ["        n = len(generate_captures(om, ok, pm, pk, COLOUR))"]
    if forced:
        count += ["        if n:", "            return n"]
    count += ["    n += " + " + ".join(f"({_sh('om', v)} & empty).bit_count()" for v in steps),
              "    if ok:", "        n += king_quiet_count(ok, occ, empty)", "    return n"]

    children = ["def children(om, ok, pm, pk):", *head, "    kids = []", "    if men or king_takes:"]
    if own_search:
        children += ["        if king_takes:", "            capture_children(om, ok, pm, pk, men, empty, occ, kids)",
                     "        else:", *landings,
                     "            if land & jumpers:", "                capture_children(om, ok, pm, pk, men, empty, occ, kids)",
                     "            else:"]
        for i, u in enumerate(jump_dirs):
            children += [
                f"                j = men & c{i}",
                "                while j:",
                "                    low = j & -j",
                "                    j ^= low",
                f"                    over = {_sh('low', u)}",
                f"                    to = {_sh('low', 2 * u)}",
                "                    if to & PROMO:",
                "                        kids.append((pm & ~over, pk & ~over, om ^ low, ok | to))",
                "                    else:",
                "                        kids.append((pm & ~over, pk & ~over, om ^ low ^ to, ok))",
            ]
    else:
        children += ["        capture_children(om, ok, pm, pk, men, empty, occ, kids)"]
    if forced:
        children += ["        if kids:", "            return kids"]
    for v in steps:
        children += [
            f"    to = {_sh('om', v)} & empty",
            "    crown = to & PROMO",
            "    to ^= crown",
            "    while to:",
            "        low = to & -to",
            "        to ^= low",
            f"        kids.append((pm, pk, om ^ (low | {_sh('low', -v)}), ok))",
            "    while crown:",
            "        low = crown & -crown",
            "        crown ^= low",
            f"        kids.append((pm, pk, om ^ {_sh('low', -v)}, ok | low))",
        ]
    children += ["    if ok:", "        king_children(om, ok, pm, pk, empty, kids)", "    return kids"]
    return "\n".join(count + children) + "\n"


def _generic_side(gen: MoveGenerator, colour: int, forced: bool) -> _Side:
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

    return _Side(count, children)


def _two_plies(gen: MoveGenerator, colour: int, a: _Side, b: _Side) -> Count:
    """Leaves two plies below a position with side ``a`` to move, ``b`` replying.

    Bulk counting over the last two plies: when ``a`` has no capture, ``b`` has no king and
    no capture (were it to move), a quiet step f-t by one of ``a``'s men changes ``b``'s
    quiet moves only at f and t: ``b`` has the moves it has now, less those into t, plus
    those into f, and it gets a capture only by jumping the man on t, or by landing on f.
    So the steps in one direction are counted together with a few popcounts, and only
    those that may give ``b`` a capture (and every king move) go through ``b``'s count.
    """
    children, count_next = a.children, b.count

    def one_by_one(om: int, ok: int, pm: int, pk: int) -> int:
        total = 0
        for p, q, r, t in children(om, ok, pm, pk):
            total += count_next(p, q, r, t)
        return total

    if not (a.exact and b.exact):
        return one_by_one
    flying = a.flying
    kmove_up, kmove_down = a.kmove_up, a.kmove_down

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

    # In the text: "hanging" are the empty squares where a piece of a's would be jumped,
    # "landing" the occupied squares b could land on were they empty, r<k> b's men moved
    # one step in direction k (so popcounts of r<k> & squares count b's steps into them).
    # A step by shift d is risky on t where b's men jump by -d: a b man beyond t jumps it
    # back onto the square it came from.
    prey = "om | ok" if gen.men_take_kings else "om"
    lines = [
        "def two(om, ok, pm, pk):",
        "    if pk:",
        "        return one_by_one(om, ok, pm, pk)",
        "    occ = om | ok | pm | pk",
        "    empty = BOARD ^ occ",
        "    if om & (" + " | ".join(f"{_sh('pm', -u)} & {_sh('empty', -2 * u)}" for u in a.jumps) + "):",
        "        return one_by_one(om, ok, pm, pk)",
        "    if ok and king_may_capture(ok, occ, empty, pm):",
        "        return one_by_one(om, ok, pm, pk)",
        f"    prey = {prey}",
        *(f"    h{i} = {_sh('pm', u)} & {_sh('empty', -u)}" for i, u in enumerate(b.jumps)),
        "    hanging = " + " | ".join(f"h{i}" for i in range(len(b.jumps))),
        "    if hanging & prey:  # b could capture now",
        "        return one_by_one(om, ok, pm, pk)",
        *(f"    l{i} = {_sh('pm', 2 * u)} & {_sh('prey', u)}" for i, u in enumerate(b.jumps)),
        "    landing = " + " | ".join(f"l{i}" for i in range(len(b.jumps))),
    ]
    lines += [f"    r{k} = {_sh('pm', v)}" for k, v in enumerate(b.steps)]
    lines += ["    base = " + " + ".join(f"(r{k} & empty).bit_count()" for k in range(len(b.steps))),
              "    total = 0"]
    # b's men beyond t on the line of the step (see above), as a name computed once.
    step_names = {_sh("pm", v): f"r{k}" for k, v in enumerate(b.steps)}
    back = {}
    for n, d in enumerate(a.steps):
        if -d not in b.jumps:
            back[d] = "0"
        elif _sh("pm", -d) in step_names:
            back[d] = step_names[_sh("pm", -d)]
        else:
            back[d] = f"w{n}"
            lines.append(f"    w{n} = {_sh('pm', -d)}")
    for n, d in enumerate(a.steps):
        lines += [
            f"    to = {_sh('om', d)} & empty",
            f"    bad{n} = to & (hanging | {_sh('landing', d)} | {back[d]})",
            f"    to ^= bad{n}",
            "    if to:",
            f"        frm = {_sh('to', -d)}",
            "        total += to.bit_count() * base" + "".join(
                f" + (frm & r{k}).bit_count() - (to & r{k}).bit_count()" for k in range(len(b.steps))),
        ]
    if b.single_jumps_are_moves:
        # The risky steps whose every capture by b is a single jump that cannot go on: b's
        # moves are those jumps (of the man on t, or onto f). "reach" is where a b man could
        # jump from in any of the children (every risky t occupied, every f empty): a
        # landing square outside it ends the capture.
        all_t = " | ".join(f"bad{n}" for n in range(len(a.steps)))
        all_f = " | ".join(_sh(f"bad{n}", -d) for n, d in enumerate(a.steps))
        lines += [
            f"    if {all_t}:",
            f"        wide_prey = prey | {all_t}",
            f"        wide_empty = empty | {all_f}",
            "        reach = " + " | ".join(f"{_sh('wide_prey', -u)} & {_sh('wide_empty', -2 * u)}" for u in b.jumps),
            "        goes_on = " + " | ".join(f"h{i} & {_sh('reach', -u)}" for i, u in enumerate(b.jumps)),
        ]
        for n, d in enumerate(a.steps):
            lines += [
                f"        clean = bad{n} & ~(goes_on | PROMO | ({back[d]} | {_sh('landing', d)}) & {_sh('reach', d)})",
                "        if clean:",
                f"            bad{n} ^= clean",
                f"            total += (clean & {back[d]}).bit_count()" + "".join(
                    f" + (clean & h{i}).bit_count()" for i in range(len(b.jumps))),
                "            if landing:",
                f"                frm = {_sh('clean', -d)}",
                "                total += " + " + ".join(f"(frm & l{i}).bit_count()" for i in range(len(b.jumps))),
            ]
    for n, d in enumerate(a.steps):
        lines += [
            f"    while bad{n}:",
            f"        low = bad{n} & -bad{n}",
            f"        bad{n} ^= low",
            "        if low & PROMO:",
            f"            total += count_next(pm, pk, om ^ {_sh('low', -d)}, ok | low)",
            "        else:",
            f"            total += count_next(pm, pk, om ^ low ^ {_sh('low', -d)}, ok)",
        ]
    lines += ["    if ok:", "        total += king_moves(om, ok, pm, empty)", "    return total"]
    names = dict(BOARD=gen.board_mask, PROMO=a.promo, one_by_one=one_by_one, count_next=count_next,
                 king_may_capture=a.king_may_capture, king_moves=king_moves)
    exec(compile("\n".join(lines) + "\n", f"<perft two plies {colour}>", "exec"), names)
    return names["two"]


def _perft_streak(game: "Game", depth: int) -> int:
    """Perft for rules whose legality depends on history: a king that has made the most
    quiet moves in a row allowed may not make another (Frisian). Each side's streak,
    (king bit, quiet moves in a row), goes down the walk as the Game keeps it."""
    position = game.position
    colour = position.turn.index
    gen = game.generator
    forced = game.rules.forced_capture
    limit = game.rules.max_same_king_moves
    assert limit is not None
    generate = gen.generate

    def walk(om: int, ok: int, pm: int, pk: int, colour: int, depth: int,
             streak: tuple[int, int], other: tuple[int, int]) -> int:
        moves = generate(om, ok, pm, pk, colour, forced, streak[0] if streak[1] >= limit else 0)
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            npm, npk, nm, nk = play(move, om, ok, pm, pk)
            frm, to, cap, by_king = move[0], move[1], move[2], move[6]
            if by_king and not cap and nm:
                new = (1 << to, streak[1] + 1 if streak[0] == 1 << frm else 1)
            else:
                new = (0, 0)
            total += walk(npm, npk, nm, nk, colour ^ 1, depth - 1, other, new)
        return total

    mine, theirs = game.king_streak[colour], game.king_streak[colour ^ 1]
    return walk(*position.sides(), colour, depth, mine, theirs)


def divide(game: "Game", depth: int) -> list[tuple[str, int]]:
    """Each legal move's PDN with the perft count below it."""
    out = []
    for move in list(game.legal_moves):
        text = game.move_text(move)
        game.push(move)
        out.append((text, perft(game, depth - 1)))
        game.pop()
    return out


__all__ = ["perft", "divide", "fast_perft", "FastPerft", "RawMove"]
