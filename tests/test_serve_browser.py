"""A real browser (Debian's chromium driven by playwright) plays through the page against the AI, as a
player sees it: the legal actions as buttons with their amounts (R6), the turn timer and its timeout
rule (R11), a snipe that hits one's own hand (R7, "sniped by you"), the result naming the winning hand
and every seat's chips after it (R8, R9), the deal button (R11), each seat marked person or AI by the
server's data, a rules link, the start page's options; on a phone-sized screen with 5 players every
button and the result fit without scrolling, and a busted player can leave or start again.
Screenshots at desktop and phone size go to pytest's tmp_path.

Skipped when no chromium is installed, unless SNIPER_BROWSER_TEST=required (as in .ci/run).
``SNIPER_SCREENSHOT=PATH`` copies the desktop screenshot there (docs/play.md's docs/serve-screenshot.png).
"""

import os
import re
import shutil
import time
from pathlib import Path

import pytest
from browser import CHROMIUM, sync_api  # skips the module where there is no chromium

from sniper.serve import app as serve_app
from sniper.serve.app import create_app, running
from sniper.serve.settings import Settings

TURN_SECONDS = 3.0
"""Short turns, so that the test sees the timeout rule without waiting 30 s."""
WAIT_MS = 60_000
DESKTOP = {"width": 1000, "height": 820}
PHONE = {"width": 390, "height": 844}
SPOOF = "AI 2 (hard)"
"""A person's name that looks like an AI seat's: the page must still show the seat as a person."""
PROTOCOL = Path(__file__).parent.parent / "docs" / "serve-protocol.md"
STRICT_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""A strict Content-Security-Policy the page must work under (added to the page's own response)."""

SITUATION = """() => {
  const visible = (id) => !document.getElementById(id).classList.contains('hidden');
  if (visible('over')) return 'over';
  if (document.querySelector('#actions button')) return 'bet';
  if (visible('snipe-box')) return 'snipe';
  if (visible('result') && !document.getElementById('deal').classList.contains('hidden')) return 'result';
  return null;
}"""

IN_VIEW = """(selector) => {
  window.scrollTo(0, 0);
  const all = [...document.querySelectorAll(selector)];
  return all.length > 0 && all.every((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });
}"""
"""Whether every element of ``selector`` is on screen with the page scrolled to its top."""


def strict_csp_app(settings: Settings):
    """``create_app(settings)`` whose every response also carries ``STRICT_CSP`` (enforced together with
    any policy the server sets itself): the page must need no inline script, style or event handler."""
    app = create_app(settings)

    @app.middleware("http")
    async def add_csp(request, call_next):
        response = await call_next(request)
        response.headers.append("content-security-policy", STRICT_CSP)
        return response

    return app


@pytest.fixture
def turn_seconds() -> float:
    """The server's time per turn in the ``browser`` fixture: short here (the timeout test); a module whose tests
    only click overrides it with a long one, so that a slow machine never runs out of a turn between a read and a
    click (which made the raise control vanish under the click)."""
    return TURN_SECONDS


@pytest.fixture
def browser(tmp_path, monkeypatch, turn_seconds):
    """``open(viewport)`` → a new page (own storage) on a running server that sends a strict CSP;
    any CSP violation fails the test."""
    monkeypatch.setattr(serve_app, "create_app", strict_csp_app)
    settings = Settings(turn_seconds=turn_seconds, result_seconds=60, ai_delay=0.05, out=tmp_path / "games", seed=3)
    with running(settings) as server, sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        pages = []

        violations = []  # (the test's own page scripts are functions, which a CSP does not block; strings are eval)

        def open_page(viewport: dict):
            page = chromium.new_context(viewport=viewport).new_page()
            page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
            page.base_url = server.base_url
            pages.append(page)
            return page

        try:
            yield open_page
            assert violations == [], "the page broke its Content-Security-Policy"
        except BaseException:
            for i, page in enumerate(pages):
                page.screenshot(path=str(tmp_path / f"failure-{i}.png"), full_page=True)
            raise
        finally:
            chromium.close()


def documented_levels() -> list[str]:
    """The AI levels docs/serve-protocol.md says the server offers."""
    line = re.search(r"AI levels offered: (.*?)\(", PROTOCOL.read_text()).group(1)
    return re.findall(r"`([^`]+)`", line)


def button_text(option: dict) -> str:
    """What a betting button must read (R6): "call 3", "+3 → 6" (B after it), "all-in 12", "check", "fold"."""
    if option["action"] in ("call", "all-in"):
        return f"{option['action']} {option['chips']}"
    if option["action"].startswith("+"):
        return f"{option['action']} → {option['level_after']}"
    return option["action"]


def check_buttons(page, hand: dict) -> None:
    """The buttons are exactly the legal actions (R6), with their amounts; "To call" is the call's chips."""
    expect = sync_api.expect
    assert [o["action"] for o in hand["options"]] == hand["legal"]
    actions = page.locator("#actions button")
    assert [actions.nth(i).get_attribute("data-action") for i in range(actions.count())] == hand["legal"]
    assert actions.all_inner_texts() == [button_text(o) for o in hand["options"]]
    call = [o["chips"] for o in hand["options"] if o["action"] == "call"]
    assert hand["to_call"] == (call[0] if call else 0)
    expect(page.locator("#owed")).to_have_text(str(hand["to_call"]))


def check_result(page, message: dict) -> None:
    """After a hand: each seat's chips include what it won (R9), the result names the winning hand
    (R8), "To call" is cleared, and one's own cards are shown once."""
    expect = sync_api.expect
    hand, result = message["hand"], message["hand"]["result"]
    for seat, chips in enumerate(result["stacks_after"]):
        expect(page.locator(f".seat[data-seat='{seat}'] .chips")).to_have_text(re.compile(rf"^{chips} chips\b"))
    if result["showdown"] is not None:
        for shown in result["showdown"]:
            if shown["seat"] in result["winners"]:
                expect(page.locator("#result-text")).to_contain_text(f"with {shown['hand']}")
    expect(page.locator("#result-text")).to_contain_text("won")
    expect(page.locator("#owed")).to_have_text("0")
    check_own_cards_once(page, hand)


def check_own_cards_once(page, hand: dict) -> None:
    """One's private cards appear once (big, under the board), never again in one's seat box;
    when not dealt in, no card backs stand in for them."""
    expect = sync_api.expect
    expect(page.locator(".seat.you .card")).to_have_count(0)
    if hand["private"] is None:
        expect(page.locator("#me")).to_be_hidden()
    else:
        expect(page.locator("#private .card:not(.back)")).to_have_text([str(n) for n in hand["private"]])


def check_kinds(page, players: list[dict]) -> None:
    """Each seat is marked person or AI from the server's ``kind``, whatever its name."""
    expect = sync_api.expect
    for p in players:
        tag = {"human": "person", "ai": f"AI · {p['level']}", "bot": "bot"}[p["kind"]]
        expect(page.locator(f".seat[data-seat='{p['seat']}'] .kind")).to_have_text(tag)


def test_start_page_and_a_game_against_the_computer(browser, tmp_path):
    expect = sync_api.expect
    page = browser(DESKTOP)
    page.goto(page.base_url)
    for control in ("#name", "#rules", "#length", "#players", "#level", "#solo", "#create", "#room-level", "#join"):
        expect(page.locator(control)).to_be_visible()  # nothing needed to create or join hides under "Options"
    levels = documented_levels()
    assert page.locator("#level option").evaluate_all("els => els.map((e) => e.value)") == levels
    assert page.locator("#room-level option").evaluate_all("els => els.map((e) => e.value)") == levels
    assert page.request.get(page.base_url + "/api/info").json()["levels"] == levels
    expect(page.locator("#rules-link")).to_be_visible()
    rules = page.request.get(page.base_url + page.locator("#rules-link").get_attribute("href"))
    assert rules.ok and "## R6 Betting rounds" in rules.text()
    page.fill("#name", "Player")
    page.select_option("#length", "10")
    page.click("#solo")  # one click from the start page (R11)
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator(".seat")).to_have_count(4)  # 4 players by default against the computer (R11)
    check_kinds(page, page.evaluate("last.players"))
    expect(page.locator(".seat[data-seat='0'] .kind")).to_have_text("person")
    done = {"button": False, "timeout": False, "snipe": False, "result": False, "showdown": False}
    screenshot = tmp_path / "desktop.png"
    for _ in range(400):
        page.wait_for_function(SITUATION, timeout=WAIT_MS)
        situation = page.evaluate(SITUATION)
        message = page.evaluate("last")
        hand = message["hand"]
        if situation == "over":
            break
        check_own_cards_once(page, hand)
        if situation == "bet":
            check_buttons(page, hand)
            expect(page.locator("#helper")).to_contain_text("Your best hand")
            if not done["timeout"] and "check" in hand["legal"]:
                expect(page.locator("#timer")).to_have_text(f"{int(TURN_SECONDS)} s", timeout=2000)
                expect(page.locator("#log")).to_contain_text("Player ran out of time: check", timeout=WAIT_MS)
                done["timeout"] = True
            else:
                turn = page.evaluate("last.turn")
                page.click(f"#actions button[data-action='{'call' if 'call' in hand['legal'] else 'check'}']")
                page.wait_for_function("(turn) => last.turn > turn", arg=turn, timeout=WAIT_MS)
                done["button"] = True
        elif situation == "snipe":
            expect(page.locator("#helper")).to_contain_text("Your best hand: ")
            best = hand["best"]["name"]  # snipe one's own hand: the warning must say "by you" (R7, R11)
            top, kind = best.split(" ", 1)
            if not screenshot.exists():
                page.screenshot(path=str(screenshot), full_page=True)
            page.select_option("#snipe-type", label=kind)
            page.select_option("#snipe-top", label=top)
            turn = page.evaluate("last.turn")
            page.click("#snipe-go")
            page.wait_for_function(
                "(turn) => last.turn > turn || last.hand.phase === 'done'", arg=turn, timeout=WAIT_MS
            )
            expect(page.locator("#snipes-made")).to_contain_text(f"Player: {best}")
            if page.evaluate("last.hand.phase") == "snipe":
                expect(page.locator("#helper")).to_contain_text("WARNING: sniped by you")
            done["snipe"] = True
        elif situation == "result":
            check_result(page, message)
            done["result"] = True
            done["showdown"] |= hand["result"]["showdown"] is not None
            if hand["result"]["showdown"] is not None:
                expect(page.locator(".seat[data-seat='1'] .card:not(.back)")).to_have_count(
                    2 if 1 in [s["seat"] for s in hand["result"]["showdown"]] else 0
                )
            page.click("#deal")
            page.wait_for_function("(hand) => last.hand.hand > hand", arg=hand["hand"], timeout=WAIT_MS)
        time.sleep(0.05)
    assert page.evaluate(SITUATION) == "over", "the 10-hand game did not end"
    assert all(done.values()), f"not every part of the page was exercised: {done}"
    message = page.evaluate("last")
    for seat, chips in enumerate(message["standings"]["stacks"]):  # the boxes agree with the standings (R9)
        expect(page.locator(f".seat[data-seat='{seat}'] .chips")).to_have_text(re.compile(rf"^{chips} chips\b"))
        expect(page.locator("#over-text")).to_contain_text(f"{message['players'][seat]['name']} {chips}")
    assert screenshot.exists()
    target = os.environ.get("SNIPER_SCREENSHOT")
    if target:
        shutil.copy(screenshot, Path(target))


