"""The review of a whole game: marks by the evaluation drop, a summary per side, and the
review written into PDN as NAGs, [%eval] comments and the better line as a variation."""

from __future__ import annotations

import pytest

from draughts import Game
from draughts.notation.pdn import read_game
from draughts.record import game_from_pdn, pdn_from_game
from draughts.teach.review import (
    BLUNDER, INACCURACY, MISTAKE, Reviewer, annotate, eval_comment, mark_for, review_game,
)

# White's 39-33 (move 7) walks into 17x30, a shot that wins two men more: a known blunder.
# (36-31 two moves before gives away a man, a plain mistake.)
KNOWN_GAME = ("32-28 19-23 28x19 14x23 37-32 17-21 31-27 21-26 36-31 26x28 33x22 12-17 "
              "39-33 17x30 35x24 20x29").split()
BLUNDER_PLY = 13


def known_game() -> Game:
    game = Game("international")
    for text in KNOWN_GAME:
        game.push_text(text)
    return game


@pytest.fixture(scope="module")
def review():  # type: ignore[no-untyped-def]
    return review_game(known_game())


def test_the_known_blunder_is_marked(review) -> None:  # type: ignore[no-untyped-def]
    blunder = review.moves[BLUNDER_PLY - 1]
    assert blunder.played == "39-33" and blunder.mark == "??"
    assert blunder.loss >= BLUNDER
    assert blunder.best is not None and blunder.best != "39-33"
    assert blunder.after < -2.5  # White is lost after it, in White's view
    # the opening moves are not marked, and the forced recaptures never are
    assert all(m.mark is None for m in review.moves[:8])
    assert review.moves[9].mark is None and review.moves[13].mark is None


def test_summary_per_side(review) -> None:  # type: ignore[no-untyped-def]
    white, black = review.summary["white"], review.summary["black"]
    assert white.moves == black.moves == 8
    assert white.blunders == 1 and black.blunders == 0
    assert white.mistakes + white.blunders + white.inaccuracies >= 2  # 36-31 too
    assert white.average_loss > black.average_loss
    assert white.average_loss == pytest.approx(sum(m.loss for m in review.moves if m.mover.value == "white") / 8,
                                               abs=0.01)


def test_marks_by_thresholds() -> None:
    assert mark_for(INACCURACY - 0.01) is None
    assert mark_for(INACCURACY) == "?!"
    assert mark_for(MISTAKE) == "?"
    assert mark_for(BLUNDER) == "??"
    assert INACCURACY < MISTAKE < BLUNDER


def test_review_goes_into_pdn_and_reads_back(review) -> None:  # type: ignore[no-untyped-def]
    game = known_game()
    record = annotate(pdn_from_game(game), review)
    text = record.to_pdn()
    assert "39-33 $4" in text
    assert "[%eval" in text
    again = read_game(text)
    blunder = again.main_line.moves[BLUNDER_PLY - 1]
    assert blunder.nags == ["$4"]
    assert blunder.comments[-1] == eval_comment(review.moves[BLUNDER_PLY - 1].after, None)
    # the better move is a variation, and the record still plays as the same game
    assert blunder.variations and blunder.variations[0].moves[0].text == review.moves[BLUNDER_PLY - 1].best
    assert game_from_pdn(again).move_stack == game.move_stack
    # annotating again replaces the earlier review's comments instead of adding more
    twice = annotate(again, review).main_line.moves[BLUNDER_PLY - 1]
    assert [c for c in twice.comments if c.startswith("[%eval")] == [blunder.comments[-1]]
    assert twice.nags == ["$4"]


def test_reviewer_steps_one_position_at_a_time() -> None:
    reviewer = Reviewer(known_game(), nodes=500)
    assert reviewer.total == len(KNOWN_GAME) + 1
    steps = 0
    finished = False
    while not finished:
        finished = reviewer.step()
        steps += 1
        # a move needs the positions on both sides; then come the marked moves' reasons
        assert len(reviewer.result().moves) == min(steps, reviewer.positions) - 1
        assert reviewer.done <= reviewer.total
    assert reviewer.finished and len(reviewer.result().moves) == len(KNOWN_GAME)
    explained = [m for m in reviewer.result().moves if m.why is not None]
    assert steps == reviewer.positions + len(explained) == reviewer.total == reviewer.done
    with pytest.raises(ValueError):
        Reviewer(known_game(), nodes=0)


def test_eval_comment_forms() -> None:
    assert eval_comment(0.354, None) == "[%eval 0.35]"
    assert eval_comment(-1000.0, -7) == "[%eval #-7]"


def test_the_marked_moves_get_their_reason_in_words(review) -> None:  # type: ignore[no-untyped-def]
    from draughts.text import render
    blunder = review.moves[BLUNDER_PLY - 1]
    assert blunder.why is not None and blunder.why_kind == "shot"
    assert render(blunder.why).startswith("39-33 allows 17x30")  # the shot it walked into
    assert render(blunder.why, "de").startswith("39-33 erlaubt 17x30")
    # only "?" and "??" moves are put in words; unmarked moves have no reason
    assert all((m.why is not None) == (m.mark in ("?", "??")) for m in review.moves)
