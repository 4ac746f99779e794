"""The shipped puzzles: every one replayed (legal line, the gain it promises, the themes it
claims), a sample proven unique again by the material search (draughts.teach.puzzle_search, which
no change to the engine's evaluation can unsettle) and by the engine itself; the page's
questions (a try judged, a wrong try refuted); and the mining pipeline's bookkeeping."""

from __future__ import annotations

import gzip
import importlib.util
import json
import random
import re
import sys
import time
from pathlib import Path

import pytest

from draughts import Game
from draughts.rules import VARIANTS
from draughts.teach import puzzle_search as ps
from draughts.teach import puzzles as puzzles_module
from draughts.teach.puzzles import (DATA_FILE, THEME_NAMES, THEMES, Puzzle, UnknownPuzzleError, all_puzzles, by_id,
                                    check_move, puzzles_for, variant_guide)
from draughts.text import message, render

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "puzzles"))
import mine  # noqa: E402

PUZZLES = all_puzzles()
SAMPLE_SEED = 16
SAMPLE_SIZE = 6  # proven again at their stored depth: seconds each (Pyodide runs these too)
QUICK_PROOF = 1100  # the sample comes from the easier half: the difficulty measures the search a proof needs


def sample() -> list[Puzzle]:
    """One puzzle of each of the four main variants and of four others, drawn with a fixed seed
    so that a failure can be repeated."""
    rng = random.Random(SAMPLE_SEED)
    quick = [p for p in PUZZLES if p.difficulty <= QUICK_PROOF]
    per_variant = {p.variant: p for p in rng.sample(quick, len(quick))}
    main = [v for v in ("international", "russian", "brazilian", "english") if v in per_variant]
    others = sorted(set(per_variant) - set(main))
    chosen = main + rng.sample(others, min(len(others), SAMPLE_SIZE - len(main)))
    return [per_variant[v] for v in chosen]


def test_the_file_is_small_and_read_only_when_asked() -> None:
    assert DATA_FILE.stat().st_size <= 400 * 1024
    # a fresh copy of the module (the imported one stays as it is): importing it reads nothing
    spec = importlib.util.spec_from_file_location("draughts.teach.puzzles", puzzles_module.__file__)
    assert spec is not None and spec.loader is not None
    fresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fresh)
    assert fresh.all_puzzles.cache_info().currsize == 0
    assert fresh.puzzles_for("english") and fresh.all_puzzles.cache_info().currsize == 1


def test_every_variant_has_its_target_of_puzzles() -> None:
    # the learn page and the puzzle page offer every variant's puzzles, with no empty state
    counts = {v: sum(p.variant == v for p in PUZZLES) for v in VARIANTS}
    assert {v: n for v, n in counts.items() if n < mine.target(v)} == {}


def test_ids_are_unique_and_every_puzzle_is_described() -> None:
    assert len({p.id for p in PUZZLES}) == len(PUZZLES) > 20
    for p in PUZZLES:
        assert p.variant in VARIANTS and len(p.solution) >= 3 and p.solution, p.id
        assert 600 <= p.difficulty <= 2400, p.id
        assert set(p.themes) <= set(THEMES), p.id
        assert p.origin.get("seed") is None or {"game", "ply", "blunder", "by"} <= set(p.origin), p.id


@pytest.mark.parametrize("variant", sorted({p.variant for p in PUZZLES}))
def test_every_puzzle_replays_to_its_gain(variant: str) -> None:
    # the line is legal, it ends where the promised material is won, and the themes are its own
    for p in puzzles_for(variant):
        start = Game(p.variant, fen=p.fen)
        assert not any(m.captures for m in start.legal_moves), f"{p.id}: a puzzle starts from a quiet choice"
        end, _moves = ps.replay(p.fen, p.variant, p.solution)
        assert ps.gain_problems(end, start.turn, ps.material_balance(start), p.gain) == [], p.id
        assert p.gain >= ps.win_margin(start), p.id
        themes = ps.themes(p.variant, p.fen, p.solution)
        assert (themes.sacrificed, themes.taken, themes.tags) == (p.sacrificed, p.taken, p.tags), p.id


@pytest.mark.parametrize("puzzle", sample(), ids=lambda p: p.id)
def test_a_sample_is_proven_unique_again(puzzle: Puzzle) -> None:
    started = time.process_time()
    assert ps.verify(puzzle.variant, puzzle.fen, puzzle.solution, puzzle.depth, puzzle.gain) == []
    first = Game(puzzle.variant, fen=puzzle.fen).parse_move(puzzle.solution[0])
    scores = ps.root_scores(Game(puzzle.variant, fen=puzzle.fen), puzzle.depth)
    assert scores[0][0] == first and all(scores[0][1] - s >= 1 for _m, s in scores[1:])
    assert ps.engine_agrees(puzzle.variant, puzzle.fen, puzzle.solution[0], puzzle.depth - 2) == []
    assert time.process_time() - started < 120


