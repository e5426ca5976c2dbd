"""``sniper report``: one self-contained HTML page of tables and figures for a run, a duel, a league or a study.

What it reads (``load``, by what ``PATH`` is):

- a **run directory** (``sniper simulate``, ``sniper serve``): only the hands-table columns of
  ``REPORT_COLUMNS``, pushed down to the parquet scan, one part at a time (``run_parts``; a hand is
  never in two parts): each part's numbers are summed per (group, game) cell (``Cells``) and the
  part let go, so memory is one part plus the cells, not the run (``experiments/README.md``, "The
  run report a part at a time"). Sections: the
  per-agent summary (``sniper.games.sniper_holdem.summary.summarize``, the table ``sniper summary`` prints), net chips
  per hand with 95% CIs, cumulative net over hands, net by position (first / middle / last to act
  from the hand's first player, R3) and by showdown hand category (R8), then the panels of the
  run's game (``game_panels``; Sniper Hold'em: the sniped rate by category and the snipe hit rate
  by heuristic and place in the snipe order, R7, R8);
- a **duel** (the ``--json`` output of ``sniper duel``, a file): its numbers and its interval;
- a **league directory** (``sniper league --out``, ``league.json``): the crosstable as a heatmap,
  BT ratings (Elo scale) and OpenSkill ratings with 95% intervals (normal: ± z·se, ± z·σ);
- a **tune study** (``sniper tune --study``, a directory holding ``study.db``): the best trials,
  optuna's history and parameter importances, and strength against decision time.

Intervals: run estimates are ratios over rows with games as the independent units
(``grouped_intervals``, ``sniper.core.stats.clustered_mean_ci``: the estimator of ``sniper summary``
and ``sniper.arena.analysis.clustered_ratio``). An interval that cannot be computed shows as "n/a".

The page (``to_html``) embeds every figure as a base64 PNG and has no script, stylesheet or font
from elsewhere; every text from the data is escaped (``html.escape``). ``write_report`` writes it
to a temporary file, then renames it.
"""

import base64
import html
import io
import json
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from sniper import __version__
from sniper.core import plots
from sniper.core.registry import DEFAULT_GAME
from sniper.core.stats import LEVEL, clustered_mean_ci, interval_text, value_text
from sniper.games.sniper_holdem.summary import SUMMARY_COLUMNS, _dense_codes, _group_ids, _held_codes, _hits

REPORT_COLUMNS = (*SUMMARY_COLUMNS, "first_seat", "sniped")
"""The hands-table columns a run's report reads (``sniper.runs.store.read_run`` pushdown), no others."""
POSITIONS = ("first", "middle", "last")
"""Places in an order of play: first, between, last (``positions``)."""
CURVE_POINTS = 2000
"""Most points drawn per cumulative-net curve (a long run is sampled evenly, last hand included)."""
DUEL_KEYS = ("a", "b", "hands", "net_per_hand", "ci95", "verdict")
"""Keys that make a JSON file a duel's ``--json`` output."""


@dataclass
class Table:
    """A table of the page: a caption, column names and rows of cell texts (escaped when written)."""

    caption: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""


@dataclass
class Section:
    """A heading with its tables and figures (``matplotlib.figure.Figure``), in page order."""

    heading: str
    tables: list[Table] = field(default_factory=list)
    figures: list = field(default_factory=list)


@dataclass
class Report:
    """A page: ``title``, what was read (``kind``: "run", "duel", "league" or "study"; ``source``:
    the path), a few facts (label, text) and the sections."""

    title: str
    kind: str
    source: str
    facts: list[tuple[str, str]]
    sections: list[Section]

    @property
    def figures(self) -> list:
        """Every figure of the page, in order."""
        return [f for s in self.sections for f in s.figures]


def _say(progress: Callable[[str], None] | None, text: str) -> None:
    if progress is not None:
        progress(text)


def load(path, progress: Callable[[str], None] | None = None) -> Report:
    """The report of ``path``: a run directory, a league directory, a tune study directory (or its
    ``study.db``) or a duel's JSON file (module docstring). ``progress(text)`` is told each step.
    Raises ``ValueError`` (one line) when ``path`` is none of these or is unreadable, and
    ``sniper.runs.runner.RunDirError`` for a run with an unreadable part."""
    from sniper.arena.league import LEAGUE_FILE
    from sniper.arena.tune import STUDY_DB
    from sniper.runs.runner import MANIFEST

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


