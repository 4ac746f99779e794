"""Every request the pages send, and :data:`METHODS`, the one table that names them.

The game page (web/app.js) plays, takes back, saves and loads games on its own board; the learn
page (web/learn.js) and embedded boards (web/embed.js) each name a board of their own. Each
handler gets its board and its typed request, checks what it needs, and only then changes the
board's game, so a refused request leaves the board as it was.
"""

from __future__ import annotations

from typing import Any

import draughts
import draughts.engine as engine
import draughts.notation.pdn as pdn
from draughts.record import game_from_pdn, write_game
from draughts import Colour, IllegalMoveError, InvalidFenError, Outcome, PdnError, get_rules, variant_keys
from draughts.teach import tutorial as lessons
from draughts.teach.explain import Reason, why_not as explain_why_not

from . import puzzle_methods
from .errors import BadRequestError, GameOverError, StalePositionError
from .protocol import (
    Computer, Count, Declare, DrawAnswer, ExportPdn, Hello, Hint, ImportPdn, LevelInfo, Method, NewGame, NoParams,
    PdnText, Play, Restore, Review, RulesTable, SetFen, Steps, Tutorial, TutorialTry,
    VariantInfo, VariantRow, ViewerPosition, WhyNot,
)
from .session import DEFAULT_PRESET, DRAW_PRESETS, Board, SavedGame, Session
from .views import BoardView, ComputerView, ViewerView, board_view, counters, extend
from .wire import Nothing

# -- the game page ------------------------------------------------------------------------------


