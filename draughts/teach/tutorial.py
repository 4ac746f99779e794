"""A short guided tutorial per family: first moves, compulsory capture, the capture choice, kings.

Three families share most rules, so three tutorials cover the popular variants:

* ``international`` (10x10; Brazilian and Canadian play the same rules on other boards):
  men capture backwards too, the majority rule, flying kings, no crowning in passing.
* ``russian`` (8x8 flying kings, free choice of capture, crowned in the middle of a capture).
* ``english`` (8x8, men capture forwards only, short kings, free choice).

Each step is a position, an instruction (a :class:`~draughts.text.Message`) and the moves that
complete it.
:func:`check` judges a try with the :class:`~draughts.Game` and, when it is refused, gives the
reason :mod:`draughts.teach.explain` gives for it (an illegal try) or the step's own hint (a legal move
that is not the lesson).

>>> step = steps_for("international")[1]
>>> check(step, "39-34").rule
'compulsory-capture'
>>> check(step, "32x23").completed
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .explain import explain, why_not
from ..game import Game
from .puzzles import squares_named
from ..rules import get_rules
from ..text import Message, message


@dataclass(frozen=True)
class Step:
    id: str
    family: str  # the tutorial: international, russian, english
    variant: str  # the rule set the position is played under
    fen: str
    title: Message
    text: Message  # the instruction
    goals: tuple[str, ...]  # move texts that complete the step (any one of them)
    rule: str = ""  # the draughts.teach.explain rule the step is about, when there is one
    wrong: str = ""  # a typical wrong try (the tests check it is refused with a reason)

    def game(self) -> Game:
        return Game(self.variant, fen=self.fen)

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "family": self.family, "variant": self.variant, "fen": self.fen,
                "title": self.title.to_dict(), "text": self.text.to_dict(), "goals": list(self.goals),
                "rule": self.rule}


@dataclass(frozen=True)
class Result:
    completed: bool
    message: Message
    rule: str = ""
    source: str = ""

    @property
    def text(self) -> str:
        """The verdict in English."""
        return self.message.text

    def to_dict(self) -> dict[str, object]:
        return {"completed": self.completed, "text": self.text, "message": self.message.to_dict(),
                "rule": self.rule, "source": self.source}


def check(step: Step, text: str) -> Result:
    """Judge the try ``text`` (a move in the variant's notation, or origin-destination)."""
    game = step.game()
    try:
        move = game.parse_move(text)
    except ValueError:
        parts = squares_named(game, text)
        if not parts:
            return Result(False, message("tutorial.not_a_move"))
        own = [m for m in game.legal_moves if m.origin == parts[0]]
        if own and own[0].captures and game.rules.forced_capture:
            # notation.explain_illegal counts the most pieces any capture takes, which misleads
            # where the choice is free: name this piece's own captures instead.
            ends = ", ".join(game.geometry.label(d) for d in sorted({m.destination for m in own}))
            label = game.geometry.label(parts[0])
            return Result(False, message("tutorial.must_take_here", square=label, ends=ends),
                          "compulsory-capture", "FMJD Annex 1 art. 4.2")
        reason = why_not(game, parts[0], parts[-1] if len(parts) > 1 else None)
        return Result(False, reason.message, reason.rule, reason.source)
    goals = {game.parse_move(goal) for goal in step.goals}
    if move in goals:
        reasons = {r.rule: r for r in explain(game)}
        why = reasons.get(step.rule)
        if why is None:
            return Result(True, message("tutorial.well_done"), step.rule)
        return Result(True, message("tutorial.well_done_because", why=why.message), step.rule, why.source)
    return Result(False, message("tutorial.not_the_lesson"), "not-the-lesson")


def completed_by(step: Step, game: Game) -> bool:
    """Whether ``game`` (started from the step's position) has made one of the step's moves."""
    return bool(game.move_stack) and game.move_stack[0] in {step.game().parse_move(g) for g in step.goals}


FAMILIES = ("international", "russian", "english")

STEPS: tuple[Step, ...] = (
    # --- International (10x10) ----------------------------------------------------------------
    Step("int-move", "international", "international", "W:W32:B9", message("tutorial.title.first_moves"),
         message("tutorial.int_move.text"), ("32-27", "32-28"), wrong="32-37"),
    Step("int-capture", "international", "international", "W:W32,39:B28,9", message("tutorial.int_capture.title"),
         message("tutorial.int_capture.text"), ("32x23",), rule="compulsory-capture", wrong="39-34"),
    Step("int-majority", "international", "international", "W:W33,34:B28,17,30", message("tutorial.int_majority.title"),
         message("tutorial.int_majority.text"), ("33x11",), rule="majority", wrong="34x25"),
    Step("int-crown", "international", "international", "W:W6:B45", message("tutorial.title.crowning"),
         message("tutorial.int_crown.text"), ("6-1",), wrong="6-11"),
    Step("int-king", "international", "international", "W:WK46:B28", message("tutorial.title.flying_kings"),
         message("tutorial.int_king.text"), ("46x5",), rule="compulsory-capture", wrong="46-41"),
    # --- Russian (8x8, flying kings, free choice) ---------------------------------------------
    Step("rus-move", "russian", "russian", "W:Wc3:Bf6", message("tutorial.title.first_moves"),
         message("tutorial.rus_move.text"), ("c3-b4", "c3-d4"), wrong="c3-b2"),
    Step("rus-backward", "russian", "russian", "W:Wd4,g3:Bc3,h8", message("tutorial.rus_backward.title"),
         message("tutorial.rus_backward.text"), ("d4:b2",), rule="compulsory-capture", wrong="g3-h4"),
    Step("rus-choice", "russian", "russian", "W:Wa3,h2:Bb4,d6,g3", message("tutorial.rus_choice.title"),
         message("tutorial.rus_choice.text"), ("h2:f4",), rule="compulsory-capture", wrong="h2-g1"),
    Step("rus-crown", "russian", "russian", "W:Wd6:Be7,g7", message("tutorial.rus_crown.title"),
         message("tutorial.rus_crown.text"), ("d6:h6",), rule="passing-crown", wrong="d6-c7"),
    Step("rus-king", "russian", "russian", "W:WKa1,h2:Bc3,f6", message("tutorial.title.flying_kings"),
         message("tutorial.rus_king.text"), ("a1:h8", "a1:g7"), rule="compulsory-capture", wrong="h2-g3"),
    # --- English draughts / checkers (8x8, short kings) -----------------------------------------
    Step("eng-move", "english", "english", "W:W22:B11", message("tutorial.title.first_moves"),
         message("tutorial.eng_move.text"), ("22-17", "22-18"), wrong="22-26"),
    Step("eng-capture", "english", "english", "W:W22,30:B18,3", message("tutorial.eng_capture.title"),
         message("tutorial.eng_capture.text"), ("22x15",), rule="compulsory-capture", wrong="30-26"),
    Step("eng-multi", "english", "english", "W:W27:B23,15,3", message("tutorial.eng_multi.title"),
         message("tutorial.eng_multi.text"), ("27x11",), rule="compulsory-capture", wrong="27-24"),
    Step("eng-crown", "english", "english", "W:W6:B28", message("tutorial.title.crowning"),
         message("tutorial.eng_crown.text"), ("6-1", "6-2"), wrong="6-10"),
    Step("eng-king", "english", "english", "W:WK14:B1", message("tutorial.eng_king.title"),
         message("tutorial.eng_king.text"), ("14-17", "14-18"), wrong="14-23"),
)


def steps_for(family: str) -> list[Step]:
    """The steps of one family's tutorial; a variant key picks its family (brazilian: international)."""
    key = get_rules(family).key if family not in FAMILIES else family
    rules = get_rules(key)
    if key not in FAMILIES:
        if not rules.flying_kings:
            key = "english"
        elif rules.capture_choice == "free":
            key = "russian"
        else:
            key = "international"
    return [s for s in STEPS if s.family == key]


def by_id(step_id: str) -> Step:
    for s in STEPS:
        if s.id == step_id:
            return s
    raise KeyError(f"no tutorial step {step_id!r}")