def game_codes(games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(codes, labels)``: each row's game (int array (rows,)) as an int64 code 0..n-1 and the n games
    of the codes in increasing order (``labels[codes] == games``): the game minus the smallest when the
    games are nearly dense (some labels then unused), else its rank
    (``sniper.games.sniper_holdem.summary._game_codes``)."""
    games = np.asarray(games)
    low, high = int(games.min()), int(games.max())
    if high - low < 2 * len(games) + 1024:
        return np.subtract(games, low, dtype=np.int64), np.arange(low, high + 1)
    labels, codes = np.unique(games, return_inverse=True)
    return codes.astype(np.int64), labels


class Cells:
    """Sums over (code, game) cells, a part of the run at a time, for ``clustered_mean_ci`` per code
    with games as the units: the numbers of ``grouped_intervals`` over all the parts at once.

    ``add`` takes a part's rows; a game may be in several parts (its cells are merged in ``intervals``).
    Memory: one (total, weight, rows) triple per present cell, never per row. Sums of integer values
    (chips, counts) are exact, so the numbers do not depend on how the run is split into parts.
    """

    def __init__(self) -> None:
        self.parts: list[tuple[np.ndarray, ...]] = []  # a part's present cells: code, game, total, weight, rows

    def add(self, series, group, n_groups: int, mask, games, values, weights=None) -> None:
        """Add rows: those of ``mask`` (bool array (rows,)) whose ``series`` and ``group`` (int arrays
        (rows,), -1: left out) are non-negative, in cell ``series * n_groups + group``; ``games`` int
        array (rows,), the row's game, or its ``game_codes``; ``values``, ``weights`` float arrays
        (rows,), weights 1 per row by default. One pass over the rows (``kernels.report.cell_sums_nb``)."""
        from kernels.report import cell_sums_nb

        series, group = np.asarray(series), np.asarray(group)
        if len(series) == 0 or series.max() < 0:
            return
        game, labels = games if isinstance(games, tuple) else game_codes(games)
        k, n, mask = (int(series.max()) + 1) * n_groups, len(labels), np.asarray(mask, dtype=bool)
        rows, total = cell_sums_nb(series, group, n_groups, mask, game, n, np.asarray(values), k)
        if weights is None:
            weight = rows.astype(np.float64)
        else:
            weight = cell_sums_nb(series, group, n_groups, mask, game, n, np.asarray(weights, dtype=np.float64), k)[1]
        code, cell = np.nonzero(rows)  # code-major, games in order within a code
        self.parts.append((code, labels[cell], total[code, cell], weight[code, cell], rows[code, cell]))

    def intervals(self, k: int) -> tuple[list, np.ndarray]:
        """``(intervals, rows)`` of codes 0..k-1: a list of k ``sniper.core.stats.Interval`` (None for a code
        with no weight) and the int64 array (k,) of their rows."""
        out, counts = [], np.zeros(k, dtype=np.int64)
        if not self.parts:
            return [None] * k, counts
        code, games, total, weight, rows = (np.concatenate(c) for c in zip(*self.parts))
        order = np.argsort(code, kind="stable")  # parts in run order: games in order within a code
        code, games, total, weight, rows = (a[order] for a in (code, games, total, weight, rows))
        bounds = np.searchsorted(code, np.arange(k + 1))
        for c in range(k):
            at = slice(bounds[c], bounds[c + 1])
            g, y, w, r = games[at], total[at], weight[at], rows[at]
            if len(g) == 0:
                out.append(None)
                continue
            if len(g) > 1 and not (np.diff(g) > 0).all():  # a game in several parts, or parts out of order
                g, cell = np.unique(g, return_inverse=True)
                y, w = (np.bincount(cell, weights=v, minlength=len(g)) for v in (y, w))
                r = np.bincount(cell, weights=r, minlength=len(g)).astype(np.int64)
            counts[c] = r.sum()
            out.append(clustered_mean_ci(y, w) if w.sum() > 0 else None)
        return out, counts


def grouped_intervals(groups: np.ndarray, games: np.ndarray, values, weights=None) -> list:
    """``clustered_mean_ci`` of ``Σvalues / Σweights`` for each group, games as the units.

    ``groups``: int array of shape (rows,), codes 0..k-1 (-1: row left out); ``games``: int array
    (rows,), the row's game; ``values``, ``weights``: float arrays (rows,) (weights default 1 per row,
    e.g. chips and hands). Returns a list of k ``sniper.core.stats.Interval`` (None for a group with no
    weight). Bincounts over (group, game) cells (``Cells``): the same numbers as
    ``sniper.arena.analysis.clustered_ratio(frame, values, weights, by=group)``, without a pandas group-by.
    """
    groups = np.asarray(groups, dtype=np.int64)
    cells = Cells()
    cells.add(groups, np.zeros_like(groups), 1, groups >= 0, games, values, weights)
    return cells.intervals(int(groups.max()) + 1 if (groups >= 0).any() else 0)[0]


def estimate_frame(intervals: list, labels: list[tuple[str, str]], rows: np.ndarray) -> pd.DataFrame:
    """An estimate frame (``sniper.core.plots``): one row per interval that exists, with its (series, group)
    label and row count; non-finite bounds as NaN."""
    records = []
    for ci, (series, group), n in zip(intervals, labels, rows):
        if ci is None:
            continue
        low, high = (v if math.isfinite(v) else math.nan for v in (ci.low, ci.high))
        records.append(dict(series=series, group=group, estimate=ci.estimate, ci95_low=low, ci95_high=high, rows=n))
    return pd.DataFrame(records, columns=["series", "group", "estimate", "ci95_low", "ci95_high", "rows"])


@dataclass
class Estimates:
    """An estimate frame built a part at a time: the rows of (series, group) cells, ``group_names``
    fixed, series codes from 0 (their names given at the end, ``frame``)."""

    group_names: list[str]
    cells: Cells = field(default_factory=Cells)

    def add(self, series: np.ndarray, group: np.ndarray, mask: np.ndarray, games: np.ndarray, values) -> None:
        """Add the rows of ``mask`` (bool array (rows,)) with a series and a group code (int arrays,
        -1: left out) and their ``values`` (float array (rows,)); ``games``: int array (rows,) or its
        ``game_codes``."""
        self.cells.add(series, group, len(self.group_names), mask, games, values)

    def frame(self, series_names: list[str]) -> pd.DataFrame:
        """The estimate frame (``estimate_frame``), series in code order."""
        n = len(self.group_names)
        intervals, counts = self.cells.intervals(len(series_names) * n)
        labels = [(series_names[i // n], self.group_names[i % n]) for i in range(len(intervals))]
        return estimate_frame(intervals, labels, counts)


def positions(hand_id: np.ndarray, seat: np.ndarray, first_seat: np.ndarray, seats: int, mask: np.ndarray):
    """Each row's place in its hand's order of play, clockwise from the hand's first player (R3), among
    the rows of ``mask``: int8 array, 0 first, 1 between, 2 last (``POSITIONS``), -1 outside ``mask``.

    ``hand_id``: int array (rows,) equal for the rows of a hand; ``seat``, ``first_seat``: seat
    indices (one row per seat of a hand); ``seats``: seats at the table. With ``mask`` = dealt in it
    is the betting order; with ``mask`` = at the showdown, the snipe order (R7;
    ``sniper.games.sniper_holdem.analysis.snipe_order``). The first row of a hand is its least clockwise distance from
    the first player, the last its greatest (``kernels.report.places_nb``, one pass over rows in
    hand order: part order needs no sort; other orders are sorted by hand first).
    """
    from kernels.report import places_nb

    hand_id, mask = np.asarray(hand_id, dtype=np.int64), np.asarray(mask, dtype=bool)
    if (hand_id[1:] >= hand_id[:-1]).all():
        return places_nb(hand_id, seat, first_seat, mask, seats)
    order = np.argsort(hand_id, kind="stable")
    out = np.empty(len(hand_id), dtype=np.int8)
    out[order] = places_nb(hand_id[order], seat[order], first_seat[order], mask[order], seats)
    return out


def hand_ids(games: np.ndarray, hands: np.ndarray) -> tuple[np.ndarray, int]:
    """``(ids, n)``: each row's hand as an int64 id 0..n-1, increasing in (game, hand) order.

    Rows in part order (``sniper.runs.store.read_run``: sorted by game, then hand) are numbered by where
    (game, hand) changes, in one pass; other orders by the distinct (game, hand) pairs
    (``sniper.games.sniper_holdem.summary._group_ids``, a sort).

    >>> ids, n = hand_ids(np.array([0, 0, 0, 3, 3]), np.array([0, 0, 1, 0, 0]))
    >>> ids.tolist(), n
    ([0, 0, 1, 2, 2], 3)
    """
    games, hands = np.asarray(games, dtype=np.int64), np.asarray(hands, dtype=np.int64)
    if len(games) == 0:
        return np.zeros(0, dtype=np.int64), 0
    step_game, step_hand = np.diff(games), np.diff(hands)
    if not ((step_game > 0) | ((step_game == 0) & (step_hand >= 0))).all():
        from sniper.games.sniper_holdem.summary import _HAND_SPAN

        ids, _ = _group_ids([games * _HAND_SPAN + hands])
        return _dense_codes(ids)
    ids = np.concatenate([[0], np.cumsum((step_game != 0) | (step_hand != 0))])
    return ids, int(ids[-1]) + 1


def snipe_hit_rows(hand_id, seat, snipe, showdown, category, top) -> np.ndarray:
    """Bool array: whether each row's snipe named another showdown hand of its hand (R8), for int
    ``hand_id`` codes (``hand_ids``); ``sniper.games.sniper_holdem.summary.snipe_hits`` without its re-coding of
    the keys.
    Rows grouped by hand (part order) in one pass (``kernels.report.snipe_hits_nb``), others by
    ``sniper.games.sniper_holdem.summary._hits`` (sorted keys)."""
    from kernels.report import snipe_hits_nb

    hand_id, snipe = np.asarray(hand_id, dtype=np.int64), np.asarray(snipe)
    shows = np.asarray(showdown, dtype=bool) & (category >= 0)
    if (hand_id[1:] >= hand_id[:-1]).all():
        held = np.where(shows, _held_codes(category, top), -1).astype(np.int16)
        return snipe_hits_nb(hand_id, seat, snipe, held)
    rows = np.flatnonzero((snipe >= 0) | shows)
    held = np.where(shows[rows], _held_codes(category[rows], top[rows]), -1)
    hit = np.zeros(len(snipe), dtype=bool)
    hit[rows] = _hits(hand_id[rows], seat[rows].astype(np.int64), snipe[rows], held)
    return hit


class Curves:
    """Cumulative net chips per agent over the run's hands, a part at a time: each part's net per
    (agent, hand) is kept (int32, one per agent per hand), the curve is drawn at up to ``CURVE_POINTS``
    evenly spaced hands (the last included) once the number of hands is known (``curves``)."""

    def __init__(self) -> None:
        self.parts: list[np.ndarray] = []
        self.played: set[int] = set()

    def add(self, agent: np.ndarray, hand_id: np.ndarray, n_hands: int, net: np.ndarray, dealt: np.ndarray) -> None:
        """Add a part: ``agent`` int64 codes (rows,), ``hand_id`` the part's hand ids 0..n_hands-1 in
        run order (``hand_ids``), ``net`` chips (rows,), ``dealt`` bool (rows,)."""
        k = int(agent.max()) + 1
        sums = np.bincount(agent[dealt] * n_hands + hand_id[dealt], weights=net[dealt], minlength=k * n_hands)
        self.parts.append(sums.astype(np.int32).reshape(k, n_hands))
        self.played.update(np.flatnonzero(np.bincount(agent[dealt], minlength=k)).tolist())

    def curves(self, names: list[str]) -> dict:
        """``{agent name: (hand numbers from 1, cumulative net chips)}`` for ``sniper.core.plots.cumulative_net``,
        agents in code order (``names``), only those dealt in."""
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


class SniperPanels:
    """Sniper Hold'em's panels (R7, R8), a part at a time (``add``): the share of showdown hands
    sniped by category, and the share of snipes that hit by the sniper's heuristic
    (``manifest["agent_parameters"]``, "snipes") and place in the snipe order (``sections``)."""

    def __init__(self) -> None:
        from sniper.games.sniper_holdem.hands import CATEGORY_NAMES

        self.categories = [CATEGORY_NAMES[c] for c in sorted(CATEGORY_NAMES)]
        self.sniped = Estimates(self.categories)
        self.hits = Estimates([f"{p} to snipe" for p in POSITIONS])
        self.kinds: list[str] = []

    def add(self, data: dict, context: dict) -> None:
        """Add a part: its columns (``GAME_PANELS``) and context."""
        games, showdown, category = context["games"], data["showdown"], data["category"]
        shown = showdown & (category >= 0)
        self.sniped.add(np.zeros(len(category), np.int8), category, shown, games, data["sniped"])
        hit = snipe_hit_rows(context["hand_id"], data["seat"], data["snipe"], showdown, data["category"], data["top"])
        order = positions(context["hand_id"], data["seat"], data["first_seat"], context["seats"], shown)
        self.kinds += [h for h in dict.fromkeys(context["heuristics"]) if h not in self.kinds]
        of_agent = np.array([self.kinds.index(h) for h in context["heuristics"]], dtype=np.int64)
        series = of_agent[data["agent"]]
        self.hits.add(series, order, (data["snipe"] >= 0) & data["dealt_in"], games, hit)

    def sections(self) -> list[Section]:
        """The panels' section, its figures drawn."""
        figures = [
            plots.sniped_by_category(self.sniped.frame(["all agents"]), order=reversed(self.categories)),
            plots.snipe_hits_by_heuristic(self.hits.frame(self.kinds)),
        ]
        return [Section("Sniper Hold'em: snipes (R7, R8)", figures=figures)]


