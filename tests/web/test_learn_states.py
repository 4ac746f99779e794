"""The learn page's puzzles for every set of rules, and the tutorial's success message, at a
desktop and a phone size, in English and German.

Every variant's rules come with that variant's own puzzles (nothing of the previous variant's
stays on screen); a step's success message stays until the user moves on and is kept beside the
next step's prompt.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from draughts import variant_keys
from draughts.teach.puzzles import all_puzzles
from draughts.text import render, message
from webutil import SHOTS, wait_ready

PUZZLES = all_puzzles()

ANSWER_MS = 30_000
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 360, "height": 740}}


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


def test_every_variants_rules_come_with_its_own_puzzles(learn: Page) -> None:
    section = learn.locator("#puzzles")
    expect(section).to_have_attribute("data-state", "task", timeout=ANSWER_MS)
    offered = learn.locator("#family option").evaluate_all("os => os.map(o => o.value)")
    assert sorted(offered) == sorted(variant_keys())
    for variant in offered:
        # Brazilian plays International's rules on 8x8, so each of the two lists the other's too
        family = {"international": ["international", "brazilian"],
                  "brazilian": ["brazilian", "international"]}.get(variant, [variant])
        own = {v: [p for p in PUZZLES if p.variant == v] for v in family}
        learn.select_option("#family", variant)
        # the first of the variant's own puzzles is on the board, and the first ten are listed
        expect(section).to_have_attribute("data-puzzle", own[variant][0].id, timeout=ANSWER_MS)
        expect(section).to_have_attribute("data-state", "task")
        expect(learn.locator("#puzzle-board")).to_be_visible()
        expect(learn.locator("#puzzle-list button")).to_have_count(sum(min(10, len(ps)) for ps in own.values()))
        expect(learn.locator("#puzzle-task")).not_to_have_text("")
    section.scroll_into_view_if_needed()
    learn.screenshot(path=str(SHOTS / f"learn-puzzles-{learn.size}-{learn.lang}.png"))  # type: ignore[attr-defined]


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
    learn.locator("#tutorial").screenshot(path=str(SHOTS / f"learn-step-done-{learn.size}-{learn.lang}.png"))  # type: ignore[attr-defined]
    # choosing a step from the list starts it afresh
    learn.locator('#tutorial-steps button').first.click()
    expect(earlier).to_be_hidden()
