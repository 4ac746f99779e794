"""The learn page in Chromium: rule demos that explain themselves, the tutorial, the puzzles.

Driven like the game's tests: through the labelled square buttons (inside each board's shadow
root for the demo boards; Playwright's CSS locators pierce open shadow roots) and the page's
own buttons. Any request off the site's origin fails the test (conftest.off_origin).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from draughts.teach.puzzles import puzzles_for
from webutil import SHOTS, wait_ready

ANSWER_MS = 30_000  # a reply from Python on a loaded 2-core machine


@pytest.fixture
def learn(page: Page, site: str, off_origin: list[str]):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "learn.html")
    wait_ready(page)
    yield page
    assert errors == [], f"uncaught errors on the page: {errors}"


def demo(page: Page, step: str):
    board = page.locator(f'article[data-step="{step}"] draughts-board')
    expect(board).to_have_attribute("data-state", "ready", timeout=ANSWER_MS)
    return board


def test_forced_capture_is_explained(learn: Page) -> None:
    board = demo(learn, "int-capture")
    # the reasons list (draughts.teach.explain) is open on the demo boards
    expect(board.locator(".why li").first).to_have_text(re.compile(r"^Capture is compulsory.*FMJD Annex 1 art\. 4\.2"))
    expect(board.locator('[data-square="32"]')).to_have_attribute("data-state", "movable")
    board.locator('[data-square="39"]').click()  # a man that may not move while 32 can take
    status = board.locator(".status")
    expect(status).to_contain_text("Capture is compulsory", timeout=ANSWER_MS)
    expect(status).to_have_attribute("data-rule", "compulsory-capture")


def test_majority_capture_is_explained(learn: Page) -> None:
    board = demo(learn, "int-majority")
    expect(board.locator('.why li[data-rule="majority"]')).to_contain_text("You must take the most pieces (2)")
    board.locator('[data-square="34"]').click()  # it could take one man; 33 takes two
    expect(board.locator(".status")).to_contain_text("most pieces (2)", timeout=ANSWER_MS)
    expect(board.locator(".status")).to_have_attribute("data-rule", "majority")
    # the legal capture still plays on the demo board
    board.locator('[data-square="33"]').click()
    board.locator('[data-square="11"]').click()
    expect(board.locator(".moves button").first).to_have_text("33x11", timeout=ANSWER_MS)


def test_explanations_in_german(learn: Page) -> None:
    learn.select_option("#lang", "de")
    expect(learn.locator("h1")).to_have_text("Dame lernen")
    board = demo(learn, "int-majority")
    expect(board.locator('.why li[data-rule="majority"]')).to_contain_text("Es müssen die meisten Steine geschlagen werden (2)")
    expect(learn.locator("#diff-table thead th").first).to_have_text("Variante")


def test_variants_table_from_the_rule_flags(learn: Page) -> None:
    rows = learn.locator("#diff-table tbody tr")
    expect(rows).to_have_count(16)  # every rule table, Killer, Breakthrough and Thai included
    english = learn.locator('#diff-table tr[data-variant="english"]')
    expect(english).to_contain_text("one square")
    expect(english).to_contain_text("Black")
    expect(learn.locator('#diff-table tr[data-variant="international"]')).to_contain_text("most pieces")
    expect(learn.locator('#diff-table tr[data-variant="russian"]')).to_contain_text("crowned, goes on as a king")


def test_tutorial_step_refuses_then_completes(learn: Page) -> None:
    learn.click('#tutorial-steps button[data-step="int-capture"]')
    expect(learn.locator("#tutorial")).to_have_attribute("data-step", "int-capture")
    square = lambda n: learn.locator(f'#tutorial-board [data-square="{n}"]')  # noqa: E731
    expect(square(32)).to_have_attribute("data-state", "movable", timeout=ANSWER_MS)
    square(39).click()  # the wrong piece: capture is compulsory
    feedback = learn.locator("#tutorial-feedback")
    expect(feedback).to_have_attribute("data-kind", "refused", timeout=ANSWER_MS)
    expect(feedback).to_have_attribute("data-rule", "compulsory-capture")
    expect(feedback).to_contain_text("Capture is compulsory")
    square(32).click()
    square(23).click()
    expect(learn.locator("#tutorial")).to_have_attribute("data-state", "done", timeout=ANSWER_MS)
    expect(feedback).to_contain_text("Well done")
    expect(learn.locator('#tutorial-steps button[data-step="int-capture"]')).to_have_attribute("data-done", "true")
    expect(square(23)).to_have_attribute("aria-label", re.compile("white man"))


def test_puzzle_wrong_try_refused_then_solved(learn: Page) -> None:
    puzzle = puzzles_for("international")[0]
    game = puzzle.game()
    expect(learn.locator("#puzzles")).to_have_attribute("data-puzzle", puzzle.id, timeout=ANSWER_MS)
    square = lambda n: learn.locator(f'#puzzle-board [data-square="{n}"]')  # noqa: E731
    wrong = next(m for m in game.legal_moves if game.move_text(m) != puzzle.solution[0])
    expect(square(wrong.origin)).to_have_attribute("data-state", "movable", timeout=ANSWER_MS)
    square(wrong.origin).click()
    square(wrong.destination).click()
    feedback = learn.locator("#puzzle-feedback")
    expect(feedback).to_have_attribute("data-kind", "refused", timeout=ANSWER_MS)
    expect(feedback).to_contain_text("does not win")
    learn.click("#puzzle-hint-btn")
    expect(learn.locator("#puzzle-hint")).to_contain_text(game.geometry.label(game.parse_move(puzzle.solution[0]).origin))
    for i in range(0, len(puzzle.solution), 2):
        move = game.parse_move(puzzle.solution[i])
        expect(square(move.origin)).to_have_attribute("data-state", re.compile("movable"), timeout=ANSWER_MS)
        square(move.origin).click()
        square(move.destination).click()
        game.push(move)
        if i + 1 < len(puzzle.solution):
            expect(feedback).to_contain_text(puzzle.solution[i + 1], timeout=ANSWER_MS)
            game.push_text(puzzle.solution[i + 1])
    expect(learn.locator("#puzzles")).to_have_attribute("data-state", "solved", timeout=ANSWER_MS)
    expect(feedback).to_contain_text("Solved")
    expect(learn.locator(f'#puzzle-list button[data-puzzle="{puzzle.id}"]')).to_have_attribute("data-done", "true")


def test_learn_page_screenshot(learn: Page) -> None:
    demo(learn, "int-king")
    learn.locator("#puzzle-board button.sq").first.wait_for(state="attached")
    learn.screenshot(path=str(SHOTS / "learn-page.png"), full_page=True)


def test_russian_tutorial_in_algebraic_notation(page: Page, site: str, off_origin: list[str]) -> None:
    page.goto(site + "learn.html#russian")
    wait_ready(page)
    expect(page.locator("#family")).to_have_value("russian")
    page.click('#tutorial-steps button[data-step="rus-crown"]')
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "rus-crown")
    from draughts import Game
    number = Game("russian").geometry.number
    square = lambda name: page.locator(f'#tutorial-board [data-square="{number(name)}"]')  # noqa: E731
    expect(square("d6")).to_have_attribute("data-state", "movable", timeout=ANSWER_MS)
    square("d6").click()
    square("c7").click()  # a quiet step while a capture is on: refused, and why
    feedback = page.locator("#tutorial-feedback")
    expect(feedback).to_have_attribute("data-kind", "refused", timeout=ANSWER_MS)
    expect(feedback).to_contain_text("the piece on d6 must take")
    square("d6").click()
    square("h6").click()
    expect(page.locator("#tutorial")).to_have_attribute("data-state", "done", timeout=ANSWER_MS)
    expect(feedback).to_contain_text("crowned at f8 in the middle of the capture")
    expect(square("h6")).to_have_attribute("aria-label", re.compile("white king"))


def test_any_variant_gets_a_rules_page_from_its_flags(learn: Page) -> None:
    learn.select_option("#family", "italian")
    intro = learn.locator("#rules-intro")
    expect(intro).to_contain_text("Italian is played on an 8×8 board with 32 playing squares (mirrored", timeout=ANSWER_MS)
    expect(intro).to_contain_text("Men may not capture kings.")
    expect(learn.locator("#glance")).to_contain_text("Men may take kings: no")
    board = demo(learn, "italian-start")
    expect(board.locator("button.sq")).to_have_count(32)
    expect(learn.locator('#diff-table tr[data-variant="italian"]')).to_have_class("current")
    # the lessons are those of the closest family, and say so
    expect(learn.locator('article[data-step="italian-start"]')).to_contain_text("English draughts")
    expect(learn.locator("#tutorial-steps button").first).to_have_attribute("data-step", "eng-move")
    learn.select_option("#family", "turkish")
    expect(intro).to_contain_text("straight forwards and sideways", timeout=ANSWER_MS)
    expect(demo(learn, "turkish-start").locator("button.sq")).to_have_count(64)


def test_learn_page_and_embed_work_offline_after_one_visit(learn: Page, context) -> None:
    learn.evaluate("""async () => {
            await navigator.serviceWorker.ready;
            for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++) await new Promise(r => setTimeout(r, 50));
        }""")
    assert learn.evaluate("!!navigator.serviceWorker.controller")
    context.set_offline(True)
    try:
        learn.reload()
        wait_ready(learn)
        board = demo(learn, "int-majority")
        expect(board.locator('.why li[data-rule="majority"]')).to_be_visible()
        # the iframe page comes from the same precache (its query string is ignored by the cache)
        learn.goto(learn.url.split("learn.html")[0] + "embed.html?variant=english&mode=two")
        expect(learn.locator("draughts-board")).to_have_attribute("data-state", "ready", timeout=60_000)
        expect(learn.locator("draughts-board button.sq")).to_have_count(32)
    finally:
        context.set_offline(False)
