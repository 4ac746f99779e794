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
from draughts.setup import read_setup, setup_fen, validate_setup
from draughts import Colour, IllegalMoveError, InvalidFenError, Outcome, PdnError, get_rules, variant_keys
from draughts.text import message
from draughts.teach import tutorial as lessons
from draughts.teach.explain import Reason, why_not as explain_why_not

from . import analysis, puzzle_methods
from .errors import BadRequestError, GameOverError, StalePositionError
from .protocol import (
    Computer, Count, Declare, DrawAnswer, ExportPdn, Hello, Hint, ImportPdn, LevelInfo, Method, NewGame, NoParams,
    PdnGames, PdnText, Play, PlayFrom, PuzzleList, Puzzles, PuzzleTry, Restore, Review, RulesTable, SetFen, Setup,
    SetupSquare, SetupView, Steps, Tutorial, TutorialTry,
    VariantInfo, VariantRow, ViewerPosition, WhyNot,
)
from .library import GameListPart, PdnLibrary
from .session import DEFAULT_PRESET, DRAW_PRESETS, Board, SavedGame, Session
from .views import BoardView, ComputerView, ViewerView, board_view, counters, extend
from .wire import Nothing

# -- the game page ------------------------------------------------------------------------------


def hello(board: Board, request: NoParams) -> Hello:
    levels = [LevelInfo(level.number, level.title, level.about) for level in engine.LEVELS]
    return Hello(
        version=draughts.__version__,
        variants=[VariantInfo(r.key, r.name, r.rows, r.cols, r.losing_game) for r in map(get_rules, variant_keys())],
        levels=levels, default_level=levels[(len(levels) - 1) // 2].number, draw_presets=list(DRAW_PRESETS),
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
        s.pop()
    return board_view(s)


def redo(board: Board, request: Count) -> BoardView:
    s = board.session
    for _ in range(max(1, request.count)):
        ahead = s.redo_moves()
        if not ahead:
            break
        s.push(ahead[0])
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
    """The game's PDN. An imported game that is still its record's comes back as it was read,
    byte for byte (tags, comments, result). Otherwise the game's tags win over the page's
    ``tags`` (which fill in what a game of the page has none of: Event, Date, the players),
    and a result the players declared (resignation, agreed draw, flag fall), which is not on
    the board, is written here: its result, and how the game ended."""
    s = board.session
    if s.record_intact and not s.annotated and s.declared is None and s.record is not None and s.record.source:
        return PdnText(s.record.source if s.record.source.endswith("\n") else s.record.source + "\n")
    declared: dict[str, str] = {}
    if s.declared is not None:
        declared = {"Result": s.declared.result, "Termination": s.declared.reason}
    own = {k: v for k, v in s.tags.items() if s.record_intact or k not in ("Result", "Termination")}
    tags = {**(request.tags or {}), **own, **declared}
    return PdnText(s.tree_record(tags or None).to_pdn())


def import_pdn(board: Board, request: ImportPdn) -> BoardView:
    """Read a game of a PDN text; on any error the board's game stays as it was. A finished
    game opens finished: its result and how it ended are the record's."""
    library = board.session.library
    if request.index is not None:
        if library is None:
            raise PdnError("no PDN file is being read: send its text first")
        record = library.game(request.index)
    else:
        games = pdn.read_games(request.text)
        if not games:
            raise PdnError("no game found in the text")
        record = games[0]
    fresh = Session.from_record(record)
    fresh.library = library if request.index is not None else None
    return board_view(board.replace(fresh))


def pdn_games(board: Board, request: PdnGames) -> GameListPart:
    """Read a PDN text of many games a part at a time, for the list to choose one from: with
    ``text`` from its start, without it on from where the last part stopped."""
    s = board.session
    if request.text is not None:
        s.library = PdnLibrary(request.text)
    if s.library is None:
        raise PdnError("no PDN file is being read: send its text first")
    return s.library.read_part()


def play_from(board: Board, request: PlayFrom) -> BoardView:
    """A new game from the position after ``ply`` moves of this one (the moves before it kept),
    with none of the old game's tags, result or record: the players go on from there."""
    s = board.session
    ply = max(0, min(request.ply, len(s.game.move_stack)))
    fresh = Session(s.variant, s.start_fen, s.draw_rules, s.forced_capture)
    for move in s.game.move_stack[:ply]:
        fresh.push(move)
    return board_view(board.replace(fresh))


def set_fen(board: Board, request: SetFen) -> BoardView:
    s = board.session
    fen = request.fen.strip()
    if not fen:  # an empty field is a mistake, not a request for the start position
        raise InvalidFenError("no FEN given: paste a position such as W:W31-50:B1-20", detail=message("ed_fen.none_given"))
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


def setup(board: Board, request: Setup) -> SetupView:
    """The board editor's set-up, checked: a FEN read into pieces (an unreadable one is an
    InvalidFenError), or the pieces placed, with every reason it cannot be played."""
    rules = get_rules(request.variant)
    if request.fen is not None:
        pieces, turn = read_setup(rules, request.fen)
    else:
        pieces, turn = dict(request.pieces), Colour(request.turn if request.turn in ("white", "black") else "white")
    problems = validate_setup(rules, pieces, turn)
    start, _ = read_setup(rules, rules.start_fen)
    geometry = draughts.Game(rules).geometry
    return SetupView(
        variant=rules.key, rows=rules.rows, cols=rules.cols,
        squares=[SetupSquare(s.number, s.label, s.row, s.col) for s in geometry.squares],
        pieces=pieces, turn=turn.value, start=start, first=rules.first_player, problems=problems,
        fen=None if problems else setup_fen(rules, pieces, turn),
    )


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
            notes=list(r.notes),
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
    "set_fen": Method(SetFen, set_fen), "review": Method(Review, review), "setup": Method(Setup, setup),
    "pdn_games": Method(PdnGames, pdn_games), "play_from": Method(PlayFrom, play_from),
    # the analysis board, the move tree and the game review
    "analyse": Method(analysis.Analyse, analysis.analyse), "goto": Method(analysis.Goto, analysis.goto),
    "line_position": Method(analysis.LinePosition, analysis.line_position),
    "review_start": Method(analysis.ReviewStart, analysis.review_start),
    "review_step": Method(analysis.ReviewStep, analysis.review_step),
    # the learn page and embedded boards
    "close_session": Method(NoParams, close_session), "rules_table": Method(NoParams, rules_table),
    "why_not": Method(WhyNot, why_not), "viewer_position": Method(ViewerPosition, viewer_position),
    "tutorial": Method(Tutorial, tutorial), "tutorial_try": Method(TutorialTry, tutorial_try),
    # the learn page's puzzles and the puzzle page
    **puzzle_methods.METHODS,
}
