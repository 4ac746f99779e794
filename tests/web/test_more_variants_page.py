"""Killer, Breakthrough and Thai in the page: chosen in the new-game dialog, played against
the computer, and introduced on the learn page with the rule their flags do not word."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from test_learn import ANSWER_MS, demo, learn  # noqa: F401  (the learn fixture)
from test_web_page import TURN_MS, moves, new_game, play, set_fen, square, wait_state
from webutil import SHOTS


def test_thai_against_the_computer(game: Page) -> None:
    new_game(game, variant="thai", mode="computer", level_index=0)
    expect(game.locator('.board-layer [data-square]')).to_have_count(32)
    expect(square(game, 25)).to_have_attribute("aria-label", re.compile("white man"))
    expect(square(game, 21)).not_to_have_attribute("aria-label", re.compile("man|king"))
    square(game, 25).click()
    square(game, 21).click()
    expect(moves(game)).to_have_count(2, timeout=TURN_MS)  # the computer answered
    expect(moves(game).first).to_have_text("25-21")
    game.screenshot(path=str(SHOTS / "thai-vs-computer.png"))


def test_breakthrough_ends_with_the_first_king(game: Page) -> None:
    new_game(game, variant="breakthrough", mode="two")
    set_fen(game, "W:W6,46:B45")
    play(game, 6, 1)
    assert wait_state(game, "over") == "over"
    expect(game.locator("#result-title")).to_have_text("White wins")
    expect(game.locator("#result-reason")).to_contain_text("crowned the first king")


def test_killer_king_must_stop_behind_a_taken_king(game: Page) -> None:
    new_game(game, variant="killer", mode="two")
    set_fen(game, "W:WK46:BK37")
    square(game, 46).click()
    destinations = game.locator('.board-layer [data-state~="destination"]')
    expect(destinations).to_have_count(1)
    expect(destinations.first).to_have_attribute("data-square", "32")


def test_learn_page_words_the_new_rules(learn: Page) -> None:  # noqa: F811
    intro = learn.locator("#rules-intro")
    learn.select_option("#family", "thai")
    expect(intro).to_contain_text("lands on the square directly behind it", timeout=ANSWER_MS)
    expect(demo(learn, "thai-start").locator("button.sq")).to_have_count(32)
    learn.select_option("#family", "killer")
    expect(intro).to_contain_text("must stop on the square directly behind it", timeout=ANSWER_MS)
    learn.select_option("#family", "breakthrough")
    expect(intro).to_contain_text("first side to crown a king wins", timeout=ANSWER_MS)
    learn.screenshot(path=str(SHOTS / "learn-breakthrough.png"))
    learn.select_option("#lang", "de")
    expect(intro).to_contain_text("Wer als Erster eine Dame bekommt, gewinnt sofort", timeout=ANSWER_MS)
    learn.set_viewport_size({"width": 360, "height": 740})
    learn.screenshot(path=str(SHOTS / "learn-breakthrough-de-phone.png"))


def test_level_choices_say_what_each_level_is(game: Page) -> None:
    game.click("#btn-new")
    options = game.locator("#dlg-new select[name=level] option")
    expect(options).to_have_count(8)
    expect(options.first).to_have_text("1 — First game: looks one move ahead: never leaves a piece hanging, misses deeper shots")
    expect(options.nth(3)).to_contain_text("750 positions a move")
    expect(options.nth(6)).to_have_text("7 — Grandmaster: very strong: weighs about 15,000 positions a move")
    game.locator("#dlg-new").screenshot(path=str(SHOTS / "new-game-levels.png"))
    # the long choices stay inside the dialog, on a phone too
    for width, height in ((1280, 900), (360, 740)):
        game.set_viewport_size({"width": width, "height": height})
        select, dialog = game.locator("#new-level").bounding_box(), game.locator("#dlg-new").bounding_box()
        assert select and dialog and select["x"] + select["width"] <= dialog["x"] + dialog["width"], (width, select)
    game.locator("#dlg-new").screenshot(path=str(SHOTS / "new-game-levels-phone.png"))
    game.keyboard.press("Escape")
