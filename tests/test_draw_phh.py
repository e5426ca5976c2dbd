"""Five-card draw in PHH (sniper.games.draw.phh; docs/draw.md, "PHH, both ways").

Writing is checked by PokerKit's own reader (``pokerkit.HandHistory`` with our variant added,
``DrawHandHistory``), which replays hundreds of hands of 2-6 seats played by every level, and hand-made
edge hands, to our final stacks; reading by importing those files back (the rows must be the records'
rows) and a hand-made file in the phh-dataset's style (hidden cards, decimal amounts), worked out by hand.
"""

import json

import pytest
from pokerkit import HandHistory
from shared_checks import games_md_stacks
from test_draw_engine import STAND_PAT, WEAK, hand_of, play
from test_draw_results import agents_for, build
from typer.testing import CliRunner

from sniper.cli.app import app
from sniper.core.toml import phhs_text
from sniper.games.draw import results
from sniper.games.draw.engine import BET_RAISE, CHECK_CALL, FOLD, discard_action
from sniper.games.draw.kernel_engine import kernel_inputs, play_records
from sniper.games.draw.phh import (
    VARIANT,
    DrawHandHistory,
    game_phhs,
    hand_phh,
    import_hands,
    run_phhs,
    write_phhs,
)
from sniper.games.draw.play import HandRecord, play_game
from sniper.games.draw.rules import GAME_LENGTHS
from sniper.games.poker52.cards import cards, value
from sniper.games.poker52.hand import dealing_order
from sniper.games.poker52.spec import make_poker_rules
from sniper.runs.store import import_run, read_run

MIN_HANDS = 200


@pytest.fixture(scope="module")
def games() -> list[tuple[int, list[str], list[HandRecord]]]:
    """Games at every table size 2-6, every level at each, some to bust, until ``MIN_HANDS`` hands; played by the
    kernel (``kernel_engine.play_records``: the reference engine's very records, ``tests/test_draw_kernel.py``) in a
    fraction of the reference's time."""
    out, total, game = [], 0, 0
    while total < MIN_HANDS or game < 10:
        seats = 2 + game % 5
        specs = agents_for(seats, game)
        length = "bust" if game % 4 == 0 else "20"
        inputs = kernel_inputs(specs, make_poker_rules(GAME_LENGTHS, "standard", length))
        records = play_records(30, [game], inputs, threads=1)[0]
        out.append((game, specs, records))
        total += len(records)
        game += 1
    return out


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
    shared = games_md_stacks(record, state, lambda seat: value(record.cards[seat]))
    assert shared == ours, f"hand {record.hand}: PokerKit {state.stacks}, ours {ours}"
    return True


def test_pokerkit_replays_hundreds_of_hands_of_every_level_to_our_final_stacks(games):
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
    play(short, [BET_RAISE, BET_RAISE, CHECK_CALL])  # an all-in raise of 1, half a bet (D8: full); seat 1 calls
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
    assert '"p2 cbr 3",\n  "p3 cc",\n  "p1 cc",' in hand_phh(hands["short all-in"])
    assert hand_phh(hands["uncalled bet"]).count(" sm ") == 0 and '"p1 sd",' in hand_phh(hands["odd chips"])


def test_a_re_raise_d8_allows_and_pokerkit_alone_refuses_is_written_and_read_back(tmp_path):
    # second round: seat 0 bets 4, seat 1 raises all in by 2 (half a bet: full, D8), seat 2 calls, seat 0 re-raises
    hand = hand_of([100, 9, 100], 2, WEAK[:3])
    play(hand, [CHECK_CALL, BET_RAISE, CHECK_CALL, CHECK_CALL, *[STAND_PAT] * 3, BET_RAISE, BET_RAISE, CHECK_CALL])
    play(hand, [BET_RAISE, CHECK_CALL])
    record = HandRecord.of(hand, 0)
    text = hand_phh(record)
    assert '"p1 cbr 4",\n  "p2 cbr 6",\n  "p3 cc",\n  "p1 cbr 10",\n  "p3 cc",' in text
    with pytest.raises(ValueError):  # PokerKit's own reader: "Short all-in cannot be raised"
        next(s for s, a in DrawHandHistory.loads(text).state_actions if a == "p1 cbr 10")
    path = tmp_path / "d8.phhs"
    write_phhs(path, phhs_text([text]))
    imported = import_hands(path)
    assert imported.skipped == ()
    assert imported.actions["to_amount"].to_pylist() == [a.to for a in record.actions]


def test_replay_of_a_run_writes_its_phh(tmp_path):
    import tomllib

    from sniper.runs.store import read_run

    out = tmp_path / "run"
    args = ["simulate", "--game", "draw", "--players", "3", "--agents", "random", "--hands", "20", "--seed", "9"]
    done = CliRunner().invoke(app, [*args, "--out", str(out), "--workers", "1", "--quiet"])
    assert done.exit_code == 0, done.output
    played = play_game(3, 9, 0, [build("random")] * 3, "20")
    assert len(read_run(out, "hands")) == 3 * len(played)
    done = CliRunner().invoke(app, ["replay", str(out), "--game-index", "0", "--hand", "1", "--format", "phh"])
    assert done.exit_code == 0, done.output
    assert done.output.strip() == hand_phh(played[1], 0, 9, ["random"] * 3).strip()
    assert tomllib.loads(done.output)["variant"] == VARIANT


