"""A report as a person sees it: Debian's chromium (driven by playwright, as tests/test_serve_browser.py
does) opens the page of a small run from disk with the network cut off, every figure has decoded
(an image with a natural width), every expected title shows, and a screenshot is taken.

Skipped when no chromium is installed, unless SNIPER_BROWSER_TEST=required (as in .ci/run).
"""

from pathlib import Path

from browser import CHROMIUM, sync_api  # skips the module where there is no chromium
from test_report import RUN_TITLES as TITLES

from sniper.games.sniper_holdem.rules import make_rules
from sniper.report import build as report
from sniper.runs.config import RunConfig
from sniper.runs.runner import simulate

FIGURES = """() => Array.from(document.querySelectorAll('figure')).map((f) => {
  const img = f.querySelector('img');
  return {caption: f.querySelector('figcaption').textContent, alt: img.alt, complete: img.complete,
          width: img.naturalWidth, height: img.naturalHeight, shown: img.getBoundingClientRect().width};
})"""


def test_a_person_opens_the_report_of_a_run_offline(tmp_path):
    out = tmp_path / "run"
    simulate(RunConfig(("easy", "normal", "hard", "hard"), make_rules(), seed=1, hands=300, chunk_games=5), out, 1)
    page_file = report.write_report(out, tmp_path / "report.html")
    requests: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(offline=True, viewport={"width": 1000, "height": 900})
        page = context.new_page()
        page.on("request", lambda request: requests.append(request.url))
        try:
            page.goto(Path(page_file).resolve().as_uri())
            page.wait_for_load_state("load")
            figures = page.evaluate(FIGURES)
            assert [f["caption"] for f in figures] == TITLES
            assert [f["alt"] for f in figures] == TITLES
            for figure in figures:
                assert figure["complete"] and figure["width"] > 0 and figure["height"] > 0, figure
                assert figure["shown"] > 0, figure
            assert page.title() == "Run run"
            assert page.locator("table caption").first.text_content().startswith("Per agent: net chips per hand")
            assert page.locator("tbody tr").count() == 3  # easy, normal, hard (both hard seats together)
            page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
        finally:
            browser.close()
    assert (tmp_path / "report.png").read_bytes()[:4] == b"\x89PNG"
    assert all(url.startswith(("file:", "data:")) for url in requests), requests  # nothing from the network