GAME_PANELS: dict[str, Callable[[], object]] = {"sniper": SniperPanels}
"""Game-specific sections of a run's report, by game name: a class whose objects are given the run a
part at a time, ``add(data, context)`` with the part's columns (numpy arrays, ``REPORT_COLUMNS``,
``agent`` as codes into the run's agents) and a context (``games``: the part's ``game_codes``,
``hand_id``: its hand ids, ``seats``,
``agents``: the names of the codes so far, ``heuristics``: theirs), then return their sections
(``sections()``)."""


def game_panels(game: str) -> Callable[[], object]:
    """The panel class of ``game`` (``GAME_PANELS``); ``ValueError`` for a game without one."""
    try:
        return GAME_PANELS[game]
    except KeyError:
        raise ValueError(f"no report panels for game {game!r}; known: {', '.join(GAME_PANELS)}") from None


def run_parts(out: Path, columns) -> Iterator:
    """The hands table of the run in ``out`` a part at a time, in part order: one ``pyarrow.Table`` of
    ``columns`` per part (only those columns are read, ``pyarrow.dataset`` as ``sniper.runs.store.read_run``),
    ``agent`` dictionary-encoded as stored (``dictionary<int32, string>``: no string is made per row).
    Raises ``sniper.runs.runner.RunDirError`` for an unreadable part (``read_run``'s message)."""
    import pyarrow as pa

    from sniper.runs.store import read_run

    try:
        for fragment in _hands_dataset(out).get_fragments():
            yield fragment.to_table(columns=list(columns))
    except (OSError, pa.ArrowException):
        read_run(out, "hands", columns=columns, arrow=True)  # raises RunDirError naming the bad part
        raise


