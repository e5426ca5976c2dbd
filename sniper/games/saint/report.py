"""Saint Poker's own panels of a run's report (its ``GameSpec.report_panels``, ``sniper report``): the per-agent
summary of ``sniper summary`` in rounds and points (``sniper.games.saint.summary``), points per round by round
number (S5: round ``r`` scores ``r``, ties share it rounded up), the share of rounds and of games won by seat (S5,
S8) and how often a winning hand used the river only (S4: the two cards revealed add nothing to the river).

``SaintPanels`` is given the run a part at a time (``sniper.core.panels.RunPanels``) by
``sniper.report.build.run_report``, which draws the base panels (in rounds and point differences) around it; every
number is summed per (group, game) cell (``sniper.core.panels.Estimates``), so memory is the cells, not the run, and
every interval is a 95% CI with games as the independent units.

>>> from sniper.core.panels import Part, game_codes, hand_ids
>>> data = {"game": np.zeros(4, np.int64), "hand": np.array([7, 7, 7, 7]), "seat": np.array([0, 1, 0, 1]),
...     "agent": np.array([0, 1, 0, 1]), "points": np.array([8, 0, 8, 0]),
...     "stack_after": np.array([20, 9, 20, 9]), "river_only": np.array([True, False, True, False])}
>>> data["game"][2:] = 1
>>> panels = SaintPanels({})
>>> panels.add(Part(data, game_codes(data["game"]), hand_ids(data["game"], data["hand"])[0], 2, ["easy", "random"]))
>>> panels.games_won.frame(["easy", "random"])[["series", "group", "estimate"]].to_dict("records")
[{'series': 'easy', 'group': 'seat 0', 'estimate': 1.0}, {'series': 'random', 'group': 'seat 1', 'estimate': 0.0}]
"""

import numpy as np
import pandas as pd

from sniper.core import plots
from sniper.core.panels import Estimates, Part, Read, Section, Table
from sniper.core.stats import interval_text, value_text
from sniper.games.saint.rules import ROUNDS, SEATS
from sniper.games.saint.summary import LEGEND, summarize_run

PANEL_COLUMNS = ("points", "river_only")
"""The hands-table columns the panels read beyond ``sniper.core.tables.HAND_COLUMNS``."""
ROUND_NAMES = [f"round {number}" for number in range(1, ROUNDS + 1)]
"""The groups of the by-round panels: the round numbers 1–8 (S8), the hands table's ``hand`` + 1."""
SEAT_NAMES = [f"seat {seat}" for seat in range(max(SEATS))]
"""The groups of the by-seat panels (S1: at most 5 seats)."""
WINNERS = ["winning hands"]
"""The one series of the river-only panel: every hand that scored, whoever held it."""


def summary_table(summary: pd.DataFrame) -> Table:
    """Saint Poker's per-agent summary (``sniper.games.saint.summary.summarize_run``'s frame: ``agent``, ``hands``
    (rounds), ``net_per_hand`` and its CI (point difference per round), ``points_per_round``, ``rounds_won``,
    ``river_only``, ``games_won``) as a page table, with ``sniper summary``'s legend as its note."""
    rows = [
        [str(r.agent), f"{r.hands:,}", value_text(r.net_per_hand), interval_text(r.ci95_low, r.ci95_high)]
        + [f"{r.points_per_round:.3f}", f"{r.rounds_won:,}", f"{r.river_only:,}", f"{r.games_won:,}"]
        for r in summary.itertuples()
    ]
    columns = ["agent", *LEGEND]
    columns.insert(3, "95% CI")
    note = "; ".join(f"{name}: {meaning}" for name, meaning in LEGEND.items())
    note += "; games are the independent units of the intervals."
    return Table("Per agent: point difference per round, 95% confidence interval", columns, rows, note)


def games_won_alone(hand_id: np.ndarray, n_hands: int, stack_after: np.ndarray, last: np.ndarray) -> np.ndarray:
    """Bool array (rows,): whether each row is a game's last round (``last``, bool (rows,)) and its seat has the
    most points after it, alone (S8: a tie for first wins for nobody). ``hand_id``: int array (rows,) of the
    rows' rounds, 0..``n_hands``-1 (``sniper.core.panels.hand_ids``); ``stack_after``: the points so far (int
    array (rows,))."""
    points = np.where(last, stack_after, -1).astype(np.int64)
    best = np.full(n_hands, -1, dtype=np.int64)
    np.maximum.at(best, hand_id, points)
    top = last & (points == best[hand_id])
    return top & (np.bincount(hand_id, weights=top, minlength=n_hands)[hand_id] == 1)


class SaintPanels:
    """Saint Poker's panels (``sniper.core.panels.RunPanels``) of a run, its manifest ``manifest`` (unused: every
    panel reads the hands table): its summary (``summary_table``), points per round by round number and agent,
    the share of rounds won (scored in, S5) and of games won (S8) by seat and agent, and the share of winning
    hands that used the river only by round number."""

    columns = PANEL_COLUMNS

    def __init__(self, manifest: dict) -> None:
        self.by_round = Estimates(ROUND_NAMES)
        self.rounds_won, self.games_won = Estimates(SEAT_NAMES), Estimates(SEAT_NAMES)
        self.river_only = Estimates(ROUND_NAMES)
        self.agents: list[str] = []

    def add(self, part: Part) -> None:
        """Add a part of the run (``sniper.core.panels.Part``, with ``PANEL_COLUMNS``)."""
        data, games, agent = part.data, part.games, part.data["agent"]
        self.agents = part.agents
        number, seat = data["hand"].astype(np.int64), data["seat"].astype(np.int64)
        points, every = data["points"].astype(np.float64), np.ones(len(agent), dtype=bool)
        won = points > 0
        self.by_round.add(agent, number, every, games, points)
        self.rounds_won.add(agent, seat, every, games, won.astype(np.float64))
        last = number == ROUNDS - 1
        alone = games_won_alone(part.hand_id, part.n_hands, data["stack_after"], last)
        self.games_won.add(agent, seat, last, games, alone.astype(np.float64))
        self.river_only.add(np.zeros(len(agent), np.int64), number, won, games, data["river_only"].astype(np.float64))

    def summary(self, agents: list[str], read: Read) -> tuple[pd.DataFrame, Table]:
        """``sniper.games.saint.summary.summarize_run`` of the whole run (``read``) and its table."""
        frame = summarize_run(read)
        return frame, summary_table(frame)

    def sections(self) -> list[Section]:
        """The panels' sections, their figures drawn (``sniper.core.plots.grouped``)."""
        names = self.agents
        rounds = plots.grouped(
            self.by_round.frame(names), "Points per round by round number (S5, 95% CI)", "points per round", None, False
        )
        seats = [
            plots.grouped(
                self.rounds_won.frame(names), "Rounds won by seat (95% CI)", "share of rounds scored in", None, False
            ),  # fmt: skip
            plots.grouped(
                self.games_won.frame(names), "Games won by seat (S8, 95% CI)", "share of games won alone", None, False
            ),  # fmt: skip
        ]
        river = plots.grouped(
            self.river_only.frame(WINNERS),
            "Winning hands made by the river alone, by round (95% CI)",
            "share of winning hands whose pair added nothing",
            None,
            False,
        )
        return [
            Section("Saint Poker: points by round (S5)", figures=[rounds, river]),
            Section("Saint Poker: who wins, by seat (S5, S8)", figures=seats),
        ]
