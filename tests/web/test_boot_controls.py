"""Nothing clickable before it works: while Python is still booting (held back here by keeping
Pyodide's module waiting), every control on each page is clicked; none may throw, and every
control that needs Python is disabled with the reason as its tooltip. Then the boot goes on and
the page must become ready as usual."""

from __future__ import annotations

import pytest
from webutil import wait_ready

from boot_util import HeldBoot

# Clicks every enabled control of the document and of every shadow root in it, closing any dialog
# a click opened (a modal dialog would otherwise cover what comes next). Returns what was clicked.
CLICK_ALL_JS = """async () => {
  const clicked = [];
  const roots = [document];
  for (const host of document.querySelectorAll("*")) if (host.shadowRoot) roots.push(host.shadowRoot);
  for (const root of roots) {
    for (const el of root.querySelectorAll("button, select, input, a[href^='#'], [role=button], [data-square]")) {
      if (el.disabled || el.closest("dialog:not([open])")) continue;
      el.click();
      clicked.push(el.id || el.dataset.square || el.textContent.trim().slice(0, 20));
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const open of document.querySelectorAll("dialog[open]")) open.close();
    }
  }
  return clicked;
}"""

# The controls of each page that need Python, by selector.
NEEDS_PYTHON = {
    "": ["#btn-new", "#btn-undo", "#btn-redo", "#btn-hint", "#btn-draw", "#btn-resign", "#btn-pdn"],
    "learn.html": ["#tutorial-retry", "#tutorial-next", "#puzzle-hint-btn", "#puzzle-retry", "#puzzle-next"],
}


@pytest.mark.parametrize("path", ["", "learn.html", "embed.html?variant=international"])
def test_every_control_clicked_during_boot_throws_nothing(context, site: str, off_origin: list[str], path: str) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    with HeldBoot(context) as held:
        page.goto(site + path)
        held.wait_until_asked(page)
        if path == "":  # its worker asks before the page's own modules have run: wait for those too
            page.wait_for_function("() => window.__draughts")
        for selector in NEEDS_PYTHON.get(path, []):
            control = page.locator(selector)
            assert control.is_disabled(), f"{selector} can be clicked before Python is ready"
            assert control.get_attribute("title"), f"{selector} does not say why it is disabled"
        clicked = page.evaluate(CLICK_ALL_JS)
        if path in NEEDS_PYTHON:  # the embedded board shows its controls only once it works
            assert clicked, "nothing on the page could be clicked at all (the test would prove nothing)"
        assert page.get_attribute("html", "data-ready") != "true"
    if path.startswith("embed"):
        page.wait_for_function("() => document.querySelector('draughts-board')?.dataset.state === 'ready'",
                               timeout=60_000)
    else:
        wait_ready(page)
    if path == "":
        assert page.locator("#btn-new").is_enabled()
        assert page.locator("#btn-new").get_attribute("title") is None, "the boot's reason stays after it is over"
    assert errors == [], f"clicks during boot threw: {errors}"
