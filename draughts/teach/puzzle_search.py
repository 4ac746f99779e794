"""What makes a position a puzzle, proven by search: one move wins, every other does not.

A material-only search (:func:`best_move`, :func:`others_at_most`) decides, independent of anything the engine's
evaluation might change: a man counts 1 and a king 3 where kings fly (2 where they step), a
side with no move has lost (won, in a losing-game variant, where the count is turned round:
fewer pieces is better). Captures are searched past the horizon, since they are compulsory.

A position is a puzzle when the side to move has no capture (a real choice), exactly one move
wins at least :data:`WIN_MARGIN` (material by force, a breakthrough to a king that cannot be
stopped, or the game), every other move wins less than that, and at each of the player's later
moves in the line the winning move is again the only one (:func:`solution_line` follows it,
:func:`verify` proves it again at a depth of its own). The mining pipeline (tools/puzzles/)
finds candidates at one depth and keeps them only when :func:`verify` agrees at a deeper one.

>>> from draughts import Game
>>> game = Game("english", fen="W:W6,13,14,23,24:B8,11,12,16")
>>> move, score = unique_winner(game, 5)
>>> game.move_text(move), score - material_balance(game) >= win_margin(game)
('24-20', True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..game import Game
from ..position import play

if TYPE_CHECKING:
    from ..move import Move

LOSS = -1000  # no legal move: the game is lost (won, in a losing-game variant)
WIN_MARGIN = 2  # men on 10x10 and larger boards: the solution must win this and beat every other move by it
SMALL_BOARD_MARGIN = 1  # men on 8x8 boards, where a shot that wins one man of twelve decides a game
MAX_START_BALANCE = 2  # men: a puzzle in a position already won by more is no puzzle
WON = 500  # a score beyond this is a won game, not material


def _count(mask: int) -> int:
    return bin(mask).count("1")


class NodeBudget:
    """The nodes a whole proof may search, shared by every search it makes: a bound on the
    effort that, unlike a time limit, gives the same verdict on any machine. A search that
    would go past it raises :class:`OutOfNodes`."""

    def __init__(self, nodes: int) -> None:
        self.left = nodes


class OutOfNodes(Exception):
    """The search used up its node budget."""


class _Searcher:
    """Negamax with alpha-beta on material; captures are searched past the horizon (they are
    compulsory, so a position with a capture pending is not one whose material can be counted)."""

    def __init__(self, game: Game, king: int | None = None, max_nodes: int | None = None,
                 budget: NodeBudget | None = None) -> None:
        self.gen = game.generator
        self.forced = game.rules.forced_capture
        self.king = king if king is not None else 3 if game.rules.flying_kings else 2
        self.sign = -1 if game.rules.losing_game else 1
        self.nodes = 0
        self.max_nodes = max_nodes
        self.budget = budget

    def material(self, om: int, ok: int, pm: int, pk: int) -> int:
        k = self.king if self.sign > 0 else 1  # giving a king away is as good as giving a man
        return self.sign * (_count(om) + k * _count(ok) - _count(pm) - k * _count(pk))

    def search(self, depth: int, alpha: int, beta: int, om: int, ok: int, pm: int, pk: int, colour: int) -> int:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfNodes
        if self.budget is not None:
            self.budget.left -= 1
            if self.budget.left < 0:
                raise OutOfNodes
        moves = self.gen.generate(om, ok, pm, pk, colour, self.forced)
        if not moves:
            return LOSS * self.sign
        if depth <= 0:
            if not moves[0][2]:  # quiet: count the material (captures come first when there are any)
                return self.material(om, ok, pm, pk)
            moves = [m for m in moves if m[2]]
        best = -10_000
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
    except OutOfNodes:
        return None


def win_margin(game: Game) -> int:
    """The material a puzzle's solution must win, and beat every other move by."""
    return WIN_MARGIN if game.rules.rows >= 10 else SMALL_BOARD_MARGIN


def _sides(game: Game) -> tuple[int, int, int, int, int]:
    return (*game.position.sides(), game.turn.index)


def material_balance(game: Game) -> int:
    """Material for the side to move as the search counts it (see the module's text)."""
    om, ok, pm, pk, _colour = _sides(game)
    if not game.legal_moves:
        return LOSS * (-1 if game.rules.losing_game else 1)
    return _Searcher(game).material(om, ok, pm, pk)


def piece_balance(game: Game) -> int:
    """Pieces of the side to move less the opponent's, kings counted as one."""
    om, ok, pm, pk, _colour = _sides(game)
    return _count(om | ok) - _count(pm | pk)


def root_scores(game: Game, depth: int, counter: list[int] | None = None,
                budget: NodeBudget | None = None) -> list[tuple["Move", int]]:
    """Every legal move with its exact material score at ``depth`` plies (plus captures after),
    best first; ``counter`` (one int) gets the nodes searched added to it. Every search here
    and below takes an optional ``budget`` (:class:`NodeBudget`), spent as it searches."""
    om, ok, pm, pk, colour = _sides(game)
    searcher = _Searcher(game, budget=budget)
    out = []
    for move in game.legal_moves:
        npm, npk, nom, nok = play(move.raw, om, ok, pm, pk)
        out.append((move, -searcher.search(depth - 1, -10_000, 10_000, npm, npk, nom, nok, colour ^ 1)))
    out.sort(key=lambda item: -item[1])
    if counter is not None:
        counter[0] += searcher.nodes
    return out