def bust(page, tmp_path: Path, shots: set) -> None:
    """Go all-in at every betting turn (check until a bet was faced: all six buttons; pass every snipe)
    until out of chips, checking at each step that everything a turn or a result needs is on the
    phone's screen without scrolling."""
    expect = sync_api.expect
    for _ in range(400):
        page.wait_for_function(SITUATION, timeout=WAIT_MS)
        situation = page.evaluate(SITUATION)
        message = page.evaluate("last")
        hand = message["hand"]
        assert situation != "over", "the game ended before the player busted"
        check_own_cards_once(page, hand)
        if situation == "bet":
            check_buttons(page, hand)
            assert page.evaluate(IN_VIEW, "#actions button"), "a betting button is off the phone's screen"
            if len(hand["legal"]) == 6 and "bet" not in shots:
                page.screenshot(path=str(tmp_path / "phone-bet.png"))
                shots.add("bet")
            turn = message["turn"]
            move = "check" if "bet" not in shots and "check" in hand["legal"] else "all-in"
            page.click(f"#actions button[data-action='{move}']")
            page.wait_for_function("(turn) => last.turn > turn", arg=turn, timeout=WAIT_MS)
        elif situation == "snipe":
            assert page.evaluate(IN_VIEW, "#snipe-box select, #snipe-box button")
            turn = message["turn"]
            page.click("#snipe-pass")
            page.wait_for_function(
                "(turn) => last.turn > turn || last.hand.phase === 'done'", arg=turn, timeout=WAIT_MS
            )
        elif situation == "result":
            check_result(page, message)
            assert page.evaluate(IN_VIEW, "#result-text, #deal"), "the result is off the phone's screen"
            if "result" not in shots:
                page.screenshot(path=str(tmp_path / "phone-result.png"))
                shots.add("result")
            me = message["players"][message["seat"]]
            if not me["at_table"]:
                expect(page.locator("#out-text")).to_contain_text("You are out of chips")
                assert page.evaluate(IN_VIEW, "#out-text, #leave, #out-again"), "the way out is off the screen"
                page.screenshot(path=str(tmp_path / "phone-busted.png"))
                return
            page.click("#deal")
            page.wait_for_function("(hand) => last.hand.hand > hand", arg=hand["hand"], timeout=WAIT_MS)
        time.sleep(0.05)
    raise AssertionError("the player never busted")


