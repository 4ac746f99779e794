"""What a line of play does, counted from the board: sacrifices, captures, crownings, a blocked side.

A *line* is a list of moves from a position; one side, the *attacker*, makes the first move.
:func:`read_line` follows it and keeps the facts a sentence needs (how many pieces the attacker
gave before it took, how many it took, where it crowned, whether the defender was left without
a move), cut at the first quiet position where the attacker's gain has settled: a position with
a capture pending is never a place to count material. :func:`shot_kind` names the shape.

:func:`holds` asks a material-only search (:func:`draughts.teach.puzzle_search.secures`) whether the
defender could have done better within the line's length and a few plies more (SLACK, or
CROWN_SLACK when a crowning is the gain): a line the search does not confirm is never claimed
(:func:`verified`).

>>> from draughts import Game
>>> game = Game("english", fen="B:W5,19,20,23,25,26,27,29,30,32:B1,2,4,6,8,11,12,13")
>>> line = [game.parse_move(t) for t in ("11-16",)]
>>> g = game.copy(); g.push(line[0]); line.append(g.parse_move("20x11")); g.push(line[1])
>>> line.append(g.parse_move("8x31"))
>>> facts = read_line(game, line, king_value=1.5)
>>> facts.given, facts.taken, shot_kind(facts).value
(1, 3, 'shot')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Sequence

from .puzzle_search import material_balance, secures

if TYPE_CHECKING:
    from ..game import Game
    from ..move import Move

# A gain below this many men is noise of the evaluation, not something won.
SETTLED = 0.3
# The king value the breakthrough test counts with: so high that only a crowning the defender
# cannot stop (or win back at once) keeps the attacker's score.
CROWN_VALUE = 10
# Places to cut a line that are offered to the checking search at most.
MAX_READINGS = 4
# Plies the checking search looks beyond the line; beyond a crowning, more (a king is only won
# if the defender cannot take it back or crown one of its own a few moves later).
SLACK = 3
CROWN_SLACK = 4
# Nodes a checking search may visit (about a second of CPython): a line it cannot confirm
# within them is not claimed.
CHECK_NODES = 60_000


class ShotKind(str, Enum):
    """The shape of a line that wins something for the attacker."""

    SHOT = "shot"  # the attacker gives pieces first, then takes more
    HANGING = "hanging"  # the attacker's first move takes a piece left for nothing
    BREAKTHROUGH = "breakthrough"  # the gain is a crowning, not pieces
    RACE = "race"  # both sides crown, the attacker first
    SQUEEZE = "squeeze"  # the defender, under no threat, had to give something or could not move
    PRESSURE = "pressure"  # material won by quiet threats: none of the shapes above


@dataclass(frozen=True)
class LineFacts:
    """The facts of a line, from the attacker's side, up to where its gain settled."""

    moves: tuple["Move", ...]  # the line, cut
    texts: tuple[str, ...]  # each move in the variant's notation ('!' after a sacrifice)
    given: int  # attacker's pieces taken before its first capture (the opening sacrifice)
    taken: int  # defender's pieces the attacker took in all (the n of an n-for-k)
    lost: int  # attacker's pieces taken in all (the k)
    returned: int  # of those, the ones taken after the attacker's last capture (given back)
    men_won: int  # net men: defender's men taken less the attacker's, after crownings
    kings_won: int  # net kings: kings taken and crowned, less the defender's
    kings_taken: int  # net kings captured (defender's taken less the attacker's), crownings aside
    crowned: int | None  # the square where the attacker's new king stands at the end
    crowned_first: bool  # that king was crowned before the attacker took anything (it won the rest)
    defender_crowned: bool  # the defender crowned in the line too
    first_captures: bool  # the attacker's first move is a capture the defender cannot answer with one
    squeezed: bool  # a defender move under no threat gave material, or the defender has no move
    hanging: tuple[int, ...]  # the squares of the pieces the first capture took
    hanging_kings: int  # how many of them were kings
    value: float  # net gain in men, kings at ``king_value``
    crown_units: int  # net gain with kings at CROWN_VALUE

    @property
    def pieces_won(self) -> int:
        return self.taken - self.lost


