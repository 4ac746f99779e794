"""The play page by keyboard alone, as a screen-reader or keyboard player meets it: a skip link
to the board, the focus on a piece that can move, the arrow keys walking the squares (the
mapping is nextSquare's in web/js/board/state.js), Enter and Space to select and drop, the
shortcuts and the "?" panel that lists them, and a live region that says each move.

On the International board the squares are numbered from the top left; square 33 is on the
seventh row, column 5 (0-based), with 28 and 29 above it and 22 and 23 two rows up."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from screens import SCREENS, Screen, opened
from test_web_page import moves, new_game, square, wait_state


def focused_square(page: Page) -> int | None:
    value = page.evaluate("document.activeElement?.dataset?.square ?? null")
    return int(value) if value is not None else None


def focused(page: Page) -> str:
    """What has the focus: its id, else its tag and text (a square: "BUTTON:")."""
    return page.evaluate("(() => { const e = document.activeElement; return e.id || `${e.tagName}:${e.textContent}`; })()")


def skip_to_board(page: Page) -> None:
    """The skip link, as a keyboard player uses it."""
    page.focus("#skip-to-board")
    page.keyboard.press("Enter")


def walk(page: Page, *keys: str) -> int | None:
    for key in keys:
        page.keyboard.press(key)
    return focused_square(page)


@pytest.mark.parametrize("screen", SCREENS)
def test_skip_link_lands_on_a_movable_piece_and_the_board_is_one_tab_stop(browser: Browser, site: str, screen: Screen) -> None:
    with opened(browser, site, screen) as page:
        # Tab from the top: the skip link, the shortcut list, the game's buttons in order, the board
        order = []
        for _ in range(24):
            page.keyboard.press("Tab")
            order.append(focused(page))
            if focused_square(page) is not None:
                break
        assert order[:3] == ["skip-to-board", "btn-keys", "btn-new"], order
        # the last stop before the board is the game bar's last link (after every game button)
        last_link = page.evaluate("[...document.querySelectorAll('nav.actions a')].pop().id")
        assert order[-2] == last_link and focused_square(page) == 33, order
        # the board is one stop: Tab leaves it, Shift+Tab comes back to the same square
        page.keyboard.press("Tab")
        assert focused_square(page) is None
        page.keyboard.press("Shift+Tab")
        assert focused_square(page) == 33
        # the skip link: shown while it has the focus, and Enter goes straight to the board
        page.focus("#skip-to-board")
        skip = page.locator("#skip-to-board")
        expect(skip).to_have_text(screen.says("Skip to the board", "Zum Brett springen"))
        expect(skip).to_be_in_viewport()
        page.keyboard.press("Enter")
        # a white man that can move, in the middle of the front row (not square 1, Black's man)
        assert focused_square(page) == 33
        expect(square(page, 33)).to_have_attribute("data-state", "movable")
        expect(square(page, 33)).to_have_attribute(
            "aria-label", screen.says("square 33, white man, can move", "Feld 33, weißer Stein, kann ziehen"))


@pytest.mark.parametrize("screen", SCREENS)
def test_arrow_keys_walk_the_board_and_enter_plays(browser: Browser, site: str, screen: Screen) -> None:
    with opened(browser, site, screen) as page:
        new_game(page, mode="two")
        skip_to_board(page)
        assert focused_square(page) == 33
        # Up: a diagonal step (no square lies straight above), keeping to the column it began in
        assert walk(page, "ArrowUp") == 28
        assert walk(page, "ArrowUp") == 23
        assert walk(page, "ArrowDown") == 28
        # Left and Right: the same row; Home, Page Up, End, Page Down: the four diagonals
        assert walk(page, "ArrowRight") == 29
        assert walk(page, "ArrowLeft", "ArrowLeft") == 27
        assert walk(page, "Home") == 21
        assert walk(page, "PageDown") == 27
        assert walk(page, "PageUp") == 22
        assert walk(page, "End") == 27
        # at the edge a key stays put
        assert walk(page, "ArrowLeft", "ArrowLeft", "ArrowLeft") == 26
        # Enter selects, the walk goes on, Space drops: the move is played and said
        assert walk(page, "End") == 26
        assert walk(page, "PageDown", "ArrowRight") == 32
        page.keyboard.press("Enter")
        expect(square(page, 32)).to_have_attribute("data-state", "selected")
        assert walk(page, "PageUp") == 28
        page.keyboard.press("Space")
        expect(moves(page)).to_have_text(["32-28"])
        expect(page.locator("#announce")).to_have_text(screen.says("White played 32-28", "Weiß zog 32-28"))
        assert focused_square(page) == 28  # the player stays on the board, on the piece moved
        # Escape drops a selection
        wait_state(page, "play")
        assert walk(page, "ArrowUp", "ArrowUp") == 18  # Black's man, which can move now
        page.keyboard.press("Enter")
        expect(square(page, 18)).to_have_attribute("data-state", "selected")
        page.keyboard.press("Escape")
        expect(square(page, 18)).to_have_attribute("data-state", "movable")


@pytest.mark.parametrize("screen", SCREENS)
def test_shortcuts_and_the_panel_that_lists_them(browser: Browser, site: str, screen: Screen) -> None:
    with opened(browser, site, screen) as page:
        new_game(page, mode="two")
        skip_to_board(page)
        page.keyboard.press("Enter")
        page.keyboard.press("ArrowUp")
        page.keyboard.press("Enter")
        expect(moves(page)).to_have_text(["33-28"])
        wait_state(page, "play")
        page.keyboard.press("u")
        expect(moves(page)).to_have_count(0)
        page.keyboard.press("r")
        expect(moves(page)).to_have_text(["33-28"])
        top = square(page, 1).evaluate("b => b.style.top")
        page.keyboard.press("f")
        expect(square(page, 1)).not_to_have_attribute("style", re.compile(f"top: {re.escape(top)}"))
        page.keyboard.press("f")
        # H: a hint, with the focus on its piece, so Enter there and on its destination plays it
        wait_state(page, "play")
        page.keyboard.press("h")
        status = page.locator("#status")
        expect(status).to_contain_text(screen.says("Hint:", "Tipp:"))
        hinted = re.search(r"(\d+)[-x](?:\d+[-x])*(\d+)", status.inner_text())
        assert hinted
        origin, destination = int(hinted.group(1)), int(hinted.group(2))
        expect(square(page, origin)).to_be_focused()
        page.keyboard.press("Enter")
        expect(square(page, origin)).to_have_attribute("data-state", "selected")
        square(page, destination).focus()
        page.keyboard.press("Enter")
        expect(moves(page)).to_have_count(2)
        # ? opens the panel: every shortcut and the board's keys, in the page's language
        wait_state(page, "play")
        page.keyboard.press("?")
        panel = page.locator("#dlg-keys")
        expect(panel).to_be_visible()
        expect(panel.locator("h2")).to_have_text(screen.says("Keyboard shortcuts", "Tastenkürzel"))
        rows = panel.locator("#keys-page tr")
        expect(rows).to_have_count(7)
        expect(rows.nth(0)).to_contain_text(screen.says("U or Ctrl+Z", "U oder Strg+Z"))
        expect(rows.nth(0).locator("td")).to_have_text(screen.says("Undo", "Zurück"))
        expect(panel.locator("#keys-page")).to_contain_text(screen.says("Flip board", "Brett drehen"))
        expect(panel.locator("#keys-board")).to_contain_text(screen.says("Enter or Space", "Eingabe oder Leertaste"))
        expect(panel.locator("#keys-board")).to_contain_text(screen.says("Home, Page Up, End, Page Down", "Pos1, Bild ↑, Ende, Bild ↓"))
        width = panel.evaluate("d => d.getBoundingClientRect().right")
        assert width <= screen.width
        page.keyboard.press("Escape")
        expect(panel).to_be_hidden()
        # the "?" button opens it too
        page.click("#btn-keys")
        expect(panel).to_be_visible()
        page.keyboard.press("Escape")
        # single-key shortcuts can be turned off (they can get in the way of speech input); Ctrl+Z stays
        page.click("#btn-settings")
        page.uncheck("#set-shortcuts")
        page.keyboard.press("Escape")
        page.locator("body").click(position={"x": 5, "y": 5})
        page.keyboard.press("u")
        page.wait_for_timeout(300)
        expect(moves(page)).to_have_count(2)
        page.keyboard.press("Control+z")
        expect(moves(page)).to_have_count(1)
        page.reload()
        page.wait_for_selector("html[data-ready=true]", state="attached", timeout=60_000)
        page.click("#btn-settings")
        expect(page.locator("#set-shortcuts")).not_to_be_checked()
