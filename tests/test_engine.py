"""The computer opponent: legal moves in time for every variant, tactics, levels, memory.

Timings use small budgets (0.02-0.05 s) so that many positions fit in the run. What is
checked is a property the search guarantees whatever else the machine runs: the processor
time the call uses stays within its budget plus 10%. The search stops on a wall-clock
deadline, and a thread cannot use more processor time than the wall time that passes, so
only the work after the deadline (the last few nodes, the principal variation, the Move)
can take it over; that is what the 10% bounds. No retries: one overrun fails.
"""

from __future__ import annotations

import random
import tracemalloc
import zlib

import pytest
from budget import within_budget
from random_play import random_playout

from draughts import Game
from draughts.engine import LEVELS, Searcher, analyse, choose_move, hint, new_game, think
from draughts.engine.evaluate import Evaluator, family_of
from draughts.engine.search import DEFAULT_TT_ENTRIES, MATE_BOUND
from draughts.rules import VARIANTS
from draughts.text import message, render


@pytest.fixture(autouse=True)
def fresh_hash_tables() -> None:
    """Each test searches with empty tables: the searchers are shared per rule set between
    calls (the page wants that), and a table warmed by another test's positions can change a
    depth-limited score, which made a fixed-depth assertion depend on the test order."""
    new_game()

VARIANT_KEYS = list(VARIANTS)


def random_positions(variant: str, count: int, seed: int) -> list[Game]:
    """Positions met in random playouts: openings, middle games, endings, forced captures."""
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        # a finished game has no move to search
        out += [game.copy() for game in random_playout(variant, rng, 40, 159) if game.outcome() is None]
    rng.shuffle(out)
    return out[:count]


def stable_seed(variant: str) -> int:
    """A seed of the variant's own that is the same in every run (``hash`` of a string is not),
    so a position a test reports can be found again."""
    return zlib.crc32(variant.encode()) & 0xFFFF


def max_captured(game: Game) -> int:
    return max((len(m.captures) for m in game.legal_moves), default=0)


@pytest.mark.parametrize("variant", VARIANT_KEYS)
def test_thousands_of_random_positions_get_a_legal_move(variant: str) -> None:
    """A shallow search (depth 2, no clock) on 1000 positions per variant: always legal."""
    games = random_positions(variant, 1000, seed=stable_seed(variant))
    singles = sum(1 for g in games if len(g.legal_moves) == 1)
    assert singles > 0, "the sample should hold positions with a single legal move"
    assert any(max_captured(g) for g in games), "the sample should hold forced captures"
    for g in games:
        result = think(g, None, depth=2)
        assert result.move is not None
        legal_raw = {m.raw[:3] for m in g.legal_moves}
        assert result.move[:3] in legal_raw, g.fen()


@pytest.mark.parametrize("variant", VARIANT_KEYS)
def test_moves_are_legal_and_in_time(variant: str) -> None:
    games = random_positions(variant, 70, seed=1 + stable_seed(variant))
    limits = (0.02, 0.03, 0.05)
    for i, g in enumerate(games):
        limit = limits[i % 3]
        level = 7 if i % 4 else 1 + i % 6
        move = within_budget(lambda: choose_move(g, level, time_limit=limit, seed=i), limit, g.fen())
        assert move in g.legal_moves, g.fen()


