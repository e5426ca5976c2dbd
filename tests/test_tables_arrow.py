"""Numpy to arrow and back without pandas (``sniper.core.tables``), the run's parts read without a dataset
(``sniper.runs.rundir.read_parts``) and the summaries computed from them as rows: each equal to what pyarrow's
own conversions, ``read_run`` and the pandas group-bys give."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from typer.testing import CliRunner

from sniper.cli.app import app
from sniper.core.analysis import hand_summary_rows
from sniper.core.registry import game_names, get_game
from sniper.core.tables import arrow_array, numpy_dtype, string_array, string_codes, to_numpy
from sniper.runs.results import run_summary, run_summary_rows
from sniper.runs.rundir import read_parts
from sniper.runs.store import read_run

FIXED = [pa.int8(), pa.int16(), pa.int32(), pa.int64(), pa.uint8(), pa.uint16(), pa.float32(), pa.float64(), pa.bool_()]


@pytest.mark.parametrize("dtype", FIXED, ids=str)
def test_arrow_array_and_to_numpy_are_pyarrows_conversions(dtype):
    rng = np.random.default_rng(7)
    values = rng.integers(-100, 100, size=77)
    expected = pa.array(values.astype(dtype.to_pandas_dtype()), type=dtype)
    built = arrow_array(values, dtype)
    assert built.equals(expected) and built.type == dtype
    assert numpy_dtype(dtype) == np.dtype(dtype.to_pandas_dtype())
    chunked = pa.chunked_array([expected.slice(3, 20), expected.slice(0, 0), expected.slice(29)])
    for column in (chunked, expected.slice(5, 13), expected.slice(0, 0)):
        got = to_numpy(column)
        assert got.dtype == numpy_dtype(dtype)
        np.testing.assert_array_equal(got, column.to_numpy(zero_copy_only=False))


def test_strings_and_their_codes_are_pyarrows_and_pandas():
    values = ["hard", "easy", "", "hard", "é:x=1", "easy"]
    assert string_array(values).equals(pa.array(values, pa.string()))
    names, codes = string_codes(pa.chunked_array([string_array(values[:2]), string_array(values[2:])]))
    expected_codes, expected_names = pd.factorize(pd.Series(values))
    assert names == list(expected_names) and codes.tolist() == expected_codes.tolist()


def test_strings_by_codes_are_pyarrows_take():
    rng = np.random.default_rng(5)
    values = ["hard", "", "é:x=1", "easy", "normal:bet_samples=64"]
    for size in (0, 1, 50):
        codes = rng.integers(0, len(values), size)
        built = string_array(values, codes)
        assert built.equals(pa.array([values[c] for c in codes], pa.string()))
        built.validate(full=True)
    with pytest.raises(IndexError):
        string_array(values, np.array([0, len(values)]))
    with pytest.raises(IndexError):
        string_array(values, np.array([-1]))


def test_codes_of_dictionary_chunks_are_those_of_their_strings():
    """Chunks with their own dictionaries, values in another order than their first rows' and some never used:
    ``string_codes`` reads the indices and gives pandas' codes of the strings."""
    rng = np.random.default_rng(3)
    words = ["hard", "easy", "", "normal", "é:x=1"]
    chunks, values = [], []
    for size in (0, 7, 1, 30, 12):
        dictionary = list(rng.permutation(words))
        indices = rng.integers(0, 3, size)  # the last two values of each dictionary unused
        chunks.append(pa.DictionaryArray.from_arrays(pa.array(indices, pa.int32()), string_array(dictionary)))
        values += [dictionary[i] for i in indices]
    names, codes = string_codes(pa.chunked_array(chunks))
    expected_codes, expected_names = pd.factorize(pd.Series(values))
    assert names == list(expected_names) and codes.tolist() == expected_codes.tolist()


def test_an_empty_column_without_a_buffer_is_an_empty_array():
    for dtype in (pa.bool_(), pa.int16()):
        empty = pa.Array.from_buffers(dtype, 0, [None, None])
        assert to_numpy(empty).dtype == to_numpy(pa.chunked_array([], dtype)).dtype == numpy_dtype(dtype)
        assert len(to_numpy(empty)) == len(to_numpy(pa.chunked_array([empty, empty]))) == 0


def test_nulls_and_other_types_are_refused():
    with pytest.raises(ValueError, match="nulls"):
        to_numpy(pa.array([1, None], pa.int8()))
    with pytest.raises(ValueError, match="fixed-width"):
        numpy_dtype(pa.string())


