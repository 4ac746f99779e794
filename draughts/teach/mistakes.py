"""Why a move was a mistake, in words built from the position: the coach's sentence.

:func:`explain_mistake` is given the position before a move, the move played and the engine's
better move. It asks the engine (:func:`draughts.engine.analyse`) for the opponent's best answer
to the move played, reads that line off the board (:mod:`draughts.teach.shots`: who gave what,
who took what, who crowned where) and names it: a shot, a breakthrough, a piece left hanging, a
lost tempo, or plain loss of material. When the move played loses nothing, it reads the better
move's line instead: a missed win. Every claim is checked by a material-only search first
(:func:`draughts.teach.shots.verified`); a line the search refutes is never claimed, and a loss
the better move could not have avoided either is not blamed on the move played. What is left is
called positional: nothing concrete the search can show.

The sentence is a :class:`~draughts.text.Message` whose parameters are the moves in the
variant's notation and the counts and squares from the board, so it reads the same in every
language the catalogue has.

>>> from draughts import Game
>>> game = Game("english", fen="W:W7,20,23,24,25,26,27,28,30:B4,5,6,8,11,12")
>>> e = explain_mistake(game, game.parse_move("24-19"), game.parse_move("23-19"), seconds=0.3)
>>> e.kind.value, e.texts[:3]
('shot', ('11-16!', '20x11', '8x31'))
>>> e.message.text
'24-19 allows 11-16! 20x11 8x31: a 3-for-1 shot that wins 2 men...'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from ..errors import IllegalMoveError, InvalidArgumentError
from ..game import Game
from ..move import Move
from ..text import Message, message
from .shots import (CHECK_NODES, SETTLED, SLACK, LineFacts, ShotKind, crowning_is_the_gain, holds, read_line,
                    readings, shot_kind, verified)

# The least gain, in men, that counts as something won: half a man is below what a player would
# call "material" (the engine's positional terms alone reach it), a man less a margin is not.
CONCRETE = 0.7
# Plies a verification search may cover: longer lines are not claimed (the search would take
# seconds in the middle game, and a line that long is no longer "what the move allowed").
MAX_LINE = 11
# The engine's line is searched at least this deep, however little time it had (a loaded
# machine or a short budget): shots of a few moves are found at this depth, and the answer does
# not depend on how busy the machine was. A lower bound, never a cap.
MIN_DEPTH = 6
# The depth of the engine's line: deep enough for the shots and runaways of a few moves that a
# player calls "what the move allowed", and the same on every machine.
LINE_DEPTH = 8
MIN_DEPTH_SECONDS = 30.0  # the bound on the search that makes up the depth (never reached in tests)
# The engine's share of the budget for the answer to the move played; the rest is the better move's.
PLAYED_SHARE = 0.6


class MistakeKind(str, Enum):
    SHOT = "shot"  # the opponent gives pieces and takes more (a k-for-n combination)
    BREAKTHROUGH = "breakthrough"  # the opponent gets a king nobody can stop
    HANGING = "hanging"  # a piece left to be taken for nothing
    TEMPO = "tempo"  # a lost race, or a side out of safe moves
    MISSED_WIN = "missed_win"  # the better move would have won material or the game
    MATERIAL = "material"  # material lost over the line, in no sharper shape
    POSITIONAL = "positional"  # nothing concrete the search can show


@dataclass(frozen=True)
class Explanation:
    """What a mistake allowed (or missed), with the line that shows it.

    ``line`` starts after the move played with the opponent's answer, or, for a missed win,
    with the better move itself; ``texts`` is the same line in the variant's notation, ``!``
    after a sacrifice. ``gain`` is what the line wins, in men (kings at the engine's value).
    """

    kind: MistakeKind
    line: tuple[Move, ...]
    texts: tuple[str, ...]
    gain: float
    message: Message

    @property
    def text(self) -> str:
        return self.message.text

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind.value, "line": list(self.texts), "gain": self.gain,
                "message": self.message.to_dict()}


class NotAMistakeError(InvalidArgumentError):
    """The move played is the better move: there is nothing to explain."""


_KIND_OF_SHOT = {
    ShotKind.SHOT: MistakeKind.SHOT, ShotKind.HANGING: MistakeKind.HANGING,
    ShotKind.BREAKTHROUGH: MistakeKind.BREAKTHROUGH, ShotKind.RACE: MistakeKind.TEMPO,
    ShotKind.SQUEEZE: MistakeKind.TEMPO, ShotKind.PRESSURE: MistakeKind.MATERIAL,
}


def king_value(game: Game) -> float:
    """The engine's king, in men."""
    from ..engine import searcher_for

    ev = searcher_for(game).evaluator
    return ev.king_value / ev.man_value


def classify_shot(game: Game, line: Sequence[Move]) -> ShotKind:
    """The shape of ``line`` from ``game`` (its first move by the side to move), read off the board
    and cut where its gain settles; unchecked (see :func:`draughts.teach.shots.verified`)."""
    return shot_kind(read_line(game, line, king_value(game)))


def explain_mistake(game: Game, played: Move, best: Move, *, seconds: float = 0.5) -> Explanation:
    """Why ``played`` was worse than ``best`` in ``game``'s position, in a sentence from the board.

    The engine's lines are searched to a fixed depth (LINE_DEPTH), so the answer is the same on
    every machine; ``seconds`` is only a floor under the time bound of those searches (which a
    search to that depth does not reach). The checking searches come on top (milliseconds in
    most positions, bounded by their node budget, under a second in a crowded middle game).
    Raises :class:`IllegalMoveError` when a move is not legal here and
    :class:`NotAMistakeError` when the two are the same move.
    """
    for move in (played, best):
        if not isinstance(move, Move) or move not in game.legal_moves:
            raise IllegalMoveError(f"{move!r} is not a legal move in {game.fen()}")
    if played == best:
        raise NotAMistakeError("the move played is the better move")
    kv = king_value(game)
    played_text, best_text = game.move_text(played), game.move_text(best)
    if not game.rules.losing_game:  # in a losing game material won is no gain: nothing to count
        after = game.copy()
        after.push(played)
        if after.legal_moves:
            facts = _claim(after, _engine_line(after, seconds * PLAYED_SHARE)[:MAX_LINE], kv)
            if facts is not None and not _unavoidable(game, best, facts):
                return _loss(facts, played_text, after)
        better = game.copy()
        better.push(best)
        follow = _engine_line(better, seconds * (1 - PLAYED_SHARE)) if better.legal_moves else []
        facts = _claim(game, [best, *follow][:MAX_LINE], kv)
        if facts is not None:
            return _missed(facts, best_text, game)
    return Explanation(MistakeKind.POSITIONAL, (), (), 0.0,
                       message("coach_positional", played=played_text, best=best_text))


def _engine_line(game: Game, seconds: float) -> list[Move]:
    """The engine's principal variation from ``game``, searched to LINE_DEPTH.

    The variation is read from the hash table and may stop short (an entry overwritten); a line
    shorter than MIN_DEPTH plies, or one that stops with a capture pending, is continued by a
    search from where it stops, once.
    """
    from ..engine import analyse

    # A fixed depth, not the time: a line read from a search that went as deep as the clock
    # allowed differed between a quiet and a busy machine (the same mistake named a shot on one
    # and a breakthrough on the other). ``seconds`` only bounds a search that would take longer.
    answer = analyse(game, max(seconds, MIN_DEPTH_SECONDS), depth=LINE_DEPTH)
    line = list(answer.pv_moves)
    end = game.copy()
    for move in line:
        end.push(move)
    if end.legal_moves and (len(line) < MIN_DEPTH or any(m.captures for m in end.legal_moves)):
        line += analyse(end, MIN_DEPTH_SECONDS, depth=MIN_DEPTH).pv_moves
    return line


def _claim(game: Game, line: list[Move], kv: float) -> LineFacts | None:
    """The first reading of ``line`` that wins something concrete and that the search confirms."""
    for facts in readings(game, line, kv):
        if _concrete(facts) and verified(game, facts):
            return facts
    return None


def _concrete(facts: LineFacts) -> bool:
    """Whether the line wins something a player would name: material, a king, or the game."""
    return facts.value >= CONCRETE or facts.crowned is not None or (facts.squeezed and facts.value > -SETTLED)


def _unavoidable(game: Game, best: Move, facts: LineFacts) -> bool:
    """Whether the opponent wins as many pieces after the better move too (then it is not the mistake's)."""
    from .puzzle_search import material_balance, secures

    if crowning_is_the_gain(facts):
        return False  # a crowning the better move allows too would have shown in its score
    other = game.copy()
    other.push(best)
    target = material_balance(other) + facts.pieces_won
    return any(secures(other, m, len(facts.moves) + SLACK, target, None, CHECK_NODES // 4) is True
               for m in other.legal_moves)


def material(men: int, kings: int) -> Message | None:
    """"a man", "2 men and a king", ...: what a line wins, as words (None when nothing)."""
    parts = []
    if men > 0:
        parts.append(message("coach_man") if men == 1 else message("coach_men", count=men))
    if kings > 0:
        parts.append(message("coach_king") if kings == 1 else message("coach_kings", count=kings))
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else message("coach_and", first=parts[0], second=parts[1])


def _gain(facts: LineFacts, kv: float) -> float:
    """What the line wins, in men: the pieces taken (kings at ``kv``), and a crowning only when
    the crowning is the point of the line (a king won back later is no gain of a shot)."""
    if crowning_is_the_gain(facts):
        return facts.value
    kings = max(0, facts.kings_taken)
    return round(facts.pieces_won - kings + kv * kings, 2)


def _won(facts: LineFacts) -> Message | None:
    kings = max(0, facts.kings_taken)
    return material(facts.pieces_won - kings, kings)


def _given(facts: LineFacts) -> Message:
    return material(facts.lost, 0) or message("coach_man")


def _line(facts: LineFacts) -> str:
    return " ".join(facts.texts)


def _square(game: Game, number: int | None) -> str:
    return game.geometry.label(number) if number is not None else ""


def _loss(facts: LineFacts, played: str, after: Game) -> Explanation:
    """The explanation of a verified line the opponent wins with (``after``: its turn)."""
    kind = shot_kind(facts)
    line = _line(facts)
    won = _won(facts)
    opponent = message(after.turn.value)
    crown = _square(after, facts.crowned)
    gain = _gain(facts, king_value(after))
    msg: Message
    if kind is ShotKind.SHOT and won is not None:
        # The crowning is named only when the new king survives the checking search as well
        # (it is what the line does, not part of the gain: a king may be won back later).
        keeps_king = facts.crowned is not None and holds(after, facts, crown=True) is True
        shot_id = "coach_shot_crown" if keeps_king else "coach_shot"
        params: dict[str, str | int | Message] = dict(played=played, line=line, taken=facts.taken,
                                                      lost=facts.lost, material=won)
        if keeps_king:
            params["square"] = crown
        msg = message(shot_id, **params)
    elif kind is ShotKind.HANGING and won is not None:
        squares = ", ".join(after.geometry.label(s) for s in facts.hanging)
        hung = material(len(facts.hanging) - facts.hanging_kings, facts.hanging_kings) or message("coach_man")
        msg = message("coach_hanging", played=played, line=line, hung=hung, material=won, squares=squares)
    elif kind is ShotKind.BREAKTHROUGH:
        if facts.lost:
            msg = message("coach_breakthrough_sacrifice", played=played, line=line, opponent=opponent,
                          material=_given(facts), square=crown)
        else:
            msg = message("coach_breakthrough", played=played, line=line, opponent=opponent, square=crown)
    elif kind is ShotKind.RACE:
        msg = message("coach_race", played=played, line=line, opponent=opponent, square=crown)
    elif kind is ShotKind.SQUEEZE and won is None:
        msg = message("coach_blocked", played=played, line=line, side=message(after.turn.opponent.value))
    elif kind is ShotKind.SQUEEZE and won is not None:
        msg = message("coach_squeeze", played=played, line=line, opponent=opponent, material=won)
    elif won is not None:
        kind = ShotKind.PRESSURE
        msg = message("coach_material", played=played, line=line, material=won)
    else:  # a crowning won back, or an exchange the line ends level with: a king's worth in the end
        kind = ShotKind.BREAKTHROUGH
        msg = message("coach_breakthrough", played=played, line=line, opponent=opponent, square=crown)
    return Explanation(_KIND_OF_SHOT[kind], facts.moves, facts.texts, gain, msg)


def _missed(facts: LineFacts, best: str, game: Game) -> Explanation:
    """The explanation of a verified line the better move would have won with."""
    won = _won(facts)
    line = _line(facts)
    if won is not None:
        msg = message("coach_missed_win", best=best, line=line, material=won)
    elif facts.crowned is not None:
        msg = message("coach_missed_crown", best=best, line=line, square=_square(game, facts.crowned))
    else:
        msg = message("coach_missed_game", best=best, line=line)
    return Explanation(MistakeKind.MISSED_WIN, facts.moves, facts.texts, _gain(facts, king_value(game)), msg)


__all__ = ["MistakeKind", "Explanation", "NotAMistakeError", "explain_mistake", "classify_shot", "material",
           "king_value", "CONCRETE", "MAX_LINE"]
