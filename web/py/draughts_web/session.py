"""One game per board, and the bounded registry that holds a worker's boards.

Several boards share one worker (the learn page's tutorial and puzzle boards, embedded boards):
each request names its board, and its handler gets that board's :class:`Session` from the
:class:`SessionRegistry`. Nothing is swapped in and out of a global, so one board's request can
never act on another's game.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Literal

from draughts import Colour, Game, IllegalMoveError, Move, Outcome, PdnError, get_rules
from draughts.draw import PRESETS
from draughts.notation.pdn import PdnGame, read_game
from draughts.record import game_from_pdn, pdn_from_game, recorded_outcome

from .errors import BadRequestError, BadSaveError
from .library import PdnLibrary
from .tree import MoveTree, Node, path_to, read_variations, write_variations
from .wire import decode, named

DRAW_PRESETS: tuple[str, ...] = PRESETS
DEFAULT_PRESET = PRESETS[0]  # the variant's own draw rules (RULES.md decision 1)
SAVE_VERSION = 1

# A move as data: its path and the squares it takes, in order.
MoveData = tuple[list[int], list[int]]


@dataclass(frozen=True)
class Declared:
    """A result the players declared, as a save keeps it: how, and who won (the sentence and
    the rule are the library's, made again on restore in whatever language the page shows)."""

    termination: Literal["resignation", "agreement", "time"]
    winner: Literal["white", "black"] | None = None

    @classmethod
    def of(cls, outcome: Outcome) -> "Declared":
        termination = outcome.termination.value
        assert termination in ("resignation", "agreement", "time")
        return cls(termination, outcome.winner.value if outcome.winner else None)  # type: ignore[arg-type]

    def outcome(self) -> Outcome:
        if self.termination == "agreement" or self.winner is None:
            return Outcome.agreement()
        loser = Colour(self.winner).opponent
        return Outcome.resignation(loser) if self.termination == "resignation" else Outcome.time_out(loser)


@dataclass(frozen=True)
class SavedGame:
    """A game as the page keeps it in local storage: the start, the moves, and what is not on
    the board (moves taken back that can be redone, a declared result, the PDN tags, and the
    rest of the move tree: variations, comments and a review's marks)."""

    v: int
    variant: str
    fen: str
    draw_rules: str = named("drawRules", DEFAULT_PRESET)
    forced_capture: bool = named("forcedCapture", True)
    moves: list[MoveData] = field(default_factory=list)
    redo: list[MoveData] = field(default_factory=list)  # the next move to redo first
    declared: Declared | None = None
    tags: dict[str, str] = field(default_factory=dict)
    pdn: str = ""  # an imported game's own text, while the game is still that record's
    # The whole move tree as PDN, written as the export writes it, when it holds more than
    # ``moves`` and ``redo`` say (a variation, a comment, a mark); "" when it does not.
    tree: str = ""
    annotated: bool = False  # a review wrote into the tree: the record's text is not the game's

    @classmethod
    def from_data(cls, data: object) -> "SavedGame":
        """A save read back from the page's storage; another format or a damaged one raises."""
        if not isinstance(data, dict) or data.get("v") != SAVE_VERSION:
            raise BadSaveError("the saved game has an unknown format")
        declared = data.get("declared")
        if isinstance(declared, dict):
            # Earlier saves kept the whole outcome, sentence and rule too: its kind and winner
            # are all a declared result needs.
            data = {**data, "declared": {k: declared[k] for k in ("termination", "winner") if k in declared}}
        try:
            return decode(cls, data, "save")
        except BadRequestError as error:
            raise BadSaveError(f"the saved game is damaged: {error}") from error


def move_data(move: Move) -> MoveData:
    return list(move.path), list(move.captures)


class Session:
    """One board's game plus what the rules do not keep: the tree of every move tried (the
    moves to redo are the line ahead in it), a result the players declared (resignation,
    agreed draw, flag fall) and the PDN tags of an imported game. ``game`` is the position of
    the tree's current node."""

    def __init__(self, variant: str = "international", fen: str | None = None,
                 draw_rules: str = DEFAULT_PRESET, forced_capture: bool = True) -> None:
        self.variant = get_rules(variant).key
        # forced_capture=None keeps the variant's own rule; only the house rule turns it off
        self.game = Game(self.variant, fen=fen, draw_rules=draw_rules, forced_capture=None if forced_capture else False)
        self.draw_rules = self.game.draw_preset
        self.forced_capture = forced_capture
        self.start_fen = self.game.fen()
        self.texts: list[str] = []  # move texts in the notation, parallel to game.move_stack
        self.tree = MoveTree()
        self.node: Node = self.tree.root  # where the game is in the tree
        self.tags: dict[str, str] = {}
        self.declared: Outcome | None = None
        # An imported game: its record and how many moves it has. While the game is that
        # record's (no move taken back or changed), its result is the record's and its PDN is
        # the record's text byte for byte.
        self.record: PdnGame | None = None
        self.record_plies = 0
        self.recorded: Outcome | None = None
        self.library: PdnLibrary | None = None  # a PDN file of many games being read
        self.extras: dict[str, object] = {}  # what the board's analysis keeps between requests
        self.annotated = False  # a review wrote into the tree: the record's text is not the game's

    # -- moves ------------------------------------------------------------------------------
    def legal(self) -> list[Move]:
        return list(self.game.legal_moves)

    def push(self, move: Move) -> None:
        """Play ``move`` from the current node: along the tree's move if it has one, else as a
        new variation (the main line and the other lines stay)."""
        text = self.game.move_text(move)
        self.game.push(move)
        self.texts.append(text)
        self.node = self.tree.child(self.node, move, text)

    def pop(self) -> Move:
        """Back one move; the tree remembers the line for redo."""
        assert self.node.parent is not None
        self.texts.pop()
        self.node = self.node.parent
        return self.game.pop()

    def play(self, move: Move) -> None:
        """A move made on the board: the moves after this point stay in the tree. A move the
        tree did not have makes the game another than an imported record's: the record's
        result and text no longer describe it."""
        new = all(child.move != move for child in self.node.children)
        self.push(move)
        if new and self.record is not None:
            self.forget_record()

    def redo_moves(self) -> list[Move]:
        """The moves redo would replay, next first."""
        return [n.move for n in self.tree.ahead(self.node) if n.move is not None]

    def goto(self, node_id: int) -> None:
        """Make the position of the tree's move ``node_id`` (0: the start) the current one."""
        target = self.tree.find(node_id)
        if target is None:
            raise BadRequestError(f"there is no move {node_id} in this game's tree")
        line = path_to(target)
        keep = 0  # the moves the current line shares with the target's
        current = path_to(self.node)
        while keep < min(len(line), len(current)) and line[keep] is current[keep]:
            keep += 1
        while len(self.game.move_stack) > keep:
            self.pop()
        for node in line[keep:]:
            assert node.move is not None
            self.push(node.move)

    def start_game(self) -> Game:
        """A game at this session's start, under its rules, no move played."""
        return Game(self.variant, fen=self.start_fen, draw_rules=self.draw_rules,
                    forced_capture=None if self.forced_capture else False)

    def main_line_game(self) -> Game:
        """The game along the tree's main line (first moves), whatever the current node."""
        game = self.start_game()
        for node in self.tree.main_line():
            assert node.move is not None
            game.push(node.move)
        return game

    # -- an imported record -------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: PdnGame) -> "Session":
        """The game of a PDN record, every move played; its tags, result and text are kept."""
        game = game_from_pdn(record)
        session = cls(game.rules.key, game.starting_fen, DEFAULT_PRESET, game.rules.forced_capture)
        read_variations(session.tree, record.main_line, session.tree.root, session.game.copy())
        session.tree.root.comments = list(record.main_line.comments)
        main = session.tree.main_line()
        session.goto(main[-1].id if main else 0)
        session.tags = dict(record.tags)
        session.record = record
        session.record_plies = len(game.move_stack)
        session.recorded = recorded_outcome(record, session.game)
        return session

    @property
    def record_intact(self) -> bool:
        """The game is still the imported record's: at the end of its main line, every move of
        it there and none other."""
        if self.record is None or len(self.game.move_stack) != self.record_plies:
            return False
        main = self.tree.main_line()
        return self.node is (main[-1] if main else self.tree.root)

    def forget_record(self) -> None:
        """The game is another one now: the record's tags and result no longer apply."""
        self.record = None
        self.recorded = None
        self.tags = {}

    def find(self, path: list[int], captures: list[int] | None = None) -> Move:
        """The legal move with this path (and captures), for moves saved or sent as data."""
        legal = self.legal()
        for move in legal:
            if list(move.path) == path and (captures is None or list(move.captures) == captures):
                return move
        for move in legal:  # a path that reaches the same squares with the same takes
            if (path and move.origin == path[0] and move.destination == path[-1]
                    and (captures is None or sorted(move.captures) == sorted(captures))):
                return move
        raise IllegalMoveError(f"{'-'.join(map(str, path))} is not a legal move here")

    def outcome(self) -> Outcome | None:
        if self.declared:
            return self.declared
        if self.recorded and self.record_intact:
            return self.recorded
        return self.game.outcome()

    # -- saving -----------------------------------------------------------------------------
    def tree_record(self, tags: dict[str, str] | None = None) -> PdnGame:
        """The PDN of the whole tree: the main line with its variations, NAGs and comments
        (what the export writes, and what a save keeps of the tree)."""
        return write_variations(self.tree, pdn_from_game(self.main_line_game(), tags))

    def save(self) -> SavedGame:
        return SavedGame(SAVE_VERSION, self.variant, self.start_fen, self.draw_rules, self.forced_capture,
                         [move_data(m) for m in self.game.move_stack],
                         [move_data(m) for m in self.redo_moves()],
                         Declared.of(self.declared) if self.declared else None, dict(self.tags),
                         self.record.source if self.record is not None else "",
                         self.tree_record().to_pdn() if self.tree.has_variations_or_notes() else "",
                         self.annotated)

    @classmethod
    def restore(cls, saved: SavedGame) -> "Session":
        """Replay a saved game; a save that does not replay raises, so the page can set it aside."""
        session = cls(saved.variant, saved.fen, saved.draw_rules, saved.forced_capture)
        if saved.tree:
            # The tree first: the moves below then walk along it to the current node.
            try:
                record = read_game(saved.tree)
                read_variations(session.tree, record.main_line, session.tree.root, session.game.copy())
            except PdnError as error:
                raise BadSaveError(f"the saved move tree does not replay: {error}") from error
            session.tree.root.comments = list(record.main_line.comments)
            session.annotated = saved.annotated
        for ply, (path, captures) in enumerate(saved.moves, start=1):
            try:
                session.push(session.find(path, captures))
            except IllegalMoveError as error:
                raise BadSaveError(f"saved move {ply} is not legal: {error}") from error
        # Redo moves are kept up to the first that does not fit, then taken back: the tree
        # holds them as the line ahead.
        redone = 0
        for path, captures in saved.redo:
            move = next((m for m in session.game.legal_moves
                         if list(m.path) == path and list(m.captures) == captures), None)
            if move is None:
                break
            session.push(move)
            redone += 1
        for _ in range(redone):
            session.pop()
        session.declared = saved.declared.outcome() if saved.declared else None
        session.tags = dict(saved.tags)
        if saved.pdn:
            session.keep_record(saved.pdn)
        return session

    def keep_record(self, text: str) -> None:
        """A restored game's record, if its moves begin this game's (else it is not kept)."""
        try:
            record = read_game(text)
            replayed = game_from_pdn(record)
        except PdnError:
            return
        moves = [m.path for m in replayed.move_stack]
        played = [m.path for m in self.game.move_stack] + [m.path for m in self.redo_moves()]
        if played[:len(moves)] == moves:
            self.record, self.record_plies = record, len(moves)
            self.recorded = recorded_outcome(record, replayed)


PAGE_BOARD = ""  # the key of the game page's own board (its requests name no board)


class SessionRegistry:
    """The boards of one worker, at most ``limit`` of them: a page that keeps making boards
    must not grow the worker without bound. The least recently used board is forgotten first;
    the game page's own board never is."""

    def __init__(self, limit: int) -> None:
        if limit < 2:
            raise ValueError("a registry holds the page's board and at least one other")
        self.limit = limit
        self._sessions: OrderedDict[str, Session] = OrderedDict()  # least recently used first

    def get(self, key: str) -> Session:
        """The board's game; a board not seen before (or forgotten) starts a new game."""
        session = self._sessions.get(key)
        if session is None:
            return self.put(key, Session())
        self._sessions.move_to_end(key)
        return session

    def put(self, key: str, session: Session) -> Session:
        """Give the board this game (a new game, a restored one, an imported one)."""
        self._sessions[key] = session
        self._sessions.move_to_end(key)
        while len(self._sessions) > self.limit:
            oldest = next(k for k in self._sessions if k not in (PAGE_BOARD, key))
            del self._sessions[oldest]
        return session

    def close(self, key: str) -> None:
        """Forget a board (its element left the page)."""
        self._sessions.pop(key, None)

    def __contains__(self, key: object) -> bool:
        return key in self._sessions

    def __len__(self) -> int:
        return len(self._sessions)

    def keys(self) -> list[str]:
        """The boards, least recently used first."""
        return list(self._sessions)


@dataclass(frozen=True)
class Board:
    """The board a request is about: its game in the registry, found when a handler asks."""

    registry: SessionRegistry
    key: str = PAGE_BOARD

    @property
    def session(self) -> Session:
        return self.registry.get(self.key)

    def replace(self, session: Session) -> Session:
        return self.registry.put(self.key, session)

    def close(self) -> None:
        self.registry.close(self.key)