def _hands_dataset(out: Path):
    """The hands table of ``out``: a ``pyarrow.dataset`` of ``sniper.games.sniper_holdem.results.SCHEMA``, ``agent``
    a dictionary."""
    import pyarrow as pa
    import pyarrow.dataset as ds

    from sniper.games.sniper_holdem.results import SCHEMA

    at = SCHEMA.get_field_index("agent")
    schema = SCHEMA.set(at, pa.field("agent", pa.dictionary(pa.int32(), pa.string()), nullable=False))
    options = ds.ParquetReadOptions(dictionary_columns={"agent"})
    return ds.dataset(out / "hands", format=ds.ParquetFileFormat(read_options=options), schema=schema)


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


class Summary:
    """The per-agent summary of a run (``sniper.games.sniper_holdem.summary.summarize``, the same numbers), a part
    at a time
    (``add``): ``summarize`` of each part, its counts summed over the parts, and the net chips per
    hand with its interval from the (agent, game) sums of the whole run (``Cells``: the estimator of
    ``summarize``). Exact only when no game is in two parts (games won are counted on a game's last
    hand): ``whole`` says so, else the caller summarises the whole run."""

    INTERVAL = ("net_per_hand", "ci95_low", "ci95_high")
    """The columns of ``summarize`` computed from the whole run's cells."""

    def __init__(self) -> None:
        self.cells, self.parts, self.last_game, self.whole = Cells(), [], None, True

    def add(self, data: dict, games: tuple[np.ndarray, np.ndarray]) -> None:
        """Add a part: its columns (numpy arrays, ``SUMMARY_COLUMNS``, ``agent`` int codes into the run's
        agents, which ``summarize`` takes as the agents' labels) and their ``game_codes``."""
        from sniper.games.sniper_holdem.summary import summarize

        low, high = int(data["game"].min()), int(data["game"].max())
        if self.last_game is not None and low <= self.last_game:
            self.whole = False
        self.last_game = high
        self.cells.add(data["agent"], np.zeros(len(data["game"]), np.int8), 1, data["dealt_in"], games, data["net"])
        part = summarize(pd.DataFrame({name: data[name] for name in SUMMARY_COLUMNS}, copy=False))  # agents as codes
        if len(part):
            self.parts.append(part)

    def frame(self, names: list[str]) -> pd.DataFrame:
        """The summary (``summarize``'s columns and order: agents by first hand dealt in)."""
        intervals, _ = self.cells.intervals(len(names))
        counts = pd.concat(self.parts, ignore_index=True)
        counts["agent"] = [names[a] for a in counts["agent"]]
        order = list(dict.fromkeys(counts["agent"]))
        summed = counts.drop(columns=list(self.INTERVAL)).groupby("agent", sort=False).sum().reindex(order)
        records = []
        for agent, row in summed.iterrows():
            ci = intervals[names.index(agent)]
            records.append(
                {"agent": agent, **row.to_dict(), "net_per_hand": ci.estimate, "ci95_low": ci.low, "ci95_high": ci.high}
            )
        return pd.DataFrame(records, columns=list(counts.columns))


