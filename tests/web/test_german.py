"""Every screen in German (and the labels of losing games and draw presets in English too): a
browser whose language is German walks the play page (with its
dialogs, the PDN panel, a hint and an error), the board editor, the learn page (rules, tutorial,
puzzles) and an embedded board, and fails on any text that is still English.

A text counts as English when it is a catalogue value in English that differs from the German
one (each fixed part of a template, as a whole word or phrase), or when a raw catalogue id shows.
The catalogues are read from draughts/text, so a new English sentence is checked as soon as it
exists.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from webutil import SHOTS, guard_origin, wait_ready

ROOT = Path(__file__).resolve().parents[2]
EN = json.loads((ROOT / "draughts" / "text" / "en.json").read_text("utf-8"))
DE = json.loads((ROOT / "draughts" / "text" / "de.json").read_text("utf-8"))
ANSWER_MS = 60_000


def english_phrases() -> dict[str, str]:
    """Each fixed part (3+ letters of words) of every English template that German words differently."""
    phrases: dict[str, str] = {}
    for text_id, english in EN.items():
        # each language is named in its own language in every language menu
        if english == DE[text_id] or text_id == "language_name":
            continue
        for part in re.split(r"\{\w+(?::n)?\}", english):
            part = part.strip(" .,:;—–-()“”\"'…")
            # a part that German has too (a name, a number, "FEN") proves nothing
            if len(re.sub(r"[^A-Za-z]", "", part)) >= 3 and not re.search(re.escape(part), DE[text_id]):
                phrases.setdefault(part, text_id)
    return phrases


PHRASES = english_phrases()
PATTERN = re.compile("|".join(rf"(?<![\w-]){re.escape(p)}(?![\w-])" for p in sorted(PHRASES, key=len, reverse=True)))
# a raw id: one with a dot or an underscore (plain words such as "white" are words too)
RAW_IDS = re.compile("|".join(rf"(?<![\w.-]){re.escape(i)}(?![\w-])" for i in EN if re.search(r"[._]", i)))

VISIBLE_TEXT = """() => {
  const out = [];
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const walk = (root) => {
    out.push(root.body ? root.body.innerText : root.innerText || "");
    for (const el of root.querySelectorAll("select")) if (visible(el)) for (const o of el.options) out.push(o.text);
    for (const el of root.querySelectorAll("[aria-label], [title]")) {
      if (visible(el)) out.push(el.getAttribute("aria-label") || "", el.getAttribute("title") || "");
    }
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  out.push(document.title);
  return out.join("\\n");
}"""


def untranslated(page: Page) -> list[str]:
    text = page.evaluate(VISIBLE_TEXT)
    found = {f"{m.group(0)!r} ({PHRASES[m.group(0)]})" for m in PATTERN.finditer(text)}
    found |= {f"raw id {m.group(0)!r}" for m in RAW_IDS.finditer(text)}
    return sorted(found)


class Walk:
    """Collects what each screen shows in English, so one run names every gap."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.gaps: dict[str, list[str]] = {}

    def check(self, screen: str) -> None:
        found = untranslated(self.page)
        if found:
            self.gaps[screen] = found
        self.page.screenshot(path=str(SHOTS / f"de-{screen}.png"))


@pytest.fixture
def german(browser: Browser, site: str):
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    seen: list[str] = []
    guard_origin(context, site, seen)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert seen == [] and errors == [], (seen, errors)


def test_the_phrase_list_finds_english_and_not_german() -> None:
    assert PATTERN.search("Schwarz am Zug — you win by losing all your pieces")
    assert PATTERN.search("Stufe 7 — Strongest")
    assert not PATTERN.search("Weiß am Zug — Sie spielen Weiß")
    assert RAW_IDS.search("Tipp: hint.keeps_balance") and not RAW_IDS.search("Tipp: 34-30 — hält das Gleichgewicht")


def play_page(walk: Walk, site: str) -> None:
    page = walk.page
    page.goto(site)
    wait_ready(page)
    expect(page.locator("#turn")).to_contain_text("Weiß am Zug")
    walk.check("play")

    page.click("#btn-new")
    dialog = page.locator("#dlg-new")
    dialog.locator("select[name=variant]").select_option("antidraughts")
    expect(dialog.locator("select[name=variant] option[value=antidraughts]")).to_contain_text(
        "Sie gewinnen, wenn Sie alle Steine verlieren")
    dialog.locator("select[name=drawRules]").select_option("casual-60")
    expect(page.locator("#new-draw-about")).to_contain_text("60 Züge je Seite")
    # a level's node budget, its thousands grouped the German way
    expect(dialog.locator("select[name=level] option").nth(4)).to_have_text(
        "5 — Experte: solide: prüft etwa 1.800 Stellungen pro Zug")
    walk.check("new-game")
    dialog.locator("input[name=mode][value=two]").check()
    page.click("#new-start")
    expect(page.locator("#game-variant")).to_have_text("Antidame — Sie gewinnen, wenn Sie alle Steine verlieren")
    walk.check("losing-game")

    page.click("#btn-hint")
    expect(page.locator("#status")).to_contain_text(re.compile(r"Tipp: \S+ — \w"), timeout=ANSWER_MS)
    walk.check("hint")

    page.click("#btn-settings")
    walk.check("settings")
    page.locator("#dlg-settings button").click()

    page.click("#btn-pdn")
    page.click("#pdn-export")
    expect(page.locator("#pdn-text")).to_have_value(re.compile(r"\[Result"))
    page.fill("#fen-text", "W:W99:B1")
    page.click("#fen-set")
    expect(page.locator("#pdn-message")).to_have_text(
        "Diese FEN ist nicht verwendbar: Feld 99 liegt nicht auf dem Brett (1–50) (bei Zeichen 4)")
    walk.check("pdn-error")
    page.keyboard.press("Escape")


def editor_page(walk: Walk, site: str) -> None:
    page = walk.page
    page.goto(site + "editor.html")
    wait_ready(page)
    page.click("#ed-clear")
    expect(page.locator("#ed-problems")).to_contain_text("Das Brett ist leer")
    walk.check("editor")


def learn_page(walk: Walk, site: str) -> None:
    page = walk.page
    page.goto(site + "learn.html")
    wait_ready(page)
    walk.check("learn-rules")
    page.click('a[href="#tutorial"]')
    page.click('#tutorial-steps button[data-step="int-capture"]')
    expect(page.locator('#tutorial-board [data-square="32"]')).to_have_attribute("data-state", "movable", timeout=ANSWER_MS)
    page.locator('#tutorial-board [data-square="39"]').click()
    expect(page.locator("#tutorial-feedback")).to_have_attribute("data-kind", "refused", timeout=ANSWER_MS)
    walk.check("learn-tutorial")
    page.click('a[href="#puzzles"]')
    # the puzzle's origin in German (the first set's, or a mined puzzle's seed, game and ply)
    expect(page.locator("#puzzle-source")).to_contain_text(
        re.compile(r"Quelle: (aus der ersten Sammlung|aus Partien der Engine)"), timeout=ANSWER_MS)
    page.click("#puzzle-hint-btn")
    walk.check("learn-puzzles")


def embed_page(walk: Walk, site: str) -> None:
    page = walk.page
    page.goto(site + "embed.html?variant=russian&mode=two")
    expect(page.locator("draughts-board")).to_have_attribute("data-state", "ready", timeout=ANSWER_MS)
    walk.check("embed")


def test_every_screen_is_german(german: Page, site: str) -> None:
    walk = Walk(german)
    play_page(walk, site)
    editor_page(walk, site)
    learn_page(walk, site)
    embed_page(walk, site)
    assert walk.gaps == {}, json.dumps(walk.gaps, indent=1, ensure_ascii=False)


def test_losing_games_and_draw_presets_are_labelled_in_english_too(game: Page) -> None:
    page = game
    page.click("#btn-new")
    dialog = page.locator("#dlg-new")
    losing = dialog.locator("select[name=variant] option", has_text="you win by losing all your pieces")
    expect(losing).to_have_count(2)  # Antidraughts and Schlagdame, and no other variant
    assert sorted(losing.evaluate_all("options => options.map(o => o.value)")) == ["antidraughts", "schlagdame"]
    names = dialog.locator("select[name=drawRules] option").all_inner_texts()
    assert names == ["The variant's own", "FMJD (world federation)", "German federation (classic)", "Casual, 60 moves"]
    dialog.locator("select[name=drawRules]").select_option("fmjd")
    expect(page.locator("#new-draw-about")).to_have_text(
        "Third repetition, 25 moves each with only kings moving, and 16 or 5 moves in a few king endings.")
    levels = dialog.locator("select[name=level] option").all_inner_texts()
    # each level by its name and what it is
    assert levels[0].startswith("1 — First game: looks one move ahead") and levels[-1].startswith("8 — Strongest: ")
    dialog.locator("select[name=variant]").select_option("schlagdame")
    dialog.locator("input[name=mode][value=two]").check()
    page.click("#new-start")
    expect(page.locator("#game-variant")).to_have_text("Schlagdame (German losing game) — you win by losing all your pieces")
    page.click("#btn-new")
    dialog.locator("select[name=variant]").select_option("russian")
    page.click("#new-start")
    expect(page.locator("#game-variant")).to_have_text("Russian")  # a game won the usual way says no goal
