"""Set-up positions (the board editor's and a shared link's): every reason one cannot be
played is named, a playable one becomes a FEN, and a FEN reads back into the same set-up."""

from __future__ import annotations

import pytest

from draughts import Game, InvalidFenError, get_rules, variant_keys
from draughts.draw import PRESETS
from draughts.engine.levels import LEVELS
from draughts.errors import DraughtsError, IllegalSetupError
from draughts.position import Colour
from draughts.setup import check_fen, read_setup, setup_fen, start_counts, validate_setup
from draughts.text import catalogue, render

INTERNATIONAL = get_rules("international")


def ids(problems: list) -> list[str]:
    return [p.id for p in problems]


def test_a_playable_setup_has_no_problems_and_becomes_its_fen() -> None:
    placement = {"32": "w", "33": "W", "19": "b", "3": "B"}
    assert validate_setup(INTERNATIONAL, placement, "white") == []
    fen = setup_fen(INTERNATIONAL, placement, Colour.WHITE)
    assert fen == "W:W32,K33:B19,K3"
    assert Game("international", fen).board() == {32: "w", 33: "W", 19: "b", 3: "B"}


@pytest.mark.parametrize("key", variant_keys())
def test_every_start_position_is_a_playable_setup_and_reads_back(key: str) -> None:
    rules = get_rules(key)
    placement, turn = read_setup(rules, rules.start_fen)
    assert validate_setup(rules, placement, turn) == []
    assert Game(key, setup_fen(rules, placement, turn)).fen() == Game(key).fen()
    assert start_counts(rules) == (len(placement) // 2, len(placement) // 2)


def test_a_man_on_its_promotion_row_is_named_with_its_square_and_colour() -> None:
    problems = validate_setup(INTERNATIONAL, {"33": "w", "30": "b", "48": "b"}, "white")
    assert ids(problems) == ["ed_problem.man_on_promotion_row"]
    assert render(problems[0], "en") == "Black's man on 48 stands on its promotion row: make it a king or move it."
    assert "Schwarz" in render(problems[0], "de")
    # a king may stand there
    assert validate_setup(INTERNATIONAL, {"33": "w", "30": "b", "48": "B"}, "white") == []


def test_algebraic_boards_name_their_squares_by_letter() -> None:
    russian = get_rules("russian")
    problems = validate_setup(russian, {"c1": "b", "e3": "w"}, "white")
    assert ids(problems) == ["ed_problem.man_on_promotion_row"]
    assert problems[0].args["square"] == "c1"


def test_a_piece_off_the_playing_squares_is_refused() -> None:
    problems = validate_setup(INTERNATIONAL, {"51": "w", "0": "b", "32": "w", "19": "b"}, "white")
    assert ids(problems) == ["ed_problem.off_board", "ed_problem.off_board"]
    # a light square of an 8x8 board is not a playing square
    assert ids(validate_setup(get_rules("russian"), {"a2": "w", "c3": "w", "f6": "b"}, "white")) == ["ed_problem.off_board"]


def test_a_code_that_is_not_a_piece_is_refused() -> None:
    assert ids(validate_setup(INTERNATIONAL, {"32": "x", "33": "w", "19": "b"}, "white")) == ["ed_problem.not_a_piece"]


def test_more_pieces_than_the_start_position_is_refused() -> None:
    placement = {str(n): "w" for n in range(10, 36)}  # 26 white men where International starts with 20
    placement["1"] = "b"
    problems = validate_setup(INTERNATIONAL, placement, "white")
    assert ids(problems) == ["ed_problem.too_many"]
    assert problems[0].args["count"] == 26 and problems[0].args["limit"] == 20


def test_an_empty_board_and_a_side_without_pieces_are_refused() -> None:
    assert ids(validate_setup(INTERNATIONAL, {}, "white")) == ["ed_problem.no_pieces"]
    problems = validate_setup(INTERNATIONAL, {"32": "w"}, "white")
    assert ids(problems) == ["ed_problem.side_without_pieces"]
    assert render(problems[0], "en") == "Black has no pieces: the game would be over before it starts."


def test_a_side_to_move_without_a_legal_move_is_refused() -> None:
    # White's man on 46 is blocked by Black's men on 41 and 37 (which it cannot take: 32 is taken)
    blocked = {"46": "w", "41": "b", "37": "b", "32": "b"}
    problems = validate_setup(INTERNATIONAL, blocked, "white")
    assert ids(problems) == ["ed_problem.no_move"]
    assert problems[0].args["colour"].id == "white"
    # the same set-up with Black to move can be played
    assert validate_setup(INTERNATIONAL, blocked, "black") == []


def test_setup_fen_raises_a_specific_error_with_every_problem() -> None:
    with pytest.raises(IllegalSetupError) as caught:
        setup_fen(INTERNATIONAL, {"3": "w", "48": "b"}, "white")
    assert isinstance(caught.value, DraughtsError) and isinstance(caught.value, ValueError)
    assert ids(caught.value.problems) == ["ed_problem.man_on_promotion_row"] * 2
    assert "promotion row" in str(caught.value)


def test_check_fen_reads_checks_and_rewrites_a_link_fen() -> None:
    assert check_fen(INTERNATIONAL, " B:W33-35:B12. ") == "B:W33,34,35:B12"
    with pytest.raises(IllegalSetupError):
        check_fen(INTERNATIONAL, "W:W32:B")
    with pytest.raises(InvalidFenError):
        check_fen(INTERNATIONAL, "X:W32:B19")


def test_a_fen_with_a_man_on_its_promotion_row_reads_so_that_the_check_can_name_it() -> None:
    placement, turn = read_setup(INTERNATIONAL, "W:W3,32:B48")
    assert placement == {"3": "w", "32": "w", "48": "b"} and turn is Colour.WHITE
    assert [p.args["square"] for p in validate_setup(INTERNATIONAL, placement, turn)] == ["3", "48"]
    with pytest.raises(IllegalSetupError):
        check_fen(INTERNATIONAL, "W:W3,32:B48")
    with pytest.raises(InvalidFenError):  # a game still refuses it
        Game("international", "W:W3,32:B48")


def test_validate_leaves_its_placement_unchanged() -> None:
    placement = {"3": "w", "48": "b", "99": "B"}
    before = dict(placement)
    validate_setup(INTERNATIONAL, placement, "white")
    assert placement == before


# --- the names the page shows for variants, levels and draw presets ---------------------------

@pytest.mark.parametrize("language", ["en", "de"])
def test_every_variant_level_and_draw_preset_has_a_name_in_every_language(language: str) -> None:
    table = catalogue(language)
    for key in variant_keys():
        assert f"ed_variant.{key}" in table
    for level in LEVELS:
        assert f"level.name.{level.number}" in table and f"level.about.{level.number}" in table
    for preset in PRESETS:
        assert f"ed_draw.{preset}" in table and f"ed_draw.{preset}.about" in table

