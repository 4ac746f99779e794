"""Checking a set-up position before it is played: the board editor's and a shared link's.

A set-up is a placement (square label -> piece code ``w``, ``W``, ``b``, ``B``) and the side to
move. :func:`validate_setup` lists every reason it cannot be played, as catalogue messages in
the order a player would fix them; an empty list means it can be played. :func:`setup_fen`
writes a playable set-up as FEN or raises :class:`IllegalSetupError` with those reasons, and
:func:`read_setup` reads a FEN back into a placement.

>>> from draughts.rules import get_rules
>>> rules = get_rules("international")
>>> [m.id for m in validate_setup(rules, {"5": "w", "46": "b"}, "white")]
['ed_problem.man_on_promotion_row', 'ed_problem.man_on_promotion_row']
>>> setup_fen(rules, {"32": "w", "19": "B"}, "black")
'B:W32:BK19'
"""

from __future__ import annotations

from typing import Mapping

from .errors import IllegalSetupError
from .game import Game
from .geometry import Geometry
from .notation.fen import parse_fen, write_fen
from .position import Colour
from .rules import RuleSet
from .text import Message, message

Placement = Mapping[str, str]  # square label ("32" or "e3") -> "w", "W", "b" or "B"
PIECE_CODES = "wWbB"  # the order of the bitboards: white men, white kings, black men, black kings


def _geometry(rules: RuleSet) -> Geometry:
    return Geometry(rules.rows, rules.cols, rules.colouring, rules.numbering, rules.algebraic)


def start_counts(rules: RuleSet) -> tuple[int, int]:
    """How many pieces White and Black have in the start position: the most a set-up may hold,
    since no piece is ever added during a game."""
    (wm, wk, bm, bk), _turn = parse_fen(rules.start_fen, rules, _geometry(rules))
    return bin(wm | wk).count("1"), bin(bm | bk).count("1")


def _turn(turn: Colour | str) -> Colour:
    return turn if isinstance(turn, Colour) else Colour(str(turn).lower())


def _read_placement(rules: RuleSet, geometry: Geometry, placement: Placement,
                    problems: list[Message]) -> tuple[int, int, int, int]:
    """The bitboards of the pieces that stand on playable squares; each other one is a problem."""
    masks = [0, 0, 0, 0]
    for label, code in sorted(placement.items(), key=lambda item: _order(geometry, item[0])):
        try:
            number = geometry.number(str(label).strip().lower())
        except KeyError:
            problems.append(message("ed_problem.off_board", square=str(label)))
            continue
        if code not in PIECE_CODES:
            problems.append(message("ed_problem.not_a_piece", square=geometry.label(number), piece=str(code)))
            continue
        bit = geometry.bit(number)
        if code in "wb":
            row = geometry.top_row_mask if code == "w" else geometry.bottom_row_mask
            if bit & row:
                problems.append(message("ed_problem.man_on_promotion_row", square=geometry.label(number),
                                        colour=message("white" if code == "w" else "black")))
        masks[PIECE_CODES.index(code)] |= bit
    return masks[0], masks[1], masks[2], masks[3]


def _order(geometry: Geometry, label: str) -> int:
    """Problems are listed in square order; labels off the board come last."""
    try:
        return geometry.number(str(label).strip().lower())
    except KeyError:
        return geometry.size + 1


def validate_setup(rules: RuleSet, placement: Placement, turn: Colour | str) -> list[Message]:
    """Every reason this set-up cannot be played; ``[]`` when it can."""
    geometry = _geometry(rules)
    side = _turn(turn)
    problems: list[Message] = []
    wm, wk, bm, bk = _read_placement(rules, geometry, placement, problems)
    counts = (bin(wm | wk).count("1"), bin(bm | bk).count("1"))
    if counts == (0, 0):
        return problems + [message("ed_problem.no_pieces")]
    for colour, count, limit in zip(("white", "black"), counts, start_counts(rules)):
        if count > limit:
            problems.append(message("ed_problem.too_many", colour=message(colour), count=count, limit=limit))
    for colour, count in zip(("white", "black"), counts):
        if count == 0:
            problems.append(message("ed_problem.side_without_pieces", colour=message(colour)))
    if problems:
        return problems  # the move check needs a readable position with both sides on the board
    game = Game(rules, fen=write_fen((wm, wk, bm, bk), side.index, geometry))
    if not game.legal_moves:
        problems.append(message("ed_problem.no_move", colour=message(side.value)))
    return problems


def setup_fen(rules: RuleSet, placement: Placement, turn: Colour | str) -> str:
    """The FEN of a playable set-up; raises :class:`IllegalSetupError` listing why it is not one."""
    problems = validate_setup(rules, placement, turn)
    if problems:
        raise IllegalSetupError(list(problems), "; ".join(p.text for p in problems))
    geometry = _geometry(rules)
    masks = [0, 0, 0, 0]
    for label, code in placement.items():
        masks[PIECE_CODES.index(code)] |= geometry.bit(geometry.number(str(label).strip().lower()))
    return write_fen((masks[0], masks[1], masks[2], masks[3]), _turn(turn).index, geometry)


def read_setup(rules: RuleSet, fen: str) -> tuple[dict[str, str], Colour]:
    """A FEN as a placement and the side to move; raises :class:`InvalidFenError` when it cannot
    be read. A man on its promotion row is read as one, so that :func:`validate_setup` names it
    with the set-up's other problems."""
    geometry = _geometry(rules)
    pieces, turn = parse_fen(fen, rules, geometry, men_on_promotion_rows=True)
    placement = {geometry.label(n): code for mask, code in zip(pieces, PIECE_CODES)
                 for n in geometry.numbers_of_mask(mask)}
    return placement, Colour.of_index(turn)


def check_fen(rules: RuleSet, fen: str) -> str:
    """A FEN from a link or a paste, checked as a set-up: the FEN as written here, or
    :class:`InvalidFenError` / :class:`IllegalSetupError` saying why it cannot be played."""
    placement, turn = read_setup(rules, fen)
    return setup_fen(rules, placement, turn)


__all__ = ["Placement", "validate_setup", "setup_fen", "read_setup", "check_fen", "start_counts"]
