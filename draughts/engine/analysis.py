"""Analysis of one position, in slices: up to three lines, deepened one depth at a time.

The page asks for analysis in short slices (a request of 100-200 ms in its worker), so the
worker can answer a move or a click between two of them. An :class:`Analyser` keeps where it
is between slices: the depth it is finishing and which of the lines. Each line at a depth is
one search to that depth; the second and third lines are searched with the better lines' first
moves left out. A search the slice's deadline cuts short is thrown away, but its work is in the
hash table, so the next slice finishes the same depth sooner. A depth that still does not fit
gets twice the time in the next slice, up to :data:`MAX_STRETCH` times the slice: a search
cannot be paused and resumed, and without this the analysis would stop deepening once one
depth takes longer than a slice.

Scores are in men (a man is 1.0) from White's view, whoever is to move; a forced win is
``win_in`` plies away, positive when White wins, negative when Black does.

>>> from draughts import Game
>>> report = Analyser(Game("international"), lines=2).run(nodes=3000)
>>> len(report.lines), report.lines[0].depth >= 1, report.lines[0].moves[0] != report.lines[1].moves[0]
(2, True, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..game import Game
from ..move import Move
from ..movegen import RawMove
from ..position import Colour
from . import _pv_moves, _pv_texts, searcher_for
from .search import MATE, MATE_BOUND, move_id

__all__ = ["MAX_LINES", "WON", "Line", "Report", "Analyser", "score_of"]

MAX_LINES = 3
WON = 1000.0  # the score in men of a forced win (the engine's own Analysis uses the same)
PV_PLIES = 12  # the longest line shown
MIN_PV_PLIES = 6  # a shorter line from the hash table is searched on from its end
MAX_STRETCH = 8  # a slice that keeps failing to finish a depth grows to at most 8 times its time


@dataclass(frozen=True)
class Line:
    """One line: its moves in the variant's notation and as moves, its score and depth."""

    moves: list[str]
    pv: list[Move]
    score: float  # men, White's view
    win_in: int | None  # plies to a forced win: positive White's, negative Black's
    depth: int

    @property
    def first(self) -> Move:
        return self.pv[0]


