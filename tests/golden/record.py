"""The golden outputs: fixed-seed runs of `simulate`, `duel`, `league` and `tune`, hashed (issue 19 item 5).

`tests/test_golden.py` plays them again and compares with `tests/golden/hashes.json`. After an intended
change of an output, re-record the fixture from the repository root and commit it with the change:

    python -m tests.golden.record

What is recorded, and what must match on another machine:
- a parquet file whose columns are all integers, booleans or strings (a run's `hands` and `actions`,
  a league's `tables`) is pinned byte for byte (sha256 of the file, ``"exact": true``) and by its content
  (schema and every value, ``table_digest``). The bytes depend on the writer: pyarrow names its version in
  the footer (``created_by``), so the fixture records the writers' versions and with other versions
  installed the test compares contents only, saying so.
- a parquet file with float columns (a league's `crosstable` and `ratings`: scipy's Bradley–Terry fit,
  openskill's updates) is pinned by the content of its other columns and schema (``content``) and by its
  float values (``floats``), compared within ``RTOL``/``ATOL``: the last bits of an optimizer's floats
  differ between CPUs (Intel and AMD) and numpy/scipy builds, a changed result does not hide there.
  Its bytes are recorded (``sha256``) but not compared (``"exact": false``).
- every JSON output (a run's `manifest.json`, `league.json`, the `--json` of `duel` and `tune`) by the
  hash of ``json.dumps(sort_keys=True)`` of the parsed data with every float replaced by a placeholder,
  and its floats in document order (``floats``, compared within the same tolerance), without the fields
  that differ between two runs of the same seed (``EXCLUDED``): wall-clock and CPU times, and the study
  directory's paths.

Not hashed: a tune study's `study.db` (optuna's SQLite, with trial timestamps) and its PNG plots.
"""

import hashlib
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

FIXTURE = Path(__file__).with_name("hashes.json")
"""The recorded hashes: ``{"versions": {...}, "outputs": {name: {"sha256": …, "content": …}}}``."""

SIMULATE = {
    # name: (agents, rules, game length, hands, games per chunk, seed)
    "levels-ours-10": (("random", "easy", "normal", "hard"), "ours", "10", 40, 2, 3),
    "heuristics-show-20": (
        ("easy+pass", "normal+random", "hard+ev", "easy+beater", "normal-v1+board", "hard-v1"),
        "show",
        "20",
        40,
        1,
        5,
    ),
    "heads-up-ours-bust": (("easy", "normal"), "ours", "bust", 40, 1, 7),
    "three-show-10": (("hard+pass", "easy+ev", "random+beater"), "show", "10", 30, 1, 11),
}
"""The `simulate` runs, each played with both engines: every level (`random`, `easy`, `normal`, `hard`,
the v1 levels), every snipe heuristic, both rule sets and every game length."""

ENGINES = ("kernel", "reference")

DUELS = {
    "fixed-hands": ["easy", "hard+ev", "--players", "3", "--hands", "120", "--seed", "4"],
    "sprt-show-10": ["normal", "easy", "--sprt", "0:1", "--max-hands", "200", "--seed", "6"]
    + ["--rules", "show", "--game-length", "10"],
}
"""``sniper duel … --json`` arguments by name."""

LEAGUE = ["easy", "normal+pass", "random", "--players", "3", "--hands", "60", "--seed", "2"]
"""``sniper league … --out DIR`` arguments."""

TUNE = ["normal", "--against", "easy", "--param", "bluff=0:0.3", "--param", "samples=20:80:int"]
TUNE += ["--trials", "3", "--hands-per-trial", "100", "--validate-hands", "100", "--seed", "1"]
"""``sniper tune … --study DIR --json`` arguments (sequential trials: optuna's TPE sampler re-seeded per trial)."""

EXCLUDED = {
    "manifest": [("wall_seconds",), ("created",)],
    "duel": [("seconds",)],
    "league": [("seconds",)],
    "tune": [("tuning", "best_trials", "*", "decision_us"), ("study",), ("plots",)],
}
"""Fields left out of the JSON hashes, by output: times (`seconds`, `wall_seconds`, a manifest's `created`,
and `decision_us`, the CPU microseconds per decision a trial measured) differ between two runs of the same
seed, and `study`/`plots` are the paths of the (temporary) study directory."""


