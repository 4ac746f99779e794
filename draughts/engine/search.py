"""The search: iterative deepening PVS on the raw bitboards, with a fixed-size Zobrist table.

Positions are side-relative ints ``(own men, own kings, opponent men, opponent kings)`` plus
the colour to move, as in :mod:`draughts.perft`; a move is the generator's raw tuple. Nothing
here builds a :class:`~draughts.game.Game` or a :class:`~draughts.move.Move` inside the tree:
that is what makes a pure-Python search fast enough to be worth playing.

* Transposition table: a preallocated list of ``2**k`` slots indexed by the low bits of a
  64-bit Zobrist key, each slot ``(key, depth, flag, score, move_id)`` or ``None``; its size
  is fixed at creation, so memory is bounded whatever the search does.
* Quiescence: captures are compulsory, so a leaf where the side to move can capture is not
  quiet; the search goes on through every capture sequence before it evaluates.
* Forcing extensions: a capture forced by a quiet move (a sacrifice, an offered exchange)
  is searched one ply deeper, and so is a man that steps next to its crowning row at the
  horizon, within twice the iteration's depth from the root; shots that start at the
  horizon are followed to their end (``bench/shot_bench.py``).
* Ordering: hash move, captures (most pieces first), promotions, two killers per ply, a
  history table; late quiet moves are searched one ply shallower (LMR) and re-searched if
  they surprise.
* Time: a hard deadline checked every few nodes raises :class:`Timeout`; the root keeps the
  best move of the last finished iteration (or of the unfinished one, once its first move
  has been searched), so an answer is always ready in time.
* Draws: positions since the last irreversible move (game history plus the search path)
  count as a draw on repetition; the quiet-move counter is followed too.
"""

from __future__ import annotations

import time
from operator import itemgetter
from dataclasses import dataclass, field
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from ..movegen import WHITE, MoveGenerator, RawMove
from ..position import play
from ..rules import RuleSet
from .evaluate import Evaluator
from .keys import ZobristKeys
from .patterns import PatternSet

if TYPE_CHECKING:
    from ..game import Game

INF = 1_000_000
MATE = 100_000  # a won position; MATE - ply for a win found ply plies from the root
MATE_BOUND = MATE - 1_000
MAX_PLY = 128
_first, _second = itemgetter(0), itemgetter(1)  # sort keys: a move's order score, a root move's score
EXACT, LOWER, UPPER = 0, 1, 2
DEFAULT_TT_ENTRIES = 1 << 17  # about 25 MB when full (measured with tracemalloc, see bench)


class Timeout(Exception):
    """Raised inside the tree when the deadline has passed."""


def move_id(m: RawMove) -> int:
    """A compact identity of a move among its siblings: origin, destination, captured set."""
    return (m[2] << 16) | (m[0] << 8) | m[1]


@dataclass
class SearchResult:
    move: RawMove | None
    score: int  # centi-men, for the side to move
    depth: int  # last completed depth
    nodes: int
    seconds: float
    pv: list[RawMove] = field(default_factory=list)
    root_scores: list[tuple[RawMove, int]] = field(default_factory=list)  # exact, when asked for


