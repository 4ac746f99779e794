"""The analysis board and the game review, as requests of the page.

``analyse`` runs one short slice of analysis on the board's current position and reports; the
page asks again and again while the analysis is on, so the worker answers a move or a click
between two slices. ``review_start`` and ``review_step`` review the main line one position at a
time the same way, and the finished review is written into the board's move tree (marks as
NAGs, scores as ``[%eval]`` comments, the better line as a variation), so the exported PDN has it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from draughts import Game, IllegalMoveError
from draughts.engine.analysis import MAX_LINES, Analyser, Report
from draughts.teach.review import DEFAULT_NODES, NAGS, GameReview, Reviewer, eval_comment

from .errors import BadRequestError
from .session import Board, Session
from .tree import MoveTree, Node
from .views import BoardView, board_view
from .wire import named

SLICE_MS = (20, 1000)  # the shortest and longest slice the page may ask for
REVIEW_VARIATION_PLIES = 6


# -- requests ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Analyse:
    lines: int = 1
    ms: int = 150  # the slice


@dataclass(frozen=True)
class Goto:
    node: int  # a move of the tree (0: the start)


@dataclass(frozen=True)
class LinePosition:
    """A position along a line from the board's position: the page previews an analysis line."""

    moves: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ReviewStart:
    nodes: int = DEFAULT_NODES


@dataclass(frozen=True)
class ReviewStep:
    ms: int = 300


# -- replies ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class LineView:
    moves: list[str]
    path: list[int]  # the first move's squares, for the arrow
    score: float  # men, White's view
    win_in: int | None = named("winIn")
    depth: int = named("depth")


@dataclass(frozen=True)
class AnalysisView:
    fen: str  # the position analysed: the page drops a reply for a position it has left
    node: int
    lines: list[LineView]
    depth: int
    nodes: int
    nps: int
    score: float  # men, White's view
    win_in: int | None = named("winIn")
    done: bool = named("done")


@dataclass(frozen=True)
class ReviewProgress:
    done: int  # steps taken: positions searched, then marked moves explained
    total: int
    positions: int  # the start and the position after each move: the graph's length is this less one
    finished: bool
    review: GameReview  # the moves reviewed so far
    nodes: list[int]  # the tree's move for each reviewed ply


# -- the analysis state a board keeps ---------------------------------------------------------

@dataclass
class BoardAnalysis:
    """What one board is analysing or reviewing (kept on the board's session)."""

    analyser: Analyser | None = None
    key: tuple[str, int, int] = ("", 0, 0)  # fen, node, lines
    reviewer: Reviewer | None = None
    reviewed: list[Node] = field(default_factory=list)  # the main line's moves under review


def state_of(session: Session) -> BoardAnalysis:
    state = session.extras.get("analysis")
    if not isinstance(state, BoardAnalysis):
        state = BoardAnalysis()
        session.extras["analysis"] = state
    return state


# -- handlers ---------------------------------------------------------------------------------

def analyse(board: Board, request: Analyse) -> AnalysisView:
    if not 1 <= request.lines <= MAX_LINES:
        raise BadRequestError(f"lines must be 1 to {MAX_LINES}")
    s = board.session
    state = state_of(s)
    key = (s.game.fen(), s.node.id, request.lines)
    if state.analyser is None or state.key != key:
        state.analyser = Analyser(s.game, request.lines)
        state.key = key
    ms = max(SLICE_MS[0], min(SLICE_MS[1], request.ms))
    report = state.analyser.run(seconds=ms / 1000)
    return analysis_view(s, report)


def analysis_view(session: Session, report: Report) -> AnalysisView:
    lines = [LineView(line.moves, list(line.first.path), line.score, line.win_in, line.depth) for line in report.lines]
    return AnalysisView(session.game.fen(), session.node.id, lines, report.depth, report.nodes, round(report.nps),
                        report.score, report.win_in, report.done)


def goto(board: Board, request: Goto) -> BoardView:
    s = board.session
    s.goto(request.node)
    return board_view(s)


def line_position(board: Board, request: LinePosition) -> BoardView:
    """The position after some moves of a line from the board's position, shown without moves."""
    s = board.session
    probe = s.game.copy()
    for text in request.moves:
        probe.push(probe.parse_move(text))
    return board_view(s, probe, review_ply=len(probe.move_stack))


def review_start(board: Board, request: ReviewStart) -> ReviewProgress:
    s = board.session
    if request.nodes < 1000:
        raise BadRequestError("a review needs at least 1000 nodes a position")
    game = s.main_line_game()
    if not game.move_stack:
        raise IllegalMoveError("there is no move to review")
    state = state_of(s)
    state.reviewer = Reviewer(game, request.nodes)
    state.reviewed = s.tree.main_line()
    return _progress(state)


def review_step(board: Board, request: ReviewStep) -> ReviewProgress:
    s = board.session
    state = state_of(s)
    reviewer = state.reviewer
    if reviewer is None:
        raise BadRequestError("no review was started")
    deadline = time.perf_counter() + max(SLICE_MS[0], min(SLICE_MS[1], request.ms)) / 1000
    while not reviewer.step() and time.perf_counter() < deadline:
        pass
    progress = _progress(state)
    if reviewer.finished:
        write_review(s, state.reviewed, progress.review)
        state.reviewer = None
    return progress


def _progress(state: BoardAnalysis) -> ReviewProgress:
    reviewer = state.reviewer
    assert reviewer is not None
    review = reviewer.result()
    return ReviewProgress(reviewer.done, reviewer.total, reviewer.positions, reviewer.finished, review,
                          [node.id for node in state.reviewed[: len(review.moves)]])


def write_review(session: Session, nodes: list[Node], review: GameReview) -> None:
    """Marks, scores and better lines onto the reviewed moves that are still in the tree."""
    session.annotated = True
    game = session.start_game()
    for node, reviewed in zip(nodes, review.moves):
        if session.tree.find(node.id) is not node or node.move is None:
            break
        node.nags = [n for n in node.nags if n not in NAGS.values()] + ([NAGS[reviewed.mark]] if reviewed.mark else [])
        node.comments = [c for c in node.comments if not c.startswith("[%eval")] + [
            eval_comment(reviewed.after, reviewed.win_in)]
        if reviewed.mark and reviewed.best_line:
            _add_line(session.tree, node.parent, game.copy(), reviewed.best_line[:REVIEW_VARIATION_PLIES])
        game.push(node.move)


def _add_line(tree: MoveTree, start: Node | None, game: Game, texts: list[str]) -> None:
    """A line into the tree from ``start`` (its position is ``game``'s), the redo choices kept."""
    node = start
    for text in texts:
        if node is None:
            return
        move = game.parse_move(text)
        kept = node.chosen
        child = tree.child(node, move, game.move_text(move))
        node.chosen = kept
        game.push(move)
        node = child