def test_a_phone_with_5_players_and_a_busted_player(browser, tmp_path):
    expect = sync_api.expect
    page = browser(PHONE)
    page.goto(page.base_url)
    page.select_option("#players", "5")
    page.click("#solo")
    expect(page.locator(".seat")).to_have_count(5)
    shots = set()
    bust(page, tmp_path, shots)
    assert shots == {"bet", "result"}, "no betting turn with all six buttons was seen"
    hand = page.evaluate("last.hand.hand")
    page.click("#deal")  # the game goes on without the busted player: no cards for them, the way out stays
    page.wait_for_function("(hand) => last.hand.hand > hand", arg=hand, timeout=WAIT_MS)
    assert page.evaluate("last.hand.private") is None
    check_own_cards_once(page, page.evaluate("last.hand"))
    expect(page.locator("#out")).to_be_visible()
    first_room = page.evaluate("session.room")
    page.click("#out-again")  # a new game against the computer, at once
    page.wait_for_function(
        "(room) => session && session.room !== room && last && last.hand && last.hand.hand === 0", arg=first_room
    )
    expect(page.locator("#out")).to_be_hidden()
    expect(page.locator(".seat")).to_have_count(5)
    bust(page, tmp_path, shots)  # the same seed deals the same game: busted again
    page.click("#leave")
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#table")).to_be_hidden()
    assert page.evaluate("location.search") == ""
    time.sleep(1.5)  # no reconnect brings the left game back
    expect(page.locator("#start")).to_be_visible()