@dataclass(frozen=True)
class Report:
    """Where an analysis stands: its lines (best first), the work done so far."""

    lines: list[Line]
    depth: int  # the depth the best line was searched to
    nodes: int
    seconds: float
    done: bool  # nothing left to search (no moves, a forced result found, or the depth limit)
    score: float  # the position's score in men, White's view (the best line's, or the result's)
    win_in: int | None = None

    @property
    def nps(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def score_of(score: int, turn: Colour) -> tuple[float, int | None]:
    """The search's score (centi-men for the side to move) in men from White's view, and the
    plies to a forced win (signed the same way) when it is one."""
    sign = 1 if turn is Colour.WHITE else -1
    if score > MATE_BOUND:
        return sign * WON, sign * (MATE - score)
    if score < -MATE_BOUND:
        return -sign * WON, -sign * (MATE + score)
    return sign * score / 100.0, None


class Analyser:
    """The analysis of one position of ``game`` (a copy is kept), to be run in slices."""

    def __init__(self, game: Game, lines: int = 1, max_depth: int = 64) -> None:
        if not 1 <= lines <= MAX_LINES:
            raise ValueError(f"an analysis shows 1 to {MAX_LINES} lines, not {lines}")
        self.game = game.copy()
        self.wanted = min(lines, len(self.game.legal_moves))
        self.max_depth = max_depth
        self.depth = 1  # the depth being finished
        self.found: list[Line] = []  # the lines finished at self.depth so far
        self.lines: list[Line] = []  # the last full set (or the deeper partial one, best first)
        self.nodes = 0
        self.seconds = 0.0
        self.stretch = 1  # how many times its time the next slice may take
        self.done = self.wanted == 0 or self.game.outcome() is not None

    def run(self, seconds: float | None = None, nodes: int | None = None) -> Report:
        """Search for about ``seconds`` or ``nodes`` (at least one of them), then report."""
        if seconds is None and nodes is None:
            raise ValueError("an analysis slice needs a time or a node budget")
        start = time.perf_counter()
        deadline = start + seconds * self.stretch if seconds is not None else float("inf")
        searcher = searcher_for(self.game)
        budget = nodes if nodes is not None else 1 << 62
        spent = 0
        saved_limit = searcher.max_nodes
        try:
            while not self.done and spent < budget and time.perf_counter() < deadline:
                searcher.max_nodes = budget - spent
                skip = {move_id(line.first.raw) for line in self.found}
                # One line deepens as far as the slice allows; several go one depth at a time
                # so that all of them are at the same depth before the next.
                single = self.wanted == 1
                result = searcher.search(self.game, None, self.max_depth if single else self.depth,
                                         deadline=deadline, exclude=skip)
                spent += result.nodes
                forced = abs(result.score) > MATE_BOUND
                reached = result.depth if single else self.depth
                if result.move is None or reached < 1 or (result.depth < reached and not forced) or (
                        single and self.lines and reached <= self.lines[0].depth and not forced):
                    # no deeper than before: the hash table keeps the work, and the next slice
                    # has longer
                    self.stretch = min(MAX_STRETCH, self.stretch * 2)
                    break
                self.depth = max(self.depth, reached)
                self.stretch = 1
                pv = result.pv
                if len(pv) < MIN_PV_PLIES and not forced:
                    pv, extra = self._extended(pv, deadline)
                    spent += extra
                self._finish_line(result.score, pv, forced)
        finally:
            searcher.max_nodes = saved_limit
        self.nodes += spent
        self.seconds += time.perf_counter() - start
        return self.report()

    def _extended(self, pv: list[RawMove], deadline: float) -> tuple[list[RawMove], int]:
        """The line followed on by short searches from its end: another line's search may have
        overwritten the hash entries it is read from, and a line of one or two moves says
        little. The searches are shallow, so this costs a small part of the slice."""
        searcher = searcher_for(self.game)
        probe = self.game.copy()
        moves = _pv_moves(probe, pv)
        for move in moves:
            probe.push(move)
        pv = list(pv[: len(moves)])
        nodes = 0
        while len(pv) < MIN_PV_PLIES and probe.legal_moves and probe.outcome() is None:
            depth = max(1, self.depth - len(pv))
            result = searcher.search(probe, None, depth, deadline=deadline)
            nodes += result.nodes
            if result.move is None or not result.pv:
                break
            more = _pv_moves(probe, result.pv[: MIN_PV_PLIES - len(pv)])
            if not more:
                break
            for move in more:
                probe.push(move)
                pv.append(move.raw)
        return pv, nodes

    def _finish_line(self, score: int, pv: list[RawMove], forced: bool) -> None:
        moves = _pv_moves(self.game, pv[:PV_PLIES])
        white_score, win_in = score_of(score, self.game.turn)
        self.found.append(Line(_pv_texts(self.game, moves), moves, white_score, win_in, self.depth))
        if len(self.found) == self.wanted:
            self.lines, self.found = self.found, []
            if (forced and self.lines[0].win_in is not None) or self.depth >= self.max_depth:
                self.done = True
            self.depth += 1
        elif len(self.found) == 1 and self.lines:
            # A deeper best line is better news than the shallower set: show it at once.
            self.lines = [self.found[0]] + [line for line in self.lines if line.first != moves[0]][: self.wanted - 1]

    def report(self) -> Report:
        lines = self.lines
        if lines:
            best = lines[0]
            return Report(lines, best.depth, self.nodes, self.seconds, self.done, best.score, best.win_in)
        score, win_in = self._result_score()
        return Report([], 0, self.nodes, self.seconds, self.done, score, win_in)

    def _result_score(self) -> tuple[float, int | None]:
        """The score of a position without lines: the game's result, or level before a search."""
        outcome = self.game.outcome()
        if outcome is None or outcome.winner is None:
            return 0.0, None
        return (WON, 0) if outcome.winner is Colour.WHITE else (-WON, 0)
