"""The analysis board, the move tree and the game review in a real browser, used as a person
uses them: the page's buttons, the board's squares and the keyboard."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from screens import SCREENS, Screen, opened
from test_web_page import moves, new_game, play, square
from webutil import SHOTS, wait_ready

REVIEW_MS = 180_000  # 17 positions at the review budget, in Pyodide on a loaded 2-core machine
# White's 39-33 (move 7) walks into 17x30, a shot that wins two more men (tests/test_review.py).
BLUNDER_PDN = """[Event "Review test"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 3. 37-32 17-21 4. 31-27 21-26 5. 36-31 26x28 6. 33x22 12-17
7. 39-33 17x30 8. 35x24 20x29 *
"""


def import_pdn(page: Page, text: str) -> None:
    page.click("#btn-pdn")
    page.fill("#pdn-text", text)
    page.click("#pdn-import")
    expect(page.locator("#pdn-message")).to_have_text(re.compile("Game loaded|Partie geladen"))
    page.keyboard.press("Escape")


def open_analysis(page: Page) -> None:
    page.click("#btn-analyse")
    expect(page.locator("#analysis")).to_be_visible()
    expect(page.locator("#an-lines-list li").first).to_be_visible(timeout=30_000)


def first_line_move(page: Page) -> str:
    return page.locator("#an-lines-list li").first.locator(".an-move").first.inner_text()


def test_analysis_appears_and_follows_the_position(game: Page) -> None:
    new_game(game, mode="two")
    play(game, 32, 28)
    open_analysis(game)
    expect(game.locator("#an-stats")).to_contain_text(re.compile(r"Depth \d+ · [\d,]+ nodes/s"))
    expect(game.locator("#an-score")).to_have_text(re.compile(r"^[+-]?\d+\.\d\d$"))
    # Black to move: the best line starts with a black man (squares 1-20) and runs 5+ plies
    expect(game.locator("#an-lines-list li:first-child .an-move:nth-of-type(5)")).to_be_visible(timeout=60_000)
    assert int(re.split("[-x]", first_line_move(game))[0]) <= 20
    arrows = game.evaluate("window.__draughts.board.renderer.arrows")
    assert len(arrows) == 1 and arrows[0]["path"][0] <= 20
    # three lines at once
    game.select_option("#an-lines", "3")
    expect(game.locator("#an-lines-list li")).to_have_count(3, timeout=60_000)
    # a step back with the keyboard: the analysis follows, now for White (squares 31-50)
    game.locator("#an-title").click()
    game.keyboard.press("ArrowLeft")
    expect(square(game, 32)).to_have_attribute("aria-label", re.compile("white man"))
    expect(game.locator("#an-lines-list li:first-child .an-move").first).to_have_text(
        re.compile(r"^(3[1-9]|4\d|50)[-x]"), timeout=60_000)
    game.keyboard.press("End")
    expect(square(game, 28)).to_have_attribute("aria-label", re.compile("white man"))
    # stop: the lines stay as they are; a move of a line previews its position
    expect(game.locator("#an-lines-list li:first-child .an-move:nth-of-type(2)")).to_be_visible(timeout=60_000)
    game.click("#an-toggle")
    expect(game.locator("#an-toggle")).to_have_text("Start")
    line = game.locator("#an-lines-list li").first.locator(".an-move")
    reply = line.nth(0).inner_text()
    line.nth(0).click()
    destination = int(re.split("[-x]", reply)[-1])
    expect(square(game, destination)).to_have_attribute("aria-label", re.compile("black"))
    expect(game.locator("#btn-live")).to_be_visible()
    game.click("#btn-live")
    expect(game.locator("#btn-live")).to_be_hidden()
    expect(square(game, destination)).not_to_have_attribute("aria-label", re.compile("black"))
    game.click("#an-toggle")
    expect(game.locator("#an-toggle")).to_have_text("Stop")
    # (the longest main-thread task while analysing is measured by bench/analysis_bench.py: a
    # wall-clock limit would fail here whenever the machine is busy)
    game.click("#an-close")
    expect(game.locator("#analysis")).to_be_hidden()


def test_a_variation_is_made_exported_and_imported_again(game: Page) -> None:
    new_game(game, mode="two")
    play(game, 32, 28)
    play(game, 19, 23)
    moves(game).nth(0).click()  # back to after 32-28
    expect(game.locator("#move-list button[aria-current=true]")).to_have_text("32-28")
    square(game, 17).click()
    square(game, 22).click()
    variation = game.locator("#move-list li.variation")
    expect(variation).to_have_count(1)
    expect(variation.locator("button")).to_have_text(["17-22"])
    expect(game.locator("#move-list li:not(.variation) button")).to_have_text(["32-28", "19-23"])  # main line kept
    game.locator(".moves h2").click()  # the keys step through the game when the board does not hold them
    game.keyboard.press("Home")
    expect(square(game, 32)).to_have_attribute("aria-label", re.compile("white man"))
    game.keyboard.press("ArrowRight")
    expect(game.locator("#move-list button[aria-current=true]")).to_have_text("32-28")
    game.click("#btn-pdn")
    game.click("#pdn-export")
    expect(game.locator("#pdn-text")).to_have_value(re.compile(re.escape("1. 32-28 19-23 (1... 17-22)")))
    pdn = game.input_value("#pdn-text")
    game.keyboard.press("Escape")
    new_game(game, mode="two")
    expect(game.locator("#move-list li")).to_have_count(0)
    import_pdn(game, pdn)
    expect(game.locator("#move-list li.variation button")).to_have_text(["17-22"])
    game.locator("#move-list li.variation button").click()
    expect(square(game, 22)).to_have_attribute("aria-label", re.compile("black man"))
    expect(square(game, 28)).to_have_attribute("aria-label", re.compile("white man"))


def test_a_variation_survives_a_reload_with_the_current_move(game: Page) -> None:
    new_game(game, mode="two")
    for origin, destination in ((32, 28), (19, 23), (28, 19)):
        play(game, origin, destination)
    moves(game).nth(0).click()  # back to after 32-28: Black plays another reply
    expect(game.locator("#move-list button[aria-current=true]")).to_have_text("32-28")
    square(game, 17).click()
    square(game, 22).click()
    expect(game.locator("#move-list li.variation button")).to_have_text(["17-22"])
    play(game, 28, 17)
    current = game.locator("#move-list button[aria-current=true]")
    expect(current).to_have_text("28x17")
    game.reload()
    wait_ready(game)
    # the whole tree is back, and the board is where it was: in the variation, after 28x17
    expect(game.locator("#move-list li.variation button")).to_have_text(["17-22", "28x17"])
    expect(game.locator("#move-list li:not(.variation) button")).to_have_text(["32-28", "19-23", "28x19"])
    expect(current).to_have_text("28x17")
    expect(square(game, 17)).to_have_attribute("aria-label", re.compile("white man"))
    expect(square(game, 22)).to_have_attribute("aria-label", re.compile("empty|square 22$"))
    # and it goes on from there: the main line is one click away
    game.locator("#move-list li:not(.variation) button").nth(2).click()
    expect(square(game, 19)).to_have_attribute("aria-label", re.compile("white man"))


def test_a_review_marks_the_known_blunder(game: Page) -> None:
    import_pdn(game, BLUNDER_PDN)
    open_analysis(game)
    game.click("#an-review-start")
    expect(game.locator("#an-review-progress")).to_be_visible(timeout=1000)  # from the first second
    expect(game.locator("#an-summary")).to_be_visible(timeout=REVIEW_MS)
    expect(game.locator("#an-review-progress")).to_be_hidden()
    expect(game.locator('#move-list li:not(.variation) button[data-ply="13"]')).to_have_text("39-33??")
    expect(game.locator("#move-list li.variation")).not_to_have_count(0)  # the better lines
    white = game.locator('#an-summary tr[data-side="white"] td')
    expect(white.nth(2)).to_have_text("1")  # one blunder
    expect(game.locator('#an-summary tr[data-side="black"] td').nth(2)).to_have_text("0")
    # the blunder's reason in words: the shot it walked into, named from the position
    why = game.locator('#an-why li', has_text="39-33??")
    expect(why).to_contain_text("39-33 allows 17x30")
    assert why.get_attribute("data-kind") == "shot"
    blunder = game.locator('#an-graph circle[data-mark="??"]')
    expect(blunder).to_have_count(1)
    blunder.click()
    expect(game.locator("#move-list button[aria-current=true]")).to_have_text("39-33??")
    expect(square(game, 33)).to_have_attribute("aria-label", re.compile("white man"))
    game.click("#btn-pdn")
    game.click("#pdn-export")
    expect(game.locator("#pdn-text")).to_have_value(re.compile(r"39-33 \$4"))
    assert "[%eval" in game.input_value("#pdn-text")


@pytest.mark.parametrize("screen", SCREENS)
def test_analysis_and_review_screens(browser, site: str, screen: Screen) -> None:
    """The analysis panel and a finished review on a desktop and a phone, in English and German:
    their words in the page's language, nothing wider than the screen; the screenshots are looked
    at by a person (build/screenshots/analysis-*.png, review-*.png)."""
    name = f"{screen.width}-{screen.locale[:2]}"
    with opened(browser, site, screen) as page:
        import_pdn(page, BLUNDER_PDN)
        open_analysis(page)
        expect(page.locator("#an-stats")).to_contain_text(screen.says("nodes/s", "Knoten/s"))
        expect(page.locator("#an-lines-list li:first-child .an-move:nth-of-type(5)")).to_be_visible(timeout=60_000)
        assert page.evaluate("document.documentElement.scrollWidth") <= screen.width
        page.screenshot(path=str(SHOTS / f"analysis-{name}.png"), full_page=True)
        page.click("#an-review-start")
        expect(page.locator("#an-summary")).to_be_visible(timeout=REVIEW_MS)
        expect(page.locator("#an-legend")).to_contain_text(screen.says("blunder", "grober Fehler"))
        expect(page.locator("#an-summary th").nth(3)).to_have_attribute("aria-label",
                                                                      screen.says("?? Blunders", "?? Grobe Fehler"))
        expect(page.locator('#an-why li', has_text="39-33??")).to_contain_text(screen.says("allows", "erlaubt"))
        assert page.evaluate("document.documentElement.scrollWidth") <= screen.width
        page.locator("#analysis").screenshot(path=str(SHOTS / f"review-{name}.png"))
