"""Static evaluation: weighted features of draughts structure, straight from the bitboards.

The score is a weighted sum of the features in :data:`FEATURES`, each counted for the side to
move less the same count for the opponent, in centi-men (a man is 100) so the search can
negate it. The weights come from ``data/weights.json``, one set per kind of game
(:func:`weight_set_of`); ``tools/train`` fits every set by logistic regression on self-play
games, and each set's ``source`` says on which. The *family* comes
from the rule flags, never from the variant's name:

* ``losing``   -- ``losing_game``: the goal is inverted (Antidraughts, Schlagdame);
* ``breakthrough`` -- ``crowning_wins``: the first king wins (advance is everything);
* ``frisian``  -- ``capture_choice == "frisian_value"``;
* ``turkish``  -- ``colouring == "all"`` (orthogonal movement on all 64 squares);
* ``flying``   -- ``flying_kings`` (International, Brazilian, Canadian, Russian, Pool, ...);
* ``short``    -- everything else (English, Italian: kings move one square).

A weight set may also have a table of learnt patterns (:mod:`.patterns`, International's),
which :meth:`Evaluator.evaluate` adds to the weighted sum.

The flying family has two weight sets, ``international`` (10x10 and larger) and ``flying8``
(the 8x8 boards), since a man's road to the king row and the value of a king differ; so has
the losing family, ``losing`` (Antidraughts) and ``losing8`` (Schlagdame).

Speed: the features that only depend on where a man stands (tempo, advance, centre, edge,
back rank) are folded into one table per square, which :class:`Evaluator` keeps as bit
planes: square values written in binary, one mask per binary digit, so the whole table costs
one popcount per digit. Every other term is a popcount of a shifted mask; only men near the
king row and kings cost a loop over bits. Where the weight set has learnt patterns, the square
table and the support are folded into the patterns' table, and so, for positions without
kings, are mobility, blocked men and the back rank (:meth:`.Patterns.folded`): the lookups
the patterns make anyway then score them too, and the sum is unchanged. Such a position (most
of those a search scores) is then scored by a short path with the few terms left inline.

>>> from draughts.game import Game
>>> game = Game("international")
>>> ev = Evaluator(game.rules, game.generator)
>>> ev.family, ev.weight_set, ev.evaluate(*game.pieces, 0)
('flying', 'international', 0)
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from ..geometry import Geometry
from ..movegen import MoveGenerator
from ..rules import RuleSet
from .patterns import PATTERN_SETS, PatternSet, Patterns, Term, dark_rows, table_size

WEIGHTS_FILE = Path(__file__).resolve().parent / "data" / "weights.json"

# The features, each counted per side (own less the opponent's):
#   man, king       material
#   tempo           rows a man has advanced (0 on its own back row)
#   advance         the square of that: the last rows before promotion weigh most
#   centre          a man on a central square (controls the board, keeps options)
#   edge            a man on the left or right edge (it covers one diagonal, not two)
#   back_rank       a man still on its own back row (stops enemy promotions); counted only
#                   while the opponent has no king, since a king goes anywhere anyway
#   support         a man with both squares behind it occupied by friends (a formation that
#                   cannot be attacked from behind and closes holes)
#   outpost         such a supported man in the opponent's half (a spearhead held from behind)
#   blocked         a man with no free square ahead (a locked wing loses tempo)
#   mobility        each quiet move the men have (a cramped side runs out of moves)
#   runaway         a man one move from promotion with a free promotion square
#   free_path       a man two or three rows from promotion with no enemy piece in the cone
#                   ahead of it (nothing can stop or take it on its way)
#   balance         minus the difference between the pieces on the left and right halves
#                   (a lopsided army leaves one wing without defenders)
#   king_diagonal   a king on the long diagonal (dominance in flying-king endings)
#   king_alone      having kings while the opponent has none
#   king_mobility   empty squares next to one's kings (a king that can go somewhere)
FEATURES: tuple[str, ...] = (
    "man", "king", "tempo", "advance", "centre", "edge", "back_rank", "support", "outpost", "blocked",
    "mobility", "runaway", "free_path", "balance", "king_diagonal", "king_alone", "king_mobility",
)
# Not a feature: the divisor for endings a lone king usually holds (too little to win).
DRAWISH = "drawish"


def load_weight_sets(path: Path = WEIGHTS_FILE) -> dict[str, dict[str, float]]:
    """Every weight set of ``path``: ``{set: {feature or "drawish": weight}}``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {name: {k: float(v) for k, v in entry["weights"].items()} for name, entry in data["sets"].items()}