RTOL = 1e-9
"""Relative tolerance of a recorded float (a table's float column, a JSON number): the last bits of an
optimizer's result differ between CPUs and library builds (README, "Reproducible across machines")."""
ATOL = 1e-12
"""Absolute tolerance of a recorded float, for values that should be 0."""
FLOAT = "<float>"
"""What a float becomes in the hashed text of a JSON output (its value is in the entry's ``floats``)."""


def versions() -> dict[str, str]:
    """The versions of the libraries the outputs' bytes depend on: the parquet writers, which name
    themselves in the files' bytes, and the numerical libraries behind a league's ratings (scipy's
    optimizer for the Bradley–Terry fit, openskill's Plackett–Luce updates) and numpy."""
    from importlib.metadata import version

    return {name: version(name) for name in ("pyarrow", "pandas", "numpy", "scipy", "openskill")}


def sha256(data: bytes) -> str:
    """The hex sha256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def drop(data, path: tuple[str, ...]) -> None:
    """Remove the field at ``path`` (``"*"``: every item of a list) from JSON data in place, if there."""
    head, rest = path[0], path[1:]
    items = data if head == "*" and isinstance(data, list) else [data.get(head)] if isinstance(data, dict) else []
    if not rest:
        if isinstance(data, dict):
            data.pop(head, None)
        return
    for item in items:
        if isinstance(item, (dict, list)):
            drop(item, rest)


def split_floats(data, floats: list[float]):
    """``data`` (parsed JSON) with every float replaced by ``FLOAT``, appending the floats in document
    order (dict keys sorted) to ``floats``."""
    if isinstance(data, float):
        floats.append(data)
        return FLOAT
    if isinstance(data, dict):
        return {key: split_floats(data[key], floats) for key in sorted(data)}
    if isinstance(data, list):
        return [split_floats(item, floats) for item in data]
    return data


def json_entry(data: dict, kind: str) -> dict:
    """The fixture entry of a JSON output without ``EXCLUDED[kind]``: the hash of its text with floats
    masked (``split_floats``) and its floats."""
    for path in EXCLUDED[kind]:
        drop(data, path)
    floats: list[float] = []
    masked = split_floats(data, floats)
    return {"sha256": sha256(json.dumps(masked, sort_keys=True).encode()), "floats": floats}


def float_columns(table) -> list[str]:
    """The names of a pyarrow table's floating-point columns."""
    import pyarrow as pa

    return [field.name for field in table.schema if pa.types.is_floating(field.type)]


def table_digest(table, skip: list[str]) -> str:
    """The sha256 of a parquet table's content, independent of the writer's version: its columns' names
    and types and every value of the columns not in ``skip`` (schema metadata left out, as it names
    the writer)."""
    columns = {name: values for name, values in table.to_pydict().items() if name not in skip}
    content = {"schema": str(table.schema.remove_metadata()), "columns": columns}
    return sha256(json.dumps(content, sort_keys=True, default=str).encode())


def parquet_entry(path: Path) -> dict:
    """The fixture entry of a parquet file: its bytes' hash, whether they are pinned (``exact``: no float
    column), its content's hash without the float columns, and the float columns' values."""
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    skip = float_columns(table)
    entry = {"sha256": sha256(path.read_bytes()), "exact": not skip, "content": table_digest(table, skip)}
    if skip:
        entry["floats"] = {name: table.column(name).to_pylist() for name in skip}
    return entry


def close(want, have) -> bool:
    """Whether recorded floats ``want`` and played ``have`` (lists, or dicts of lists, of floats or None)
    agree within ``RTOL``/``ATOL``, NaN equal to NaN."""
    import math

    if isinstance(want, dict):
        return isinstance(have, dict) and want.keys() == have.keys() and all(close(want[k], have[k]) for k in want)
    if len(want) != len(have):
        return False
    for a, b in zip(want, have, strict=True):
        if a is None or b is None:
            if a is not b:
                return False
        elif math.isnan(a) or math.isnan(b):
            if not (math.isnan(a) and math.isnan(b)):
                return False
        elif not math.isclose(a, b, rel_tol=RTOL, abs_tol=ATOL):
            return False
    return True


