"""The pages of no-limit Hold'em, five-card draw and Saint Poker in a real browser (Debian chromium, playwright):
from the lobby's list of games, a game against the computer is started, and a whole hand (a round of Saint Poker)
is played by clicking, at a desktop's and a phone's size, under a strict Content-Security-Policy
(``test_serve_browser.browser``). ``SNIPER_SCREENSHOTS=DIR`` copies the screenshots there (docs/)."""

import os
import shutil
import time
from pathlib import Path

import pytest
from browser import sync_api  # skips the module where there is no chromium
from test_serve_browser import DESKTOP, IN_VIEW, PHONE, TURN_SECONDS, WAIT_MS, browser  # noqa: F401 - the fixture

from sniper.core.registry import get_game


@pytest.fixture
def turn_seconds() -> float:
    """No turn runs out here: these tests click every move (at load 3 a 3-second turn ran out between reading the
    state and clicking "raise", and the click waited 30 s for a control the fold had hidden)."""
    return 600.0


SITUATION = """() => {
  const visible = (id) => document.getElementById(id) && !document.getElementById(id).classList.contains('hidden');
  if (visible('over')) return 'over';
  if (!document.getElementById('deal').classList.contains('hidden')) return 'result';
  if (document.querySelector('#actions button') || visible('raise-box')) return 'turn';
  if (document.querySelector('#pool .card:not(.disabled)')) return 'take';
  return null;
}"""


def start(page, game: str) -> None:
    """Open the lobby, follow its link to ``game``'s page, start a 3-player game against the computer."""
    expect = sync_api.expect
    page.goto(page.base_url)
    link = page.locator(f"#games a.game-link[data-game='{game}']")
    expect(link).to_be_visible()
    link.click()
    expect(page.locator("#solo")).to_be_visible()
    rules = page.request.get(page.base_url + page.locator("#rules-link").get_attribute("href"))
    assert rules.ok and rules.text().startswith("# ")
    page.select_option("#players", "3")
    page.click("#solo")
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator(".seat")).to_have_count(3)
    expect(page.locator(".seat[data-seat='0'] .kind")).to_have_text("person")


def wait_turn_over(page, turn: int) -> None:
    page.wait_for_function("(turn) => T.last.turn > turn || T.last.status !== 'playing'", arg=turn, timeout=WAIT_MS)


def play_one_hand(page, game: str, shots: Path, size: str) -> dict:
    """Click through one hand (round) of ``game`` until its result is on screen; returns that state message."""
    expect = sync_api.expect
    did = set()
    for _ in range(300):
        page.wait_for_function(SITUATION, timeout=WAIT_MS)
        situation = page.evaluate(SITUATION)
        message = page.evaluate("T.last")
        hand = message["hand"]
        if situation in ("result", "over"):
            assert page.evaluate(IN_VIEW, "#result-text" if game != "saint" else "#deal"), "the result is off screen"
            page.screenshot(path=str(shots / f"{game}-{size}-result.png"), full_page=True)
            return {"message": message, "did": did}
        turn = message["turn"]
        if situation == "take":
            page.locator("#pool .card").first.click()
            did.add("take")
        elif game == "saint":
            need = 2 if hand["phase"] == "pair" else 1
            for card in page.locator("#private .card").all()[:need]:
                card.click()
            expect(page.locator("#private .card.picked")).to_have_count(need)
            if hand["phase"] == "pair":
                page.screenshot(path=str(shots / f"{game}-{size}-turn.png"), full_page=True)
            page.click("#actions button[data-action='pick']")
            page.wait_for_function(  # hidden until all have picked (S9), unless the others had picked already
                "(turn) => T.last.turn > turn || document.getElementById('pick-note').textContent.includes('hidden')",
                arg=turn,
                timeout=WAIT_MS,
            )
            did.add(hand["phase"])
        elif "draw" in hand["legal"]:
            for card in page.locator("#private .card").all()[:2]:
                card.click()
            expect(page.locator("#actions button[data-action='draw']")).to_have_text("Draw 2")
            page.screenshot(path=str(shots / f"{game}-{size}-turn.png"), full_page=True)
            page.click("#actions button[data-action='draw']")
            did.add("draw")
        else:
            assert page.evaluate(IN_VIEW, "#actions button"), "a betting button is off the screen"
            if game == "holdem" and "raise" in hand["legal"] and "raise" not in did:
                expect(page.locator("#raise-to")).to_have_value(str(hand["min_raise_to"]))
                page.screenshot(path=str(shots / f"{game}-{size}-turn.png"), full_page=True)
                page.click("#raise-go")
                did.add("raise")
            else:
                action = "check" if "check" in hand["legal"] else "call"
                page.click(f"#actions button[data-action='{action}']")
                did.add(action)
        wait_turn_over(page, turn)
        time.sleep(0.05)
    raise AssertionError(f"no {game} hand ended")


