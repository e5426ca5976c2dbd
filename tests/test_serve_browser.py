"""A real browser (Debian's chromium driven by playwright) plays through the page against the AI:
the legal actions as buttons (R6), the turn timer and its timeout rule (R11), a snipe (R7), the
"Show my best hand" helper (R11), the result and the deal button (R11). Saves a screenshot.

Skipped when no chromium is installed, unless SNIPER_BROWSER_TEST=required (as in .ci/run).
"""

import os
import shutil
import time
from pathlib import Path

import pytest

from sniper.serve.app import running
from sniper.serve.settings import Settings

CHROMIUM = os.environ.get("SNIPER_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
if os.environ.get("SNIPER_BROWSER_TEST") == "required":
    from playwright import sync_api  # CI: a missing browser or playwright is a failure, not a skip

    assert CHROMIUM is not None, "SNIPER_BROWSER_TEST=required but no chromium is installed"
else:
    if CHROMIUM is None:
        pytest.skip("no chromium to drive (apt-get install chromium)", allow_module_level=True)
    sync_api = pytest.importorskip("playwright.sync_api")
TURN_SECONDS = 3.0
"""Short turns, so that the test sees the timeout rule without waiting 30 s."""
MAX_HANDS = 12
WAIT_MS = 60_000

SITUATION = """() => {
  const visible = (id) => !document.getElementById(id).classList.contains('hidden');
  if (visible('over')) return 'over';
  if (document.querySelector('#actions button')) return 'bet';
  if (visible('snipe-box')) return 'snipe';
  if (visible('result') && !document.getElementById('deal').classList.contains('hidden')) return 'result';
  return null;
}"""


@pytest.fixture
def page(tmp_path):
    settings = Settings(turn_seconds=TURN_SECONDS, result_seconds=60, ai_delay=0.05, out=tmp_path / "games", seed=3)
    with running(settings) as server, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        # the page's CSP forbids eval, which playwright's wait_for_function polls with
        page = browser.new_page(viewport={"width": 1000, "height": 820}, bypass_csp=True)
        page.base_url = server.base_url
        try:
            yield page
        except BaseException:
            page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
            raise
        finally:
            browser.close()


def test_a_person_plays_hands_through_the_page(page, tmp_path):
    expect = sync_api.expect
    page.goto(page.base_url)
    page.click("#solo")  # one click from the start page (R11)
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator(".seat")).to_have_count(4)  # 4 players by default against the computer (R11)
    done = {"button": False, "timeout": False, "snipe": False, "result": False}
    screenshot = tmp_path / "hand.png"
    for _ in range(200):
        page.wait_for_function(SITUATION, timeout=WAIT_MS)
        situation = page.evaluate(SITUATION)
        hand = page.evaluate("last.hand")
        if situation == "over" or hand["hand"] >= MAX_HANDS:
            break
        if situation == "bet":
            buttons = page.locator("#actions button").all_inner_texts()
            assert buttons == hand["legal"], "the buttons are exactly the legal actions (R6)"
            expect(page.locator("#helper")).to_contain_text("Your best hand")
            if not done["timeout"] and "check" in buttons:
                expect(page.locator("#timer")).to_have_text(f"{int(TURN_SECONDS)} s", timeout=2000)
                expect(page.locator("#log")).to_contain_text("Player ran out of time: check", timeout=WAIT_MS)
                done["timeout"] = True
            else:
                turn = page.evaluate("last.turn")
                page.click(f"#actions button[data-action='{'call' if 'call' in buttons else 'check'}']")
                page.wait_for_function(f"last.turn > {turn}", timeout=WAIT_MS)
                done["button"] = True
        elif situation == "snipe":
            expect(page.locator("#helper")).to_contain_text("Your best hand: ")
            page.select_option("#snipe-type", label="full house")
            page.select_option("#snipe-top", label="9")
            if not screenshot.exists():
                page.screenshot(path=str(screenshot), full_page=True)
            page.click("#snipe-go")
            expect(page.locator("#snipes-made")).to_contain_text("Player: 9 full house")
            done["snipe"] = True
        elif situation == "result":
            expect(page.locator("#result-text")).to_contain_text("won")
            if hand["result"]["showdown"] is not None:
                expect(page.locator(".seat[data-seat='1'] .card:not(.back)")).to_have_count(
                    2 if 1 in [s["seat"] for s in hand["result"]["showdown"]] else 0
                )
            done["result"] = True
            page.click("#deal")
            page.wait_for_function(f"last.hand.hand > {hand['hand']}", timeout=WAIT_MS)
        if all(done.values()):
            break
        time.sleep(0.05)
    assert all(done.values()), f"not every part of the page was exercised: {done}"
    assert screenshot.exists()
    target = os.environ.get("SNIPER_SCREENSHOT")
    if target:
        shutil.copy(screenshot, Path(target))
