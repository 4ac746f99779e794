"""A game reviewed move by move: the score before and after each move, the engine's choice,
and a mark for a move that lost ground (``?!``, ``?``, ``??``), with a summary per side.

Every position of the game is searched once, at a fixed node budget: the score after a move
is the score of the position before the next one, so a game of n plies costs n + 1 searches.
A node budget rather than a time budget gives the same review in CPython and in the page, on
a fast machine or a busy one. :class:`Reviewer` works one position per :meth:`~Reviewer.step`
so the page's worker can report progress between positions. Once every position is searched,
each move marked ``?`` or ``??`` gets its reason in words from :mod:`draughts.teach.mistakes`
(what the move allowed, or what the better move would have won), one move per step as well.

>>> from draughts import Game
>>> game = Game("international")
>>> for text in ("32-28", "19-23", "28x19", "14x23"):
...     _ = game.push_text(text)
>>> review = review_game(game, nodes=2000)
>>> [m.played for m in review.moves], review.summary["white"].moves
(['32-28', '19-23', '28x19', '14x23'], 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Game
from ..notation.pdn import PdnGame, PdnLine, PdnMove
from ..position import Colour
from ..engine.analysis import WON, Analyser, Report
from ..text import Message
from .mistakes import NotAMistakeError, explain_mistake

__all__ = [
    "DEFAULT_NODES", "INACCURACY", "MISTAKE", "BLUNDER", "DECIDED", "MARKS", "NAGS",
    "MoveReview", "SideSummary", "GameReview", "Reviewer", "review_game", "annotate", "eval_comment",
]

# The budget per position: about 0.15 s in CPython and 0.4 s in the page on a 2-core laptop,
# so a 60-ply game is reviewed within half a minute in the page (bench/analysis_bench.py).
DEFAULT_NODES = 20_000

# Marks by how much of the score (in men, from the mover's view) a move gave away against the
# engine's choice. A man is the game's unit of material, and these are the steps a player feels:
# - half a man: a real positional concession (a weak formation, a lost tempo that costs a
#   man's worth later), well above the few hundredths by which two depths of the same search
#   differ at this budget, so the mark is not the search's noise;
# - a whole man: the material the game is counted in; losing one for nothing is a mistake;
# - two men: between players of equal strength a two-man deficit almost always decides the
#   game, so a move that gives that away is a blunder.
INACCURACY = 0.5
MISTAKE = 1.0
BLUNDER = 2.0
# The marks whose reason is put in words: an inaccuracy (half a man) is mostly positional, where
# the explainer would only say "positional", and each explanation costs a search of its own.
EXPLAINED = ("?", "??")
# Scores are clamped to this many men before the loss is taken: five men ahead the game is
# decided (a side that far ahead wins whatever it plays), so a swing from +9 to +6 is no
# mistake, while one from +2 to -3 (a won game thrown away) counts in full.
DECIDED = 5.0

MARKS = ("?!", "?", "??")
NAGS = {"?!": "$6", "?": "$2", "??": "$4"}  # the standard numeric annotation glyphs


@dataclass(frozen=True)
class MoveReview:
    ply: int  # 1 for the game's first move
    mover: Colour
    played: str
    best: str | None  # the engine's choice in the position before the move
    best_line: list[str]
    before: float  # men, White's view: the position before the move
    after: float  # men, White's view: the position after it
    win_in: int | None  # after the move: plies to a forced win (positive White's)
    loss: float  # men the move gave away, from the mover's view (0 for the engine's choice)
    mark: str | None  # "?!", "?", "??" or None
    why: Message | None = None  # a "?" or "??" move: what it allowed, in words (teach.mistakes)
    why_kind: str | None = None  # the kind of that mistake (a MistakeKind value)


@dataclass(frozen=True)
class SideSummary:
    side: Colour
    moves: int
    inaccuracies: int
    mistakes: int
    blunders: int
    average_loss: float  # men per move


@dataclass(frozen=True)
class GameReview:
    moves: list[MoveReview]
    summary: dict[str, SideSummary]  # by colour ("white", "black")
    nodes: int  # the budget per position


def mark_for(loss: float) -> str | None:
    """The mark of a move that gave away ``loss`` men."""
    if loss >= BLUNDER:
        return "??"
    if loss >= MISTAKE:
        return "?"
    if loss >= INACCURACY:
        return "?!"
    return None


def _clamped(score: float) -> float:
    return max(-DECIDED, min(DECIDED, score))


class Reviewer:
    """The review of ``game``'s moves (a copy is kept), one position per :meth:`step`."""

    def __init__(self, game: Game, nodes: int = DEFAULT_NODES) -> None:
        if nodes < 1:
            raise ValueError("a review needs a positive node budget")
        self.nodes = nodes
        self.moves = list(game.move_stack)
        self.probe = game.copy()
        while self.probe.move_stack:
            self.probe.pop()
        self.reports: list[Report] = []  # one per position searched, the start first
        self.why: dict[int, tuple[Message, str]] = {}  # by ply: a marked move's reason and its kind
        self.to_explain: list[int] | None = None  # the plies whose reason is still to be found

    @property
    def positions(self) -> int:
        """Positions to search: the start and the position after each move."""
        return len(self.moves) + 1

    @property
    def total(self) -> int:
        """Steps of the whole review: every position, then every marked move's reason (known
        once the positions are searched)."""
        return self.positions + len(self.why) + len(self.to_explain or ())

    @property
    def done(self) -> int:
        """Steps taken so far."""
        return len(self.reports) + len(self.why)

    @property
    def finished(self) -> bool:
        return len(self.reports) == self.positions and self.to_explain == []

    def step(self) -> bool:
        """Search the next position, or put the next marked move's reason in words; True when
        the review is complete."""
        if len(self.reports) < self.positions:
            if self.reports:
                self.probe.push(self.moves[len(self.reports) - 1])
            self.reports.append(Analyser(self.probe).run(nodes=self.nodes))
            if len(self.reports) == self.positions:
                self.to_explain = [r.ply for r in self.result().moves if r.mark in EXPLAINED and r.best]
        elif self.to_explain:
            self._explain(self.to_explain.pop(0))
        return self.finished

    def _explain(self, ply: int) -> None:
        game = self.probe.copy()
        while len(game.move_stack) >= ply:
            game.pop()
        played = self.moves[ply - 1]
        best_line = self.reports[ply - 1].lines[0].moves
        try:
            why = explain_mistake(game, played, game.parse_move(best_line[0]))
        except NotAMistakeError:
            return  # the engine's choice after all: no reason to give
        self.why[ply] = (why.message, why.kind.value)

    def result(self) -> GameReview:
        """The review of the moves searched so far (all of them once finished)."""
        replay = self.probe.copy()
        while replay.move_stack:
            replay.pop()
        reviews: list[MoveReview] = []
        for ply, move in enumerate(self.moves[: max(0, len(self.reports) - 1)], start=1):
            before, after = self.reports[ply - 1], self.reports[ply]
            mover = replay.turn
            played = replay.move_text(move)
            best_line = before.lines[0].moves if before.lines else []
            sign = 1 if mover is Colour.WHITE else -1
            loss = 0.0
            if best_line and best_line[0] != played:
                loss = max(0.0, sign * (_clamped(before.score) - _clamped(after.score)))
            why, kind = self.why.get(ply, (None, None))
            reviews.append(MoveReview(ply, mover, played, best_line[0] if best_line else None, best_line,
                                      before.score, after.score, after.win_in, round(loss, 2), mark_for(loss),
                                      why, kind))
            replay.push(move)
        return GameReview(reviews, {c.value: _summary(c, reviews) for c in Colour}, self.nodes)


