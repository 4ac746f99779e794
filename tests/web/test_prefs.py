"""The play page's preferences, used as a player uses them and checked where they show: the
square numbers (big enough to read, switchable, remembered), the sounds (made with WebAudio,
observed by wrapping the page's AudioContext; mute stops them; remembered), and the board's
colour themes and piece styles (read back from the canvas's pixels; remembered)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from screens import SCREENS, Screen, opened
from test_web_page import moves, new_game, square, wait_state
from webutil import wait_ready

# -- reading the canvas -----------------------------------------------------------------------

# The canvas pixels of square n's box (a fraction of it: x0, y0, x1, y1), in device pixels.
SQUARE_PIXELS = """([n, box]) => {
    const canvas = document.querySelector('.board-canvas');
    const button = document.querySelector(`[data-square="${n}"]`).getBoundingClientRect();
    const frame = canvas.getBoundingClientRect();
    const scale = canvas.width / frame.width;
    const x = Math.round((button.left - frame.left + box[0] * button.width) * scale);
    const y = Math.round((button.top - frame.top + box[1] * button.height) * scale);
    const w = Math.round((box[2] - box[0]) * button.width * scale);
    const h = Math.round((box[3] - box[1]) * button.height * scale);
    return {scale, w, h, data: Array.from(canvas.getContext('2d').getImageData(x, y, w, h).data)};
}"""

# The height in CSS pixels of the light ink (the label's fill) in the top-left corner of square
# n, an empty dark square: the rows with a pixel much lighter than the square itself.
LABEL_INK_HEIGHT = """([n, pixels]) => {
    const {scale, w, h, data} = pixels;
    const light = (i) => (data[i] + data[i + 1] + data[i + 2]) / 3;
    const ground = light(((h - 1) * w + (w - 1)) * 4);  // the corner away from the label
    let rows = 0;
    for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) if (light((y * w + x) * 4) > ground + 60) { rows++; break; }
    }
    return rows / scale;
}"""

# The same ink height for the digits drawn at exactly 10 CSS px in the page's font: the
# yardstick ("28" as a square number).
REFERENCE_INK_HEIGHT = """(scale) => {
    const c = document.createElement('canvas');
    c.width = 200; c.height = 100;
    const x = c.getContext('2d');
    x.fillStyle = '#000'; x.fillRect(0, 0, 200, 100);
    x.fillStyle = '#fff'; x.textBaseline = 'top';
    x.font = `${Math.round(10 * scale)}px system-ui, sans-serif`;
    x.fillText('28', 10, 10);
    const d = x.getImageData(0, 0, 200, 100).data;
    let rows = 0;
    for (let y = 0; y < 100; y++) {
        for (let i = 0; i < 200; i++) if (d[(y * 200 + i) * 4] > 128) { rows++; break; }
    }
    return rows / scale;
}"""

LABEL_CORNER = [0, 0, 0.6, 0.45]


def label_height(page: Page, n: int = 28) -> float:
    pixels = page.evaluate(SQUARE_PIXELS, [n, LABEL_CORNER])
    return page.evaluate(LABEL_INK_HEIGHT, [n, pixels])


def settled(page: Page, read, differs_from=None):
    """A canvas reading once the board has drawn (two frames after a change), polled until it
    differs from `differs_from` if given."""
    value = None
    for _ in range(40):
        page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        value = read()
        if differs_from is None or value != differs_from:
            return value
        page.wait_for_timeout(50)
    return value


def open_settings(page: Page) -> None:
    page.locator("#btn-settings").click()
    expect(page.locator("#dlg-settings")).to_be_visible()


def close_settings(page: Page) -> None:
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-settings")).to_be_hidden()


def reload(page: Page) -> None:
    page.reload()
    wait_ready(page)


@pytest.mark.parametrize("screen", SCREENS)
def test_square_numbers_are_readable_switchable_and_remembered(browser: Browser, site: str, screen: Screen) -> None:
    with opened(browser, site, screen) as page:
        scale = page.evaluate("document.querySelector('.board-canvas').width / document.querySelector('.board-canvas').getBoundingClientRect().width")
        yardstick = page.evaluate(REFERENCE_INK_HEIGHT, scale)
        assert yardstick >= 6, yardstick  # the 10 px digits really were measured
        height = settled(page, lambda: label_height(page))
        assert height >= yardstick, (height, yardstick)  # at least 10 CSS px, on the phone too
        # switched off in the settings (whose words are the page's language), and remembered
        open_settings(page)
        expect(page.locator("label", has=page.locator("#set-labels"))).to_contain_text(screen.says("Square labels", "Feldbeschriftung"))
        page.select_option("#set-labels", "none")
        close_settings(page)
        assert settled(page, lambda: label_height(page), differs_from=height) == 0
        reload(page)
        assert settled(page, lambda: label_height(page)) == 0
        # N brings them back, and says so
        page.locator("body").press("n")
        expect(page.locator("#announce")).to_have_text(screen.says("Square numbers shown", "Feldnummern sichtbar"))
        assert settled(page, lambda: label_height(page), differs_from=0) >= yardstick
        reload(page)
        assert settled(page, lambda: label_height(page)) >= yardstick


# -- sounds -------------------------------------------------------------------------------------

# Wraps the page's AudioContext before any script runs: every note the page starts is recorded
# (waveform and pitch), so a test sees which sound a move made, or that none was made.
AUDIO_SPY = """
window.__audio = {contexts: 0, notes: []};
const RealAudioContext = window.AudioContext;
window.AudioContext = class extends RealAudioContext {
    constructor(...args) { super(...args); window.__audio.contexts += 1; }
    createOscillator() {
        const oscillator = super.createOscillator();
        const start = oscillator.start.bind(oscillator);
        oscillator.start = (...when) => {
            window.__audio.notes.push([oscillator.type, oscillator.frequency.value]);
            return start(...when);
        };
        return oscillator;
    }
};
"""


def notes(page: Page) -> int:
    return page.evaluate("window.__audio.notes.length")


def sound_of(page: Page, action) -> tuple:
    """The notes started by `action` (sorted: the sound's signature)."""
    before = notes(page)
    action()
    page.wait_for_timeout(150)
    return tuple(sorted(tuple(n) for n in page.evaluate("window.__audio.notes")[before:]))


def tap_move(page: Page, origin: int, destination: int) -> None:
    count = moves(page).count()
    square(page, origin).click()
    square(page, destination).click()
    expect(moves(page)).to_have_count(count + 1)
    wait_state(page, "play", "over")


def set_position(page: Page, fen: str) -> None:
    page.click("#btn-pdn")
    page.fill("#fen-text", fen)
    page.click("#fen-set")
    expect(page.locator("#pdn-message")).to_have_class(re.compile(r"\bok\b"))
    page.keyboard.press("Escape")


@pytest.mark.parametrize("screen", SCREENS)
def test_sounds_for_move_capture_promotion_and_end_with_a_remembered_mute(browser: Browser, site: str, screen: Screen) -> None:
    with opened(browser, site, screen, init_script=AUDIO_SPY) as page:
        new_game(page, mode="two")
        move = sound_of(page, lambda: tap_move(page, 32, 28))
        assert move and page.evaluate("window.__audio.contexts") == 1
        tap_move(page, 19, 23)
        capture = sound_of(page, lambda: tap_move(page, 28, 19))
        set_position(page, "W:W6:B45")
        promotion = sound_of(page, lambda: tap_move(page, 6, 1))
        end = sound_of(page, lambda: page.click("#btn-resign"))
        expect(page.locator("html")).to_have_attribute("data-state", "over")
        signatures = [move, capture, promotion, end]
        assert all(signatures) and len(set(signatures)) == 4, signatures
        # muted in the settings: no note, and still none after a reload
        new_game(page, mode="two")
        open_settings(page)
        sound = page.locator("#set-sound")
        expect(page.locator("label", has=sound)).to_contain_text(screen.says("Sounds", "Töne"))
        expect(sound).to_be_checked()
        sound.uncheck()
        close_settings(page)
        assert sound_of(page, lambda: tap_move(page, 32, 28)) == ()
        reload(page)
        assert sound_of(page, lambda: tap_move(page, 19, 23)) == ()
        open_settings(page)
        expect(page.locator("#set-sound")).not_to_be_checked()
        close_settings(page)
        # M turns them on again, and says so
        page.locator("body").press("m")
        expect(page.locator("#announce")).to_have_text(screen.says("Sounds on", "Töne an"))
        assert sound_of(page, lambda: tap_move(page, 28, 19)) == capture


# -- board colours and piece styles -------------------------------------------------------------

def square_colour(page: Page, n: int) -> tuple[int, int, int]:
    """The colour in the middle of square n (an empty square)."""
    pixels = page.evaluate(SQUARE_PIXELS, [n, [0.45, 0.45, 0.55, 0.55]])
    data = pixels["data"]
    return (data[0], data[1], data[2])


def piece_look(page: Page, n: int) -> tuple[int, ...]:
    """The pixels across the middle of the piece on square n, coarsely: its drawing style."""
    pixels = page.evaluate(SQUARE_PIXELS, [n, [0.1, 0.48, 0.9, 0.52]])
    data = pixels["data"]
    w = pixels["w"]
    return tuple(data[(x * 4) + c] // 8 for x in range(0, w, max(1, w // 24)) for c in range(3))


@pytest.mark.parametrize("screen", SCREENS)
def test_board_colours_and_piece_styles_are_drawn_and_remembered(browser: Browser, site: str, screen: Screen) -> None:
    with opened(browser, site, screen) as page:
        dark = settled(page, lambda: square_colour(page, 28))
        pieces = {"rings": settled(page, lambda: piece_look(page, 45))}
        open_settings(page)
        expect(page.locator("label", has=page.locator("#set-board"))).to_contain_text(screen.says("Board colours", "Brettfarben"))
        expect(page.locator("#set-pieces option")).to_have_text(
            [screen.says("With a ring", "Mit Ring"), screen.says("Flat", "Flach"), screen.says("Shaded", "Plastisch")])
        colours = {"classic": dark}
        for theme in ("green", "blue"):
            page.select_option("#set-board", theme)
            colours[theme] = settled(page, lambda: square_colour(page, 28), differs_from=colours["classic"])
        assert len(set(colours.values())) == 3, colours
        assert colours["green"][1] > colours["green"][0] and colours["blue"][2] > colours["blue"][0], colours
        for style in ("flat", "shaded"):
            page.select_option("#set-pieces", style)
            pieces[style] = settled(page, lambda: piece_look(page, 45), differs_from=pieces["rings"])
        assert len(set(pieces.values())) == 3
        close_settings(page)
        # a new visit draws the board as it was left
        reload(page)
        assert settled(page, lambda: square_colour(page, 28)) == colours["blue"]
        assert settled(page, lambda: piece_look(page, 45)) == pieces["shaded"]
        open_settings(page)
        expect(page.locator("#set-board")).to_have_value("blue")
        expect(page.locator("#set-pieces")).to_have_value("shaded")
        page.select_option("#set-board", "classic")
        page.select_option("#set-pieces", "rings")
        close_settings(page)
        assert settled(page, lambda: square_colour(page, 28), differs_from=colours["blue"]) == colours["classic"]
        assert settled(page, lambda: piece_look(page, 45), differs_from=pieces["shaded"]) == pieces["rings"]
