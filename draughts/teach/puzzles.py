"""Combination puzzles in every variant, each proven to have one solution, and the page's questions.

A puzzle is a position, the side to move and the line that wins: the player's moves alternate
with the replies the defender is expected to make. The puzzles ship compressed in
``data/puzzles.json.gz`` and are read the first time one is asked for. They were mined from
self-play games by ``tools/puzzles/mine.py`` and proven by :mod:`draughts.teach.puzzle_search`
(the first move is the only one that wins, every later move of the player's the only one that
keeps the win); ``tests/test_puzzles.py`` replays every one and proves a sample again.

>>> p = puzzles_for("international")[0]
>>> game = p.game()
>>> game.turn == p.side
True
>>> check_move(p, [], p.solution[0]).correct
True
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import DraughtsError
from ..game import Game
from ..text import Message, message

if TYPE_CHECKING:
    from ..move import Move

DATA_FILE = Path(__file__).resolve().parent / "data" / "puzzles.json.gz"
THEMES = ("sacrifice", "double-sacrifice", "breakthrough", "endgame", "promotion", "win", "quiet")


class UnknownPuzzleError(DraughtsError):
    """No shipped puzzle has that id."""


@dataclass(frozen=True)
class Puzzle:
    id: str
    variant: str
    fen: str
    solution: tuple[str, ...]  # the player's moves and the defender's replies, in PDN move text
    depth: int  # plies searched (plus every capture after them) when it was proven
    gain: int  # material won at the end of the line (a man 1, a king 3 where kings fly, else 2)
    sacrificed: int = 0  # the player's pieces the defender takes in the line
    taken: int = 0  # the defender's pieces the player takes
    tags: tuple[str, ...] = ()  # from draughts.teach.puzzle_search.themes
    difficulty: int = 1500  # a rating from the search effort
    origin: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)  # seed, game, ply

    @property
    def themes(self) -> tuple[str, ...]:
        """Every theme the page can pick by (see :data:`THEMES`)."""
        out = list(self.tags)
        if self.sacrificed:
            out.append("sacrifice")
        if self.sacrificed >= 2:
            out.append("double-sacrifice")
        return tuple(t for t in THEMES if t in out)

    @property
    def hint(self) -> Message:
        """Which piece to start with, and what kind of combination it is: see :func:`hint_for`."""
        return hint_for(self.game(), self.solution, self.gain)

    @property
    def title(self) -> Message:
        return message("puzzle.title")

    @property
    def side(self) -> str:
        return "white" if self.fen.startswith("W") else "black"

    @property
    def source(self) -> str:
        o = self.origin
        if o.get("seed") is None:
            return "composed for this project (found in engine games, engine-verified)"
        return f"mined by tools/puzzles/mine.py: seed {o['seed']}, game {o['game']}, ply {o['ply']}"

    @property
    def origin_message(self) -> Message:
        o = self.origin
        if o.get("seed") is None:
            return message("pz_origin_earlier")
        return message("pz_origin_mined", seed=o["seed"], game=o["game"], ply=o["ply"])

    def game(self) -> Game:
        return Game(self.variant, fen=self.fen)

    def player_plies(self) -> list[int]:
        """Indexes in :attr:`solution` of the moves the player makes (0, 2, 4, ...)."""
        return list(range(0, len(self.solution), 2))

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "variant": self.variant, "fen": self.fen, "solution": list(self.solution),
                "depth": self.depth, "gain": self.gain, "hint": self.hint.to_dict(), "title": self.title.to_dict(),
                "source": self.source, "side": self.side, "themes": list(self.themes),
                "difficulty": self.difficulty, "sacrificed": self.sacrificed, "taken": self.taken,
                "origin": self.origin_message.to_dict()}

    def summary(self) -> dict[str, object]:
        """What a list of puzzles needs (no hint: that costs a search of the position)."""
        return {"id": self.id, "variant": self.variant, "themes": list(self.themes), "difficulty": self.difficulty}


def from_entry(entry: dict[str, Any]) -> Puzzle:
    return Puzzle(entry["id"], entry["variant"], entry["fen"], tuple(entry["solution"]), entry["depth"],
                  entry["gain"], entry.get("sacrificed", 0), entry.get("taken", 0), tuple(entry.get("themes", ())),
                  entry.get("difficulty", 1500), entry.get("origin", {}))


def read_data(path: Path = DATA_FILE) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        entries: list[dict[str, Any]] = json.load(f)
    return entries


def write_data(entries: list[dict[str, Any]], path: Path = DATA_FILE) -> None:
    """The shipped file, byte for byte the same for the same entries (no time in the gzip header)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(entries, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    path.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))


