"""Every tutorial step: its moves are legal and complete it; its typical wrong try is refused
with the reason draughts.teach.explain gives (or, for a legal move, the step's own hint)."""

from __future__ import annotations

import pytest

from draughts.teach.explain import explain
from draughts.text import render
from draughts.teach.tutorial import FAMILIES, STEPS, Step, by_id, check, completed_by, steps_for


@pytest.mark.parametrize("step", STEPS, ids=[s.id for s in STEPS])
def test_goal_moves_are_legal_and_complete_the_step(step: Step) -> None:
    game = step.game()
    legal = {game.move_text(m) for m in game.legal_moves}
    for goal in step.goals:
        assert goal in legal, f"{step.id}: {goal} is not legal ({sorted(legal)})"
        assert check(step, goal).completed
        played = step.game()
        played.push_text(goal)
        assert completed_by(step, played)


@pytest.mark.parametrize("step", STEPS, ids=[s.id for s in STEPS])
def test_the_rule_a_step_teaches_is_in_play(step: Step) -> None:
    if step.rule:
        assert step.rule in [r.rule for r in explain(step.game())]


@pytest.mark.parametrize("step", [s for s in STEPS if s.wrong], ids=[s.id for s in STEPS if s.wrong])
def test_a_wrong_try_is_refused_with_a_reason(step: Step) -> None:
    result = check(step, step.wrong)
    assert not result.completed
    assert result.text and render(result.message, "de")
    game = step.game()
    if step.rule in ("compulsory-capture", "majority"):
        # the refusal names the rule that forbids the try, with its source
        assert result.rule in ("compulsory-capture", "majority") and result.source
    assert step.wrong not in {game.move_text(m) for m in game.legal_moves} or result.rule == "not-the-lesson"


def test_majority_refusal_names_the_count() -> None:
    result = check(by_id("int-majority"), "34x25")
    assert result.rule == "majority" and "(2)" in result.text


def test_a_legal_move_that_is_not_the_lesson() -> None:
    result = check(by_id("rus-choice"), "a3:e7")
    assert not result.completed and result.rule == "not-the-lesson"


def test_each_family_covers_moves_captures_and_kings() -> None:
    for family in FAMILIES:
        steps = steps_for(family)
        assert len(steps) >= 4
        assert any("compulsory-capture" == s.rule for s in steps)
        assert any(s.game().parse_move(s.goals[0]).promotes or "K" in s.fen for s in steps)
    assert steps_for("brazilian") == steps_for("international")
    assert steps_for("pool") == steps_for("russian")
    assert steps_for("checkers") == steps_for("english")
