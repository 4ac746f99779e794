"""Every stored puzzle re-verified. By a material-only search (draughts.teach.puzzles.root_scores, which
no change to the engine's evaluation can unsettle): at the stored depth the solution's first move
is the only one that wins two men or more, each later move of the player's is the only one that
keeps the win, and following the line wins the pieces it promises. And by the engine itself
(draughts.engine at the same depth): it chooses the solution and sees no other winning move."""

from __future__ import annotations

import pytest

from draughts.text import render
from draughts.teach.puzzles import PUZZLES, Puzzle, by_id, check_move, engine_agrees, puzzles_for, root_scores, verify


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_stored_puzzle_is_sound(puzzle: Puzzle) -> None:
    assert verify(puzzle) == []


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_first_move_alone_wins(puzzle: Puzzle) -> None:
    game = puzzle.game()
    assert game.turn == puzzle.side
    scores = root_scores(game, puzzle.depth)
    best, score = scores[0]
    assert game.move_text(best) == puzzle.solution[0]
    assert all(score - other >= 2 for _move, other in scores[1:])
    assert not any(m.captures for m in game.legal_moves), "a puzzle starts from a quiet choice"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_the_engine_agrees(puzzle: Puzzle) -> None:
    # draughts.engine with its full evaluation, at the stored depth: it plays the solution, sees
    # no other move winning the game, and the position was not already won before the puzzle
    assert engine_agrees(puzzle) == []


def test_enough_puzzles_per_family() -> None:
    for variant in ("international", "russian", "english"):
        assert len(puzzles_for(variant)) >= 3, variant
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert all(render(p.hint, "en") and render(p.hint, "de") and p.source for p in PUZZLES)


def test_check_move_follows_the_line_and_refuses_other_tries() -> None:
    puzzle = puzzles_for("international")[0]
    game = puzzle.game()
    wrong = next(m for m in game.legal_moves if game.move_text(m) != puzzle.solution[0])
    verdict = check_move(puzzle, [], game.move_text(wrong))
    assert not verdict.correct and verdict.rule == "not-the-solution" and render(verdict.message, "de")
    played: list[str] = []
    for i in range(0, len(puzzle.solution), 2):
        verdict = check_move(puzzle, played, puzzle.solution[i])
        assert verdict.correct
        assert verdict.reply == (puzzle.solution[i + 1] if i + 1 < len(puzzle.solution) else None)
        played += [puzzle.solution[i]] + ([verdict.reply] if verdict.reply else [])
    assert verdict.solved


def test_an_illegal_try_is_refused_with_the_rules_reason() -> None:
    puzzle = puzzles_for("russian")[0]
    game = puzzle.game()
    # a square with no piece of the side to move: draughts.teach.explain.why_not says so
    empty = next(s.number for s in game.geometry.squares if game.piece_at(s.number) is None)
    verdict = check_move(puzzle, [], game.geometry.label(empty))
    assert not verdict.correct and "no piece" in verdict.text
    assert by_id(puzzle.id) is puzzle