def test_verify_finds_a_broken_puzzle() -> None:
    p = puzzles_for("english")[0]
    game = p.game()
    other = next(game.move_text(m) for m in game.legal_moves if game.move_text(m) != p.solution[0])
    assert ps.verify(p.variant, p.fen, (other, *p.solution[1:]), p.depth, p.gain)
    assert ps.verify(p.variant, p.fen, p.solution, p.depth, p.gain + 5)  # promises more than it wins


def test_the_finder_finds_a_known_puzzle_and_its_themes() -> None:
    game = Game("english", fen="B:W5,19,20,23,25,26,27,29,30,32:B1,2,4,6,8,11,12,13")
    entry = mine.candidate(game, 7)
    assert entry is not None and entry["solution"][:3] == ["11-16", "20x11", "8x31"]
    assert entry["themes"] == ["promotion"] and (entry["sacrificed"], entry["taken"]) == (1, 3) and entry["depth"] == 9
    # a crowning elsewhere also wins a king's worth: no longer a position with one winning move
    assert mine.candidate(Game("english", fen="W:W6,13,14,23,24:B8,11,12,16"), 5) is None


def test_check_move_follows_the_line_and_refuses_other_tries() -> None:
    puzzle = puzzles_for("international")[0]
    played: list[str] = []
    for i in range(0, len(puzzle.solution), 2):
        verdict = check_move(puzzle, played, puzzle.solution[i])
        assert verdict.correct
        assert verdict.reply == (puzzle.solution[i + 1] if i + 1 < len(puzzle.solution) else None)
        played += [puzzle.solution[i]] + ([verdict.reply] if verdict.reply else [])
    assert verdict.solved


def test_a_wrong_try_is_refuted_by_the_defenders_answer() -> None:
    puzzle = puzzles_for("english")[0]
    game = puzzle.game()
    wrong = next(m for m in game.legal_moves if game.move_text(m) != puzzle.solution[0])
    verdict = check_move(puzzle, [], game.move_text(wrong))
    assert not verdict.correct and verdict.rule == "not-the-solution"
    after = game.copy()
    after.push(wrong)
    assert verdict.refutation in {after.move_text(m) for m in after.legal_moves}
    assert verdict.why is not None and render(verdict.why, "de") != render(verdict.why, "en")
    assert verdict.refutation in render(verdict.message, "de") and game.move_text(wrong) in verdict.text


def test_an_illegal_try_is_refused_with_the_rules_reason() -> None:
    puzzle = puzzles_for("russian")[0]
    game = puzzle.game()
    empty = next(s.number for s in game.geometry.squares if game.piece_at(s.number) is None)
    verdict = check_move(puzzle, [], game.geometry.label(empty))
    assert not verdict.correct and "no piece" in verdict.text
    assert by_id(puzzle.id) is puzzle
    with pytest.raises(UnknownPuzzleError):
        by_id("no-such-puzzle")


def test_hints_and_verdicts_render_in_every_language() -> None:
    for p in PUZZLES[:40]:
        assert render(p.hint, "en") and render(p.hint, "de") != render(p.hint, "en") and p.source


def solved_verdict(puzzle: Puzzle):
    played: list[str] = []
    for i in range(0, len(puzzle.solution), 2):
        verdict = check_move(puzzle, played, puzzle.solution[i])
        played += [puzzle.solution[i]] + ([verdict.reply] if verdict.reply else [])
    assert verdict.solved
    return verdict


@pytest.mark.parametrize("variant", ["antidraughts", "schlagdame"])
def test_a_losing_games_puzzle_asks_to_give_pieces_away(variant: str) -> None:
    # there a shot makes the opponent take: no "win material", no "sacrifice", no king as a gain
    losing = puzzles_for(variant)
    assert losing and all(p.losing for p in losing)
    p = next(q for q in losing if not q.wins_game)
    opponent = "Black" if p.side == "white" else "White"
    pieces = "one piece" if p.gain == 1 else f"{p.gain} pieces"
    assert render(p.task) == (f"{p.side.capitalize()} to play and win by giving away {pieces} more than {opponent}"
                              " (here, losing your pieces wins)")
    assert "indem es" in render(p.task, "de") and "Steine verliert" in render(p.task, "de")
    for text in (render(p.hint), render(solved_verdict(p).message)):
        assert "down" in text and "wins" in text and " men" not in text and "sacrifice" not in text.lower()
    assert "weniger" in render(p.hint, "de") and "weniger" in render(solved_verdict(p).message, "de")
    assert all("breakthrough" not in q.themes for q in losing)
    names = {render(n) for q in losing for n in q.theme_names}
    assert "Gives pieces away" in names and "Sacrifice" not in names
    guide = variant_guide(variant)
    assert guide["intro"] == {"id": "pz_intro_losing", "params": {}}
    themes = {t["key"]: render(message(t["name"]["id"]), "de") for t in guide["themes"]}  # type: ignore[index, union-attr]
    assert themes["sacrifice"] == "Gibt Steine ab" and set(themes) == {t for q in losing for t in q.themes}


