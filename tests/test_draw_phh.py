"""Five-card draw in PHH (sniper.games.draw.phh; docs/draw.md, "PHH, both ways").

Writing is checked by PokerKit's own reader (``pokerkit.HandHistory`` with our variant added,
``DrawHandHistory``), which replays over a thousand hands of 2-6 seats played by every level, and hand-made
edge hands, to our final stacks.
"""

import pytest
from pokerkit import ChipsPushing, HandHistory
from test_draw_engine import STAND_PAT, WEAK, hand_of, play
from test_draw_results import agents_for, build
from typer.testing import CliRunner

from sniper.cli.app import app
from sniper.games.draw.engine import BET_RAISE, CHECK_CALL, FOLD, discard_action
from sniper.games.draw.phh import VARIANT, DrawHandHistory, game_phhs, hand_phh, phhs_text
from sniper.games.draw.play import HandRecord, play_game
from sniper.games.poker52 import value
from sniper.games.pokerkit_hand import dealing_order, share_pots

MIN_HANDS = 1000


@pytest.fixture(scope="module")
def games() -> list[tuple[int, list[str], list[HandRecord]]]:
    """Games at every table size 2-6, every level at each, some to bust, until ``MIN_HANDS`` hands."""
    out, total, game = [], 0, 0
    while total < MIN_HANDS or game < 10:
        seats = 2 + game % 5
        specs = agents_for(seats, game)
        records = play_game(seats, 30, game, [build(s) for s in specs], "bust" if game % 4 == 0 else "20")
        out.append((game, specs, records))
        total += len(records)
        game += 1
    return out


def games_md_stacks(record: HandRecord, state) -> list[int]:
    """The final stacks of PokerKit's replay with its pots shared as GAMES.md says (D7, D8: each side pot
    apart, odd chips one each; ``sniper.games.pokerkit_hand.share_pots``), player order."""
    order = dealing_order(record.stacks_before, record.button)
    pushed = [0] * len(order)
    for op in state.operations:
        if isinstance(op, ChipsPushing):
            pushed = [p + a for p, a in zip(pushed, op.amounts)]
    put = [s - (f - p) for s, f, p in zip(state.starting_stacks, state.stacks, pushed)]
    folded = {a.seat for a in record.actions if a.action == FOLD}
    live = [seat not in folded for seat in order]
    strengths = [value(record.cards[seat]) if alive else 0 for seat, alive in zip(order, live)]
    return [s - p + r for s, p, r in zip(state.starting_stacks, put, share_pots(put, live, strengths))]


def check_replay(record: HandRecord, history: HandHistory) -> bool:
    """PokerKit's replay of ``record``'s PHH ends with our stacks: at once, or (the documented difference)
    once its pots are shared as GAMES.md says. Returns whether they differed."""
    order = dealing_order(record.stacks_before, record.button)
    ours = [record.stacks[s] for s in order]
    assert history.variant == VARIANT and history.seats == [s + 1 for s in order] and history.finishing_stacks == ours
    states = list(history)
    state = states[-1]
    assert not state.status, "the hand history must reach the end of the hand"
    if list(state.stacks) == ours:
        return False
    assert games_md_stacks(record, state) == ours, f"hand {record.hand}: PokerKit {state.stacks}, ours {ours}"
    return True


