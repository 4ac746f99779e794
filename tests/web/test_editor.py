"""The board editor (editor.html), used as a person uses it: palette, clicks, drags and keys on
the squares, the checks Python makes, and the links it shares to the play page and to itself."""

from __future__ import annotations

from urllib.parse import quote

from playwright.sync_api import Page, expect

from webutil import SHOTS, wait_ready


def open_editor(page: Page, site: str, fragment: str = "") -> None:
    page.goto(site + "editor.html" + fragment)
    wait_ready(page)


def square(page: Page, label: str):
    return page.locator(f'#ed-board [data-square="{label}"]')


def pick(page: Page, tool: str) -> None:
    page.locator(f"input[name=tool][value='{tool}']").check()


def test_the_editor_refuses_an_illegal_setup_with_its_reason_and_starts_a_legal_one(
        page: Page, site: str, off_origin: list[str], errors: list[str]) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    open_editor(page, site)
    expect(square(page, "32")).to_have_attribute("data-piece", "w")  # the start position
    expect(page.locator("#ed-verdict")).to_have_text("This position can be played.")
    page.click("#ed-clear")
    expect(page.locator("#ed-problems")).to_have_text("The board is empty: place pieces for both sides.")
    expect(page.locator("#ed-play")).to_be_disabled()

    pick(page, "w")
    square(page, "3").click()  # a white man on White's promotion row
    pick(page, "b")
    square(page, "28").click()
    expect(square(page, "3")).to_have_attribute("data-piece", "w")
    expect(page.locator("#ed-problems li")).to_have_text(
        ["White's man on 3 stands on its promotion row: make it a king or move it."])
    expect(page.locator("#ed-play")).to_be_disabled()
    expect(page.locator("#ed-analyse")).to_be_disabled()
    page.screenshot(path=str(SHOTS / "editor-refused-1280.png"))

    # drag the man off the promotion row: the set-up becomes playable
    box_from = square(page, "3").bounding_box()
    box_to = square(page, "33").bounding_box()
    assert box_from and box_to
    page.mouse.move(box_from["x"] + box_from["width"] / 2, box_from["y"] + box_from["height"] / 2)
    page.mouse.down()
    page.mouse.move(box_to["x"] + 5, box_to["y"] + 5, steps=5)
    page.mouse.move(box_to["x"] + box_to["width"] / 2, box_to["y"] + box_to["height"] / 2, steps=5)
    page.mouse.up()
    expect(square(page, "3")).to_have_attribute("data-piece", "")
    expect(square(page, "33")).to_have_attribute("data-piece", "w")
    expect(page.locator("#ed-verdict")).to_have_text("This position can be played.")
    expect(page.locator("#ed-fen")).to_have_value("W:W33:B28")

    # Black to move, then play it against the computer: the play page opens that position
    page.locator("input[name=turn][value=black]").check()
    expect(page.locator("#ed-fen")).to_have_value("B:W33:B28")
    page.click("#ed-play")
    wait_ready(page)
    expect(page.locator('[data-square="33"]')).to_have_attribute("data-piece", "w")
    expect(page.locator('[data-square="28"]')).to_have_attribute("data-piece", "b")
    expect(page.locator("[data-piece]:not([data-piece=''])")).to_have_count(2)
    expect(page.locator("#turn")).to_contain_text("Black to move")
    assert "#" not in page.url  # the link is forgotten once opened: a reload keeps the game


def test_a_setup_with_no_move_or_too_many_pieces_is_refused(page: Page, site: str, off_origin: list[str],
                                                           errors: list[str]) -> None:
    open_editor(page, site)
    page.fill("#ed-fen", "W:W46:B41,37,32")
    page.click("#ed-load")
    expect(page.locator("#ed-problems li")).to_have_text(["White is to move but has no legal move."])
    expect(page.locator("#ed-play")).to_be_disabled()
    page.locator("input[name=turn][value=black]").check()
    expect(page.locator("#ed-play")).to_be_enabled()
    # the variant's start position with one more white man is more than it starts with
    page.locator("#ed-variant").select_option("russian")
    expect(square(page, "c3")).to_have_attribute("data-piece", "w")
    pick(page, "w")
    square(page, "c5").click()
    expect(page.locator("#ed-problems li")).to_have_text(
        ["White has 13 pieces, more than the 12 of this variant's start position."])
    pick(page, "")
    square(page, "c5").click()
    expect(page.locator("#ed-verdict")).to_have_text("This position can be played.")


