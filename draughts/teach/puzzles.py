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
from ..rules import get_rules
from ..text import Message, message

if TYPE_CHECKING:
    from ..move import Move

DATA_FILE = Path(__file__).resolve().parent / "data" / "puzzles.json.gz"
# Every theme the page can pick by, in the order it lists them, with the id of its name.
THEME_NAMES = {"sacrifice": "pz_theme.sacrifice", "double-sacrifice": "pz_theme.double-sacrifice",
               "breakthrough": "pz_theme.breakthrough", "endgame": "pz_theme.endgame",
               "promotion": "pz_theme.promotion", "win": "pz_theme.win", "quiet": "pz_theme.quiet"}
THEMES = tuple(THEME_NAMES)
# Where you win by losing your pieces, giving pieces away is the aim itself, not a sacrifice.
LOSING_THEME_NAMES = {"sacrifice": "pz_theme_losing.sacrifice",
                      "double-sacrifice": "pz_theme_losing.double-sacrifice"}


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
    def losing(self) -> bool:
        """Whether the puzzle's variant is won by losing your pieces (Antidraughts, Schlagdame)."""
        return get_rules(self.variant).losing_game

    @property
    def themes(self) -> tuple[str, ...]:
        """Every theme the page can pick by (see :data:`THEMES`). In a losing game a crowning
        gains nothing (a king is given away as easily as a man), so no line there is a breakthrough."""
        out = list(self.tags)
        if self.sacrificed:
            out.append("sacrifice")
        if self.sacrificed >= 2:
            out.append("double-sacrifice")
        if self.losing and "breakthrough" in out:
            out.remove("breakthrough")
        return tuple(t for t in THEMES if t in out)

    @property
    def theme_names(self) -> list[Message]:
        return [theme_name(t, self.losing) for t in self.themes]

    @property
    def wins_game(self) -> bool:
        """Whether the line ends the game won (its gain is then no count of pieces)."""
        return "win" in self.tags

    @property
    def task(self) -> Message:
        """What the player must do: win, or in a losing game give away more than the opponent."""
        side = message(self.side)
        if self.losing and self.wins_game:
            return message("pz_task_losing_game", side=side)
        if self.losing:
            return message("pz_task_losing", side=side, opponent=message(opponent_of(self.side)),
                           pieces=pieces(self.gain))
        return message("pz_task", side=side)

    @property
    def hint(self) -> Message:
        """Which piece to start with, and what kind of combination it is: see :func:`hint_for`."""
        return hint_for(self.game(), self.solution, self.gain, self.wins_game)

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
                "theme_names": [m.to_dict() for m in self.theme_names], "task": self.task.to_dict(),
                "difficulty": self.difficulty, "sacrificed": self.sacrificed, "taken": self.taken,
                "origin": self.origin_message.to_dict()}

    def summary(self) -> dict[str, object]:
        """What a list of puzzles needs (no hint: that costs a search of the position)."""
        return {"id": self.id, "variant": self.variant, "themes": list(self.themes), "difficulty": self.difficulty}


def opponent_of(side: str) -> str:
    return "black" if side == "white" else "white"


def pieces(count: int) -> Message:
    """"one piece" or "3 pieces": how many a losing-game line gives away more than it takes."""
    return message("pz_pieces_one") if count == 1 else message("pz_pieces", count=count)


def men(count: int) -> Message:
    """"a man" or "3 men": the material a line wins (a king counted as the men it is worth)."""
    return message("pz_men_one") if count == 1 else message("pz_men", count=count)


def theme_name(theme: str, losing: bool = False) -> Message:
    """The name of a theme (one of :data:`THEMES`), in a losing game where it needs its own."""
    return message(LOSING_THEME_NAMES[theme] if losing and theme in LOSING_THEME_NAMES else THEME_NAMES[theme])


def variant_guide(variant: str) -> dict[str, object]:
    """What the page shows for a variant before a puzzle: the introduction (what a puzzle asks
    there) and the themes its puzzles have, each with its name."""
    losing = get_rules(variant).losing_game
    present = {t for p in puzzles_for(variant) for t in p.themes}
    return {"intro": message("pz_intro_losing" if losing else "pz_intro").to_dict(),
            "themes": [{"key": t, "name": theme_name(t, losing).to_dict()} for t in THEMES if t in present]}


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
        won = (message("pz_solved_game") if puzzle.wins_game
               else message("pz_solved_losing", pieces=pieces(puzzle.gain)) if puzzle.losing
               else message("pz_solved_material", material=men(puzzle.gain)))
        return Verdict(True, won, reply=reply, solved=True)
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


def hint_for(game: Game, line: Sequence[str], gain: int, wins_game: bool = False) -> Message:
    """A hint that points at the first move of ``line`` without giving it away: which piece,
    whether it is a sacrifice (the capture in reply is compulsory) or a quiet move, and what the
    line wins (``gain`` pieces, or the game). In a losing game the aim is turned round: the line
    leaves the player pieces down, and that wins."""
    first = game.parse_move(line[0])
    after = game.copy()
    after.push(first)
    code = game.piece_at(first.origin) or ""
    piece = message("puzzle.piece.king" if code.isupper() else "puzzle.piece.man")
    square = game.geometry.label(first.origin)
    replies = [m for m in after.legal_moves if m.captures]
    if game.rules.losing_game:
        down = pieces(gain)
        if wins_game:
            return message("pz_hint_losing_game", piece=piece, square=square)
        if replies:
            return message("pz_hint_losing_forcing", piece=piece, square=square, pieces=down,
                           opponent=message(after.turn.value))
        return message("pz_hint_losing_quiet", piece=piece, square=square, pieces=down)
    result = message("pz_result_game") if wins_game else message("pz_result_material", material=men(gain))
    if replies and not any(first.destination in m.captures for m in replies):
        return message("pz_hint_forcing", piece=piece, square=square, result=result,
                       opponent=message(after.turn.value))
    if replies:
        return message("pz_hint_sacrifice", piece=piece, square=square, result=result)
    return message("pz_hint_quiet", piece=piece, square=square, result=result)


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


