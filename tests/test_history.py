"""Run layout, the actions table, read_run, write_run and hand histories (R4–R9, R13)."""

import json
from functools import cache

import duckdb
import numpy as np
import pandas as pd
import polars as pl
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kernels.sniper_holdem.codes import ACT_NAMES, PASS, SNIPE_ROUND, Act
from sniper.core.toml import toml_string
from sniper.games.sniper_holdem.history import (
    HandHistory,
    export_phhs,
    histories,
    parse_games,
    play_hand,
    replay,
)
from sniper.games.sniper_holdem.parameters import make_agent
from sniper.games.sniper_holdem.play import play_game
from sniper.games.sniper_holdem.results import ACTION_SCHEMA, SCHEMA
from sniper.games.sniper_holdem.rules import make_rules
from sniper.runs.config import RunConfig, RunDirError
from sniper.runs.runner import simulate
from sniper.runs.store import read_run, write_run

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

AGENTS = ("easy", "random", "normal:samples=20")
CONFIG = RunConfig(agents=AGENTS, rules=make_rules(), seed=3, hands=300, chunk_games=3, engine="reference")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("history") / "run"
    simulate(CONFIG, out, workers=1)
    return out


def test_every_parquet_reader_opens_the_table_folders(run):
    hands = pd.read_parquet(run / "hands")
    actions = pd.read_parquet(run / "actions")
    assert len(hands) == 3 * len(hands.drop_duplicates(["game", "hand"])) > 0
    assert list(actions.columns) == ACTION_SCHEMA.names and list(hands.columns) == SCHEMA.names
    per_agent = duckdb.sql(f"SELECT agent, sum(net) AS net FROM '{run}/hands/*.parquet' GROUP BY agent").df()
    assert per_agent["net"].sum() == 0, "chips are conserved (R9)"
    snipes = duckdb.sql(f"SELECT count(*) FROM '{run}/actions/*.parquet' WHERE action = {int(Act.SNIPE)}").fetchall()[0]
    assert snipes[0] == (hands["snipe"] >= 0).sum()
    assert pl.read_parquet(run / "hands" / "*.parquet")["net"].sum() == 0


def test_parts_use_the_writer_options(run):
    """Integers delta-encoded, the agent string dictionary-encoded (``sniper.runs.rundir.parquet_options``)."""
    meta = pq.ParquetFile(next((run / "hands").glob("part-*.parquet"))).metadata.row_group(0)
    encodings = {meta.column(i).path_in_schema: meta.column(i).encodings for i in range(meta.num_columns)}
    assert "DELTA_BINARY_PACKED" in encodings["net"] and "DELTA_BINARY_PACKED" in encodings["game"]
    assert "RLE_DICTIONARY" in encodings["agent"]
    assert meta.column(SCHEMA.names.index("game")).statistics is not None
    assert meta.column(SCHEMA.names.index("net")).statistics is None


def test_actions_table_adds_up_to_the_hands_table(run):
    hands = read_run(run)
    actions = read_run(run, "actions")
    key = ["game", "hand", "seat"]
    for round_ in (1, 2):
        put = actions[actions["round"] == round_].groupby(key)["chips"].sum()
        expected = hands.set_index(key)[f"put_round_{round_}"]
        assert (put.reindex(expected.index, fill_value=0) == expected).all(), f"R6 chips of round {round_}"
    folds = actions[actions["action"] == Act.FOLD].set_index(key)["round"]
    assert (hands.set_index(key).loc[folds.index, "folded_round"] == folds).all()
    snipes = actions[actions["round"] == SNIPE_ROUND]
    assert set(snipes["action"]) == {Act.SNIPE, Act.PASS}
    assert ((snipes["action"] == Act.PASS) == (snipes["snipe"] == PASS)).all()
    named = snipes.set_index(key)["snipe"]
    assert (hands.set_index(key).loc[named.index, "snipe"] == named).all(), "R7 snipes"
    bets = actions[actions["round"] < SNIPE_ROUND]
    assert (bets["snipe"] == PASS).all() and (bets["chips"] <= bets["cap"]).all()
    raises = bets["action"].isin([Act.RAISE_1, Act.RAISE_3, Act.RAISE_5])
    step = np.array([1, 3, 5])[bets.loc[raises, "action"] - Act.RAISE_1]
    previous = bets.groupby(["game", "hand", "round"])["level_after"].shift(fill_value=0)
    assert (bets.loc[raises, "level_after"] == previous[raises] + step).all(), "a +k step raises B by k (R6)"
    seq = actions.groupby(["game", "hand"])["seq"]
    assert (seq.transform("min") == 0).all() and (seq.transform("max") + 1 == seq.transform("size")).all()