def test_the_palette_and_the_board_work_from_the_keyboard(page: Page, site: str, off_origin: list[str],
                                                         errors: list[str]) -> None:
    open_editor(page, site)
    page.click("#ed-clear")
    expect(page.locator("#ed-problems li")).to_have_count(1)
    page.locator("input[name=tool][value=w]").focus()
    page.keyboard.press("ArrowDown")  # the palette is a radio group: arrows choose the piece
    expect(page.locator("input[name=tool][value=W]")).to_be_checked()
    square(page, "1").focus()
    page.keyboard.press("ArrowDown")  # from 1 down to the nearest playing square of the next row
    focused = page.evaluate("document.activeElement.dataset.square")
    assert focused in ("6", "7")
    page.keyboard.press("Enter")
    expect(square(page, focused)).to_have_attribute("data-piece", "W")
    expect(square(page, focused)).to_have_attribute("aria-label", f"square {focused}, white king")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")  # still a white king: placed on the next square too
    right = page.evaluate("document.activeElement.dataset.square")
    assert right != focused
    expect(square(page, right)).to_have_attribute("data-piece", "W")
    page.keyboard.press("Space")  # the same piece again takes it off
    expect(square(page, right)).to_have_attribute("data-piece", "")


def test_the_shared_link_opens_the_same_position_in_the_editor_and_on_the_play_page(
        page: Page, site: str, off_origin: list[str], errors: list[str]) -> None:
    open_editor(page, site, "#fen=" + quote("B:Wc3,Ke1:Bh8,f6") + "&variant=russian")
    expect(page.locator("#ed-variant")).to_have_value("russian")
    expect(square(page, "e1")).to_have_attribute("data-piece", "W")
    expect(page.locator("input[name=turn][value=black]")).to_be_checked()
    expect(page.locator("#ed-fen")).to_have_value("B:Wc3,Ke1:Bh8,f6")
    link = page.locator("#ed-link").input_value()
    assert link.endswith("editor.html#fen=" + quote("B:Wc3,Ke1:Bh8,f6", safe="") + "&variant=russian")

    # the editor's own link opens the same set-up in a fresh page
    other = page.context.new_page()
    other.goto(link)
    wait_ready(other)
    expect(other.locator('#ed-board [data-square="f6"]')).to_have_attribute("data-piece", "b")
    expect(other.locator("#ed-fen")).to_have_value("B:Wc3,Ke1:Bh8,f6")
    other.close()

    # the play page's link (what "Analyse" opens, with &analyse) sets up the same position
    page.goto(site + "index.html#fen=" + quote("B:Wc3,Ke1:Bh8,f6") + "&variant=russian&analyse")
    wait_ready(page)
    expect(page.locator("#game-variant")).to_have_text("Russian")
    expect(page.locator('[aria-label="square e1, white king"]')).to_have_attribute("data-piece", "W")
    expect(page.locator("[data-piece]:not([data-piece=''])")).to_have_count(4)
    expect(page.locator("#turn")).to_contain_text("Black to move")
    expect(page.locator("#status")).to_have_text("Position from the link set up.")


def test_the_play_page_refuses_a_link_that_cannot_be_played(page: Page, site: str, off_origin: list[str],
                                                             errors: list[str]) -> None:
    page.goto(site + "index.html#fen=" + quote("W:W3:B28") + "&variant=international")
    wait_ready(page)
    expect(page.locator("#notice")).to_have_text(
        "The position in this link cannot be played: White's man on 3 stands on its promotion row: make it a king or move it.")
    expect(page.locator('[data-square="31"]')).to_have_attribute("data-piece", "w")  # a fresh game
    expect(page.locator('[data-square="3"]')).to_have_attribute("data-piece", "b")


def test_the_play_page_opens_the_editor_on_its_position(page: Page, site: str, off_origin: list[str],
                                                        errors: list[str]) -> None:
    page.goto(site)
    wait_ready(page)
    page.click("#link-editor")
    wait_ready(page)
    expect(page.locator("#ed-fen")).to_have_value("W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
                                                   ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20")