@lru_cache(maxsize=1)
def all_puzzles() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, read on first use."""
    return tuple(from_entry(e) for e in read_data())


@dataclass(frozen=True)
class Verdict:
    """What happens to a try: ``correct`` (the line goes on), or refused with a reason."""

    correct: bool
    message: Message
    rule: str = ""  # draughts.teach.explain's rule id when the try was illegal
    source: str = ""
    reply: str | None = None  # the defender's answer, when the line goes on
    solved: bool = False
    refutation: str | None = None  # a legal wrong try: the defender's answer that punishes it
    why: Message | None = None  # what that answer does (draughts.engine's hint reason)

    @property
    def text(self) -> str:
        """The verdict in English."""
        return self.message.text

    def to_dict(self) -> dict[str, object]:
        return {"correct": self.correct, "text": self.text, "message": self.message.to_dict(), "rule": self.rule,
                "source": self.source, "reply": self.reply, "solved": self.solved, "refutation": self.refutation,
                "why": self.why.to_dict() if self.why else None}


# ---------------------------------------------------------------------------------------------
# The page's questions

def check_move(puzzle: Puzzle, played: list[str], text: str) -> Verdict:
    """Judge the player's try ``text`` after the moves ``played`` (solution moves so far)."""
    from .explain import why_not

    game = puzzle.game()
    for done in played:
        game.push_text(done)
    index = len(played)
    if index >= len(puzzle.solution):
        return Verdict(False, message("puzzle.already_solved"), solved=True)
    expected = game.parse_move(puzzle.solution[index])
    try:
        move = game.parse_move(text)
    except ValueError:
        parts = squares_named(game, text)
        if not parts:
            return Verdict(False, message("puzzle.not_a_move"))
        reason = why_not(game, parts[0], parts[-1] if len(parts) > 1 else None)
        return Verdict(False, reason.message, reason.rule, reason.source)
    if move != expected:
        return refuted(game, move)
    reply = puzzle.solution[index + 1] if index + 1 < len(puzzle.solution) else None
    solved = index + 2 >= len(puzzle.solution)
    if solved:
        return Verdict(True, message("puzzle.solved", gain=puzzle.gain), reply=reply, solved=True)
    return Verdict(True, message("puzzle.keep_going"), reply=reply)


REFUTATION_SECONDS = 1.0  # the engine's look for the defender's answer to a wrong try
REFUTATION_DEPTH = 6


def refuted(game: Game, move: "Move") -> Verdict:
    """The verdict on a legal try that is not the solution: the defender's best answer to it (as
    draughts.engine finds it) and the engine's reason for that answer."""
    from ..engine import hint

    after = game.copy()
    after.push(move)
    if not after.legal_moves:  # the try ends the game: no answer to show
        return Verdict(False, message("puzzle.not_the_solution"), "not-the-solution")
    reply, why = hint(after, seconds=REFUTATION_SECONDS, depth=REFUTATION_DEPTH)
    text = after.move_text(reply)
    sentence = message("pz_refuted", opponent=message(after.turn.value), move=game.move_text(move), reply=text,
                       why=why)
    return Verdict(False, sentence, "not-the-solution", refutation=text, why=why)


def hint_for(game: Game, line: Sequence[str], gain: int) -> Message:
    """A hint that points at the first move of ``line`` without giving it away: which piece, and
    whether it is a sacrifice (the capture in reply is compulsory) or a quiet move."""
    first = game.parse_move(line[0])
    after = game.copy()
    after.push(first)
    code = game.piece_at(first.origin) or ""
    piece = message("puzzle.piece.king" if code.isupper() else "puzzle.piece.man")
    square = game.geometry.label(first.origin)
    replies = [m for m in after.legal_moves if m.captures]
    if game.rules.losing_game:  # the aim is turned round: fewer pieces wins
        return message("pz_hint_losing", piece=piece, square=square, gain=gain)
    if replies and not any(first.destination in m.captures for m in replies):
        return message("puzzle.hint.forcing", piece=piece, square=square, gain=gain,
                       opponent=message(after.turn.value))
    if replies:
        return message("puzzle.hint.sacrifice", piece=piece, square=square, gain=gain)
    return message("puzzle.hint.quiet", piece=piece, square=square, gain=gain)


def squares_named(game: Game, text: str) -> list[int]:
    """The squares named in a try such as "32-28", "c3-d4" or just "32" (a piece that cannot move)."""
    out = []
    for part in text.replace("x", "-").replace(":", "-").split("-"):
        part = part.strip()
        if not part:
            continue
        try:
            out.append(int(part) if part.isdigit() else game.geometry.number(part))
        except (ValueError, KeyError):
            return []
    return out


def puzzles_for(variant: str, theme: str | None = None) -> list[Puzzle]:
    """The puzzles of a variant (any name :func:`draughts.rules.get_rules` knows), of one theme if given."""
    from ..rules import get_rules

    key = get_rules(variant).key
    return [p for p in all_puzzles() if p.variant == key and (theme is None or theme in p.themes)]


@lru_cache(maxsize=1)
def _by_id() -> dict[str, Puzzle]:
    return {p.id: p for p in all_puzzles()}


def by_id(puzzle_id: str) -> Puzzle:
    try:
        return _by_id()[puzzle_id]
    except KeyError:
        raise UnknownPuzzleError(f"no puzzle {puzzle_id!r}") from None


