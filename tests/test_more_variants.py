"""Killer, Breakthrough and Thai: published perft, the move rules each adds, the end of a
Breakthrough game, and the Hub names Scan gives them.

Sources (docs/rules/RULES.md "More rule sets", docs/rules/perft-start-more.json):
Killer -- mindsports.nl "Killer Draughts" rules, dctl killer.hpp (is_halt_behind_king);
Thai -- dctl thai.hpp (is_land_behind_piece, is_passing_capture, no backward man jump, no
precedence); Breakthrough -- Scan's "bt" variant (the first king wins).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from draughts import Game
from draughts.engine.hub import SCAN_VARIANT_NAMES, HubEngine
from draughts.engine.search import MATE_BOUND, Searcher
from draughts.outcome import Termination
from draughts.perft import perft

ROOT = Path(__file__).resolve().parent.parent
MORE = json.loads((ROOT / "docs" / "rules" / "perft-start-more.json").read_text())["variants"]
SEEDS = json.loads((ROOT / "docs" / "rules" / "perft-start.json").read_text())["variants"]
DEPTH = {"killer": 7, "thai": 9}  # Thai's counts first differ from English checkers' at 9 plies


@pytest.mark.parametrize("variant,depth", [(v, d) for v, top in DEPTH.items() for d in range(1, top + 1)])
def test_published_perft(variant: str, depth: int) -> None:
    entry = MORE[variant]
    assert Game(variant, fen=entry["fen"]).perft(depth) == entry["unique"][str(depth)]


def test_breakthrough_moves_as_international() -> None:
    # Scan's bt changes only the end of the game; no crowning is possible in 6 plies.
    published = SEEDS["international"]["unique"]
    assert [Game("breakthrough").perft(d) for d in range(1, 7)] == [published[str(d)] for d in range(1, 7)]


def _captures(game: Game) -> set[tuple[str, frozenset[str]]]:
    return {(game.move_text(m), frozenset(game.geometry.label(n) for n in m.captures)) for m in game.legal_moves}


# --- Killer ---------------------------------------------------------------------------------

def test_killer_king_halts_directly_behind_a_captured_king() -> None:
    # mindsports.nl Killer rules: the king that takes a king as its last piece stops right behind it.
    assert {t for t, _ in _captures(Game("killer", fen="W:WK46:BK37"))} == {"46x32"}
    assert {t for t, _ in _captures(Game("international", fen="W:WK46:BK37"))} == {
        "46x32", "46x28", "46x23", "46x19", "46x14", "46x10", "46x5"}


def test_killer_king_flies_on_after_a_captured_man() -> None:
    landings = {t for t, _ in _captures(Game("killer", fen="W:WK46:B37"))}
    assert landings == {"46x32", "46x28", "46x23", "46x19", "46x14", "46x10", "46x5"}


def test_killer_only_the_last_piece_decides() -> None:
    # A king first, then a man: free landing behind the man. A man, then a king: right behind it.
    man_last = Game("killer", fen="W:WK46:BK37,22")
    assert {t for t, _ in _captures(man_last)} == {"46x17", "46x11", "46x6"}
    king_last = Game("killer", fen="W:WK46:B37,K22")
    assert {t for t, _ in _captures(king_last)} == {"46x17"}
    assert len({t for t, _ in _captures(Game("international", fen="W:WK46:B37,K22"))}) == 3


def test_killer_rules_reach_perft() -> None:
    # perft's fast walk and the full generator agree where the killer rule bites.
    game = Game("killer", fen="W:WK46,K50:BK37,K22,K19,15")
    slow = 0
    for move in list(game.legal_moves):
        game.push(move)
        slow += len(game.legal_moves)
        game.pop()
    assert perft(game, 1) == len(game.legal_moves) and perft(game, 2) == slow


# --- Thai -----------------------------------------------------------------------------------

def test_thai_start_has_two_rows_of_men() -> None:
    game = Game("thai")
    assert game.fen() == "W:W25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8"
    assert len(game.legal_moves) == 7


def test_thai_king_flies_to_a_piece_but_lands_directly_behind_it() -> None:
    assert {t for t, _ in _captures(Game("thai", fen="W:WK29:B18"))} == {"29x15"}
    assert {t for t, _ in _captures(Game("pool", fen="W:WK29:B18"))} == {"29x15", "29x11", "29x8", "29x4"}


def test_thai_jumped_pieces_leave_at_once_so_a_king_may_turn_back() -> None:
    # dctl thai.hpp is_passing_capture: the square of a taken piece is free at once; the king
    # takes 15, turns round over the freed square and its own start and takes 25 too.
    thai = _captures(Game("thai", fen="W:WK22:B15,25"))
    assert thai == {("22x29", frozenset({"15", "25"})), ("22x11", frozenset({"15", "25"}))}
    # With removal at the end (Pool checkers) the taken piece blocks the way back: one piece only.
    assert all(len(c) == 1 for _, c in _captures(Game("pool", fen="W:WK22:B15,25")))


def test_thai_men_capture_forward_only_and_choice_is_free() -> None:
    backward = Game("thai", fen="W:W18:B22")  # 18 takes 22 only backwards
    assert not any(m.captures for m in backward.legal_moves)
    assert any(m.captures for m in Game("pool", fen="W:W18:B22").legal_moves)
    # A man's one-piece capture stands beside a king's two-piece one: no majority rule.
    free = _captures(Game("thai", fen="W:WK22,30:B15,25,26"))
    assert {len(c) for _, c in free} == {1, 2}


# --- Breakthrough ---------------------------------------------------------------------------

def test_breakthrough_first_king_wins() -> None:
    game = Game("breakthrough", fen="W:W6,46:B45")
    assert game.outcome() is None
    game.push_text("6-1")
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is not None and outcome.winner.value == "white"
    assert outcome.termination is Termination.CROWNED
    international = Game("international", fen="W:W6,46:B45")
    international.push_text("6-1")
    assert international.outcome() is None


def test_breakthrough_engine_sees_crowning_as_the_win() -> None:
    game = Game("breakthrough", fen="W:W7,47:B44,45")
    result = Searcher(game.rules, game.generator).search(game, max_depth=3)
    assert result.move is not None and result.move[5]  # the move crowns
    assert result.score > MATE_BOUND
    same = Game("international", fen="W:W7,47:B44,45")  # there a king is only worth more
    assert abs(Searcher(same.rules, same.generator).search(same, max_depth=3).score) < MATE_BOUND


# --- Hub ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,key", [("normal", "international"), ("killer", "killer"), ("bt", "breakthrough"),
                                      ("frisian", "frisian"), ("losing", "antidraughts"), ("thai", "thai")])
def test_hub_takes_scan_variant_names(name: str, key: str) -> None:
    out = io.StringIO()
    engine = HubEngine("international", io.StringIO(), out)
    engine.handle("set-param", {"name": "variant", "value": name})
    assert engine.rules.key == key and engine.game.rules.key == key
    assert "error" not in out.getvalue()


def test_hub_lists_scan_names_first() -> None:
    out = io.StringIO()
    HubEngine("international", io.StringIO(), out).handle("hub", {})
    line = next(l for l in out.getvalue().splitlines() if l.startswith("param name=variant"))
    values = line.split('values="')[1].rstrip('"').split()
    assert tuple(values[:5]) == SCAN_VARIANT_NAMES and "thai" in values
