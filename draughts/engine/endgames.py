"""Kings-only endgames solved exhaustively, and the classical results the evaluation uses.

:func:`solve_kings` walks every position of a kings-only material (``a`` kings against ``b``,
side to move first) with the rule set's own move generator and labels each won, lost or
drawn for the side to move, by retrograde iteration to a fixed point (a side without a
piece or a move loses; a position never decided either way is a draw: its defender can
always avoid the loss). Draw rules (FMJD 6.3/6.4) are left out: this is what the board
alone says, the rules only shorten it.

Kings move alike for both colours, so a position is side-relative: (own kings, opposing
kings). ``bench/endgame_kings.py`` prints the tables' counts; ``tests/test_endgames.py``
checks the claims below against them.

Classical results with flying kings that capture diagonally (not Killer, Thai or Frisian),
as the evaluation uses them, each checked by ``tests/test_endgames.py`` on the 8x8 board:

* one king against one king is a draw: no quiet position (no capture on the board) is won
  for the side to move (and only 2 of 738 are lost for it, to a trap in a corner);
* two kings against one king is a draw too, save short tactics: in about 5 % of the quiet
  positions the side with two kings to move wins at once by a trap, which the search sees;
* three kings against one king: the lone king that holds the long diagonal draws, and off it
  it is lost: solved for Brazilian (``bench/endgame_kings.py --kings 3``, ten minutes, so not
  in the tests), three kings to move in a quiet position win all 49,676 with the lone king
  off the diagonal and 1,260 of 11,956 with it on (a trap), the rest drawn (the
  "main road"; Russian rules 7.2.7 and FMJD 6.3's 16 moves exist for this ending;
  boardgamegeek.com "Mini Course 1 - Winning with Three Kings against One": on 8x8 the three
  kings win only while they hold the long diagonal, in International 3 against 1 is drawn
  save tricks).
"""

from __future__ import annotations

from itertools import combinations

from ..movegen import MoveGenerator

WIN, LOSS, DRAW = 1, -1, 0
Table = dict[tuple[int, int], int]


def _positions(squares: list[int], a: int, b: int) -> list[tuple[int, int]]:
    out = []
    for own in combinations(squares, a):
        own_mask = sum(1 << s for s in own)
        rest = [s for s in squares if not own_mask >> s & 1]
        for opp in combinations(rest, b):
            out.append((own_mask, sum(1 << s for s in opp)))
    return out


def solve_kings(gen: MoveGenerator, a: int, b: int, tables: dict[tuple[int, int], Table] | None = None
                ) -> dict[tuple[int, int], Table]:
    """The results of ``a`` kings against ``b`` kings (and of every smaller kings-only
    material a capture leads to), as ``{(a, b): {(own, opp): WIN | LOSS | DRAW}}``."""
    tables = {} if tables is None else tables
    if (a, b) in tables:
        return tables
    g = gen.geometry
    squares = [g.bit_index[n] for n in range(1, g.size + 1)]
    pairs = [(a, b)] if a == b else [(a, b), (b, a)]
    # A capture leads to fewer opposing kings: those tables first.
    for x, y in pairs:
        for fewer in range(1, y):
            solve_kings(gen, fewer, x, tables)
    states = {m: _positions(squares, *m) for m in pairs}
    result: dict[tuple[int, int], Table] = {m: {} for m in pairs}
    children: dict[tuple[int, int], dict[tuple[int, int], list[tuple[tuple[int, int], tuple[int, int]]]]] = {}
    for mat in pairs:
        kids: dict[tuple[int, int], list[tuple[tuple[int, int], tuple[int, int]]]] = {}
        for own, opp in states[mat]:
            moves = gen.generate(0, own, 0, opp, 0)
            if not moves:
                result[mat][(own, opp)] = LOSS
                continue
            out: list[tuple[tuple[int, int], tuple[int, int]]] = []
            for frm, to, cap, *_rest in moves:
                new_own = own & ~(1 << frm) | (1 << to)
                new_opp = opp & ~cap
                if not new_opp:
                    out = []
                    result[mat][(own, opp)] = WIN  # the last opposing king is taken
                    break
                out.append(((new_opp.bit_count(), mat[0]), (new_opp, new_own)))
            if out:
                kids[(own, opp)] = out
        children[mat] = kids
    changed = True
    while changed:
        changed = False
        for mat in pairs:
            table = result[mat]
            for key, out in children[mat].items():
                if key in table:
                    continue
                all_won = True
                for child_mat, child in out:
                    value = (result[child_mat] if child_mat in result else tables[child_mat]).get(child)
                    if value == LOSS:
                        table[key] = WIN
                        changed = True
                        break
                    if value != WIN:
                        all_won = False
                else:
                    if all_won:
                        table[key] = LOSS
                        changed = True
    for mat in pairs:
        table = result[mat]
        for key in states[mat]:
            table.setdefault(key, DRAW)
        tables[mat] = table
    return tables


__all__ = ["solve_kings", "WIN", "LOSS", "DRAW"]
