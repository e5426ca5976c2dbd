"""No-limit Hold'em in PHH, both ways (sniper.games.holdem.phh; docs/holdem.md, "PHH, both ways").

Writing is checked by PokerKit's own reader (``pokerkit.HandHistory``), which replays hundreds of random
hands of 2-9 seats and hand-made edge hands to our final stacks; reading by importing those files back
(the rows must be the records) and hand-made files in the phh-dataset's style (hidden cards, decimal
amounts, antes, a straddle), whose rows are worked out by hand.
"""

import json

import pyarrow as pa
import pytest
from pokerkit import HandHistory
from shared_checks import games_md_stacks
from test_holdem_engine import ROYAL, hand_of, play, short_all_in_hand

from sniper.games.holdem import results
from sniper.games.holdem.agents import RandomAgent
from sniper.games.holdem.engine import ALL_IN_1, CHECK_CALL, FOLD, dealing_order
from sniper.games.holdem.phh import (
    PhhError,
    game_phhs,
    hand_phh,
    import_hands,
    phhs_text,
    run_phhs,
    write_phhs,
)
from sniper.games.holdem.play import HandRecord, play_game
from sniper.games.poker52 import phh_files
from sniper.games.poker52.cards import cards, value
from sniper.runs import rundir
from sniper.runs.store import import_run, read_run

MIN_HANDS = 400


@pytest.fixture(scope="module")
def games() -> list[tuple[int, list[HandRecord]]]:
    """Random games at every table size 2-9 until they hold at least ``MIN_HANDS`` hands."""
    out, total, game = [], 0, 0
    while total < MIN_HANDS or game < 16:
        seats = 2 + game % 8
        records = play_game(seats, seed=20, game=game, agents=[RandomAgent()] * seats, length="50")
        out.append((game, records))
        total += len(records)
        game += 1
    return out


@pytest.fixture(scope="module")
def run_file(games, tmp_path_factory):
    path = tmp_path_factory.mktemp("phh") / "run.phhs"
    write_phhs(path, phhs_text(hand_phh(r, g, 20, names(len(r.stacks_before), g)) for g, rs in games for r in rs))
    return path


def replayed_stacks(history: HandHistory) -> tuple[list[int], object]:
    """PokerKit's final stacks (player order) after its reader replays ``history``, and its last state."""
    states = list(history)
    state = states[-1]
    assert not state.status, "the hand history must reach the end of the hand"
    return list(state.stacks), state


def check_replay(record: HandRecord, history: HandHistory) -> bool:
    """PokerKit's replay of ``record``'s PHH ends with our stacks: at once, or (the documented
    difference) once its pots are shared as GAMES.md says. Returns whether they differed."""
    order = dealing_order(record.stacks_before, record.button)
    ours = [record.stacks[s] for s in order]
    assert history.seats == [s + 1 for s in order] and history.finishing_stacks == ours
    stacks, state = replayed_stacks(history)
    if stacks == ours:
        return False
    shared = games_md_stacks(record, state, lambda seat: value(record.holes[seat] + record.board))
    assert shared == ours, f"hand {record.hand}: PokerKit {stacks}, ours {ours}"
    return True


def test_pokerkit_replays_hundreds_of_random_hands_to_our_final_stacks(games, run_file):
    records = [r for _, rs in games for r in rs]
    with open(run_file, "rb") as f:
        histories = list(HandHistory.load_all(f))
    assert len(histories) == len(records) >= MIN_HANDS
    odd = [check_replay(r, h) for r, h in zip(records, histories)]
    assert {len(h.starting_stacks) for h in histories} == set(range(2, 10))
    assert sum(r.showdown for r in records) > 100 and sum(not r.showdown for r in records) > 100
    assert sum(len(r.board) == 5 and r.actions[-1].street < 3 for r in records) > 10  # all-in run-outs
    assert sum(odd) < len(records) / 20  # the odd-chip difference is rare
    for game, rs in games:  # a game's own file, a run of that game, and one hand alone
        assert HandHistory.loads(hand_phh(rs[0], game)).table == game
        assert len(list(HandHistory.loads_all(game_phhs(rs, game)))) == len(rs)
        assert run_phhs([(game, rs)], 20, names(len(rs[0].stacks_before), game)) == game_phhs(
            rs, game, 20, names(len(rs[0].stacks_before), game)
        )


def finished(hand, number: int = 0) -> HandRecord:
    while not hand.done:
        hand.act(CHECK_CALL)
    return HandRecord.of(hand, number)


