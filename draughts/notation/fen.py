"""FEN position strings: the full PDN 3.0 grammar in, the expanded list out.

Read: ``W:W31-50:B1-20``, ranges, ``K`` before a square or a range (``K31-35``), either
colour order, an optional trailing dot, empty colour blocks (``W:W31:B``), algebraic squares
(``Wa1,c1``) on any board, and lidraughts' ``:H<n>`` and ``:F<n>`` fields (accepted, ignored).
Written: the side to move, then White's and Black's pieces square by square, kings with ``K``
(lidraughts does not read ranges, so none are written). Source: ``docs/rules/notation.md`` §2.

>>> from draughts.rules import get_rules
>>> from draughts.geometry import Geometry
>>> r = get_rules("international")
>>> g = Geometry(r.rows, r.cols, r.colouring, r.numbering, r.algebraic)
>>> pieces, turn = parse_fen("B:WK1-3,46:B10.", r, g)
>>> write_fen(pieces, turn, g)
'B:W46,K1,K2,K3:B10'
"""

from __future__ import annotations

import re

from ..errors import InvalidFenError
from ..geometry import Geometry
from ..rules import RuleSet
from ..text import message

_SQUARE = re.compile(r"(K?)([0-9]+|[a-pA-P][0-9]+)(?:-([0-9]+))?$")
# lidraughts' extra fields: :H<n> (half-move clock), :F<n> (move number) and, in Frisian,
# a last +<count><square>+<count><square> field of king-move counters. Read and ignored.
_EXTRA_FIELD = re.compile(r"(?:[HF][0-9]+|\+[0-9A-Za-z+]*)$")
# Python refuses int() on strings of more than 4300 digits (a ValueError that is not ours);
# no board has a square number anywhere near this long.
_MAX_SQUARE_DIGITS = 6


