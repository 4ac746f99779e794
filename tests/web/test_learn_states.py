"""The learn page's puzzles for rules that have none, and the tutorial's success message, at a
desktop and a phone size, in English and German.

Rules without puzzles leave nothing of the previous variant's puzzle on screen and offer the
variants that have puzzles; a step's success message stays until the user moves on and is kept
beside the next step's prompt.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from draughts import variant_keys
from draughts.teach.puzzles import all_puzzles
from draughts.text import render, message
from webutil import wait_ready

PUZZLES = all_puzzles()

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
ANSWER_MS = 30_000
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 360, "height": 740}}
VARIANTS_WITH_PUZZLES = sorted({p.variant for p in PUZZLES})
WITHOUT_PUZZLES = sorted(set(variant_keys()) - set(VARIANTS_WITH_PUZZLES))[0]  # a variant none is mined for yet


@pytest.fixture(params=[("desktop", "en"), ("phone", "de")], ids=["desktop-en", "phone-de"])
def learn(request, page: Page, site: str, off_origin: list[str], errors: list[str]):
    size, lang = request.param
    page.set_viewport_size(SIZES[size])
    page.add_init_script(f"localStorage.setItem('draughts.learn.lang', JSON.stringify('{lang}'))")
    page.goto(site + "learn.html")
    wait_ready(page)
    page.lang = lang  # type: ignore[attr-defined]
    page.size = size  # type: ignore[attr-defined]
    return page


def text(page: Page, text_id: str, **params: object) -> str:
    return render(message(text_id, **params), page.lang)  # type: ignore[attr-defined]


def test_rules_without_puzzles_clear_the_last_puzzle_and_offer_others(learn: Page) -> None:
    section = learn.locator("#puzzles")
    expect(section).to_have_attribute("data-state", "task", timeout=ANSWER_MS)
    expect(learn.locator("#puzzle-list button").first).to_be_visible()
    learn.select_option("#family", WITHOUT_PUZZLES)
    expect(section).to_have_attribute("data-state", "none", timeout=ANSWER_MS)
    expect(learn.locator("#puzzle-title")).to_have_text(text(learn, "no_puzzles"))
    # nothing of International's puzzle stays: no board, no list, no task, no buttons
    expect(learn.locator("#puzzle-board")).to_be_hidden()
    expect(learn.locator("#puzzle-list button")).to_have_count(0)
    expect(learn.locator("#puzzle-task")).to_have_text("")
    expect(learn.locator("#puzzle-source")).to_have_text("")
    expect(learn.locator("#puzzle-hint-btn")).to_be_hidden()
    offer = learn.locator("#puzzle-elsewhere")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text(text(learn, "pf_puzzles_elsewhere"))
    offered = learn.locator("#puzzle-variants button")
    expect(offered).to_have_count(len(VARIANTS_WITH_PUZZLES))
    assert sorted(offered.evaluate_all("bs => bs.map(b => b.dataset.variant)")) == VARIANTS_WITH_PUZZLES
    SHOTS.mkdir(parents=True, exist_ok=True)
    offer.scroll_into_view_if_needed()
    learn.screenshot(path=str(SHOTS / f"learn-no-puzzles-{learn.size}-{learn.lang}.png"))  # type: ignore[attr-defined]
    # taking the offer opens that variant's rules and puzzles
    learn.locator('#puzzle-variants button[data-variant="russian"]').click()
    expect(learn.locator("#family")).to_have_value("russian", timeout=ANSWER_MS)
    expect(section).to_have_attribute("data-state", "task", timeout=ANSWER_MS)
    expect(learn.locator("#puzzle-board")).to_be_visible()
    expect(learn.locator("#puzzle-elsewhere")).to_be_hidden()
    # the first ten of the variant's puzzles (the puzzle page has them all)
    expect(learn.locator("#puzzle-list button")).to_have_count(min(10, sum(p.variant == "russian" for p in PUZZLES)))


def test_a_steps_success_message_stays_until_read(learn: Page) -> None:
    learn.click('#tutorial-steps button[data-step="int-capture"]')
    tutorial = learn.locator("#tutorial")
    expect(tutorial).to_have_attribute("data-step", "int-capture")
    square = lambda n: learn.locator(f'#tutorial-board [data-square="{n}"]')  # noqa: E731
    expect(square(32)).to_have_attribute("data-state", "movable", timeout=ANSWER_MS)
    square(32).click()
    square(23).click()
    expect(tutorial).to_have_attribute("data-state", "done", timeout=ANSWER_MS)
    feedback = learn.locator("#tutorial-feedback")
    expect(feedback).to_have_attribute("data-kind", "done")
    done = feedback.inner_text()
    assert done
    # a stray click on the board after the step is done leaves the message as it is
    square(19).click()
    square(28).click()
    learn.wait_for_timeout(1500)  # time for a reply from Python, had one been asked
    expect(feedback).to_have_text(done)
    expect(feedback).to_have_attribute("data-kind", "done")
    # moving on shows the next prompt, and the message stays beside it
    learn.click("#tutorial-next")
    expect(tutorial).to_have_attribute("data-state", "task")
    expect(tutorial).not_to_have_attribute("data-step", "int-capture")
    earlier = learn.locator("#tutorial-earlier")
    expect(earlier).to_be_visible()
    expect(earlier).to_contain_text(text(learn, "pf_earlier_step"))
    expect(learn.locator("#tutorial-earlier-text")).to_have_text(done)
    expect(learn.locator("#tutorial-text")).not_to_be_empty()
    SHOTS.mkdir(parents=True, exist_ok=True)
    learn.locator("#tutorial").screenshot(path=str(SHOTS / f"learn-step-done-{learn.size}-{learn.lang}.png"))  # type: ignore[attr-defined]
    # choosing a step from the list starts it afresh
    learn.locator('#tutorial-steps button').first.click()
    expect(earlier).to_be_hidden()