def test_read_run_pushes_columns_and_filters_down(run):
    whole = read_run(run, "actions")
    some = read_run(run, "actions", columns=["game", "seat", "chips"], filters=[("game", "<", 2), ("seat", "=", 1)])
    expected = whole[(whole["game"] < 2) & (whole["seat"] == 1)][["game", "seat", "chips"]].reset_index(drop=True)
    pd.testing.assert_frame_equal(some, expected)
    table = read_run(run, "hands", filters=pc.field("hand") == 0, arrow=True)
    assert table.schema.equals(SCHEMA) and set(table["hand"].to_pylist()) == {0}
    with pytest.raises(ValueError, match="unknown table 'moves'"):
        read_run(run, "moves")
    with pytest.raises(ValueError, match="unknown column 'chip' of the actions table"):
        read_run(run, "actions", columns=["chip"])
    with pytest.raises(RunDirError, match="not a run directory"):
        read_run(run / "hands")


def test_replay_from_the_tables_equals_playing_the_hand_again(run):
    games = read_run(run, columns=["game", "hand"]).drop_duplicates()
    for game, hand in games.sample(6, random_state=0).itertuples(index=False):
        stored = replay(run, game, hand)
        assert stored == play_hand(list(AGENTS), seed=CONFIG.seed, game=game, hand=hand)
        assert (stored.game, stored.hand, stored.seed) == (game, hand, CONFIG.seed)


def test_replay_of_a_missing_game_or_hand_names_the_range(run):
    games = read_run(run, columns=["game"])["game"].nunique()
    with pytest.raises(LookupError, match=f"has games 0-{games - 1}; game {games} is not in it"):
        replay(run, games, 0)
    with pytest.raises(LookupError, match="game 0 of .* has hands 0-"):
        replay(run, 0, 500)


def test_write_run_stores_games_played_elsewhere(tmp_path):
    agents = [make_agent(spec) for spec in ("easy", "random")]
    rules = make_rules("ours", "10")
    games = [list(play_game(agents, 5, game, rules)) for game in range(2)]
    out = write_run(tmp_path / "served", ["alice", "random"], rules, games, seed=5, source="serve")
    assert json.loads((out / "manifest.json").read_text())["source"] == "serve"
    hands = read_run(out)
    assert len(hands) == 2 * sum(len(g) for g in games)
    assert set(hands["agent"]) == {"alice", "random"}
    again = replay(out, 1, 0)
    expected = HandHistory.from_state(games[1][0], 1, 0, ["alice", "random"], 5, "ours")
    assert again == expected
    with pytest.raises(FileExistsError):
        write_run(out, ["alice", "random"], rules, games)


def test_text_history_shows_cards_actions_snipes_and_result():
    h = play_hand(["easy", "hard", "hard"], seed=1, game=0, hand=0)
    text = str(h)
    for s in h.seat_lines:
        assert f"Seat {s.seat}: [{s.private_1} {s.private_2}]" in text
        assert f"Seat {s.seat}: {s.stack_after} chips ({s.net:+d})" in text
    assert len([line for line in text.splitlines() if line.startswith("Seat ")]) >= 3 * 3 + len(h.action_lines)
    assert "Antes: 1 chip from each of 3 players; pot 3" in text
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("*** ROUND 1"))
    end = next(i for i, line in enumerate(lines) if line.startswith(("*** SHOWDOWN", "*** RESULT")))
    played = [line for line in lines[start:end] if line.startswith("Seat ")]
    assert played == [f"Seat {a.seat}: {name}" for a, name in zip(h.action_lines, h.actions["name"])]
    assert "<table>" in h._repr_html_() and h.seats.shape == (3, 17)
    assert json.loads(h.to_json())["pot"] == h.pot == int(h.seats["payout"].sum())


def test_phh_is_toml_with_the_documented_dialect(run, tmp_path):
    h = replay(run, 0, 0)
    data = tomllib.loads(h.to_phh())
    dealt = [s for s in h.seat_lines if s.dealt_in]
    assert data["variant"] == "SNH" and data["antes"] == [1] * len(dealt)
    assert sorted(data["starting_stacks"]) == sorted(s.stack_before for s in dealt)
    player_actions = [a for a in data["actions"] if a.startswith("p") and " sm " not in a]
    assert len(player_actions) == len(h.action_lines)
    for text, a in zip(player_actions, h.action_lines):
        verb = text.split()[1]
        expected = {Act.FOLD: "f", Act.CHECK: "cc", Act.CALL: "cc", Act.SNIPE: "sn", Act.PASS: "sn"}
        assert verb == expected.get(Act(a.action), "cbr"), (text, ACT_NAMES[a.action])
    path = tmp_path / "games.phhs"
    count = export_phhs(run, path, parse_games("0-1"))
    hands = tomllib.loads(path.read_text())
    assert count == len(hands) == len(histories(run, [0, 1])) and hands["1"]["hand"] == 0


TRICKY = ["😀", "\U0010ffff", "ë", '"', "\\", "\x7f", "\x00", "\x1f", "\n", "\r", "\t", "\b", "\x0c", "\u2028"]
TRICKY += ["\ufeff", "#", "'", "]", "=", "\x85"]
"""Characters TOML escapes or that a naive writer mishandles: astral, control, quote, backslash, DEL."""
NAMES = st.text(st.one_of(st.sampled_from(TRICKY), st.characters(exclude_categories=("Cs",))), max_size=30)
INT16 = st.integers(-(2**15), 2**15 - 1)
PHH_EXAMPLES = settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@cache
def _showdown_hand() -> HandHistory:
    """A three-seat hand of betting and snipes whose fields the property test overwrites."""
    return play_hand(["easy", "hard", "hard"], seed=1, game=0, hand=0)