# ----- reading ------------------------------------------------------------------------------------


def names(seats: int, game: int) -> list[str]:
    return [f"g{game} seat {s}" for s in range(seats)]


def test_importing_our_files_gives_back_the_records_rows(games, tmp_path):
    path = tmp_path / "run.phhs"
    write_phhs(path, run_phhs([(g, rs) for g, _, rs in games[:6]], 30, None))
    imported = import_hands(path, game=4)
    assert imported.skipped == () and imported.count == imported.read == sum(len(rs) for _, _, rs in games[:6])
    want_hands = {name: [] for name in results.COLUMNS}
    want_actions = {name: [] for name in results.ACTION_COLUMNS}
    for at, (game, specs, records) in enumerate(games[:6]):  # each game a table of the file: a game of its own
        hands, actions = results.hand_rows(records, game, [""] * len(specs)), results.action_rows(records, game)
        for want, rows in ((want_hands, hands), (want_actions, actions)):
            rows["game"] = [4 + at] * len(rows["game"])
            for name, values in rows.items():
                want[name] += values
    assert imported.hands.to_pydict() == want_hands and imported.actions.to_pydict() == want_actions
    assert imported.hands.schema == results.SCHEMA and imported.actions.schema == results.ACTION_SCHEMA


HEADS_UP = """\
variant = 'F5CD'
antes = [1, 1]
blinds_or_straddles = [0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
"""[:-1]
"""The fields before the actions of a heads-up F5CD hand at the file's stakes (``DATASET_STYLE``'s hands 3, 4, 6, 7)."""

DATASET_STYLE = f"""\
[1]
variant = 'F5CD'
ante_trimming_status = true
antes = [0.5, 0.5, 0.5]
blinds_or_straddles = [0, 0, 0]
small_bet = 1
big_bet = 2
starting_stacks = [50, 40.5, 60]
actions = ['d dh p1 AhAdKc7s2d', 'd dh p2 ??????????', 'd dh p3 ??????????', 'p1 cbr 1', 'p2 cc', 'p3 f',
  'p1 sd Kc7s2d # draws three', 'p2 sd ????', 'd dh p1 AsKd3c', 'd dh p2 ????', 'p1 cbr 2', 'p2 cbr 4', 'p1 cc',
  'p1 sm AhAdAsKd3c', 'p2 sm 9h9c9dQs2s']
seats = [2, 3, 1]
players = ['ann', 'bob', 'cy']
finishing_stacks = [56, 35, 59.5]

[2]
variant = 'F2L3D'
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = []

[3]
{HEADS_UP}
actions = ['d dh p1 AhAdKc7s2d', 'd dh p2 ??????????', 'p1 cc', 'p2 cc', 'p1 sd AdKc7s2d', 'p2 sd',
  'd dh p1 2c3c4c5c', 'p1 cc', 'p2 cc', 'p1 sm Ah2c3c4c5c', 'p2 sm ??????????']

[4]
{HEADS_UP}
actions = ['d dh p1 AhAdKc7s2d', 'd dh p2 ??????????', 'p1 cc']

[5]
variant = 'F5CD'
antes = 1
blinds_or_straddles = 0
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100, 100, 100, 100, 100]
actions = []

[6]
{HEADS_UP}
actions = ['d dh p1 AhAdKc7s2d', 'd dh p2 ??????????', 'p1 cbr 2', 'p2 f']
finishing_stacks = [103, 97]

[7]
{HEADS_UP}
actions = ['d dh p1 AhAdKc7s2d', 'd dh p2 ??????????', 'p1 cc', 'p2 cc', 'p1 sd 9h', 'p2 sd']
"""


