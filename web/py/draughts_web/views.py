"""What a board shows, as typed data: the position, every legal move with its path and captures
(so a click needs no round trip), the messages for a click that does nothing, the draw counters
and the outcome. One :class:`BoardView` per position; :mod:`.wire` turns it into the JSON the
page draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from draughts import DrawCounter, Game, Move, Outcome
from draughts.notation.pdn import result_for
from draughts.teach.explain import Reason, explain
from draughts.text import Message as TextMessage

from .session import SavedGame, Session
from .tree import Node, path_to
from .wire import named

# Which explained rule answers "why can't this piece move?", strongest first.
BLOCKING_RULES = ("majority", "king-must-capture", "highest-value", "compulsory-capture", "king-move-limit")


@dataclass(frozen=True)
class MoveView:
    o: int  # origin
    d: int  # destination
    path: list[int]
    caps: list[int]
    promotes: bool
    text: str


@dataclass(frozen=True)
class Message:
    """A sentence the page translates by ``code`` (with ``params``), ``text`` in English."""

    code: str
    text: str
    params: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class RuleMessage:
    """A rule's own wording from draughts.teach.explain (a catalogue message), with its source."""

    text: str
    message: TextMessage
    source: str
    code: None = None
    params: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Messages:
    """Why a click does nothing, for each kind of click."""

    wrong_side: Message = named("wrongSide")
    empty: Message = named("empty")
    not_destination: Message = named("notDestination")
    blocked: Message | RuleMessage = named("blocked")
    game_over: Message | None = named("gameOver", None, omit_none=True)


@dataclass(frozen=True)
class OutcomeView:
    """How the game ended, as the page shows and reports it. ``result`` is in the variant's PDN
    form (``2-0`` in International, ``1-0`` in English), made by the same function as the
    exported PDN's Result tag, so the page, its events and its PDN always agree."""

    winner: str | None
    termination: str
    reason: str
    message: TextMessage
    rule: str
    result: str

    @classmethod
    def of(cls, outcome: Outcome, game: Game) -> "OutcomeView":
        return cls(outcome.winner.value if outcome.winner else None, outcome.termination.value, outcome.reason,
                   outcome.message, outcome.rule, result_for(game.rules, outcome.result))


@dataclass(frozen=True)
class LastMove:
    path: list[int]
    caps: list[int]


@dataclass(frozen=True)
class TreeMove:
    """A move of the tree as the move list shows it, with the lines that replace it."""

    id: int
    text: str
    ply: int  # 1 for the first move from the start position
    mark: str  # "??", "!?" ... from its NAGs
    comments: list[str]  # without [%...] commands (the review's scores are drawn, not read)
    variations: list[list["TreeMove"]]


@dataclass(frozen=True)
class BoardView:
    variant: str
    name: str
    rows: int
    cols: int
    colouring: str
    squares: list[tuple[int, str, int, int]]  # number, label, row, column
    pieces: dict[str, str]  # square number -> w, b, W, B
    turn: str
    fen: str
    ply: int
    moves: list[MoveView]
    must_capture: bool = named("mustCapture")
    most: int = named("most")  # the most pieces one legal move takes
    messages: Messages = named("messages")
    rules: list[Reason] = named("rules")  # the rules that shaped the legal moves
    history: list[str] = named("history")
    redo: int = named("redo")
    last: LastMove | None = named("last")
    outcome: OutcomeView | None = named("outcome")
    review: int | None = named("review")  # the ply shown while clicking through the moves
    counters: list[DrawCounter] = named("counters")
    house_rule: bool = named("houseRule")  # capturing is not compulsory
    first: str = named("first")  # the side that makes move 1 in this variant (PDN move numbers)
    draw_rules: str = named("drawRules")
    save: SavedGame | None = named("save")
    recorded: bool = named("recorded", False)  # an imported game, unchanged: its result is the record's
    tree: list[TreeMove] = named("tree", [])  # the main line, with its variations
    node: int = named("node", 0)  # the tree's move whose position this is (0: the start)
    path: list[int] = named("path", [])  # the tree's moves from the start to here
    ahead: list[int] = named("ahead", [])  # the moves redo would replay, next first


@dataclass(frozen=True)
class ComputerView(BoardView):
    """The board after the computer's move, and that move's text."""

    computer_move: str = named("computerMove", "")


@dataclass(frozen=True)
class ViewerView(BoardView):
    """A position of a loaded game in the PDN viewer: the whole game's moves and its tags."""

    total: int = named("total", 0)
    tags: dict[str, str] = named("tags", {})