def test_a_line_that_wins_the_game_says_so_not_a_count_of_pieces() -> None:
    # the material search scores a won game about 500: no "500 men" in any sentence
    for p in PUZZLES:
        texts = [render(p.task, lang) for lang in ("en", "de")] + [render(p.hint, lang) for lang in ("en", "de")]
        if p.wins_game:
            texts += [render(solved_verdict(p).message, lang) for lang in ("en", "de")]
            assert "the game" in render(p.hint) or "without pieces or moves" in render(p.hint), p.id
        assert not any(re.search(r"\b\d{3} ", text) for text in texts), (p.id, texts)
    game_won = next(p for p in puzzles_for("antidraughts") if p.wins_game)
    assert "without pieces or moves" in render(game_won.task) and "keine Steine oder Züge" in render(game_won.task, "de")
    assert render(solved_verdict(game_won).message) == "Solved: the line wins the game."


def test_an_ordinary_puzzle_keeps_its_wording_with_the_right_number() -> None:
    p = next(q for q in puzzles_for("english") if q.gain == 1)
    assert render(p.task) == f"{p.side.capitalize()} to play and win"
    assert render(solved_verdict(p).message) == "Solved: the line wins a man."
    assert render(solved_verdict(p).message, "de") == "Gelöst: die Abfolge gewinnt einen Stein."
    assert [render(n) for n in p.theme_names] == [render(message(THEME_NAMES[t])) for t in p.themes]
    assert variant_guide("english")["intro"] == {"id": "pz_intro", "params": {}}


# --- the pipeline's bookkeeping -------------------------------------------------------------------

def unit(variant: str, game: int, *solutions: list[str]) -> dict[str, object]:
    return {"variant": variant, "game": game, "cpu": 1.0, "puzzles": [
        {"variant": variant, "fen": f"W:W{game}{i}:B1", "solution": s} for i, s in enumerate(solutions)]}


def test_export_drops_near_duplicates_and_keeps_game_order(tmp_path: Path) -> None:
    units = [unit("english", 2, ["a", "b", "c", "d"]), unit("english", 1, ["x", "b", "c", "d"], ["e", "f", "g"])]
    kept = mine.distinct(units)["english"]
    assert [e["solution"] for e in kept] == [["x", "b", "c", "d"], ["e", "f", "g"]]  # game 1 first; same ending once
    out = tmp_path / "p.json.gz"
    mine.write_data([], out)
    assert mine.export(units, out) == {"english": 2}
    assert [e["id"] for e in json.loads(gzip.decompress(out.read_bytes()))] == ["english-1", "english-2"]


def test_the_work_file_resumes(tmp_path: Path) -> None:
    work = tmp_path / "w.jsonl"
    work.write_text(json.dumps(unit("english", 0, ["a", "b", "c"])) + "\n")
    assert [(u["variant"], u["game"]) for u in mine.read_work(work)] == [("english", 0)]


# --- Turkish: the widest trees ------------------------------------------------------------------

TURKISH = "W:Wc7,b3,c3,d3,f3,g3,h3,a2,c2,g2,h2:Ba7,b7,d7,e7,f7,g7,h7,b6,d6,f6,g6,h6,a5"  # from seed 1, game 0


def test_turkish_is_found_at_five_plies_the_other_8x8_games_at_seven() -> None:
    # Turkish men step three ways: two plies more cost thirty times the nodes there
    assert mine.find_depth("turkish") == 5
    assert mine.find_depth("english") == mine.find_depth("russian") == 7 and mine.find_depth("international") == 5


def test_a_node_budget_bounds_a_proof_the_same_way_every_time() -> None:
    game = Game("turkish", fen=TURKISH)
    for _ in range(2):  # the same search stops at the same node: no clock in it
        budget = ps.NodeBudget(100)
        with pytest.raises(ps.OutOfNodes):
            ps.first_move_wins(game, 3, budget=budget)
        assert budget.left == -1
    counter = [0]
    found = ps.first_move_wins(game, 3, counter, budget=ps.NodeBudget(10**6))
    assert found == ps.first_move_wins(game, 3) and counter[0] > 100  # a budget large enough changes nothing
    # the miner drops a Turkish candidate whose proof would go past the budget
    with pytest.raises(ps.OutOfNodes):
        mine.proven(game, 5, ps.NodeBudget(100))
    saved = mine.NODE_BUDGET["turkish"]
    mine.NODE_BUDGET["turkish"] = 100
    try:
        assert mine.candidate(game, 5) is None
    finally:
        mine.NODE_BUDGET["turkish"] = saved
    assert "english" not in mine.NODE_BUDGET and "international" not in mine.NODE_BUDGET