def summary_table(summary: pd.DataFrame) -> Table:
    """The per-agent summary (``sniper.games.sniper_holdem.summary.summarize``) as a page table, the columns of
    ``sniper summary``."""
    rows = [
        [
            str(r.agent),
            f"{r.hands:,}",
            value_text(r.net_per_hand),
            interval_text(r.ci95_low, r.ci95_high),
            f"{r.showdown_wins:,}",
            f"{r.snipes_made:,}",
            f"{r.snipes_hit:,}",
            f"{r.games_won:,}",
        ]
        for r in summary.itertuples()
    ]
    columns = ["agent", "hands", "net/hand", "95% CI", "showdowns won", "snipes", "hit", "games won"]
    note = (
        "hands: hands dealt in, over the agent's seats; hit: snipes that named another showdown hand; "
        "games won: most chips at the end (R9); games are the independent units of the intervals."
    )
    return Table("Per agent: net chips per hand, 95% confidence interval", columns, rows, note)


def run_report(out, progress: Callable[[str], None] | None = None) -> Report:
    """The report of the run directory ``out`` (module docstring). Reads ``REPORT_COLUMNS`` only, a
    part at a time (``run_parts``; a hand is never in two parts, ``sniper.runs.runner``): each part's
    numbers are summed per (group, game) cell (``Estimates``, ``Curves``, the game's panels) and the
    part let go, but for its ``SUMMARY_COLUMNS``, copied into one array per column (the agent as a
    code) for ``sniper.games.sniper_holdem.summary.summarize`` at the end. Raises
    ``sniper.runs.runner.RunDirError`` for a
    directory that is not a readable run, ``ValueError`` for a run with no hands or a game without
    panels."""
    from sniper.games.sniper_holdem.hands import CATEGORY_NAMES
    from sniper.games.sniper_holdem.summary import summarize
    from sniper.runs.runner import load_manifest
    from sniper.runs.store import read_run

    out = Path(out)
    manifest = load_manifest(out)
    config = manifest["config"]
    panels = game_panels(str(manifest.get("game", config.get("game", DEFAULT_GAME))))()
    vectors = {v.get("spec"): v for v in manifest.get("agent_parameters", []) if isinstance(v, dict)}
    categories = [CATEGORY_NAMES[c] for c in sorted(CATEGORY_NAMES)]
    by_position, by_category = Estimates(list(POSITIONS)), Estimates(categories)
    curves, names, heuristics, games_seen, rows = Curves(), [], [], [], 0
    summary = Summary()
    for number, table in enumerate(run_parts(out, REPORT_COLUMNS), 1):
        if number % 10 == 1:
            _say(progress, f"reading part {number} ({rows:,} rows so far)")
        data = {name: table.column(name).to_numpy() for name in REPORT_COLUMNS if name != "agent"}
        data["agent"] = _agent_codes(table.column("agent"), names)
        del table
        if len(data["agent"]) == 0:
            continue
        heuristics += [str(vectors.get(name, {}).get("snipes", "unknown")) for name in names[len(heuristics) :]]
        rows += len(data["agent"])
        dealt, net, games = data["dealt_in"], data["net"].astype(np.float64), game_codes(data["game"])
        hand_id, n_ids = hand_ids(data["game"], data["hand"])
        seats = int(max(data["seat"].max(), data["first_seat"].max())) + 1  # any seats ≥ these: the same order
        games_seen.append(games[1][np.bincount(games[0], minlength=len(games[1])) > 0])
        summary.add(data, games)
        curves.add(data["agent"], hand_id, n_ids, net, dealt)
        place = positions(hand_id, data["seat"], data["first_seat"], seats, dealt)
        by_position.add(data["agent"], place, dealt, games, net)
        category = data["category"]
        by_category.add(data["agent"], category, dealt & data["showdown"] & (category >= 0), games, net)
        panels.add(data, dict(games=games, hand_id=hand_id, seats=seats, agents=names, heuristics=heuristics))
    if rows == 0:
        raise ValueError(f"{out} has no hands yet")
    _say(progress, f"summarising {rows:,} rows")
    summary = summary.frame(names) if summary.whole else summarize(read_run(out, columns=SUMMARY_COLUMNS, arrow=True))
    _say(progress, "drawing")
    sections = [
        Section("Summary", tables=[summary_table(summary)], figures=[plots.net_per_agent(summary)]),
        Section("Over the run", figures=[plots.cumulative_net(curves.curves(names))]),
        Section(
            "Where the chips come from",
            figures=[
                plots.net_by_position(by_position.frame(names), order=POSITIONS),
                plots.net_by_category(by_category.frame(names), order=reversed(categories)),
            ],
        ),
        *panels.sections(),
    ]
    facts = [
        ("status", str(manifest.get("status", "?"))),
        ("hands", f"{int(manifest.get('hands', 0)):,} of {int(config.get('hands', 0)):,}"),
        ("games", f"{len(np.unique(np.concatenate(games_seen))):,}"),
        ("agents", ", ".join(map(str, config.get("agents", [])))),
        ("seed", str(config.get("seed"))),
        ("engine", str(config.get("engine", "?"))),
    ]
    return Report(f"Run {out.name}", "run", str(out), facts, sections)


