"""Damaged localStorage never blanks the play page: every saved value is checked on the way in.

Each test plants a corrupt value before the page's first script runs (an init script, once per
test: a reload keeps what the page itself saved), then checks that the page becomes ready,
shows sane values, says so quietly, and keeps the raw value aside under a ".corrupt" key.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from webutil import wait_ready

# A picture of the start position's board as the page saves it, to damage one field at a time.
PICTURE = {"variant": "international", "rows": 10, "cols": 10, "turn": "white", "fen": "W:W31-50:B1-20",
           "squares": [[n, str(n), (n - 1) // 5, 2 * ((n - 1) % 5) + (1 - ((n - 1) // 5) % 2)] for n in range(1, 51)],
           "pieces": {**{str(n): "b" for n in range(1, 21)}, **{str(n): "w" for n in range(31, 51)}}, "last": None}


def plant(page: Page, key: str, value_js: str) -> None:
    """localStorage[key] = the JavaScript expression's JSON, before the page's first script, once."""
    page.add_init_script(f"""
        if (!sessionStorage.getItem('planted')) {{
          sessionStorage.setItem('planted', '1');
          localStorage.setItem({json.dumps(key)}, JSON.stringify({value_js}));
        }}""")


def assert_sane_board(page: Page) -> None:
    expect(page.locator(".board-layer button.sq")).to_have_count(50)
    expect(page.locator('[data-square="32"]')).to_have_attribute("aria-label", "square 32, white man, can move")
    expect(page.locator("#turn")).to_contain_text("White to move")
    box = page.locator("#board").bounding_box()
    assert box and 100 < box["width"] < 2000 and abs(box["width"] - box["height"]) < 2


@pytest.mark.parametrize("picture_js", [
    f"{{...{json.dumps(PICTURE)}, squares: null}}",
    f"{{...{json.dumps(PICTURE)}, rows: 1e9, cols: 1e9}}",
    f"{{...{json.dumps(PICTURE)}, squares: Array.from({{length: 150000}}, (_, i) => [i + 1, String(i + 1), 0, 0])}}",
    f"{{...{json.dumps(PICTURE)}, pieces: {{'99': 'w', '1': 'x'}}}}",
    "'not a board'",
], ids=["squares-null", "rows-1e9", "150000-squares", "pieces-off-board", "a-string"])
def test_a_damaged_board_picture_is_set_aside(page: Page, site: str, off_origin: list, errors: list,
                                              picture_js: str) -> None:
    plant(page, "draughts.view.v1", picture_js)
    page.goto(site)
    wait_ready(page)
    assert_sane_board(page)
    expect(page.locator("#saved-note")).to_contain_text("set aside")
    assert page.evaluate("localStorage.getItem('draughts.view.corrupt')") is not None
    # the page saved a good picture in its place: the next visit paints it without a note
    assert page.evaluate("JSON.parse(localStorage.getItem('draughts.view.v1')).squares.length") == 50


def test_a_sane_saved_picture_is_painted_before_python(page: Page, site: str, off_origin: list, errors: list) -> None:
    plant(page, "draughts.view.v1", json.dumps({**PICTURE, "pieces": {"28": "w", "19": "b"}}))
    held: list = []  # the worker script waits until the early board has been checked
    page.route("**/worker.js", lambda route: held.append(route))
    page.goto(site)
    expect(page.locator('[data-square="28"]')).to_have_attribute("aria-label", "square 28, white man")
    expect(page.locator('[data-square="32"]')).to_have_attribute("aria-label", "square 32")
    expect(page.locator("#saved-note")).to_be_hidden()
    assert page.get_attribute("html", "data-ready") is None
    assert len(held) == 1
    held[0].continue_()
    wait_ready(page)
    assert_sane_board(page)


def test_damaged_settings_fall_back_to_defaults(page: Page, site: str, off_origin: list, errors: list) -> None:
    plant(page, "draughts.settings.v1",
          "{clockBase: 1e308, clockInc: '5', level: 'x', colour: 'purple', mode: 'computer', theme: 'dark', labels: 9}")
    page.goto(site)
    wait_ready(page)
    assert_sane_board(page)
    expect(page.locator("#saved-note")).to_contain_text("set aside")
    expect(page.locator("#clocks")).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")  # the sane setting is kept
    expect(page.locator("#turn")).to_contain_text("You play White")
    page.click("#btn-new")
    dialog = page.locator("#dlg-new")
    assert dialog.locator("input[name=clockBase]").input_value() == "0"
    assert dialog.locator("input[name=clockInc]").input_value() == "0"
    assert dialog.locator("select[name=colour]").input_value() == "white"
    page.keyboard.press("Escape")
    assert '"colour":"purple"' in page.evaluate("localStorage.getItem('draughts.settings.corrupt')")


@pytest.mark.parametrize("clock_js", [
    "{baseMs: 1e308, incMs: 0, left: {white: 1e308, black: 1e308}}",
    "{baseMs: '300000', incMs: '0', left: {white: '300000', black: '300000'}}",
    "'5:00'",
], ids=["clock-1e308", "clock-strings", "clock-text"])
def test_a_damaged_clock_is_dropped_and_the_game_kept(page: Page, site: str, off_origin: list, errors: list,
                                                      clock_js: str) -> None:
    page.goto(site)
    wait_ready(page)
    page.click("#btn-new")
    page.locator("#dlg-new input[name=mode][value=two]").check()
    page.click("#new-start")
    # the two-player game is on the board before the first click: the turn line says "Two players"
    # as the request goes out, and a click while Python is answering only says "please wait"
    expect(page.locator("#turn")).to_contain_text("Two players")
    expect(page.locator("html")).to_have_attribute("data-state", "play")
    page.locator('[data-square="32"]').click()
    page.locator('[data-square="28"]').click()
    expect(page.locator("#move-list button")).to_have_count(1)
    # a second tab: the first one would save its good game again when it is left (pagehide)
    second = page.context.new_page()
    second.on("pageerror", lambda error: errors.append(str(error)))
    second.add_init_script(f"""
        if (!sessionStorage.getItem('planted')) {{
          sessionStorage.setItem('planted', '1');
          const saved = JSON.parse(localStorage.getItem('draughts.game.v1'));
          localStorage.setItem('draughts.game.v1', JSON.stringify({{...saved, clock: {clock_js}}}));
        }}""")
    second.goto(site)
    wait_ready(second)
    expect(second.locator("#move-list button")).to_have_text(["32-28"])
    expect(second.locator("#turn")).to_contain_text("Black to move")
    expect(second.locator("#clocks")).to_be_hidden()
    expect(second.locator("#saved-note")).to_contain_text("set aside")
    assert second.locator("#notice").is_hidden()  # the game itself was fine: no alarm
    assert second.evaluate("JSON.parse(localStorage.getItem('draughts.game.corrupt')).save") is not None