def edge_hands() -> dict[str, HandRecord]:
    side = hand_of([50, 100, 200], button=2, holes={0: "Ah Ad", 1: "Kh Kd", 2: "Qh Qd"})
    play(side, 200, CHECK_CALL, CHECK_CALL)  # three-way all-in: a main pot, a side pot, 100 uncalled
    short = short_all_in_hand(17)  # an all-in raise of 5 facing a bet of 10 does not reopen the betting
    odd = hand_of([200] * 5, button=0, board=ROYAL)
    play(odd, 4, CHECK_CALL, CHECK_CALL, FOLD, CHECK_CALL, 2, CHECK_CALL, CHECK_CALL, FOLD)  # 23 split three ways
    blinds_all_in = hand_of([1, 5], button=0)  # heads-up, the small blind all-in by posting: no action at all
    one_chip = hand_of([3, 200], button=1)
    play(one_chip, CHECK_CALL, CHECK_CALL, ALL_IN_1)  # after the flop, all in for 1 (H5): "cbr 1"
    return {"side pots": finished(side), "short all-in": finished(short), "odd chips": finished(odd)} | {
        "blinds all-in": finished(blinds_all_in),
        "1-chip all-in bet": finished(one_chip),
    }


def test_pokerkit_replays_hand_made_edge_hands():
    hands = edge_hands()
    assert hands["side pots"].stacks == (150, 100, 100) and hands["odd chips"].stacks == (196, 199, 202, 202, 201)
    assert not hands["blinds all-in"].actions and len(hands["blinds all-in"].board) == 5
    odd = {name: check_replay(record, HandHistory.loads(hand_phh(record))) for name, record in hands.items()}
    assert odd == {
        "side pots": False, "short all-in": False, "odd chips": True,
        "blinds all-in": False, "1-chip all-in bet": False,
    }  # fmt: skip
    assert '"p1 cbr 1",' in hand_phh(hands["1-chip all-in bet"])
    text = hand_phh(hands["short all-in"])
    assert '"p1 cbr 10",\n  "p2 cbr 15",\n  "p3 cc",\n  "p1 cc",' in text  # seat 0 may only call the short all-in


def test_all_in_showdown_comes_before_the_run_out():
    text = hand_phh(edge_hands()["side pots"])
    actions = HandHistory.loads(text).actions
    boards = [i for i, a in enumerate(actions) if a.startswith("d db")]
    shows = [i for i, a in enumerate(actions) if " sm " in a]
    assert len(shows) == 3 and len(boards) == 3 and max(shows) < min(boards)


def test_names_with_toml_specials_round_trip():
    record = edge_hands()["side pots"]
    names = ['Zoë "Z" \\ 😀', "tab\there", "new\nline"]
    history = HandHistory.loads(hand_phh(record, players=names, seed=2**64 - 1))
    order = dealing_order(record.stacks_before, record.button)
    assert history.players == [names[s] for s in order] and history.user_defined_fields["_seed"] == str(2**64 - 1)
    with pytest.raises(ValueError, match="one name per seat"):
        hand_phh(record, players=names[:2])


# ----- reading ------------------------------------------------------------------------------------


def names(seats: int, game: int) -> list[str]:
    return [f"g{game} seat {s}" for s in range(seats)]


def check_rows(
    games: list[tuple[int, list[HandRecord]]], hands: pa.Table, actions: pa.Table, per_table: bool = False
) -> None:
    """The rows imported from one file of ``games`` (written with ``names``) are the Hold'em tables'
    rows of those records (``results.hand_rows``, ``action_rows``), but for the game and hand columns:
    the file's number and the hand's place in it; ``per_table``: each game is a table of its own, its hands
    numbered as played, and a seat not dealt in has the seat's label (a run directory's import)."""
    want_hands = {name: [] for name in results.COLUMNS}
    want_actions = {name: [] for name in results.ACTION_COLUMNS}
    number = 0
    for game, records in games:
        seats = len(records[0].stacks_before)
        got = results.hand_rows(records, game, names(seats, game)), results.action_rows(records, game)
        for want, rows in zip((want_hands, want_actions), got):
            hands_of = {r.hand: r.hand if per_table else number + k for k, r in enumerate(records)}
            rows["hand"] = [hands_of[h] for h in rows["hand"]]
            for name, values in rows.items():
                want[name] += values
        number += len(records)
    # a seat not dealt in has no PHH player: no name
    labels = phh_files.seat_labels(hands) if per_table else None
    want_hands["agent"] = [
        a if dealt else labels[seat] if labels else ""
        for a, dealt, seat in zip(want_hands["agent"], want_hands["dealt_in"], want_hands["seat"])
    ]
    for want, table in ((want_hands, hands), (want_actions, actions)):
        want["game"] = table["game"].to_pylist()  # the file's number, checked by the callers
        assert table.to_pydict() == want


