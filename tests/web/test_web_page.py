"""The game in a real browser (Debian's chromium), played the way a person plays it.

Every test goes through the labelled square buttons over the canvas and the page's own
buttons and dialogs; nothing calls into the page's code. Each test fails if any request
leaves the site's origin (conftest.off_origin).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from screens import SCREENS, Screen, opened
from webutil import SHOTS, guard_origin, wait_ready

ROUTE_CHOICE_FEN = "W:W26:B23,15,22,14"  # English: 26 takes to 10 by two routes
TURN_MS = 60_000  # the computer's move, on a loaded 2-core machine


def square(page: Page, n: int):
    return page.locator(f'[data-square="{n}"]')


def moves(page: Page):
    return page.locator("#move-list button.past")  # the moves up to the current one


def wait_state(page: Page, *states: str, timeout: int = TURN_MS) -> str:
    selector = ", ".join(f"html[data-state={s}]" for s in states)
    page.wait_for_selector(selector, state="attached", timeout=timeout)
    return page.get_attribute("html", "data-state") or ""


def engine_available(page: Page) -> bool:
    return page.locator("#notice").is_hidden()


def new_game(page: Page, variant: str = "international", mode: str = "two", level_index: int | None = None,
             colour: str = "white") -> None:
    page.click("#btn-new")
    dialog = page.locator("#dlg-new")
    dialog.locator("select[name=variant]").select_option(variant)
    dialog.locator(f"input[name=mode][value={mode}]").check()
    dialog.locator("select[name=colour]").select_option(colour)
    if level_index is not None:
        dialog.locator("select[name=level]").select_option(index=level_index)
    page.click("#new-start")
    wait_state(page, "play", "waiting", "thinking", "over")


def play(page: Page, origin: int, destination: int) -> None:
    """Click a piece, then its destination, and wait until the page takes the next click
    (a click while Python is answering only says "please wait", as it should)."""
    before = moves(page).count()
    square(page, origin).click()
    square(page, destination).click()
    expect(moves(page)).to_have_count(before + 1)
    wait_state(page, "play", "over", "waiting", "thinking")


def set_fen(page: Page, fen: str) -> None:
    page.click("#btn-pdn")
    page.fill("#fen-text", fen)
    page.click("#fen-set")
    expect(page.locator("#pdn-message")).to_contain_text(re.compile("set up|could not", re.I))
    page.keyboard.press("Escape")


# ------------------------------------------------------------------------------------------

def test_page_loads_with_a_labelled_board(game: Page) -> None:
    expect(page_title(game)).to_have_text("Draughts")
    buttons = game.locator(".board-layer button.sq")
    expect(buttons).to_have_count(50)
    expect(square(game, 32)).to_have_attribute("aria-label", re.compile(r"^square 32, white man"))
    expect(square(game, 19)).to_have_attribute("aria-label", re.compile(r"^square 19, black man"))
    expect(square(game, 28)).to_have_attribute("aria-label", "square 28")
    expect(game.locator("#turn")).to_contain_text("White to move")
    # first visit: International against the computer at the middle level (the lower of the two
    # middle ones when there is an even number), nothing to fill in
    if engine_available(game):
        expect(game.locator("#turn")).to_contain_text("You play White")
        game.click("#btn-new")
        levels = game.locator("#new-level option")
        selected = game.locator("#new-level").input_value()
        values = [levels.nth(i).get_attribute("value") for i in range(levels.count())]
        assert selected == values[(len(values) - 1) // 2]
        game.keyboard.press("Escape")


def page_title(page: Page):
    return page.locator("h1")


def test_move_by_click_highlights_then_plays(game: Page) -> None:
    # Two players: the default level answers within milliseconds and would overwrite the
    # announcement of this move before it is read.
    new_game(game, mode="two")
    square(game, 32).click()
    expect(square(game, 32)).to_have_attribute("data-state", "selected")
    expect(square(game, 28)).to_have_attribute("data-state", "destination")
    expect(square(game, 27)).to_have_attribute("data-state", "destination")
    square(game, 28).click()
    expect(moves(game).first).to_have_text("32-28")
    expect(square(game, 28)).to_have_attribute("aria-label", re.compile("white man"))
    expect(game.locator("#announce")).to_contain_text("32-28")


def test_move_by_drag(game: Page) -> None:
    game.drag_and_drop('[data-square="33"]', '[data-square="29"]')
    expect(moves(game).first).to_have_text("33-29")


def test_move_by_tap_on_a_phone(browser, site: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3,
                                  is_mobile=True, has_touch=True)
    seen: list[str] = []
    guard_origin(context, site, seen)
    page = context.new_page()
    try:
        page.goto(site)
        wait_ready(page)
        # the board fits the phone's width
        box = page.locator("#board").bounding_box()
        assert box and box["width"] <= 390 and box["width"] > 300
        # the canvas is drawn at the device's pixel density, so it stays crisp
        ratio = page.evaluate("(() => { const c = document.querySelector('.board-canvas'); "
                              "return c.width / c.getBoundingClientRect().width; })()")
        assert abs(ratio - 3) < 0.05
        square(page, 31).tap()
        expect(square(page, 31)).to_have_attribute("data-state", "selected")
        square(page, 26).tap()
        expect(moves(page).first).to_have_text("31-26")
    finally:
        context.close()
    assert seen == []


def test_move_by_keyboard(game: Page) -> None:
    square(game, 34).focus()
    game.keyboard.press("Enter")
    expect(square(game, 34)).to_have_attribute("data-state", "selected")
    game.keyboard.press("ArrowUp")
    focused = game.evaluate("document.activeElement.dataset.square")
    assert focused in ("29", "30")
    game.keyboard.press("Enter")
    expect(moves(game).first).to_have_text(f"34-{focused}")


def test_forbidden_clicks_say_why(game: Page) -> None:
    square(game, 46).click()  # a white man with no move
    expect(game.locator("#status")).to_have_text("This piece has no legal move.")
    square(game, 19).click()  # the opponent's man
    expect(game.locator("#status")).to_have_text("It is White's turn.")
    square(game, 28).click()  # an empty square
    expect(game.locator("#status")).to_contain_text("Choose one of your pieces")


def test_multi_capture_with_route_choice(game: Page) -> None:
    new_game(game, variant="english", mode="two")
    set_fen(game, ROUTE_CHOICE_FEN)
    square(game, 22).click()  # a black man: not White's piece
    square(game, 30).click()
    square(game, 26).click()
    expect(square(game, 10)).to_have_attribute("data-state", "destination")
    square(game, 10).click()
    routes = game.locator(".route-choice button.route")
    expect(routes).to_have_count(2)
    expect(routes.nth(0)).to_contain_text("takes")
    game.locator(".route-choice button.route", has_text="takes 23, 15").click()
    expect(moves(game).first).to_have_text("26x19x10")
    expect(square(game, 23)).to_have_attribute("aria-label", "square 23")
    expect(square(game, 15)).to_have_attribute("aria-label", "square 15")
    expect(square(game, 22)).to_have_attribute("aria-label", re.compile("black man"))
    expect(square(game, 10)).to_have_attribute("aria-label", re.compile("white"))


def test_computer_answers_and_undo_redo(game: Page) -> None:
    assert engine_available(game), "draughts.engine.choose_move is missing: the computer cannot answer"
    square(game, 32).click()
    square(game, 28).click()
    expect(moves(game)).to_have_count(2, timeout=TURN_MS)
    wait_state(game, "play")
    expect(game.locator("#thinking")).to_be_hidden()
    expect(game.locator("#announce")).to_contain_text("computer played")
    game.click("#btn-undo")  # takes back the pair
    expect(moves(game)).to_have_count(0)
    expect(square(game, 32)).to_have_attribute("aria-label", re.compile("white man"))
    game.click("#btn-redo")
    expect(moves(game)).to_have_count(2)
    expect(moves(game).first).to_have_text("32-28")


def test_undo_redo_two_players(game: Page) -> None:
    new_game(game, mode="two")
    play(game, 32, 28)
    play(game, 19, 23)
    expect(moves(game)).to_have_count(2)
    game.click("#btn-undo")
    expect(moves(game)).to_have_count(1)
    game.click("#btn-undo")
    expect(moves(game)).to_have_count(0)
    game.click("#btn-redo")
    expect(moves(game)).to_have_count(1)
    expect(moves(game).first).to_have_text("32-28")


def play_first_legal_move(page: Page) -> None:
    page.locator('.board-layer [data-state="movable"]').first.click()
    page.locator('.board-layer [data-state~="destination"]').first.click()
    route = page.locator(".route-choice button.route")
    if route.count():
        route.first.click()


def test_whole_game_at_the_lowest_level(game: Page) -> None:
    assert engine_available(game), "draughts.engine.choose_move is missing: the computer cannot play"
    new_game(game, mode="computer", level_index=0)
    # An endgame, so the game ends in bounded time: win, loss or a draw rule all end it.
    set_fen(game, "W:W28,38,K46:B3,12")
    for _ in range(150):
        state = wait_state(game, "play", "over")
        if state == "over":
            break
        play_first_legal_move(game)
        wait_state(game, "play", "over", "waiting", "thinking")
    assert wait_state(game, "over", timeout=1000) == "over"
    expect(game.locator("#result")).to_be_visible()
    assert game.locator("#result-title").inner_text() in ("White wins", "Black wins", "Draw")
    assert game.locator("#result-reason").inner_text().strip()
    # the local record against the computer counts the game
    expect(game.locator("#record")).to_contain_text("Your record against the computer (International)")


def test_pdn_export_then_import_gives_the_same_game(game: Page) -> None:
    new_game(game, mode="two")
    for a, b in ((32, 28), (19, 23), (28, 19), (14, 23)):
        play(game, a, b)
    expect(moves(game)).to_have_count(4)
    history = moves(game).all_inner_texts()
    game.click("#btn-pdn")
    game.click("#pdn-export")
    expect(game.locator("#pdn-text")).to_have_value(re.compile("32-28"))
    pdn = game.input_value("#pdn-text")
    assert "32-28" in pdn and "28x19" in pdn
    game.keyboard.press("Escape")
    new_game(game, mode="two")
    expect(moves(game)).to_have_count(0)
    game.click("#btn-pdn")
    game.fill("#pdn-text", pdn)
    game.click("#pdn-import")
    expect(game.locator("#pdn-message")).to_have_text("Game loaded.")
    game.keyboard.press("Escape")
    assert moves(game).all_inner_texts() == history
    # the same record from a file
    new_game(game, mode="two")
    game.click("#btn-pdn")
    game.set_input_files("#pdn-file", files=[{"name": "game.pdn", "mimeType": "text/plain", "buffer": pdn.encode()}])
    expect(game.locator("#pdn-message")).to_have_text("Game loaded.")
    game.keyboard.press("Escape")
    assert moves(game).all_inner_texts() == history
    # clicking a move in the list shows that earlier position
    moves(game).nth(0).click()
    expect(square(game, 28)).to_have_attribute("aria-label", re.compile("white man"))
    expect(game.locator("#btn-live")).to_be_visible()
    game.click("#btn-live")
    expect(square(game, 28)).to_have_attribute("aria-label", "square 28")


def test_bad_pdn_and_fen_show_a_message_and_keep_the_game(game: Page) -> None:
    new_game(game, mode="two")
    play(game, 32, 28)
    game.click("#btn-pdn")
    game.fill("#pdn-text", '[Event "broken"]\n1. 32-28 77-99 *')
    game.click("#pdn-import")
    expect(game.locator("#pdn-message")).to_contain_text("could not be read")
    game.fill("#fen-text", "W:Wzz:B1,2,3")
    game.click("#fen-set")
    expect(game.locator("#pdn-message")).to_contain_text("could not be used")
    game.keyboard.press("Escape")
    assert moves(game).all_inner_texts() == ["32-28"]
    expect(square(game, 28)).to_have_attribute("aria-label", re.compile("white man"))
    expect(game.locator("#turn")).to_contain_text("Black to move")


def test_reload_resumes_the_game(game: Page) -> None:
    new_game(game, mode="two")
    play(game, 32, 28)
    game.reload()
    wait_ready(game)
    assert moves(game).all_inner_texts() == ["32-28"]
    expect(game.locator("#turn")).to_contain_text("Black to move")


def test_corrupt_saved_state_is_reported_and_set_aside(page: Page, site: str, off_origin: list) -> None:
    page.add_init_script("""
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('draughts.game.v1', '{"save": {"v": 1, "variant": "international", "fen": "W:W31-50:B1-20", "moves": [[[1, 99], []]]}}');
        }""")
    page.goto(site)
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("set aside")
    expect(page.locator(".board-layer button.sq")).to_have_count(50)
    assert page.evaluate("localStorage.getItem('draughts.game.corrupt')").startswith('{"save"')


def test_offline_after_one_visit(game: Page, context) -> None:
    # the service worker has precached the whole site once it controls the page
    game.evaluate("""async () => {
            await navigator.serviceWorker.ready;
            for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++) await new Promise(r => setTimeout(r, 50));
        }""")
    assert game.evaluate("!!navigator.serviceWorker.controller")
    context.set_offline(True)
    try:
        game.reload()
        wait_ready(game)
        expect(game.locator(".board-layer button.sq")).to_have_count(50)
        new_game(game, mode="two")
        square(game, 31).click()
        square(game, 27).click()
        expect(moves(game).first).to_have_text("31-27")
    finally:
        context.set_offline(False)


def test_german_ui(browser, site: str) -> None:
    context = browser.new_context(locale="de-DE")
    seen: list[str] = []
    guard_origin(context, site, seen)
    page = context.new_page()
    try:
        page.goto(site)
        wait_ready(page)
        expect(page.locator("h1")).to_have_text("Dame")
        expect(page.locator("#btn-new")).to_have_text("Neues Spiel")
        expect(square(page, 32)).to_have_attribute("aria-label", re.compile(r"^Feld 32, weißer Stein"))
        expect(page.locator("#turn")).to_contain_text("Weiß am Zug")
        square(page, 46).click()
        expect(page.locator("#status")).to_have_text("Dieser Stein hat keinen erlaubten Zug.")
        page.click("#btn-resign")
        expect(page.locator("#result-title")).to_have_text("Schwarz gewinnt")
        expect(page.locator("#result-reason")).to_have_text("Weiß hat aufgegeben.")
        # switchable: back to English in the settings
        page.click("#btn-settings")
        page.select_option("#set-lang", "en")
        page.keyboard.press("Escape")
        expect(page.locator("#btn-new")).to_have_text("New game")
        expect(square(page, 32)).to_have_attribute("aria-label", re.compile(r"^square 32, white man"))
    finally:
        context.close()
    assert seen == []


def test_flip_and_themes(game: Page) -> None:
    top_before = square(game, 1).evaluate("b => b.style.top")
    game.click("#btn-flip")
    expect(square(game, 1)).not_to_have_attribute("style", re.compile(f"top: {re.escape(top_before)}"))
    assert square(game, 1).evaluate("b => b.style.top") == "90%"
    game.click("#btn-settings")
    for theme in ("dark", "contrast", "light"):
        game.select_option("#set-theme", theme)
        expect(game.locator("html")).to_have_attribute("data-theme", theme)
    game.select_option("#set-labels", "edges")  # a-j and 1-10 on the rim instead of square numbers
    game.keyboard.press("Escape")
    game.screenshot(path=str(SHOTS / "board-flipped-edges.png"))
    assert '"labels":"edges"' in game.evaluate("localStorage.getItem('draughts.settings.v1')")


def test_screenshot_of_a_capture_in_progress(game: Page) -> None:
    """Saved to build/screenshots/ for a person to look at; checks the canvas really painted."""
    new_game(game, variant="english", mode="two")
    set_fen(game, ROUTE_CHOICE_FEN)
    square(game, 26).click()
    game.wait_for_timeout(100)
    path = SHOTS / "board-capture.png"
    game.screenshot(path=str(path))
    assert path.stat().st_size > 20_000
    # the canvas has the dark squares' colour and the white man's colour where they belong
    colours = game.evaluate("""() => {
        const c = document.querySelector('.board-canvas'); const x = c.getContext('2d');
        const px = (fx, fy) => Array.from(x.getImageData(Math.floor(fx * c.width), Math.floor(fy * c.height), 1, 1).data);
        return {empty: px(0.06, 0.94), light: px(0.19, 0.94)};
    }""")
    assert colours["empty"] != colours["light"]


def test_clock_flag_fall_loses(game: Page) -> None:
    game.click("#btn-new")
    dialog = game.locator("#dlg-new")
    dialog.locator("input[name=mode][value=two]").check()
    dialog.locator("input[name=clockBase]").fill("0.05")  # three seconds each
    dialog.locator("input[name=clockInc]").fill("0")
    game.click("#new-start")
    expect(game.locator("#clocks")).to_be_visible()
    square(game, 32).click()
    square(game, 28).click()  # Black's clock runs from here
    expect(game.locator("#result-title")).to_have_text("White wins", timeout=15_000)
    expect(game.locator("#result-reason")).to_contain_text("Black ran out of time")
    expect(game.locator("#result-rule")).to_contain_text("Rule:")


def test_draw_offer_resign_and_hint(game: Page) -> None:
    new_game(game, mode="two")
    game.click("#btn-hint")
    expect(game.locator("#status")).to_contain_text("Hint:")
    game.click("#btn-draw")
    expect(game.locator("#dlg-draw")).to_be_visible()
    game.locator("#dlg-draw button[value=accept]").click()
    expect(game.locator("#result-title")).to_have_text("Draw")
    expect(game.locator("#result-reason")).to_contain_text("agreement")
    new_game(game, mode="two")
    game.click("#btn-resign")
    expect(game.locator("#result-title")).to_have_text("Black wins")
    expect(game.locator("#result-reason")).to_have_text("White resigned.")
    expect(game.locator("html")).to_have_attribute("data-state", "over")


def test_move_list_numbers_full_moves_one_a_row(game: Page) -> None:
    new_game(game, "international", "two")
    for origin, destination in ((32, 28), (19, 23), (28, 19)):
        play(game, origin, destination)
    rows = game.locator("#move-list li")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("button")).to_have_text(["32-28", "19-23"])
    expect(rows.nth(1).locator("button")).to_have_text(["28x19"])
    # the list scrolls down, never sideways
    widths = game.locator("#move-list").evaluate("(el) => [el.scrollWidth, el.clientWidth]")
    assert widths[0] <= widths[1]


def test_move_list_of_a_game_begun_by_the_second_player(game: Page) -> None:
    new_game(game, "international", "two")
    set_fen(game, "B:W31,32:B19,20")
    play(game, 19, 23)
    first = game.locator("#move-list li").first
    expect(first.locator(".skipped")).to_have_text("…")
    expect(first.locator("button")).to_have_text(["19-23"])


HINTED_MOVE = re.compile(r"\b(\d+)(?:[-x](\d+))+\b")  # "34-30" or "26x17x8": origin and destination


def ask_hint(page: Page, screen: Screen) -> tuple[str, int, int]:
    """Press Hint; the move it suggests, its origin and its destination (from the status line)."""
    page.click("#btn-hint")
    status = page.locator("#status")
    expect(status).to_contain_text(screen.says("Hint:", "Tipp:"))
    found = HINTED_MOVE.search(status.inner_text())
    assert found, status.inner_text()
    return found.group(0), int(found.group(1)), int(found.group(2))


@pytest.mark.parametrize("screen", SCREENS)
def test_a_hint_is_followed_by_the_natural_clicks(browser: Browser, site: str, screen: Screen) -> None:
    with opened(browser, site, screen) as page:
        new_game(page, mode="two")
        # the piece, then the destination: the click on the pre-selected piece keeps it selected
        text, origin, destination = ask_hint(page, screen)
        expect(square(page, origin)).to_have_attribute("data-state", "selected")
        square(page, origin).click()
        expect(square(page, origin)).to_have_attribute("data-state", "selected")
        expect(square(page, destination)).to_have_attribute("data-state", re.compile("destination"))
        square(page, destination).click()
        expect(moves(page)).to_have_text([text])
        expect(page.locator("#status")).not_to_have_class(re.compile("warn"))
        # just the destination
        wait_state(page, "play")
        text, origin, destination = ask_hint(page, screen)
        square(page, destination).click()
        expect(moves(page).nth(1)).to_have_text(text)
        expect(page.locator("#status")).not_to_contain_text(screen.says("Choose one of your pieces", "Wählen Sie zuerst"))
