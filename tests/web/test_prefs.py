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
    return {w, h, data: Array.from(canvas.getContext('2d').getImageData(x, y, w, h).data)};
}"""

# The height in CSS pixels of the light ink (the label's fill) in the top-left corner of square
# n, an empty dark square: each row counts by how far its lightest pixel rises from the square's
# own colour towards the fill's, so a row the glyph's edge half covers counts a half (a yes/no
# threshold would turn a coverage near it into a row more or less). Counted in device pixels: a
# canvas's backing store is its box rounded to whole ones, so their ratio is not quite the scale.
LABEL_INK_HEIGHT = """(pixels) => {
    const {w, h, data} = pixels;
    const light = (i) => (data[i] + data[i + 1] + data[i + 2]) / 3;
    const ground = light(((h - 1) * w + (w - 1)) * 4);  // the corner away from the label
    const lightest = [];
    for (let y = 0; y < h; y++) {
        let m = ground;
        for (let x = 0; x < w; x++) m = Math.max(m, light((y * w + x) * 4));
        lightest.push(m);
    }
    const fill = Math.max(...lightest);
    if (fill - ground < 60) return 0;  // no label: nothing much lighter than the square
    const rows = lightest.reduce((sum, m) => sum + (m - ground) / (fill - ground), 0);
    return rows / devicePixelRatio;
}"""

# The digits "28" drawn as the board draws a square number of exactly 10 CSS px (its smallest):
# the same colours (the page's stylesheet sets both in every theme), rim and font, at whole
# device pixels, in pixels shaped for LABEL_INK_HEIGHT, so that the yardstick and the label are
# measured by one rule.
REFERENCE_PIXELS = """() => {
    const scale = devicePixelRatio;
    const root = document.querySelector('.board-canvas').parentElement;
    const css = getComputedStyle(root);
    const dark = css.getPropertyValue('--sq-dark').trim(), ink = css.getPropertyValue('--coord').trim();
    const w = 200, h = 100;
    const c = document.createElement('canvas');
    c.width = w; c.height = h;
    const x = c.getContext('2d');
    x.fillStyle = dark; x.fillRect(0, 0, w, h);
    const px = Math.round(10 * scale);
    x.font = `${px}px system-ui, sans-serif`;
    x.textBaseline = 'top'; x.lineWidth = Math.max(2, px * 0.22); x.lineJoin = 'round';
    x.strokeStyle = dark; x.fillStyle = ink;
    x.strokeText('28', 10, 10); x.fillText('28', 10, 10);
    return {w, h, data: Array.from(x.getImageData(0, 0, w, h).data)};
}"""


def yardstick_height(page: Page) -> float:
    return page.evaluate(LABEL_INK_HEIGHT, page.evaluate(REFERENCE_PIXELS))


# The board canvas's backing store and its box in device pixels.
CANVAS_SIZES = """() => {
    const canvas = document.querySelector('.board-canvas');
    const box = canvas.getBoundingClientRect();
    return [[canvas.width, canvas.height],
            [Math.round(box.width * devicePixelRatio), Math.round(box.height * devicePixelRatio)]];
}"""

LABEL_CORNER = [0, 0, 0.6, 0.45]


def label_height(page: Page, n: int = 28) -> float:
    pixels = page.evaluate(SQUARE_PIXELS, [n, LABEL_CORNER])
    return page.evaluate(LABEL_INK_HEIGHT, pixels)


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
        yardstick = yardstick_height(page)
        assert yardstick >= 6, yardstick  # the 10 px digits really were measured
        height = settled(page, lambda: label_height(page))
        assert height >= yardstick, (height, yardstick)  # at least 10 CSS px, on the phone too
        # one canvas pixel a device pixel: a drawing stretched over a box of another size blurs
        drawn, shown = page.evaluate(CANVAS_SIZES)
        assert drawn == shown, (drawn, shown)
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
