"""``sniper report``: one self-contained HTML page of tables and figures for a run, a duel, a league or a study.

What it reads (``load``, by what ``PATH`` is):

- a **run directory** of any registered game (``sniper simulate``, ``sniper serve``, ``sniper import``):
  only the hands-table columns of ``report_columns``, pushed down to the parquet scan, one part at a
  time (``run_parts``; a hand is never in two parts): each part's numbers are summed per (group, game)
  cell (``sniper.core.panels.Cells``) and the part let go, so memory is one part plus the cells, not the
  run (``experiments/README.md``, "The run report a part at a time"). The base sections, from the
  columns every game has (``sniper.core.tables.HAND_COLUMNS``): the per-agent summary (the numbers of
  ``sniper.runs.results.hand_summary``, which ``sniper summary`` prints for a game without its own) with
  net chips per hand and 95% CIs, cumulative net over hands and net per hand by seat; then the game's own
  panels (``GameSpec.report_panels``, a ``sniper.core.panels.RunPanels``), which may also give the summary
  (Sniper Hold'em, ``sniper.games.sniper_holdem.report``: its summary with showdowns and snipes, net by
  position and by showdown hand category, the sniped rate by category and the snipe hit rate by
  heuristic and place in the snipe order, R3, R7, R8);
- a **duel** (the ``--json`` output of ``sniper duel``, a file): its numbers and its interval;
- a **league directory** (``sniper league --out``, ``league.json``): the crosstable as a heatmap,
  BT ratings (Elo scale) and OpenSkill ratings with 95% intervals (normal: ± z·se, ± z·σ);
- a **tune study** (``sniper tune --study``, a directory holding ``study.db``): the best trials,
  optuna's history and parameter importances, and strength against decision time.

Intervals: run estimates are ratios over rows with games as the independent units
(``sniper.core.panels.grouped_intervals``, ``sniper.core.stats.clustered_mean_ci``: the estimator of ``sniper summary``
and ``sniper.arena.analysis.clustered_ratio``). An interval that cannot be computed shows as "n/a".

The reports of duels, leagues and studies: ``sniper.report.arena_reports``. The page
(``sniper.report.page.to_html``) embeds every figure as a base64 PNG and has no script, stylesheet or font
from elsewhere; every text from the data is escaped (``html.escape``). ``write_report`` writes it
to a temporary file, then renames it.
"""

from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pandas as pd

from sniper.core import plots
from sniper.core.panels import Cells, Estimates, Part, Section, Table, game_codes, hand_ids
from sniper.core.registry import GameSpec, get_game
from sniper.core.stats import interval_text, value_text
from sniper.core.tables import HAND_COLUMNS, HANDS
from sniper.report.arena_reports import duel_report, league_report, study_report
from sniper.report.page import Report, default_out, tell, to_html

CURVE_POINTS = 2000
"""Most points drawn per cumulative-net curve (a long run is sampled evenly, last hand included)."""


def load(path, progress: Callable[[str], None] | None = None) -> Report:
    """The report of ``path``: a run directory, a league directory, a tune study directory (or its
    ``study.db``) or a duel's JSON file (module docstring). ``progress(text)`` is told each step.
    Raises ``ValueError`` (one line) when ``path`` is none of these or is unreadable, and
    ``sniper.runs.config.RunDirError`` for a run with an unreadable part."""
    from sniper.arena.league import LEAGUE_FILE
    from sniper.arena.tune_study import STUDY_DB
    from sniper.runs.rundir import MANIFEST

    path = Path(path)
    if path.is_file() and path.name == STUDY_DB:
        path = path.parent
    if path.is_dir():
        if (path / MANIFEST).is_file():
            return run_report(path, progress)
        if (path / LEAGUE_FILE).is_file():
            return league_report(path)
        if (path / STUDY_DB).is_file():
            return study_report(path)
        raise ValueError(
            f"{path} is not a run ({MANIFEST}), a league ({LEAGUE_FILE}) or a tune study ({STUDY_DB}) directory"
        )
    if path.is_file():
        if path.name == LEAGUE_FILE:
            return league_report(path.parent)
        return duel_report(path)
    raise ValueError(f"{path}: no such file or directory")


# ----- runs -----------------------------------------------------------------------------------------


def report_columns(spec: GameSpec) -> tuple[str, ...]:
    """The hands-table columns a report of a run of ``spec`` reads: the ``HAND_COLUMNS``, then those its
    panels ask for (``GameSpec.report_panels``), no others."""
    extra = _panel_class(spec).columns if spec.report_panels else ()
    return tuple(dict.fromkeys((*HAND_COLUMNS, *extra)))


def _panel_class(spec: GameSpec):
    return spec.resolve(spec.report_panels)