V = TypeVar("V", bound=BoardView)


def extend(view: BoardView, cls: type[V], **changes: Any) -> V:
    """The same view as a ``cls``, with some fields set or changed."""
    values: dict[str, Any] = {f.name: getattr(view, f.name) for f in fields(BoardView)}
    return cls(**{**values, **changes})


def board_view(session: Session, game: Game | None = None, review_ply: int | None = None) -> BoardView:
    """Everything the page shows for the session's game, or for ``game`` (an earlier position of
    it while reviewing, when no move is offered)."""
    game = game or session.game
    rules = game.rules
    reviewing = review_ply is not None
    outcome = None if reviewing else session.outcome()
    moves: list[Move] = [] if (outcome or reviewing) else list(game.legal_moves)
    must_capture = bool(moves) and all(m.is_capture for m in moves)
    most = max((len(m.captures) for m in moves), default=0)
    stack = game.move_stack
    last = stack[-1] if stack else None
    explained = explain(game) if moves else []
    return BoardView(
        variant=rules.key, name=rules.name, rows=rules.rows, cols=rules.cols, colouring=rules.colouring,
        squares=[(s.number, s.label, s.row, s.col) for s in game.geometry.squares],
        pieces={str(number): piece for number, piece in sorted(game.board().items())},
        turn=game.turn.value, fen=game.fen(), ply=len(stack),
        moves=[MoveView(m.origin, m.destination, list(m.path), list(m.captures), bool(m.promotes),
                        game.move_text(m)) for m in moves],
        must_capture=must_capture, most=most,
        messages=messages(game, must_capture, most, outcome, explained),
        rules=explained,
        history=session.texts[: len(stack)], redo=0 if reviewing else len(session.redo_moves()),
        last=LastMove(list(last.path), list(last.captures)) if last else None,
        outcome=OutcomeView.of(outcome, game) if outcome else None, review=review_ply, counters=counters(game),
        house_rule=not session.forced_capture, first=rules.first_player, draw_rules=session.draw_rules,
        save=None if reviewing else session.save(), recorded=session.record_intact,
        tree=tree_moves(session.tree.root.children, 1), node=0 if reviewing else session.node.id,
        path=[] if reviewing else [n.id for n in path_to(session.node)],
        ahead=[] if reviewing else [n.id for n in session.tree.ahead(session.node)],
    )


def tree_moves(first: list[Node], ply: int) -> list[TreeMove]:
    """The line through ``first[0]`` (the others being its variations), from ply ``ply``."""
    line: list[TreeMove] = []
    siblings = first
    while siblings:
        node = siblings[0]
        comments = [c for c in node.comments if not c.lstrip().startswith("[%")]
        line.append(TreeMove(node.id, node.text, ply, node.mark(), comments,
                             [tree_moves([other], ply) for other in siblings[1:]]))
        siblings = node.children
        ply += 1
    return line


def messages(game: Game, must_capture: bool, most: int, outcome: Outcome | None,
             explained: list[Reason]) -> Messages:
    """Why a click does nothing, as {code, params, text}; the page translates by code."""
    turn = game.turn.value
    blocked: Message | RuleMessage
    if must_capture and most > 1 and game.rules.capture_choice != "free":
        blocked = Message("must_take_most", f"You must take the most pieces ({most}): "
                          "only the marked pieces can do that.", {"count": most})
    elif must_capture:
        blocked = Message("must_capture", "Capture is compulsory: only the marked pieces can take.")
    else:
        blocked = Message("no_move", "This piece has no legal move.")
    by_rule = {r.rule: r for r in explained}
    rule = next((by_rule[name] for name in BLOCKING_RULES if name in by_rule), None)
    if rule is not None:  # the engine's own wording, with the rule's source
        blocked = RuleMessage(rule.text, rule.message, rule.source)
    return Messages(
        wrong_side=Message("wrong_side", f"It is {turn.capitalize()}'s turn.", {"side": turn}),
        empty=Message("empty", "Choose one of your pieces first: those that can move are marked."),
        not_destination=Message("not_destination", "That piece cannot go there: its squares are marked."),
        blocked=blocked,
        game_over=Message("game_over", f"The game is over: {outcome.reason}") if outcome else None,
    )


def counters(game: Game) -> list[DrawCounter]:
    """The draw counters that are running."""
    return game.draw_counters()