LONG_CAPTURES = [
    ("international", "W:W26,35,36,37,38,40,41,42,44,45,46,47,48,50:B1,2,3,4,6,8,10,11,12,13,14,24,27,33"),  # 6
    ("brazilian", "W:Wa3,h2,Ka5:Be7,g7,e5,g5,d2,f2"),  # 6 pieces
    ("canadian", "B:W36,43,44,45,46,47,48,54,56,57,59,60,63,64,65,66,67,69,70,71,72"
                 ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,17,19,21,24,26,27,29,34,35"),  # 8 pieces
    ("russian", "B:Wc7,b2,d2,f2,a1,e1,Kb8,Kf6:BKg1"),  # 5 pieces
    ("pool", "W:W24,26,28,29,31:B1,2,4,5,6,7,8,14,15,16,22,K32"),  # 6 pieces
    ("english", "B:W17,20,24,26,27,K18:B11,13,16,K30"),  # 3 pieces
    ("italian", "B:W18,19,24,25,26,28,K1:B2,4,8,9,10,11,K30"),  # 4 pieces
    ("spanish", "B:W5,20,26,27,28:B21,K2"),  # 5 pieces
    ("czech", "W:WKd8:Bf8,f6,b4,g3,d2,h2"),  # 4 pieces
    ("turkish", "B:Wb4,d4,f4,a3,b3,c3,d3,b2,d2,e2,f2,g2:Ba7,d7,e7,g7,h7,f6,Kg1"),  # 8 pieces
    ("frisian", "W:W26,31,32,33,35,37,41,42,43,45,46,49,50:B1,3,9,10,11,12,14,17,18,19,20,25"),  # 9 pieces
    ("antidraughts", "W:W26,35,36,37,38,40,41,42,44,45,46,47,48,50:B1,2,3,4,6,8,10,11,12,13,14,24,27,33"),
    ("schlagdame", "B:Wc7,b2,d2,f2,a1,e1,Kb8,Kf6:BKg1"),  # 5 pieces
]


@pytest.mark.parametrize("variant,fen", LONG_CAPTURES)
def test_long_forced_captures(variant: str, fen: str) -> None:
    g = Game(variant, fen=fen)
    assert max_captured(g) >= 3
    legal_raw = {m.raw[:3] for m in g.legal_moves}
    for limit in (0.02, 0.05):
        assert choose_move(g, 7, time_limit=limit) in g.legal_moves
        result = within_budget(lambda: think(g, limit), limit, fen)  # search even where the move is forced
        assert result.move is not None and result.move[:3] in legal_raw


# Shots found by a brute-force search (the only move that wins material within three plies
# and the captures after them) and confirmed by a deeper search.
SHOTS = [
    ("international", "W:W29,32,35,36,37,38,39,40,42,45,46,47,48,50:B1,2,5,6,7,8,10,11,13,14,15,20,21,27", "37-31"),
    ("international", "B:W23,33,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,20,24", "24-30"),
    ("english", "B:W15,18,21,23,25,26,28,29,30,32:B1,2,3,4,5,7,8,9,11,14", "9-13"),
    ("russian", "B:We5,a3,c3,e3,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,c7,e7,g7,h6,a5,c5", "c5-b4"),
    ("brazilian", "W:Wf4,g3,b2,f2,a1,c1,e1,g1:Bd8,f8,h8,e7,h6,b4,h4,a3", "e1-d2"),
    ("italian", "B:W17,19,24,25,27,28,29,31,32:B1,2,3,4,5,7,8,9,18", "9-13"),
    ("turkish", "W:Wc4,e4,a3,b3,c3,e3,f3,g3,h3,a2,c2,d2,e2,f2,g2,h2:Ba7,c7,d7,e7,f7,g7,h7,b6,c6,e6,f6,g6,a5,b5,d5,h5", "c4-c5"),
    ("frisian", "W:W31,35,36,38,39,40,41,42,43,44,45,46,48,50:B1,3,4,5,6,8,10,11,12,14,15,16,18,28", "38-33"),
]


@pytest.mark.parametrize("variant,fen,best", SHOTS)
def test_finds_the_shot(variant: str, fen: str, best: str) -> None:
    # Depth-limited (with a generous clock) so that a busy machine does not change the answer.
    g = Game(variant, fen=fen)
    a = analyse(g, 60.0, depth=8)
    assert a.pv[0] == best
    hinted, reason = hint(g, 60.0, depth=8)
    assert g.move_text(hinted) == best
    assert render(reason).startswith("wins"), reason


def test_hint_reasons() -> None:
    g = Game("international", fen="W:W28:B23,1")  # 28x19 is forced
    move, reason = hint(g)
    assert render(reason) == "only move: captures a piece"
    g = Game("international", fen="W:W6,47:B40,5")  # 6-1 crowns
    move, reason = hint(g, 30.0, depth=6)
    assert g.move_text(move) == "6-1" and render(reason) in ("crowns a king", "wins the game", "forces a promotion")


def test_analysis_reports_score_pv_depth_nodes() -> None:
    g = Game("international", fen=SHOTS[0][1])
    a = analyse(g, 60.0, depth=8)
    assert a.depth >= 3 and a.nodes > 100 and a.score >= 0.5
    assert a.pv[0] == "37-31"
    replay = g.copy()
    for text in a.pv:  # the principal variation is a legal line
        replay.push_text(text)


def test_losing_games_invert_the_goal() -> None:
    for key in ("antidraughts", "schlagdame"):
        g = Game(key)
        assert family_of(g.rules) == "losing"
        ev = Evaluator(g.rules, g.generator)
        wm, wk, bm, bk = g.pieces
        low = wm & -wm
        # White to move with one man fewer is better off in a losing game.
        assert ev.evaluate(wm ^ low, wk, bm, bk, 0) > ev.evaluate(wm, wk, bm, bk, 0)
    g = Game("international")
    ev = Evaluator(g.rules, g.generator)
    wm, wk, bm, bk = g.pieces
    low = wm & -wm
    assert ev.evaluate(wm ^ low, wk, bm, bk, 0) < ev.evaluate(wm, wk, bm, bk, 0)
    # Antidraughts: 32-28 gives the last man away (23x32 is forced) and so wins.
    g = Game("antidraughts", fen="W:W32:B23,1")
    a = analyse(g, 30.0, depth=6)
    assert a.pv[0] == "32-28" and a.win_in is not None and a.win_in > 0


def test_families_come_from_the_rule_flags() -> None:
    families = {k: family_of(r) for k, r in VARIANTS.items()}
    assert families["international"] == families["russian"] == families["canadian"] == "flying"
    assert families["english"] == families["italian"] == "short"
    assert families["turkish"] == "turkish" and families["frisian"] == "frisian"
    assert families["antidraughts"] == families["schlagdame"] == "losing"


def test_repetition_counts_as_a_draw_in_the_tree() -> None:
    # Three kings, so that winning the man leaves an ending the evaluation does not know as
    # drawn (two kings against one is one: draughts/engine/endgames.py).
    g = Game("international", fen="W:WK46,K50,K49:B5,K3")
    for text in ("46-41", "3-9", "41-46", "9-3"):  # back where it started: seen twice
        g.push_text(text)
    s = Searcher(g.rules, g.generator, tt_entries=4096)
    result = s.search(g, None, 4, exact_root=True)
    scores = {g.move_text(m): sc for m, sc in ((next(x for x in g.legal_moves if x.raw[:3] == r[:3]), sc)
                                               for r, sc in result.root_scores)}
    assert scores["46-41"] == 0  # the position after it has been seen already
    assert max(scores.values()) > 0


def test_levels_are_named_and_ordered() -> None:
    assert len(LEVELS) >= 6
    assert [lv.number for lv in LEVELS] == list(range(1, len(LEVELS) + 1))
    assert LEVELS[0].name == "First game" and LEVELS[-1].name == "Strongest"
    assert all(a.seconds <= b.seconds and a.depth <= b.depth for a, b in zip(LEVELS, LEVELS[1:]))
    # Human-like mistakes: misjudged positions (noise), never a move picked at random, which
    # could leave a piece to a one-move capture.
    assert all(lv.random_move == 0 for lv in LEVELS) and LEVELS[0].noise > 0 and LEVELS[-1].noise == 0
    assert LEVELS[0].depth == 1  # sees captures to their end (quiescence), not two-move shots
    # Levels 4-7 are node budgets (the same strength in the browser), growing level by level;
    # the strongest is a time budget.
    budgets = [lv.nodes for lv in LEVELS if lv.nodes is not None]
    assert len(budgets) == 4 and budgets == sorted(set(budgets)) and LEVELS[-1].nodes is None


def test_levels_are_described_in_the_catalogue() -> None:
    for lv in LEVELS:
        assert lv.name == render(lv.title) and render(lv.title, "de") not in ("", lv.name, lv.title.id)
        english, german = render(lv.about), render(lv.about, "de")
        assert english and german and english != german
        if lv.nodes is not None:  # the budget is said as the level has it, in each language's way
            assert f"{lv.nodes:,} positions" in english
            assert f"{lv.nodes:,} Stellungen".replace(",", ".") in german


def test_level_one_never_leaves_a_piece_to_a_one_move_capture() -> None:
    # Several moves here give a man away at once (22 or 18 takes it); level 1 sees captures to
    # their end, so at no seed does it pick one of those.
    g = Game(fen="W:W31,32,33,36,38:B22,18,12,13")
    s = Searcher(g.rules, g.generator, tt_entries=4096)
    scores = {m[:3]: sc for m, sc in s.search(g, None, 1, exact_root=True).root_scores}
    best = max(scores.values())
    assert any(sc <= best - 80 for sc in scores.values())  # there are pieces to give away
    for seed in range(30):
        assert scores[choose_move(g, 1, seed=seed).raw[:3]] > best - 80, seed


def test_level_one_is_fallible_and_the_top_level_is_not() -> None:
    variant, fen, best = SHOTS[0]
    g = Game(variant, fen=fen)
    picks = {g.move_text(choose_move(g, 1, seed=seed)) for seed in range(40)}
    assert len(picks) > 3  # misses the shot, plays other things
    assert analyse(g, 60.0, depth=8).pv[0] == best


def test_transposition_table_has_a_fixed_size() -> None:
    g = Game("international")
    s = Searcher(g.rules, g.generator, tt_entries=5000)
    assert len(s.tt) == 4096  # rounded down to a power of two
    s.search(g, 0.3)
    assert len(s.tt) == 4096 and sum(e is not None for e in s.tt) > 100


def test_default_table_fits_the_browser_budget() -> None:
    """Fill every slot of the default table (and the leaf cache) with worst-case entries."""
    g = Game("canadian")  # the widest board: the largest move ids
    rng = random.Random(3)
    tracemalloc.start()
    s = Searcher(g.rules, g.generator)
    big_capture = (1 << 160) | (1 << 100)
    for i in range(s.tt_size):
        s.tt[i] = (rng.getrandbits(64), 20, 1, 1000 + i, (big_capture << 16) | i)
    for i in range(s.eval_cache_entries):  # the leaf-score cache at its cap too
        s.eval_keys[i], s.eval_values[i] = rng.getrandbits(64), 1000 + i
    current, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert s.tt_size == DEFAULT_TT_ENTRIES
    assert current <= 32 * 1024 * 1024, f"{current / 2**20:.1f} MB"


def test_every_variant_scores_a_won_ending() -> None:
    # A side with no move loses (wins in the losing games): the score says so.
    g = Game("international", fen="B:W28,K50:B23")  # Black must take and is then lost? just sanity
    a = analyse(g, 0.2)
    assert a.best is not None
    for key in VARIANT_KEYS:
        game = Game(key)
        res = think(game, 0.05)
        assert abs(res.score) < MATE_BOUND


@pytest.mark.parametrize("variant", ["international", "english", "frisian"])
def test_house_rule_without_forced_capture(variant: str) -> None:
    rng = random.Random(5)
    for _game in range(2):
        g = Game(variant, forced_capture=False)
        for _ply in range(50):
            if g.outcome() is not None:
                break
            move = choose_move(g, 7, time_limit=0.02, seed=rng.randrange(1000))
            assert move in g.legal_moves
            g.push(move if rng.random() < 0.5 else rng.choice(list(g.legal_moves)))