def _counts(game: "Game", colour: int) -> tuple[int, int]:
    men, kings = game.pieces[2 * colour], game.pieces[2 * colour + 1]
    return men.bit_count(), kings.bit_count()


def _threatened(game: "Game") -> bool:
    """Whether the side not to move could capture if it were its turn."""
    om, ok, pm, pk = game.position.sides()
    return bool(game.generator.captures(pm, pk, om, ok, game.turn.index ^ 1))


def _has_capture(game: "Game") -> bool:
    return any(m.captures for m in game.legal_moves)


def read_line(game: "Game", line: Sequence["Move"], king_value: float) -> LineFacts:
    """The facts of ``line`` from ``game`` (the attacker to move), cut where its gain settles;
    ``king_value`` is a king in men for :attr:`LineFacts.value` (the engine's)."""
    return readings(game, line, king_value)[0]


def readings(game: "Game", line: Sequence["Move"], king_value: float) -> list[LineFacts]:
    """The line read at each place it could be cut, the most likely claim first.

    First the cut where the gain settles (the end of the line as the engine sees it), then the
    other quiet positions that show a gain, the biggest first (at most MAX_READINGS in all): an
    engine's line may give something back late, or claim more late, where its search was
    shallow, and the checking search may refute only that part.
    """
    attacker = game.turn.index
    defender = attacker ^ 1
    start = _counts(game, attacker), _counts(game, defender)
    g = game.copy()
    quiet_points: list[tuple[int, int, float]] = []  # (plies played, pieces won, value there)

    def balance() -> tuple[int, float]:
        (am, ak), (dm, dk) = _counts(g, attacker), _counts(g, defender)
        (am0, ak0), (dm0, dk0) = start
        kings = (ak - ak0) - (dk - dk0)
        return (am + ak - am0 - ak0) - (dm + dk - dm0 - dk0), (am - am0) - (dm - dm0) + king_value * kings

    for i, move in enumerate(line):
        if move not in g.legal_moves:
            break
        g.push(move)
        if not _has_capture(g):
            quiet_points.append((i + 1, *balance()))
    if not quiet_points:
        return [_facts(game, [], king_value)]
    _, pieces, value = quiet_points[-1]
    # The shortest line that shows the gain: once pieces are won, a later crowning is only
    # the consequence; a line that wins no pieces is about the crowning itself.
    ends = [next(n for n, p, v in quiet_points if p >= pieces and (pieces >= 1 or v >= value - SETTLED))]
    for n, p, v in sorted(quiet_points, key=lambda point: (-point[2], point[0])):
        if v > SETTLED and n not in ends and len(ends) < MAX_READINGS:
            ends.append(n)
    return [_facts(game, list(line[:end]), king_value) for end in ends]


def _facts(game: "Game", line: list["Move"], king_value: float) -> LineFacts:
    attacker = game.turn.index
    g = game.copy()
    texts: list[str] = []
    given = taken = lost = returned = 0
    men_won = kings_won = kings_taken = 0
    first_capture_seen = False
    crowned: int | None = None
    defender_crowned = squeezed = crowned_first = unanswered = False
    hanging: tuple[int, ...] = ()
    hanging_kings = 0
    for i, move in enumerate(line):
        mover = g.turn.index
        text = g.move_text(move)
        board = g.board()
        threat = _threatened(g)
        g.push(move)
        kinds = [board[s] for s in move.captures]
        if i == 0:
            hanging_kings = sum(k.isupper() for k in kinds)
        men, kings = sum(k.islower() for k in kinds), sum(k.isupper() for k in kinds)
        if mover == attacker:
            if move.captures and not first_capture_seen:
                first_capture_seen = True
                if i == 0:
                    hanging = move.captures
                    unanswered = not _has_capture(g)
            taken_before = taken
            taken += len(move.captures)
            if move.captures:
                returned = 0
            men_won += men
            kings_won += kings
            kings_taken += kings
            if move.promotes:
                crowned = move.destination
                crowned_first = crowned_first or not (taken_before or move.captures)
                kings_won += 1
                men_won -= 1
            elif crowned == move.origin:
                crowned = move.destination
            if not move.captures and not first_capture_seen and _has_capture(g):
                text += "!"  # a sacrifice: the defender must take
        else:
            lost += len(move.captures)
            if first_capture_seen:
                returned += len(move.captures)
            else:
                given += len(move.captures)
            men_won -= men
            kings_won -= kings
            kings_taken -= kings
            if crowned is not None and crowned in move.captures:
                crowned = None
                crowned_first = False
            if move.promotes:
                defender_crowned = True
                kings_won -= 1
                men_won += 1
            if not threat and not move.captures and _has_capture(g):
                squeezed = True
        texts.append(text)
    if line and not g.legal_moves and g.turn.index != attacker:
        squeezed = True
    value = men_won + king_value * kings_won
    return LineFacts(tuple(line), tuple(texts), given, taken, lost, returned, men_won, kings_won, kings_taken, crowned,
                     crowned_first, defender_crowned, unanswered, squeezed, hanging, hanging_kings,
                     round(value, 2), men_won + CROWN_VALUE * kings_won)


