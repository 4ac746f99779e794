"""Static evaluation, one family of weights per kind of game, straight from the bitboards.

The family comes from the rule flags, never from the variant's name:

* ``losing``   -- ``losing_game``: the goal is inverted (Antidraughts, Schlagdame);
* ``breakthrough`` -- ``crowning_wins``: the first king wins (advance is everything);
* ``frisian``  -- ``capture_choice == "frisian_value"``;
* ``turkish``  -- ``colouring == "all"`` (orthogonal movement on all 64 squares);
* ``flying``   -- ``flying_kings`` (International, Brazilian, Canadian, Russian, Pool, ...);
* ``short``    -- everything else (English, Italian: kings move one square).

Scores are in centi-men (a man is 100) from the point of view of the side to move, so the
search can negate them. Every term is a popcount of a mask computed once per rule set, so an
evaluation costs a few dozen integer operations and no loop over squares.

>>> from draughts.game import Game
>>> game = Game("international")
>>> ev = Evaluator(game.rules, game.generator)
>>> ev.family, ev.evaluate(*game.pieces, 0)
('flying', 0)
"""

from __future__ import annotations

from ..movegen import MoveGenerator
from ..rules import RuleSet

# One readable table: every weight of every family, in centi-men.
#   man, king       material
#   advance         bonus per row a man has advanced, multiplied by the row (so it grows
#                   quadratically: the last rows before promotion are worth most)
#   centre          a man on a central square (controls the board, keeps options)
#   back_rank       a man still on its own back row (stops enemy promotions); it fades out
#                   once the opponent has a king, since a king goes anywhere anyway
#   support         a man with both squares behind it occupied by friends (a formation
#                   that cannot be attacked from behind and closes holes)
#   runaway         a man one move from promotion with a free promotion square
#   king_diagonal   a king on the long diagonal (dominance in flying-king endings)
#   king_alone      extra for having kings when the opponent has none
#   drawish         divisor for endings a lone king usually holds (too little to win)
#   mobility        each quiet move a man has (a cramped side runs out of moves and tempo)
#   balance         penalty per piece of difference between the left and right halves
#                   (a lopsided army leaves one wing without defenders)
WEIGHTS: dict[str, dict[str, int]] = {
    "flying": dict(man=100, king=330, advance=1, centre=5, back_rank=6, support=4, runaway=60,
                   king_diagonal=25, king_alone=40, drawish=6, mobility=4, balance=3),
    "short": dict(man=100, king=150, advance=1, centre=6, back_rank=12, support=3, runaway=30,
                  king_diagonal=0, king_alone=20, drawish=1, mobility=2, balance=0),
    "turkish": dict(man=100, king=280, advance=2, centre=3, back_rank=0, support=3, runaway=80,
                    king_diagonal=0, king_alone=40, drawish=1, mobility=1, balance=0),
    "frisian": dict(man=100, king=250, advance=1, centre=5, back_rank=6, support=4, runaway=50,
                    king_diagonal=10, king_alone=40, drawish=4, mobility=2, balance=3),
    # Breakthrough: the first king wins, so a man's advance is what counts, and most of all
    # a man with a free road ahead.
    "breakthrough": dict(man=100, king=330, advance=4, centre=5, back_rank=12, support=6, runaway=400,
                         king_diagonal=0, king_alone=0, drawish=1, mobility=4, balance=3),
    # Losing games: pieces are a burden; kings are worse (they must capture far and wide
    # but are also hard to give away), so both count against their owner.
    "losing": dict(man=100, king=150, advance=0, centre=0, back_rank=0, support=0, runaway=0,
                   king_diagonal=0, king_alone=0, drawish=1, mobility=0, balance=0),
}


def family_of(rules: RuleSet) -> str:
    if rules.losing_game:
        return "losing"
    if rules.crowning_wins:
        return "breakthrough"
    if rules.capture_choice == "frisian_value":
        return "frisian"
    if rules.colouring == "all":
        return "turkish"
    if rules.flying_kings:
        return "flying"
    return "short"


