"""Shots beyond the horizon: the shot set is what it claims to be, and the forcing extensions
find shots a plain search of the same nominal depth misses, without blowing up the tree.

``bench/shot_bench.py`` prints the whole set's results; these tests pin the behaviour.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from draughts import Game
from draughts.engine import Searcher
from draughts.teach.puzzles import all_puzzles

DATA = Path(__file__).resolve().parent / "data" / "shots_search.json"
ENTRIES = json.loads(DATA.read_text(encoding="utf-8"))


def test_the_shot_set_is_large_spread_and_drawn_from_proven_puzzles() -> None:
    assert len(ENTRIES) >= 50
    assert len({e["variant"] for e in ENTRIES}) >= 10
    puzzles = {p.id: p for p in all_puzzles()}
    for entry in ENTRIES:
        puzzle = puzzles[entry["id"]]  # every position is a shipped, proven puzzle
        assert (puzzle.variant, puzzle.fen, puzzle.solution[0]) == (entry["variant"], entry["fen"], entry["best"])
        assert entry["line"].split()[0] == entry["best"] and entry["source"]
        game = Game(entry["variant"], fen=entry["fen"])
        assert not game.rules.losing_game
        for text in entry["line"].split():  # the whole line is legal
            game.push(game.parse_move(text))
        assert puzzle.sacrificed or "breakthrough" in puzzle.tags


def search_at_depth(entry: dict[str, str], depth: int, extensions: bool) -> tuple[str, int]:
    game = Game(entry["variant"], fen=entry["fen"])
    searcher = Searcher(game.rules, game.generator, tt_entries=1 << 12)
    searcher.forcing_extensions = extensions
    result = searcher.search(game, None, depth)
    assert result.move is not None
    move = next(m for m in game.legal_moves if m.raw[:3] == result.move[:3])
    return game.move_text(move), result.nodes


@pytest.mark.parametrize("puzzle_id", ["english-89", "breakthrough-11", "thai-14", "brazilian-2"])
def test_forcing_extensions_see_the_shot_a_plain_search_of_that_depth_misses(puzzle_id: str) -> None:
    entry = next(e for e in ENTRIES if e["id"] == puzzle_id)
    plain, _ = search_at_depth(entry, 2, extensions=False)
    extended, _ = search_at_depth(entry, 2, extensions=True)
    assert plain != entry["best"]
    assert extended == entry["best"]


def test_forcing_extensions_stay_bounded() -> None:
    # A middle game full of exchange offers: the extensions may add plies, but the tree of a
    # fixed-depth search must stay within twice its plain size.
    entry = {"variant": "international",
             "fen": "W:W22,32,33,34,35,36,37,38,39,40,41,42,43,45,46,47,48,49,50:"
                    "B1,2,3,4,5,6,7,8,9,10,11,13,14,15,18,19,21,23,25"}
    _, plain = search_at_depth(entry, 6, extensions=False)
    _, extended = search_at_depth(entry, 6, extensions=True)
    assert plain < extended < 2 * plain