def test_importing_our_edge_hands_gives_back_the_records(tmp_path):
    games = [(0, [r]) for r in edge_hands().values()]
    path = tmp_path / "edge.phhs"
    write_phhs(path, phhs_text(hand_phh(rs[0], g, players=names(len(rs[0].stacks_before), g)) for g, rs in games))
    imported = import_hands(path, game=3)
    assert imported.skipped == () and set(imported.hands["game"].to_pylist()) == {3}
    check_rows(games, imported.hands, imported.actions)  # the odd chips: ours (finishing_stacks)


DATASET_STYLE = """\
[1]
variant = 'NT'
ante_trimming_status = false
antes = [0.25, 0.25, 0.25, 0.25]
blinds_or_straddles = [0.50, 1, 2, 0]
min_bet = 1
starting_stacks = [50, 80.50, 100, 60]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 AhAd', 'd dh p4 ????',
  'p4 cbr 6.00 # a raise over the straddle', 'p1 f', 'p2 f', 'p3 cc', 'd db 2c7d9h', 'p3 cc', 'p4 cbr 5.5',
  'p3 cc', 'd db 3s', 'p3 cc', 'p4 cc', 'd db 4c', 'p3 cc', 'p4 cc', 'p3 sm AhAd', 'p4 sm ????']
time = 00:00:09
seats = [2, 3, 4, 1]
players = ['ann', 'bob', 'cy', 'di']
winnings = [0, 0, 25.50, 0]

[2]
variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = []

[3]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr 3']

[4]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr 10']

[5]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']
finishing_stacks = [103, 97]

[6]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [0.0000001, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']

[7]
variant = 'NT'
antes = 0
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, inf]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']
"""


def test_a_dataset_style_file_hidden_cards_decimals_antes_straddle(tmp_path):
    path = tmp_path / "cash.phhs"
    path.write_text(DATASET_STYLE)
    imported = import_hands(path)
    assert imported.scale == 100 and imported.count == 1 and imported.read == 7
    assert imported.skipped == (
        f"{path}: hand 2: variant 'PO' is not no-limit Texas Hold'em ('NT'); only NT hands are imported",
        f"{path}: hand 3: PokerKit cannot replay it: Unable to repair the hand history",
        f"{path}: hand 4: the actions stop before the hand is over",
        f"{path}: hand 5: PokerKit replays it to the stacks [10100, 9900], its finishing_stacks are [10300, 9700]",
        f"{path}: hand 6: blinds_or_straddles 1E-7 has more than 6 decimals",
        f"{path}: hand 7: a starting stack is Infinity (an unknown amount cannot be replayed)",
    )
    rows = {r["seat"]: r for r in imported.hands.to_pylist()}
    assert [rows[s]["agent"] for s in range(4)] == ["di", "ann", "bob", "cy"] and rows[0]["button"] == 0
    assert [rows[s]["stack_before"] for s in range(4)] == [6000, 5000, 8050, 10000]  # cents
    assert [rows[s]["stack_after"] for s in range(4)] == [4825, 4925, 7925, 11375]
    assert [rows[s]["net"] for s in range(4)] == [-1175, -75, -125, 1375]
    assert [rows[3]["hole_1"], rows[3]["hole_2"]] == list(cards("Ah Ad")) and rows[0]["hole_1"] == -1
    assert [rows[0][f"board_{k}"] for k in range(1, 6)] == list(cards("2c 7d 9h 3s 4c")) and rows[0]["showdown"]
    moves = [
        (r["seat"], r["street"], r["action"], r["amount"], r["to_amount"], r["pot_after"])
        for r in imported.actions.to_pylist()
    ]
    assert moves == [
        (0, 0, 600, 600, 600, 1050),  # di raises to 6.00 over the straddle of 2 (pot: antes 100, blinds 350)
        (1, 0, FOLD, 0, 50, 1050),
        (2, 0, FOLD, 0, 100, 1050),
        (3, 0, CHECK_CALL, 400, 600, 1450),  # the straddle calls
        (3, 1, CHECK_CALL, 0, 0, 1450),
        (0, 1, 550, 550, 550, 2000),
        (3, 1, CHECK_CALL, 550, 550, 2550),
        *[(seat, street, CHECK_CALL, 0, 0, 2550) for street in (2, 3) for seat in (3, 0)],
    ]