def best_move(game: Game, depth: int, counter: list[int] | None = None,
              budget: NodeBudget | None = None) -> tuple["Move", int] | None:
    """The best move at ``depth`` (the first in legal order among equals) with its exact score:
    alpha-beta at the root, so the other moves only get bounds."""
    om, ok, pm, pk, colour = _sides(game)
    searcher = _Searcher(game, budget=budget)
    best: tuple["Move", int] | None = None
    for move in game.legal_moves:
        npm, npk, nom, nok = play(move.raw, om, ok, pm, pk)
        alpha = best[1] if best else -10_001
        score = -searcher.search(depth - 1, -10_000, -alpha, npm, npk, nom, nok, colour ^ 1)
        if best is None or score > best[1]:
            best = (move, score)  # inside the window (alpha, 10_000): exact
    if counter is not None:
        counter[0] += searcher.nodes
    return best


def others_at_most(game: Game, depth: int, chosen: "Move", limit: int, counter: list[int] | None = None,
                   budget: NodeBudget | None = None) -> bool:
    """Whether every legal move but ``chosen`` scores at most ``limit`` at ``depth``: a null
    window at the limit proves it without finding the exact scores."""
    om, ok, pm, pk, colour = _sides(game)
    searcher = _Searcher(game, budget=budget)
    try:
        for move in game.legal_moves:
            if move == chosen:
                continue
            npm, npk, nom, nok = play(move.raw, om, ok, pm, pk)
            if -searcher.search(depth - 1, -limit - 1, -limit, npm, npk, nom, nok, colour ^ 1) > limit:
                return False
        return True
    finally:
        if counter is not None:
            counter[0] += searcher.nodes


def unique_winner(game: Game, depth: int, counter: list[int] | None = None,
                  budget: NodeBudget | None = None) -> tuple["Move", int] | None:
    """The one move that beats every other by :func:`win_margin`, with its score; else None."""
    best = best_move(game, depth, counter, budget)
    if best is None or len(game.legal_moves) == 1:
        return best
    return best if others_at_most(game, depth, best[0], best[1] - win_margin(game), counter, budget) else None


def stands_alone(start: int, margin: int, score: int, runner_up: int) -> bool:
    """A first move scoring ``score`` wins, and the best of the others (``runner_up``) does not
    win and loses to it by the margin: the test of a puzzle's first move."""
    return score - start >= margin and runner_up <= min(score - margin, start + margin - 1)


def first_move_wins(game: Game, depth: int, counter: list[int] | None = None,
                    budget: NodeBudget | None = None) -> "Move | None":
    """The first move of a puzzle at ``depth``: the only one that wins, while no other does."""
    if len(game.legal_moves) < 2 or any(m.captures for m in game.legal_moves):
        return None
    start = material_balance(game)
    if start > MAX_START_BALANCE:
        return None
    margin = win_margin(game)
    best = best_move(game, depth, counter, budget)
    assert best is not None
    move, score = best
    if score - start < margin:
        return None
    limit = min(score - margin, start + margin - 1)
    return move if others_at_most(game, depth, move, limit, counter, budget) else None


def solution_line(game: Game, depth: int, budget: NodeBudget | None = None) -> tuple[list[str], int] | None:
    """The winning line from ``game`` (whose first move :func:`first_move_wins` found) and the
    material it wins, or None when some later move of the player's is not the only winning one.

    The defender answers with its best reply; the line ends once the gain is made and nothing
    is left to take (a crowning counts as a king's worth: a breakthrough is a gain)."""
    g = game.copy()
    side = g.turn
    start = material_balance(g)
    texts: list[str] = []
    for ply in range(depth + 8):
        moves = list(g.legal_moves)
        if not moves:
            break
        remaining = max(1, depth - ply)
        ours = g.turn == side
        gain = (material_balance(g) if ours else -material_balance(g)) - start
        if ply and gain >= win_margin(g) and not any(m.captures for m in moves):
            break  # won and quiet: the line is complete (before the defender's ordinary move)
        if ours:
            if len(moves) == 1:
                move = moves[0]
            else:
                winner = unique_winner(g, remaining, budget=budget)
                if winner is None:
                    return None
                move = winner[0]
        else:
            found = best_move(g, remaining, budget=budget)
            assert found is not None
            move = found[0]
        texts.append(g.move_text(move))
        g.push(move)
    end = material_balance(g) * (1 if g.turn == side else -1)
    return texts, min(end, WON) - start


def replay(fen: str, variant: str, line: Sequence[str]) -> tuple[Game, list["Move"]]:
    """The game after playing ``line`` from ``fen``, and the moves played (raises on an illegal one)."""
    game = Game(variant, fen=fen)
    moves = []
    for text in line:
        move = game.parse_move(text)
        moves.append(move)
        game.push(move)
    return game, moves