# ----- duels, leagues, studies --------------------------------------------------------------------------


def duel_report(path) -> Report:
    """The report of a duel's ``--json`` output in the file ``path``; ``ValueError`` if it is not one."""
    path = Path(path)
    try:
        result = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ValueError(
            f"{path} is not a duel's JSON output, nor a run, league or study dir ({type(error).__name__})"
        ) from None
    if not isinstance(result, dict) or not all(key in result for key in DUEL_KEYS):
        raise ValueError(f"{path} is not a duel's JSON output (`sniper duel A B --json`): no {', '.join(DUEL_KEYS)}")
    games = result.get("games") if isinstance(result.get("games"), dict) else {}
    ci = result.get("ci95") if isinstance(result.get("ci95"), list) else [None, None]
    number = lambda v, spec="+.3f": value_text(plots._number(v), spec)  # noqa: E731
    rows = [
        ["A", str(result["a"])],
        ["B", str(result["b"])],
        ["hands", number(result["hands"], ",.0f")],
        ["net chips per hand (A)", number(result["net_per_hand"])],
        ["95% CI", interval_text(*(plots._number(v) for v in (list(ci) + [None, None])[:2]))],
        ["verdict", str(result["verdict"])],
        ["games won by A / B / drawn", " / ".join(number(games.get(k), ",.0f") for k in ("a_won", "b_won", "drawn"))],
        ["independent-deal CI half-width", number(result.get("independent_ci95_half_width"), ".3f")],
    ]
    if isinstance(result.get("sprt"), dict):
        rows.append(["SPRT decision", str(result["sprt"].get("decision"))])
    section = Section(
        "Duel", tables=[Table("Duplicate duel", ["", "value"], rows)], figures=[plots.duel_estimate(result)]
    )
    facts = [("players", str(result.get("players", "?"))), ("seatings", str(result.get("seatings", "?")))]
    return Report(f"Duel {result['a']} vs {result['b']}", "duel", str(path), facts, [section])


