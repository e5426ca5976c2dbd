"""Golden test: fixed-seed `simulate` (both engines), `duel`, `league` and `tune` give the recorded outputs.

The outputs and what is hashed are described in `tests/golden/record.py`; the fixture is
`tests/golden/hashes.json`. An intended change of an output: re-record with
`python -m tests.golden.record` (from the repository root) and commit the fixture with the change.
"""

import importlib.util
import json
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("golden_record", Path(__file__).with_name("golden") / "record.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)

RECORD = "python -m tests.golden.record"

PARALLEL = ["simulate/levels-ours-10/kernel", "simulate/levels-ours-10/reference", "duel/fixed-hands", "league", "tune"]
"""The groups played again on two workers (numba threads, or processes for the reference engine): the same
seed gives the same outputs whatever the number of workers (R13)."""


@pytest.fixture(scope="module")
def fixture() -> dict:
    return json.loads(golden.FIXTURE.read_text())


def differences(recorded: dict, versions: dict, got: dict[str, dict], names: list[str] | None = None) -> list[str]:
    """One line per output of ``got`` (or of ``names`` among the recorded) that does not match the fixture.

    A parquet file without float columns (``"exact": true``) must match byte for byte when the
    libraries' ``versions`` are those of the fixture, and by content otherwise (the bytes name the
    writer); one with float columns by the content of its other columns and its floats within
    ``golden.RTOL`` (never by bytes: the last bits of floats differ between CPUs). A JSON output by
    its text with floats masked and its floats within the same tolerance."""
    same_writers = versions == recorded["versions"]
    outputs = recorded["outputs"]
    lines = []
    for name in sorted(set(names if names is not None else outputs) | set(got)):
        want, have = outputs.get(name), got.get(name)
        if want is None:
            lines.append(f"{name}: new output, not in the fixture")
        elif have is None:
            lines.append(f"{name}: recorded but no longer written")
        elif "content" in want and want["content"] != have["content"]:
            lines.append(f"{name}: the table's content changed")
        elif "content" in want and not golden.close(want.get("floats", {}), have.get("floats", {})):
            lines.append(f"{name}: the table's floats changed beyond a relative {golden.RTOL:g}")
        elif "content" in want and want["exact"] and same_writers and want["sha256"] != have["sha256"]:
            lines.append(f"{name}: the same content, other parquet bytes (encoding, compression, metadata)")
        elif "content" not in want and want["sha256"] != have["sha256"]:
            lines.append(f"{name}: the JSON changed")
        elif "content" not in want and not golden.close(want["floats"], have["floats"]):
            lines.append(f"{name}: the JSON's numbers changed beyond a relative {golden.RTOL:g}")
    return lines


def check(fixture: dict, got: dict[str, dict], names: list[str] | None = None, workers: int = 1) -> None:
    """Fail naming every output that changed, and how to re-record when the change is intended."""
    versions = golden.versions()
    lines = differences(fixture, versions, got, names)
    note = ""
    if versions != fixture["versions"]:
        note = (
            f"\n(libraries {versions} differ from the recorded {fixture['versions']}: "
            f"tables compared by content, not bytes; `{RECORD}` pins the bytes again)"
        )
    assert not lines, (
        f"golden outputs changed ({workers} worker(s)):\n  "
        + "\n  ".join(lines)
        + f"\nIf the change is intended, re-record with `{RECORD}` and commit tests/golden/hashes.json.{note}"
    )


def test_outputs_equal_the_recorded_ones(fixture):
    check(fixture, golden.produce(1))


def test_two_workers_give_the_same_outputs(fixture):
    got = golden.produce(2, PARALLEL)
    assert got, "no output played"
    check(fixture, got, list(got), workers=2)


def test_a_changed_output_is_named(fixture):
    outputs = fixture["outputs"]
    table = next(name for name, entry in outputs.items() if entry.get("exact"))
    report = next(name for name, entry in outputs.items() if "content" not in entry)
    got = {**outputs, table: {**outputs[table], "content": "0" * 64}, report: {"sha256": "0" * 64}}
    gone = next(name for name in sorted(outputs) if name not in (table, report))
    del got[gone]
    lines = differences(fixture, fixture["versions"], got)
    assert f"{table}: the table's content changed" in lines
    assert f"{report}: the JSON changed" in lines
    assert f"{gone}: recorded but no longer written" in lines and len(lines) == 3
    # other writer versions: the same content with other bytes passes
    rewritten = {**outputs, table: {**outputs[table], "sha256": "0" * 64}}
    assert differences(fixture, {"pyarrow": "0"}, rewritten) == []
    assert differences(fixture, fixture["versions"], rewritten) == [
        f"{table}: the same content, other parquet bytes (encoding, compression, metadata)"
    ]


def nudged(floats, factor: float):
    """``floats`` (a list, or a dict of lists) with every non-zero value multiplied by ``factor``."""
    if isinstance(floats, dict):
        return {name: nudged(values, factor) for name, values in floats.items()}
    return [v * factor if v else v for v in floats]


def test_float_tables_match_within_the_tolerance_not_by_bytes(fixture):
    """Issue 27: a float table (a league's ratings) differs in its last bits between CPUs: its bytes are
    not compared, its floats within ``RTOL``; a larger change of a float is named."""
    outputs = fixture["outputs"]
    name = "league/ratings.parquet"
    entry = outputs[name]
    assert entry["exact"] is False and entry["floats"], "the ratings' float columns are recorded by value"
    assert all(not e["exact"] for e in outputs.values() if "floats" in e and "content" in e)
    last_bits = {**entry, "sha256": "0" * 64, "floats": nudged(entry["floats"], 1 + 1e-12)}
    assert differences(fixture, fixture["versions"], {**outputs, name: last_bits}) == []
    changed = {**entry, "floats": nudged(entry["floats"], 1 + 1e-6)}
    assert differences(fixture, fixture["versions"], {**outputs, name: changed}) == [
        f"{name}: the table's floats changed beyond a relative {golden.RTOL:g}"
    ]
    duel = "duel/fixed-hands.json"
    assert outputs[duel]["floats"], "a duel's JSON has its numbers recorded"
    moved = {**outputs[duel], "floats": nudged(outputs[duel]["floats"], 1 + 1e-6)}
    assert differences(fixture, fixture["versions"], {**outputs, duel: moved}) == [
        f"{duel}: the JSON's numbers changed beyond a relative {golden.RTOL:g}"
    ]


def test_excluded_fields_are_left_out_and_others_kept():
    data = {"seconds": 1.5, "tuning": {"best_trials": [{"decision_us": 2.0, "value": 1}]}, "study": "/tmp/x"}
    golden.drop(data, ("seconds",))
    golden.drop(data, ("tuning", "best_trials", "*", "decision_us"))
    golden.drop(data, ("absent", "*", "x"))
    assert data == {"tuning": {"best_trials": [{"value": 1}]}, "study": "/tmp/x"}
