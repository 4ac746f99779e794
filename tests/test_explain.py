"""Each reason of draughts.teach.explain appears exactly when its rule shaped the legal moves."""

from __future__ import annotations

import random

import pytest
from random_play import random_game

from draughts import Game
from draughts.teach.explain import explain, why_not


def rules_of(variant: str, fen: str | None = None, **options: object) -> list[str]:
    return [r.rule for r in explain(Game(variant, fen=fen, **options))]  # type: ignore[arg-type]


def test_quiet_start_position_has_no_reason() -> None:
    for variant in ("international", "russian", "english", "italian", "turkish", "frisian"):
        assert rules_of(variant) == []


def test_compulsory_capture_without_a_choice_rule_at_work() -> None:
    # One capture only: compulsory, but the majority rule changed nothing (FMJD 4.2 vs 4.13).
    assert rules_of("international", "W:W33:B28") == ["compulsory-capture"]


def test_majority_rule_named_with_the_count() -> None:
    # 33x11 takes two (28, 17); 34x25 takes one (30): only the first is legal (FMJD 4.13).
    game = Game(fen="W:W33,34:B28,17,30")
    reasons = {r.rule: r for r in explain(game)}
    assert [game.move_text(m) for m in game.legal_moves] == ["33x11"]
    assert "majority" in reasons and "(2)" in reasons["majority"].text
    assert reasons["compulsory-capture"].squares == (33,)


def test_free_choice_variants_never_cite_a_majority() -> None:
    # Russian has no majority rule: both captures stay legal and no choice reason appears.
    assert rules_of("russian", "W:Wc3,g3:Bd4,f4,d6") == ["compulsory-capture"]


def test_house_rule_optional_capture() -> None:
    assert rules_of("international", "W:W33:B28", forced_capture=False) == ["optional-capture"]


def test_turkish_strike_found_only_where_it_blocks() -> None:
    # The king on 46 would take more if taken pieces vanished at once (FMJD 4.11 keeps them).
    assert "turkish-strike" in rules_of("international", "W:WK46:B27,44,35,20,10,30,17,32")
    # In Turkish draughts pieces vanish at once: the rule can never be the reason.
    rng = random.Random(7)
    for _ in range(300):
        game = random_game("turkish", rng, 10, 59)
        assert "turkish-strike" not in [r.rule for r in explain(game)]


def test_passing_the_far_row() -> None:
    # Brazilian (International rules, 8x8): d6xf8xh6 passes f8 and stays a man (FMJD 4.15).
    assert "passing-no-crown" in rules_of("brazilian", "W:Wd6:Be7,g7")
    # Russian: crowned on f8 and goes on as a king (1.5.15).
    assert "passing-crown" in rules_of("russian", "W:Wd6:Be7,g7")


def test_czech_king_priority() -> None:
    # A man and a king can both capture; the king must (Czech 4.14).
    game = Game("czech", fen="W:Wc3,Kh2:Bd4,g3")
    assert {m.origin for m in game.legal_moves} == {game.geometry.number("h2")}
    assert "king-must-capture" in rules_of("czech", "W:Wc3,Kh2:Bd4,g3")


def test_italian_men_cannot_take_kings() -> None:
    # White man on 22 faces a black king on 18 with 13 empty behind it, so no capture (FID 5.3b).
    game = Game("italian", fen="W:W22:BK18")
    assert not any(m.captures for m in game.legal_moves)
    assert "men-cannot-take-kings" in rules_of("italian", "W:W22:BK18")
    assert "men-cannot-take-kings" not in rules_of("italian", "W:W22:B18")


def test_frisian_king_move_limit() -> None:
    game = Game("frisian", fen="W:W46,K45:B1")
    for white, black in (("45-40", "1-6"), ("40-45", "6-11"), ("45-40", "11-16")):
        assert "king-move-limit" not in [r.rule for r in explain(game)]
        game.push_text(white)
        game.push_text(black)
    reasons = {r.rule: r for r in explain(game)}
    assert "king-move-limit" in reasons and reasons["king-move-limit"].squares == (40,)
    assert all(m.origin != 40 for m in game.legal_moves)


def test_draw_counter_reasons_follow_the_counters() -> None:
    game = Game(fen="W:WK46:BK5")
    game.push_text("46-41")
    rules = [r.rule for r in explain(game)]
    assert any(rule.startswith("draw-") for rule in rules)


def test_why_not_a_forbidden_try() -> None:
    game = Game(fen="W:W33,34:B28,17,30")
    refusal = why_not(game, 34, 29)
    assert refusal.rule == "majority" and "most pieces" in refusal.text
    assert why_not(Game(), 12, 17).rule == "illegal"
    assert "no piece" in why_not(Game(), 27, 22).text


@pytest.mark.parametrize("variant", ["international", "russian", "english", "italian", "spanish", "czech",
                                     "frisian", "turkish", "antidraughts"])
def test_reasons_on_random_positions_are_consistent(variant: str) -> None:
    rng = random.Random(variant)
    for _ in range(60):
        game = random_game(variant, rng, 5, 79)
        rules = [r.rule for r in explain(game)]
        has_capture = any(m.captures for m in game.legal_moves)
        assert ("compulsory-capture" in rules) == has_capture
        if "majority" in rules:
            assert has_capture
