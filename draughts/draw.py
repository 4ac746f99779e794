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
    text: str  # "lone king against three pieces"
    source: str  # the article


Classifier = Callable[[Material], list[EndgameMatch]]

# German for the texts above and below, so the page can show the counters in either language.
GERMAN: dict[str, str] = {
    'lone king against three pieces with a king': 'einzelne Dame gegen drei Steine mit Dame',
    'lone king against at most two pieces with a king': 'einzelne Dame gegen höchstens zwei Steine mit Dame',
    'lone king on the long diagonal against three pieces': 'einzelne Dame auf der großen Diagonale gegen drei Steine',
    'three kings against one king': 'drei Damen gegen eine Dame',
    'three or more kings against a lone king': 'drei oder mehr Damen gegen eine einzelne Dame',
    'three pieces against a lone king on the long diagonal': 'drei Steine gegen eine einzelne Dame auf der großen Diagonale',
    'at most two pieces with a king against a lone king': 'höchstens zwei Steine mit Dame gegen eine einzelne Dame',
    'kings on both sides, 4 or 5 pieces': 'Damen auf beiden Seiten, 4 oder 5 Steine',
    'kings on both sides, 6 or 7 pieces': 'Damen auf beiden Seiten, 6 oder 7 Steine',
    'one king against one king': 'eine Dame gegen eine Dame',
    'two kings against one king': 'zwei Damen gegen eine Dame',
    'one piece against one piece': 'ein Stein gegen einen Stein',
    'moves without a man move or a capture': 'Züge ohne Steinzug und ohne Schlagen',
    'moves with only kings, no man move, no capture': 'Züge nur mit Damen, ohne Steinzug und ohne Schlagen',
    'moves without a capture or a man move': 'Züge ohne Schlagen und ohne Steinzug',
}


def german(text: str) -> str:
    """The German of a draw-rule text of this module (the English where none is known)."""
    return GERMAN.get(text, text)


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
        return [EndgameMatch("fmjd-6.3", "16", 32, "lone king against three pieces with a king",
                             "FMJD Annex 1 art. 6.3 (16 moves each)")]
    if kings >= 1 and men + kings <= 2:
        return [EndgameMatch("fmjd-6.4", "5", 10, "lone king against at most two pieces with a king",
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
            return [EndgameMatch("ddb-long-diagonal", ("3", men), 6, "lone king on the long diagonal against three pieces",
                                 "DDB classic rules (3 moves each)")]
        return [EndgameMatch("ddb-3v1", ("10", men), 20, "three kings against one king",
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
            out.append(EndgameMatch("fmjd64-7.2.4", ("3k", kings), 30, "three or more kings against a lone king",
                                    "FMJD-64 rules 7.2.4 (15 moves)"))
        if men + kings == 3 and kings >= 1 and m.lone_king_on_long_diagonal:
            out.append(EndgameMatch("fmjd64-7.2.7", ("diag", men, kings), 10,
                                    "three pieces against a lone king on the long diagonal",
                                    "FMJD-64 rules 7.2.7 (5 moves)"))
        if men + kings <= 2 and kings >= 1:
            out.append(EndgameMatch("fmjd64-7.2.8", "2v1", 10, "at most two pieces with a king against a lone king",
                                    "FMJD-64 rules 7.2.8 (5 moves)"))
    if wk and bk:
        total = wm + wk + bm + bk
        material = (wm, wk, bm, bk)
        if total in (4, 5):
            out.append(EndgameMatch("fmjd64-7.2.6", material, 60, "kings on both sides, 4 or 5 pieces",
                                    "FMJD-64 rules 7.2.6 (30 moves)"))
        elif total in (6, 7):
            out.append(EndgameMatch("fmjd64-7.2.6", material, 120, "kings on both sides, 6 or 7 pieces",
                                    "FMJD-64 rules 7.2.6 (60 moves)"))
    return out


def frisian_endgames(m: Material) -> list[EndgameMatch]:
    (wm, wk), (bm, bk) = m.sides()
    if wm or bm:
        return []
    if wk == 1 and bk == 1:
        # mlwi.magix.net; lidraughts Frisian.scala allows 2 more moves each before the draw
        return [EndgameMatch("frisian-1v1", "1v1", 4, "one king against one king",
                             "Frisian rules (draw, after 2 more moves)")]
    if sorted((wk, bk)) == [1, 2]:
        return [EndgameMatch("frisian-2v1", "2v1", 14, "two kings against one king",
                             "Frisian rules (7 moves each)")]
    return []


def turkish_endgames(m: Material) -> list[EndgameMatch]:
    (wm, wk), (bm, bk) = m.sides()
    if wm + wk == 1 and bm + bk == 1:
        return [EndgameMatch("turkish-1v1", "1v1", 0, "one piece against one piece",
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
    reversible_text: str
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
            "moves with only kings, no man move, no capture" if rules.endgame_rule in ("fmjd", "russian")
            else "moves without a man move or a capture", src, ENDGAMES[rules.endgame_rule],
            ENDGAME_MAX_PIECES[rules.endgame_rule],
        )
    if preset == "fmjd":
        return DrawRules("fmjd", 3, 50, "moves with only kings, no man move, no capture",
                         "FMJD Annex 1 art. 6.2", fmjd_endgames, ENDGAME_MAX_PIECES["fmjd"])
    if preset == "ddb-classic":
        return DrawRules("ddb-classic", 3, 50, "moves with only kings, no man move, no capture",
                         "DDB classic rules", ddb_classic_endgames, ENDGAME_MAX_PIECES["ddb_classic"])
    if preset == "casual-60":
        return DrawRules("casual-60", 3, 120, "moves without a capture or a man move",
                         "casual 60-move rule", no_endgames, 0)
    raise UnknownVariantError(f"unknown draw-rule preset {preset!r}; known: {', '.join(PRESETS)}")
