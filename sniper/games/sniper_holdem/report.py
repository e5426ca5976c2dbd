"""Sniper Hold'em's own panels of a run's report (its ``GameSpec.report_panels``): the per-agent summary of
``sniper summary`` (showdowns, snipes), net chips by position and by showdown hand category, the sniped rate
by category and the snipe hit rate by heuristic and place in the snipe order (R3, R7, R8).

``SniperPanels`` is given the run a part at a time (``sniper.core.panels.RunPanels``) by
``sniper.report.build.run_report``, which draws the base panels every game has around it; every number is
summed per (group, game) cell (``sniper.core.panels.Estimates``), so memory is the cells, not the run.
"""

import numpy as np
import pandas as pd

from sniper.core import plots
from sniper.core.panels import POSITIONS, Cells, Estimates, Part, Read, Section, Table, positions
from sniper.core.stats import interval_text, value_text
from sniper.games.sniper_holdem.hands import CATEGORY_NAMES
from sniper.games.sniper_holdem.summary import SUMMARY_COLUMNS, _held_codes, _hits, summarize

PANEL_COLUMNS = tuple(dict.fromkeys((*SUMMARY_COLUMNS, "first_seat", "sniped")))
"""The hands-table columns the panels read (``SniperPanels.columns`` adds those beyond ``HAND_COLUMNS``)."""


def snipe_hit_rows(hand_id, seat, snipe, showdown, category, top) -> np.ndarray:
    """Bool array: whether each row's snipe named another showdown hand of its hand (R8), for int
    ``hand_id`` codes (``sniper.core.panels.hand_ids``); ``sniper.games.sniper_holdem.summary.snipe_hits``
    without its re-coding of the keys. Rows grouped by hand (part order) in one pass
    (``kernels.report.snipe_hits_nb``), others by ``sniper.games.sniper_holdem.summary._hits`` (sorted keys)."""
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


class Summary:
    """The per-agent summary of a run (``sniper.games.sniper_holdem.summary.summarize``, the same numbers), a part
    at a time (``add``): ``summarize`` of each part, its counts summed over the parts, and the net chips per
    hand with its interval from the (agent, game) sums of the whole run (``Cells``: the estimator of
    ``summarize``). Exact only when no game is in two parts (games won are counted on a game's last
    hand): ``whole`` says so, else ``SniperPanels.summary`` summarises the whole run."""

    INTERVAL = ("net_per_hand", "ci95_low", "ci95_high")
    """The columns of ``summarize`` computed from the whole run's cells."""

    def __init__(self) -> None:
        self.cells, self.parts, self.last_game, self.whole = Cells(), [], None, True

    def add(self, data: dict, games: tuple[np.ndarray, np.ndarray]) -> None:
        """Add a part: its columns (numpy arrays, ``SUMMARY_COLUMNS``, ``agent`` int codes into the run's
        agents, which ``summarize`` takes as the agents' labels) and their ``game_codes``."""
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


class SniperPanels:
    """Sniper Hold'em's panels (``sniper.core.panels.RunPanels``) of the run whose manifest is ``manifest``: its
    summary (``Summary``), net chips per hand by position in the betting order (first / middle / last to act
    from the hand's first player, R3) and per showdown by hand category (R8), the share of showdown hands
    sniped by category, and the share of snipes that hit by the sniper's heuristic
    (``manifest["agent_parameters"]``, "snipes") and place in the snipe order (R7, R8)."""

    columns = PANEL_COLUMNS

    def __init__(self, manifest: dict) -> None:
        self.vectors = {v.get("spec"): v for v in manifest.get("agent_parameters", []) if isinstance(v, dict)}
        self.categories = [CATEGORY_NAMES[c] for c in sorted(CATEGORY_NAMES)]
        self.by_position, self.by_category = Estimates(list(POSITIONS)), Estimates(self.categories)
        self.sniped = Estimates(self.categories)
        self.hits = Estimates([f"{p} to snipe" for p in POSITIONS])
        self.run_summary = Summary()
        self.heuristics: list[str] = []
        self.kinds: list[str] = []
        self.agents: list[str] = []

    def add(self, part: Part) -> None:
        """Add a part of the run (``sniper.core.panels.Part``, with ``PANEL_COLUMNS``)."""
        data, games, hand_id = part.data, part.games, part.hand_id
        self.agents = part.agents
        new = part.agents[len(self.heuristics) :]
        self.heuristics += [str(self.vectors.get(agent, {}).get("snipes", "unknown")) for agent in new]
        dealt, net = data["dealt_in"], data["net"].astype(np.float64)
        showdown, category = data["showdown"], data["category"]
        seats = int(max(data["seat"].max(), data["first_seat"].max())) + 1  # any seats ≥ these: the same order
        self.run_summary.add(data, games)
        place = positions(hand_id, data["seat"], data["first_seat"], seats, dealt)
        self.by_position.add(data["agent"], place, dealt, games, net)
        self.by_category.add(data["agent"], category, dealt & showdown & (category >= 0), games, net)
        shown = showdown & (category >= 0)
        self.sniped.add(np.zeros(len(category), np.int8), category, shown, games, data["sniped"])
        hit = snipe_hit_rows(hand_id, data["seat"], data["snipe"], showdown, category, data["top"])
        order = positions(hand_id, data["seat"], data["first_seat"], seats, shown)
        self.kinds += [h for h in dict.fromkeys(self.heuristics) if h not in self.kinds]
        of_agent = np.array([self.kinds.index(h) for h in self.heuristics], dtype=np.int64)
        self.hits.add(of_agent[data["agent"]], order, (data["snipe"] >= 0) & dealt, games, hit)

    def summary(self, agents: list[str], read: Read) -> tuple[pd.DataFrame, Table]:
        """``summarize`` of the run (from the parts, or from ``read`` when a game is in two parts) and its table."""
        frame = self.run_summary.frame(agents) if self.run_summary.whole else summarize(read(SUMMARY_COLUMNS))
        return frame, summary_table(frame)

    def sections(self) -> list[Section]:
        """The panels' sections, their figures drawn."""
        names = self.agents
        where = [
            plots.net_by_position(self.by_position.frame(names), order=POSITIONS),
            plots.net_by_category(self.by_category.frame(names), order=reversed(self.categories)),
        ]
        snipes = [
            plots.sniped_by_category(self.sniped.frame(["all agents"]), order=reversed(self.categories)),
            plots.snipe_hits_by_heuristic(self.hits.frame(self.kinds)),
        ]
        return [
            Section("Where the chips come from", figures=where),
            Section("Sniper Hold'em: snipes (R7, R8)", figures=snipes),
        ]