@pytest.mark.parametrize("game", ["holdem", "draw", "saint"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_hand_of_each_game_is_played_by_clicking(browser, tmp_path, game, size):  # noqa: F811 - the fixture
    expect = sync_api.expect
    page = browser(DESKTOP if size == "desktop" else PHONE)
    start(page, game)
    played = play_one_hand(page, game, tmp_path, size)
    message, did = played["message"], played["did"]
    hand = message["hand"]
    if game == "saint":
        assert {"pick", "pair"} <= did, did
        expect(page.locator("#last-round")).to_contain_text("Round 1")
        assert hand["last"]["round"] == 1 and len(hand["last"]["pairs"]) == 3
    else:
        result = hand["result"]
        assert result is not None and sum(result["winnings"]) == 0
        expect(page.locator("#result-text")).to_be_visible()
        for shown in result["showdown"]:
            expect(page.locator("#result-text")).to_contain_text(shown["name"])
    target = os.environ.get("SNIPER_SCREENSHOTS")
    if target:
        for shot in tmp_path.glob(f"{game}-{size}-*.png"):
            shutil.copy(shot, Path(target) / shot.name)


def test_a_reload_takes_the_seat_again_a_spectator_sees_no_hidden_card_and_the_history_downloads(browser, tmp_path):  # noqa: F811
    """No-limit Hold'em at a desktop's size: the page reloaded at the player's turn takes the same seat with the same
    cards (its token kept in the page); the room's spectator link shows the table read only, every other seat's
    cards face down; the history of the finished hand downloads as PHH naming the game."""
    expect = sync_api.expect
    page = browser(DESKTOP)
    start(page, "holdem")
    page.wait_for_function(SITUATION, timeout=WAIT_MS)
    before = page.evaluate("T.last")
    page.reload()
    expect(page.locator("#table")).to_be_visible()
    page.wait_for_function("(turn) => T.last && T.last.turn >= turn", arg=before["turn"], timeout=WAIT_MS)
    after = page.evaluate("T.last")
    assert after["seat"] == before["seat"] == 0 and after["hand"]["hole"] == before["hand"]["hole"]
    expect(page.locator("#private .card")).to_have_count(2)
    link = page.locator("#watch-link").text_content()
    assert "watch=" in link and page.evaluate("T.session.token") not in link
    watcher = browser(PHONE)
    watcher.goto(link)
    expect(watcher.locator("#table")).to_be_visible()
    expect(watcher.locator("#room-label")).to_contain_text("watching")
    seen = watcher.evaluate("T.last")
    assert seen["seat"] is None and seen["hand"]["hole"] == [] and seen["hand"]["legal"] == []
    expect(watcher.locator("#actions button")).to_have_count(0)
    if seen["hand"]["result"] is None:  # before a showdown, every dealt seat's cards are backs
        expect(watcher.locator(".seat .card:not(.back)")).to_have_count(0)
    watcher.screenshot(path=str(tmp_path / "holdem-spectator.png"), full_page=True)
    play_one_hand(page, "holdem", tmp_path, "desktop")
    with page.expect_download() as download:
        page.click("#history")
    assert download.value.suggested_filename.startswith("sniper-holdem-")
    text = Path(download.value.path()).read_text()
    assert text.startswith(f"# {get_game('holdem').title} (holdem), 1 hand\n") and 'variant = "NT"' in text


@pytest.mark.parametrize("turn_seconds", [TURN_SECONDS])  # the player never acts: its turns run out (R11)
def test_a_sniper_holdem_spectator_watches_read_only(browser):  # noqa: F811 - the fixture
    """Sniper Hold'em's page: the player's spectator link shows the table without controls, its own cards or anyone's
    cards before a showdown (the player's turns run out, R11); the history downloads as Sniper Hold'em's PHH."""
    expect = sync_api.expect
    page = browser(DESKTOP)
    page.goto(page.base_url)
    page.click("#solo")
    expect(page.locator("#table")).to_be_visible()
    link = page.locator("#watch-link").text_content()
    assert link.startswith(page.base_url + "/?room=") and "watch=" in link
    watcher = browser(DESKTOP)
    watcher.goto(link)
    expect(watcher.locator("#table")).to_be_visible()
    seen = watcher.evaluate("last")
    assert seen["seat"] is None and seen["hand"]["private"] == [] and seen["hand"]["best"] is None
    expect(watcher.locator("#me")).to_be_hidden()
    expect(watcher.locator("#actions button")).to_have_count(0)
    if seen["hand"]["result"] is None:
        expect(watcher.locator(".seat .card:not(.back)")).to_have_count(0)
    watcher.wait_for_function("() => last.hand && last.hand.result !== null", timeout=WAIT_MS)
    with watcher.expect_download() as download:
        watcher.click("#history")
    text = Path(download.value.path()).read_text()
    assert text.startswith(f"# {get_game('sniper').title} (sniper), 1 hand\n") and 'variant = "SNH"' in text
    assert "d dh p1 ????" in text  # a spectator sees no private card dealt