def test_rooms_show_rules_length_and_who_is_a_person(browser, tmp_path):
    expect = sync_api.expect
    host = browser(DESKTOP)
    host.goto(host.base_url)
    host.fill("#name", SPOOF)
    host.select_option("#rules", "show")
    host.select_option("#length", "10")
    host.select_option("#seats", "3")
    host.select_option("#room-level", "easy")
    host.click("#create")
    expect(host.locator("#lobby")).to_be_visible()
    expect(host.locator("#lobby-rules")).to_have_text("Rules: the show (leave at 75) · game: 10 hands")
    expect(host.locator("#lobby-players li").first).to_have_text(f"{SPOOF} (you) person")
    host.screenshot(path=str(tmp_path / "desktop-lobby.png"))
    room = host.evaluate("session.room")
    guest = browser(PHONE)
    guest.goto(f"{guest.base_url}/?room={room}")
    for control in ("#name", "#join-code", "#join"):
        expect(guest.locator(control)).to_be_visible()
    expect(guest.locator("#join-room")).to_contain_text("Rules: the show (leave at 75) · game: 10 hands")
    expect(guest.locator("#join-room")).to_contain_text("1 of 3 seats taken")
    guest.screenshot(path=str(tmp_path / "phone-join.png"))
    guest.fill("#name", "AI 3 (easy)")
    guest.click("#join")
    expect(guest.locator("#lobby-players li")).to_have_text(
        [f"{SPOOF} person", "AI 3 (easy) (you) person", re.compile("open")]
    )
    host.click("#start-game")
    for page in (host, guest):
        expect(page.locator(".seat")).to_have_count(3)
        page.wait_for_function("() => last.status !== 'lobby'")
        players = page.evaluate("last.players")
        assert [p["kind"] for p in players] == ["human", "human", "ai"]
        check_kinds(page, players)
