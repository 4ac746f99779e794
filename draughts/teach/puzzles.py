"""Combination puzzles per variant, each verified by search: the solution is the only winning line.

A puzzle is a position, the side to move and the line that wins material: the player's moves
alternate with the replies the defender is expected to make. Every stored puzzle was found by
``bench/find_puzzles.py`` (games of the engine against itself, positions where one first move
wins at least two men more than any other) and is re-verified by ``tests/test_puzzles.py``
twice. :func:`verify` uses :func:`root_scores`, a material-only search that depends on nothing
the engine's evaluation might change: at the stored depth the first move of the solution is the
only one that wins, and every later move of the player's in the line is the only one that keeps
the win. :func:`engine_agrees` asks ``draughts.engine`` at the same depth: it must choose the
solution, see no other move that wins the game, and the side to move must not be more than two
men up already (a position won anyway makes a poor puzzle).

Material counts a man 1 and a king 3 where kings fly (2 where they step): a king's worth is about
that, and the margin asked of a puzzle is two men, so the exact value rarely decides. The gain a
puzzle promises is counted in pieces (a crowning alone is not a combination).

>>> p = puzzles_for("international")[0]
>>> game = p.game()
>>> game.turn == p.side
True
>>> check_move(p, [], p.solution[0]).correct
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..game import Game
from ..movegen import WHITE
from ..position import play
from ..text import Message, message

if TYPE_CHECKING:
    from ..move import Move

LOSS = -1000  # no legal move: the game is lost (a losing-game variant is never a puzzle here)
WIN_MARGIN = 2  # men: the solution must beat every other first move by this much


COMPOSED_HERE = "composed for this project (found by bench/find_puzzles.py, engine-verified)"
# Sources said in the player's language (the English text is the catalogue's too).
SOURCE_TEXTS = {COMPOSED_HERE: "ed_source.composed"}


@dataclass(frozen=True)
class Puzzle:
    id: str
    variant: str
    fen: str
    solution: tuple[str, ...]  # the player's moves and the defender's replies, in PDN move text
    depth: int  # plies searched (plus every capture after them) when it was verified
    gain: int  # pieces won at the end of the line (net, kings counted as one)
    source: str = COMPOSED_HERE

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

    def game(self) -> Game:
        return Game(self.variant, fen=self.fen)

    def player_plies(self) -> list[int]:
        """Indexes in :attr:`solution` of the moves the player makes (0, 2, 4, ...)."""
        return list(range(0, len(self.solution), 2))

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "variant": self.variant, "fen": self.fen, "solution": list(self.solution),
                "depth": self.depth, "gain": self.gain, "hint": self.hint.to_dict(), "title": self.title.to_dict(),
                "source": self.source, "side": self.side,
                "sourceText": message(SOURCE_TEXTS[self.source]).to_dict() if self.source in SOURCE_TEXTS else None}


@dataclass(frozen=True)
class Verdict:
    """What happens to a try: ``correct`` (the line goes on), or refused with a reason."""

    correct: bool
    message: Message
    rule: str = ""  # draughts.teach.explain's rule id when the try was illegal
    source: str = ""
    reply: str | None = None  # the defender's answer, when the line goes on
    solved: bool = False

    @property
    def text(self) -> str:
        """The verdict in English."""
        return self.message.text

    def to_dict(self) -> dict[str, object]:
        return {"correct": self.correct, "text": self.text, "message": self.message.to_dict(), "rule": self.rule,
                "source": self.source, "reply": self.reply, "solved": self.solved}


# ---------------------------------------------------------------------------------------------
# A material-only search, independent of the engine's evaluation

def _count(mask: int) -> int:
    return bin(mask).count("1")


def _material(om: int, ok: int, pm: int, pk: int, king: int = 3) -> int:
    return _count(om) + king * _count(ok) - _count(pm) - king * _count(pk)


class _Searcher:
    """Negamax with alpha-beta on material; captures are searched past the horizon (they are
    compulsory, so a position with a capture pending is not one whose material can be counted)."""

    def __init__(self, game: Game, king: int | None = None, max_nodes: int | None = None) -> None:
        self.gen = game.generator
        self.forced = game.rules.forced_capture
        self.king = king if king is not None else 3 if game.rules.flying_kings else 2
        self.nodes = 0
        self.max_nodes = max_nodes

    def search(self, depth: int, alpha: int, beta: int, om: int, ok: int, pm: int, pk: int, colour: int) -> int:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfNodes
        moves = self.gen.generate(om, ok, pm, pk, colour, self.forced)
        if not moves:
            return LOSS
        if depth <= 0:
            if not moves[0][2]:  # quiet: count the material (captures come first when there are any)
                return _material(om, ok, pm, pk, self.king)
            moves = [m for m in moves if m[2]]
        best = LOSS - 1
        for m in moves:
            npm, npk, nom, nok = play(m, om, ok, pm, pk)
            score = -self.search(depth - 1, -beta, -alpha, npm, npk, nom, nok, colour ^ 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best


def _sides(game: Game) -> tuple[int, int, int, int, int]:
    return (*game.position.sides(), game.turn.index)


def material_balance(game: Game) -> int:
    """Material for the side to move (men 1, kings 3 where they fly, else 2)."""
    om, ok, pm, pk, _colour = _sides(game)
    return _material(om, ok, pm, pk, 3 if game.rules.flying_kings else 2)


def piece_balance(game: Game) -> int:
    """Pieces of the side to move less the opponent's, kings counted as one."""
    om, ok, pm, pk, _colour = _sides(game)
    return _material(om, ok, pm, pk, 1)


