"""The computer opponent: moves at a level, hints and analysis for every variant.

>>> from draughts import Game
>>> from draughts.engine import choose_move, LEVELS
>>> game = Game("english")
>>> move = choose_move(game, level=1, seed=1)
>>> move in game.legal_moves
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..game import Game
from ..move import Move
from ..movegen import RawMove
from ..rules import RuleSet
from ..text import Message, message
from .evaluate import WEIGHTS, Evaluator, family_of
from .levels import LEVELS, Level, level
from .search import DEFAULT_TT_ENTRIES, MATE, MATE_BOUND, Searcher, SearchResult

_SEARCHERS: dict[RuleSet, Searcher] = {}
# Time kept back from the search for the work around it (root moves, PV, the Move object)
# and for the granularity of the deadline checks: 10% plus two milliseconds, at most 0.1 s.
_TIME_SHARE = 0.10
_TIME_MARGIN = 0.002


def searcher_for(game: Game, tt_entries: int | None = None) -> Searcher:
    """One searcher per rule set, kept between moves so its hash table stays useful."""
    s = _SEARCHERS.get(game.rules)
    if s is None or (tt_entries is not None and s.tt_size != tt_entries):
        s = Searcher(game.rules, game.generator, tt_entries or DEFAULT_TT_ENTRIES)
        _SEARCHERS[game.rules] = s
    return s


def new_game(game: Game | None = None) -> None:
    """Forget the hash tables (of one rule set, or all)."""
    if game is None:
        _SEARCHERS.clear()
    else:
        _SEARCHERS.pop(game.rules, None)


def to_move(game: Game, raw: RawMove) -> Move:
    """The legal :class:`Move` of ``game`` for a raw generator tuple."""
    for m in game.legal_moves:
        r = m.raw
        if r[0] == raw[0] and r[1] == raw[1] and r[2] == raw[2]:
            return m
    raise ValueError("the engine's move is not legal here")  # never expected


def _deadline(start: float, seconds: float) -> float:
    return start + max(0.0, seconds - min(seconds * _TIME_SHARE + _TIME_MARGIN, 0.1))


def think(game: Game, seconds: float | None = 1.0, depth: int = 64, exact_root: bool = False,
           start: float | None = None) -> SearchResult:
    """Run the engine on ``game``'s position within ``seconds`` (``None``: only ``depth``)."""
    start = time.perf_counter() if start is None else start
    deadline = _deadline(start, seconds) if seconds is not None else None
    return searcher_for(game).search(game, seconds, depth, exact_root=exact_root, deadline=deadline)


def choose_move(game: Game, level: int, time_limit: float | None = None, seed: int | None = None) -> Move:
    """The move the computer plays at ``level`` (1..8); ``time_limit`` replaces its budget."""
    return decide(game, level, time_limit, seed=seed)[0]


def decide(game: Game, level: int, time_limit: float | None = None, depth: int | None = None,
           seed: int | None = None, start: float | None = None) -> tuple[Move, SearchResult | None]:
    """The move at ``level`` and the search behind it (``None`` when there was no search)."""
    start = time.perf_counter() if start is None else start
    legal = list(game.legal_moves)
    if not legal:
        raise ValueError("no legal moves: the game is over")
    if len(legal) == 1:
        return legal[0], None
    lv = _level(level)
    rng = random.Random(seed)
    if lv.random_move and rng.random() < lv.random_move:
        return rng.choice(legal), None
    seconds = lv.seconds if time_limit is None else time_limit
    searcher = searcher_for(game)
    saved_nodes = searcher.max_nodes  # the Hub's own "level nodes=N" may be smaller
    if lv.nodes is not None:
        searcher.max_nodes = min(saved_nodes, lv.nodes)
    try:
        result = think(game, seconds, depth or lv.depth, exact_root=lv.noise > 0, start=start)
    finally:
        searcher.max_nodes = saved_nodes
    raw = result.move
    if lv.noise and result.root_scores:
        raw = max(result.root_scores, key=lambda ms: ms[1] + rng.gauss(0.0, lv.noise))[0]
    assert raw is not None
    return to_move(game, raw), result


def _level(number: int) -> Level:
    return level(number)