def crowning_is_the_gain(facts: LineFacts) -> bool:
    """Whether the line is about a king: one crowned with no pieces won, or before any were."""
    return facts.crowned is not None and (facts.pieces_won <= 0 or facts.crowned_first)


def shot_kind(facts: LineFacts) -> ShotKind:
    """The shape of a winning line (what the sentence will say it is)."""
    if crowning_is_the_gain(facts):
        return ShotKind.RACE if facts.defender_crowned else ShotKind.BREAKTHROUGH
    if facts.first_captures:
        return ShotKind.HANGING
    # Pieces given back once the attacker has taken its last do not make a shot: a quiet threat
    # that wins three and loses one later is material won (PRESSURE), not a 3-for-1.
    if facts.lost > facts.returned and facts.taken > facts.lost:
        return ShotKind.SHOT
    if facts.squeezed:
        return ShotKind.SQUEEZE
    return ShotKind.PRESSURE


def holds(game: "Game", facts: LineFacts, extra_plies: int | None = None, max_nodes: int = CHECK_NODES,
          crown: bool | None = None) -> bool | None:
    """Whether a material search from ``game`` (the attacker to move) finds the line's first
    move wins what the line claims against every defence within its length and ``extra_plies``
    more (by default SLACK, CROWN_SLACK for a crowning); ``None`` when ``max_nodes`` were too
    few to tell.

    The claim is counted in pieces (what "wins two men" says) as material (men 1, kings as the
    puzzles count them), or, when a crowning is the gain
    (``crown``; by default :func:`crowning_is_the_gain`), with kings so dear that only a king
    the defender cannot stop or win back keeps it.
    """
    if not facts.moves:
        return False
    crowning = crowning_is_the_gain(facts) if crown is None else crown
    extra = extra_plies if extra_plies is not None else CROWN_SLACK if crowning else SLACK
    depth = len(facts.moves) + extra
    first = facts.moves[0]
    if crowning:
        om, ok, pm, pk = game.position.sides()
        base = (om.bit_count() - pm.bit_count()) + CROWN_VALUE * (ok.bit_count() - pk.bit_count())
        return secures(game, first, depth, base + facts.crown_units, CROWN_VALUE, max_nodes)
    # Each piece won is at least one unit whatever it was; a crowning along the way counts its
    # own worth, so a defender that gives a king rather than a piece does not refute the claim.
    return secures(game, first, depth, material_balance(game) + facts.pieces_won, None, max_nodes)


def verified(game: "Game", facts: LineFacts) -> bool:
    """Whether the coach may claim the line: :func:`holds` says so within its node budget.

    A line in which the defender gave something away under no threat is held to two more
    plies: such a gift is the engine's best defence only when every move loses, or when it
    starts a counter-shot just past the line's end.
    """
    if facts.squeezed:
        return holds(game, facts, (CROWN_SLACK if crowning_is_the_gain(facts) else SLACK) + 2) is True
    return holds(game, facts) is True


__all__ = ["ShotKind", "LineFacts", "read_line", "readings", "shot_kind", "crowning_is_the_gain", "holds", "verified",
           "SETTLED", "SLACK", "CROWN_SLACK", "CROWN_VALUE", "CHECK_NODES"]