def root_scores(game: Game, depth: int) -> list[tuple["Move", int]]:
    """Every legal move with its exact material score at ``depth`` plies (plus captures after)."""
    om, ok, pm, pk, colour = _sides(game)
    searcher = _Searcher(game)
    out = []
    for move in game.legal_moves:
        npm, npk, nom, nok = play(move.raw, om, ok, pm, pk)
        out.append((move, -searcher.search(depth - 1, -10_000, 10_000, npm, npk, nom, nok, colour ^ 1)))
    out.sort(key=lambda item: -item[1])
    return out


class _OutOfNodes(Exception):
    """The search used up its node budget."""


def secures(game: Game, move: "Move", depth: int, target: int, king: int | None = None,
            max_nodes: int | None = None) -> bool | None:
    """Whether after ``move`` the side to move keeps at least ``target`` material (men 1, kings
    ``king``, by default as :func:`material_balance` counts them) against every defence within
    ``depth`` plies in all (plus the captures after): a null-window test, cheaper than a score.
    ``None`` when the search would need more than ``max_nodes`` nodes to tell."""
    om, ok, pm, pk, colour = _sides(game)
    searcher = _Searcher(game, king, max_nodes)
    npm, npk, nom, nok = play(move.raw, om, ok, pm, pk)
    try:
        return -searcher.search(depth - 1, -target, -target + 1, npm, npk, nom, nok, colour ^ 1) >= target
    except _OutOfNodes:
        return None


def unique_winner(game: Game, depth: int, margin: int = WIN_MARGIN) -> tuple["Move", int] | None:
    """The one move that beats every other by ``margin`` men, with its score; else None."""
    scores = root_scores(game, depth)
    if not scores:
        return None
    if len(scores) == 1:
        return scores[0]
    (best, score), (_second, runner_up) = scores[0], scores[1]
    return (best, score) if score - runner_up >= margin else None


