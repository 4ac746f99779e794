"""Why the legal moves are what they are: the rules that shaped a position's move list.

Each :class:`Reason` names its rule and source and carries a :class:`~draughts.text.Message`
(shown in the player's language), so that the page can show it beside the board when the
player asks "why?" or tries a forbidden move. Reasons are found by asking the generator again
under a relaxed rule and comparing (what would be legal without the majority rule? without
the Turkish strike?), so they say exactly when a rule made a difference, never merely when
it exists.

>>> from draughts import Game
>>> [r.rule for r in explain(Game(fen="W:W33,34:B28,17,30"))]
['compulsory-capture', 'majority']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..movegen import generator_for
from ..movegen import WHITE, RawMove
from ..notation.moves import illegal_reason
from ..text import Message, message

if TYPE_CHECKING:
    from ..game import Game
    from ..move import Move
    from ..rules import RuleSet


@dataclass(frozen=True)
class Reason:
    rule: str  # a stable id: "compulsory-capture", "majority", ...
    message: Message  # the sentence for the player
    source: str  # the article or source of the rule
    squares: tuple[int, ...] = ()  # the squares it is about, for highlighting

    @property
    def text(self) -> str:
        """The sentence in English."""
        return self.message.text

    def to_dict(self) -> dict[str, object]:
        return {"rule": self.rule, "text": self.text, "message": self.message.to_dict(), "source": self.source,
                "squares": list(self.squares)}


_CHOICE_SOURCE = {
    "most_pieces": "FMJD Annex 1 art. 4.13",
    "most_pieces_then_kings": "Spanish rules (DCTL spanish.hpp: pieces, then kings)",
    "italian": "FID rules 6.6-6.9",
    "king_first": "Czech rules 4.14 (fmjd.org)",
    "frisian_value": "Frisian rules 2011 (capture of highest value)",
}


def _sides(game: "Game") -> tuple[int, int, int, int, int]:
    return (*game.position.sides(), game.turn.index)


def _captures_under(game: "Game", rules: "RuleSet") -> list[RawMove]:
    om, ok, pm, pk, turn = _sides(game)
    return generator_for(rules).captures(om, ok, pm, pk, turn)


def _keyset(moves: list[RawMove]) -> set[tuple[int, int, int]]:
    return {(m[0], m[1], m[2]) for m in moves}


def explain(game: "Game") -> list[Reason]:
    """The reasons that shaped the legal moves of the current position (and running draw rules)."""
    rules = game.rules
    legal = list(game.legal_moves)
    out: list[Reason] = []
    label = game.geometry.label
    captures = [m for m in legal if m.captures]
    if captures and rules.forced_capture:
        out.append(Reason(
            "compulsory-capture", message("explain.compulsory_capture"), "FMJD Annex 1 art. 4.2",
            tuple(sorted({m.origin for m in captures})),
        ))
    elif captures:
        out.append(Reason(
            "optional-capture", message("explain.optional_capture"), "house rule (no forced capture)",
        ))
    if captures and rules.capture_choice != "free":
        every = _captures_under(game, rules.with_options(capture_choice="free"))
        if _keyset(every) != {(m.raw[0], m.raw[1], m.raw[2]) for m in captures}:
            out.append(_choice_reason(game, captures, every))
    if captures and not rules.immediate_removal:
        relaxed = _captures_under(game, rules.with_options(immediate_removal=True, capture_choice="free"))
        strict = _captures_under(game, rules.with_options(capture_choice="free"))
        if max((len(m[4]) for m in relaxed), default=0) > max((len(m[4]) for m in strict), default=0):
            out.append(Reason(
                "turkish-strike", message("explain.turkish_strike"), "FMJD Annex 1 art. 4.11",
            ))
    for m in captures:
        middle = m.path[1:-1]
        row_of = {s.number: s.row for s in game.geometry.squares}
        far_row = 0 if game.turn == "white" else game.geometry.rows - 1
        passed = [s for s in middle if row_of[s] == far_row]
        if not passed or m.by_king:
            continue
        if not m.promotes:
            out.append(Reason(
                "passing-no-crown", message("explain.passing_no_crown", square=label(passed[0])),
                "FMJD Annex 1 art. 4.15", (m.origin, *passed),
            ))
        else:
            out.append(Reason(
                "passing-crown", message("explain.passing_crown", square=label(passed[0])),
                "Russian rules 1.5.15 (DCTL russian.hpp)", (m.origin, *passed),
            ))
        break
    frozen = game.frozen_king()
    if frozen:
        sq = game.geometry.number_of[frozen.bit_length() - 1]
        out.append(Reason(
            "king-move-limit",
            message("explain.king_move_limit", square=label(sq), moves=rules.max_same_king_moves or 0),
            "Frisian rules (DCTL frisian.hpp)", (sq,),
        ))
    if not rules.men_capture_kings:
        blocked = _men_facing_kings(game)
        if blocked:
            out.append(Reason(
                "men-cannot-take-kings", message("explain.men_cannot_take_kings"), "FID rules 5.3b", tuple(blocked),
            ))
    for counter in game.draw_counters():
        out.append(Reason(
            f"draw-{counter.name}", message("explain.draw_rule", counter=counter.message), counter.source,
        ))
    return out


def _choice_reason(game: "Game", chosen: list["Move"], every: list[RawMove]) -> Reason:
    rules = game.rules
    source = _CHOICE_SOURCE.get(rules.capture_choice, rules.name)
    most = max(len(m.captures) for m in chosen)
    fewest_in_every = min(len(m[4]) for m in every)
    if rules.capture_choice == "king_first":
        return Reason("king-must-capture", message("explain.king_must_capture"), source)
    if rules.capture_choice == "frisian_value":
        return Reason("highest-value", message("explain.highest_value"), source)
    if fewest_in_every < most or rules.capture_choice == "most_pieces":
        text_id = {"most_pieces_then_kings": "explain.majority_then_kings",
                   "italian": "explain.majority_italian"}.get(rules.capture_choice, "explain.majority")
        return Reason("majority", message(text_id, count=most), source)
    if rules.capture_choice == "italian":
        return Reason("italian-precedence", message("explain.italian_precedence"), source)
    return Reason("most-kings", message("explain.most_kings"), source)


def _men_facing_kings(game: "Game") -> list[int]:
    """Men next to an opposing king with an empty square behind it: they would take it if they could."""
    gen = game.generator
    om, _ok, _pm, pk, turn = _sides(game)
    empty = gen.board_mask & ~(sum(game.pieces))
    out = []
    for origin_bit_index in range(gen.board_mask.bit_length()):
        if not om >> origin_bit_index & 1:
            continue
        for _d, over, land, _land_sq in gen.man_jumps[turn][origin_bit_index]:
            if pk & over and empty & land:
                out.append(game.geometry.number_of[origin_bit_index])
                break
    return out


def why_not(game: "Game", origin: int, destination: int | None = None) -> Reason:
    """Why a player's try (a piece, or a piece and a square) is not a legal move."""
    legal = list(game.legal_moves)
    if destination is None:
        if any(m.origin == origin for m in legal):
            return Reason("legal", message("explain.legal"), "")
        destination = origin
    why = illegal_reason(game, origin, destination)
    reasons = {r.rule: r for r in explain(game)}
    for rule in ("majority", "king-must-capture", "highest-value", "compulsory-capture", "king-move-limit"):
        if rule in reasons and (rule != "king-move-limit" or origin in reasons[rule].squares):
            r = reasons[rule]
            return Reason(r.rule, message("explain.refused", why=why, rule=r.message), r.source, r.squares)
    return Reason("illegal", why, "")