class Searcher:
    """One search engine for one rule set; keep it between moves to reuse its tables."""

    # Forcing extensions: a forced capture after a quiet move (a sacrifice or an offered
    # exchange) and a man stepping next to its crowning row are searched one ply deeper,
    # so shots and runaway men that start at the horizon are followed to their end.
    forcing_extensions = True

    def __init__(self, rules: RuleSet, gen: MoveGenerator, tt_entries: int = DEFAULT_TT_ENTRIES,
                 weights: Mapping[str, float] | None = None,
                 patterns: bool | Sequence[int] | PatternSet = True) -> None:
        self.rules = rules
        self.gen = gen
        self.evaluator = Evaluator(rules, gen, weights, patterns)  # see Evaluator for both
        self.evaluate = self.evaluator.evaluate
        self.losing = rules.losing_game
        self.crowning_wins = rules.crowning_wins  # Breakthrough: a king on the board ends the game
        self.forced = rules.forced_capture
        self.max_rev = rules.max_reversible_plies
        self.king_limit = rules.max_same_king_moves
        size = 1
        while size * 2 <= max(1, tt_entries):
            size *= 2
        self.tt_size = size
        self.tt_mask = size - 1
        nbits = max(gen.geometry.bit_index) + 1
        self.keys = ZobristKeys(nbits)
        # For _child, per colour: men's and kings' keys, and as destinations with the side's key in.
        side = self.keys.side
        self.zobrist = [(zm, zk, [z ^ side for z in zm], [z ^ side for z in zk]) for zm, zk in self.keys.table]
        self.hist_stride = nbits
        self.history = [[0] * (nbits * nbits) for _ in range(2)]
        self.nodes = 0
        self.deadline = float("inf")
        self.max_nodes = 1 << 62  # the Hub's "level nodes=N"
        # Leaf scores by key in two lists indexed by the key's low bits, a new score in place of
        # the old: made once, so no search grows or frees them (a dict cleared when full was
        # rebuilt with fresh memory every few searches). 2**15 entries stay under 3 MB, so the
        # table and this cache together keep within the browser's 32 MB.
        self.eval_cache_entries = 1 << 15
        self.eval_mask = self.eval_cache_entries - 1
        self.clear()  # makes the transposition table, the leaf cache and the killers
        # Forcing extensions (see _search): the row before each colour's crowning row.
        g = gen.geometry
        self.pre_crowning = tuple(
            sum(1 << g.bit_index[s.number] for s in g.squares if s.row == row) for row in (1, g.rows - 2))
        self.ext_ply_limit = 0  # no extension at or beyond this ply (twice the iteration's depth)
        self.stop = False  # set from another thread (the Hub's "stop"); search() leaves it alone
        self.stack: list[int] = []  # keys of the positions since the last irreversible move
        self.streaks: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def clear(self) -> None:
        """Forget everything learnt (a new game)."""
        self.tt: list[tuple[int, int, int, int, int] | None] = [None] * self.tt_size
        self.eval_keys, self.eval_values = [-1] * self.eval_cache_entries, [0] * self.eval_cache_entries
        for h in self.history:
            for i in range(len(h)):
                h[i] = 0
        self.killers: list[list[int]] = [[0, 0] for _ in range(MAX_PLY + 2)]

    # --- the tree -----------------------------------------------------------------------------
    def _moves(self, om: int, ok: int, pm: int, pk: int, colour: int, ply: int) -> list[RawMove]:
        frozen = 0
        if self.king_limit is not None and self.streaks:
            bit, count = self.streaks[-1][colour]
            if count >= self.king_limit:
                frozen = bit
        return self.gen.generate(om, ok, pm, pk, colour, self.forced, frozen)

    def _push_streak(self, m: RawMove, om_after: int, colour: int) -> None:
        # Frisian: the same king may make at most three quiet moves in a row while its side
        # still has men (mirrors Game._after).
        prev = self.streaks[-1] if self.streaks else ((0, 0), (0, 0))
        if m[6] and not m[2] and om_after:
            bit, count = prev[colour]
            new = (1 << m[1], count + 1 if bit == 1 << m[0] else 1)
        else:
            new = (0, 0)
        self.streaks.append((new, prev[1]) if colour == WHITE else (prev[0], new))

    def _order(self, moves: list[RawMove], tt_move: int, ply: int, colour: int) -> list[RawMove]:
        if len(moves) < 2:
            return moves
        k1, k2 = self.killers[ply]
        hist = self.history[colour]
        hs = self.hist_stride
        scored = []
        for m in moves:
            f, t, c = m[0], m[1], m[2]
            mid = (c << 16) | (f << 8) | t  # move_id(m), inline: this loop runs for every move of every node
            if mid == tt_move:
                s = 1 << 40
            elif c:
                s = (1 << 30) + (c.bit_count() << 20)
            else:
                s = hist[f * hs + t]
                if mid == k1:
                    s += 1 << 26
                elif mid == k2:
                    s += 1 << 25
            if m[5]:
                s += 1 << 28
            scored.append((s, m))
        scored.sort(key=_first, reverse=True)
        return list(map(_second, scored))

    def _child(self, m: RawMove, om: int, ok: int, pm: int, pk: int, colour: int, key: int
               ) -> tuple[int, int, int, int, int]:
        """Own men, own kings, opponent men, opponent kings and key after ``m``."""
        frm, to, cap = m[0], m[1], m[2]
        zm, zk, zm_to, zk_to = self.zobrist[colour]
        if m[6]:
            key ^= zk[frm] ^ zk_to[to]
        elif m[5]:
            key ^= zm[frm] ^ zk_to[to]
        else:
            key ^= zm[frm] ^ zm_to[to]
        if cap:
            qm, qk, _, _ = self.zobrist[colour ^ 1]
            c = cap & pm
            while c:
                low = c & -c
                key ^= qm[low.bit_length() - 1]
                c ^= low
            c = cap & pk
            while c:
                low = c & -c
                key ^= qk[low.bit_length() - 1]
                c ^= low
        npm, npk, nom, nok = play(m, om, ok, pm, pk)
        return nom, nok, npm, npk, key

    def _search(self, depth: int, alpha: int, beta: int, ply: int,
                om: int, ok: int, pm: int, pk: int, colour: int, key: int, rev: int, after_quiet: bool = False) -> int:
        """Alpha-beta below the root; ``after_quiet``: the move into this node was quiet (set
        only while forcing extensions are on), so a capture here is one the opponent offered."""
        self.nodes += 1
        if not self.nodes & 15 and (time.perf_counter() > self.deadline or self.nodes > self.max_nodes or self.stop):
            raise Timeout
        if pk and self.crowning_wins:
            return ply - MATE  # the side that just moved crowned a king: it has won
        # Draws by repetition (any earlier occurrence since the last irreversible move) and by
        # the quiet-move counter.
        if rev >= 4:
            stack = self.stack
            n = len(stack)
            # stack[-1] is this position; the same side was to move 4, 6, ... plies ago
            for i in range(n - 5, max(-1, n - 2 - rev), -2):
                if stack[i] == key:
                    return 0
            if self.max_rev is not None and rev >= self.max_rev:
                return 0
        if depth <= 0 or ply >= MAX_PLY:
            return self._quiesce(alpha, beta, ply, om, ok, pm, pk, colour, key)

        tt_move = 0
        slot = key & self.tt_mask
        entry = self.tt[slot]
        if entry is not None and entry[0] == key:
            tt_move = entry[4]
            if entry[1] >= depth and beta - alpha == 1:
                s = entry[3]
                if s > MATE_BOUND:
                    s -= ply
                elif s < -MATE_BOUND:
                    s += ply
                flag = entry[2]
                if flag == EXACT or (flag == LOWER and s >= beta) or (flag == UPPER and s <= alpha):
                    return s

        moves = self._moves(om, ok, pm, pk, colour, ply)
        if not moves:
            return MATE - ply if self.losing else ply - MATE
        if len(moves) == 1:
            depth += 1  # a forced reply costs nothing to look through
        elif after_quiet and moves[0][2] and ply < self.ext_ply_limit:
            depth += 1  # taking what was offered: the shot behind it is searched to its end
        moves = self._order(moves, tt_move, ply, colour)
        orig_alpha = alpha
        best = -INF
        best_id = 0
        nxt = colour ^ 1
        stack = self.stack
        streaky = self.king_limit is not None
        pv_node = beta - alpha > 1
        extend = self.forcing_extensions and ply < self.ext_ply_limit
        pre_crowning, forced = self.pre_crowning[colour], self.forced
        for i, m in enumerate(moves):
            nom, nok, npm, npk, nkey = self._child(m, om, ok, pm, pk, colour, key)
            quiet = not m[2]
            nrev = rev + 1 if (m[6] and quiet) else 0
            if extend and quiet:  # _forcing(), inline: it runs for every quiet move of the tree
                new_depth, after = (1, False) if depth == 1 and not m[6] and pre_crowning >> m[1] & 1 else (
                    depth - 1, forced)
            else:
                new_depth, after = depth - 1, False
            # No try/finally: a Timeout abandons the whole tree and search() resets the stacks.
            stack.append(nkey)
            if streaky:
                self._push_streak(m, nom, colour)
            if i == 0:
                score = -self._search(new_depth, -beta, -alpha, ply + 1, npm, npk, nom, nok, nxt, nkey, nrev, after)
            else:
                # Late quiet moves: one ply less first, two for the very late ones (LMR), then a
                # null window (PVS).
                r = (2 if depth >= 5 and i >= 7 else 1) if (depth >= 3 and i >= 3 and quiet and not m[5]) else 0
                score = -self._search(new_depth - r, -alpha - 1, -alpha, ply + 1,
                                      npm, npk, nom, nok, nxt, nkey, nrev, after)
                if score > alpha and r:
                    score = -self._search(new_depth, -alpha - 1, -alpha, ply + 1,
                                          npm, npk, nom, nok, nxt, nkey, nrev, after)
                if alpha < score < beta and pv_node:
                    score = -self._search(new_depth, -beta, -alpha, ply + 1,
                                          npm, npk, nom, nok, nxt, nkey, nrev, after)
            stack.pop()
            if streaky:
                self.streaks.pop()
            if score > best:
                best = score
                best_id = (m[2] << 16) | (m[0] << 8) | m[1]  # move_id(m), inline (hot path)
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        if quiet:
                            killers = self.killers[ply]
                            if killers[0] != best_id:
                                killers[1] = killers[0]
                                killers[0] = best_id
                            self.history[colour][m[0] * self.hist_stride + m[1]] += depth * depth
                        break
        flag = UPPER if best <= orig_alpha else LOWER if best >= beta else EXACT
        stored = best + ply if best > MATE_BOUND else best - ply if best < -MATE_BOUND else best
        self.tt[slot] = (key, depth, flag, stored, best_id)
        return best

    def _forcing(self, m: RawMove, depth: int, colour: int) -> tuple[int, bool]:
        """The depth for the child of quiet move ``m``, and whether a capture there answers it.

        A man stepping onto the row before its crowning at the horizon gets one more ply, so
        the search sees whether it crowns instead of standing pat on it; any other quiet move
        passes the flag on, and the child adds a ply if it must capture (the offered piece and
        the shot behind it). On ``bench/shot_bench.py``'s shots, extending every step to the
        row before crowning, not only the horizon's, solved fewer at equal nodes."""
        if depth == 1 and not m[6] and self.pre_crowning[colour] >> m[1] & 1:
            return 1, False
        return depth - 1, self.forced

    def _quiesce(self, alpha: int, beta: int, ply: int,
                 om: int, ok: int, pm: int, pk: int, colour: int, key: int) -> int:
        """Resolve captures before evaluating: a position with a capture pending is not quiet."""
        self.nodes += 1
        if not self.nodes & 15 and (time.perf_counter() > self.deadline or self.nodes > self.max_nodes or self.stop):
            raise Timeout
        if pk and self.crowning_wins:
            return ply - MATE
        # Quiet leaves repeat (transpositions): kept by key, and a hit is known to be quiet.
        slot = key & self.eval_mask
        if self.eval_keys[slot] == key:
            return self.eval_values[slot]
        captures = self.gen.captures(om, ok, pm, pk, colour)
        if not captures:
            value = self.evaluate(om, ok, pm, pk, colour)
            self.eval_keys[slot] = key
            self.eval_values[slot] = value
            return value
        if self.forced:
            best = -INF
        else:
            # House rule without forced capture: the side may decline, so standing pat is allowed.
            best = self.evaluate(om, ok, pm, pk, colour)
            if best >= beta:
                return best
            alpha = max(alpha, best)
        if ply >= MAX_PLY:
            return self.evaluate(om, ok, pm, pk, colour)
        if len(captures) > 1:
            captures.sort(key=_captured_count, reverse=True)
        return self._quiesce_each(captures, best, alpha, beta, ply, om, ok, pm, pk, colour, key)

    def _quiesce_each(self, moves: list[RawMove], best: int, alpha: int, beta: int, ply: int,
                      om: int, ok: int, pm: int, pk: int, colour: int, key: int) -> int:
        """The best of ``best`` and each move's quiescence score, stopping at a cut-off."""
        nxt = colour ^ 1
        for m in moves:
            nom, nok, npm, npk, nkey = self._child(m, om, ok, pm, pk, colour, key)
            score = -self._quiesce(-beta, -alpha, ply + 1, npm, npk, nom, nok, nxt, nkey)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best

    # --- the root -----------------------------------------------------------------------------
    def search(self, game: "Game", seconds: float | None = None, max_depth: int = 64,
               exact_root: bool = False, deadline: float | None = None,
               exclude: Collection[int] = ()) -> SearchResult:
        """Search ``game``'s position; stop at ``max_depth`` or when ``seconds`` have passed.

        ``exact_root`` searches every root move with an open window, so ``root_scores``
        holds a true score for each (the low levels add noise to them). ``exclude`` names
        root moves (by :func:`move_id`) to leave out: the second and third lines of an
        analysis are the best moves once the better ones are set aside. Such a search keeps
        its root score out of the hash table, since it is not the position's own score.
        """
        start = time.perf_counter()
        if deadline is None:
            deadline = start + seconds if seconds is not None else float("inf")
        self.deadline = deadline
        self.nodes = 0
        position = game.position
        colour = position.turn.index
        om, ok, pm, pk = position.sides()
        root_key = self.keys.key_of(position.pieces, colour)
        # Positions since the last irreversible move, for repetitions.
        history = [self.keys.key_of(p.pieces, p.turn.index) for p in game.reversible_history()]
        self.stack = history + [root_key]
        self.streaks = [game.king_streak] if self.king_limit is not None else []
        rev = game.reversible_plies
        moves = self.gen.generate(om, ok, pm, pk, colour, self.forced, game.frozen_king())
        if exclude:
            moves = [m for m in moves if move_id(m) not in exclude]
            if not moves:
                return SearchResult(None, 0, 0, 0, 0.0)
        result = SearchResult(moves[0] if moves else None, 0, 0, 0, 0.0)
        if not moves:
            result.score = MATE if self.losing else -MATE
            return result
        # Age the history so old positions do not dominate the ordering (skipped on very
        # short searches, where the pass over the table would cost a visible part of the time).
        if seconds is None or seconds >= 0.2:
            self.history = [[v >> 2 for v in h] for h in self.history]
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]
        order = self._order(moves, 0, 0, colour)
        tt = self.tt[root_key & self.tt_mask]
        if tt is not None and tt[0] == root_key:
            order = self._order(moves, tt[4], 0, colour)
        best_move, best_score = order[0], -INF
        try:
            for depth in range(1, max_depth + 1):
                self.ext_ply_limit = 2 * depth
                scores: list[tuple[RawMove, int]] = []
                alpha, beta = -INF, INF
                iter_best, iter_score = None, -INF
                for i, m in enumerate(order):
                    nom, nok, npm, npk, nkey = self._child(m, om, ok, pm, pk, colour, root_key)
                    nrev = rev + 1 if (m[6] and not m[2]) else 0
                    self.stack.append(nkey)
                    if self.streaks:
                        self._push_streak(m, nom, colour)
                    child_depth, after = (self._forcing(m, depth, colour) if self.forcing_extensions and not m[2]
                                          else (depth - 1, False))
                    try:
                        if i == 0 or exact_root:
                            score = -self._search(child_depth, -beta, -alpha, 1, npm, npk, nom, nok, colour ^ 1, nkey,
                                                  nrev, after)
                        else:
                            score = -self._search(child_depth, -alpha - 1, -alpha, 1, npm, npk, nom, nok, colour ^ 1,
                                                  nkey, nrev, after)
                            if score > alpha:
                                score = -self._search(child_depth, -beta, -alpha, 1, npm, npk, nom, nok, colour ^ 1,
                                                      nkey, nrev, after)
                    finally:
                        self.stack.pop()
                        if self.streaks:
                            self.streaks.pop()
                    scores.append((m, score))
                    if score > iter_score:
                        iter_best, iter_score = m, score
                        if not exact_root:
                            alpha = max(alpha, score)
                        # A move that beats the finished iteration's choice may be played even
                        # if this iteration does not finish.
                        if i > 0:
                            best_move, best_score = m, score
                assert iter_best is not None
                best_move, best_score = iter_best, iter_score
                result.depth = depth
                result.root_scores = scores
                if not exclude:
                    self.tt[root_key & self.tt_mask] = (root_key, depth, EXACT, iter_score, move_id(iter_best))
                # Best first, then the others in the order of their scores this iteration.
                scores_sorted = sorted(scores, key=_second, reverse=True)
                order = [m for m, _ in scores_sorted]
                if abs(iter_score) > MATE_BOUND:
                    break
                elapsed = time.perf_counter() - start
                if self.stop or (seconds is not None and elapsed > 0.8 * seconds):
                    break  # too little time left to search even the first move again
        except Timeout:
            pass
        result.move = best_move
        result.score = best_score if best_score > -INF else 0
        result.nodes = self.nodes
        result.seconds = time.perf_counter() - start
        result.pv = self.principal_variation(om, ok, pm, pk, colour, root_key, best_move)
        return result

    def principal_variation(self, om: int, ok: int, pm: int, pk: int, colour: int, key: int,
                            first: RawMove, limit: int = 20) -> list[RawMove]:
        """The best move, then the hash moves that follow it, while they are legal."""
        pv = [first]
        seen = {key}
        om, ok, pm, pk, key = self._child(first, om, ok, pm, pk, colour, key)
        om, ok, pm, pk = pm, pk, om, ok
        colour ^= 1
        while len(pv) < limit and key not in seen:
            seen.add(key)
            entry = self.tt[key & self.tt_mask]
            if entry is None or entry[0] != key or not entry[4]:
                break
            moves = self.gen.generate(om, ok, pm, pk, colour, self.forced)
            nxt = [m for m in moves if move_id(m) == entry[4]]
            if not nxt:
                break
            m = nxt[0]
            pv.append(m)
            om, ok, pm, pk, key = self._child(m, om, ok, pm, pk, colour, key)
            om, ok, pm, pk = pm, pk, om, ok
            colour ^= 1
        return pv


def _captured_count(m: RawMove) -> int:
    return m[2].bit_count()