def _reference_hand_summary(rows: pd.DataFrame, by: str) -> list[dict]:
    """The per-agent (per-seat) summary as pandas computed it before ``hand_summary_rows`` (its group-bys)."""
    from sniper.core.stats import clustered_mean_ci

    key = "seat" if by == "seat" else "agent"
    last = rows[rows["hand"] == rows.groupby("game")["hand"].transform("max")]
    best = last.groupby("game")["stack_after"].transform("max")
    top = last[last["stack_after"] == best]
    won = top[top.groupby("game")["seat"].transform("size") == 1][key].value_counts()
    out = []
    groups = rows.groupby(key, sort=by == "seat")
    for name in sorted(groups.groups) if by == "seat" else pd.unique(rows[key]):
        group = groups.get_group(name)
        per_game = group.groupby("game")["net"].agg(["sum", "size"])
        ci = clustered_mean_ci(per_game["sum"].to_numpy(np.float64), per_game["size"].to_numpy(np.float64))
        label = {"seat": int(name), "agent": "/".join(pd.unique(group["agent"]))} if by == "seat" else {"agent": name}
        out.append(
            {**label, "hands": len(group), "net_per_hand": ci.estimate, "ci95_low": ci.low, "ci95_high": ci.high}
            | {"games_won": int(won.get(name, 0))}
        )
    return out


@pytest.fixture(scope="module", params=sorted(game_names()))
def run(request, tmp_path_factory):
    """A run of every registered game (the toy games of other test modules too, when they are collected first): two
    agents, a level beside ``random``, at 3 seats where the game allows it."""
    spec = get_game(request.param)
    level = next(name for name in spec.levels if name != "random")
    seats = 3 if 3 in spec.seats else spec.min_seats
    agents = ",".join([level, "random", level][:seats])
    out = tmp_path_factory.mktemp("runs") / request.param
    args = ["simulate", "--game", request.param, "--hands", "400", "--seed", "5", "--chunk-games", "3"]
    done = CliRunner().invoke(app, [*args, "--agents", agents, "--players", str(seats), "--out", str(out)])
    assert done.exit_code == 0, done.output
    return request.param, out


@pytest.mark.parametrize("by", ["agent", "seat"])
def test_a_runs_summary_rows_are_the_pandas_summary(run, by):
    """Every game's summary rows (``run_summary_rows``), read part by part, are its pandas frame's records to the
    last bit, and the shared columns those of the pandas group-bys (Sniper Hold'em's, its summary of a pandas
    frame); the parts read are ``read_run``'s rows."""
    game, out = run
    schema = get_game(game).schema("hands")
    assert len(list((out / "hands").glob("part-*.parquet"))) > 1
    assert read_parts(out, "hands", schema).equals(read_run(out, arrow=True))
    assert read_parts(out, "hands", schema, ["net", "seat"]).equals(read_run(out, columns=["net", "seat"], arrow=True))
    as_dictionary = read_parts(out, "hands", schema, dictionary=True)
    assert pa.types.is_dictionary(as_dictionary.schema.field("agent").type)
    assert as_dictionary.cast(schema).equals(read_run(out, arrow=True))
    summary, frame = run_summary_rows(out, by), run_summary(out, by)
    assert summary.to_dict("records") == frame.to_dict("records") and summary.attrs == frame.attrs
    rows = read_run(out)
    if game == "sniper":  # its own summary (hands dealt in), the same from a pandas frame of the rows
        from sniper.games.sniper_holdem.summary import summarize

        assert summary.to_dict("records") == summarize(rows, by).to_dict("records")
        return
    shared = [{k: row[k] for k in _reference_hand_summary(rows, by)[0]} for row in summary.to_dict("records")]
    assert shared == _reference_hand_summary(rows, by)
    if game == "draw":
        drew = rows[rows["draws"] >= 0].groupby([by, "draws"])["net"].agg(["size", "mean"])
        for row in summary.to_dict("records"):
            for d, group in enumerate(("pat", "drew_1", "drew_2", "drew_3")):
                size = int(drew["size"].get((row[by], d), 0))
                assert row[group] == size
                assert row[f"net_{group}"] == drew["mean"].get((row[by], d)) or size == 0


def test_read_parts_leaves_what_is_not_plain_parts_to_read_run(run, tmp_path):
    game, out = run
    schema = get_game(game).schema("hands")
    (out / "hands" / ".part-99999.parquet.tmp-1").write_bytes(b"half written")  # hidden: skipped, as the dataset
    assert read_parts(out, "hands", schema).equals(read_run(out, arrow=True))
    (out / "hands" / ".part-99999.parquet.tmp-1").unlink()
    assert read_parts(out, "hands", schema, ["no_such_column"]) is None
    assert read_parts(tmp_path, "hands", schema) is None
    nullable = pa.schema([field.with_nullable(True) for field in schema])
    assert read_parts(out, "hands", nullable) is None


def test_hand_summary_rows_of_no_rows_are_empty():
    empty = pa.table({c: pa.array([], pa.int64()) for c in ("game", "hand", "seat", "net", "stack_after")})
    empty = empty.append_column("agent", pa.array([], pa.string()))
    summary = hand_summary_rows(lambda columns: empty.select(columns))
    assert summary.empty and summary.columns == [] and summary.to_frame().empty
