"""The whole play page on a phone (360x740, English and German), measured: no sideways scroll
(the page, and each dialog), every control at least 40 CSS px each way, the board as wide as
the screen, and the move list and controls reachable without covering the board. The desktop
window is measured for what applies there too (no sideways scroll, nothing over the board).

The squares are the board's own tap targets: ten to a row on a board as wide as a 360 px
screen, 36 px each, as large as the screen allows; every other control is at least 40 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from screens import SCREENS, Screen, opened
from test_web_page import moves, square, wait_state

MIN_TARGET_PX = 40

# The controls in `root` smaller than a finger, as [name, width, height]; a checkbox or radio
# button is measured by its label, which takes the tap.
SMALL_TARGETS = """(root) => [...root.querySelectorAll('button, a[href], select, input, textarea')]
    .filter((e) => !e.closest('.board-layer') && e.checkVisibility())
    .map((e) => {
        const target = ['checkbox', 'radio'].includes(e.type) ? (e.closest('label') || e) : e;
        const r = target.getBoundingClientRect();
        return [e.id || e.name || e.textContent.trim(), Math.round(r.width), Math.round(r.height)];
    })
    .filter(([, w, h]) => w < %d || h < %d)""" % (MIN_TARGET_PX, MIN_TARGET_PX)

# Controls of the page (not in a dialog) whose box overlaps the board's.
OVER_THE_BOARD = """() => {
    const b = document.getElementById('board').getBoundingClientRect();
    return [...document.querySelectorAll('button, a[href], select, input, #move-list, .panel')]
        .filter((e) => !e.closest('#board, dialog') && e.checkVisibility())
        .filter((e) => { const r = e.getBoundingClientRect();
            return r.left < b.right - 1 && r.right > b.left + 1 && r.top < b.bottom - 1 && r.bottom > b.top + 1; })
        .map((e) => e.id || e.className || e.textContent.trim());
}"""


def no_sideways_scroll(page: Page, screen: Screen) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]")
    assert max(widths[:2]) <= screen.width and widths[2] == screen.width, widths


def board_uncovered(page: Page) -> None:
    """What a finger meets on the board, at its corners and centre, is the board."""
    page.locator("#board").scroll_into_view_if_needed()
    hits = page.evaluate("""() => {
        const b = document.getElementById('board').getBoundingClientRect();
        const points = [[0.05, 0.05], [0.95, 0.05], [0.5, 0.5], [0.05, 0.95], [0.95, 0.95]];
        return points.map(([fx, fy]) => !!document.elementFromPoint(b.left + fx * b.width, b.top + fy * b.height)?.closest('#board'));
    }""")
    assert all(hits), hits


def check_dialog(page: Page, screen: Screen, opener: str, dialog: str) -> None:
    page.click(opener)
    box = page.locator(dialog)
    expect(box).to_be_visible()
    rect = box.evaluate("d => { const r = d.getBoundingClientRect(); return [r.left, r.right, d.scrollWidth, d.clientWidth]; }")
    assert rect[0] >= 0 and rect[1] <= screen.width and rect[2] <= rect[3], (dialog, rect)
    no_sideways_scroll(page, screen)
    if screen.phone:
        assert box.evaluate(SMALL_TARGETS) == [], dialog
    page.keyboard.press("Escape")
    expect(box).to_be_hidden()


def tap(page: Page, screen: Screen, selector: str) -> None:
    locator = page.locator(selector)
    if screen.phone:
        locator.tap()
    else:
        locator.click()


@pytest.mark.parametrize("screen", SCREENS)
def test_the_play_page_fits_the_screen_and_every_control_a_finger(browser: Browser, site: str, screen: Screen) -> None:
    with opened(browser, site, screen) as page:
        no_sideways_scroll(page, screen)
        board = page.locator("#board").bounding_box()
        assert board
        if screen.phone:
            # as wide as the screen, and on it whole
            assert board["x"] == 0 and board["width"] == screen.width, board
            assert board["y"] + board["height"] <= screen.height, board
            assert page.locator("body").evaluate(SMALL_TARGETS) == []
        assert page.evaluate(OVER_THE_BOARD) == []
        board_uncovered(page)

        # a game by taps: a new game from its dialog, moves, the move list, Undo
        tap(page, screen, "#btn-new")
        dialog = page.locator("#dlg-new")
        dialog.locator("input[name=mode][value=two]").check()
        tap(page, screen, "#new-start")
        wait_state(page, "play")
        for origin, destination in ((32, 28), (19, 23), (28, 19), (14, 23), (34, 30), (20, 24)):
            before = moves(page).count()
            tap(page, screen, f'[data-square="{origin}"]')
            tap(page, screen, f'[data-square="{destination}"]')
            expect(moves(page)).to_have_count(before + 1)
            wait_state(page, "play")
        no_sideways_scroll(page, screen)
        # the move list: below the board on a phone, beside it on a desktop, never over it
        move_list = page.locator("#move-list")
        move_list.scroll_into_view_if_needed()
        expect(move_list).to_be_in_viewport()
        assert page.evaluate(OVER_THE_BOARD) == []
        list_box, board = move_list.bounding_box(), page.locator("#board").bounding_box()
        assert list_box and board
        if screen.phone:
            assert list_box["y"] >= board["y"] + board["height"]
            assert page.locator(".panel").evaluate(SMALL_TARGETS) == []
        # a move of the list goes to its position (the later moves stay, ahead); "Back to the
        # game" goes to the end again
        tap(page, screen, "#move-list button >> nth=0")
        expect(moves(page)).to_have_count(1)
        expect(square(page, 28)).to_have_attribute("aria-label", screen.says("square 28, white man", "Feld 28, weißer Stein"))
        tap(page, screen, "#btn-live")
        expect(moves(page)).to_have_count(6)
        wait_state(page, "play")
        tap(page, screen, "#btn-undo")
        expect(moves(page)).to_have_count(5)
        board_uncovered(page)

        # every dialog fits the screen, its controls a finger's size
        for opener, dialog_id in (("#btn-new", "#dlg-new"), ("#btn-settings", "#dlg-settings"),
                                  ("#btn-keys", "#dlg-keys"), ("#btn-pdn", "#dlg-pdn")):
            page.locator(opener).scroll_into_view_if_needed()
            check_dialog(page, screen, opener, dialog_id)