def verify(puzzle: Puzzle) -> list[str]:
    """Problems with a stored puzzle (empty when it is sound): the check the tests run."""
    problems: list[str] = []
    game = puzzle.game()
    start = piece_balance(game)
    for i, text in enumerate(puzzle.solution):
        try:
            move = game.parse_move(text)
        except ValueError as error:
            return problems + [f"move {i + 1} {text!r} is not legal: {error}"]
        if i % 2 == 0 and len(game.legal_moves) > 1:
            remaining = puzzle.depth - i
            winner = unique_winner(game, max(1, remaining))
            if winner is None or winner[0] != move:
                problems.append(f"move {i + 1} {text} is not the only winning move at depth {max(1, remaining)}")
        game.push(move)
    # the line ends with the defender to move again or after the player's last capture
    end = piece_balance(game) * (1 if game.turn == puzzle.side else -1)
    if end - start < puzzle.gain:
        problems.append(f"the line wins {end - start} men, not {puzzle.gain}")
    return problems


MAX_START_BALANCE = 2  # men: a puzzle in a position already won by more is no puzzle


def engine_agrees(puzzle: Puzzle) -> list[str]:
    """Problems the engine (draughts.engine, full evaluation, the stored depth) sees: it must
    choose the solution's first move and see no forced win of the game by any other move."""
    from ..engine import new_game, think, to_move
    from ..engine.search import MATE_BOUND

    game = puzzle.game()
    new_game(game)  # a fresh hash table: the verdict must not depend on earlier searches
    result = think(game, seconds=None, depth=puzzle.depth, exact_root=True)
    scores = sorted(result.root_scores, key=lambda item: -item[1])
    problems = []
    best = game.move_text(to_move(game, scores[0][0]))
    if best != puzzle.solution[0]:
        problems.append(f"the engine prefers {best} to {puzzle.solution[0]}")
    for raw, score in scores[1:]:
        if score > MATE_BOUND:
            problems.append(f"{game.move_text(to_move(game, raw))} wins the game as well")
    if material_balance(game) > MAX_START_BALANCE:
        problems.append(f"the side to move is already {material_balance(game)} men up")
    return problems


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
        return Verdict(False, message("puzzle.not_the_solution"), "not-the-solution")
    reply = puzzle.solution[index + 1] if index + 1 < len(puzzle.solution) else None
    solved = index + 2 >= len(puzzle.solution)
    if solved:
        return Verdict(True, message("puzzle.solved", gain=puzzle.gain), reply=reply, solved=True)
    return Verdict(True, message("puzzle.keep_going"), reply=reply)


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


def puzzles_for(variant: str) -> list[Puzzle]:
    from ..rules import get_rules

    key = get_rules(variant).key
    return [p for p in PUZZLES if p.variant == key]


def by_id(puzzle_id: str) -> Puzzle:
    for p in PUZZLES:
        if p.id == puzzle_id:
            return p
    raise KeyError(f"no puzzle {puzzle_id!r}")


# ---------------------------------------------------------------------------------------------
# The stored puzzles (bench/find_puzzles.py prints these entries)

