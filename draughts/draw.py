"""Draw rules: repetition, the quiet-move counter and the endgame counters, as data.

All counts are in plies. A variant's own rules come from its :class:`RuleSet`; the named
presets of RULES.md decision 1 (``fmjd``, ``ddb-classic``, ``casual-60``) can replace them.

An *endgame counter* watches a configuration of material (say "a lone king against three
pieces with a king"). It starts at 0 on the ply that creates the configuration, counts every
ply while the configuration lasts and declares a draw at its limit. The configuration's key
decides when it starts afresh: FMJD 6.3 keys on the kind of ending only, so a promotion that
keeps it a 16-move ending does not restart it; Russian 7.2.6 keys on the exact material, so
any capture or promotion restarts it. A capture that turns a 16-move ending into a 5-move one
starts a fresh 5-move count (RULES.md decision 1, as lidraughts does).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .errors import UnknownVariantError
from .rules import RuleSet
from .text import Message, message


@dataclass(frozen=True)
class Material:
    white_men: int
    white_kings: int
    black_men: int
    black_kings: int
    lone_king_on_long_diagonal: bool  # the side with a lone king has it on the long diagonal

    def sides(self) -> tuple[tuple[int, int], tuple[int, int]]:
        return (self.white_men, self.white_kings), (self.black_men, self.black_kings)


@dataclass(frozen=True)
class EndgameMatch:
    rule: str  # a stable id, e.g. "fmjd-6.3"
    key: object  # the configuration; a change of key restarts the count
    limit_plies: int
    text: Message  # "lone king against three pieces"
    source: str  # the article


Classifier = Callable[[Material], list[EndgameMatch]]

def _lone_king_against(m: Material) -> tuple[int, int, int] | None:
    """(men, kings, side) of the side facing a lone king, or None."""
    (wm, wk), (bm, bk) = m.sides()
    if wm == 0 and wk == 1:
        return bm, bk, 1
    if bm == 0 and bk == 1:
        return wm, wk, 0
    return None


def fmjd_endgames(m: Material) -> list[EndgameMatch]:
    faced = _lone_king_against(m)
    if faced is None:
        return []
    men, kings, _ = faced
    if kings >= 1 and men + kings == 3:
        return [EndgameMatch("fmjd-6.3", "16", 32, message("draw.kind.lone_king_vs_three_with_king"),
                             "FMJD Annex 1 art. 6.3 (16 moves each)")]
    if kings >= 1 and men + kings <= 2:
        return [EndgameMatch("fmjd-6.4", "5", 10, message("draw.kind.lone_king_vs_two_with_king"),
                             "FMJD Annex 1 art. 6.4 (5 moves each)")]
    return []


def ddb_classic_endgames(m: Material) -> list[EndgameMatch]:
    # An older German federation text (RULES.md decision 1): three kings, or two kings and a
    # man, against a king: 10 more moves each, 3 if the lone king holds the long diagonal.
    faced = _lone_king_against(m)
    if faced is None:
        return []
    men, kings, _ = faced
    if men + kings == 3 and kings >= 2:
        if m.lone_king_on_long_diagonal:
            return [EndgameMatch("ddb-long-diagonal", ("3", men), 6,
                                 message("draw.kind.lone_king_on_diagonal_vs_three"),
                                 "DDB classic rules (3 moves each)")]
        return [EndgameMatch("ddb-3v1", ("10", men), 20, message("draw.kind.three_kings_vs_king"),
                             "DDB classic rules (10 moves each)")]
    return []


def russian_endgames(m: Material) -> list[EndgameMatch]:
    """FMJD-64 rules 7.2.4, 7.2.6-7.2.8, as quoted by lidraughts Russian.scala."""
    out: list[EndgameMatch] = []
    (wm, wk), (bm, bk) = m.sides()
    faced = _lone_king_against(m)
    if faced is not None:
        men, kings, _ = faced
        if men == 0 and kings >= 3:
            out.append(EndgameMatch("fmjd64-7.2.4", ("3k", kings), 30, message("draw.kind.kings_vs_lone_king"),
                                    "FMJD-64 rules 7.2.4 (15 moves)"))
        if men + kings == 3 and kings >= 1 and m.lone_king_on_long_diagonal:
            out.append(EndgameMatch("fmjd64-7.2.7", ("diag", men, kings), 10,
                                    message("draw.kind.three_vs_lone_king_on_diagonal"),
                                    "FMJD-64 rules 7.2.7 (5 moves)"))
        if men + kings <= 2 and kings >= 1:
            out.append(EndgameMatch("fmjd64-7.2.8", "2v1", 10, message("draw.kind.two_with_king_vs_lone_king"),
                                    "FMJD-64 rules 7.2.8 (5 moves)"))
    if wk and bk:
        total = wm + wk + bm + bk
        material = (wm, wk, bm, bk)
        if total in (4, 5):
            out.append(EndgameMatch("fmjd64-7.2.6", material, 60, message("draw.kind.kings_both_sides_4_5"),
                                    "FMJD-64 rules 7.2.6 (30 moves)"))
        elif total in (6, 7):
            out.append(EndgameMatch("fmjd64-7.2.6", material, 120, message("draw.kind.kings_both_sides_6_7"),
                                    "FMJD-64 rules 7.2.6 (60 moves)"))
    return out


def frisian_endgames(m: Material) -> list[EndgameMatch]:
    (wm, wk), (bm, bk) = m.sides()
    if wm or bm:
        return []
    if wk == 1 and bk == 1:
        # mlwi.magix.net; lidraughts Frisian.scala allows 2 more moves each before the draw
        return [EndgameMatch("frisian-1v1", "1v1", 4, message("draw.kind.king_vs_king"),
                             "Frisian rules (draw, after 2 more moves)")]
    if sorted((wk, bk)) == [1, 2]:
        return [EndgameMatch("frisian-2v1", "2v1", 14, message("draw.kind.two_kings_vs_king"),
                             "Frisian rules (7 moves each)")]
    return []


def turkish_endgames(m: Material) -> list[EndgameMatch]:
    (wm, wk), (bm, bk) = m.sides()
    if wm + wk == 1 and bm + bk == 1:
        return [EndgameMatch("turkish-1v1", "1v1", 0, message("draw.kind.piece_vs_piece"),
                             "RULES.md (pydraughts: one piece against one piece is a draw)")]
    return []


def no_endgames(m: Material) -> list[EndgameMatch]:
    return []


# The most pieces on the board (both sides) any configuration of each classifier can hold,
# so the game skips the classifier while the board is fuller than that.
ENDGAME_MAX_PIECES: dict[str, int] = {
    # Russian 7.2.4 is any number of kings against a lone king: up to 12 + 1 on 8x8.
    "none": 0, "fmjd": 4, "russian": 13, "frisian": 3, "turkish": 2, "ddb_classic": 4,
}

ENDGAMES: dict[str, Classifier] = {
    "none": no_endgames, "fmjd": fmjd_endgames, "russian": russian_endgames,
    "frisian": frisian_endgames, "turkish": turkish_endgames, "ddb_classic": ddb_classic_endgames,
}


@dataclass(frozen=True)
class DrawRules:
    name: str
    repetition_count: int
    max_reversible_plies: int | None
    reversible_text: Message
    reversible_source: str
    endgames: Classifier
    endgame_max_pieces: int  # more pieces than this on the board: no endgame rule can apply


PRESETS = ("standard", "fmjd", "ddb-classic", "casual-60")


def draw_rules_for(rules: RuleSet, preset: str | None = None) -> DrawRules:
    """The draw rules of a variant, or of a named preset (RULES.md decision 1)."""
    preset = (preset or "standard").lower()
    if preset == "standard":
        src = {
            "fmjd": "FMJD Annex 1 art. 6.2", "russian": "FMJD-64 rules 7.2.5",
        }.get(rules.endgame_rule, f"{rules.name} rules")
        return DrawRules(
            "standard", rules.repetition_count, rules.max_reversible_plies,
            # FMJD 6.2 and FMJD-64 7.2.5 count moves in which only kings moved
            message("draw.quiet.only_kings") if rules.endgame_rule in ("fmjd", "russian")
            else message("draw.quiet.no_man_move_or_capture"), src, ENDGAMES[rules.endgame_rule],
            ENDGAME_MAX_PIECES[rules.endgame_rule],
        )
    if preset == "fmjd":
        return DrawRules("fmjd", 3, 50, message("draw.quiet.only_kings"),
                         "FMJD Annex 1 art. 6.2", fmjd_endgames, ENDGAME_MAX_PIECES["fmjd"])
    if preset == "ddb-classic":
        return DrawRules("ddb-classic", 3, 50, message("draw.quiet.only_kings"),
                         "DDB classic rules", ddb_classic_endgames, ENDGAME_MAX_PIECES["ddb_classic"])
    if preset == "casual-60":
        return DrawRules("casual-60", 3, 120, message("draw.quiet.no_man_move_or_capture"),
                         "casual 60-move rule", no_endgames, 0)
    raise UnknownVariantError(f"unknown draw-rule preset {preset!r}; known: {', '.join(PRESETS)}")
