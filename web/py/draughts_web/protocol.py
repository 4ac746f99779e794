"""The requests the pages send and the replies they get, as dataclasses, and answering one.

The worker passes ``{"id", "method", "params"}`` as JSON; ``params`` may name a board with
``"session"`` (the game page's own board names none). Each method's params decode into its
request dataclass below, so a handler gets checked, typed fields; its result is encoded by
:func:`.wire.encode`, the one JSON encoder. A failure becomes an :class:`ErrorReply` naming the
error's class (a ValueError subclass of :mod:`draughts.errors` or :mod:`.errors`) and its
message, and the board is as it was: handlers check everything before they change anything.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Generic, Literal, Mapping, TypeVar

from draughts.errors import (
    DraughtsError, IllegalMoveError, IllegalSetupError, InvalidFenError, PdnError, UnknownVariantError,
)
from draughts.text import Message as TextMessage, message

from .errors import BadRequestError, UnknownMethodError
from .session import DEFAULT_PRESET, Board, SessionRegistry
from .wire import decode, encode, named

R = TypeVar("R")

# -- requests ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class NoParams:
    """A request without parameters (hello, position, hint, ...)."""


@dataclass(frozen=True)
class NewGame:
    variant: str = "international"
    fen: str | None = None  # empty or None: the variant's start position
    draw_rules: str = named("drawRules", DEFAULT_PRESET)
    forced_capture: bool = named("forcedCapture", True)


@dataclass(frozen=True)
class Restore:
    save: Any  # read by SavedGame.from_data, so that any fault in it is a BadSaveError


@dataclass(frozen=True)
class Play:
    """One move, by its index in the view's list, its text, or its path (and captures)."""

    index: int | None = None
    text: str | None = None
    path: list[int] | None = None
    caps: list[int] | None = None
    fen: str | None = None  # the position the move was chosen in: guards against a stale page


@dataclass(frozen=True)
class Count:
    """How many moves to undo or redo."""

    count: int = 1


@dataclass(frozen=True)
class Computer:
    level: int = 1
    time_limit: float | None = named("timeLimit", None)  # seconds; None: the level's own budget


@dataclass(frozen=True)
class Declare:
    """A result that comes from the players, not the board."""

    kind: Literal["resign", "draw", "flag"]
    side: Literal["white", "black"] | None = None  # who resigned or lost on time; None: the side to move


@dataclass(frozen=True)
class ExportPdn:
    tags: dict[str, str] | None = None


@dataclass(frozen=True)
class ImportPdn:
    """A game of a PDN text: the first of ``text``, or game ``index`` of the file being read
    with pdn_games (``text`` then unused)."""

    text: str = ""
    index: int | None = None


@dataclass(frozen=True)
class PdnGames:
    """Start reading a PDN text of many games (``text``), or read on in it (no text)."""

    text: str | None = None


@dataclass(frozen=True)
class PlayFrom:
    """Go on from the position after ``ply`` moves of the game as a new game."""

    ply: int


@dataclass(frozen=True)
class SetFen:
    fen: str = ""
    variant: str | None = None  # None: the board's variant


@dataclass(frozen=True)
class Setup:
    """A set-up to check (the board editor): a placement, or a FEN to read into one."""

    variant: str = "international"
    fen: str | None = None  # given: read it (the editor's "Load FEN" and a shared link)
    pieces: dict[str, str] = named("pieces", {})  # square label -> "w", "W", "b" or "B"
    turn: str = "white"


@dataclass(frozen=True)
class Review:
    ply: int


@dataclass(frozen=True)
class WhyNot:
    origin: int
    destination: int | None = None


@dataclass(frozen=True)
class ViewerPosition:
    ply: int = 0


@dataclass(frozen=True)
class Tutorial:
    family: str = "international"


@dataclass(frozen=True)
class TutorialTry:
    id: str
    text: str


@dataclass(frozen=True)
class Puzzles:
    variant: str | None = None  # None: every puzzle


@dataclass(frozen=True)
class PuzzleTry:
    id: str
    text: str
    played: list[str] | None = None  # the moves of the solution played so far, both sides'


# -- replies ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reply:
    id: object
    result: object


@dataclass(frozen=True)
class ErrorInfo:
    type: str  # the error's class, e.g. InvalidFenError
    message: str  # in English, with every detail
    text: TextMessage | None = named("text", None, omit_none=True)  # the same for the page's language


