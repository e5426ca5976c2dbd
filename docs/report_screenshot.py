"""Remake docs/report-screenshot.png: the README's example run at a small size, its report, in chromium.

    python docs/report_screenshot.py   # needs playwright and Debian's chromium (apt-get install chromium)

It runs ``sniper simulate --players 4 --hands 1e4 --out runs/example`` and ``sniper report runs/example``
in a temporary directory, opens the page with the network cut off and saves the top of it.
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
HEIGHT = 1900
"""Pixels of the page kept: the run's facts, the summary table and the first figures."""


def main() -> None:
    """Simulate, report, screenshot (see the module docstring)."""
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "runs" / "example"
        sniper = [sys.executable, "-m", "sniper"]
        simulate = ["simulate", "--players", "4", "--hands", "1e4", "--out", "runs/example", "--quiet"]
        subprocess.run([*sniper, *simulate], check=True, cwd=tmp, stdout=subprocess.DEVNULL)
        subprocess.run([*sniper, "report", "runs/example"], check=True, cwd=tmp)
        with sync_playwright() as playwright:
            chromium = shutil.which("chromium") or shutil.which("chromium-browser")
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = browser.new_context(offline=True, viewport={"width": 900, "height": HEIGHT}).new_page()
            page.goto((run / "report.html").as_uri())
            page.screenshot(path=str(HERE / "report-screenshot.png"))
            browser.close()


if __name__ == "__main__":
    main()
