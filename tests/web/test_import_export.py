"""A real game through the play page's PDN dialog, as a user brings one from lidraughts: it opens
finished (its result and how it ended), steps through, plays on from any move as a new game,
and goes out again byte for byte; a file of many games offers a list; the end of a game offers
a rematch. At a desktop and a phone size, in English and German.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

from draughts import Game
from draughts.notation.pdn import read_game
from draughts.record import game_from_pdn, write_game
from draughts.text import message, render
from webutil import SHOTS, guard_origin, wait_ready

ROOT = Path(__file__).resolve().parents[2]
LIDRAUGHTS = (ROOT / "tests" / "data" / "lidraughts-game.pdn").read_text(encoding="utf-8")
ANSWER_MS = 30_000
TURN_MS = 60_000
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 360, "height": 740}}
CASES = [("desktop", "en"), ("phone", "de")]


BOTH = pytest.mark.parametrize("play_page", CASES, ids=[f"{s}-{lang}" for s, lang in CASES], indirect=True)


@pytest.fixture
def play_page(request, browser, site: str) -> Iterator[Page]:
    size, lang = request.param
    context = browser.new_context(locale="de-DE" if lang == "de" else "en-GB", viewport=SIZES[size])
    seen: list[str] = []
    errors: list[str] = []
    guard_origin(context, site, seen)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site)
    wait_ready(page)
    page.lang = lang  # type: ignore[attr-defined]
    page.size = size  # type: ignore[attr-defined]
    try:
        yield page
    finally:
        context.close()
    assert seen == [], f"requests left the site's origin: {seen}"
    assert errors == [], f"uncaught errors on the page: {errors}"


def text(page: Page, text_id: str, **params: object) -> str:
    return render(message(text_id, **params), page.lang)  # type: ignore[attr-defined]


def moves(page: Page):
    return page.locator("#move-list button")


def open_file(page: Page, name: str, content: str) -> None:
    page.click("#btn-pdn")
    page.set_input_files("#pdn-file", files=[{"name": name, "mimeType": "text/plain", "buffer": content.encode()}])


def exported(page: Page) -> str:
    page.click("#btn-pdn")
    page.locator("#pdn-text").fill("")
    page.click("#pdn-export")
    expect(page.locator("#pdn-text")).not_to_have_value("", timeout=ANSWER_MS)
    value = page.input_value("#pdn-text")
    page.keyboard.press("Escape")
    return value


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"{name}-{page.size}-{page.lang}.png"))  # type: ignore[attr-defined]


@BOTH
def test_a_lidraughts_game_opens_finished_and_goes_out_byte_for_byte(play_page: Page) -> None:
    page = play_page
    record = read_game(LIDRAUGHTS)
    plies = len(record.moves)
    open_file(page, "lidraughts.pdn", LIDRAUGHTS)
    expect(page.locator("#pdn-message")).to_have_text(text(page, "imported"), timeout=ANSWER_MS)
    page.keyboard.press("Escape")
    # finished: the result and how it ended, not whose turn it is
    expect(page.locator("html")).to_have_attribute("data-state", "over")
    expect(page.locator("#turn")).to_have_text("")
    expect(page.locator("#result-title")).to_have_text(text(page, "result_white"))
    expect(page.locator("#result-reason")).to_have_text(render(message("outcome.resignation", loser=message("black")),
                                                               page.lang))  # type: ignore[attr-defined]
    expect(moves(page)).to_have_count(plies)
    expect(page.locator("#btn-rematch")).to_be_hidden()  # a rematch of someone else's game means nothing
    expect(page.locator("#btn-play-from")).to_be_visible()
    shot(page, "import-finished")
    # out again exactly as it came: tags (Event, Date, Black), every clock comment, the result
    assert exported(page) == LIDRAUGHTS
    # and still after a reload (the saved game keeps its record)
    page.reload()
    wait_ready(page)
    expect(page.locator("#result-title")).to_have_text(text(page, "result_white"))
    assert exported(page) == LIDRAUGHTS
    # not counted as a game played here
    assert page.evaluate("localStorage.getItem('draughts.record.v1')") in (None, "{}")

    # step through: move 20 (ply 40), then play on from there as a new game
    moves(page).nth(39).click()
    expect(page.locator("#btn-live")).to_be_visible()  # looking at an earlier position
    expect(moves(page).nth(39)).to_have_attribute("aria-current", "true")
    page.click("#btn-play-from")
    expect(moves(page)).to_have_count(40, timeout=ANSWER_MS)
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("data-state", re.compile("play|waiting|thinking"))
    game = game_from_pdn(record)
    while len(game.move_stack) > 40:
        game.pop()
    assert page.evaluate("window.__draughts.board.view.fen") == game.fen()
    again = exported(page)
    assert '[Result "*"]' in again and "lidraughts.org" not in again and "%clock" not in again
    assert read_game(again).moves == record.moves[:40]


@BOTH
def test_a_file_of_three_games_offers_its_list(play_page: Page) -> None:
    page = play_page
    games = []
    for variant, texts, tags in (
            ("international", ["32-28", "19-23"], {"Event": "Club night", "White": "Ann", "Black": "Bob", "Date": "2024.01.05", "Result": "2-0"}),
            ("russian", ["c3-d4", "f6-g5", "g3-h4"], {"Event": "Summer cup", "White": "Cleo", "Black": "Dan", "Date": "2024.06.30"}),
            ("english", ["11-15", "23-19"], {"Event": "Friendly", "White": "Eve", "Black": "Finn", "Date": "2023.11.11", "Result": "1/2-1/2"})):
        g = Game(variant)
        for t in texts:
            g.push_text(t)
        games.append((g, texts, tags))
    file_text = "\n".join(write_game(g, tags) for g, _, tags in games)
    open_file(page, "three.pdn", file_text)
    box = page.locator("#pdn-games")
    expect(box).to_have_attribute("data-state", "list", timeout=ANSWER_MS)
    expect(page.locator("#pdn-games-title")).to_have_text(text(page, "pf_choose_game", count=3))
    rows = page.locator("#pdn-game-list button")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("Ann – Bob")
    expect(rows.nth(0)).to_contain_text("2-0")
    expect(rows.nth(1)).to_contain_text("Cleo – Dan")
    expect(rows.nth(1)).to_contain_text("Summer cup")
    expect(rows.nth(1)).to_contain_text("2024.06.30")
    expect(rows.nth(1)).to_contain_text("Russian")
    expect(rows.nth(2)).to_contain_text("1/2-1/2")
    shot(page, "import-list")
    rows.nth(1).click()
    expect(page.locator("#pdn-message")).to_have_text(text(page, "imported"), timeout=ANSWER_MS)
    page.keyboard.press("Escape")
    expect(moves(page)).to_have_text(games[1][1])
    assert page.evaluate("window.__draughts.board.view.variant") == "russian"
    # the list stays to choose another
    page.click("#btn-pdn")
    expect(rows).to_have_count(3)
    rows.nth(2).click()
    expect(page.locator("#pdn-message")).to_have_text(text(page, "imported"), timeout=ANSWER_MS)
    page.keyboard.press("Escape")
    expect(moves(page)).to_have_text(games[2][1])
    expect(page.locator("#result-title")).to_have_text(text(page, "result_draw"))


@pytest.mark.parametrize("play_page", [("desktop", "en")], ids=["desktop-en"], indirect=True)
def test_a_thousand_games_are_read_with_progress_and_no_freeze(play_page: Page, tmp_path: Path) -> None:
    page = play_page  # one size: the timing is the point here; the list is tested at both sizes above
    big = tmp_path / "thousand.pdn"
    # a file on disk: Playwright hands its path to Chromium (a buffer would be copied in by a
    # script of the page, itself a task of seconds that the page never does)
    big.write_text("\n".join(LIDRAUGHTS.replace("Casual game", f"Game {i + 1}") for i in range(1000)), encoding="utf-8")
    page.evaluate("""() => {
        window.__longest = 0;
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration); })
            .observe({ type: "longtask", buffered: false });
    }""")
    page.click("#btn-pdn")
    page.set_input_files("#pdn-file", big)
    box = page.locator("#pdn-games")
    # the progress moves while the worker reads (seen part way, between 0 and 1)
    page.wait_for_function("""() => { const p = document.getElementById('pdn-progress');
        return p && !p.hidden && p.value > 0 && p.value < 1; }""", timeout=TURN_MS)
    expect(page.locator("#pdn-games-title")).to_contain_text(re.compile(r"\d"))
    expect(box).to_have_attribute("data-state", "list", timeout=120_000)
    expect(page.locator("#pdn-game-list button")).to_have_count(1000)
    longest = page.evaluate("window.__longest")
    assert longest < 400, f"the page froze for {longest} ms while reading"
    page.locator("#pdn-game-list button").nth(999).click()
    expect(page.locator("#pdn-message")).to_have_text(text(page, "imported"), timeout=ANSWER_MS)


@BOTH
def test_a_rematch_swaps_the_colours(play_page: Page) -> None:
    page = play_page
    page.click("#btn-pdn")
    page.fill("#fen-text", "W:W33:B28")
    page.click("#fen-set")
    expect(page.locator("#pdn-message")).to_have_text(text(page, "set_up_done"), timeout=ANSWER_MS)
    page.keyboard.press("Escape")
    rematch = page.locator("#btn-rematch")
    expect(rematch).to_be_hidden()
    page.locator('[data-square="33"]').click()
    page.locator('[data-square="22"]').click()
    expect(page.locator("html")).to_have_attribute("data-state", "over", timeout=ANSWER_MS)
    expect(rematch).to_be_visible()
    expect(rematch).to_have_text(text(page, "pf_rematch"))
    shot(page, "rematch-offered")
    rematch.click()
    # the computer has White now, from the same position, and wins with the same capture
    expect(page.locator("#move-list button")).to_have_text(["33x22"], timeout=TURN_MS)
    expect(page.locator("html")).to_have_attribute("data-state", "over")
    expect(page.locator("#result-title")).to_have_text(text(page, "result_white"))
    assert '"colour":"black"' in (page.evaluate("localStorage.getItem('draughts.settings.v1')") or "").replace(" ", "")