def _z() -> float:
    from scipy.special import ndtri

    return float(ndtri(0.5 + LEVEL / 2))


def league_report(out) -> Report:
    """The report of the league directory ``out`` (``sniper.arena.league.save_league``): crosstable heatmap,
    BT and OpenSkill ratings with 95% normal intervals. ``ValueError`` if its files are unreadable."""
    from sniper.arena.league import LEAGUE_FILE

    out = Path(out)
    try:
        meta = json.loads((out / LEAGUE_FILE).read_text())
        cross = pd.read_parquet(out / "crosstable.parquet")
        ratings = pd.read_parquet(out / "ratings.parquet")
    except (OSError, ValueError) as error:
        raise ValueError(f"{out} is not a finished league ({type(error).__name__}: {error})".splitlines()[0]) from None
    config = meta.get("config", {}) if isinstance(meta, dict) else {}
    z = _z()
    ratings = ratings.assign(bt_half=z * ratings["bt_rating_se"])
    rows = [
        [str(r.agent), value_text(r.bt_rating, ".0f"), value_text(r.bt_half, ".0f"), value_text(r.net_per_hand_vs_all)]
        for r in ratings.itertuples()
    ]
    tables = [Table("Ratings", ["agent", "BT rating (Elo scale)", "± 95%", "net/hand vs all"], rows)]
    figures = [
        plots.crosstable_heatmap(cross, config.get("specs")),
        plots.ratings_chart(
            ratings, "bt_rating", "bt_half", "BT ratings, Elo scale (95% interval)", "BT rating (Elo scale)"
        ),
    ]
    if "openskill_mu" in ratings:
        ratings = ratings.assign(os_half=z * ratings["openskill_sigma"])
        figures.append(
            plots.ratings_chart(
                ratings, "openskill_mu", "os_half", "OpenSkill ratings from full tables (μ, 95% interval)", "μ"
            )
        )
    cross_rows = [
        [str(r.a), str(r.b), value_text(r.net_per_hand), interval_text(r.ci95_low, r.ci95_high), str(r.verdict)]
        for r in cross.itertuples()
    ]
    tables.append(Table("Crosstable", ["spec", "against", "net/hand", "95% CI", "verdict"], cross_rows))
    facts = [
        ("specs", ", ".join(map(str, config.get("specs", [])))),
        ("players", str(config.get("players", "?"))),
        ("hands", f"{meta.get('hands', 0):,}" if isinstance(meta.get("hands"), int) else "?"),
        ("seed", str(config.get("seed"))),
    ]
    return Report(f"League {out.name}", "league", str(out), facts, [Section("League", tables, figures)])


