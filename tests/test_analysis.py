"""Analysis in slices: lines, scores from White's view, deepening across slices, exclusion."""

from __future__ import annotations

import pytest

from draughts import Game
from draughts.engine.analysis import MAX_LINES, WON, Analyser, score_of
from draughts.engine.search import MATE, move_id
from draughts.engine import searcher_for
from draughts.position import Colour


def test_three_distinct_lines_best_first() -> None:
    report = Analyser(Game("international"), lines=3).run(nodes=20_000)
    assert len(report.lines) == 3
    firsts = [line.moves[0] for line in report.lines]
    assert len(set(firsts)) == 3
    assert all(line.depth >= 2 for line in report.lines)
    # the best line is not worse than the others (White to move: higher is better)
    assert report.lines[0].score >= max(line.score for line in report.lines[1:]) - 0.3
    assert report.nodes > 0 and report.nps > 0


def test_slices_deepen_and_lines_are_long() -> None:
    analyser = Analyser(Game("international"))
    first = analyser.run(nodes=3_000)
    later = first
    for _ in range(4):
        later = analyser.run(nodes=30_000)
    assert later.depth > first.depth
    assert later.nodes > first.nodes
    assert len(later.lines[0].moves) >= 5  # the best line, 5 plies or more
    game = Game("international")
    for text in later.lines[0].moves:  # a legal line in the variant's notation
        game.push_text(text)


def test_score_is_from_whites_view() -> None:
    # The start with White's man on 31 missing: Black is a man up whoever is to move.
    for turn in "BW":
        report = Analyser(Game("international", fen=f"{turn}:W32-50:B1-20")).run(nodes=20_000)
        assert report.score < -0.5, turn
    assert Analyser(Game("international", fen="B:W31-50:B1-19")).run(nodes=20_000).score > 0.5


def test_a_forced_win_is_counted_in_plies() -> None:
    # White takes Black's last piece: a win in one ply, for White.
    report = Analyser(Game("international", fen="W:W28:B23")).run(nodes=5_000)
    assert report.lines[0].moves[0] == "28x19"
    assert report.score == WON and report.lines[0].win_in == 1
    assert report.done
    assert score_of(MATE - 3, Colour.BLACK) == (-WON, -3)


def test_a_finished_game_has_no_lines() -> None:
    # Black to move without a piece: White has won.
    report = Analyser(Game("international", fen="B:W28:B")).run(seconds=0.05)
    assert report.lines == [] and report.done and report.score == WON


def test_excluded_root_moves_are_not_searched() -> None:
    game = Game("international")
    searcher = searcher_for(game)
    full = searcher.search(game, None, 3)
    assert full.move is not None
    key = searcher.keys.key_of(game.position.pieces, game.turn.index)
    root_entry = searcher.tt[key & searcher.tt_mask]
    other = searcher.search(game, None, 3, exclude={move_id(full.move)})
    assert other.move is not None and move_id(other.move) != move_id(full.move)
    every = {move_id(m.raw) for m in game.legal_moves}
    assert searcher.search(game, None, 3, exclude=every).move is None
    # the excluded searches left the position's own hash entry alone
    assert searcher.tt[key & searcher.tt_mask] == root_entry


def test_node_limit_is_restored_and_budgets_checked() -> None:
    game = Game("english")
    searcher = searcher_for(game)
    before = searcher.max_nodes
    Analyser(game).run(nodes=1_000)
    assert searcher.max_nodes == before
    with pytest.raises(ValueError):
        Analyser(game, lines=MAX_LINES + 1)
    with pytest.raises(ValueError):
        Analyser(game).run()