def _summary(side: Colour, reviews: list[MoveReview]) -> SideSummary:
    own = [r for r in reviews if r.mover is side]
    marks = [r.mark for r in own]
    average = sum(r.loss for r in own) / len(own) if own else 0.0
    return SideSummary(side, len(own), marks.count("?!"), marks.count("?"), marks.count("??"), round(average, 2))


def review_game(game: Game, nodes: int = DEFAULT_NODES) -> GameReview:
    """Review every move of ``game`` at ``nodes`` per position."""
    reviewer = Reviewer(game, nodes)
    while not reviewer.step():
        pass
    return reviewer.result()


def eval_comment(score: float, win_in: int | None) -> str:
    """The score as a PDN comment command, in men from White's view: ``[%eval 0.35]``, or
    ``[%eval #7]`` for a forced win 7 plies away (``#-7`` when Black wins)."""
    if win_in is not None and abs(score) >= WON:
        return f"[%eval #{win_in}]"
    return f"[%eval {score:.2f}]"


def annotate(record: PdnGame, review: GameReview, variation_plies: int = 6) -> PdnGame:
    """Write ``review`` into ``record``'s main line: each move's score as an ``[%eval]``
    comment, a mark as its NAG, and for a marked move the engine's line as a variation."""
    moves = record.main_line.moves
    for pm, r in zip(moves, review.moves):
        if r.mark:
            pm.nags = [n for n in pm.nags if n not in NAGS.values() and n not in MARKS] + [NAGS[r.mark]]
            if r.best_line and r.best_line[0] != pm.text:
                pm.variations.append(PdnLine([PdnMove(text) for text in r.best_line[:variation_plies]]))
        pm.comments = [c for c in pm.comments if not c.startswith("[%eval")] + [eval_comment(r.after, r.win_in)]
    return record