@dataclass
class Analysis:
    score: float  # in men, for the side to move (a win is about +1000)
    pv: list[str]  # the principal variation in PDN move texts
    depth: int
    nodes: int
    seconds: float
    best: Move | None
    win_in: int | None = None  # plies to a forced win (positive) or loss (negative)
    pv_moves: list[Move] = field(default_factory=list)

    @property
    def nps(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def _pv_moves(game: Game, pv: list[RawMove]) -> list[Move]:
    g = game.copy()
    out = []
    for raw in pv:
        try:
            m = to_move(g, raw)
        except ValueError:
            break
        out.append(m)
        g.push(m)
    return out


def _pv_texts(game: Game, moves: list[Move]) -> list[str]:
    g = game.copy()
    out = []
    for m in moves:
        out.append(g.move_text(m))
        g.push(m)
    return out


def analyse(game: Game, seconds: float = 1.0, depth: int = 64) -> Analysis:
    """Score (in men) and principal variation of the position, within ``seconds``."""
    start = time.perf_counter()
    if not game.legal_moves:
        lost = not game.rules.losing_game
        return Analysis(-1000.0 if lost else 1000.0, [], 0, 0, 0.0, None, 0)
    result = think(game, seconds * 0.95, depth, start=start)
    moves = _pv_moves(game, result.pv)
    win_in = None
    if abs(result.score) > MATE_BOUND:
        win_in = MATE - result.score if result.score > 0 else -(MATE + result.score)
        score = 1000.0 if result.score > 0 else -1000.0
    else:
        score = result.score / 100.0
    return Analysis(score, _pv_texts(game, moves), result.depth, result.nodes,
                    time.perf_counter() - start, moves[0] if moves else None, win_in, moves)


def hint(game: Game, seconds: float = 1.0, depth: int = 64) -> tuple[Move, Message]:
    """The best move for the side to move and a short reason for it (``render`` it to show it)."""
    legal = list(game.legal_moves)
    if not legal:
        raise ValueError("no legal moves: the game is over")
    if len(legal) == 1:
        move = legal[0]
        if not move.captures:
            return move, message("hint.only_move")
        return move, message("hint.only_move_capture", capture=_capture_reason(move))
    a = analyse(game, seconds, depth)
    move = a.best or legal[0]
    return move, _reason(game, a)


def _capture_reason(move: Move) -> Message:
    n = len(move.captures)
    return message("hint.captures_one") if n == 1 else message("hint.captures_many", count=n)


def _reason(game: Game, a: Analysis) -> Message:
    move = a.best
    assert move is not None
    if a.win_in is not None:
        if a.win_in > 0:
            return message("hint.wins_game" if a.win_in > 1 else "hint.wins_at_once")
        return message("hint.best_defence_lost")
    ev = searcher_for(game).evaluator
    me = game.turn.index
    before = _material_for(ev, game, me)
    # What the search expects to win: its score less today's material, in whole men, or
    # the material at the last quiet position of the main line, whichever says more.
    gain = int((a.score * 100 - before) / 100 + 0.25)
    g = game.copy()
    promotes = False
    quiet_gain = None
    for i, m in enumerate(a.pv_moves[:10]):  # does the main line crown one of ours soon?
        if g.turn.index == me and m.promotes and i < 7:
            promotes = True
        g.push(m)
        if i and not any(x.captures for x in g.legal_moves):
            quiet_gain = (_material_for(ev, g, me) - before) // 100
    if quiet_gain is not None and quiet_gain > gain and a.score * 100 - before > 30:
        gain = quiet_gain
    if game.rules.losing_game:
        if move.captures:
            return _capture_reason(move)
        return message("hint.giving_away" if a.score > 0 else "hint.keeps_balance")
    if gain >= 1:
        return message("hint.wins_piece") if gain == 1 else message("hint.wins_pieces", count=gain)
    if promotes:
        return message("hint.crowns" if move.promotes else "hint.forces_promotion")
    if move.captures:
        return _capture_reason(move)
    if a.score <= -1.0:
        return message("hint.best_defence")
    return message("hint.improves" if a.score > 0.1 else "hint.keeps_balance")


def _material_for(ev: Evaluator, g: Game, colour: int) -> int:
    wm, wk, bm, bk = g.pieces
    if colour == 0:
        return ev.material(wm, wk, bm, bk)
    return ev.material(bm, bk, wm, wk)


def bench_nodes(seconds: float = 2.0, variant: str = "international") -> float:
    """Search speed in nodes per second on a fixed middle-game position (CPython or Pyodide).

    The rate is taken over the process's processor time, so that other programs on a busy
    machine do not lower it; in a Web Worker the two clocks agree.
    """
    game = Game(variant)
    rng = random.Random(7)
    for _ in range(16):  # a reproducible, slightly developed position
        moves = list(game.legal_moves)
        if not moves:
            break
        game.push(rng.choice(moves))
    s = Searcher(game.rules, game.generator)
    cpu = time.process_time()
    s.search(game, seconds)
    used = time.process_time() - cpu
    return s.nodes / used if used > 0 else 0.0


__all__ = [
    "LEVELS", "Level", "level", "choose_move", "decide", "hint", "analyse", "Analysis", "think", "Searcher",
    "SearchResult", "WEIGHTS", "Evaluator", "family_of", "bench_nodes", "new_game", "to_move",
]