WEIGHTS: dict[str, dict[str, float]] = load_weight_sets()


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


def weight_set_of(rules: RuleSet) -> str:
    """The weight set a rule set plays with: its family, the flying one split by board size."""
    family = family_of(rules)
    if family == "flying":
        return "international" if rules.rows >= 10 else "flying8"
    if family == "losing":
        return "losing" if rules.rows >= 10 else "losing8"
    return family


def _bit_planes(values: Mapping[int, int]) -> tuple[int, list[tuple[int, int]]]:
    """A square table ``{bit: value}`` as ``(offset, [(factor, mask)])`` with ``sum(values[b]
    for b in men)`` equal to ``sum(f * popcount(men & m)) - offset * popcount(men)``: one plane
    per binary digit (``2**k``, the squares with digit k), or one per distinct value where
    that takes fewer popcounts."""
    offset = max(0, -min(values.values(), default=0))
    planes: list[tuple[int, int]] = []
    top = max((v + offset for v in values.values()), default=0)
    for k in range(top.bit_length()):
        mask = sum(1 << b for b, v in values.items() if (v + offset) >> k & 1)
        if mask:
            planes.append((1 << k, mask))
    distinct = sorted({v for v in values.values() if v})
    if len(distinct) < len(planes):
        return 0, [(v, sum(1 << b for b, x in values.items() if x == v)) for v in distinct]
    return offset, planes


# Built pattern tables by (board's rows, table, terms): a new searcher of the same kind of game
# (a new game, another variant with the same weights) would otherwise spend some 20 ms again.
_TABLES: dict[tuple[object, ...], tuple[Patterns, Patterns, list[bool], Patterns, list[bool]]] = {}


def _pattern_tables(g: Geometry, table: PatternSet, terms: list[Term], moves: list[Term]
                    ) -> tuple[Patterns, Patterns, list[bool], Patterns, list[bool]]:
    """The learnt table, it with ``terms`` folded in and which were, that with ``moves`` too."""
    key = (tuple(map(tuple, dark_rows(g))), tuple(table.weights), table.men_cuts, tuple(terms), tuple(moves))
    if key not in _TABLES:
        patterns = Patterns(g, table.weights, table.men_cuts)
        with_kings, done = patterns.folded(terms)
        no_kings, moves_done = with_kings.folded(moves)
        _TABLES[key] = (patterns, with_kings, done, no_kings, moves_done)
    return _TABLES[key]


def _term(colour: int, men: int, empty: int, value: int) -> Term:
    """A term of one colour's score as :meth:`Patterns.folded` takes it: for White."""
    return (men, 0, empty, value) if colour == 0 else (0, men, empty, -value)


def _moves_terms(targets: list[int], mobility: int, blocked: int) -> list[tuple[int, int]]:
    """A man's ``mobility`` per empty square among ``targets`` (its steps' squares on the
    board) and ``blocked`` if none is empty, as ``(empty squares, value)`` terms that add up
    to it: blocked is the product of (1 - empty) over the targets, multiplied out."""
    terms = {1 << t: mobility for t in targets}
    for k in range(len(targets) + 1):
        for subset in itertools.combinations(targets, k):
            empty = sum(1 << t for t in subset)
            terms[empty] = terms.get(empty, 0) + blocked * (-1) ** k
    return list(terms.items())