def test_a_dataset_style_file_hidden_cards_and_decimals(tmp_path):
    path = tmp_path / "cash.phhs"
    path.write_text(DATASET_STYLE)
    imported = import_hands(path)
    assert imported.scale == 10 and imported.count == 1 and imported.read == 7
    assert imported.skipped == (
        f"{path}: hand 2: variant 'F2L3D' is not fixed-limit five-card draw ('F5CD'); only F5CD hands are imported",
        f"{path}: hand 3: a player discards more than 3 cards (D5)",
        f"{path}: hand 4: the actions stop before the hand is over",
        f"{path}: hand 5: starting_stacks must list 2-6 players (D1)",
        f"{path}: hand 6: PokerKit replays it to the stacks [1010, 990], its finishing_stacks are [1030, 970]",
        f"{path}: hand 7: PokerKit cannot replay it: Unable to repair the hand history",
    )
    rows = {r["seat"]: r for r in imported.hands.to_pylist()}
    assert [rows[s]["agent"] for s in range(3)] == ["cy", "ann", "bob"] and rows[0]["button"] == 0
    assert [rows[s]["stack_before"] for s in range(3)] == [600, 500, 405]  # tenths of the file's unit
    assert [rows[s]["stack_after"] for s in range(3)] == [595, 560, 350] and rows[0]["showdown"]
    assert [rows[s]["draws"] for s in range(3)] == [results.NO_DRAW, 3, 2]
    finals = [[rows[s][f"final_{k}"] for k in range(1, 6)] for s in range(3)]
    assert finals == [[-1] * 5, list(cards("Ah Ad As Kd 3c")), list(cards("9h 9c 9d Qs 2s"))]  # bob showed his
    assert [rows[1][f"hole_{k}"] for k in range(1, 6)] == list(cards("Ah Ad Kc 7s 2d")) and rows[2]["hole_1"] == -1
    moves = [tuple(r.values())[3:] for r in imported.actions.to_pylist()]
    assert moves == [  # seat, street, action, draws, amount, to, pot after (antes: 15)
        (1, 0, BET_RAISE, -1, 10, 10, 25),
        (2, 0, CHECK_CALL, -1, 10, 10, 35),
        (0, 0, FOLD, -1, 0, 0, 35),
        (1, 1, discard_action(0b11100), 3, 0, 0, 35),  # Kc 7s 2d: positions 2-4
        (2, 1, discard_action(0b00011), 2, 0, 0, 35),  # two hidden cards: the first two positions
        (1, 2, BET_RAISE, -1, 20, 20, 55),
        (2, 2, BET_RAISE, -1, 40, 40, 95),
        (1, 2, CHECK_CALL, -1, 20, 40, 115),
    ]


def test_import_writes_a_draw_run_directory_once(games, tmp_path):
    source = tmp_path / "g.phhs"
    game, specs, records = games[1]
    source.write_text(game_phhs(records, game, 30, specs))
    cash = tmp_path / "cash.phhs"
    cash.write_text(DATASET_STYLE)
    out = tmp_path / "imported"
    done = CliRunner().invoke(app, ["import", str(source), str(cash), "--game", "draw", "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert f"{len(records) + 1:,} hands imported" in done.output and "(6 skipped)" in done.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert (manifest["game"], manifest["source"], manifest["hands"]) == ("draw", "import", len(records) + 1)
    assert manifest["status"] == "complete" and manifest["import"]["format"] == "phh"
    assert [(f["game"], f["hands"]) for f in manifest["import"]["files"]] == [(0, len(records)), (1, 1)]
    hands = read_run(out, "hands", arrow=True)
    assert hands.schema == results.SCHEMA and set(hands["agent"].to_pylist()) >= set(specs)
    assert read_run(out, "actions", arrow=True).schema == results.ACTION_SCHEMA
    assert sorted(p.name for p in out.iterdir()) == ["actions", "hands", "manifest.json"]
    with pytest.raises(ValueError, match="already exists"):
        import_run([source], out, "draw")
    again = CliRunner().invoke(app, ["import", str(source), "--game", "draw", "--out", str(out)])
    assert again.exit_code == 2 and "already exists" in again.output
    holdem = CliRunner().invoke(app, ["import", str(source), "--out", str(tmp_path / "nt")])  # Hold'em's reader
    assert holdem.exit_code == 2 and "only NT hands are imported" in holdem.output


def test_summary_replay_and_report_read_an_imported_draw_directory(games, tmp_path):
    game, specs, records = games[2]
    source = tmp_path / "g.phhs"
    source.write_text(game_phhs(records, game, 30, specs))
    out = tmp_path / "imported"
    assert CliRunner().invoke(app, ["import", str(source), "--game", "draw", "--out", str(out)]).exit_code == 0
    done = CliRunner().invoke(app, ["summary", str(out), "--json"])
    assert done.exit_code == 0, done.output
    summary = json.loads(done.output)
    assert summary["state"] == "complete" and summary["hands"] == len(records) and summary["seed"] is None
    frame = read_run(out)
    rows = {row["agent"]: row for row in summary["summary"]}
    for agent, group in frame.groupby("agent"):
        assert rows[agent]["hands"] == len(group) and rows[agent]["net_per_hand"] == pytest.approx(group["net"].mean())
    shown = CliRunner().invoke(app, ["summary", str(out)])
    assert shown.exit_code == 0 and "record of import" in shown.output
    phh = CliRunner().invoke(app, ["replay", str(out), "--game-index", "0", "--hand", "0", "--format", "phh"])
    assert phh.exit_code == 0, phh.output
    assert [s.stacks for s in DrawHandHistory.loads(phh.output)][-1] == [
        records[0].stacks[s] for s in dealing_order(records[0].stacks_before, records[0].button)
    ]
    report = CliRunner().invoke(app, ["report", str(out), "--out", str(tmp_path / "r.html")])
    assert report.exit_code == 0, report.output
    assert "<html" in (tmp_path / "r.html").read_text().lower()