def test_file_level_refusals(tmp_path, monkeypatch):
    cases = {"hands.txt": b"", "broken.phhs": b"[1\n", "latin.phh": "variant = 'é'".encode("latin-1")}
    messages = {"hands.txt": "ends in .phh or .phhs", "broken.phhs": "is not a TOML file", "latin.phh": "not UTF-8"}
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(PhhError, match=messages[name]):
            import_hands(tmp_path / name)
    with pytest.raises(PhhError, match="is not a file"):
        import_hands(tmp_path / "missing.phh")
    (tmp_path / "two.phhs").write_text("[1]\nvariant = 'NT'\n[2]\nvariant = 'NT'\n")
    with pytest.raises(PhhError, match="holds 2 hands; the import can read 1 more"):
        import_hands(tmp_path / "two.phhs", limit=1)
    monkeypatch.setattr(phh_files, "MAX_FILE_BYTES", 10)  # the file reading every game shares
    with pytest.raises(PhhError, match="larger than"):
        import_hands(tmp_path / "two.phhs")


def test_more_than_nine_players_are_refused(tmp_path):
    path = tmp_path / "ten.phh"
    path.write_text(
        "variant = 'NT'\nantes = 0\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        f"starting_stacks = {[100] * 10}\nactions = []\n"
    )
    assert import_hands(path).skipped == (f"{path}: hand 1: starting_stacks must list 2-9 players (H1)",)


# ----- the run directory --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def imported_run(run_file, tmp_path_factory):
    cash = tmp_path_factory.mktemp("cash") / "cash.phhs"
    cash.write_text(DATASET_STYLE)
    out = tmp_path_factory.mktemp("import") / "run"
    return import_run([run_file, cash], out, "holdem")


def test_import_writes_a_run_directory(games, run_file, imported_run):
    result, out = imported_run, imported_run.out
    records = sum(len(rs) for _, rs in games)
    assert result.hands == records + 1 and len(result.skipped) == 6
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["game"] == "holdem" and manifest["source"] == "import" and manifest["status"] == "complete"
    assert manifest["hands"] == result.hands and manifest["config"]["seed"] is None
    assert manifest["import"]["format"] == "phh" and manifest["import"]["skipped"] == list(result.skipped)
    files = [(f["game"], f["hands"], f["scale"]) for f in manifest["import"]["files"]]
    assert files == [(0, records, 1), (len(games), 1, 100)], "each table of the run file a game of its own"
    assert rundir.run_state(out).state == "complete"
    hands = read_run(out, "hands", arrow=True)
    assert hands.schema == results.SCHEMA and sorted(set(hands["game"].to_pylist())) == list(range(len(games) + 1))
    assert read_run(out, "actions", arrow=True).schema == results.ACTION_SCHEMA
    assert sorted(p.name for p in out.iterdir()) == ["actions", "hands", "manifest.json"]
    with pytest.raises(ValueError, match="already exists"):
        import_run([run_file], out, "holdem")


def test_the_seat_labels_of_an_import_name_a_seat_by_its_one_player():
    hands = pa.table(
        {"seat": [0, 1, 2, 0, 1, 2], "agent": ["a", "b", "", "a", "c", ""], "dealt_in": [True] * 5 + [False]}
    )
    assert phh_files.seat_labels(hands) == ("a", "seat 2", "seat 3")


def test_importing_our_run_file_gives_back_the_records(games, imported_run):
    hands = read_run(imported_run.out, "hands", filters=[("game", "<", len(games))], arrow=True)
    actions = read_run(imported_run.out, "actions", filters=[("game", "<", len(games))], arrow=True)
    assert hands["game"].to_pylist() == [g for g, rs in games for r in rs for _ in r.stacks_before]
    check_rows(games, hands, actions, per_table=True)


def test_nothing_is_half_written(tmp_path, monkeypatch):
    def fail(table, where, **options):
        raise OSError("disk full")

    (tmp_path / "edge.phhs").write_text(phhs_text(hand_phh(r) for r in edge_hands().values()))
    monkeypatch.setattr(rundir.pq, "write_table", fail)
    with pytest.raises(OSError, match="disk full"):
        import_run([tmp_path / "edge.phhs"], tmp_path / "run", "holdem")
    assert [p.name for p in tmp_path.iterdir()] == ["edge.phhs"]
    monkeypatch.undo()
    (tmp_path / "bad.phhs").write_text("[1]\nvariant = 'PO'\n")
    with pytest.raises(
        PhhError, match=r"no hand could be imported \(1 skipped; first: .*bad.phhs: hand 1: variant 'PO'"
    ):
        import_run([tmp_path / "bad.phhs"], tmp_path / "run", "holdem")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.phhs", "edge.phhs"]


def test_write_phhs_never_overwrites(tmp_path):
    write_phhs(tmp_path / "a.phhs", "[1]\n")
    with pytest.raises(PhhError, match="already exists"):
        write_phhs(tmp_path / "a.phhs", "")
    assert (tmp_path / "a.phhs").read_text() == "[1]\n" and len(list(tmp_path.iterdir())) == 1
