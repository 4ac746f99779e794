"""The puzzle requests: the learn page's list and tries, and the puzzle page's index and puzzles.

The puzzle page first asks for :func:`puzzle_index` (every puzzle's id, variant, themes and
difficulty: what it needs to choose one near the player's rating; and per variant what its
puzzles ask and the names of their themes, which differ where you win by losing), then for one puzzle at a
time with :func:`puzzle_get` (its position, line and hint), and judges each try with
:func:`puzzle_try`, which names the defender's answer to a wrong try and the engine's reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from draughts.teach import puzzles as problems

from .protocol import Method, NoParams, PuzzleList, Puzzles, PuzzleTry
from .session import Board


@dataclass(frozen=True)
class PuzzleGet:
    id: str


@dataclass(frozen=True)
class PuzzleIndex:
    puzzles: list[dict[str, object]]  # draughts.teach.puzzles.Puzzle.summary()
    variants: dict[str, dict[str, object]]  # per variant with puzzles: draughts.teach.puzzles.variant_guide()


def puzzles(board: Board, request: Puzzles) -> PuzzleList:
    chosen = problems.puzzles_for(request.variant) if request.variant else problems.all_puzzles()
    return PuzzleList([p.to_dict() for p in chosen])


def puzzle_index(board: Board, request: NoParams) -> PuzzleIndex:
    everything = problems.all_puzzles()
    variants = dict.fromkeys(p.variant for p in everything)
    return PuzzleIndex([p.summary() for p in everything], {v: problems.variant_guide(v) for v in variants})


def puzzle_get(board: Board, request: PuzzleGet) -> dict[str, object]:
    return problems.by_id(request.id).to_dict()


def puzzle_try(board: Board, request: PuzzleTry) -> dict[str, object]:
    verdict = problems.check_move(problems.by_id(request.id), request.played or [], request.text)
    return verdict.to_dict()


METHODS: dict[str, Method[Any]] = {
    "puzzles": Method(Puzzles, puzzles), "puzzle_try": Method(PuzzleTry, puzzle_try),
    "puzzle_index": Method(NoParams, puzzle_index), "puzzle_get": Method(PuzzleGet, puzzle_get),
}
