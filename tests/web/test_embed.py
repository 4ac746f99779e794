"""<draughts-board> on a host page, the iframe embed and the PDN viewer, in Chromium.

Host pages are test-only routes on the site's own origin (Playwright answers them; routes added
after the origin guard are asked first), so js/draughts-board.js loads from the built files exactly as a
site that copied dist/ would load it.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from draughts import Game
from draughts.record import write_game
from webutil import SHOTS

ANSWER_MS = 30_000
TURN_MS = 60_000

TWO_BOARDS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<script type="module" src="js/draughts-board.js"></script>
<style>body { font-family: sans-serif; display: flex; gap: 24px; padding: 16px; } draughts-board { width: 380px; }</style>
</head><body>
<div><h2>International, two players</h2><draughts-board id="a" variant="international" mode="two"></draughts-board></div>
<div><h2>Russian, against the computer</h2><draughts-board id="b" variant="russian" mode="play" level="1" lang="de"></draughts-board></div>
<script>
  window.events = [];
  for (const id of ["a", "b"]) for (const type of ["draughts-ready", "draughts-move", "draughts-end"])
    document.getElementById(id).addEventListener(type, (e) => window.events.push({ id, type, detail: e.detail }));
</script>
</body></html>"""

IFRAME = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Iframe host</title></head><body>
<iframe id="f" src="embed.html?variant=russian&mode=two&lang=de" width="420" height="600" style="border:0"></iframe>
<script>
  window.events = [];
  addEventListener("message", (e) => { if (e.data && e.data.source === "draughts-board") window.events.push(e.data); });