def test_pokerkit_replays_a_thousand_hands_of_every_level_to_our_final_stacks(games):
    records = [r for _, _, rs in games for r in rs]
    text = phhs_text(hand_phh(r, g, 30, specs) for g, specs, rs in games for r in rs)
    histories = list(DrawHandHistory.loads_all(text))
    assert len(histories) == len(records) >= MIN_HANDS
    odd = [check_replay(r, h) for r, h in zip(records, histories)]
    assert sum(odd) < len(records) / 20  # the odd-chip difference is rare
    assert {len(h.starting_stacks) for h in histories} == set(range(2, 7))
    assert {h.players[0] for h in histories} >= {"random", "easy"} and any(
        "hard" in p for h in histories for p in h.players
    )
    assert sum(r.showdown for r in records) > 100 and sum(not r.showdown for r in records) > 100
    draws = [a for h in histories for a in h.actions if " sd" in a]
    assert {len(a.split()[2]) // 2 if len(a.split()) == 3 else 0 for a in draws} == {0, 1, 2, 3}
    assert sum(0 in r.stacks for r in records) > 5, "busts: all-ins called down"
    for game, specs, rs in games[:3]:  # a game's own file, and one hand alone
        assert DrawHandHistory.loads(hand_phh(rs[0], game)).table == game
        assert len(list(DrawHandHistory.loads_all(game_phhs(rs, game, 30, specs)))) == len(rs)


def test_pokerkit_s_reader_needs_the_variant_added():
    record = play_game(2, 1, 0, [build("random")] * 2, "20")[0]
    with pytest.raises(KeyError, match=VARIANT):
        list(HandHistory.loads(hand_phh(record)))


def finished(hand, number: int = 0) -> HandRecord:
    while not hand.done:
        hand.act(CHECK_CALL if hand.street != 1 else STAND_PAT)
    return HandRecord.of(hand, number)


def edge_hands() -> dict[str, HandRecord]:
    """The engine's edge cases (tests/test_draw_engine.py) as finished hands."""
    straights = ["Ac Kd Qh Js Tc", "Ad Kh Qs Jc Td", "Ah Ks Qc Jd Th"]
    odd = hand_of([100] * 5, 3, [*straights, WEAK[0], WEAK[1]])
    play(odd, [BET_RAISE, CHECK_CALL, CHECK_CALL, FOLD, FOLD])  # 11 chips split three ways
    merged = hand_of([100, 100, 100, 2, 1], 4, [WEAK[4], WEAK[0], WEAK[5], WEAK[1], WEAK[2]])
    play(merged, [BET_RAISE, FOLD, CHECK_CALL, CHECK_CALL, *[STAND_PAT] * 4, BET_RAISE])  # PokerKit merges pots
    short = hand_of([100, 100, 4], 0, WEAK[:3])
    play(short, [BET_RAISE, BET_RAISE, CHECK_CALL])  # a short all-in raise: seat 1 may only call
    skipped = hand_of([100, 3, 100], 1, ["Ac Ad 9h 6s 3c", *WEAK[:2]])
    play(skipped, [BET_RAISE, FOLD, CHECK_CALL, discard_action(0b11100), discard_action(0b00111)])
    ante = hand_of([1, 100, 100], 0, [*WEAK[:2], "Ac Ad 9h 6s 3c"])  # all-in from the ante
    uncalled = hand_of([100, 100, 100], 0, WEAK[:3])
    play(uncalled, [BET_RAISE, FOLD, FOLD])
    hands = {"odd chips": odd, "merged pots": merged, "short all-in": short, "second round skipped": skipped}
    return {name: finished(h) for name, h in (hands | {"all-in ante": ante, "uncalled bet": uncalled}).items()}


def test_pokerkit_replays_the_edge_hands():
    hands = edge_hands()
    odd = {name: check_replay(record, DrawHandHistory.loads(hand_phh(record))) for name, record in hands.items()}
    assert odd == {name: name in ("odd chips", "merged pots") for name in hands}
    skipped = '"p1 sd 9h6s3c",\n  "p3 sd 2d3h4s",\n  "d dh p1 2h2s3s",\n  "d dh p3 4c4d5d",\n  "p1 sm AcAd2h2s3s",'
    assert skipped in hand_phh(hands["second round skipped"])  # the replacements, then no second round
    assert '"p2 cbr 3",\n  "p3 cc",\n  "p1 cc",' in hand_phh(hands["short all-in"])  # seat 1 may only call
    assert hand_phh(hands["uncalled bet"]).count(" sm ") == 0 and '"p1 sd",' in hand_phh(hands["odd chips"])


def test_replay_of_a_run_writes_its_phh(tmp_path):
    import tomllib

    from sniper.runs.store import read_run

    out = tmp_path / "run"
    args = ["simulate", "--game", "draw", "--players", "3", "--agents", "random", "--hands", "20", "--seed", "9"]
    done = CliRunner().invoke(app, [*args, "--out", str(out), "--workers", "1", "--quiet"])
    assert done.exit_code == 0, done.output
    played = play_game(3, 9, 0, [build("random")] * 3, "20")
    assert len(read_run(out, "hands")) == 3 * len(played)
    done = CliRunner().invoke(app, ["replay", str(out), "--game", "0", "--hand", "1", "--format", "phh"])
    assert done.exit_code == 0, done.output
    assert done.output.strip() == hand_phh(played[1], 0, 9, ["random"] * 3).strip()
    assert tomllib.loads(done.output)["variant"] == VARIANT
