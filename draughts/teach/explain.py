"""Why the legal moves are what they are: the rules that shaped a position's move list.

Each :class:`Reason` names its rule and source, in English and German, so that the page can
show it beside the board when the player asks "why?" or tries a forbidden move. Reasons are
found by asking the generator again under a relaxed rule and comparing (what would be legal
without the majority rule? without the Turkish strike?), so they say exactly when a rule
made a difference, never merely when it exists.

>>> from draughts import Game
>>> [r.rule for r in explain(Game(fen="W:W33,34:B28,17,30"))]
['compulsory-capture', 'majority']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..game import generator_for
from ..movegen import WHITE, RawMove

if TYPE_CHECKING:
    from ..game import Game
    from ..rules import RuleSet


@dataclass(frozen=True)
class Reason:
    rule: str  # a stable id: "compulsory-capture", "majority", ...
    text: str  # English
    text_de: str  # German
    source: str  # the article or source of the rule
    squares: tuple[int, ...] = ()  # the squares it is about, for highlighting

    def to_dict(self) -> dict[str, object]:
        return {"rule": self.rule, "text": self.text, "text_de": self.text_de, "source": self.source,
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
            "compulsory-capture", "Capture is compulsory: a piece that can take must take.",
            "Schlagzwang: Wer schlagen kann, muss schlagen.", "FMJD Annex 1 art. 4.2",
            tuple(sorted({m.origin for m in captures})),
        ))
    elif captures:
        out.append(Reason(
            "optional-capture", "House rule: capturing is allowed but not compulsory.",
            "Hausregel: Schlagen ist erlaubt, aber keine Pflicht.", "house rule (no forced capture)",
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
                "turkish-strike", "A piece taken in this move still blocks the path until the move ends "
                "(the Turkish strike), so the capture stops short.",
                "Ein in diesem Zug geschlagener Stein bleibt bis zum Zugende stehen und versperrt den Weg "
                "(türkischer Schlag).", "FMJD Annex 1 art. 4.11",
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
                "passing-no-crown", f"The man passes the far row at {label(passed[0])} during the capture and "
                "stays a man: only a man that ends its move there is crowned.",
                f"Der Stein überquert die Grundreihe auf {label(passed[0])} während des Schlagens und bleibt ein "
                "Stein: gekrönt wird nur, wer dort stehen bleibt.", "FMJD Annex 1 art. 4.15", (m.origin, *passed),
            ))
        else:
            out.append(Reason(
                "passing-crown", f"The man is crowned at {label(passed[0])} in the middle of the capture and goes "
                "on capturing as a king.",
                f"Der Stein wird auf {label(passed[0])} mitten im Schlagen zur Dame und schlägt als Dame weiter.",
                "Russian rules 1.5.15 (DCTL russian.hpp)", (m.origin, *passed),
            ))
        break
    frozen = game.frozen_king()
    if frozen:
        sq = game.geometry.number_of[frozen.bit_length() - 1]
        out.append(Reason(
            "king-move-limit", f"The king on {label(sq)} has made {rules.max_same_king_moves} quiet moves in a row; "
            "it may not make another while its side still has men.",
            f"Die Dame auf {label(sq)} hat {rules.max_same_king_moves} Züge hintereinander gemacht; solange noch "
            "Steine da sind, darf sie nicht erneut ziehen.", "Frisian rules (DCTL frisian.hpp)", (sq,),
        ))
    if not rules.men_capture_kings:
        blocked = _men_facing_kings(game)
        if blocked:
            out.append(Reason(
                "men-cannot-take-kings", "A man may not capture a king.", "Ein Stein darf keine Dame schlagen.",
                "FID rules 5.3b", tuple(blocked),
            ))
    for counter in game.draw_counters():
        out.append(Reason(
            f"draw-{counter.name}", f"Draw rule: {counter.text}.", f"Remisregel: {counter.text}.", counter.source,
        ))
    return out


def _choice_reason(game: "Game", chosen: list, every: list[RawMove]) -> Reason:
    rules = game.rules
    source = _CHOICE_SOURCE.get(rules.capture_choice, rules.name)
    most = max(len(m.captures) for m in chosen)
    fewest_in_every = min(len(m[4]) for m in every)
    if rules.capture_choice == "king_first":
        return Reason("king-must-capture", "A king must capture when a king can (Czech rule).",
                      "Kann eine Dame schlagen, muss die Dame schlagen (tschechische Regel).", source)
    if rules.capture_choice == "frisian_value":
        return Reason("highest-value", "You must make the capture of highest value: a king counts almost as two men.",
                      "Es muss der wertvollste Schlag gewählt werden: eine Dame zählt fast wie zwei Steine.", source)
    if fewest_in_every < most or rules.capture_choice == "most_pieces":
        text = f"You must take the most pieces ({most})."
        text_de = f"Es müssen die meisten Steine geschlagen werden ({most})."
        if rules.capture_choice == "most_pieces_then_kings":
            text += " Among those, the one taking the most kings."
            text_de += " Unter diesen der Schlag mit den meisten Damen."
        elif rules.capture_choice == "italian":
            text += " Then: capture with a king, take the most kings, meet a king earliest (Italian)."
            text_de += " Dann: mit der Dame schlagen, die meisten Damen, die früheste Dame (italienisch)."
        return Reason("majority", text, text_de, source)
    if rules.capture_choice == "italian":
        return Reason("italian-precedence", "Italian: capture with the king first, then the most kings, then the "
                      "king met earliest.", "Italienisch: zuerst mit der Dame schlagen, dann die meisten Damen, "
                      "dann die früheste Dame.", source)
    return Reason("most-kings", "Spanish: among captures of as many pieces, take the most kings.",
                  "Spanisch: bei gleich vielen Steinen die meisten Damen schlagen.", source)


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
    from ..notation.moves import explain_illegal

    legal = list(game.legal_moves)
    if destination is None:
        if any(m.origin == origin for m in legal):
            return Reason("legal", "This piece can move.", "Dieser Stein kann ziehen.", "")
        destination = origin
    text = explain_illegal(game, origin, destination)
    reasons = {r.rule: r for r in explain(game)}
    for rule in ("majority", "king-must-capture", "highest-value", "compulsory-capture", "king-move-limit"):
        if rule in reasons and (rule != "king-move-limit" or origin in reasons[rule].squares):
            r = reasons[rule]
            return Reason(r.rule, f"{text[0].upper()}{text[1:]}. {r.text}", r.text_de, r.source, r.squares)
    return Reason("illegal", f"{text[0].upper()}{text[1:]}.", _german(text), "")


def _german(text: str) -> str:
    if text.startswith("there is no piece"):
        return "Dort steht kein Stein."
    if text.startswith("it is"):
        return "Dieser Stein ist nicht am Zug."
    if "cannot move" in text:
        return "Dieser Stein kann nicht ziehen."
    return "Dieser Zug ist nicht erlaubt."
