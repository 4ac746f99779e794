"""Rule tables: one frozen :class:`RuleSet` per variant, in the manner of dctl.

A variant lists only where it differs from International; every field says in a comment
which article or source it comes from (the keys are those of ``docs/rules/sources.md``:
A1 = FMJD Annex 1 (2015), DCTL = rhalbersma/dctl rule traits, LID = lidraughts/scaladraughts,
PDN = wiegerw/pdn). The move generator reads these flags and never tests a variant's name.

Directions are ``(d_row, d_col)`` as seen by White, whose men move up (``d_row = -1``);
Black's are mirrored. Counts in the draw rules are in plies (a move by each player = 2 plies).

>>> get_rules("checkers").key, get_rules("russian").capture_separator
('english', ':')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .errors import InvalidArgumentError, UnknownVariantError

Direction = tuple[int, int]

DIAGONAL_FORWARD: tuple[Direction, ...] = ((-1, -1), (-1, 1))
DIAGONAL: tuple[Direction, ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))
ORTHOGONAL: tuple[Direction, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
ORTHOGONAL_FORWARD_AND_SIDEWAYS: tuple[Direction, ...] = ((-1, 0), (0, -1), (0, 1))
# Frisian orthogonal captures jump along a row or file to the next square of the same
# colour, two cells away (Frisian rules 2011 art. 7).
FRISIAN_ORTHOGONAL: tuple[Direction, ...] = ((-2, 0), (2, 0), (0, -2), (0, 2))

PassingPromotion = Literal["continue_as_man", "crown_and_continue", "crown_and_stop"]
CaptureChoice = Literal[
    "free", "most_pieces", "most_pieces_then_kings", "italian", "king_first", "frisian_value"
]
EndgameRule = Literal["none", "fmjd", "russian", "frisian", "turkish", "ddb_classic"]


@dataclass(frozen=True)
class RuleSet:
    key: str
    name: str
    aliases: tuple[str, ...] = ()

    # --- board --------------------------------------------------------------------------
    rows: int = 10  # A1 2.1: 10x10
    cols: int = 10
    colouring: Literal["dark", "inverted", "all"] = "dark"  # A1 2.3: bottom-left square is dark
    numbering: Literal["top_left", "bottom_right"] = "top_left"  # A1 2.6: 1 = top-left playing square
    algebraic: bool = False  # PDN GameType notation "N" (numbers) or "A" (a1..h8)
    start_fen: str = "W:W31-50:B1-20"  # A1 2.8
    first_player: Literal["white", "black"] = "white"  # A1 3.3

    # --- movement -----------------------------------------------------------------------
    man_move_directions: tuple[Direction, ...] = DIAGONAL_FORWARD  # A1 3.4
    man_capture_directions: tuple[Direction, ...] = DIAGONAL  # A1 4.2: forward and backward
    king_move_directions: tuple[Direction, ...] = DIAGONAL  # A1 3.9
    king_capture_directions: tuple[Direction, ...] = DIAGONAL  # A1 4.3
    flying_kings: bool = True  # A1 3.9, 4.3: any distance along a free line
    men_capture_kings: bool = True  # A1 4.1

    # --- captures -----------------------------------------------------------------------
    forced_capture: bool = True  # A1 4.2 (the "no forced capture" house rule turns this off)
    capture_choice: CaptureChoice = "most_pieces"  # A1 4.13: the most pieces, a king counts one
    # A1 4.11: pieces are removed at the end of the move, so a jumped piece still blocks
    # (the Turkish strike) and is never jumped twice (A1 4.8).
    immediate_removal: bool = False
    no_reversal_in_capture: bool = False  # Turkish: no 180 degree turn between two jumps
    passing_promotion: PassingPromotion = "continue_as_man"  # A1 4.15: passing the far row does not crown
    # Frisian: at most this many quiet moves in a row with the same king while its side
    # still has men (DCTL frisian.hpp max_same_king_move = 3); None: no limit.
    max_same_king_moves: int | None = None
    # Killer: when the last piece a king takes is a king, the king halts on the square
    # directly behind it (mindsports.nl "Killer Draughts" rules; DCTL killer.hpp
    # is_halt_behind_king).
    king_halts_behind_king: bool = False
    # Thai: a capturing king lands on the square directly behind each piece it takes
    # (DCTL thai.hpp is_land_behind_piece); it still flies up to the piece.
    king_lands_behind_piece: bool = False

    # --- end of the game ----------------------------------------------------------------
    losing_game: bool = False  # A1 7.2: a side without a move loses; True inverts that
    # Breakthrough: the first side to crown a king wins at once (Scan's "bt" variant).
    crowning_wins: bool = False
    repetition_count: int = 3  # A1 6.1: the third occurrence, same side to move
    # A1 6.2: 25 moves each (50 plies) of only king moves, no man move, no capture
    max_reversible_plies: int | None = 50
    endgame_rule: EndgameRule = "fmjd"  # A1 6.3, 6.4 (16 and 5 moves)

    # --- notation -----------------------------------------------------------------------
    pdn_gametype: int = 20  # PDN gametype.rst
    variant_tag: str | None = None  # [Variant] tag for games without a GameType of their own
    capture_separator: str = "x"  # A1 8.2, 9.1; PDN: ":" for Russian
    international_results: bool = True  # PDN: 2-0 / 1-1 / 0-2 for GameType 20 and 27

    # --- words ----------------------------------------------------------------------------
    # Text-catalogue ids of the rules that the flags above do not put into words for a
    # newcomer (the learn page adds them to the introduction it writes from the flags).
    notes: tuple[str, ...] = ()

    @property
    def squares(self) -> int:
        if self.colouring == "all":
            return self.rows * self.cols
        return self.rows * self.cols // 2

    def with_options(self, **changes: object) -> "RuleSet":
        """A copy with some flags changed (house rules such as ``forced_capture=False``)."""
        return replace(self, **changes)  # type: ignore[arg-type]


# "normal" is Scan's Hub name for it (as "bt" and "losing" are for Breakthrough and Antidraughts).
INTERNATIONAL = RuleSet(key="international", name="International", aliases=("fmjd", "10x10", "polish", "normal"))

# DCTL international.hpp: `using brazilian = international` on 8x8. Draws: the Russian rules,
# as lidraughts Brazilian.updatePositionHashes does (RULES.md decision 5).
BRAZILIAN = replace(
    INTERNATIONAL, key="brazilian", name="Brazilian", aliases=(), rows=8, cols=8, algebraic=True,
    start_fen="W:W21-32:B1-12", pdn_gametype=26, international_results=False,
    max_reversible_plies=30, endgame_rule="russian",
)

# DCTL: `using canadian = international` on 12x12; PDN 27,W,12,12,N2,0.
CANADIAN = replace(
    INTERNATIONAL, key="canadian", name="Canadian", aliases=("12x12",), rows=12, cols=12,
    start_fen="W:W43-72:B1-30", pdn_gametype=27,
)

RUSSIAN = replace(
    BRAZILIAN, key="russian", name="Russian", aliases=("shashki",),
    capture_choice="free",  # ru-checkers.ru, DCTL russian.hpp: no majority rule
    passing_promotion="crown_and_continue",  # DCTL 1.5.15: crowned at once, goes on as a king
    pdn_gametype=25, capture_separator=":",  # PDN 25, ':' separates captures
    max_reversible_plies=30,  # FMJD-64 7.2.5 (via LID Russian.scala): 15 moves only kings
    endgame_rule="russian",  # FMJD-64 7.2.4, 7.2.6-7.2.8
)

# German losing game: Russian movement, inverted win (de.wikipedia "Schlagdame"; RULES.md).
SCHLAGDAME = replace(
    RUSSIAN, key="schlagdame", name="Schlagdame", aliases=("german-losing",), losing_game=True,
    variant_tag="schlagdame", capture_separator="x",
)

POOL = replace(
    RUSSIAN, key="pool", name="Pool checkers", aliases=("american-pool",),
    first_player="black", start_fen="B:W21-32:B1-12",  # PDN 23,B,8,8,N1,0: Black moves first
    algebraic=False,
    passing_promotion="continue_as_man",  # DCTL pool.hpp: crowned only where the move ends
    pdn_gametype=23, capture_separator="x",
    max_reversible_plies=80, endgame_rule="none",  # RULES.md: 3rd repetition, 40 moves each
)

ENGLISH = replace(
    INTERNATIONAL, key="english", name="English draughts", aliases=("american", "checkers"),
    rows=8, cols=8, start_fen="B:W21-32:B1-12", first_player="black",  # PDN 21,B,8,8,N1,0
    man_capture_directions=DIAGONAL_FORWARD,  # DCTL checkers.hpp 1.18: no backward jump
    flying_kings=False,  # DCTL 1.17: short king
    capture_choice="free",  # DCTL 1.20: no majority rule
    passing_promotion="crown_and_stop",  # DCTL 1.19: crowned, the move ends
    pdn_gametype=21, international_results=False,
    max_reversible_plies=80,  # DCTL 1.32.2: 40 moves each (RULES.md decision 2)
    endgame_rule="none",
)

ITALIAN = replace(
    ENGLISH, key="italian", name="Italian", aliases=(), first_player="white",
    start_fen="W:W21-32:B1-12",
    colouring="inverted",  # DCTL italian.hpp 2.3: the bottom-left corner is not in play
    men_capture_kings=False,  # FID 5.3b: a man may not capture a king
    capture_choice="italian",  # FID 6.6-6.9: pieces, with a king, kings, king met earliest
    repetition_count=4,  # FID RegTec 9.3(b1) per DCTL (RULES.md)
    pdn_gametype=22,
)

SPANISH = replace(
    INTERNATIONAL, key="spanish", name="Spanish", aliases=("portuguese",), rows=8, cols=8,
    colouring="inverted", numbering="bottom_right",  # PDN 24,W,8,8,N1,1; realidad-simulada.es
    start_fen="W:W1-12:B21-32",
    man_capture_directions=DIAGONAL_FORWARD,  # DCTL spanish.hpp: men capture forward only
    capture_choice="most_pieces_then_kings",  # DCTL: (num_captured, num_captured_kings)
    pdn_gametype=24, international_results=False,
    max_reversible_plies=40,  # section64port: 20 moves each of kings only without capture
    endgame_rule="none",
)

CZECH = replace(
    INTERNATIONAL, key="czech", name="Czech", aliases=(), rows=8, cols=8, algebraic=True,
    start_fen="W:W21-32:B1-12",
    man_capture_directions=DIAGONAL_FORWARD,  # fmjd.org czech 4.1: men capture forward only
    capture_choice="king_first",  # fmjd.org czech 4.14: a king must capture if one can
    pdn_gametype=29, international_results=False,
    max_reversible_plies=30,  # fmjd.org czech: 15 moves without capture or man move
    endgame_rule="none",
)

TURKISH = replace(
    INTERNATIONAL, key="turkish", name="Turkish", aliases=("dama",), rows=8, cols=8,
    colouring="all", algebraic=True,  # Wikipedia Turkish draughts; PDN 30,W,8,8,A0,0
    start_fen="W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
    ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
    man_move_directions=ORTHOGONAL_FORWARD_AND_SIDEWAYS,  # Wikipedia: forward or sideways
    man_capture_directions=ORTHOGONAL_FORWARD_AND_SIDEWAYS,
    king_move_directions=ORTHOGONAL, king_capture_directions=ORTHOGONAL,  # flies orthogonally
    immediate_removal=True,  # Wikipedia: pieces are removed immediately after being jumped
    no_reversal_in_capture=True,  # Wikipedia: no 180 degree turn within a capture
    passing_promotion="continue_as_man",  # RULES.md decision 3: crowned at the end of the move
    pdn_gametype=30, international_results=False,
    max_reversible_plies=None, endgame_rule="turkish",  # pydraughts: 1 piece vs 1 piece draws
)

FRISIAN = replace(
    INTERNATIONAL, key="frisian", name="Frisian", aliases=("fries",),
    man_capture_directions=DIAGONAL + FRISIAN_ORTHOGONAL,  # Frisian rules 2011 art. 7
    king_capture_directions=DIAGONAL + FRISIAN_ORTHOGONAL,
    capture_choice="frisian_value",  # highest value, king = 199 men/100 (RULES.md decision 4)
    max_same_king_moves=3,  # DCTL frisian.hpp max_same_king_move
    pdn_gametype=40, international_results=False,
    max_reversible_plies=None, endgame_rule="frisian",  # mlwi.magix.net: 2K v 1K 7 moves
)

ANTIDRAUGHTS = replace(
    INTERNATIONAL, key="antidraughts", name="Antidraughts", aliases=("losing", "giveaway"),
    losing_game=True,  # LID Antidraughts.scala: lose all your pieces to win
    max_reversible_plies=None, endgame_rule="none",  # LID: maxDrawingMoves = None
    variant_tag="antidraughts",
)

# Killer draughts: International with one change to the king's capture (mindsports.nl
# "Killer Draughts" rules; DCTL killer.hpp; Scan's "killer"). Perft: docs/rules/perft-start-more.json.
KILLER = replace(
    INTERNATIONAL, key="killer", name="Killer", aliases=(),
    king_halts_behind_king=True,  # mindsports.nl; DCTL killer.hpp is_halt_behind_king
    variant_tag="killer",  # no GameType of its own: 20 with a [Variant] tag
    notes=("intro.killer.1",),
)

# Breakthrough: International moves; the first to crown a king wins (Scan's "bt", Hub name
# "bt"). No draw rule of its own is published: International's stand.
BREAKTHROUGH = replace(
    INTERNATIONAL, key="breakthrough", name="Breakthrough", aliases=("bt",),
    crowning_wins=True,  # Scan's bt variant: a king ends the game
    variant_tag="breakthrough", notes=("intro.breakthrough.1",),
)

# Thai draughts (Mak-hot): 8x8, two rows of four men each (DCTL thai.hpp initial_position_gap
# = 4; dctl board_08x08 perft test "Thai", W:W25-32:B1-8, citing damforum.nl t=2822).
THAI = replace(
    INTERNATIONAL, key="thai", name="Thai", aliases=("mak-hot",), rows=8, cols=8,
    start_fen="W:W25-32:B1-8",  # DCTL board_08x08 test Thai: two rows of men, White first
    man_capture_directions=DIAGONAL_FORWARD,  # DCTL thai.hpp is_backward_pawn_jump = false
    capture_choice="free",  # DCTL thai.hpp: no precedence (trivial), free choice
    immediate_removal=True,  # DCTL thai.hpp is_passing_capture: jumped pieces leave at once
    king_lands_behind_piece=True,  # DCTL thai.hpp is_land_behind_piece
    # A king may turn back between two jumps: the piece it took is gone (DCTL type_traits
    # is_reverse_king_jump = long-ranged king and passing capture); no_reversal stays off.
    pdn_gametype=25, variant_tag="thai", international_results=False,
    capture_separator="x",
    # No published Thai draw rule was found: threefold repetition (the default) and the
    # 8x8 games' 15-moves-each kings-only rule (FMJD-64 7.2.5), so that no game runs forever.
    max_reversible_plies=30, endgame_rule="none",
    notes=("intro.thai.1",),
)

VARIANTS: dict[str, RuleSet] = {
    r.key: r
    for r in (
        INTERNATIONAL, BRAZILIAN, CANADIAN, RUSSIAN, POOL, ENGLISH, ITALIAN, SPANISH, CZECH,
        TURKISH, FRISIAN, ANTIDRAUGHTS, SCHLAGDAME, KILLER, BREAKTHROUGH, THAI,
    )
}
_ALIASES: dict[str, str] = {a: r.key for r in VARIANTS.values() for a in r.aliases}


def variant_keys() -> list[str]:
    return list(VARIANTS)


def get_rules(name: str | RuleSet) -> RuleSet:
    """The rule set of a variant key or alias; raises :class:`UnknownVariantError` listing the keys."""
    if isinstance(name, RuleSet):
        return name
    if not isinstance(name, str):
        raise InvalidArgumentError(f"a variant is named by a string such as 'international', not {name!r}")
    key = name.strip().lower().replace("_", "-")
    key = _ALIASES.get(key, key)
    try:
        return VARIANTS[key]
    except KeyError:
        raise UnknownVariantError(f"unknown variant {name!r}; known: {', '.join(VARIANTS)}") from None