class Curves:
    """Cumulative net chips per agent over the run's hands, a part at a time: each part's net per
    (agent, hand) is kept (int32, one per agent per hand), the curve is drawn at up to ``CURVE_POINTS``
    evenly spaced hands (the last included) once the number of hands is known (``curves``)."""

    def __init__(self) -> None:
        self.parts: list[np.ndarray] = []
        self.played: set[int] = set()

    def add(self, agent: np.ndarray, hand_id: np.ndarray, n_hands: int, net: np.ndarray) -> None:
        """Add a part: ``agent`` int64 codes (rows,), ``hand_id`` the part's hand ids 0..n_hands-1 in
        run order (``hand_ids``), ``net`` chips (rows,)."""
        k = int(agent.max()) + 1
        sums = np.bincount(agent * n_hands + hand_id, weights=net, minlength=k * n_hands)
        self.parts.append(sums.astype(np.int32).reshape(k, n_hands))
        self.played.update(np.flatnonzero(np.bincount(agent, minlength=k)).tolist())

    def curves(self, names: list[str]) -> dict:
        """``{agent name: (hand numbers from 1, cumulative net chips)}`` for ``sniper.core.plots.cumulative_net``,
        agents in code order (``names``), only those with rows."""
        n_hands = sum(part.shape[1] for part in self.parts)
        picks = np.unique(np.linspace(0, n_hands - 1, min(n_hands, CURVE_POINTS)).round().astype(np.int64))
        out = {}
        for a, name in enumerate(names):
            if a not in self.played:
                continue
            net = np.concatenate(
                [part[a] if a < len(part) else np.zeros(part.shape[1], np.int32) for part in self.parts]
            )
            out[name] = (picks + 1, np.cumsum(net, dtype=np.int64)[picks].astype(np.float64))
        return out


class HandSummary:
    """The per-agent summary of a run of any game from the ``HAND_COLUMNS``, a part at a time (``add``): the
    numbers of ``sniper.runs.results.hand_summary`` (what ``sniper summary`` prints for a game without its own
    summary): rows per agent, net chips per hand with its 95% interval from the (agent, game) sums of the whole
    run (``Cells``, games the units) and games won (the most chips after a game's last hand, alone). Exact
    only when no game is in two parts: ``whole`` says so, else the caller summarises the whole run."""

    def __init__(self) -> None:
        self.cells, self.last_game, self.whole = Cells(), None, True
        self.rows, self.won, self.order = np.zeros(0, np.int64), np.zeros(0, np.int64), []

    def add(self, part: Part) -> None:
        """Add a part (``sniper.core.panels.Part``)."""
        data, (game, labels) = part.data, part.games
        agent, stack = data["agent"], data["stack_after"].astype(np.int64)
        low, high = int(data["game"].min()), int(data["game"].max())
        if self.last_game is not None and low <= self.last_game:
            self.whole = False
        self.last_game = high
        self.cells.add(agent, np.zeros(len(agent), np.int8), 1, np.ones(len(agent), bool), part.games, data["net"])
        k = max(len(part.agents), len(self.rows))
        self.rows = np.bincount(agent, minlength=k) + np.pad(self.rows, (0, k - len(self.rows)))
        n = len(labels)
        hand_game = np.empty(part.n_hands, np.int64)
        hand_game[part.hand_id] = game  # hand ids increase in (game, hand) order: a game's are consecutive
        at_last = np.append(hand_game[1:] != hand_game[:-1], True)[part.hand_id]  # a game's last hand
        best = np.full(n, np.iinfo(np.int64).min)
        np.maximum.at(best, game[at_last], stack[at_last])
        top = at_last & (stack == best[game])
        alone = top & (np.bincount(game[top], minlength=n)[game] == 1)
        self.won = np.bincount(agent[alone], minlength=k) + np.pad(self.won, (0, k - len(self.won)))
        self.order += [int(a) for a in pd.unique(agent) if int(a) not in self.order]

    def frame(self, names: list[str]) -> pd.DataFrame:
        """The summary frame (``hand_summary``'s columns; agents in order of their first row)."""
        intervals, _ = self.cells.intervals(len(names))
        records = [
            {
                "agent": names[a],
                "hands": int(self.rows[a]),
                "net_per_hand": intervals[a].estimate,
                "ci95_low": intervals[a].low,
                "ci95_high": intervals[a].high,
                "games_won": int(self.won[a]),
            }
            for a in self.order
        ]
        return pd.DataFrame(records)