def parse_fen(text: str, rules: RuleSet, geometry: Geometry,
              men_on_promotion_rows: bool = False) -> tuple[tuple[int, int, int, int], int]:
    """``((white men, white kings, black men, black kings), turn)``; raises :class:`InvalidFenError`.

    ``men_on_promotion_rows`` lets a man stand on its promotion row, for a reader that reports
    that itself with the rest of what is wrong (the board editor's check, draughts.setup).
    """
    if not isinstance(text, str):
        raise InvalidFenError("a FEN must be a string", detail=message("ed_fen.not_text"))
    fen = text.strip()
    base = len(text) - len(text.lstrip())  # positions are reported in the text as given
    if fen.startswith('"') and fen.endswith('"') and len(fen) >= 2:
        inner = fen[1:-1]
        base += 1 + len(inner) - len(inner.lstrip())
        fen = inner.strip()
    if fen.endswith("."):
        fen = fen[:-1]
    if not fen:
        raise InvalidFenError("the FEN is empty", text, base + 0, message("ed_fen.empty"))
    turn_char = fen[0].upper()
    if turn_char not in "WB?":
        raise InvalidFenError(f"the side to move must be W or B, not {fen[0]!r}", text, base + 0,
                              message("ed_fen.turn", found=fen[0]))
    turn = 0 if turn_char == "W" else 1 if turn_char == "B" else (0 if rules.first_player == "white" else 1)
    if len(fen) == 1:
        raise InvalidFenError("no piece lists after the side to move", text, base + 1, message("ed_fen.no_lists"))
    if fen[1] != ":":
        raise InvalidFenError(f"expected ':' after the side to move, found {fen[1]!r}", text, base + 1,
                              message("ed_fen.colon", found=fen[1]))
    masks = [0, 0, 0, 0]
    seen_colours: set[str] = set()
    owner: dict[int, int] = {}
    pos = 2
    for block in fen[2:].split(":"):
        start = pos
        pos += len(block) + 1
        block = block.strip()
        if _EXTRA_FIELD.match(block):
            continue  # lidraughts :H, :F and Frisian + fields
        if not block:
            raise InvalidFenError("an empty field between two ':'", text, base + start, message("ed_fen.empty_field"))
        colour = block[0].upper()
        if colour not in "WB":
            raise InvalidFenError(f"a piece list must start with W or B, not {block[0]!r}", text, base + start,
                                  message("ed_fen.list_colour", found=block[0]))
        if colour in seen_colours:
            side = "white" if colour == "W" else "black"
            raise InvalidFenError(f"the {side} pieces are listed twice", text, base + start,
                                  message("ed_fen.listed_twice", colour=message(side)))
        seen_colours.add(colour)
        c = 0 if colour == "W" else 1
        body = block[1:]
        if not body.strip():
            continue  # an empty list: that side has no pieces (notation.md extension)
        offset = start + 1
        for raw_token in body.split(","):
            where = offset + len(raw_token) - len(raw_token.lstrip())
            offset += len(raw_token) + 1
            token = raw_token.strip()
            m = _SQUARE.match(token)
            if not m:
                raise InvalidFenError(f"{token!r} is not a square, a K square or a range", text, base + where,
                                      message("ed_fen.token", token=token))
            king = bool(m.group(1))
            first = _square_number(m.group(2), geometry, text, base + where)
            last = first
            if m.group(3) is not None:
                if not m.group(2).isdigit():
                    raise InvalidFenError(f"a range needs square numbers, not {token!r}", text, base + where,
                                          message("ed_fen.range_numbers", token=token))
                last = _square_number(m.group(3), geometry, text, base + where)
                if last < first:
                    raise InvalidFenError(f"the range {token!r} runs backwards", text, base + where,
                                          message("ed_fen.range_backwards", token=token))
            for n in range(first, last + 1):
                if n in owner:
                    raise InvalidFenError(f"square {geometry.label(n)} is listed twice", text, base + where,
                                          message("ed_fen.square_twice", square=geometry.label(n)))
                owner[n] = c
                bit = geometry.bit(n)
                promotion_row = geometry.top_row_mask if c == 0 else geometry.bottom_row_mask
                if not king and bit & promotion_row and not men_on_promotion_rows:
                    side = "white" if c == 0 else "black"
                    raise InvalidFenError(f"a {side} man on its promotion row ({geometry.label(n)}) should be a king",
                                          text, base + where,
                                          message("ed_fen.promotion_row", colour=message(side),
                                                  square=geometry.label(n)))
                masks[2 * c + (1 if king else 0)] |= bit
    if not seen_colours:
        raise InvalidFenError("no piece lists (W... and B...)", text, base + 2, message("ed_fen.no_piece_lists"))
    wm, wk, bm, bk = masks
    return (wm, wk, bm, bk), turn


def _square_number(token: str, geometry: Geometry, text: str, where: int) -> int:
    if token.isdigit():
        # The PDN 3.0 FEN grammar reads "0[1-9][0-9]*" too: leading zeros are accepted
        # (and never written).
        token = token.lstrip("0") or "0"
        if len(token) > _MAX_SQUARE_DIGITS:
            raise InvalidFenError(f"square {token[:8]}... is off the board (1-{geometry.size})", text, where,
                                  message("ed_fen.off_board", square=token[:8] + "...", size=geometry.size))
        n = int(token)
        if not 1 <= n <= geometry.size:
            raise InvalidFenError(f"square {n} is off the board (1-{geometry.size})", text, where,
                                  message("ed_fen.off_board", square=n, size=geometry.size))
        return n
    try:
        return geometry.number(token.lower())
    except KeyError:
        raise InvalidFenError(f"{token!r} is not a playing square of this board", text, where,
                              message("ed_fen.not_playing", square=token)) from None


def write_fen(pieces: tuple[int, int, int, int], turn: int, geometry: Geometry) -> str:
    wm, wk, bm, bk = pieces

    def side(men: int, kings: int) -> str:
        items = [geometry.label(n) for n in geometry.numbers_of_mask(men)]
        items += ["K" + geometry.label(n) for n in geometry.numbers_of_mask(kings)]
        return ",".join(items)

    return f"{'WB'[turn]}:W{side(wm, wk)}:B{side(bm, bk)}"