@PHH_EXAMPLES
@given(
    names=st.lists(NAMES, min_size=3, max_size=3),
    rules=NAMES,
    seed=st.integers(0, 2**64 - 1),
    game=st.integers(0, 2**63 - 1),
    hand=st.integers(0, 2**15 - 1),
    chips=st.lists(st.tuples(INT16, INT16, INT16), min_size=3, max_size=3),
    levels=st.lists(st.tuples(INT16, INT16), min_size=64, max_size=64),
)
def test_phh_is_toml_for_every_name_and_value(names, rules, seed, game, hand, chips, levels):
    """Names with astral, control, quote, backslash and DEL characters, and every numeric field over its
    whole range (seed 0..2^64-1, game 0..2^63-1, the int16 chip columns), read back unchanged by ``tomllib``
    (a strict TOML 1.0 parser: it refuses surrogate escapes and raw control characters)."""
    base = _showdown_hand()
    seats = tuple(
        s._replace(agent=name, stack_before=before, stack_after=after, payout=payout)
        for s, name, (before, after, payout) in zip(base.seat_lines, names, chips, strict=True)
    )
    actions = tuple(a._replace(level_after=lv, cap=cap) for a, (lv, cap) in zip(base.action_lines, levels))
    h = HandHistory(seed, game, hand, base.first, base.board, seats, actions, rules)
    text = h.to_phh()
    data = tomllib.loads(text)
    order = sorted(seats, key=lambda s: (s.seat < h.first, s.seat))
    assert data["players"] == [s.agent for s in order]
    assert data["starting_stacks"] == [s.stack_before for s in order]
    assert data["finishing_stacks"] == [s.stack_after for s in order]
    assert data["winnings"] == [s.payout for s in order]
    assert (int(data["_seed"]), data["table"], data["_game"], data["hand"]) == (seed, game, game, hand)
    assert data["_rules"] == rules and data["_caps"] == sorted({a.cap for a in actions})
    raised = [a.level_after for a in actions if a.action not in (Act.FOLD, Act.CHECK, Act.CALL, Act.SNIPE, Act.PASS)]
    assert [int(t.split()[2]) for t in data["actions"] if " cbr " in t] == raised
    assert tomllib.loads(f"[1]\n{text}\n[2]\n{text}")["2"] == data


def test_toml_strings_escape_what_toml_forbids_and_refuse_lone_surrogates():
    assert toml_string("Zoë 😀") == '"Zoë 😀"'  # no surrogate pair: TOML has no \\uD83D escape
    assert toml_string('a"b\\c\x7f\x01\n') == '"a\\"b\\\\c\\u007F\\u0001\\n"'
    with pytest.raises(ValueError, match="lone surrogate U\\+D83D"):
        toml_string("\ud83d")


def test_served_names_export_as_utf8_phh(tmp_path):
    """A run of a served game with a player "Zoë 😀" exports (``.phhs``) and replays (``--format phh``) as
    UTF-8 TOML that ``tomllib`` reads."""
    agents = [make_agent(spec) for spec in ("easy", "random")]
    rules = make_rules("ours", "10")
    out = write_run(tmp_path / "served", ["Zoë 😀", "random"], rules, [list(play_game(agents, 5, 0, rules))])
    path = tmp_path / "served.phhs"
    export_phhs(out, path, [0])
    with open(path, "rb") as handle:
        hands = tomllib.load(handle)
    assert "Zoë 😀" in hands["1"]["players"]
    assert "Zoë 😀" in tomllib.loads(replay(out, 0, 0).to_phh())["players"]


def test_parse_games():
    assert parse_games("0-99") == range(100) and parse_games("7") == range(7, 8)
    for bad in ("a-b", "5-2", "-1"):
        with pytest.raises(ValueError, match="games"):
            parse_games(bad)


def test_facade_functions_stay_callable_whatever_was_imported_first():
    """``sniper.equity`` is the façade function, not a submodule that a first import would bind over it."""
    import sniper

    sniper.play_hand(["easy", "random"], seed=3)
    first = sniper.equity([7, 7], [7, 2], opponents=1, samples=2000, seed=1)
    again = sniper.equity([7, 7], [7, 2], opponents=1, samples=2000, seed=1)
    assert callable(sniper.equity) and first.win == again.win and 0.0 < first.win < 1.0
    for name in ("play_hand", "play_game", "evaluate", "equity", "read_run", "replay"):
        assert callable(getattr(sniper, name)), name


@pytest.mark.parametrize(
    ("name", "value"),
    [("hand", -1), ("game_index", -2), ("seed", -3), ("hand", 1.5), ("game_index", True), ("seed", 2**64)],
)
def test_play_hand_refuses_a_bad_index_in_one_line(name, value):
    """A negative or non-integer seed, game or hand is a ``ValueError`` naming it (R13 keys are >= 0)."""
    import sniper

    with pytest.raises(ValueError, match=f"^{name} must be an integer from 0 to "):
        sniper.play_hand(["easy", "random"], **{name: value})
