"""The golden outputs: fixed-seed runs of `simulate`, `duel`, `league` and `tune`, hashed (issue 19 item 5).

`tests/test_golden.py` plays them again and compares with `tests/golden/hashes.json`. After an intended
change of an output, re-record the fixture from the repository root and commit it with the change:

    python -m tests.golden.record

What is hashed:
- every parquet file (each part of a run's `hands` and `actions`, a league's tables) byte for byte
  (sha256 of the file), and its content (schema and every value, ``table_digest``). The bytes
  depend on the writer: pyarrow names its version in the footer (``created_by``) and pandas its
  own in the schema metadata of a league's tables, so the fixture records both versions and with
  other versions installed the test compares contents only, saying so.
- every JSON output (a run's `manifest.json`, `league.json`, the `--json` of `duel` and `tune`) as
  ``json.dumps(sort_keys=True)`` of the parsed data, without the fields that differ between two runs
  of the same seed (``EXCLUDED``): wall-clock and CPU times, and the study directory's paths.

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


DIGITS = 10
"""Significant digits of a float in a table's content digest (``table_digest``)."""


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


def json_entry(data: dict, kind: str) -> dict[str, str]:
    """The fixture entry of a JSON output: the hash of its data without ``EXCLUDED[kind]``."""
    for path in EXCLUDED[kind]:
        drop(data, path)
    return {"sha256": sha256(json.dumps(data, sort_keys=True).encode())}


def table_digest(path: Path) -> str:
    """The sha256 of a parquet file's content, independent of the writer's version: its columns' names
    and types and every value (schema metadata left out, as it names the writer), floats to ``DIGITS``
    significant digits (an optimizer's last bits differ between numpy/scipy builds; a changed result
    does not hide there)."""
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    columns = {
        name: [format(v, f".{DIGITS}g") if isinstance(v, float) else v for v in values]
        for name, values in table.to_pydict().items()
    }
    content = {"schema": str(table.schema.remove_metadata()), "columns": columns}
    return sha256(json.dumps(content, sort_keys=True, default=str).encode())


def parquet_entry(path: Path) -> dict[str, str]:
    """The fixture entry of a parquet file: its bytes' and its content's hashes."""
    return {"sha256": sha256(path.read_bytes()), "content": table_digest(path)}


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
    from sniper.games.sniper_holdem.game import make_rules
    from sniper.runs.runner import RunConfig, simulate

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