def cli(*args: str) -> str:
    """Run ``sniper ARGS`` in this process (typer's CliRunner) and return its stdout; raises on a non-zero exit."""
    from typer.testing import CliRunner

    from sniper.cli.app import app

    result = CliRunner().invoke(app, list(args))
    if result.exit_code != 0:
        raise RuntimeError(f"sniper {' '.join(args)} exited {result.exit_code}: {result.output}")
    return result.stdout


def simulate_outputs(name: str, engine: str, workers: int, root: Path) -> dict[str, dict]:
    """Play ``SIMULATE[name]`` on ``engine`` with ``workers`` (library ``sniper.runs.runner.simulate``); its entries."""
    from sniper.games.sniper_holdem.rules import make_rules
    from sniper.runs.config import RunConfig
    from sniper.runs.runner import simulate

    agents, rules, length, hands, chunk, seed = SIMULATE[name]
    config = RunConfig(agents, make_rules(rules, length), seed, hands, chunk, engine)
    out = simulate(config, root / f"{name}-{engine}", workers=workers).out
    key = f"simulate/{name}/{engine}"
    entries = {f"{key}/manifest.json": json_entry(json.loads((out / "manifest.json").read_text()), "manifest")}
    for part in sorted(out.glob("*/*.parquet")):
        entries[f"{key}/{part.parent.name}/{part.name}"] = parquet_entry(part)
    return entries


def duel_outputs(name: str, workers: int, root: Path) -> dict[str, dict]:
    """``sniper duel DUELS[name] --json`` with ``workers``; its entry."""
    out = cli("duel", *DUELS[name], "--workers", str(workers), "--json", "--quiet")
    return {f"duel/{name}.json": json_entry(json.loads(out), "duel")}


def league_outputs(workers: int, root: Path) -> dict[str, dict]:
    """``sniper league LEAGUE --out DIR`` with ``workers``; the entries of `league.json` and its tables."""
    out = root / f"league-{workers}"
    cli("league", *LEAGUE, "--out", str(out), "--workers", str(workers), "--quiet")
    entries = {"league/league.json": json_entry(json.loads((out / "league.json").read_text()), "league")}
    for table in sorted(out.glob("*.parquet")):
        entries[f"league/{table.name}"] = parquet_entry(table)
    return entries


def tune_outputs(workers: int, root: Path) -> dict[str, dict]:
    """``sniper tune TUNE --json`` with ``workers`` in a new study directory; its entry."""
    out = cli("tune", *TUNE, "--study", str(root / f"study-{workers}"), "--workers", str(workers), "--json")
    return {"tune/tune.json": json_entry(json.loads(out), "tune")}


def productions() -> dict[str, Callable[[int, Path], dict[str, dict]]]:
    """Every golden output group by name: a function of (workers, scratch directory) giving its entries."""
    groups: dict[str, Callable[[int, Path], dict[str, dict]]] = {}
    for name in SIMULATE:
        for engine in ENGINES:
            groups[f"simulate/{name}/{engine}"] = lambda w, root, n=name, e=engine: simulate_outputs(n, e, w, root)
    for name in DUELS:
        groups[f"duel/{name}"] = lambda w, root, n=name: duel_outputs(n, w, root)
    groups["league"] = league_outputs
    groups["tune"] = tune_outputs
    return groups


def produce(workers: int = 1, groups: list[str] | None = None) -> dict[str, dict]:
    """The entries of ``groups`` (default: all of ``productions``), played with ``workers`` in a scratch directory."""
    made = productions()
    entries: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="sniper-golden-") as scratch:
        for name in groups or list(made):
            entries.update(made[name](workers, Path(scratch)))
    return entries


def main() -> None:
    """Re-record ``FIXTURE`` from the outputs of this checkout (one worker)."""
    fixture = {"versions": versions(), "outputs": produce(1)}
    tmp = FIXTURE.with_suffix(".tmp")
    tmp.write_text(json.dumps(fixture, indent=1, sort_keys=True) + "\n")
    tmp.replace(FIXTURE)
    print(f"recorded {len(fixture['outputs'])} outputs to {FIXTURE}", file=sys.stderr)


if __name__ == "__main__":
    main()
