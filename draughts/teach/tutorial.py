"""A short guided tutorial per family: first moves, compulsory capture, the capture choice, kings.

Three families share most rules, so three tutorials cover the popular variants:

* ``international`` (10x10; Brazilian and Canadian play the same rules on other boards):
  men capture backwards too, the majority rule, flying kings, no crowning in passing.
* ``russian`` (8x8 flying kings, free choice of capture, crowned in the middle of a capture).
* ``english`` (8x8, men capture forwards only, short kings, free choice).

Each step is a position, an instruction in English and German and the moves that complete it.
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


@dataclass(frozen=True)
class Step:
    id: str
    family: str  # the tutorial: international, russian, english
    variant: str  # the rule set the position is played under
    fen: str
    title: str
    title_de: str
    text: str  # the instruction
    text_de: str
    goals: tuple[str, ...]  # move texts that complete the step (any one of them)
    rule: str = ""  # the draughts.teach.explain rule the step is about, when there is one
    wrong: str = ""  # a typical wrong try (the tests check it is refused with a reason)

    def game(self) -> Game:
        return Game(self.variant, fen=self.fen)

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "family": self.family, "variant": self.variant, "fen": self.fen,
                "title": self.title, "title_de": self.title_de, "text": self.text, "text_de": self.text_de,
                "goals": list(self.goals), "rule": self.rule}


@dataclass(frozen=True)
class Result:
    completed: bool
    text: str
    text_de: str
    rule: str = ""
    source: str = ""

    def to_dict(self) -> dict[str, object]:
        return {"completed": self.completed, "text": self.text, "text_de": self.text_de, "rule": self.rule,
                "source": self.source}




def check(step: Step, text: str) -> Result:
    """Judge the try ``text`` (a move in the variant's notation, or origin-destination)."""
    game = step.game()
    try:
        move = game.parse_move(text)
    except ValueError:
        parts = squares_named(game, text)
        if not parts:
            return Result(False, "That is not a move.", "Das ist kein Zug.")
        own = [m for m in game.legal_moves if m.origin == parts[0]]
        if own and own[0].captures and game.rules.forced_capture:
            # notation.explain_illegal counts the most pieces any capture takes, which misleads
            # where the choice is free: name this piece's own captures instead.
            ends = ", ".join(game.geometry.label(d) for d in sorted({m.destination for m in own}))
            label = game.geometry.label(parts[0])
            return Result(False, f"Capture is compulsory: the piece on {label} must take (it can end on {ends}).",
                          f"Schlagzwang: der Stein auf {label} muss schlagen (er kann auf {ends} enden).",
                          "compulsory-capture", "FMJD Annex 1 art. 4.2")
        reason = why_not(game, parts[0], parts[-1] if len(parts) > 1 else None)
        return Result(False, reason.text, reason.text_de or reason.text, reason.rule, reason.source)
    goals = {game.parse_move(goal) for goal in step.goals}
    if move in goals:
        reasons = {r.rule: r for r in explain(game)}
        why = reasons.get(step.rule)
        done = "Well done." + (f" {why.text}" if why else "")
        done_de = "Gut gemacht." + (f" {why.text_de}" if why else "")
        return Result(True, done, done_de, step.rule, why.source if why else "")
    return Result(False, "That move is legal, but it is not this lesson's move: read the task again.",
                  "Dieser Zug ist erlaubt, aber nicht der dieser Lektion: lesen Sie die Aufgabe noch einmal.",
                  "not-the-lesson")


def completed_by(step: Step, game: Game) -> bool:
    """Whether ``game`` (started from the step's position) has made one of the step's moves."""
    return bool(game.move_stack) and game.move_stack[0] in {step.game().parse_move(g) for g in step.goals}


FAMILIES = ("international", "russian", "english")

STEPS: tuple[Step, ...] = (
    # --- International (10x10) ----------------------------------------------------------------
    Step("int-move", "international", "international", "W:W32:B9", "First moves", "Erste Züge",
         "Men move one square diagonally forward, onto a free dark square. Move the man on 32.",
         "Steine ziehen ein Feld schräg vorwärts auf ein freies dunkles Feld. Ziehen Sie den Stein auf 32.",
         ("32-27", "32-28"), wrong="32-37"),
    Step("int-capture", "international", "international", "W:W32,39:B28,9", "Capture is compulsory",
         "Schlagzwang",
         "A man takes by jumping over an opposing piece onto the free square behind it. When you can take, "
         "you must: the man on 39 may not move now. Take the black man.",
         "Ein Stein schlägt, indem er über einen gegnerischen Stein auf das freie Feld dahinter springt. Wer "
         "schlagen kann, muss schlagen: der Stein auf 39 darf jetzt nicht ziehen. Schlagen Sie den schwarzen Stein.",
         ("32x23",), rule="compulsory-capture", wrong="39-34"),
    Step("int-majority", "international", "international", "W:W33,34:B28,17,30", "Take the most pieces",
         "Die meisten Steine schlagen",
         "With a choice of captures you must take the most pieces (a king counts as one). 34 could take one "
         "man, 33 can take two. Make the capture the rules allow.",
         "Bei mehreren Schlagmöglichkeiten muss die mit den meisten Steinen gewählt werden (eine Dame zählt "
         "eins). 34 könnte einen Stein schlagen, 33 schlägt zwei. Machen Sie den erlaubten Schlag.",
         ("33x11",), rule="majority", wrong="34x25"),
    Step("int-crown", "international", "international", "W:W6:B45", "Crowning", "Dame werden",
         "A man that ends its move on the far row becomes a king. Crown your man.",
         "Ein Stein, der seinen Zug auf der gegnerischen Grundreihe beendet, wird zur Dame. Machen Sie Ihren "
         "Stein zur Dame.", ("6-1",), wrong="6-11"),
    Step("int-king", "international", "international", "W:WK46:B28", "Flying kings", "Fliegende Damen",
         "A king moves and takes over any distance along a diagonal, and may land on any free square behind "
         "the piece it takes. Take the man on 28 with the king and land as far away as you can.",
         "Eine Dame zieht und schlägt über beliebige Entfernung entlang einer Diagonale und darf auf jedem "
         "freien Feld hinter dem geschlagenen Stein landen. Schlagen Sie den Stein auf 28 und landen Sie so "
         "weit wie möglich.", ("46x5",), rule="compulsory-capture", wrong="46-41"),
    # --- Russian (8x8, flying kings, free choice) ---------------------------------------------
    Step("rus-move", "russian", "russian", "W:Wc3:Bf6", "First moves", "Erste Züge",
         "Men move one square diagonally forward. Squares are named like a1 (bottom left) to h8. Move c3.",
         "Steine ziehen ein Feld schräg vorwärts. Die Felder heißen a1 (unten links) bis h8. Ziehen Sie c3.",
         ("c3-b4", "c3-d4"), wrong="c3-b2"),
    Step("rus-backward", "russian", "russian", "W:Wd4,g3:Bc3,h8", "Capture, also backwards",
         "Schlagen, auch rückwärts",
         "Capture is compulsory, and men may take backwards. Take the man on c3 with d4.",
         "Es herrscht Schlagzwang, und Steine dürfen auch rückwärts schlagen. Schlagen Sie c3 mit d4.",
         ("d4:b2",), rule="compulsory-capture", wrong="g3-h4"),
    Step("rus-choice", "russian", "russian", "W:Wa3,h2:Bb4,d6,g3", "Free choice of capture",
         "Freie Wahl beim Schlagen",
         "In Russian draughts you may choose any capture, even one that takes fewer pieces (International "
         "rules would force a3, which takes two). Take one man with h2.",
         "Im russischen Damespiel darf man jeden Schlag wählen, auch einen mit weniger Steinen (nach den "
         "internationalen Regeln müsste a3 zwei schlagen). Schlagen Sie mit h2 einen Stein.",
         ("h2:f4",), rule="compulsory-capture", wrong="h2-g1"),
    Step("rus-crown", "russian", "russian", "W:Wd6:Be7,g7", "Crowned in the middle of a capture",
         "Dame mitten im Schlagen",
         "A man that reaches the far row during a capture is crowned at once and goes on taking as a king. "
         "Take both black men.",
         "Ein Stein, der beim Schlagen die Grundreihe erreicht, wird sofort zur Dame und schlägt als Dame "
         "weiter. Schlagen Sie beide schwarzen Steine.", ("d6:h6",), rule="passing-crown", wrong="d6-c7"),
    Step("rus-king", "russian", "russian", "W:WKa1,h2:Bc3,f6", "Flying kings", "Fliegende Damen",
         "A king moves any distance along a diagonal and takes from afar. Take both men with the king.",
         "Eine Dame zieht beliebig weit entlang einer Diagonale und schlägt aus der Ferne. Schlagen Sie beide "
         "Steine mit der Dame.", ("a1:h8", "a1:g7"), rule="compulsory-capture", wrong="h2-g3"),
    # --- English draughts / checkers (8x8, short kings) -----------------------------------------
    Step("eng-move", "english", "english", "W:W22:B11", "First moves", "Erste Züge",
         "Men move one square diagonally forward. (Black moves first in a real game.) Move the man on 22.",
         "Steine ziehen ein Feld schräg vorwärts. (In einer echten Partie beginnt Schwarz.) Ziehen Sie den "
         "Stein auf 22.", ("22-17", "22-18"), wrong="22-26"),
    Step("eng-capture", "english", "english", "W:W22,30:B18,3", "Jumping is compulsory", "Schlagzwang",
         "If you can jump, you must: men jump forwards only, over an opposing piece to the free square behind. "
         "Jump the man on 18.",
         "Wer springen kann, muss springen: Steine springen nur vorwärts über einen gegnerischen Stein auf das "
         "freie Feld dahinter. Überspringen Sie den Stein auf 18.", ("22x15",), rule="compulsory-capture",
         wrong="30-26"),
    Step("eng-multi", "english", "english", "W:W27:B23,15,3", "Multiple jumps", "Mehrfachsprung",
         "A jump goes on while another jump is possible from the square you land on. Jump both men.",
         "Ein Sprung geht weiter, solange vom Landefeld ein weiterer Sprung möglich ist. Überspringen Sie "
         "beide Steine.", ("27x11",), rule="compulsory-capture", wrong="27-24"),
    Step("eng-crown", "english", "english", "W:W6:B28", "Crowning", "Dame werden",
         "A man reaching the far row is crowned and its move ends there. Crown your man.",
         "Ein Stein, der die Grundreihe erreicht, wird gekrönt, und sein Zug endet dort. Krönen Sie Ihren Stein.",
         ("6-1", "6-2"), wrong="6-10"),
    Step("eng-king", "english", "english", "W:WK14:B1", "Kings step both ways", "Damen ziehen in beide Richtungen",
         "A king moves one square diagonally, forwards or backwards (kings do not fly in English draughts). "
         "Move the king backwards.",
         "Eine Dame zieht ein Feld schräg, vorwärts oder rückwärts (im englischen Spiel fliegen Damen nicht). "
         "Ziehen Sie die Dame rückwärts.", ("14-17", "14-18"), wrong="14-23"),
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