class Evaluator:
    """Masks and weights for one rule set; :meth:`evaluate` scores a position."""

    def __init__(self, rules: RuleSet, gen: MoveGenerator, weights: Mapping[str, float] | None = None,
                 patterns: bool | Sequence[int] | PatternSet = True) -> None:
        """``patterns=False`` leaves out the learnt patterns (:mod:`.patterns`): the linear
        evaluation alone, which ``tools/train/fit.py`` fits; a :class:`.PatternSet` or a
        sequence (one phase's weights) is a table of one's own in place of the weight set's."""
        self.family = family_of(rules)
        self.weight_set = weight_set_of(rules)
        self.losing = rules.losing_game
        w = {name: 0.0 for name in FEATURES}
        w.update(WEIGHTS[self.weight_set])
        if weights:
            w.update(weights)
        unknown = set(w) - set(FEATURES) - {DRAWISH}
        if unknown:
            raise KeyError(f"unknown evaluation weights: {sorted(unknown)}")
        self.weights = w
        self.rules, self.gen = rules, gen
        self._units: list[Evaluator] | None = None  # one per feature, for features()
        g = gen.geometry
        rows, cols, stride = g.rows, g.cols, g.stride
        self.man_value = round(w["man"])
        self.king_value = round(w["king"])
        # In a losing game a piece counts against its side (the goal is to be rid of them): the
        # weights keep a man at +100 as what giving one away gains, and the positional terms
        # are fitted with the sign the games give them.
        self.material_sign = -1 if self.losing else 1
        self.king_score = self.material_sign * self.king_value
        self.man_score = self.material_sign * self.man_value
        bits = {s.number: g.bit_index[s.number] for s in g.squares}
        lo_r, hi_r = int(rows * 0.3), rows - 1 - int(rows * 0.3)
        lo_c, hi_c = int(cols * 0.2), cols - 1 - int(cols * 0.2)
        centre = edge = diag_a = diag_b = 0
        for s in g.squares:
            b = 1 << bits[s.number]
            if lo_r <= s.row <= hi_r and lo_c <= s.col <= hi_c:
                centre |= b
            if s.col in (0, cols - 1):
                edge |= b
            if s.row + s.col == rows - 1:
                diag_a |= b
            if s.row == s.col:
                diag_b |= b
        self.centre, self.edge = centre, edge
        self.long_diagonal = diag_a if diag_a.bit_count() >= diag_b.bit_count() else diag_b
        self.back_row = (g.bottom_row_mask, g.top_row_mask)
        self.promo_row = (g.top_row_mask, g.bottom_row_mask)
        self.left = sum(1 << bits[s.number] for s in g.squares if s.col < cols // 2)
        self.right = sum(1 << bits[s.number] for s in g.squares if s.col >= cols // 2)
        # Per colour: rows advanced by square, the rows before promotion, the opponent's half,
        # the cone ahead of each man two or three rows from promotion.
        self.advanced: tuple[dict[int, int], dict[int, int]] = ({}, {})
        pre: list[int] = [0, 0]
        far: list[int] = [0, 0]
        half: list[int] = [0, 0]
        self.cone: tuple[dict[int, int], dict[int, int]] = ({}, {})
        for colour in (0, 1):
            for s in g.squares:
                adv = rows - 1 - s.row if colour == 0 else s.row
                b = bits[s.number]
                self.advanced[colour][b] = adv
                to_go = rows - 1 - adv
                if to_go == 1:
                    pre[colour] |= 1 << b
                if adv >= rows // 2:
                    half[colour] |= 1 << b
                if to_go in (2, 3):
                    far[colour] |= 1 << b
                    step = -1 if colour == 0 else 1
                    self.cone[colour][b] = sum(
                        1 << bits[t.number] for t in g.squares
                        if 0 < (t.row - s.row) * step <= to_go and abs(t.col - s.col) <= abs(t.row - s.row) + 1)
        self.pre_promo = (pre[0], pre[1])
        self.near_promo = (far[0], far[1])
        self.opp_half = (half[0], half[1])
        self.forward_shifts = gen.man_shifts  # [colour] -> [(shift, origins)]
        # Shifts need no mask of origins where the result meets ``empty``: a step off the
        # board lands on the padding between rows (or beyond the board), which is never empty.
        self.forward = tuple(tuple(shift for shift, _ in gen.man_shifts[c]) for c in (0, 1))
        steps = sorted({abs(shift) for c in (0, 1) for shift, _ in gen.man_shifts[c]})
        self.king_steps = (steps[0], steps[-1])  # the two step lengths: diagonal, or orthogonal
        # The squares "behind" a man, as shifts that bring a supporter onto the man's bit.
        behind: list[tuple[int, ...]]
        if self.family == "turkish":
            behind = [(stride,), (-stride,)]
        else:
            behind = [(stride - 1, stride + 1), (-(stride - 1), -(stride + 1))]
        self.behind = behind
        self.board_mask = g.mask
        # The square table of men: tempo, advance, centre and edge (each term rounded on its
        # own, as the counts are whole numbers), and the back rank while the opponent has no king.
        square_value = [{b: (round(w["tempo"] * adv + w["advance"] * adv * adv) if 0 < adv < rows - 1 else 0)
                         + round(w["centre"]) * (centre >> b & 1) + round(w["edge"]) * (edge >> b & 1)
                         for b, adv in self.advanced[colour].items()} for colour in (0, 1)]
        # Per colour, each man's square with the two behind it, and what support is worth there.
        board_bits = set(self.advanced[0])
        supports = [[(b, sum(1 << (b + sh) for sh in behind[colour]) | 1 << b,
                      round(w["support"]) + round(w["outpost"]) * (half[colour] >> b & 1))
                     for b in self.advanced[colour] if all(b + sh in board_bits for sh in behind[colour])]
                    for colour in (0, 1)]
        # The learnt patterns of the weight set, where they were fitted for a board of this size
        # (Canadian's 12x12 shares International's weights but not its regions); ``patterns``
        # may also give a table of one's own (a bare list: of one phase).
        table = (PATTERN_SETS.get(self.weight_set) if patterns is True else
                 patterns if isinstance(patterns, PatternSet) else
                 PatternSet(list(patterns)) if patterns else None)
        fits = table is not None and len(table.weights) == table_size(g) * (len(table.men_cuts) + 1)
        # What evaluate() adds, ``pattern_tables``: the patterns with the square table and
        # support folded in (each term where a region holds its squares), so the hot path pays
        # for them with lookups it makes anyway. side_score() counts support only on
        # ``support_rest``: the squares where a man can have both squares behind it, less
        # those folded in. Without kings on the board a square without a man is empty, so the
        # men's moves (mobility), blocked men and the back rank fold in too, into the table
        # evaluate() takes when there is no king; where every term folds (``moves_folded``),
        # such a position is scored inline by evaluate(), never by side_score().
        self.patterns = None
        self.support_rest = [sum(1 << b for b, _, _ in supports[colour]) for colour in (0, 1)]
        folded_squares = [0, 0]
        self.pattern_tables: tuple[Patterns, Patterns] | None = None  # with kings on the board, without
        self.moves_folded = False
        if table is not None and fits:
            terms: list[Term] = []
            for colour in (0, 1):
                terms += [_term(colour, 1 << b, 0, v) for b, v in square_value[colour].items()]
                terms += [_term(colour, men, 0, v) for _, men, v in supports[colour]]
            moves = [_term(colour, 1 << b, empty, v) for colour in (0, 1) for b in self.advanced[colour]
                     for empty, v in _moves_terms([b + sh for sh in self.forward[colour] if b + sh in board_bits],
                                                  round(w["mobility"]), round(w["blocked"]))]
            moves += [_term(colour, 1 << b, 0, round(w["back_rank"])) for colour in (0, 1)
                      for b in square_value[colour] if self.back_row[colour] >> b & 1]  # no king: counted
            self.patterns, with_kings, done, no_kings, moves_done = _pattern_tables(g, table, terms, moves)
            flags = iter(done)
            for colour in (0, 1):
                for b in square_value[colour]:
                    folded_squares[colour] |= next(flags) << b
                for b, _, _ in supports[colour]:
                    if next(flags):
                        self.support_rest[colour] &= ~(1 << b)
            self.moves_folded = all(moves_done) and all(done) and self.support_rest == [0, 0]
            self.pattern_tables = (with_kings, no_kings if self.moves_folded else with_kings)
        # The rest of the square table as bit planes per colour: [colour][opponent has kings].
        self.men_planes: list[list[tuple[int, list[tuple[int, int]]]]] = []  # (man's value - offset, planes)
        for colour in (0, 1):
            tables = []
            for opp_kings in (False, True):
                values = {b: (0 if folded_squares[colour] >> b & 1 else v)
                          + (0 if opp_kings else round(w["back_rank"]) * (self.back_row[colour] >> b & 1))
                          for b, v in square_value[colour].items()}
                offset, planes = _bit_planes(values)
                tables.append((self.material_sign * self.man_value - offset, planes))
            self.men_planes.append(tables)
        # The other terms in whole centi-men: integer arithmetic is the fastest in CPython.
        n = {k: round(v) for k, v in w.items()}
        self.drawish = n[DRAWISH]
        self.w_support, self.w_outpost, self.w_blocked = n["support"], n["outpost"], n["blocked"]
        self.w_mobility, self.w_runaway, self.w_free_path = n["mobility"], n["runaway"], n["free_path"]
        self.w_balance, self.w_kdiag, self.w_kalone = n["balance"], n["king_diagonal"], n["king_alone"]
        self.w_kmob = n["king_mobility"]
        self.flying = rules.flying_kings
        # Kings-only endings with known results: flying diagonal kings that take by the
        # majority rule or free choice (not Frisian's orthogonal captures, not a losing game,
        # not Breakthrough, where the first king has already decided).
        self.kings_only_draws = (self.family == "flying" and not rules.king_halts_behind_king
                                 and not rules.king_lands_behind_piece)

    # --- the evaluation ---------------------------------------------------------------------
    def side_score(self, men: int, kings: int, opp_men: int, opp_kings: int, colour: int, empty: int) -> int:
        """Score of one side: material (negative in a losing game) and position, without the
        kings-only and lone-king adjustments.

        The hot path of the search: everything is inline, and a term whose weight is zero
        costs one test."""
        score = kings.bit_count() * self.king_score
        if men:
            # the man's value less the table's offset, then the table's bit planes
            man_value, planes = self.men_planes[colour][opp_kings != 0]
            score += man_value * men.bit_count()
            for factor, mask in planes:
                score += factor * (men & mask).bit_count()
            s = men & self.support_rest[colour]
            if s and (self.w_support or self.w_outpost):
                for sh in self.behind[colour]:
                    s &= (men >> sh) if sh > 0 else (men << -sh)
                score += self.w_support * s.bit_count()
                if self.w_outpost:
                    score += self.w_outpost * (s & self.opp_half[colour]).bit_count()
            if self.w_mobility or self.w_blocked:  # (without kings on the board: evaluate())
                # the men that can step each way: free squares brought back onto their origins
                free = 0
                movable = 0
                for shift in self.forward[colour]:
                    m = men & (empty >> shift if shift > 0 else empty << -shift)
                    free += m.bit_count()
                    movable |= m
                score += self.w_mobility * free
                if self.w_blocked:
                    score += self.w_blocked * (men & ~movable).bit_count()
            if men & self.pre_promo[colour] and self.w_runaway:
                score += self._runaway(men, colour, empty)
            if self.w_free_path and men & self.near_promo[colour]:
                score += self._free_paths(men, colour, opp_men | opp_kings)
        if self.w_balance:
            pieces = men | kings
            score -= self.w_balance * abs((pieces & self.left).bit_count() - (pieces & self.right).bit_count())
        if kings:
            score += self.w_kdiag * (kings & self.long_diagonal).bit_count()
            if not opp_kings:
                score += self.w_kalone
            if self.w_kmob:
                a, b = self.king_steps
                around = (kings << a) | (kings << b) | (kings >> a) | (kings >> b)
                score += self.w_kmob * (around & empty).bit_count()
        return score

    def _runaway(self, men: int, colour: int, empty: int) -> int:
        """``w_runaway`` if a man on the row before crowning can step onto the crowning row."""
        near = men & self.pre_promo[colour]
        promo = self.promo_row[colour] & empty
        for shift, origins in self.forward_shifts[colour]:
            m = near & origins
            if (m << shift if shift > 0 else m >> -shift) & promo:
                return self.w_runaway
        return 0

    def _free_paths(self, men: int, colour: int, enemy: int) -> int:
        """``w_free_path`` per man two or three rows from crowning with no enemy in the cone ahead."""
        near = men & self.near_promo[colour]
        cone = self.cone[colour]
        score = 0
        while near:
            low = near & -near
            if not cone[low.bit_length() - 1] & enemy:
                score += self.w_free_path
            near ^= low
        return score

    def evaluate(self, om: int, ok: int, pm: int, pk: int, colour: int) -> int:
        """The score for the side to move (``colour``), whose men and kings are ``om``/``ok``.

        Inline here: a position with no king on the board where the table holds the square
        table, support, the back rank and the men's moves (``moves_folded``), most of those a
        search scores; side_score()'s other terms follow. Any other: _with_kings()."""
        if ok or pk or not self.moves_folded:
            return self._with_kings(om, ok, pm, pk, colour)
        empty = self.board_mask & ~(om | pm)
        score = (om.bit_count() - pm.bit_count()) * self.man_score
        if self.w_runaway:
            if om & self.pre_promo[colour]:
                score += self._runaway(om, colour, empty)
            if pm & self.pre_promo[colour ^ 1]:
                score -= self._runaway(pm, colour ^ 1, empty)
        if self.w_free_path:
            if om & self.near_promo[colour]:
                score += self._free_paths(om, colour, pm)
            if pm & self.near_promo[colour ^ 1]:
                score -= self._free_paths(pm, colour ^ 1, om)
        if self.w_balance:
            left, right = self.left, self.right
            score += self.w_balance * (abs((pm & left).bit_count() - (pm & right).bit_count())
                                       - abs((om & left).bit_count() - (om & right).bit_count()))
        table = self.pattern_tables[1]  # type: ignore[index]  # moves_folded: there is one
        return score - table.score(pm, om) if colour else score + table.score(om, pm)

    def _with_kings(self, om: int, ok: int, pm: int, pk: int, colour: int) -> int:
        """evaluate() with a king on the board, or where not every term folds into the table."""
        if self.kings_only_draws and not (om | pm):
            drawn = self._kings_only_draw(ok, pk)
            if drawn:
                return 0
        empty = self.board_mask & ~(om | ok | pm | pk)
        score = (self.side_score(om, ok, pm, pk, colour, empty)
                 - self.side_score(pm, pk, om, ok, colour ^ 1, empty))
        tables = self.pattern_tables
        if tables is not None and (om or pm):
            table = tables[0] if ok | pk else tables[1]
            score += -table.score(pm, om) if colour else table.score(om, pm)
        if self.drawish > 1 and (not om or not pm) and self.lone_king(om, ok, pm, pk):
            # A lone king against a few pieces is usually a draw with flying kings
            # (FMJD 6.3/6.4 even make it one by rule): keep the search from overrating it.
            score //= self.drawish
        return score

    @staticmethod
    def lone_king(om: int, ok: int, pm: int, pk: int) -> bool:
        """One side has a single king and nothing else, the other three pieces or fewer."""
        if not om and ok.bit_count() == 1 and (pm | pk).bit_count() <= 3:
            return True
        return not pm and pk.bit_count() == 1 and (om | ok).bit_count() <= 3

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

    def linear(self, om: int, ok: int, pm: int, pk: int) -> bool:
        """Whether :meth:`evaluate` is the plain weighted sum of :meth:`features` here (not a
        kings-only draw, not divided as a lone king's ending)."""
        if self.kings_only_draws and not (om | pm) and self._kings_only_draw(ok, pk):
            return False
        return not (self.drawish > 1 and self.lone_king(om, ok, pm, pk))

    def features(self, om: int, ok: int, pm: int, pk: int, colour: int) -> list[int]:
        """The feature counts of :data:`FEATURES`, own less the opponent's: where
        :meth:`linear` holds, :meth:`evaluate` is their weighted sum (up to the rounding of
        the square table to whole centi-men, and without the learnt patterns). Each count is
        :meth:`side_score` with that feature's weight 1 and the others 0, so the two cannot
        disagree. For training only: it costs one evaluation per feature."""
        if self._units is None:
            self._units = [Evaluator(self.rules, self.gen, {**{f: 0.0 for f in FEATURES}, DRAWISH: 1.0, name: 1.0},
                                     patterns=False)  # side_score() alone: no pattern tables to build
                           for name in FEATURES]
        empty = self.board_mask & ~(om | ok | pm | pk)
        return [u.side_score(om, ok, pm, pk, colour, empty) - u.side_score(pm, pk, om, ok, colour ^ 1, empty)
                for u in self._units]

    def material(self, om: int, ok: int, pm: int, pk: int) -> int:
        """Plain material (men 100, kings as the family values them), own minus opponent's."""
        return ((om.bit_count() - pm.bit_count()) * self.man_value
                + (ok.bit_count() - pk.bit_count()) * self.king_value)