def study_report(directory) -> Report:
    """The report of the tune study in ``directory`` (``study.db``, read-only check first,
    ``sniper.arena.tune.holds_study``): the best trials, optuna's history and importances, strength against
    decision time. ``ValueError`` when it holds no sniper study."""
    import optuna

    from sniper.arena.tune import STUDY_DB, STUDY_NAME, holds_study, trial_rows

    directory = Path(directory)
    path = directory / STUDY_DB
    if not holds_study(path):
        raise ValueError(f"{path} is not a sniper tune study (no optuna study named {STUDY_NAME!r})")
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    study = optuna.load_study(study_name=STUDY_NAME, storage=f"sqlite:///{path}")
    rows = trial_rows(study)
    identity = study.user_attrs.get("identity") or {}
    budget = identity.get("time_budget_us") if isinstance(identity, dict) else None
    ranked = sorted(rows, key=lambda r: -(r["value"] if r["value"] is not None else -math.inf))
    cells = []
    for r in ranked[:10]:
        low, high = (plots._number(v) for v in (r["ci95"] or (None, None)))
        state = "pruned" if r["pruned"] else "" if r["feasible"] else "over budget"
        us = plots._number(r["decision_us"])
        cells.append(
            [str(r["number"]), value_text(plots._number(r["value"])), interval_text(low, high), state]
            + [value_text(us, ".2f"), f"{r['hands']:,}", str(r["spec"])]
        )
    columns = ["#", "net/hand", "95% CI", "state", "µs/decision", "hands", "spec"]
    figures = [plots.study_history(study)]
    if len([r for r in rows if r["value"] is not None]) >= 2:
        try:
            figures.append(plots.study_importances(study))
        except ValueError:
            pass
    figures.append(plots.strength_vs_time(rows, budget))
    table = Table(f"Best trials of {len(rows)} finished", columns, cells)
    facts = [
        ("spec", str(identity.get("spec", "?"))),
        ("against", str(identity.get("against", "?"))),
        ("parameters", str(identity.get("params", "?"))),
        ("seed", str(identity.get("seed", "?"))),
    ]
    return Report(f"Tune study {directory.name}", "study", str(directory), facts, [Section("Study", [table], figures)])


# ----- the page ---------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1rem 0; }
figure img { max-width: 100%; height: auto; }
figcaption, .note { color: #555; font-size: 0.9rem; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.1rem 1rem; }
dt { font-weight: bold; }
"""


def png_data(figure, dpi: int = 100) -> str:
    """``figure`` as a PNG data URI (``data:image/png;base64,…``) at ``dpi`` dots per inch."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _table_html(table: Table) -> str:
    e = html.escape
    head = "".join(f"<th>{e(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    note = f'<p class="note">{e(table.note)}</p>' if table.note else ""
    caption = f"<caption>{e(table.caption)}</caption>"
    return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}"


def to_html(report: Report, progress: Callable[[str], None] | None = None) -> str:
    """The page of ``report``: HTML5, one file, every figure a base64 PNG ``<img>`` with its title as
    ``alt`` and caption, every text from the data escaped."""
    e = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(report.title)}</title><style>{STYLE}</style></head>",
        "<body>",
        f"<h1>{e(report.title)}</h1>",
        f'<p class="note">sniper {e(__version__)} report of the {e(report.kind)} <code>{e(report.source)}</code>'
        f"; intervals are {LEVEL:.0%} confidence intervals, n/a where none can be computed.</p>",
        "<dl>" + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in report.facts) + "</dl>",
    ]
    total = len(report.figures)
    done = 0
    for section in report.sections:
        parts.append(f"<section><h2>{e(section.heading)}</h2>")
        parts.extend(_table_html(t) for t in section.tables)
        for figure in section.figures:
            done += 1
            _say(progress, f"figure {done}/{total}")
            title = plots.figure_title(figure)
            parts.append(
                f'<figure><img src="{png_data(figure)}" alt="{e(title)}"><figcaption>{e(title)}</figcaption></figure>'
            )
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def default_out(path) -> Path:
    """Where ``sniper report PATH`` writes without ``--out``: ``PATH/report.html`` for a directory, else
    beside the file with the suffix ``.html``."""
    path = Path(path)
    return path / "report.html" if path.is_dir() else path.with_suffix(".html")


def write_report(path, out=None, progress: Callable[[str], None] | None = None) -> Path:
    """Build the report of ``path`` (``load``) and write its page to ``out`` (default ``default_out``),
    to a temporary file then renamed; returns ``out``. Raises what ``load`` raises, ``ValueError`` when
    ``out`` is a directory, ``OSError`` when it cannot be written."""
    from sniper.runs.runner import write_atomic

    target = Path(out) if out is not None else default_out(path)
    if target.is_dir():
        raise ValueError(f"--out {target} is a directory; give a file name, e.g. {target / 'report.html'}")
    report = load(path, progress)
    page = to_html(report, progress)
    write_atomic(target, lambda tmp: tmp.write_text(page, encoding="utf-8"))
    return target