def hand_summary_table(
    summary: pd.DataFrame, unit: str = "hand", net: str = "net chips", score: str = "chips"
) -> Table:
    """The base per-agent summary (``HandSummary``, ``sniper.runs.results.hand_summary``) as a page table, in the
    game's words: ``unit`` (``GameSpec.unit``), ``net`` (``GameSpec.net_name``), ``score`` (``GameSpec.score``)."""
    rows = [
        [str(r.agent), f"{r.hands:,}", value_text(r.net_per_hand), interval_text(r.ci95_low, r.ci95_high)]
        + [f"{r.games_won:,}"]
        for r in summary.itertuples()
    ]
    note = (
        f"{unit}s: {unit}s played, over the agent's seats; games won: most {score} at the end of a game, alone; "
        "games are the independent units of the intervals."
    )
    columns = ["agent", f"{unit}s", f"net/{unit}", "95% CI", "games won"]
    return Table(f"Per agent: {net} per {unit}, 95% confidence interval", columns, rows, note)


class BySeat:
    """Net chips per hand at each seat (any game, the ``HAND_COLUMNS``), a part at a time: one estimate per seat,
    its group labelled with the agents seated there."""

    MOST_NAMES = 3
    """Agents named in a seat's label at most (more: their count)."""

    def __init__(self, seats: int) -> None:
        self.estimates = Estimates([str(s) for s in range(seats)])
        self.seated: dict[int, list[int]] = {}

    def add(self, part: Part) -> None:
        """Add a part (``sniper.core.panels.Part``)."""
        seat, agent = part.data["seat"].astype(np.int64), part.data["agent"]
        keep = (seat >= 0) & (seat < len(self.estimates.group_names))
        # the argument types of the other estimates (one compiled kernel less to load): int64 series, int8 groups
        net = part.data["net"].astype(np.float64)
        self.estimates.add(np.zeros(len(seat), np.int64), seat.astype(np.int8), keep, part.games, net)
        k = int(agent.max()) + 1
        pairs = np.flatnonzero(np.bincount(seat[keep] * k + agent[keep], minlength=len(self.estimates.group_names) * k))
        for s, a in zip((pairs // k).tolist(), (pairs % k).tolist()):
            if a not in self.seated.setdefault(s, []):
                self.seated[s].append(a)

    def frame(self, names: list[str]) -> pd.DataFrame:
        """The estimate frame, its groups "seat S: AGENT[/AGENT…]" in seat order."""
        frame = self.estimates.frame(["all agents"])

        def label(group: str) -> str:
            agents = self.seated.get(int(group), [])
            shown = "/".join(names[a] for a in agents) if len(agents) <= self.MOST_NAMES else f"{len(agents)} agents"
            return f"seat {group}: {shown}"

        return frame.assign(group=[label(g) for g in frame["group"]])


def run_parts(out: Path, columns) -> Iterator:
    """The hands table of the run in ``out`` a part at a time, in part order: one ``pyarrow.Table`` of
    ``columns`` per part (only those columns are read, ``pyarrow.dataset`` as ``sniper.runs.store.read_run``),
    ``agent`` dictionary-encoded as stored (``dictionary<int32, string>``: no string is made per row).
    Raises ``sniper.runs.config.RunDirError`` for an unreadable part (``read_run``'s message)."""
    import pyarrow as pa

    from sniper.runs.store import read_run

    try:
        for fragment in _hands_dataset(out).get_fragments():
            yield fragment.to_table(columns=list(columns))
    except (OSError, pa.ArrowException):
        read_run(out, HANDS, columns=columns, arrow=True)  # raises RunDirError naming the bad part
        raise


def _hands_dataset(out: Path):
    """The hands table of ``out``: a ``pyarrow.dataset`` of its game's hands schema (``GameSpec.tables``),
    ``agent`` a dictionary."""
    import pyarrow as pa
    import pyarrow.dataset as ds

    from sniper.runs.rundir import load_manifest

    schema = get_game(load_manifest(out)["game"]).schema(HANDS)
    at = schema.get_field_index("agent")
    schema = schema.set(at, pa.field("agent", pa.dictionary(pa.int32(), pa.string()), nullable=False))
    options = ds.ParquetReadOptions(dictionary_columns={"agent"})
    return ds.dataset(out / HANDS, format=ds.ParquetFileFormat(read_options=options), schema=schema)


def _agent_codes(column, names: list[str]) -> np.ndarray:
    """The int64 code of each row's agent (a dictionary ``ChunkedArray``) into ``names``, the run's
    agents in order of first appearance (new names appended)."""
    codes = []
    for chunk in column.chunks:
        dictionary = chunk.dictionary.to_pylist()
        names += [name for name in dict.fromkeys(dictionary) if name not in names]
        to_run = np.array([names.index(name) for name in dictionary], dtype=np.int64)
        codes.append(to_run[chunk.indices.to_numpy(zero_copy_only=False)])
    return np.concatenate(codes) if codes else np.zeros(0, dtype=np.int64)


def run_report(out, progress: Callable[[str], None] | None = None) -> Report:
    """The report of the run directory ``out`` of any registered game (module docstring). Reads
    ``report_columns`` only, a part at a time (``run_parts``; a hand is never in two parts,
    ``sniper.runs.runner``): each part's numbers are summed per (group, game) cell (``HandSummary``,
    ``Curves``, ``BySeat``, the game's panels) and the part let go. Raises ``sniper.runs.config.RunDirError``
    for a directory that is not a readable run, ``ValueError`` for a run with no hands."""
    from sniper.runs.results import hand_summary
    from sniper.runs.rundir import load_manifest
    from sniper.runs.store import read_run

    out = Path(out)
    manifest = load_manifest(out)
    config = manifest["config"]
    spec = get_game(manifest["game"])
    panels = _panel_class(spec)(manifest) if spec.report_panels else None
    columns = report_columns(spec)
    curves, by_seat, summary = Curves(), BySeat(spec.max_seats), HandSummary()
    names, games_seen, rows = [], [], 0
    for number, table in enumerate(run_parts(out, columns), 1):
        if number % 10 == 1:
            tell(progress, f"reading part {number} ({rows:,} rows so far)")
        data = {name: table.column(name).to_numpy() for name in columns if name != "agent"}
        data["agent"] = _agent_codes(table.column("agent"), names)
        del table
        if len(data["agent"]) == 0:
            continue
        rows += len(data["agent"])
        games = game_codes(data["game"])
        hand_id, n_ids = hand_ids(data["game"], data["hand"])
        part = Part(data, games, hand_id, n_ids, names)
        games_seen.append(games[1][np.bincount(games[0], minlength=len(games[1])) > 0])
        summary.add(part)
        curves.add(data["agent"], hand_id, n_ids, data["net"].astype(np.float64))
        by_seat.add(part)
        if panels is not None:
            panels.add(part)
    if rows == 0:
        raise ValueError(f"{out} has no hands yet")
    tell(progress, f"summarising {rows:,} rows")
    read = lambda wanted: read_run(out, HANDS, columns=wanted, arrow=True)  # noqa: E731
    own = panels.summary(names, read) if panels is not None else None
    if own is None:
        frame = summary.frame(names) if summary.whole else hand_summary(read)
        own = frame, hand_summary_table(frame, spec.unit, spec.net_name, spec.score)
    frame, table = own
    tell(progress, "drawing")
    words = dict(unit=spec.unit, net=spec.net_name)
    sections = [
        Section("Summary", tables=[table], figures=[plots.net_per_agent(frame, **words)]),
        Section("Over the run", figures=[plots.cumulative_net(curves.curves(names), **words)]),
        Section("By seat", figures=[plots.net_by_seat(by_seat.frame(names), **words)]),
        *(panels.sections() if panels is not None else []),
    ]
    facts = [
        ("game", spec.title),
        ("status", str(manifest.get("status", "?"))),
        (f"{spec.unit}s", hands_fact(manifest)),
        ("games", f"{len(np.unique(np.concatenate(games_seen))):,}"),
        ("agents", ", ".join(map(str, config.get("agents", [])))),
        ("seed", str(config.get("seed"))),
        ("engine", str(config.get("engine", "?"))),
    ]
    if "source" in manifest:
        facts.append(("source", str(manifest["source"])))
    return Report(f"Run {out.name}", "run", str(out), facts, sections)


def hands_fact(manifest: dict) -> str:
    """A run report's "hands": those played of those asked for; of a game its people left, those it finished."""
    played = int(manifest.get("hands", 0))
    if manifest.get("status") == "abandoned":
        return f"{played:,} (abandoned: every person left before the game's end)"
    return f"{played:,} of {int(manifest.get('config', {}).get('hands', 0)):,}"


def write_report(path, out=None, progress: Callable[[str], None] | None = None) -> Path:
    """Build the report of ``path`` (``load``) and write its page to ``out`` (default ``default_out``),
    to a temporary file then renamed; returns ``out``. Raises what ``load`` raises, ``ValueError`` when
    ``out`` is a directory, ``OSError`` when it cannot be written."""
    from sniper.runs.atomic import write_atomic

    target = Path(out) if out is not None else default_out(path)
    if target.is_dir():
        raise ValueError(f"--out {target} is a directory; give a file name, e.g. {target / 'report.html'}")
    report = load(path, progress)
    page = to_html(report, progress)
    write_atomic(target, lambda tmp: tmp.write_text(page, encoding="utf-8"))
    return target