def error_text(error: Exception) -> TextMessage | None:
    """What went wrong as a catalogue message, so the page says it in the player's language:
    the error's own detail where it gives one, else a sentence for its kind of input."""
    detail = getattr(error, "detail", None)
    if isinstance(error, InvalidFenError) and isinstance(detail, TextMessage) and error.position is not None:
        return message("ed_error.at_character", detail=detail, where=error.position + 1)
    if isinstance(detail, TextMessage):
        return detail
    if isinstance(error, IllegalSetupError) and error.problems and isinstance(error.problems[0], TextMessage):
        return error.problems[0]
    if isinstance(error, PdnError) and error.line is not None:
        return message("ed_error.pdn", line=error.line)
    if isinstance(error, IllegalMoveError):
        return message("ed_error.move")
    if isinstance(error, UnknownVariantError):
        return message("ed_error.variant")
    if isinstance(error, DraughtsError):
        return message("ed_error.input")
    return None


@dataclass(frozen=True)
class ErrorReply:
    id: object
    error: ErrorInfo


@dataclass(frozen=True)
class VariantInfo:
    key: str
    name: str
    rows: int
    cols: int
    losing: bool = False  # the goal is to lose all one's pieces (Antidraughts, Schlagdame)


@dataclass(frozen=True)
class LevelInfo:
    number: int
    name: TextMessage
    about: TextMessage  # what the level is, in a sentence (its node budget among the params)


@dataclass(frozen=True)
class Hello:
    version: str
    variants: list[VariantInfo]
    levels: list[LevelInfo]
    default_level: int = named("defaultLevel")
    draw_presets: list[str] = named("drawPresets")
    engine: bool = named("engine")  # the computer opponent is always built with the page


@dataclass(frozen=True)
class Hint:
    index: int  # in the view's move list
    text: str
    reason: str  # in English
    message: TextMessage  # the same, for the page to render in its language


@dataclass(frozen=True)
class SetupSquare:
    number: int
    label: str
    row: int
    col: int


@dataclass(frozen=True)
class SetupView:
    """A set-up as the board editor draws it, with every reason it cannot be played."""

    variant: str
    rows: int
    cols: int
    squares: list[SetupSquare]
    pieces: dict[str, str]  # square label -> piece code
    turn: str
    start: dict[str, str]  # the variant's start position, for the editor's button
    first: str  # the side that moves first in the variant
    problems: list[TextMessage]  # empty: playable
    fen: str | None  # the set-up's FEN when it can be played


@dataclass(frozen=True)
class DrawAnswer:
    accepted: bool


@dataclass(frozen=True)
class PdnText:
    pdn: str


@dataclass(frozen=True)
class VariantRow:
    """One variant's rule flags, the worded ones as text ids, for the learn page's table."""

    key: str
    name: str
    board: str
    squares: int
    first: str
    men_backward: bool = named("menBackward")
    orthogonal: bool = named("orthogonal")
    flying: bool = named("flying")
    men_take_kings: bool = named("menTakeKings")
    choice: str = named("choice")  # text ids
    passing: str = named("passing")
    removal: str = named("removal")
    losing: bool = named("losing")
    inverted: bool = named("inverted")
    notes: list[str] = named("notes", [])  # text ids of the rules the flags do not word


@dataclass(frozen=True)
class RulesTable:
    variants: list[VariantRow]


@dataclass(frozen=True)
class Steps:
    steps: list[dict[str, object]]  # draughts.teach.tutorial.Step.to_dict()


@dataclass(frozen=True)
class PuzzleList:
    puzzles: list[dict[str, object]]  # draughts.teach.puzzles.Puzzle.to_dict()


# -- answering --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Method(Generic[R]):
    """A method of the table: the dataclass its params decode into, and its handler."""

    request: type[R]
    run: Callable[[Board, R], object]


def answer(request_json: str, methods: Mapping[str, Method[Any]], registry: SessionRegistry) -> str:
    """The JSON reply to one JSON request; errors come back as data, never as a dead worker."""
    request_id: object = None
    try:
        try:
            envelope = json.loads(request_json)
        except json.JSONDecodeError as error:
            raise BadRequestError(f"the request is not JSON: {error}") from error
        if not isinstance(envelope, dict):
            raise BadRequestError("the request must be an object")
        request_id = envelope.get("id")
        name = envelope.get("method")
        method = methods.get(name) if isinstance(name, str) else None
        if method is None:
            raise UnknownMethodError(f"there is no method {name!r}")
        params = envelope.get("params") or {}
        if not isinstance(params, dict):
            raise BadRequestError("params must be an object")
        key = params.pop("session", None) or ""
        if not isinstance(key, str):
            raise BadRequestError("params.session must be a text")
        result = method.run(Board(registry, key), decode(method.request, params))
        return encode(Reply(request_id, result))
    except Exception as error:  # a bug too is reported with its class, so the page can show it
        return encode(ErrorReply(request_id, ErrorInfo(type(error).__name__, str(error), error_text(error))))