PUZZLES: tuple[Puzzle, ...] = (
    Puzzle('international-1', 'international', 'B:W16,31,33,34,35,36,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,12,14,17,19,24,27',
           ('6-11', '31x22', '17x30'), 5, 2),
    Puzzle('international-2', 'international', 'W:W27,32,33,35,36,37,44:B6,7,8,19,20,39',
           ('44-40', '39x28', '32x25'), 5, 2),
    Puzzle('international-3', 'international', 'W:W32,38,40,43,44,48,50:B2,4,5,6,12,13,15,16,20,21,31,35',
           ('44-39', '35x42', '48x19'), 5, 2),
    Puzzle('international-4', 'international', 'W:W35,36,40,44,K6:B7,10,20,23,K38',
           ('6-1', '7-11', '1x4'), 5, 3),
    Puzzle('international-5', 'international', 'W:W26,28,32,33,34,35,37,38,39,40,42,43,45,46,48,50:B1,3,4,5,6,7,9,11,12,15,16,17,19,20,21,24,25,K47',
           ('28-22', '17x28', '26x8', '3x12', '32x3'), 5, 3),
    Puzzle('international-6', 'international', 'W:W11,21,31,36,46:B1,5,12,13,19,32',
           ('11-7', '12-17', '21x12', '13-18', '12x14', '1x12'), 5, 2),
    Puzzle('international-7', 'international', 'B:W31,32,33,34,35,36,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,20,23,24',
           ('23-29', '34x23', '24-30', '35x24', '20x27', '31x22', '17x19'), 5, 2),
    Puzzle('brazilian-1', 'brazilian', 'B:Wb4,d4,h4,d2,h2,a1,c1,e1,g1:Bb8,f8,h8,a7,g7,f6,h6',
           ('f6-g5', 'h4xf6', 'g7xa5'), 7, 2),
    Puzzle('brazilian-2', 'brazilian', 'B:Wh6,d4,a3,c3,e3,g3,b2,d2,h2,a1,g1:Bb8,d8,f8,h8,a7,c7,g7,b6,f6,c5',
           ('c5-b4', 'a3xc5', 'f6-e5', 'd4xf6', 'b6xh4', 'f6-e7', 'd8xf6'), 7, 2),
    Puzzle('russian-1', 'russian', 'B:Wb4,d4,a3,b2,d2,f2,h2,a1,e1,g1:Bb8,d8,f8,h8,c7,e7,b6,d6',
           ('d6-c5', 'b4:d6', 'e7:c1'), 7, 2),
    Puzzle('russian-2', 'russian', 'B:Wd4,f4,h4,c3,e3,b2,f2,a1,g1:Bh8,a7,g7,f6,h6,a5',
           ('f6-g5', 'h4:f6', 'g7:b4'), 7, 3),
    Puzzle('russian-3', 'russian', 'W:Wa3,e3,g3,b2,d2,f2,a1,c1,e1,g1:Bb8,d8,h8,a7,c7,e7,b6,h6,c5,e5',
           ('e3-d4', 'c5:e3', 'd2:f8'), 7, 2),
    Puzzle('russian-4', 'russian', 'W:Wb4,a3,c3,g3,b2,d2,f2,h2,c1,e1:Bb8,d8,h8,a7,c7,g7,d6,f6,e5,d4,f4',
           ('d2-e3', 'f4:d2', 'c1:g5'), 7, 3),
    Puzzle('russian-5', 'russian', 'B:Wh4,a3,c3,g3,d2,f2,h2,c1,g1:Bb8,f8,h8,a7,e7,g7,f6,h6,e5',
           ('e5-f4', 'g3:e5', 'f6:b2', 'h4-g5', 'h6:f4'), 7, 2),
    Puzzle('russian-6', 'russian', 'B:Wh6,a5,c5,h2:Ba7,c7,f6,f4',
           ('f4-e3', 'h6-g7', 'f6:h8', 'a5-b6', 'c7:a5'), 7, 2),
    Puzzle('english-1', 'english', 'B:W5,19,20,23,25,26,27,29,30,32:B1,2,4,6,8,11,12,13',
           ('11-16', '20x11', '8x31'), 5, 2),
    Puzzle('english-2', 'english', 'B:W7,19,20,23,25,26,27,28,30:B4,5,6,8,11,12',
           ('11-16', '20x11', '8x31'), 7, 2),
    Puzzle('english-3', 'english', 'W:W21,22,23,24,25,26,28,29,30,31,32:B1,3,4,5,6,7,8,11,12,13,14',
           ('22-17', '13x22', '25x2'), 7, 2),
    Puzzle('english-4', 'english', 'W:W6,13,14,23,24:B8,11,12,16',
           ('24-20', '11-15', '20x4'), 5, 2),
    Puzzle('english-5', 'english', 'W:W17,19,21,22,24,25,27,28,29,30,31,32:B1,3,4,5,6,7,8,10,11,12,13,14',
           ('19-15', '10x19', '24x15', '11x18', '22x15', '13x22', '25x2'), 5, 2),
)