def hello(board: Board, request: NoParams) -> Hello:
    levels = [LevelInfo(level.number, level.name) for level in engine.LEVELS]
    return Hello(
        version=draughts.__version__,
        variants=[VariantInfo(r.key, r.name, r.rows, r.cols) for r in map(get_rules, variant_keys())],
        levels=levels, default_level=levels[len(levels) // 2].number, draw_presets=list(DRAW_PRESETS),
        engine=True,
    )


def new_game(board: Board, request: NewGame) -> BoardView:
    session = Session(request.variant, request.fen or None, request.draw_rules, request.forced_capture)
    return board_view(board.replace(session))


def restore(board: Board, request: Restore) -> BoardView:
    return board_view(board.replace(Session.restore(SavedGame.from_data(request.save))))


def position(board: Board, request: NoParams) -> BoardView:
    return board_view(board.session)


def _playable(session: Session) -> None:
    if session.outcome():
        raise GameOverError("the game is over")


def play(board: Board, request: Play) -> BoardView:
    """Play one of the moves of the current view; the FEN guards against a stale page."""
    s = board.session
    if request.fen and request.fen != s.game.fen():
        raise StalePositionError("the position changed before the move arrived")
    _playable(s)
    if request.index is not None:
        legal = s.legal()
        if not 0 <= request.index < len(legal):
            raise IllegalMoveError(f"there is no move number {request.index} here ({len(legal)} legal moves)")
        move = legal[request.index]
    elif request.text is not None:
        move = s.game.parse_move(request.text)
    elif request.path is not None:
        move = s.find(request.path, request.caps)
    else:
        raise BadRequestError("play needs the move's index, text or path")
    s.play(move)
    return board_view(s)


def undo(board: Board, request: Count) -> BoardView:
    s = board.session
    s.declared = None  # taking back a move takes back a declared result too
    for _ in range(max(1, request.count)):
        if not s.game.move_stack:
            break
        s.redo_stack.append(s.pop())
    return board_view(s)


def redo(board: Board, request: Count) -> BoardView:
    s = board.session
    for _ in range(max(1, request.count)):
        if not s.redo_stack:
            break
        s.push(s.redo_stack.pop())
    return board_view(s)


def computer(board: Board, request: Computer) -> ComputerView:
    """The computer's move, searched here in the worker so the page never waits on it."""
    s = board.session
    _playable(s)
    move = engine.choose_move(s.game, request.level, time_limit=request.time_limit)
    text = s.game.move_text(move)
    s.play(move)
    return extend(board_view(s), ComputerView, computer_move=text)


def hint(board: Board, request: NoParams) -> Hint:
    s = board.session
    moves = s.legal()
    if not moves:
        raise GameOverError("there is no move to suggest")
    move, reason = engine.hint(s.game)
    index = next(i for i, m in enumerate(moves) if m.path == move.path and m.captures == move.captures)
    return Hint(index, s.game.move_text(move), reason.text, reason)


def declare(board: Board, request: Declare) -> BoardView:
    """Resignation, agreed draw or flag fall: results that come from the players, not the board."""
    s = board.session
    loser = Colour(request.side) if request.side else s.game.turn
    if request.kind == "resign":
        s.declared = Outcome.resignation(loser)
    elif request.kind == "draw":
        s.declared = Outcome.agreement()
    else:
        s.declared = Outcome.time_out(loser)
    return board_view(s)


def draw_offer(board: Board, request: NoParams) -> DrawAnswer:
    """The computer's answer to a draw offer: it accepts when a draw rule is already counting
    or the material is level and small (it has no reason to play on for a win)."""
    s = board.session
    _playable(s)
    material = {"w": 0, "b": 0}
    for piece in s.game.board().values():
        material[piece.lower()] += 2 if piece.isupper() else 1
    level_and_small = material["w"] == material["b"] and material["w"] + material["b"] <= 8
    return DrawAnswer(bool(counters(s.game)) or level_and_small)


def export_pdn(board: Board, request: ExportPdn) -> PdnText:
    """The game's PDN. A result the players declared (resignation, agreed draw, flag fall) is
    not on the board, so it is written here: its result, and how the game ended."""
    s = board.session
    declared: dict[str, str] = {}
    if s.declared is not None:
        declared = {"Result": s.declared.result, "Termination": s.declared.reason}
    tags = {**s.tags, **declared, **(request.tags or {})}
    return PdnText(write_game(s.game, tags or None))


def import_pdn(board: Board, request: ImportPdn) -> BoardView:
    """Read the first game of a PDN text; on any error the board's game stays as it was."""
    games = pdn.read_games(request.text)
    if not games:
        raise PdnError("no game found in the text")
    record = games[0]
    game = game_from_pdn(record)
    fresh = Session(game.rules.key, game.starting_fen, DEFAULT_PRESET, game.rules.forced_capture)
    for move in game.move_stack:
        fresh.push(fresh.find(list(move.path), list(move.captures)))
    fresh.tags = dict(record.tags)
    return board_view(board.replace(fresh))


def set_fen(board: Board, request: SetFen) -> BoardView:
    s = board.session
    fen = request.fen.strip()
    if not fen:  # an empty field is a mistake, not a request for the start position
        raise InvalidFenError("no FEN given: paste a position such as W:W31-50:B1-20")
    fresh = Session(request.variant or s.variant, fen, s.draw_rules, s.forced_capture)
    return board_view(board.replace(fresh))


def review(board: Board, request: Review) -> BoardView:
    """The position after ``ply`` moves, for clicking through the move list (no moves offered)."""
    s = board.session
    ply = max(0, min(request.ply, len(s.game.move_stack)))
    probe = s.game.copy()
    while len(probe.move_stack) > ply:
        probe.pop()
    return board_view(s, probe, review_ply=ply)


# -- the learn page and embedded boards ---------------------------------------------------------


def close_session(board: Board, request: NoParams) -> Nothing:
    """Forget a board's game (its element left the page)."""
    board.close()
    return Nothing()


# The worded rule flags as text ids of the catalogue.
CHOICE = {"free": "rules.choice.free", "most_pieces": "rules.choice.most_pieces",
          "most_pieces_then_kings": "rules.choice.most_pieces_then_kings", "italian": "rules.choice.italian",
          "king_first": "rules.choice.king_first", "frisian_value": "rules.choice.frisian_value"}
PASSING = {"continue_as_man": "rules.passing.continue_as_man",
           "crown_and_continue": "rules.passing.crown_and_continue", "crown_and_stop": "rules.passing.crown_and_stop"}
REMOVAL = {True: "rules.removal.at_once", False: "rules.removal.at_end"}


def rules_table(board: Board, request: NoParams) -> RulesTable:
    """Every variant's rule flags as plain words, for the side-by-side table of the learn page."""
    rows = []
    for r in map(get_rules, variant_keys()):
        rows.append(VariantRow(
            key=r.key, name=r.name, board=f"{r.rows}×{r.cols}", squares=r.squares, first=r.first_player,
            men_backward=any(d[0] > 0 for d in r.man_capture_directions),
            orthogonal=any(d[0] == 0 for d in r.man_capture_directions),
            flying=r.flying_kings, men_take_kings=r.men_capture_kings,
            choice=CHOICE[r.capture_choice], passing=PASSING[r.passing_promotion],
            removal=REMOVAL[r.immediate_removal], losing=r.losing_game, inverted=r.colouring == "inverted",
        ))
    return RulesTable(rows)


def why_not(board: Board, request: WhyNot) -> Reason:
    """Why a try on the board (a piece, or a piece and a square) is not a move."""
    return explain_why_not(board.session.game, request.origin, request.destination)


def viewer_position(board: Board, request: ViewerPosition) -> ViewerView:
    """The position after ``ply`` moves of the loaded game, with its legal moves and their
    reasons (the PDN viewer shows what could be played there, unlike ``review``)."""
    s = board.session
    ply = max(0, min(request.ply, len(s.game.move_stack)))
    probe = Session(s.variant, s.start_fen, s.draw_rules, s.forced_capture)
    for move in s.game.move_stack[:ply]:
        probe.push(move)
    view = board_view(probe)
    return extend(view, ViewerView, history=list(s.texts), total=len(s.texts), tags=dict(s.tags), redo=0)


def tutorial(board: Board, request: Tutorial) -> Steps:
    return Steps([step.to_dict() for step in lessons.steps_for(request.family)])


def tutorial_try(board: Board, request: TutorialTry) -> dict[str, object]:
    return lessons.check(lessons.by_id(request.id), request.text).to_dict()


METHODS: dict[str, Method[Any]] = {
    # the game page
    "hello": Method(NoParams, hello), "new_game": Method(NewGame, new_game), "restore": Method(Restore, restore),
    "position": Method(NoParams, position), "play": Method(Play, play), "undo": Method(Count, undo),
    "redo": Method(Count, redo), "computer": Method(Computer, computer), "hint": Method(NoParams, hint),
    "declare": Method(Declare, declare), "draw_offer": Method(NoParams, draw_offer),
    "export_pdn": Method(ExportPdn, export_pdn), "import_pdn": Method(ImportPdn, import_pdn),
    "set_fen": Method(SetFen, set_fen), "review": Method(Review, review),
    # the learn page and embedded boards
    "close_session": Method(NoParams, close_session), "rules_table": Method(NoParams, rules_table),
    "why_not": Method(WhyNot, why_not), "viewer_position": Method(ViewerPosition, viewer_position),
    "tutorial": Method(Tutorial, tutorial), "tutorial_try": Method(TutorialTry, tutorial_try),
    # the learn page's puzzles and the puzzle page
    **puzzle_methods.METHODS,
}