def verify(variant: str, fen: str, line: Sequence[str], depth: int, gain: int,
           budget: NodeBudget | None = None) -> list[str]:
    """Problems with a puzzle (empty when it is sound) at ``depth``: every move legal, the first
    the only winning one, each later move of the player's the only one that keeps the win, and
    the line's end wins ``gain``."""
    problems: list[str] = []
    game = Game(variant, fen=fen)
    side = game.turn
    start = material_balance(game)
    for i, text in enumerate(line):
        try:
            move = game.parse_move(text)
        except ValueError as error:
            return problems + [f"move {i + 1} {text!r} is not legal: {error}"]
        if i == 0:
            if first_move_wins(game, depth, budget=budget) != move:
                problems.append(f"{text} is not the only winning first move at depth {depth}")
        elif i % 2 == 0 and len(game.legal_moves) > 1:
            remaining = max(1, depth - i)
            winner = unique_winner(game, remaining, budget=budget)
            if winner is None or winner[0] != move:
                problems.append(f"move {i + 1} {text} is not the only winning move at depth {remaining}")
        game.push(move)
    problems += gain_problems(game, side, start, gain)
    return problems


def gain_problems(end: Game, side: object, start: int, gain: int) -> list[str]:
    """The line's end must win what the puzzle promises."""
    won = min(material_balance(end) * (1 if end.turn == side else -1), WON) - start
    return [] if won >= gain else [f"the line wins {won}, not {gain}"]


def engine_agrees(variant: str, fen: str, first: str, depth: int) -> list[str]:
    """Problems the engine (draughts.engine, full evaluation, ``depth``) sees: it must choose
    ``first`` and see no forced win of the game by any other move."""
    from ..engine import new_game, think, to_move
    from ..engine.search import MATE_BOUND

    game = Game(variant, fen=fen)
    new_game(game)  # a fresh hash table: the verdict must not depend on earlier searches
    result = think(game, seconds=None, depth=depth, exact_root=True)
    scores = sorted(result.root_scores, key=lambda item: -item[1])
    problems = []
    best = game.move_text(to_move(game, scores[0][0]))
    if best != first:
        problems.append(f"the engine prefers {best} to {first}")
    for raw, score in scores[1:]:
        if score > MATE_BOUND:
            problems.append(f"{game.move_text(to_move(game, raw))} wins the game as well")
    return problems


# ---------------------------------------------------------------------------------------------
# What a puzzle is about: themes and difficulty

ENDGAME_SHARE = 0.4  # at most this share of the starting pieces on the board: an endgame


@dataclass(frozen=True)
class Themes:
    sacrificed: int  # the player's pieces the defender takes in the line
    taken: int  # the defender's pieces the player takes
    tags: tuple[str, ...]  # "breakthrough", "endgame", "promotion", "win", "quiet"


def themes(variant: str, fen: str, line: Sequence[str]) -> Themes:
    """The puzzle's themes, read from its line."""
    game = Game(variant, fen=fen)
    side = game.turn
    pieces = _all_pieces(game)
    kings = bool(game.position.pieces[1] | game.position.pieces[3])
    endgame = kings or pieces <= ENDGAME_SHARE * _all_pieces(Game(variant))
    sacrificed = taken = 0
    promoted = False
    for i, text in enumerate(line):
        move = game.parse_move(text)
        if game.turn == side:
            taken += len(move.captures)
            promoted = promoted or move.promotes
        else:
            sacrificed += len(move.captures)
        game.push(move)
    tags = []
    if promoted:
        tags.append("promotion")
        if taken - sacrificed < win_margin(game):
            tags.append("breakthrough")  # the king, not the men, is the gain
    if endgame:
        tags.append("endgame")
    outcome = game.outcome()
    if outcome is not None and outcome.winner == side:
        tags.append("win")
    if not sacrificed:
        tags.append("quiet")
    return Themes(sacrificed, taken, tuple(tags))


def _all_pieces(game: Game) -> int:
    wm, wk, bm, bk = game.position.pieces
    return _count(wm | wk | bm | bk)


def difficulty(variant: str, fen: str, line: Sequence[str], depth: int, budget: NodeBudget | None = None) -> int:
    """A rating (about 600..2400) from the search effort: the nodes the material search needs,
    deepening one ply at a time, until the first move stands alone as the winner, and the
    number of moves the player must find."""
    game = Game(variant, fen=fen)
    first = game.parse_move(line[0])
    start, margin = material_balance(game), win_margin(game)
    counter = [0]  # the exact scores of every move, deepening: the effort the position asks for
    for d in range(1, depth + 1):
        scores = root_scores(game, d, counter, budget)
        if scores[0][0] == first and stands_alone(start, margin, scores[0][1], scores[1][1]):
            break
    player_moves = (len(line) + 1) // 2
    rating = 500 + 90 * math.log2(max(2, counter[0])) + 60 * (player_moves - 1)
    return int(max(600, min(2400, round(rating, -1))))
