"""The report page in Debian's Chromium: it loads from a file without a console error, and every
figure is there and decoded (the `browser` fixture is in tests/conftest.py)."""

from __future__ import annotations

from meeple.lab import page, runs
from tests.server.browsing import ARTIFACTS, watch_console


def test_report_page_opens_with_every_figure(browser, tmp_path):
    a = runs.run("goofspiel", ["random"] * 3, 20, seed=2, options={"cards": 4})
    b = runs.run("goofspiel", ["random"] * 3, 20, seed=2, options={"cards": 6})
    path = tmp_path / "report.html"
    path.write_text(page.render([a, b]), encoding="utf-8")
    tab = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    watch_console(tab, errors)
    tab.goto(path.as_uri())
    tab.wait_for_load_state("load")
    for fig in ("seats", "scores", "length", "categories", "elements-A", "elements-B"):
        img = tab.locator(f"#fig-{fig} img")
        assert img.count() == 1, fig
        assert img.evaluate("i => i.complete && i.naturalWidth > 300 && i.naturalHeight > 150"), fig
        assert img.bounding_box()["width"] > 300, fig  # laid out, not hidden
    assert tab.locator("h1").inner_text() == "Goofspiel: balance report"
    assert tab.locator("text=cards=6").count() >= 1  # run B is named
    ARTIFACTS.mkdir(exist_ok=True)
    tab.screenshot(path=str(ARTIFACTS / "report-goofspiel.png"), full_page=True)
    assert errors == []
    tab.close()