class Evaluator:
    """Masks and weights for one rule set; :meth:`evaluate` scores a position."""

    def __init__(self, rules: RuleSet, gen: MoveGenerator, weights: dict[str, int] | None = None) -> None:
        self.family = family_of(rules)
        self.losing = rules.losing_game
        w = dict(WEIGHTS[self.family])
        if weights:
            w.update(weights)
        self.weights = w
        g = gen.geometry
        rows, cols, stride = g.rows, g.cols, g.stride
        self.man_value = w["man"]
        self.king_value = w["king"]
        # Row masks by advancement (0 = own back row) for each colour; White moves up.
        self.adv_rows: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
        lo_r, hi_r = int(rows * 0.3), rows - 1 - int(rows * 0.3)
        lo_c, hi_c = int(cols * 0.2), cols - 1 - int(cols * 0.2)
        centre = 0
        diag_a = diag_b = 0
        for colour in (0, 1):
            by_adv = [0] * rows
            for s in g.squares:
                adv = rows - 1 - s.row if colour == 0 else s.row
                by_adv[adv] |= 1 << g.bit_index[s.number]
            # advance weight grows with the square of the row: tempo matters most near the end
            self.adv_rows[colour].extend(
                (w["advance"] * a * a // 2, m) for a, m in enumerate(by_adv) if a and a < rows - 1
            )
        for s in g.squares:
            b = 1 << g.bit_index[s.number]
            if lo_r <= s.row <= hi_r and lo_c <= s.col <= hi_c:
                centre |= b
            if s.row + s.col == rows - 1:
                diag_a |= b
            if s.row == s.col:
                diag_b |= b
        self.centre = centre
        self.long_diagonal = diag_a if diag_a.bit_count() >= diag_b.bit_count() else diag_b
        self.back_row = (g.bottom_row_mask, g.top_row_mask)
        self.promo_row = (g.top_row_mask, g.bottom_row_mask)
        pre: tuple[list[int], list[int]] = ([], [])
        for colour in (0, 1):
            r = 1 if colour == 0 else rows - 2
            pre[colour].append(sum(1 << g.bit_index[s.number] for s in g.squares if s.row == r))
        self.pre_promo = (pre[0][0], pre[1][0])
        self.forward_shifts = gen.man_shifts  # [colour] -> [(shift, origins)]
        # The squares "behind" a man, as shifts that bring a supporter onto the man's bit.
        behind: list[tuple[int, ...]]
        if self.family == "turkish":
            behind = [(stride,), (-stride,)]
        else:
            behind = [(stride - 1, stride + 1), (-(stride - 1), -(stride + 1))]
        self.behind = behind
        self.board_mask = g.mask
        self.drawish = w["drawish"]
        self.w_centre, self.w_back, self.w_support = w["centre"], w["back_rank"], w["support"]
        self.w_runaway, self.w_kdiag, self.w_kalone = w["runaway"], w["king_diagonal"], w["king_alone"]
        self.flying = rules.flying_kings
        # Kings-only endings with known results: flying diagonal kings that take by the
        # majority rule or free choice (not Frisian's orthogonal captures, not a losing game,
        # not Breakthrough, where the first king has already decided).
        self.kings_only_draws = (self.family == "flying" and not rules.king_halts_behind_king
                                 and not rules.king_lands_behind_piece)
        self.w_mobility, self.w_balance = w["mobility"], w["balance"]
        self.left = sum(1 << g.bit_index[s.number] for s in g.squares if s.col < cols // 2)
        self.right = sum(1 << g.bit_index[s.number] for s in g.squares if s.col >= cols // 2)

    def side_score(self, men: int, kings: int, opp_men: int, opp_kings: int, colour: int, empty: int) -> int:
        """Positional score of one side (without the lone-king and losing-game adjustments)."""
        score = men.bit_count() * self.man_value + kings.bit_count() * self.king_value
        if men:
            for weight, mask in self.adv_rows[colour]:
                if men & mask:
                    score += weight * (men & mask).bit_count()
            score += self.w_centre * (men & self.centre).bit_count()
            if not opp_kings:
                score += self.w_back * (men & self.back_row[colour]).bit_count()
            if self.w_support:
                s = men
                for sh in self.behind[colour]:
                    s &= (men >> sh) if sh > 0 else (men << -sh)
                score += self.w_support * s.bit_count()
            if self.w_mobility:
                free = 0
                for shift, origins in self.forward_shifts[colour]:
                    m = men & origins
                    free += ((m << shift if shift > 0 else m >> -shift) & empty).bit_count()
                score += self.w_mobility * free
            near = men & self.pre_promo[colour]
            if near and self.w_runaway:
                promo = self.promo_row[colour] & empty
                for shift, origins in self.forward_shifts[colour]:
                    m = near & origins
                    if (m << shift if shift > 0 else m >> -shift) & promo:
                        score += self.w_runaway
                        break
        if self.w_balance:
            pieces = men | kings
            score -= self.w_balance * abs((pieces & self.left).bit_count() - (pieces & self.right).bit_count())
        if kings:
            score += self.w_kdiag * (kings & self.long_diagonal).bit_count()
            if not opp_kings:
                score += self.w_kalone
        return score

    def evaluate(self, om: int, ok: int, pm: int, pk: int, colour: int) -> int:
        """The score for the side to move (``colour``), whose men and kings are ``om``/``ok``."""
        if self.losing:
            # Fewer pieces is better; the side with less material is nearer the goal.
            own = om.bit_count() * self.man_value + ok.bit_count() * self.king_value
            opp = pm.bit_count() * self.man_value + pk.bit_count() * self.king_value
            return opp - own
        if self.kings_only_draws and not (om | pm):
            drawn = self._kings_only_draw(ok, pk)
            if drawn:
                return 0
        empty = self.board_mask & ~(om | ok | pm | pk)
        score = (self.side_score(om, ok, pm, pk, colour, empty)
                 - self.side_score(pm, pk, om, ok, colour ^ 1, empty))
        if self.drawish > 1:
            # A lone king against a few pieces is usually a draw with flying kings
            # (FMJD 6.3/6.4 even make it one by rule): keep the search from overrating it.
            if not om and ok.bit_count() == 1 and (pm | pk).bit_count() <= 3:
                score //= self.drawish
            elif not pm and pk.bit_count() == 1 and (om | ok).bit_count() <= 3:
                score //= self.drawish
        return score

    def _kings_only_draw(self, ok: int, pk: int) -> bool:
        """A kings-only ending that cannot be won (see :mod:`draughts.engine.endgames`): one
        king against one or two, or against three while it holds the long diagonal. The
        evaluation sees quiet positions only, and the search still finds the short tactical
        wins that exist in a few of them."""
        a, b = ok.bit_count(), pk.bit_count()
        if a > b:
            a, b, ok, pk = b, a, pk, ok
        if a != 1:
            return False
        return b <= 2 or (b == 3 and bool(ok & self.long_diagonal))

    def material(self, om: int, ok: int, pm: int, pk: int) -> int:
        """Plain material (men 100, kings as the family values them), own minus opponent's."""
        return ((om.bit_count() - pm.bit_count()) * self.man_value
                + (ok.bit_count() - pk.bit_count()) * self.king_value)