</script>
</body></html>"""


def host(page: Page, site: str, name: str, html: str) -> str:
    url = f"{site}{name}"
    page.context.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    return url


def events(page: Page, type_: str, board: str | None = None) -> list[dict]:
    return [e for e in page.evaluate("window.events") if e["type"] == type_ and (board is None or e.get("id") == board)]


def wait_event(page: Page, predicate: str, timeout: int = ANSWER_MS) -> None:
    page.wait_for_function(f"window.events.some((e) => {predicate})", timeout=timeout)


def test_two_boards_in_different_variants_share_one_worker(page: Page, site: str, off_origin: list[str],
                                                           errors: list[str]) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.set_viewport_size({"width": 900, "height": 700})
    page.goto(host(page, site, "host-two-boards.html", TWO_BOARDS))
    a, b = page.locator("#a"), page.locator("#b")
    expect(a).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(b).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(a.locator("button.sq")).to_have_count(50)
    expect(b.locator("button.sq")).to_have_count(32)
    wait_event(page, "e.type === 'draughts-ready' && e.id === 'b'")

    # board A: two players, a move each way
    a.locator('[data-square="32"]').click()
    a.locator('[data-square="28"]').click()
    wait_event(page, "e.type === 'draughts-move' && e.id === 'a' && e.detail.move === '32-28'")
    a.locator('[data-square="19"]').click()
    a.locator('[data-square="23"]').click()
    wait_event(page, "e.type === 'draughts-move' && e.id === 'a' && e.detail.move === '19-23'")

    # board B: Russian against the computer, in German; the computer answers
    russian = Game("russian")
    c3, d4 = russian.geometry.number("c3"), russian.geometry.number("d4")
    expect(b.locator(".status")).to_have_text("Weiß am Zug")
    expect(b.locator(f'[data-square="{c3}"]')).to_have_attribute("aria-label", re.compile("^Feld c3, weißer Stein"))
    b.locator(f'[data-square="{c3}"]').click()
    b.locator(f'[data-square="{d4}"]').click()
    wait_event(page, "e.type === 'draughts-move' && e.id === 'b' && e.detail.move === 'c3-d4' && e.detail.by === 'player'")
    wait_event(page, "e.type === 'draughts-move' && e.id === 'b' && e.detail.by === 'computer'", TURN_MS)

    # each board kept its own game: A's position is the international one after its two moves
    game = Game("international")
    game.push_text("32-28")
    game.push_text("19-23")
    assert page.evaluate("document.getElementById('a').fen") == game.fen()
    reply = events(page, "draughts-move", "b")[-1]["detail"]
    russian.push_text("c3-d4")
    russian.push_text(reply["move"])
    assert page.evaluate("document.getElementById('b').fen") == russian.fen()
    expect(a.locator(".moves button")).to_have_count(2)

    # one worker and one Python for the whole page
    assert sum(u.endswith("/worker.js") for u in requests) == 1, [u for u in requests if "worker" in u]
    # (Pyodide's module, which each Python's worker asks for itself: the WebAssembly is asked for
    # by a worker's own worker, whose requests the page's events miss now and then)
    assert sum(u.endswith("/pyodide.asm.mjs") for u in requests) == 1
    page.screenshot(path=str(SHOTS / "embed-two-boards.png"), full_page=True)


def test_a_game_played_to_its_end_sends_the_end_event(page: Page, site: str, off_origin: list[str],
                                                      errors: list[str]) -> None:
    html = TWO_BOARDS.replace('id="a" variant="international" mode="two"',
                              'id="a" variant="international" mode="two" fen="W:W33:B28"')
    page.goto(host(page, site, "host-end.html", html))
    a = page.locator("#a")
    expect(a).to_have_attribute("data-state", "ready", timeout=60_000)
    a.locator('[data-square="33"]').click()
    a.locator('[data-square="22"]').click()
    wait_event(page, "e.type === 'draughts-end' && e.id === 'a' && e.detail.winner === 'white' && e.detail.result === '2-0'")
    expect(a).to_have_attribute("data-state", "over")
    # the end event's result is the one the game's own PDN gives (International: 2-0)
    pdn = page.evaluate("document.getElementById('a').pdn()")
    assert '[Result "2-0"]' in pdn and pdn.rstrip().endswith("2-0")


def test_iframe_embed_from_url_settings(page: Page, site: str, off_origin: list[str], errors: list[str]) -> None:
    page.goto(host(page, site, "host-iframe.html", IFRAME))
    frame = page.frame_locator("#f")
    board = frame.locator("draughts-board")
    expect(board).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(board.locator("button.sq")).to_have_count(32)
    expect(board.locator(".status")).to_have_text("Weiß am Zug")
    russian = Game("russian")
    c3, b4 = russian.geometry.number("c3"), russian.geometry.number("b4")
    board.locator(f'[data-square="{c3}"]').click()
    board.locator(f'[data-square="{b4}"]').click()
    wait_event(page, "e.type === 'draughts-move' && e.detail.move === 'c3-b4'")
    expect(board.locator(".status")).to_have_text("Schwarz am Zug")


def test_viewer_steps_through_an_imported_game(page: Page, site: str, off_origin: list[str],
                                               errors: list[str]) -> None:
    game = Game("international")
    for text in ("32-28", "19-23", "28x19", "14x23", "37-32", "10-14"):
        game.push_text(text)
    pdn = write_game(game, {"Event": "Viewer test", "White": "A", "Black": "B"})
    positions = []
    probe = Game("international")
    positions.append(probe.fen())
    for move in game.move_stack:
        probe.push(move)
        positions.append(probe.fen())

    page.goto(f"{site}embed.html?variant=international&mode=view&pdn={quote(pdn)}")
    board = page.locator("draughts-board")
    expect(board).to_have_attribute("data-state", "ready", timeout=60_000)
    fen = lambda: page.evaluate("document.querySelector('draughts-board').fen")  # noqa: E731
    expect(board.locator(".moves button")).to_have_count(6)
    expect(board.locator(".status")).to_contain_text("Position after 0 of 6")
    assert fen() == positions[0]
    # each position's legal moves are shown and their pieces marked
    expect(board.locator(".legal")).to_contain_text("31-26")
    expect(board.locator('[data-square="32"]')).to_have_attribute("data-state", "movable")

    board.locator('button[data-action="next"]').click()
    expect(board.locator(".status")).to_contain_text("Position after 1 of 6")
    expect(board.locator('.moves button[data-ply="1"]')).to_have_attribute("aria-current", "true")
    assert fen() == positions[1]
    expect(board.locator(".legal")).to_contain_text("19-23")  # Black's moves now

    board.locator('.moves button[data-ply="3"]').click()  # jump to a move by clicking the list
    expect(board.locator(".status")).to_contain_text("Position after 3 of 6")
    assert fen() == positions[3]
    expect(board.locator(".legal")).to_have_text("Legal moves: 13x24, 14x23")  # a recapture is compulsory
    board.locator('button[data-action="why"]').click()
    expect(board.locator('.why li[data-rule="compulsory-capture"]')).to_be_visible()

    board.locator('button[data-action="last"]').click()
    expect(board.locator(".status")).to_contain_text("Position after 6 of 6")
    assert fen() == positions[6]
    expect(board.locator('button[data-action="next"]')).to_be_disabled()
    board.locator('button[data-action="prev"]').click()
    expect(board.locator(".status")).to_contain_text("Position after 5 of 6")
    board.locator('button[data-action="first"]').click()
    expect(board.locator(".status")).to_contain_text("Position after 0 of 6")
    assert fen() == positions[0]
    # clicking a legal move in the viewer says it is legal and does not change the game
    board.locator('[data-square="32"]').click()
    board.locator('[data-square="28"]').click()
    expect(board.locator(".status")).to_contain_text("32-28 is legal here")
    expect(board.locator(".moves button")).to_have_count(6)


def test_setup_mode_places_pieces_and_plays_from_there(page: Page, site: str, off_origin: list[str],
                                                       errors: list[str]) -> None:
    html = TWO_BOARDS.replace('id="a" variant="international" mode="two"',
                              'id="a" variant="english" mode="setup" fen="W:W:B"')
    page.goto(host(page, site, "host-setup.html", html))
    a = page.locator("#a")
    expect(a).to_have_attribute("data-state", "ready", timeout=60_000)
    a.locator('.palette input[value="w"]').check()
    a.locator('[data-square="22"]').click()
    expect(a.locator(".fen")).to_have_text("W:W22:B", timeout=ANSWER_MS)
    a.locator('.palette input[value="b"]').check()
    a.locator('[data-square="18"]').click()
    expect(a.locator(".fen")).to_have_text("W:W22:B18", timeout=ANSWER_MS)
    a.locator('button[data-action="play-here"]').click()
    expect(a).to_have_attribute("data-mode", "two", timeout=ANSWER_MS)
    a.locator('[data-square="22"]').click()
    a.locator('[data-square="15"]').click()
    wait_event(page, "e.type === 'draughts-move' && e.id === 'a' && e.detail.move === '22x15'")
    assert json.loads(json.dumps(events(page, "draughts-move", "a")[-1]["detail"]))["fen"] == "B:W15:B"


def test_embedded_board_plays_by_keyboard(page: Page, site: str, off_origin: list[str], errors: list[str]) -> None:
    page.goto(host(page, site, "host-keys.html", TWO_BOARDS))
    a = page.locator("#a")
    expect(a).to_have_attribute("data-state", "ready", timeout=60_000)
    a.locator('[data-square="34"]').focus()
    page.keyboard.press("Enter")
    expect(a.locator('[data-square="34"]')).to_have_attribute("data-state", "selected")
    page.keyboard.press("ArrowUp")
    focused = page.evaluate("document.getElementById('a').shadowRoot.activeElement.dataset.square")
    assert focused in ("29", "30")
    page.keyboard.press("Enter")
    wait_event(page, f"e.type === 'draughts-move' && e.id === 'a' && e.detail.move === '34-{focused}'")
    # the focus stays on the board, on the square moved to
    page.wait_for_function(f"document.getElementById('a').shadowRoot.activeElement?.dataset.square === '{focused}'")


def test_viewer_reads_a_bare_move_list_in_the_elements_variant(page: Page, site: str, off_origin: list[str],
                                                                errors: list[str]) -> None:
    # the iframe snippet of docs/embed.md: no tags, the variant comes from the URL
    page.goto(f"{site}embed.html?variant=russian&mode=view&pdn={quote('1. c3-d4 f6-g5 *')}")
    board = page.locator("draughts-board")
    expect(board).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(board.locator("button.sq")).to_have_count(32)
    expect(board.locator(".moves button")).to_have_text(["c3-d4", "f6-g5"])
    board.locator('button[data-action="last"]').click()
    expect(board.locator(".status")).to_contain_text("Position after 2 of 2")


def test_playing_black_the_computer_opens(page: Page, site: str, off_origin: list[str], errors: list[str]) -> None:
    html = TWO_BOARDS.replace('id="b" variant="russian" mode="play" level="1" lang="de"',
                              'id="b" variant="english" mode="play" level="1" orientation="white"')
    html = html.replace('id="a" variant="international" mode="two"', 'id="a" variant="russian" mode="play" level="1" orientation="black"')
    page.goto(host(page, site, "host-black.html", html))
    a = page.locator("#a")
    # Russian: White opens, and White is the computer here
    wait_event(page, "e.type === 'draughts-move' && e.id === 'a' && e.detail.by === 'computer' && e.detail.ply === 1", TURN_MS)
    expect(a).to_have_attribute("data-state", "ready")
    # Black at the bottom: Black's back row (b8) is drawn in the lower half of the board
    b8 = a.locator(f'[data-square="{Game("russian").geometry.number("b8")}"]')
    box, frame = b8.bounding_box(), a.locator(".board").bounding_box()
    assert box and frame and box["y"] > frame["y"] + frame["height"] / 2
    # English: Black opens, so the player with White waits for the computer as well
    wait_event(page, "e.type === 'draughts-move' && e.id === 'b' && e.detail.by === 'computer' && e.detail.ply === 1", TURN_MS)


def test_the_earlier_embed_address_still_gives_the_element(page: Page, site: str, off_origin: list[str],
                                                           errors: list[str]) -> None:
    # sites that followed the earlier snippet load embed.js; it must keep working
    html = TWO_BOARDS.replace('src="js/draughts-board.js"', 'src="embed.js"')
    page.goto(host(page, site, "host-old-address.html", html))
    expect(page.locator("#a")).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(page.locator("#a button.sq")).to_have_count(50)


SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 360, "height": 740}}
GLYPHS = "⏮⏭◀▶"


@pytest.mark.parametrize("size", list(SIZES))
def test_viewer_step_buttons_are_drawn_icons(page: Page, site: str, off_origin: list[str], errors: list[str],
                                             size: str) -> None:
    page.set_viewport_size(SIZES[size])
    page.goto(f"{site}embed.html?variant=russian&mode=view&pdn={quote('1. c3-d4 f6-g5 2. b2-c3 *')}")
    board = page.locator("draughts-board")
    expect(board).to_have_attribute("data-state", "ready", timeout=60_000)
    for name, label in (("first", "First move"), ("prev", "Previous move"), ("next", "Next move"), ("last", "Last move")):
        step = board.locator(f'button[data-action="{name}"]')
        expect(step).to_have_attribute("aria-label", label)
        # an inline SVG drawn in the button's colour, no character a font may lack
        expect(step.locator("svg path")).to_have_count(1)
        assert not any(glyph in step.inner_text() for glyph in GLYPHS)
        icon = step.locator("svg").bounding_box()
        assert icon and icon["width"] >= 12 and icon["height"] >= 12
    board.locator('button[data-action="last"]').click()
    expect(board.locator(".status")).to_contain_text("Position after 3 of 3")
    board.locator('button[data-action="first"]').click()
    expect(board.locator(".status")).to_contain_text("Position after 0 of 3")
    page.screenshot(path=str(SHOTS / f"embed-viewer-icons-{size}.png"))


END_AGAINST_COMPUTER = TWO_BOARDS.replace(
    'id="a" variant="international" mode="two"',
    'id="a" variant="international" mode="play" level="1" fen="W:W33:B28" LANG')


@pytest.mark.parametrize(("size", "lang", "words"), [
    ("desktop", "en", ("New game", "Rematch")), ("phone", "de", ("Neues Spiel", "Revanche"))])
def test_after_the_end_a_new_game_or_a_rematch(page: Page, site: str, off_origin: list[str], errors: list[str],
                                                size: str, lang: str, words: tuple[str, str]) -> None:
    page.set_viewport_size(SIZES[size])
    page.goto(host(page, site, f"host-rematch-{lang}.html", END_AGAINST_COMPUTER.replace("LANG", f'lang="{lang}"')))
    a = page.locator("#a")
    expect(a).to_have_attribute("data-state", "ready", timeout=60_000)
    new_game, rematch = a.locator('button[data-action="new-game"]'), a.locator('button[data-action="rematch"]')
    expect(rematch).to_have_count(0)  # not while the game goes on
    a.locator('[data-square="33"]').click()
    a.locator('[data-square="22"]').click()
    wait_event(page, "e.type === 'draughts-end' && e.id === 'a' && e.detail.result === '2-0'")
    expect(a).to_have_attribute("data-state", "over")
    expect(new_game).to_have_text(words[0])
    expect(rematch).to_have_text(words[1])
    a.screenshot(path=str(SHOTS / f"embed-game-over-{size}-{lang}.png"))
    # a new game: the same start, the same side
    new_game.click()
    expect(a).to_have_attribute("data-state", "ready", timeout=ANSWER_MS)
    assert page.evaluate("document.getElementById('a').fen") == "W:W33:B28"
    expect(rematch).to_have_count(0)
    a.locator('[data-square="33"]').click()
    a.locator('[data-square="22"]').click()
    page.wait_for_function("window.events.filter((e) => e.type === 'draughts-end' && e.id === 'a').length === 2",
                           timeout=ANSWER_MS)
    # the rematch: colours swapped, so the computer has White and makes the winning capture
    rematch.click()
    expect(a).to_have_attribute("orientation", "black")
    wait_event(page, "e.type === 'draughts-move' && e.id === 'a' && e.detail.by === 'computer' && e.detail.move === '33x22'",
               TURN_MS)
    page.wait_for_function("window.events.filter((e) => e.type === 'draughts-end' && e.id === 'a').length === 3",
                           timeout=ANSWER_MS)
    last_end = events(page, "draughts-end", "a")[-1]["detail"]
    assert last_end["winner"] == "white" and last_end["result"] == "2-0"
