"""The puzzle page in Chromium: solve a puzzle (by keyboard and by mouse), fail one and see the
defender's refutation, then retry; keep a streak; a hint highlights the piece, "show" plays the
line; the rating and the progress survive a reload; German; screenshots to look at.

The page chooses a puzzle near the player's rating; each test reads which one from the page
(``#trainer[data-puzzle]``) and takes its line from the same shipped data in CPython.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from draughts import Game
from draughts.teach.puzzles import Puzzle, by_id, puzzles_for
from webutil import SHOTS, wait_ready

ANSWER_MS = 30_000  # a reply from Python on a loaded 2-core machine


@pytest.fixture
def trainer(page: Page, site: str, off_origin: list[str], errors: list[str]):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "puzzles.html")
    wait_ready(page)
    yield page


def current(page: Page) -> Puzzle:
    section = page.locator("#trainer")
    expect(section).to_have_attribute("data-state", "task", timeout=ANSWER_MS)
    return by_id(section.get_attribute("data-puzzle") or "")


def square(page: Page, n: int):
    return page.locator(f'#board [data-square="{n}"]')


def move_by_mouse(page: Page, origin: int, destination: int) -> None:
    expect(square(page, origin)).to_have_attribute("data-state", re.compile("movable|selected"), timeout=ANSWER_MS)
    square(page, origin).click()
    square(page, destination).click()


def solve(page: Page, puzzle: Puzzle, keyboard: bool = False) -> None:
    """Play the player's moves of the line, waiting for each reply of the defender's."""
    game = puzzle.game()
    for i in range(0, len(puzzle.solution), 2):
        move = game.parse_move(puzzle.solution[i])
        # movable, or shown selected by a hint
        expect(square(page, move.origin)).to_have_attribute("data-state", re.compile("movable|selected"), timeout=ANSWER_MS)
        if keyboard:  # the square buttons take the focus; Enter selects the piece, Enter again drops it
            square(page, move.origin).focus()
            page.keyboard.press("Enter")
            expect(square(page, move.origin)).to_have_attribute("data-state", "selected")
            square(page, move.destination).focus()
            page.keyboard.press("Enter")
        else:
            move_by_mouse(page, move.origin, move.destination)
        game.push(move)
        if i + 1 < len(puzzle.solution):
            reply = game.parse_move(puzzle.solution[i + 1])
            expect(square(page, reply.destination)).to_have_attribute("data-piece", re.compile("."), timeout=ANSWER_MS)
            game.push(reply)
            if i + 2 < len(puzzle.solution):
                expect(page.locator("#feedback")).to_have_attribute("data-kind", "right", timeout=ANSWER_MS)


def rating(page: Page) -> int:
    return int(re.sub(r"\D", "", page.locator("#rating").inner_text()))


def saved(page: Page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('draughts.puzzles')") or "{}")


def test_solve_a_puzzle_with_the_keyboard_and_the_rating_rises(trainer: Page) -> None:
    before = rating(trainer)
    puzzle = current(trainer)
    expect(trainer.locator("#task")).to_contain_text("to play and win")
    solve(trainer, puzzle, keyboard=True)
    expect(trainer.locator("#trainer")).to_have_attribute("data-state", "solved", timeout=ANSWER_MS)
    expect(trainer.locator("#feedback")).to_have_text("Solved!")
    expect(trainer.locator("#rating-note")).to_contain_text("+")
    assert rating(trainer) > before
    assert saved(trainer)["solved"] == [puzzle.id]
    # the progress is remembered: after a reload the rating stands and the next puzzle is another
    trainer.reload()
    wait_ready(trainer)
    assert rating(trainer) > before and current(trainer).id != puzzle.id
    expect(trainer.locator("#solved-count")).to_have_text("Solved: 1")


def test_a_wrong_move_is_refuted_then_retried(trainer: Page) -> None:
    puzzle = current(trainer)
    game = puzzle.game()
    wrong = next(m for m in game.legal_moves if game.move_text(m) != puzzle.solution[0])
    before = rating(trainer)
    move_by_mouse(trainer, wrong.origin, wrong.destination)
    section = trainer.locator("#trainer")
    expect(section).to_have_attribute("data-state", "refuted", timeout=ANSWER_MS)
    feedback = trainer.locator("#feedback")
    expect(feedback).to_have_attribute("data-kind", "refused")
    opponent = "White" if puzzle.side == "black" else "Black"
    refusal = re.compile(rf"^{re.escape(game.move_text(wrong))} does not win: {opponent} answers (\S+) \(.+\)\.$")
    expect(feedback).to_contain_text(refusal)
    # the wrong move and its answer stand on the board (the answer may take the piece, or land
    # on the square it left: 12x23 after 23-18)
    match = refusal.match(feedback.inner_text())
    assert match, feedback.inner_text()
    game.push(wrong)
    game.push(next(m for m in game.legal_moves if game.move_text(m) == match[1]))
    for n in (wrong.origin, wrong.destination):
        expect(square(trainer, n)).to_have_attribute("data-piece", game.piece_at(n) or "")
    expect(trainer.locator("#rating-note")).to_contain_text("-")
    assert rating(trainer) < before
    # try again from the puzzle's position: the solution still solves it, and the failure stays counted
    trainer.click("#retry")
    expect(section).to_have_attribute("data-state", "task", timeout=ANSWER_MS)
    expect(square(trainer, wrong.origin)).to_have_attribute("data-piece", re.compile("[wbWB]"))
    solve(trainer, puzzle)
    expect(section).to_have_attribute("data-state", "solved", timeout=ANSWER_MS)
    assert saved(trainer)["failed"] == [puzzle.id] and saved(trainer)["solved"] == []


def test_a_streak_counts_solved_puzzles_and_ends_at_a_mistake(trainer: Page) -> None:
    trainer.select_option("#mode", "streak")
    streak = trainer.locator("#streak")
    expect(streak).to_be_visible()
    expect(streak).to_have_attribute("data-count", "0")
    first = current(trainer)
    solve(trainer, first)
    expect(streak).to_have_attribute("data-count", "1", timeout=ANSWER_MS)
    trainer.click("#next")
    second = current(trainer)
    assert second.id != first.id
    solve(trainer, second)
    expect(streak).to_have_attribute("data-count", "2", timeout=ANSWER_MS)
    expect(streak).to_contain_text("Best streak: 2")
    trainer.click("#next")
    third = current(trainer)
    game = third.game()
    wrong = next(m for m in game.legal_moves if game.move_text(m) != third.solution[0])
    move_by_mouse(trainer, wrong.origin, wrong.destination)
    expect(trainer.locator("#feedback")).to_contain_text("Your streak ends at 2.", timeout=ANSWER_MS)
    expect(streak).to_have_attribute("data-count", "0")
    expect(streak).to_contain_text("Best streak: 2")
    assert saved(trainer)["bestStreak"] == 2


def test_hint_highlights_the_piece_and_show_plays_the_line(trainer: Page) -> None:
    puzzle = current(trainer)
    first = Game(puzzle.variant, fen=puzzle.fen).parse_move(puzzle.solution[0])
    trainer.click("#hint")
    expect(square(trainer, first.origin)).to_have_attribute("data-state", "selected")
    expect(trainer.locator("#feedback")).to_have_attribute("data-kind", "hint")
    trainer.click("#show")
    expect(trainer.locator("#trainer")).to_have_attribute("data-state", "shown")
    end = Game(puzzle.variant, fen=puzzle.fen)
    for text in puzzle.solution:
        end.push_text(text)
    # the whole line is played out on the board, slowly, and the puzzle counts as failed
    for s in end.geometry.squares:
        expect(square(trainer, s.number)).to_have_attribute("data-piece", end.piece_at(s.number) or "", timeout=ANSWER_MS)
    assert saved(trainer)["failed"] == [puzzle.id]


def test_pick_a_variant_and_a_theme(trainer: Page) -> None:
    trainer.select_option("#variant", "english")
    trainer.select_option("#theme", "sacrifice")
    # a sacrifice of the chosen variant ends on the board: the variant's choice asks for a puzzle
    # of any theme and the theme's for a sacrifice, and the later request wins
    sacrifices = "|".join(re.escape(p.id) for p in puzzles_for("english", "sacrifice"))
    expect(trainer.locator("#trainer")).to_have_attribute("data-puzzle", re.compile(rf"^({sacrifices})$"),
                                                          timeout=ANSWER_MS)
    puzzle = current(trainer)
    assert puzzle.variant == "english" and "sacrifice" in puzzle.themes
    assert saved(trainer)["variant"] == "english" and saved(trainer)["theme"] == "sacrifice"


def test_the_theme_picker_offers_the_variants_own_themes(trainer: Page) -> None:
    trainer.select_option("#theme", "quiet")
    quiet = "|".join(re.escape(p.id) for p in puzzles_for("international", "quiet"))
    # the quiet puzzle's arrival (the one before stays a moment while it loads)
    expect(trainer.locator("#trainer")).to_have_attribute("data-puzzle", re.compile(rf"^({quiet})$"), timeout=ANSWER_MS)
    # no Antidraughts puzzle is quiet: the theme falls back to any, and a puzzle comes (not "none")
    trainer.select_option("#variant", "antidraughts")
    expect(trainer.locator("#trainer")).to_have_attribute("data-puzzle", re.compile(r"^antidraughts-"), timeout=ANSWER_MS)
    expect(trainer.locator("#theme")).to_have_value("")
    offered = trainer.locator("#theme option").evaluate_all("options => options.map(o => o.value)")
    assert offered[0] == "" and set(offered[1:]) == {t for p in puzzles_for("antidraughts") for t in p.themes}
    assert saved(trainer)["theme"] == ""


def test_an_antidraughts_puzzle_asks_to_give_pieces_away(trainer: Page) -> None:
    # in a losing game the goal is turned round: the page must not ask to win material
    trainer.select_option("#variant", "antidraughts")
    section = trainer.locator("#trainer")
    expect(section).to_have_attribute("data-puzzle", re.compile(r"^antidraughts-"), timeout=ANSWER_MS)
    puzzle = current(trainer)
    side, opponent = ("White", "Black") if puzzle.side == "white" else ("Black", "White")
    pieces = "one piece" if puzzle.gain == 1 else f"{puzzle.gain} pieces"
    goal = "being left without pieces or moves" if puzzle.wins_game else f"giving away {pieces} more than {opponent}"
    task = trainer.locator("#task")
    expect(task).to_have_text(f"{side} to play and win by {goal} (here, losing your pieces wins)")
    expect(trainer.locator("#intro")).to_contain_text("Here you win by losing your pieces")
    themes = trainer.locator("#theme option").all_inner_texts()
    assert "Gives pieces away" in themes and "Sacrifice" not in themes and "Breakthrough" not in themes
    expect(trainer.locator("#meta")).to_contain_text("Gives pieces away")
    trainer.click("#hint")
    expect(trainer.locator("#feedback")).to_contain_text("and here that wins" if puzzle.wins_game
                                                         else "down, which in this game wins")
    trainer.select_option("#lang", "de")
    expect(task).to_contain_text("am Zug gewinnt, indem es")
    expect(task).to_contain_text("keine Steine oder Züge mehr hat" if puzzle.wins_game else "mehr abgibt als")
    expect(trainer.locator("#intro")).to_contain_text("Hier gewinnt, wer seine Steine verliert")
    assert "Gibt Steine ab" in trainer.locator("#theme option").all_inner_texts()
    trainer.screenshot(path=str(SHOTS / "puzzles-antidraughts-de-1280.png"), full_page=True)
    # the hinted piece, clicked, stays selected: the moves that follow solve the puzzle
    solve(trainer, puzzle)
    expect(section).to_have_attribute("data-state", "solved", timeout=ANSWER_MS)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 900), (360, 740)], ids=["wide", "phone"])
def test_puzzle_page_screenshots(browser, site: str, lang: str, size: tuple[int, int]) -> None:
    context = browser.new_context(locale="de-DE" if lang == "de" else "en-GB",
                                  viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site + "puzzles.html")
    wait_ready(page)
    current(page)
    if lang == "de":
        expect(page.locator("#hint")).to_have_text("Tipp")
        expect(page.locator("#task")).to_contain_text("am Zug gewinnt")
        expect(page.locator("#rating")).to_contain_text("Ihre Wertung")
    page.click("#hint")
    page.screenshot(path=str(SHOTS / f"puzzles-{lang}-{size[0]}.png"), full_page=True)
    context.close()
    assert errors == []


def test_the_puzzle_page_works_offline_after_one_visit(trainer: Page, context) -> None:
    trainer.evaluate("""async () => {
            await navigator.serviceWorker.ready;
            for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++) await new Promise(r => setTimeout(r, 50));
        }""")
    assert trainer.evaluate("!!navigator.serviceWorker.controller")
    context.set_offline(True)
    try:
        trainer.reload()
        wait_ready(trainer)
        puzzle = current(trainer)
        solve(trainer, puzzle)
        expect(trainer.locator("#trainer")).to_have_attribute("data-state", "solved", timeout=ANSWER_MS)
    finally:
        context.set_offline(False)
